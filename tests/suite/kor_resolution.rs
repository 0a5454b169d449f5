//! KOR-Bench logic rule 4, the resolution algorithm
//! (`suites/korbench/kor_logic_04_resolution.puzzle`), re-run here on sets of
//! literals with code that shares nothing with the spec.
//!
//! For each item the formula is parsed back from the prompt's `S = …` line;
//! the algorithm runs as the rule's steps say (S0, S1, S2 as sets of clauses,
//! every complementary pair resolved, a resolvent added to S2 when neither S0
//! nor S1 holds it) and gives the output, the number of cycles, the size of
//! S2 after cycle 1 and |S0| + |S1| at the end, which must equal the gold.
//! Independently, the output must be `Plausible` exactly when a brute-force
//! truth table finds a satisfying assignment (resolution is sound and
//! refutation-complete). The spec promises that no resolvent holds a literal
//! and its complement, and that the format example is never the gold; both
//! are checked. 300 items per tier, both outputs on at least 30% of each.

use crate::common;

use std::collections::BTreeSet;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 300;

/// A literal: variable name and whether it is negated.
type Lit = (char, bool);
type Clause = BTreeSet<Lit>;

fn parse_cnf(text: &str) -> Vec<Clause> {
    text.split('∧')
        .map(|c| {
            c.trim_matches(|ch| ch == '(' || ch == ')')
                .split('∨')
                .map(|l| match l.strip_prefix('¬') {
                    Some(v) => (v.chars().next().expect("a variable"), true),
                    None => (l.chars().next().expect("a variable"), false),
                })
                .collect()
        })
        .collect()
}

/// Every dispel(C1, C2), one per complementary pair.
fn dispels(c1: &Clause, c2: &Clause) -> Vec<Clause> {
    c1.iter()
        .filter(|&&(v, n)| c2.contains(&(v, !n)))
        .map(|&(v, n)| {
            let mut c: Clause = c1.iter().filter(|&&l| l != (v, n)).copied().collect();
            c.extend(c2.iter().filter(|&&l| l != (v, !n)).copied());
            c
        })
        .collect()
}

fn tautology(c: &Clause) -> bool {
    c.iter().any(|&(v, n)| c.contains(&(v, !n)))
}

struct Run {
    plausible: bool,
    cycles: usize,
    first_s2: usize,
    known: usize,
}

fn resolution(s: &[Clause]) -> Run {
    let mut s0: BTreeSet<Clause> = BTreeSet::new();
    let mut s1: BTreeSet<Clause> = s.iter().cloned().collect();
    let mut first_s2 = None;
    for cycle in 1.. {
        let s1v: Vec<&Clause> = s1.iter().collect();
        let mut pairs: Vec<(&Clause, &Clause)> = Vec::new();
        for a in &s0 {
            for b in &s1v {
                pairs.push((a, b));
            }
        }
        for (i, a) in s1v.iter().enumerate() {
            for b in &s1v[i + 1..] {
                pairs.push((a, b));
            }
        }
        let mut s2: BTreeSet<Clause> = BTreeSet::new();
        for (a, b) in pairs {
            for c in dispels(a, b) {
                assert!(!tautology(&c), "no resolvent is a tautology");
                if c.is_empty() {
                    return Run {
                        plausible: false,
                        cycles: cycle,
                        first_s2: first_s2.unwrap_or(usize::MAX),
                        known: s0.len() + s1.len(),
                    };
                }
                if !s0.contains(&c) && !s1.contains(&c) {
                    s2.insert(c);
                }
            }
        }
        first_s2.get_or_insert(s2.len());
        if s2.is_empty() {
            return Run {
                plausible: true,
                cycles: cycle,
                first_s2: first_s2.unwrap_or(0),
                known: s0.len() + s1.len(),
            };
        }
        s0.extend(std::mem::take(&mut s1));
        s1 = s2;
    }
    unreachable!("the loop returns")
}

fn satisfiable(s: &[Clause], vars: &[char]) -> bool {
    (0..1u32 << vars.len()).any(|bits| {
        let value = |v: char| {
            let k = vars.iter().position(|&x| x == v).expect("a known variable");
            bits >> k & 1 == 1
        };
        s.iter().all(|c| c.iter().any(|&(v, n)| value(v) != n))
    })
}

#[test]
fn resolution_golds_follow_the_algorithm_and_the_truth_table() {
    let program =
        common::load(&common::root().join("suites/korbench/kor_logic_04_resolution.puzzle"));
    for tier in program.tier_names() {
        let mut plausible = 0;
        let mut cycles = BTreeSet::new();
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let line = r
                .question
                .lines()
                .find_map(|l| l.strip_prefix("S = "))
                .unwrap_or_else(|| panic!("{id}: the formula line"));
            let s = parse_cnf(line.trim_end_matches('.'));
            let n = r.instance["vars"].as_u64().expect("vars") as usize;
            let vars: Vec<char> = ['p', 'q', 'r', 's'][..n].to_vec();
            let distinct: BTreeSet<&Clause> = s.iter().collect();
            assert_eq!(distinct.len(), s.len(), "{id}: distinct clauses");
            let run = resolution(&s);
            assert_eq!(run.plausible, satisfiable(&s, &vars), "{id}: soundness");
            let gold = format!(
                "{};{};{};{}",
                if run.plausible {
                    "Plausible"
                } else {
                    "Implausible"
                },
                run.cycles,
                run.first_s2,
                run.known
            );
            assert_eq!(r.answer, gold, "{id}");
            assert!(run.cycles >= 2, "{id}: at least two cycles");
            plausible += usize::from(run.plausible);
            cycles.insert(run.cycles);
            assert!(
                r.question.contains("like this: [[")
                    && !r.question.contains(&format!("[[{gold}]]")),
                "{id}: the format example is not the gold"
            );
            assert!(
                r.question
                    .contains("each such pair gives its own C = dispel(C1, C2)"),
                "{id}: the convention for several complementary pairs is stated"
            );
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(
                judge(kind, &r.answer, &format!("So: [[{}]]", r.answer)).0,
                Verdict::Correct,
                "{id}"
            );
        }
        let share = plausible * 100 / ITEMS as usize;
        assert!((30..=70).contains(&share), "{tier}: {share}% Plausible");
        assert!(cycles.len() >= 2, "{tier}: cycle counts {cycles:?}");
    }
}

#[test]
fn resolution_runs_kor_bench_examples() {
    // KOR-Bench's own items: p∧(p∨q)∧(p∨¬q)∧(q∨¬r)∧(q∨r) is Plausible after
    // 2 cycles (S2 of cycle 1 = {p∨r, p∨¬r, q}); (p∨q)∧(p∨¬q)∧(¬p∨r) after 3.
    let a = resolution(&parse_cnf("p∧(p∨q)∧(p∨¬q)∧(q∨¬r)∧(q∨r)"));
    assert!(a.plausible);
    assert_eq!((a.cycles, a.first_s2, a.known), (2, 3, 8));
    let b = resolution(&parse_cnf("(p∨q)∧(p∨¬q)∧(¬p∨r)"));
    assert!(b.plausible);
    assert_eq!((b.cycles, b.first_s2), (3, 3));
    // Cycle 1 derives q and ¬p; cycle 2 resolves q with ¬q to 0.
    let c = resolution(&parse_cnf("p∧(¬p∨q)∧¬q"));
    assert!(!c.plausible);
    assert_eq!((c.cycles, c.first_s2, c.known), (2, 2, 5));
}
