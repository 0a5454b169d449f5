//! `sample solution prefer F`: each unknown's value order is drawn by the
//! weights `F(value)`, so the hidden solution leans toward heavy values;
//! values of weight 0 are taken only when nothing else fits; a negative
//! weight is an error; the sample is still a solution of the rules.

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;

fn program(name: &str, text: &str) -> Program {
    let source = SourceFile::new(format!("{name}.puzzle"), text.to_string());
    compile(&source).unwrap_or_else(|e| panic!("{name}:\n{}", render_plain(&e.diagnostics(), 100)))
}

/// Ten digits 1–9, all different from their neighbour, sampled with `prefer`.
fn spec(prefer: &str) -> String {
    format!(
        r#"
puzzle leaning
title en "Leaning" ko "치우침"
family direct
lever n: int in 1..=9
tier easy {{ n = 1 }}
find x[i in 0..10] : 1..=9
rule apart for i in 0..9: x[i] != x[i + 1]
generate {{
  let s = sample solution {prefer}
}}
answer digits = s.x
template en "Digits?"
template ko "숫자는?"
"#
    )
}

fn digits(p: &Program, items: u64) -> Vec<Vec<u32>> {
    (0..items)
        .map(|i| {
            let item = generate(p, "easy", i, 1).expect("generates");
            item.answer.split(' ').map(|d| d.parse().unwrap()).collect()
        })
        .collect()
}

fn share(all: &[Vec<u32>], keep: impl Fn(u32) -> bool) -> f64 {
    let n = all.iter().map(Vec::len).sum::<usize>();
    let k = all.iter().flatten().filter(|&&d| keep(d)).count();
    k as f64 / n as f64
}

#[test]
fn heavy_values_dominate_and_the_rules_still_hold() {
    let uniform = digits(&program("u", &spec("")), 100);
    let leaning = digits(
        &program("l", &spec("prefer |v| if v == 1 or v == 9 then 50 else 1")),
        100,
    );
    for line in uniform.iter().chain(&leaning) {
        assert!(line.windows(2).all(|w| w[0] != w[1]), "{line:?}");
    }
    let extreme = |d| d == 1 || d == 9;
    // Uniform: about 2/9 of the digits are 1 or 9. Leaning: far more (a
    // digit whose two neighbours already hold 1 and 9 cannot be either).
    assert!(
        share(&uniform, extreme) < 0.35,
        "{}",
        share(&uniform, extreme)
    );
    assert!(
        share(&leaning, extreme) > 0.7,
        "{}",
        share(&leaning, extreme)
    );
}

#[test]
fn zero_weights_are_taken_only_when_forced() {
    // Only 5 has weight, and neighbours must differ: a digit other than 5
    // was taken only because a neighbour already held 5 when it was visited.
    let p = program("z", &spec("prefer |v| if v == 5 then 1 else 0"));
    for line in digits(&p, 50) {
        for (i, &d) in line.iter().enumerate() {
            let beside_five = (i > 0 && line[i - 1] == 5) || line.get(i + 1) == Some(&5);
            assert!(d == 5 || beside_five, "{line:?} at {i}");
        }
    }
}

#[test]
fn a_negative_weight_is_an_error() {
    let p = program("n", &spec("prefer |v| 0 - v"));
    let err = generate(&p, "easy", 0, 1).unwrap_err().to_string();
    assert!(err.contains("weights must be 0 or more"), "{err}");
}

#[test]
fn prefer_takes_a_function() {
    let source = SourceFile::new("f.puzzle".to_string(), spec("prefer 3"));
    let err = compile(&source).unwrap_err();
    let text = render_plain(&err.diagnostics(), 100);
    assert!(text.contains("`prefer` takes a weight function"), "{text}");
}
