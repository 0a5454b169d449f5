//! Randomised brute-force comparisons: every reified constraint must have
//! exactly the brute-force number of satisfying assignments when asserted,
//! and exactly the complement when negated.

use crate::common;

use puzzlec::sat::{backend_variants, CmpOp, IntVar, LinExpr, Lit, Model};

/// The shared test generator, with the draws these tests need.
struct Rng(common::XorShift);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
    fn op(&mut self) -> CmpOp {
        CmpOp::ALL[self.below(6)]
    }
}

/// A random domain of distinct values in [-3, 4], size 1..=max.
fn domain(rng: &mut Rng, max: usize) -> Vec<i64> {
    let size = 1 + rng.below(max);
    let mut pool: Vec<i64> = (-3..=4).collect();
    let mut d = Vec::new();
    for _ in 0..size {
        let i = rng.below(pool.len());
        d.push(pool.swap_remove(i));
    }
    d.sort();
    d
}

fn domains(rng: &mut Rng, nvars: usize, max: usize) -> Vec<Vec<i64>> {
    (0..nvars).map(|_| domain(rng, max)).collect()
}

/// Every assignment of the given domains.
fn assignments(doms: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for d in doms {
        let mut next = Vec::new();
        for a in &out {
            for &v in d {
                let mut b = a.clone();
                b.push(v);
                next.push(b);
            }
        }
        out = next;
    }
    out
}

fn new_vars(m: &mut Model, doms: &[Vec<i64>]) -> Vec<IntVar> {
    doms.iter().map(|d| m.new_int(d).unwrap()).collect()
}

/// Check that `r` holds on exactly the assignments where `pred` holds:
/// compare solution counts under `r` and under `¬r` with brute force, and
/// check every enumerated solution against `pred`.
fn check_reified(
    m: &mut Model,
    xs: &[IntVar],
    doms: &[Vec<i64>],
    r: Lit,
    pred: impl Fn(&[i64]) -> bool,
    what: &str,
) {
    let all = assignments(doms);
    let want_true = all.iter().filter(|a| pred(a)).count();
    let want_false = all.len() - want_true;
    let sols_t = m.enumerate(&[r], xs, usize::MAX).unwrap();
    let sols_f = m.enumerate(&[!r], xs, usize::MAX).unwrap();
    for s in &sols_t {
        assert!(pred(s), "{what}: {s:?} reported true");
    }
    for s in &sols_f {
        assert!(!pred(s), "{what}: {s:?} reported false");
    }
    assert_eq!(sols_t.len(), want_true, "{what}: true count");
    assert_eq!(sols_f.len(), want_false, "{what}: false count");
}

const CASES: usize = 250;

#[test]
fn random_count_constraints() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x1234_5678_9abc_def1));
        for case in 0..CASES {
            let nvars = 3 + rng.below(3);
            let doms = domains(&mut rng, nvars, 3);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            // literals: x_i op c_i (random), possibly repeated; 2 to 12 of
            // them, more than the window the totalizer keeps around k
            let nl = 2 + rng.below(11);
            let mut specs = Vec::new();
            let mut lits = Vec::new();
            for _ in 0..nl {
                let i = rng.below(nvars);
                let op = rng.op();
                let c = rng.range(-3, 4);
                lits.push(m.cmp_const(xs[i], op, c).unwrap());
                specs.push((i, op, c));
            }
            let op = rng.op();
            let k = rng.range(-1, nl as i64 + 1);
            let r = m.count(&lits, op, k).unwrap();
            let what = format!("{name} case {case}: count {specs:?} {op:?} {k}");
            check_reified(
                &mut m,
                &xs,
                &doms,
                r,
                |a| {
                    let n = specs.iter().filter(|&&(i, o, c)| o.eval(a[i], c)).count();
                    op.eval(n as i64, k)
                },
                &what,
            );
        }
    }
}

#[test]
fn random_linear_constraints() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x0dd_ba11_cafe_f00d));
        for case in 0..CASES {
            let nvars = 3 + rng.below(3);
            let doms = domains(&mut rng, nvars, 4);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let mut e = LinExpr::new().plus(rng.range(-3, 3));
            for &x in &xs {
                if rng.below(5) > 0 {
                    e = e.term(rng.range(-3, 3), x);
                }
            }
            if rng.below(4) == 0 {
                // repeated variable
                e = e.term(rng.range(-2, 2), xs[0]);
            }
            let op = rng.op();
            let k = rng.range(-8, 8);
            let r = m.linear(&e, op, k).unwrap();
            let what = format!("{name} case {case}: {e:?} {op:?} {k}");
            let ev = |a: &[i64]| {
                e.eval(|x| Some(a[xs.iter().position(|&y| y == x).unwrap()]))
                    .unwrap()
            };
            check_reified(&mut m, &xs, &doms, r, |a| op.eval(ev(a), k), &what);
        }
    }
}

/// Sums of digits with a carry weighted ten, as in column arithmetic: the
/// additions clamp their windows hard here, where order sums leave out the
/// clauses a neighbour implies.
#[test]
fn random_linear_digit_columns() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x00c0_1a5c_d161_7500));
        for case in 0..25 {
            let mut doms: Vec<Vec<i64>> = (0..3)
                .map(|_| (0..=4 + rng.range(0, 2)).collect())
                .collect();
            doms.push((0..=2).collect());
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let mut e = LinExpr::new();
            for &x in &xs[..3] {
                e = e.term(if rng.below(4) == 0 { -1 } else { 1 }, x);
            }
            e = e.term(-10, xs[3]);
            let op = rng.op();
            let k = rng.range(-3, 4);
            let r = m.linear(&e, op, k).unwrap();
            let what = format!("{name} case {case}: {e:?} {op:?} {k}");
            let ev = |a: &[i64]| {
                e.eval(|x| Some(a[xs.iter().position(|&y| y == x).unwrap()]))
                    .unwrap()
            };
            check_reified(&mut m, &xs, &doms, r, |a| op.eval(ev(a), k), &what);
        }
    }
}

#[test]
fn random_linear_equal_to_var_and_cmp() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0xfeed_beef_1357_9bdf));
        for case in 0..CASES {
            let nvars = 3 + rng.below(2);
            let doms = domains(&mut rng, nvars, 4);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let op = rng.op();
            let what = format!("{name} case {case}");
            if case % 2 == 0 {
                // Σ c_i x_i (i < n-1) op x_{n-1}
                let mut e = LinExpr::new();
                for &x in &xs[..nvars - 1] {
                    e = e.term(rng.range(-2, 2), x);
                }
                let r = m.linear_var_cmp(&e, op, xs[nvars - 1]).unwrap();
                let coefs: Vec<i64> = e.terms.iter().map(|t| t.0).collect();
                check_reified(
                    &mut m,
                    &xs,
                    &doms,
                    r,
                    |a| {
                        let s: i64 = coefs.iter().zip(a).map(|(c, v)| c * v).sum();
                        op.eval(s, a[nvars - 1])
                    },
                    &format!("{what}: {coefs:?} {op:?} last"),
                );
            } else {
                // (x0 op x1) xor/and/or (x2 op2 x3 or const)
                let op2 = rng.op();
                let c = rng.range(-3, 4);
                let a1 = m.cmp(xs[0], op, xs[1]).unwrap();
                let a2 = m.cmp_const(xs[2], op2, c).unwrap();
                let kind = rng.below(3);
                let r = match kind {
                    0 => m.xor(a1, a2).unwrap(),
                    1 => m.and(&[a1, !a2]).unwrap(),
                    _ => m.implies(a1, a2).unwrap(),
                };
                check_reified(
                    &mut m,
                    &xs,
                    &doms,
                    r,
                    |a| {
                        let (p, q) = (op.eval(a[0], a[1]), op2.eval(a[2], c));
                        match kind {
                            0 => p != q,
                            1 => p && !q,
                            _ => !p || q,
                        }
                    },
                    &format!("{what}: x0 {op:?} x1 / x2 {op2:?} {c} kind {kind}"),
                );
            }
        }
    }
}

#[test]
fn random_large_domains_ladder() {
    // Domains of 11..=13 values, above `PAIRWISE_AMO_MAX`, use the ladder
    // at-most-one; compare x+y op z.
    const { assert!(11 > puzzlec::sat::cardinality::PAIRWISE_AMO_MAX) };
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0xabcdef));
        for case in 0..40 {
            let doms: Vec<Vec<i64>> = (0..3)
                .map(|_| {
                    let size = 11 + rng.below(3);
                    let mut pool: Vec<i64> = (-6..=8).collect();
                    let mut d = Vec::new();
                    for _ in 0..size {
                        let i = rng.below(pool.len());
                        d.push(pool.swap_remove(i));
                    }
                    d.sort();
                    d
                })
                .collect();
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let op = rng.op();
            let e = LinExpr::sum(&xs[..2]);
            let r = m.linear_var_cmp(&e, op, xs[2]).unwrap();
            check_reified(
                &mut m,
                &xs,
                &doms,
                r,
                |a| op.eval(a[0] + a[1], a[2]),
                &format!("{name} case {case}"),
            );
        }
    }
}

#[test]
fn random_alldiff() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x5eed));
        for case in 0..CASES {
            let nvars = 3 + rng.below(3);
            let doms = if case % 4 == 0 {
                // permutation case
                let d: Vec<i64> = (0..nvars as i64).collect();
                vec![d; nvars]
            } else {
                domains(&mut rng, nvars, 4)
            };
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            m.alldiff(&xs).unwrap();
            let want = assignments(&doms)
                .into_iter()
                .filter(|a| {
                    let mut b = a.clone();
                    b.sort();
                    b.dedup();
                    b.len() == a.len()
                })
                .count();
            let got = m.count_solutions(&[], &xs, usize::MAX).unwrap();
            assert_eq!(got, want, "{name} case {case}: {doms:?}");
        }
    }
}

#[test]
fn random_element() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0xe1e_e1e));
        for case in 0..CASES {
            let narr = 2 + rng.below(2);
            // index domain may include out-of-range values
            let idx_dom: Vec<i64> = {
                let mut d: Vec<i64> = (-1..=narr as i64).filter(|_| rng.below(3) > 0).collect();
                if d.is_empty() {
                    d.push(0);
                }
                d
            };
            let mut doms = vec![idx_dom];
            doms.extend(domains(&mut rng, narr + 1, 3));
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let (idx, arr, y) = (xs[0], &xs[1..=narr], xs[narr + 1]);
            let r = if case % 3 == 0 {
                let consts: Vec<i64> = (0..narr).map(|_| rng.range(-2, 2)).collect();
                let r = m.element_const(idx, &consts, y).unwrap();
                check_reified(
                    &mut m,
                    &xs,
                    &doms,
                    r,
                    |a| {
                        usize::try_from(a[0])
                            .ok()
                            .and_then(|i| consts.get(i))
                            .is_some_and(|&v| v == a[narr + 1])
                    },
                    &format!("{name} case {case} const {consts:?}"),
                );
                continue;
            } else {
                m.element(idx, arr, y).unwrap()
            };
            check_reified(
                &mut m,
                &xs,
                &doms,
                r,
                |a| {
                    usize::try_from(a[0])
                        .ok()
                        .filter(|&i| i < narr)
                        .is_some_and(|i| a[1 + i] == a[narr + 1])
                },
                &format!("{name} case {case} {doms:?}"),
            );
        }
    }
}

#[test]
fn random_table() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x7ab1e));
        for case in 0..CASES {
            let nvars = 3 + rng.below(2);
            let doms = domains(&mut rng, nvars, 3);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            let ntup = rng.below(6);
            let tuples: Vec<Vec<i64>> = (0..ntup)
                .map(|_| (0..nvars).map(|_| rng.range(-3, 4)).collect())
                .collect();
            let r = m.table(&xs, &tuples).unwrap();
            check_reified(
                &mut m,
                &xs,
                &doms,
                r,
                |a| tuples.iter().any(|t| t.as_slice() == a),
                &format!("{name} case {case} {tuples:?}"),
            );
        }
        let mut m = Model::new(ctor()).unwrap();
        let x = m.new_int(&[1, 2]).unwrap();
        assert!(m.table(&[x], &[vec![1, 2]]).is_err());
    }
}

#[test]
fn random_optimisation() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x0b71_3115 ^ u64_from_str()));
        for case in 0..CASES {
            let nvars = 3 + rng.below(3);
            let doms = domains(&mut rng, nvars, 4);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            // a random side constraint: Σ d_i x_i ≤ k
            let dcoef: Vec<i64> = (0..nvars).map(|_| rng.range(-2, 2)).collect();
            let k = rng.range(-4, 4);
            let mut side = LinExpr::new();
            for (i, &x) in xs.iter().enumerate() {
                side = side.term(dcoef[i], x);
            }
            let c = m.linear(&side, CmpOp::Le, k).unwrap();
            m.add(c).unwrap();
            let ocoef: Vec<i64> = (0..nvars).map(|_| rng.range(-3, 3)).collect();
            let mut obj = LinExpr::new().plus(rng.range(-2, 2));
            for (i, &x) in xs.iter().enumerate() {
                obj = obj.term(ocoef[i], x);
            }
            let dot = |c: &[i64], a: &[i64]| c.iter().zip(a).map(|(p, q)| p * q).sum::<i64>();
            let feasible: Vec<Vec<i64>> = assignments(&doms)
                .into_iter()
                .filter(|a| dot(&dcoef, a) <= k)
                .collect();
            let bmax = feasible.iter().map(|a| dot(&ocoef, a) + obj.constant).max();
            let bmin = feasible.iter().map(|a| dot(&ocoef, a) + obj.constant).min();
            let what = format!("{name} case {case}");
            let got = m.maximize(&obj, &[]).unwrap();
            assert_eq!(got, bmax, "{what} max");
            if let Some(best) = got {
                // the last model is an optimal solution
                let vals: Vec<i64> = xs.iter().map(|&x| m.value_of(x).unwrap()).collect();
                assert_eq!(dot(&ocoef, &vals) + obj.constant, best, "{what}");
                assert!(dot(&dcoef, &vals) <= k, "{what}");
            }
            assert_eq!(m.minimize(&obj, &[]).unwrap(), bmin, "{what} min");
            // under an assumption x0 = first domain value
            let v0 = doms[0][0];
            let a0 = m.eq_lit(xs[0], v0);
            let bmax0 = feasible
                .iter()
                .filter(|a| a[0] == v0)
                .map(|a| dot(&ocoef, a) + obj.constant)
                .max();
            assert_eq!(m.maximize(&obj, &[a0]).unwrap(), bmax0, "{what} max|x0");
        }
    }
}

/// Seed helper (keeps the literal readable).
const fn u64_from_str() -> u64 {
    0x9e37_79b9
}

#[test]
fn random_uniqueness() {
    for (name, ctor) in backend_variants() {
        let mut rng = Rng(common::XorShift(0x0123_4567));
        for case in 0..CASES {
            let nvars = 3 + rng.below(2);
            let doms = domains(&mut rng, nvars, 3);
            let mut m = Model::new(ctor()).unwrap();
            let xs = new_vars(&mut m, &doms);
            // constraint: Σ c_i x_i = k, tends to have few solutions
            let coef: Vec<i64> = (0..nvars).map(|_| rng.range(-3, 3)).collect();
            let k = rng.range(-5, 5);
            let mut e = LinExpr::new();
            for (i, &x) in xs.iter().enumerate() {
                e = e.term(coef[i], x);
            }
            let c = m.linear(&e, CmpOp::Eq, k).unwrap();
            m.add(c).unwrap();
            let all = assignments(&doms);
            let sols: Vec<&Vec<i64>> = all
                .iter()
                .filter(|a| coef.iter().zip(a.iter()).map(|(p, q)| p * q).sum::<i64>() == k)
                .collect();
            // candidate: a real solution when there is one, else random
            let sigma: Vec<i64> = if !sols.is_empty() && rng.below(4) > 0 {
                sols[rng.below(sols.len())].clone()
            } else {
                all[rng.below(all.len())].clone()
            };
            let want = sols.iter().all(|s| **s == sigma);
            let what = format!("{name} case {case}");
            assert_eq!(m.is_unique_under(&[], &xs, &sigma).unwrap(), want, "{what}");
            // with an assumption restricting x0
            let v0 = sigma[0];
            let a0 = m.cmp_const(xs[0], CmpOp::Eq, v0).unwrap();
            let want0 = sols.iter().filter(|s| s[0] == v0).all(|s| **s == sigma);
            assert_eq!(
                m.is_unique_under(&[a0], &xs, &sigma).unwrap(),
                want0,
                "{what}"
            );
            // blocking clauses were temporary
            let n = m.count_solutions(&[], &xs, usize::MAX).unwrap();
            assert_eq!(n, sols.len(), "{what}");
        }
        let mut m = Model::new(ctor()).unwrap();
        let x = m.new_int(&[1, 2]).unwrap();
        assert!(m.is_unique_under(&[], &[x], &[]).is_err());
    }
}
