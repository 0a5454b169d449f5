use super::*;
use crate::eval::sym::IntTerm;
use crate::fd;
use crate::sat::default_backend;
use crate::sat::CmpOp;

/// A small deterministic generator (xorshift) for random models.
pub(super) struct Rng(pub(super) u64);
impl Rng {
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
    pub(super) fn below_u64(&mut self, n: u64) -> u64 {
        self.below(n as usize) as u64
    }
    fn shuffled<T: Clone>(&mut self, xs: &[T]) -> Vec<T> {
        let mut v = xs.to_vec();
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
        v
    }
}

/// Asserts `t` as a rule of `c`.
fn add_rule(c: &mut Constraints, t: BoolTerm) {
    c.assert(&t).unwrap();
    c.rule_terms.push(RuleTerm {
        name: "r".into(),
        at: String::new(),
        span: Span::default(),
        term: t,
    });
}

/// A model whose unknowns have these domains, in order, and no rule yet.
fn model_with(domains: impl IntoIterator<Item = Vec<i64>>) -> Constraints {
    let mut c = Constraints::empty(Model::new(default_backend()).unwrap());
    for d in domains {
        c.vars.push(c.model.new_int(&d).unwrap());
        c.domains.push(d);
    }
    c
}

/// `n` unknowns with domains `0..2 + below(extra)`, an all-different rule
/// over a random group of two or more of them, and a random sum of them
/// with coefficients -1, 0 or 1; with the unknowns in the shuffled order
/// the group was taken from.
fn random_distinct_model(
    rng: &mut Rng,
    n: usize,
    extra: usize,
) -> (Constraints, Vec<usize>, IntTerm) {
    let mut c = model_with((0..n).map(|_| (0..2 + rng.below(extra) as i64).collect()));
    let ids = rng.shuffled(&(0..n).collect::<Vec<_>>());
    let group: Vec<IntTerm> = ids[..2 + rng.below(n - 1)]
        .iter()
        .map(|&i| IntTerm::var(i))
        .collect();
    add_rule(&mut c, BoolTerm::AllDiff(group));
    let mut e = IntTerm::constant(0);
    for i in 0..n {
        e = e
            .add_scaled(&IntTerm::var(i), rng.below(3) as i64 - 1)
            .unwrap();
    }
    (c, ids, e)
}

/// The walk's definition, one solve per value tried.
fn naive_walk(c: &mut Constraints, order: &[usize], prefs: &[Vec<i64>]) -> Vec<i64> {
    let mut fixed = c.clues.clone();
    let mut out = vec![0; c.vars.len()];
    for (&id, pref) in order.iter().zip(prefs) {
        let v = *pref
            .iter()
            .find(|&&v| {
                let mut a = fixed.clone();
                a.push(c.model.eq_lit(c.vars[id], v));
                c.model.solve(&a).unwrap()
            })
            .expect("some value extends the model");
        out[id] = v;
        fixed.push(c.model.eq_lit(c.vars[id], v));
    }
    out
}

/// The walk picks exactly the values of its definition, on random
/// models with sums, all-different groups (some of whose members
/// appear nowhere else), unconstrained unknowns and clues; the models it
/// hands on satisfy the clues.
#[test]
fn walk_matches_its_definition() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for _ in 0..600 {
        let n = 4 + rng.below(6);
        let mut c = model_with((0..n).map(|_| (0..2 + rng.below(5) as i64).collect()));
        // Some unknowns stay out of every constraint, some are only in
        // an all-different group.
        let ids = rng.shuffled(&(0..n).collect::<Vec<_>>());
        let used: Vec<usize> = ids[..n / 2 + 1].to_vec();
        if rng.below(3) > 0 {
            let group: Vec<IntTerm> = ids[..n - 1].iter().map(|&i| IntTerm::var(i)).collect();
            add_rule(&mut c, BoolTerm::AllDiff(group));
        }
        for _ in 0..1 + rng.below(3) {
            let mut e = IntTerm::constant(0);
            for &i in &used {
                if rng.below(3) > 0 {
                    e = e
                        .add_scaled(&IntTerm::var(i), rng.below(5) as i64 - 2)
                        .unwrap();
                }
            }
            let op = [CmpOp::Eq, CmpOp::Le, CmpOp::Ge, CmpOp::Ne][rng.below(4)];
            let k = IntTerm::constant(rng.below(7) as i64 - 2);
            let t = BoolTerm::compare(&e, op, &k).unwrap();
            if rng.below(3) == 0 {
                let lit = c.lit(&t).unwrap();
                c.clues.push(lit);
                c.clue_terms.as_mut().unwrap().push(t);
            } else {
                add_rule(&mut c, t);
            }
        }
        if !c.model.solve(&c.clues.clone()).unwrap() {
            continue;
        }
        let order = rng.shuffled(&(0..n).collect::<Vec<_>>());
        let prefs: Vec<Vec<i64>> = order
            .iter()
            .map(|&id| rng.shuffled(&c.domains[id]))
            .collect();
        let got = c.walk(order.clone(), prefs.clone()).unwrap();
        for m in &c.known {
            let mut a = c.clues.clone();
            a.extend(c.vars.iter().zip(m).map(|(&x, &v)| c.model.eq_lit(x, v)));
            assert!(c.model.solve(&a).unwrap(), "a known model breaks the clues");
        }
        assert_eq!(got, naive_walk(&mut c, &order, &prefs));
        checked += 1;
    }
    assert!(checked > 200, "only {checked} satisfiable cases");
}

/// `plant solution` accepts an assignment exactly when the SAT model
/// (rules, clues, the assignment as assumptions) is satisfiable: the
/// check by evaluation agrees with the encoding, on random models with
/// sums, all-different groups and clues, for random assignments (some
/// outside a domain) and the walk's own solutions.
#[test]
fn plant_accepts_exactly_the_solutions() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let span = Span::default();
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..300 {
        let n = 3 + rng.below(4);
        let (mut c, _, e) = random_distinct_model(&mut rng, n, 3);
        c.finds.push(FindLayout {
            name: "x".into(),
            value: Value::list(
                (0..n)
                    .map(|i| Value::Sym(Rc::new(Sym::Int(IntTerm::var(i)))))
                    .collect(),
            ),
            ids: (0..n).collect(),
            labels: (0..n).map(|i| Value::Int(i as i64)).collect(),
            dims: Some(vec![n]),
        });
        let op = [CmpOp::Le, CmpOp::Ge, CmpOp::Ne][rng.below(3)];
        let t = BoolTerm::compare(&e, op, &IntTerm::constant(rng.below(3) as i64 - 1)).unwrap();
        let lit = c.lit(&t).unwrap();
        c.clues.push(lit);
        c.clue_terms.as_mut().unwrap().push(t);
        let mut candidates: Vec<Vec<i64>> = (0..12)
            .map(|_| (0..n).map(|_| rng.below(5) as i64 - 1).collect())
            .collect();
        if c.model.solve(&c.clues.clone()).unwrap() {
            let order = rng.shuffled(&(0..n).collect::<Vec<_>>());
            let prefs: Vec<Vec<i64>> = order
                .iter()
                .map(|&id| rng.shuffled(&c.domains[id]))
                .collect();
            candidates.push(c.walk(order, prefs).unwrap());
        }
        for m in candidates {
            let in_domains = m.iter().zip(&c.domains).all(|(v, d)| d.contains(v));
            let sat = in_domains && {
                let mut a = c.clues.clone();
                a.extend(c.vars.iter().zip(&m).map(|(&x, &v)| c.model.eq_lit(x, v)));
                c.model.solve(&a).unwrap()
            };
            let given = Value::Map(Rc::new(vec![(
                Value::str("x"),
                Value::list(m.iter().map(|&v| Value::Int(v)).collect()),
            )]));
            let planted = c.plant(&given, span);
            assert_eq!(planted.is_ok(), sat, "{m:?}");
            if let Ok(v) = planted {
                assert_eq!(c.solution.as_deref(), Some(m.as_slice()));
                assert_eq!(
                    substitute(&c.finds[0].value, &m),
                    match &v {
                        Value::Map(e) => e[0].1.clone(),
                        _ => panic!("a map"),
                    }
                );
                accepted += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}

/// A rule that joins a built model (a layout rule) reaches the
/// finite-domain engine as well as the SAT backend: after `x0 != x1` was
/// asked about, `x0 == x1` joins, and both engines find no solution.
#[test]
fn joined_rules_reach_both_engines() {
    let mut c = model_with([vec![1, 2, 3], vec![1, 2, 3]]);
    c.view.domains = Rc::new(c.domains.clone());
    let (a, b) = (IntTerm::var(0), IntTerm::var(1));
    add_rule(
        &mut c,
        BoolTerm::Cmp(a.add_scaled(&b, -1).unwrap(), CmpOp::Ne),
    );
    c.joined(0, Span::default()).unwrap();
    let span = Span::default();
    assert!(c.decide(&[], &[], None, span).unwrap().0);
    assert!(c.fd_base().is_some(), "the engine answers");
    let before = c.rule_terms.len();
    add_rule(
        &mut c,
        BoolTerm::Cmp(a.add_scaled(&b, -1).unwrap(), CmpOp::Eq),
    );
    c.joined(before, span).unwrap();
    assert_eq!(c.view.rules.len(), 2);
    assert!(!c.model.solve(&[]).unwrap(), "SAT sees the rule");
    let base = c.fd_base().expect("the engine answers");
    assert!(
        matches!(
            fd::solve(fd::Question::new(&base), fd::NODE_BUDGET),
            fd::Answer::Unsat
        ),
        "the engine sees the rule"
    );
    assert!(!c.decide(&[], &[], None, span).unwrap().0);
}

/// Random models (small domains, an all-different group, a sum) whose
/// clues `x = v` leave one solution: with one or two of those clues
/// dropped, `breaks_one` (another solution must break a dropped clue)
/// agrees with asking for any solution other than the hidden one, on the
/// finite-domain engine and on SAT alone, with both verdicts exercised.
#[test]
fn breaking_a_dropped_clue_is_the_uniqueness_question() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let span = Span::default();
    let (mut unique, mut not_unique) = (0, 0);
    for case in 0..1500 {
        let n = 3 + rng.below(5);
        let (mut c, ids, e) = random_distinct_model(&mut rng, n, 4);
        c.view.domains = Rc::new(c.domains.clone());
        let k = IntTerm::constant(rng.below(3) as i64 - 1);
        add_rule(&mut c, BoolTerm::compare(&e, CmpOp::Ge, &k).unwrap());
        c.joined(0, span).unwrap();
        if case % 2 == 1 {
            c.fd = decide::FdState::Unsupported;
        }
        if !c.model.solve(&[]).unwrap() {
            continue;
        }
        let solution: Vec<i64> = c
            .vars
            .iter()
            .map(|&x| c.model.value_of(x).unwrap())
            .collect();
        // The clues `x = v` for a random subset of the unknowns.
        let shown = &ids[..1 + rng.below(n)];
        let clues: Vec<(Lit, BoolTerm)> = shown
            .iter()
            .map(|&i| {
                let t =
                    BoolTerm::compare(&IntTerm::var(i), CmpOp::Eq, &IntTerm::constant(solution[i]))
                        .unwrap();
                (c.lit(&t).unwrap(), t)
            })
            .collect();
        let lits: Vec<Lit> = clues.iter().map(|(l, _)| *l).collect();
        let terms: Vec<&BoolTerm> = clues.iter().map(|(_, t)| t).collect();
        if !c.unique_under(&lits, &terms, &solution, span).unwrap() {
            continue;
        }
        let dropped = (1 + rng.below(2)).min(clues.len());
        let (kept, gone) = clues.split_at(clues.len() - dropped);
        let lits: Vec<Lit> = kept.iter().map(|(l, _)| *l).collect();
        let terms: Vec<&BoolTerm> = kept.iter().map(|(_, t)| t).collect();
        let gone: Vec<(Lit, &BoolTerm)> = gone.iter().map(|(l, t)| (*l, t)).collect();
        let expected = c.unique_under(&lits, &terms, &solution, span).unwrap();
        let (broken, witness) = c.breaks_one(&lits, &terms, &gone, span).unwrap();
        assert_eq!(!broken, expected, "case {case}");
        if let Some(m) = witness {
            assert!(
                terms.iter().all(|t| t.eval(&m) == Some(true)),
                "case {case}"
            );
            assert!(
                gone.iter().any(|(_, t)| t.eval(&m) == Some(false)),
                "case {case}"
            );
        }
        if expected {
            unique += 1;
        } else {
            not_unique += 1;
        }
    }
    assert!(
        unique > 40 && not_unique > 40,
        "{unique} unique, {not_unique} not"
    );
}

/// `x - y + c = 0` and `≠ 0` (encoded over the one-hot literals, not as a
/// sum) hold in exactly the assignments where the term says so, and their
/// negations in exactly the others, on random domains and offsets (also
/// with the unknowns written the other way round).
#[test]
fn comparisons_of_two_unknowns_encode_exactly() {
    let mut rng = Rng(0x6a09_e667_f3bc_c909);
    let mut both = [0usize; 2];
    for case in 0..300 {
        let domains = (0..2).map(|_| {
            let lo = rng.below(4) as i64 - 2;
            (lo..lo + 1 + rng.below(4) as i64).collect()
        });
        let mut c = model_with(domains);
        let (x, y) = if case % 2 == 0 { (0, 1) } else { (1, 0) };
        let term = IntTerm::var(x)
            .add_scaled(&IntTerm::var(y), -1)
            .unwrap()
            .add_scaled(&IntTerm::constant(rng.below(7) as i64 - 3), 1)
            .unwrap();
        let op = [CmpOp::Eq, CmpOp::Ne][rng.below(2)];
        let t = BoolTerm::Cmp(term, op);
        let lit = c.lit(&t).unwrap();
        for &vx in &c.domains[0].clone() {
            for &vy in &c.domains[1].clone() {
                let holds = t.eval(&[vx, vy]) == Some(true);
                let at = [c.model.eq_lit(c.vars[0], vx), c.model.eq_lit(c.vars[1], vy)];
                for (l, want) in [(lit, holds), (!lit, !holds)] {
                    let mut a = at.to_vec();
                    a.push(l);
                    assert_eq!(
                        c.model.solve(&a).unwrap(),
                        want,
                        "case {case}: {t:?} at {vx}, {vy}"
                    );
                }
                both[usize::from(holds)] += 1;
            }
        }
    }
    assert!(both[0] > 100 && both[1] > 100, "{both:?}");
}
