//! The finite-domain engine (`puzzlec::fd`) answers exactly: on small
//! random models its verdicts agree with brute-force enumeration (with and
//! without a solution to avoid), its solutions satisfy every rule and
//! condition, on 4×4 Latin-square grids with boxes its uniqueness verdicts
//! agree with an independent backtracking count, and its first solution in
//! a given order of unknowns and values (what `sample solution`'s walk
//! picks) is the lexicographically first one enumeration finds. That records are
//! byte-identical whether it or the SAT backend answers is tested in
//! `identical_records`.

use crate::common;

use puzzlec::eval::sym::{Atom, BoolTerm, IntTerm};
use puzzlec::fd::{first, solve, Answer, Base, Propagation, Question};
use puzzlec::sat::CmpOp;

struct Rng(common::XorShift);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
    fn op(&mut self) -> CmpOp {
        CmpOp::ALL[self.below(CmpOp::ALL.len())]
    }
    /// Up to `k` different unknowns of `n`.
    fn vars(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut xs: Vec<usize> = Vec::new();
        for _ in 0..k {
            let x = self.below(n);
            if !xs.contains(&x) {
                xs.push(x);
            }
        }
        xs
    }
}

fn var(x: usize) -> IntTerm {
    IntTerm::var(x)
}

fn lin(parts: Vec<(i64, Atom)>, constant: i64) -> IntTerm {
    IntTerm {
        terms: parts,
        constant,
    }
}

/// `x = v` as a condition.
fn is(x: usize, v: i64) -> BoolTerm {
    BoolTerm::Cmp(lin(vec![(1, Atom::Var(x))], -v), CmpOp::Eq)
}

/// A random condition over `n` unknowns, of every shape the engine lowers.
fn condition(r: &mut Rng, n: usize, domains: &[Vec<i64>]) -> BoolTerm {
    match r.below(7) {
        0 => BoolTerm::AllDiff(r.vars(n, 4).into_iter().map(var).collect()),
        1 | 2 => {
            let parts = r
                .vars(n, 3)
                .into_iter()
                .map(|x| (r.int(-3, 3), Atom::Var(x)))
                .collect();
            BoolTerm::Cmp(lin(parts, r.int(-4, 4)), r.op())
        }
        3 => {
            // A count of conditions `x = v` / `x ≠ v`.
            let parts = r
                .vars(n, 4)
                .into_iter()
                .map(|x| {
                    let d = &domains[x];
                    let v = d[r.below(d.len())];
                    let op = if r.below(3) == 0 {
                        CmpOp::Ne
                    } else {
                        CmpOp::Eq
                    };
                    let b = BoolTerm::Cmp(lin(vec![(1, Atom::Var(x))], -v), op);
                    (r.int(-1, 2), Atom::Bool(std::rc::Rc::new(b)))
                })
                .collect();
            BoolTerm::Cmp(lin(parts, r.int(-2, 1)), r.op())
        }
        4 => BoolTerm::Or(vec![condition(r, n, domains), condition(r, n, domains)]),
        5 => BoolTerm::Not(Box::new(condition(r, n, domains))),
        _ => BoolTerm::AllDiff(
            r.vars(n, 3)
                .into_iter()
                .map(|x| lin(vec![(r.int(1, 2), Atom::Var(x))], r.int(-1, 1)))
                .collect(),
        ),
    }
}

/// A random model: 2 to 5 unknowns with small domains and up to 3 rules.
fn random_model(r: &mut Rng) -> (usize, Vec<Vec<i64>>, Vec<BoolTerm>) {
    let n = 2 + r.below(4);
    let domains: Vec<Vec<i64>> = (0..n)
        .map(|_| {
            let mut d: Vec<i64> = (0..1 + r.below(4)).map(|_| r.int(-2, 3)).collect();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let rules = (0..r.below(4)).map(|_| condition(r, n, &domains)).collect();
    (n, domains, rules)
}

/// Every assignment of the domains.
fn assignments(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for d in domains {
        out = out
            .into_iter()
            .flat_map(|a| {
                d.iter().map(move |&v| {
                    let mut b = a.clone();
                    b.push(v);
                    b
                })
            })
            .collect();
    }
    out
}

fn holds_all(terms: &[&BoolTerm], m: &[i64]) -> bool {
    terms.iter().all(|t| t.eval(m) == Some(true))
}

#[test]
fn what_propagation_implies_holds_in_every_solution() {
    let mut r = Rng(common::XorShift(0xfd00_0002));
    let (mut implied, mut open, mut only) = (0, 0, 0);
    for _ in 0..1500 {
        let (n, domains, rules) = random_model(&mut r);
        let base = Base::new(&domains, &rules).expect("small domains");
        let all = assignments(&domains);
        let clues: Vec<BoolTerm> = (0..1 + r.below(4))
            .map(|_| condition(&mut r, n, &domains))
            .collect();
        let asked: Vec<BoolTerm> = (0..4).map(|_| condition(&mut r, n, &domains)).collect();
        let mut p = Propagation::new(&base);
        for k in 0..=clues.len() {
            let terms: Vec<&BoolTerm> = rules.iter().chain(&clues[..k]).collect();
            let solutions: Vec<&Vec<i64>> = all.iter().filter(|m| holds_all(&terms, m)).collect();
            if solutions.is_empty() {
                // Propagation makes claims only about questions with a
                // solution (`reveal`'s clues are true of the hidden one).
                break;
            }
            for t in &asked {
                if p.entails(t) {
                    assert!(
                        solutions.iter().all(|m| t.eval(m) == Some(true)),
                        "{t:?} is not implied: {domains:?} {rules:?} {:?}",
                        &clues[..k]
                    );
                    implied += 1;
                } else {
                    open += 1;
                }
            }
            if p.all_fixed() {
                assert_eq!(
                    solutions.len(),
                    1,
                    "{domains:?} {rules:?} {:?}",
                    &clues[..k]
                );
                only += 1;
            }
            if let Some(c) = clues.get(k) {
                p.add(c);
            }
        }
    }
    assert!(
        implied > 1000 && open > 1000 && only > 100,
        "every answer is exercised: {implied} implied, {open} open, {only} only solutions"
    );
}

#[test]
fn verdicts_agree_with_brute_force() {
    let mut r = Rng(common::XorShift(0xfd00_0001));
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..1500 {
        let (n, domains, rules) = random_model(&mut r);
        let base = Base::new(&domains, &rules).expect("small domains");
        let all = assignments(&domains);
        for _ in 0..4 {
            let clues: Vec<BoolTerm> = (0..r.below(3))
                .map(|_| condition(&mut r, n, &domains))
                .collect();
            let avoid = (r.below(2) == 0).then(|| all[r.below(all.len())].clone());
            let terms: Vec<&BoolTerm> = rules.iter().chain(&clues).collect();
            let expected = all
                .iter()
                .any(|m| holds_all(&terms, m) && Some(m) != avoid.as_ref());
            let mut q = Question::new(&base);
            for c in &clues {
                q.condition(c);
            }
            if let Some(a) = &avoid {
                q.avoid(a);
            }
            match solve(q, 100_000) {
                Answer::Sat(m) => {
                    assert!(
                        expected,
                        "a solution where there is none: {rules:?} {clues:?}"
                    );
                    assert!(holds_all(&terms, &m), "the solution breaks a condition");
                    assert_ne!(Some(&m), avoid.as_ref(), "the solution is the one avoided");
                    sat += 1;
                }
                Answer::Unsat => {
                    assert!(
                        !expected,
                        "a solution missed: {domains:?} {rules:?} {clues:?} avoid {avoid:?}"
                    );
                    unsat += 1;
                }
                Answer::Unknown => panic!("a tiny model is beyond the engine"),
            }
        }
    }
    assert!(
        sat > 1000 && unsat > 1000,
        "both verdicts are exercised: {sat} SAT, {unsat} UNSAT"
    );
}

/// The rules of a 4×4 grid: rows, columns and 2×2 boxes all different.
fn grid_rules() -> Vec<BoolTerm> {
    let cell = |r: usize, c: usize| var(4 * r + c);
    let mut rules = Vec::new();
    for i in 0..4 {
        rules.push(BoolTerm::AllDiff((0..4).map(|c| cell(i, c)).collect()));
        rules.push(BoolTerm::AllDiff((0..4).map(|r| cell(r, i)).collect()));
        let (r0, c0) = (2 * (i / 2), 2 * (i % 2));
        rules.push(BoolTerm::AllDiff(
            (0..4).map(|k| cell(r0 + k / 2, c0 + k % 2)).collect(),
        ));
    }
    rules
}

/// Up to `limit` solutions of the grid with `clues` (cell, value), by plain
/// backtracking over cells in order (independent of the engine).
fn grid_solutions(clues: &[(usize, i64)], limit: usize) -> Vec<Vec<i64>> {
    fn ok(g: &[i64], i: usize) -> bool {
        let (r, c) = (i / 4, i % 4);
        (0..16).filter(|&j| j != i && g[j] != 0).all(|j| {
            let (s, t) = (j / 4, j % 4);
            let same = s == r || t == c || (s / 2 == r / 2 && t / 2 == c / 2);
            !same || g[j] != g[i]
        })
    }
    fn go(
        g: &mut Vec<i64>,
        i: usize,
        fixed: &[Option<i64>],
        out: &mut Vec<Vec<i64>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if i == 16 {
            out.push(g.clone());
            return;
        }
        let values: Vec<i64> = match fixed[i] {
            Some(v) => vec![v],
            None => (1..=4).collect(),
        };
        for v in values {
            g[i] = v;
            if ok(g, i) {
                go(g, i + 1, fixed, out, limit);
            }
            g[i] = 0;
        }
    }
    let mut fixed = vec![None; 16];
    for &(i, v) in clues {
        if fixed[i].is_some_and(|w| w != v) {
            return Vec::new();
        }
        fixed[i] = Some(v);
    }
    let mut out = Vec::new();
    go(&mut vec![0; 16], 0, &fixed, &mut out, limit);
    out
}

#[test]
fn grid_uniqueness_agrees_with_backtracking() {
    let mut r = Rng(common::XorShift(0xfd00_0002));
    let domains = vec![vec![1, 2, 3, 4]; 16];
    let rules = grid_rules();
    let base = Base::new(&domains, &rules).expect("small domains");
    let grids = grid_solutions(&[], 1000);
    assert_eq!(grids.len(), 288, "the 4×4 grids with boxes");
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for _ in 0..600 {
        // Cells of one grid, and now and then a clue that may contradict.
        let g = &grids[r.below(grids.len())];
        let mut clues: Vec<(usize, i64)> = (0..2 + r.below(8))
            .map(|_| r.below(16))
            .map(|i| (i, g[i]))
            .collect();
        if r.below(5) == 0 {
            clues.push((r.below(16), r.int(1, 4)));
        }
        let terms: Vec<BoolTerm> = clues.iter().map(|&(i, v)| is(i, v)).collect();
        let found = grid_solutions(&clues, 2);
        let mut q = Question::new(&base);
        for t in &terms {
            q.condition(t);
        }
        let Some(first) = found.first() else {
            assert_eq!(solve(q, 100_000), Answer::Unsat, "clues {clues:?}");
            none += 1;
            continue;
        };
        q.avoid(first);
        match solve(q, 100_000) {
            Answer::Unsat => {
                assert_eq!(found.len(), 1, "unique where it is not: clues {clues:?}");
                unique += 1;
            }
            Answer::Sat(m) => {
                assert_eq!(found.len(), 2, "a second solution that is none: {clues:?}");
                assert!(grid_solutions(&clues, 1000).contains(&m));
                several += 1;
            }
            Answer::Unknown => panic!("a 4×4 grid is beyond the engine"),
        }
    }
    assert!(
        unique > 30 && several > 100 && none > 30,
        "{unique} unique, {several} with several solutions, {none} without"
    );
}

/// A random order of `0..n`.
fn shuffled(r: &mut Rng, n: usize) -> Vec<usize> {
    let mut xs: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        xs.swap(i, r.below(i + 1));
    }
    xs
}

#[test]
fn first_solution_in_order_agrees_with_enumeration() {
    let mut r = Rng(common::XorShift(0xfd00_0002));
    let (mut found, mut none) = (0, 0);
    for _ in 0..1500 {
        let (n, domains, rules) = random_model(&mut r);
        let base = Base::new(&domains, &rules).expect("small domains");
        let clues: Vec<BoolTerm> = (0..r.below(3))
            .map(|_| condition(&mut r, n, &domains))
            .collect();
        let order = shuffled(&mut r, n);
        let prefs: Vec<Vec<i64>> = order
            .iter()
            .map(|&x| {
                let d = &domains[x];
                shuffled(&mut r, d.len())
                    .into_iter()
                    .map(|i| d[i])
                    .collect()
            })
            .collect();
        // The rank of each unknown's value in its own order, in walk order.
        let key = |m: &[i64]| -> Vec<usize> {
            order
                .iter()
                .zip(&prefs)
                .map(|(&x, p)| p.iter().position(|&v| v == m[x]).expect("a domain value"))
                .collect()
        };
        let terms: Vec<&BoolTerm> = rules.iter().chain(&clues).collect();
        let expected = assignments(&domains)
            .into_iter()
            .filter(|m| holds_all(&terms, m))
            .min_by_key(|m| key(m));
        let mut q = Question::new(&base);
        for c in &clues {
            q.condition(c);
        }
        match (first(q, &order, &prefs, 100_000), expected) {
            (Answer::Sat(m), Some(e)) => {
                assert_eq!(
                    m, e,
                    "not the first solution: {rules:?} {clues:?} {order:?} {prefs:?}"
                );
                found += 1;
            }
            (Answer::Unsat, None) => none += 1,
            (got, e) => panic!("{got:?} where enumeration finds {e:?}: {rules:?} {clues:?}"),
        }
    }
    assert!(
        found > 500 && none > 300,
        "both outcomes are exercised: {found} found, {none} without solution"
    );
}
