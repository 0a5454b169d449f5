//! `table` and `regular` (constraints over sequences): on random small
//! automata and tables, the solutions with the constraint asserted and
//! negated are exactly what enumeration written here finds, on every SAT
//! backend (`regular`'s encoding), and through whole specs (`sample
//! solution` rejects when nothing fits, `unique` when several do, and the
//! one fitting sequence is the gold); malformed automata and rows are
//! located errors.

use crate::common;

use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::sat::regular::Automaton;
use puzzlec::sat::{backend_variants, IntVar, Model};
use puzzlec::source::SourceFile;
use std::collections::{BTreeMap, BTreeSet};

/// A random partial automaton: states 0..4, symbols 0..3, start 0.
fn random_triples(rng: &mut common::XorShift) -> (Vec<(i64, i64, i64)>, Vec<i64>) {
    let mut triples = Vec::new();
    for from in 0..4 {
        for symbol in 0..3 {
            if rng.below(4) != 0 {
                triples.push((from, symbol, rng.below(4) as i64));
            }
        }
    }
    let accepting = (0..4).filter(|_| rng.below(2) == 0).collect();
    (triples, accepting)
}

/// Acceptance written apart from the library: follow the triples.
fn accepts(triples: &[(i64, i64, i64)], accepting: &[i64], word: &[i64]) -> bool {
    let mut state = 0;
    for &s in word {
        match triples.iter().find(|t| t.0 == state && t.1 == s) {
            Some(t) => state = t.2,
            None => return false,
        }
    }
    accepting.contains(&state)
}

/// Every word of `n` symbols over `0..d`.
fn words(n: usize, d: i64) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|w| {
                (0..d).map(move |v| {
                    let mut w = w.clone();
                    w.push(v);
                    w
                })
            })
            .collect();
    }
    out
}

#[test]
fn regular_solutions_match_enumeration_on_every_backend() {
    let mut rng = common::XorShift(0x0005_e90e_4ce5);
    for (name, ctor) in backend_variants() {
        for case in 0..40 {
            let (triples, accepting) = random_triples(&mut rng);
            let automaton =
                Automaton::new(0, accepting.iter().copied().collect(), &triples).unwrap();
            let n = rng.below(6);
            for holds in [true, false] {
                let mut model = Model::new(ctor()).unwrap();
                // Values 0..=3: the symbol 3 has no transition at all.
                let vars: Vec<IntVar> = (0..n)
                    .map(|_| model.new_int(&[0, 1, 2, 3]).unwrap())
                    .collect();
                let cells: Vec<BTreeMap<i64, _>> = vars
                    .iter()
                    .map(|&x| (0..3).map(|v| (v, model.eq_lit(x, v))).collect())
                    .collect();
                let r = model.regular(&cells, &automaton).unwrap();
                model.add(if holds { r } else { !r }).unwrap();
                let found: BTreeSet<Vec<i64>> = model
                    .enumerate(&[], &vars, 1 << 12)
                    .unwrap()
                    .into_iter()
                    .collect();
                let brute: BTreeSet<Vec<i64>> = words(n, 4)
                    .into_iter()
                    .filter(|w| accepts(&triples, &accepting, w) == holds)
                    .collect();
                assert_eq!(
                    found, brute,
                    "{name} case {case}: n={n} holds={holds} {triples:?}"
                );
            }
        }
    }
}

fn spec(n: usize, rule: &str) -> String {
    format!(
        r#"
puzzle sequence
title en "Sequence" ko "수열"
family direct
attempts 1
lever n: int in 1..=9
tier easy {{ n = {n} }}
find x[i in 0..n] : 0..=2
rule seq: {rule}
generate {{
  let s = sample solution
  unique x[*]
}}
answer digits = s.x
template en "Which digits?"
template ko "어떤 숫자입니까?"
"#
    )
}

/// What generating item 0 gives: `Some(gold)`, or `None` when rejected.
fn outcome(text: &str) -> Option<String> {
    let source = SourceFile::new("sequence.puzzle".to_string(), text.to_string());
    let program = compile(&source)
        .unwrap_or_else(|e| panic!("{}\n{text}", render_plain(&e.diagnostics(), 100)));
    generate(&program, "easy", 0, 1)
        .ok()
        .map(|item| item.answer)
}

/// The gold text of the only word, when exactly one fits.
fn expected(fitting: &[Vec<i64>]) -> Option<String> {
    match fitting {
        [one] => Some(one.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")),
        _ => None,
    }
}

#[test]
fn table_and_regular_in_specs_agree_with_enumeration() {
    let mut rng = common::XorShift(0x7ab1e);
    let (mut unique, mut other) = (0, 0);
    for case in 0..60 {
        let n = 2 + rng.below(2);
        let all = words(n, 3);
        // A table of 1–3 rows, asserted or negated.
        let rows: Vec<Vec<i64>> = (0..1 + rng.below(3))
            .map(|_| all[rng.below(all.len())].clone())
            .collect();
        let negate = rng.below(3) == 0;
        let text_rows: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "[{}]",
                    r.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                )
            })
            .collect();
        let cond = format!("table(x[*], [{}])", text_rows.join(", "));
        let rule = if negate {
            format!("not {cond} and x[0] == 1 and x[1] == 2")
        } else {
            cond
        };
        let fitting: Vec<Vec<i64>> = all
            .iter()
            .filter(|w| (rows.contains(w) != negate) && (!negate || (w[0] == 1 && w[1] == 2)))
            .cloned()
            .collect();
        let text = spec(n, &rule);
        assert_eq!(
            outcome(&text),
            expected(&fitting),
            "table case {case}:\n{text}"
        );
        // A random automaton over the symbols 0..3 (the unknowns take 0..=2).
        let (triples, accepting) = random_triples(&mut rng);
        let t: Vec<String> = triples
            .iter()
            .map(|(a, s, b)| format!("({a}, {s}, {b})"))
            .collect();
        let acc: Vec<String> = accepting.iter().map(i64::to_string).collect();
        let rule = format!("regular(x[*], [{}], 0, [{}])", t.join(", "), acc.join(", "));
        let fitting: Vec<Vec<i64>> = all
            .iter()
            .filter(|w| accepts(&triples, &accepting, w))
            .cloned()
            .collect();
        let text = spec(n, &rule);
        let got = outcome(&text);
        assert_eq!(got, expected(&fitting), "regular case {case}:\n{text}");
        if got.is_some() {
            unique += 1;
        } else {
            other += 1;
        }
    }
    assert!(
        unique >= 3 && other >= 3,
        "both outcomes met: {unique} unique, {other} not"
    );
}

fn error_of(rule: &str) -> String {
    let text = spec(3, rule);
    let source = SourceFile::new("sequence.puzzle".to_string(), text.clone());
    let program = compile(&source).expect("compiles");
    let err = generate(&program, "easy", 0, 1).expect_err("a malformed constraint");
    render_plain(&[&err as &dyn miette::Diagnostic], 100)
}

#[test]
fn malformed_automata_and_rows_are_located_errors() {
    let e = error_of("regular(x[*], [(0, 1, 1), (0, 1, 2)], 0, [1])");
    assert!(
        e.contains("goes to both 1 and 2") && e.contains("sequence.puzzle:"),
        "{e}"
    );
    let e = error_of("regular(x[*], [(0, 1)], 0, [1])");
    assert!(e.contains("each is (from, symbol, to)"), "{e}");
    let e = error_of("table(x[*], [[1, 2]])");
    assert!(
        e.contains("row 0 has 2 values, but the sequence has 3"),
        "{e}"
    );
}
