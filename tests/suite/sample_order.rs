//! `sample solution in order`: the walk visits the unknowns in declaration
//! order instead of a drawn one. The first unknown visited gets its own drawn
//! first value whenever some solution has it, so with `a + b <= 1` the
//! declared order gives `(a, b) = (1, 0)` half the time and `(0, 1)` a
//! quarter, where a drawn order treats both alike (3/8 each). Solutions are
//! solutions either way, and `in order` combines with `prefer`.

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;

fn program(name: &str, how: &str) -> Program {
    let text = format!(
        r#"
puzzle ordered
title en "Ordered"
family script
languages en
lever n: int in 1..=9
tier easy {{ n = 1 }}
find a : 0..=1
find b : 0..=1
rule atmost: a + b <= 1
generate {{
  let s = sample solution {how}
}}
answer text = str(s.a) + str(s.b)
template en "Which?"
"#
    );
    let source = SourceFile::new(format!("{name}.puzzle"), text);
    compile(&source).unwrap_or_else(|e| panic!("{name}:\n{}", render_plain(&e.diagnostics(), 100)))
}

/// How many of `items` items gave `10` and `01`; every one is a solution.
fn counts(p: &Program, items: u64) -> (usize, usize) {
    let answers: Vec<String> = (0..items)
        .map(|i| generate(p, "easy", i, 1).expect("generates").answer)
        .collect();
    assert!(
        answers
            .iter()
            .all(|a| ["00", "10", "01"].contains(&a.as_str())),
        "{answers:?}"
    );
    let n = |s: &str| answers.iter().filter(|a| *a == s).count();
    (n("10"), n("01"))
}

#[test]
fn the_declared_order_settles_the_first_unknown_first() {
    let (ten, one) = counts(&program("declared", "in order"), 600);
    // Expected 300 and 150.
    assert!(
        ten > 240 && one < 200 && ten > 2 * one - 60,
        "10: {ten}, 01: {one}"
    );
}

#[test]
fn a_drawn_order_treats_both_unknowns_alike() {
    let (ten, one) = counts(&program("drawn", ""), 600);
    // Expected 225 each.
    let ratio = ten as f64 / one as f64;
    assert!((0.75..=1.33).contains(&ratio), "10: {ten}, 01: {one}");
}

#[test]
fn in_order_combines_with_prefer() {
    // 1 weighs 50 to 1 for both. In order, a is visited first and almost
    // always takes 1, forcing b = 0; in a drawn order whichever unknown
    // comes first takes 1, so 10 and 01 are about even.
    let prefer = "prefer |v| if v == 1 then 50 else 1";
    let (ten, one) = counts(&program("both", &format!("in order {prefer}")), 600);
    assert!(ten > 550 && one < 20, "in order: 10: {ten}, 01: {one}");
    let (ten, one) = counts(&program("drawn_prefer", prefer), 600);
    assert!(ten > 240 && one > 240, "drawn: 10: {ten}, 01: {one}");
}
