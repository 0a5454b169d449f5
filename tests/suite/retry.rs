//! `retry N { ... }`: a run of the block that rejects is undone (its
//! bindings, steps and clues) and the block runs again, up to N runs; the
//! bindings of the run that succeeds stay visible after the block.

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::{generate, GenError};
use puzzlec::source::SourceFile;

fn program(name: &str, text: &str) -> Program {
    let source = SourceFile::new(format!("{name}.puzzle"), text.to_string());
    compile(&source).unwrap_or_else(|e| panic!("{name}:\n{}", render_plain(&e.diagnostics(), 100)))
}

const STEPS: &str = r#"
puzzle retry_steps
title en "Retry" ko "재시도"
family direct
lever n: int in 1..=9
tier easy { n = 3 }
generate {
  retry 300 {
    let k = int in 0..=9
    step en "try {k}" ko "시도 {k}"
    require k == 7
  }
  let total = k + n
  step en "total {total}" ko "합 {total}"
}
answer int = total
template en "What is the total?"
template ko "합은 무엇입니까?"
"#;

#[test]
fn the_successful_run_alone_leaves_bindings_and_steps() {
    let p = program("retry_steps", STEPS);
    for index in 0..30 {
        let item = generate(&p, "easy", index, 1).expect("generates");
        assert_eq!(item.answer, "10");
        assert_eq!(item.attempts, 1, "the retries stay inside one attempt");
        assert_eq!(
            item.renders["en"].solution, "try 7\ntotal 10",
            "item {index}"
        );
    }
}

/// Three free booleans: one clue `x[j] == s.x[j]` never makes them unique,
/// but the clues of three different runs together would. So every attempt
/// must be rejected, whether the model exists before the block or is built
/// inside it.
fn never_unique(model_first: bool) -> String {
    let (before, inside) = if model_first {
        ("  let s = sample solution\n", "")
    } else {
        ("", "    clue x[2] == x[2]\n    let s = sample solution\n")
    };
    format!(
        r#"
puzzle retry_clues
title en "Retry" ko "재시도"
family direct
attempts 5
lever n: int in 1..=3
tier easy {{ n = 3 }}
find x[i in 0..3] : bool
generate {{
{before}  retry 60 {{
{inside}    let j = int in 0..n - 1
    clue x[j] == s.x[j]
    unique x[*]
  }}
}}
answer int = j
template en "Which?"
template ko "어느 것?"
"#
    )
}

#[test]
fn a_rejected_run_leaves_no_clues_behind() {
    for model_first in [true, false] {
        let p = program("retry_clues", &never_unique(model_first));
        for index in 0..5 {
            match generate(&p, "easy", index, 1) {
                Err(GenError::Budget { .. }) => {}
                Err(e) => panic!("model first {model_first}: unexpected error {e}"),
                Ok(item) => panic!(
                    "model first {model_first}: item {index} was accepted (answer {}), so clues of rejected runs leaked",
                    item.answer
                ),
            }
        }
    }
}

#[test]
fn a_block_that_always_rejects_rejects_the_attempt() {
    // Ten attempts of 300 runs stay inside the item's trace fuel (every run's
    // step line counts), so the attempt budget is what runs out.
    let text = STEPS
        .replace("require k == 7", "require k == 10")
        .replace("family direct", "family direct\nattempts 10");
    let p = program("retry_steps", &text);
    assert!(matches!(
        generate(&p, "easy", 0, 1),
        Err(GenError::Budget { .. })
    ));
}
