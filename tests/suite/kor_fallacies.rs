//! KOR-Bench logic rule 25, formal fallacy names
//! (`suites/korbench/kor_logic_25_formal_fallacies.puzzle`), re-derived from
//! the prompt's own argument lines by a separate pattern matcher.
//!
//! Each numbered argument is split into its premises and its conclusion and
//! tested against one form per method A-H, written here from the rule's
//! definitions: `If P, then Q. not-P. Therefore, not-Q.` (A), `… Q.
//! Therefore, P.` (B), `If P, then Q. Therefore, if Q, then P.` (C), `…
//! if not-P, then not-Q.` (D), `Either P or Q. Q. Therefore, not-P.` (E), the
//! swapped quantifiers (F), the converted `All`/`Some … not` (G), and `Some
//! S are P` to `Some S are not P` or back (H). Exactly one form must match
//! each argument, and the gold must list its letter; the format example is
//! never the gold. 300 items per tier; every method A-H occurs.

use crate::common;

use std::collections::BTreeSet;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 300;

/// `neg` is a negation of `pos`: the same statement with `not` or `no`.
fn negates(pos: &str, neg: &str) -> bool {
    let strip = |s: &str| -> Vec<String> {
        s.split(' ')
            .filter(|w| !["not", "does", "no"].contains(w))
            .map(|w| w.trim_end_matches('s').to_string())
            .collect()
    };
    let has_neg = |s: &str| s.split(' ').any(|w| w == "not" || w == "no");
    !has_neg(pos) && has_neg(neg) && strip(pos)[0].to_lowercase() == strip(neg)[0].to_lowercase()
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The (premises, conclusion) of an argument line.
fn split(arg: &str) -> (Vec<String>, String) {
    let (prem, concl) = arg.split_once(" Therefore, ").expect("a conclusion");
    let premises = prem
        .trim_end_matches('.')
        .split(". ")
        .map(str::to_string)
        .collect();
    (premises, concl.trim_end_matches('.').to_string())
}

fn conditional(s: &str) -> Option<(String, String)> {
    let rest = s.strip_prefix("If ").or_else(|| s.strip_prefix("if "))?;
    let (p, q) = rest.split_once(", then ")?;
    Some((p.to_string(), q.to_string()))
}

fn categorical(s: &str) -> Option<(&'static str, String, String)> {
    for (q, lead, mid) in [
        ("A", "All ", " are "),
        ("A", "all ", " are "),
        ("O", "Some ", " are not "),
        ("O", "some ", " are not "),
        ("I", "Some ", " are "),
        ("I", "some ", " are "),
    ] {
        if let Some(rest) = s.strip_prefix(lead) {
            if let Some((a, b)) = rest.split_once(mid) {
                if !b.contains(' ') && !a.contains(' ') {
                    return Some((q, a.to_string(), b.to_string()));
                }
            }
        }
    }
    None
}

/// The letters of every method whose form the argument has.
fn methods(arg: &str) -> Vec<char> {
    let (prem, concl) = split(arg);
    let mut out = Vec::new();
    if let Some((p, q)) = conditional(&prem[0]) {
        if prem.len() == 2 {
            let minor = lower_first(&prem[1]);
            if negates(&p, &minor) && negates(&q, &concl) {
                out.push('A');
            }
            if minor == lower_first(&q) && concl == p {
                out.push('B');
            }
        }
        if prem.len() == 1 {
            if let Some((x, y)) = conditional(&concl) {
                if x == q && y == p {
                    out.push('C');
                }
                if negates(&p, &x) && negates(&q, &y) {
                    out.push('D');
                }
            }
        }
    }
    if let Some(rest) = prem[0].strip_prefix("Either ") {
        let (p, q) = rest.split_once(" or ").expect("two sides");
        if prem.len() == 2 && lower_first(&prem[1]) == lower_first(q) && negates(p, &concl) {
            out.push('E');
        }
    }
    if let Some(rest) = prem[0].strip_prefix("For every one of the ") {
        // "X x there is one of the Y y such that x R y" → "there is one of
        // the Y y such that every one of the X x R y".
        let (xs, rest) = rest.split_once(" x there is one of the ").expect("∀∃");
        let (ys, rel) = rest.split_once(" y such that x ").expect("a relation");
        let swapped = format!("there is one of the {ys} y such that every one of the {xs} x {rel}");
        if concl == swapped && prem.len() == 1 {
            out.push('F');
        }
    }
    if let (Some((qa, s, t)), Some((qb, u, v))) = (categorical(&prem[0]), categorical(&concl)) {
        if prem.len() == 1 {
            if qa == qb && qa != "I" && s == v && t == u {
                out.push('G');
            }
            if s == u && t == v && ((qa == "I" && qb == "O") || (qa == "O" && qb == "I")) {
                out.push('H');
            }
        }
    }
    out
}

#[test]
fn fallacy_golds_are_the_one_matching_form() {
    let program =
        common::load(&common::root().join("suites/korbench/kor_logic_25_formal_fallacies.puzzle"));
    let mut seen = BTreeSet::new();
    for tier in program.tier_names() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let (_, asked) = r
                .question
                .split_once("### Question:")
                .expect("a question section");
            let lines: Vec<&str> = asked
                .lines()
                .filter_map(|l| {
                    let (n, rest) = l.split_once(". ")?;
                    n.parse::<usize>().ok().map(|_| rest)
                })
                .collect();
            assert!(lines.len() >= 3, "{id}: the arguments");
            let letters: Vec<String> = lines
                .iter()
                .map(|arg| {
                    let m = methods(arg);
                    assert_eq!(m.len(), 1, "{id}: exactly one form fits {arg:?}: {m:?}");
                    seen.insert(m[0]);
                    m[0].to_string()
                })
                .collect();
            assert_eq!(r.answer, letters.join(";"), "{id}");
            assert!(
                !r.question.contains(&format!("[[{}]]", r.answer)),
                "{id}: the format example is not the gold"
            );
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(
                judge(kind, &r.answer, &format!("[[{}]]", r.answer)).0,
                Verdict::Correct,
                "{id}"
            );
        }
    }
    assert_eq!(seen.len(), 8, "every method A-H occurs: {seen:?}");
}

#[test]
fn the_matcher_names_kor_bench_shaped_arguments() {
    assert_eq!(
        methods("If it rains, then the road is wet. The road is wet. Therefore, it rains."),
        vec!['B']
    );
    assert_eq!(
        methods("All billionaires are citizens. Therefore, all citizens are billionaires."),
        vec!['G']
    );
    assert_eq!(
        methods("Some students are doctors. Therefore, some students are not doctors."),
        vec!['H']
    );
}
