//! Proofs tied to the prompt: what a uniqueness proof assumes is what the
//! record states.
//!
//! `dig` over clues that are already in the model (the result of a
//! `reveal`, or clues stated with `clue`) takes those copies out of the model
//! before it digs, so the clues it keeps are the only copies and the gold is
//! unique given them alone. Before this, such a dig proved every candidate
//! redundant (its own copy stayed in the model) and kept none: the prompt
//! stated zero clues while the gold was called proven unique.
//!
//! The checker refuses a `dig` or `reveal` whose result never reaches the
//! prompt (the instance, the choices or a template), since the clues it
//! leaves in the model would then be assumed by the proof but stated nowhere.

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;
use serde_json::Value as J;

fn compiled(name: &str, text: &str) -> Result<Program, String> {
    let source = SourceFile::new(format!("{name}.puzzle"), text.to_string());
    compile(&source).map_err(|e| render_plain(&e.diagnostics(), 100))
}

/// A permutation of `1..=n` in `cell`: `reveal` shows cells until the
/// permutation is unique, then `dig` keeps a minimal subset of them.
const REVEAL_THEN_DIG: &str = r#"
puzzle reveal_then_dig
title en "Order" ko "순서"
family direct
lever n: int in 3..=7
tier easy { n = 6 }

find cell[i in 0..n] : 1..=n
rule distinct: alldiff([cell[i] for i in 0..n])

generate {
  let s = sample solution
  let shown = reveal [(i, cell[i] == s.cell[i]) for i in 0..n] until unique
  let kept = dig [(i, cell[i] == s.cell[i]) for i in shown] keep minimal
}

answer text = join([str(v) for v in s.cell], ",")
instance = { n: n, kept: [{ position: i, value: s.cell[i] } for i in kept] }
template en "Positions {join([str(i) for i in kept], ", ")} of a permutation of 1 to {n} are {join([str(s.cell[i]) for i in kept], ", ")}. What is the permutation?"
template ko "1부터 {n}까지의 순열에서 {join([str(i) for i in kept], ", ")}번째 값은 {join([str(s.cell[i]) for i in kept], ", ")}입니다. 순열은 무엇입니까?"
"#;

/// Every permutation of `1..=n`.
fn permutations(n: i64) -> Vec<Vec<i64>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n);
            out.push(q);
        }
    }
    out
}

/// The stated clues of a record's instance as (position, value) pairs.
fn stated(instance: &J) -> Vec<(usize, i64)> {
    instance["kept"]
        .as_array()
        .expect("kept is a list")
        .iter()
        .map(|c| {
            (
                c["position"].as_u64().expect("position") as usize,
                c["value"].as_i64().expect("value"),
            )
        })
        .collect()
}

#[test]
fn dig_after_reveal_keeps_the_clues_the_proof_needs() {
    let p = compiled("reveal_then_dig", REVEAL_THEN_DIG).expect("checks");
    let all = permutations(6);
    for index in 0..40 {
        let item = generate(&p, "easy", index, 1).expect("generates");
        let clues = stated(&item.instance);
        // Today's hole: the dig kept nothing, as every revealed clue stayed
        // in the model and so each looked redundant.
        assert!(!clues.is_empty(), "item {index} states no clue");
        let fits = |q: &Vec<i64>| clues.iter().all(|&(i, v)| q[i] == v);
        let solutions: Vec<&Vec<i64>> = all.iter().filter(|q| fits(q)).collect();
        assert_eq!(
            solutions.len(),
            1,
            "item {index}: the stated clues {clues:?} leave {} permutations",
            solutions.len()
        );
        let gold: Vec<i64> = item
            .answer
            .split(',')
            .map(|v| v.parse().expect("a number"))
            .collect();
        assert_eq!(solutions[0], &gold, "item {index}");
        // Minimal: without any one stated clue the permutation is not unique.
        for skip in 0..clues.len() {
            let rest = |q: &&Vec<i64>| {
                clues
                    .iter()
                    .enumerate()
                    .all(|(k, &(i, v))| k == skip || q[i] == v)
            };
            assert!(
                all.iter().filter(rest).count() > 1,
                "item {index}: clue {skip} of {clues:?} is redundant"
            );
        }
    }
}

#[test]
fn a_dig_whose_result_is_never_stated_is_refused() {
    let hidden = REVEAL_THEN_DIG
        .replace(
            "instance = { n: n, kept: [{ position: i, value: s.cell[i] } for i in kept] }",
            "instance = { n: n }",
        )
        .replace(
            "Positions {join([str(i) for i in kept], \", \")} of a permutation of 1 to {n} are {join([str(s.cell[i]) for i in kept], \", \")}.",
            "A permutation of 1 to {n}.",
        )
        .replace(
            "1부터 {n}까지의 순열에서 {join([str(i) for i in kept], \", \")}번째 값은 {join([str(s.cell[i]) for i in kept], \", \")}입니다.",
            "1부터 {n}까지의 순열입니다.",
        );
    assert!(!hidden.contains("in kept"), "the fixture edit applied");
    let err = compiled("reveal_then_dig", &hidden).expect_err("refused");
    assert!(
        err.contains("puzzlec::check::unstated_proof"),
        "a coded diagnostic:\n{err}"
    );
    assert!(
        err.contains("`kept`") && err.contains("prompt"),
        "names the binding and the prompt:\n{err}"
    );
}

#[test]
fn a_reveal_stated_only_through_a_later_binding_checks() {
    // `shown` reaches the prompt through `order`; the checker follows the
    // bindings of `generate`.
    let spec = REVEAL_THEN_DIG.replace(
        "  let kept = dig [(i, cell[i] == s.cell[i]) for i in shown] keep minimal\n",
        "  let order = sort(shown)\n  let kept = order\n",
    );
    assert!(
        spec.contains("let kept = order"),
        "the fixture edit applied"
    );
    compiled("reveal_then_dig", &spec).expect("checks");
}
