//! Rule 6 ranges (`suites/korbench/kor_operation_06_ranges.puzzle`): every
//! gold is recomputed by brute force. X runs over the half-integers of
//! [-200, 200]; the X that satisfy `(X § a) ∘ (b $ c) = v` (§ max, $ min,
//! sides as the instance says) must be one point, or every grid point on one
//! side of `a`, and the gold must name exactly that. The prompt states the
//! equation; the gold in the benchmark's `X≥8` spelling scores as correct
//! and the strict inequality as wrong.

use crate::common;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

/// Items per tier.
const ITEMS: u64 = 100;

fn pick(sym: &str, p: i64, q: i64) -> i64 {
    if sym == "§" {
        p.max(q)
    } else {
        p.min(q)
    }
}

#[test]
fn every_range_gold_is_recomputed() {
    let program =
        common::load(&common::root().join("suites/korbench/kor_operation_06_ranges.puzzle"));
    let mut seen = 0;
    let mut ranges = 0;
    for tier in program.tier_names() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let get = |k: &str| {
                r.instance[k]
                    .as_i64()
                    .unwrap_or_else(|| panic!("{id}: {k}"))
            };
            let text = |k: &str| {
                r.instance[k]
                    .as_str()
                    .unwrap_or_else(|| panic!("{id}: {k}"))
            };
            let (sym, op) = (text("sym"), text("op"));
            let x_left = r.instance["x_left"].as_bool().expect("x_left");
            let (a, b, c, v) = (get("a"), get("b"), get("c"), get("value"));
            let other = if sym == "§" { "$" } else { "§" };
            let term = if x_left {
                format!("(X {sym} {a})")
            } else {
                format!("({a} {sym} X)")
            };
            let eq = format!("If {term} {op} ({b} {other} {c}) = {v}, find X.");
            assert!(r.question.contains(&eq), "{id}: the prompt states {eq}");
            assert!(
                r.question.contains("operation § means select the larger"),
                "{id}"
            );
            let t = pick(other, b, c);
            // In halves, so that a point between integers would show.
            let holds = |h: i64| {
                let m2 = if sym == "§" {
                    h.max(2 * a)
                } else {
                    h.min(2 * a)
                };
                let lhs2 = match op {
                    "+" => m2 + 2 * t,
                    "-" => m2 - 2 * t,
                    "×" => m2 * t,
                    _ => panic!("{id}: operator {op}"),
                };
                lhs2 == 2 * v
            };
            let sol: Vec<i64> = (-400..=400).filter(|&h| holds(h)).collect();
            assert!(!sol.is_empty(), "{id}: some X works");
            let (lo, hi) = (sol[0], sol[sol.len() - 1]);
            assert_eq!(
                sol.len() as i64,
                hi - lo + 1,
                "{id}: the solutions are contiguous"
            );
            let want = if sol.len() == 1 {
                assert_eq!(lo % 2, 0, "{id}: an integer solution");
                format!("x={}", lo / 2)
            } else if lo == -400 {
                ranges += 1;
                format!("x≤{}", hi / 2)
            } else {
                assert_eq!(hi, 400, "{id}: a half-line");
                ranges += 1;
                format!("x≥{}", lo / 2)
            };
            assert_eq!(r.answer, want, "{id}");
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(kind, AnswerKind::Interval, "{id}");
            let benchmark = want.replacen('x', "X", 1);
            let ok = judge(kind, &r.answer, &format!("[[{benchmark}]]")).0;
            assert_eq!(ok, Verdict::Correct, "{id}");
            if want.contains('≤') {
                let strict = want.replace('≤', "<");
                assert_eq!(
                    judge(kind, &r.answer, &format!("[[{strict}]]")).0,
                    Verdict::Wrong,
                    "{id}"
                );
            }
            seen += 1;
        }
    }
    assert_eq!(seen, 300, "{seen} items");
    assert!(ranges > 60, "only {ranges} ranges");
}
