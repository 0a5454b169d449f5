//! Checking the rules in an assignment that differs from the hidden
//! solution in a few unknowns, by the terms those unknowns touch.
//!
//! A linear rule (`Σ c·atom + k op 0`, such as a total over a whole board)
//! is not summed again: its value in the hidden solution is kept, and only
//! the atoms that mention a changed unknown are evaluated for the
//! difference. Other rules that mention a changed unknown are evaluated
//! whole; rules that mention none hold, as in the hidden solution.

use crate::eval::sym::{Atom, BoolTerm};
use crate::sat::CmpOp;

/// A linear rule with its value and its atoms' values in the hidden solution.
struct Linear<'a> {
    op: CmpOp,
    value: i64,
    atoms: Vec<(i64, &'a Atom, i64)>,
}

/// Where an unknown occurs in the rules.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Use {
    /// Atom `atom` of linear rule `rule`.
    Atom { rule: u32, atom: u32 },
    /// Somewhere in rule `rule`, which is checked whole.
    Whole(u32),
}

/// The rules of a model, ready to check near the hidden solution.
pub(super) struct RuleCheck<'a> {
    rules: Vec<&'a BoolTerm>,
    linear: Vec<Option<Linear<'a>>>,
    uses: Vec<Vec<Use>>,
}

fn atom_value(atom: &Atom, values: &[i64]) -> Option<i64> {
    match atom {
        Atom::Var(id) => values.get(*id).copied(),
        Atom::Bool(b) => b.eval(values).map(i64::from),
    }
}

fn atom_unknowns(atom: &Atom, out: &mut Vec<usize>) {
    match atom {
        Atom::Var(id) => out.push(*id),
        Atom::Bool(b) => b.vars_into(out),
    }
}

impl<'a> RuleCheck<'a> {
    /// `rules`, each of which holds in `solution`.
    pub(super) fn new(rules: Vec<&'a BoolTerm>, solution: &[i64]) -> Self {
        let mut uses = vec![Vec::new(); solution.len()];
        let mut vars = Vec::new();
        let mut note = |vars: &mut Vec<usize>, u: Use| {
            vars.sort_unstable();
            vars.dedup();
            for &v in vars.iter() {
                if let Some(at) = uses.get_mut(v) {
                    at.push(u);
                }
            }
            vars.clear();
        };
        let mut linear = Vec::with_capacity(rules.len());
        for (r, rule) in rules.iter().enumerate() {
            let lin = Self::linear(rule, solution);
            match &lin {
                Some(l) => {
                    for (a, (_, atom, _)) in l.atoms.iter().enumerate() {
                        atom_unknowns(atom, &mut vars);
                        note(
                            &mut vars,
                            Use::Atom {
                                rule: r as u32,
                                atom: a as u32,
                            },
                        );
                    }
                }
                None => {
                    rule.vars_into(&mut vars);
                    note(&mut vars, Use::Whole(r as u32));
                }
            }
            linear.push(lin);
        }
        RuleCheck {
            rules,
            linear,
            uses,
        }
    }

    /// The rule as a linear one, when it is `Σ c·atom + k op 0` and every
    /// atom evaluates in `solution`.
    fn linear(rule: &'a BoolTerm, solution: &[i64]) -> Option<Linear<'a>> {
        let BoolTerm::Cmp(t, op) = rule else {
            return None;
        };
        let atoms = t
            .terms
            .iter()
            .map(|(c, a)| Some((*c, a, atom_value(a, solution)?)))
            .collect::<Option<Vec<_>>>()?;
        Some(Linear {
            op: *op,
            value: t.eval(solution)?,
            atoms,
        })
    }

    /// Whether every rule holds in `values`, which differ from the hidden
    /// solution only in the unknowns of `changes`.
    pub(super) fn holds(&self, values: &[i64], changes: &[(usize, i64)]) -> bool {
        let mut touched: Vec<Use> = changes
            .iter()
            .flat_map(|&(u, _)| self.uses.get(u).into_iter().flatten().copied())
            .collect();
        touched.sort_unstable();
        touched.dedup();
        // A linear rule's atoms are next to each other.
        let same_rule = |a: &Use, b: &Use| matches!((a, b), (Use::Atom { rule: x, .. }, Use::Atom { rule: y, .. }) if x == y);
        touched.chunk_by(same_rule).all(|run| match run[0] {
            Use::Whole(r) => self.rules[r as usize].eval(values) == Some(true),
            Use::Atom { rule, .. } => self.linear_holds(rule as usize, run, values),
        })
    }

    /// Whether linear rule `r` holds once the atoms `touched` take their
    /// values in `values` (the rest keep theirs).
    fn linear_holds(&self, r: usize, touched: &[Use], values: &[i64]) -> bool {
        let Some(l) = &self.linear[r] else {
            return false;
        };
        let mut value = Some(l.value);
        for u in touched {
            if let Use::Atom { atom, .. } = u {
                let (c, a, before) = l.atoms[*atom as usize];
                value = value.and_then(|v| {
                    let now = atom_value(a, values)?;
                    v.checked_add(c.checked_mul(now.checked_sub(before)?)?)
                });
            }
        }
        match value {
            Some(v) => l.op.eval(v, 0),
            None => self.rules[r].eval(values) == Some(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sym::IntTerm;
    use std::rc::Rc;

    use crate::gen::constraint::tests::Rng as Gen;

    /// A random rule over `n` unknowns that holds in `solution`: a linear
    /// comparison (some atoms conditions), or an all-different group, or an
    /// `or` around the comparison (checked whole).
    fn rule(g: &mut Gen, n: usize, solution: &[i64]) -> Option<BoolTerm> {
        let mut t = IntTerm::constant(0);
        for _ in 0..1 + g.below_u64(5) {
            let v = g.below_u64(n as u64) as usize;
            let atom = if g.below_u64(3) == 0 {
                let cond = BoolTerm::compare(&IntTerm::var(v), CmpOp::Ge, &IntTerm::constant(1))?;
                Atom::Bool(Rc::new(cond))
            } else {
                Atom::Var(v)
            };
            t.terms.push((g.below_u64(5) as i64 - 2, atom));
        }
        let at_solution = t.eval(solution)?;
        let op = CmpOp::ALL[g.below_u64(6) as usize];
        // Shift the constant so that the rule holds in the solution.
        t.constant = match op {
            CmpOp::Eq | CmpOp::Le | CmpOp::Ge => -at_solution,
            CmpOp::Ne => -at_solution + 1,
            CmpOp::Lt => -at_solution - 1,
            CmpOp::Gt => -at_solution + 1,
        };
        let linear = BoolTerm::Cmp(t, op);
        Some(match g.below_u64(4) {
            0 => {
                let vs: Vec<usize> = (0..n).filter(|_| g.below_u64(2) == 0).collect();
                let distinct = vs
                    .iter()
                    .map(|&v| solution[v])
                    .collect::<std::collections::BTreeSet<_>>();
                if distinct.len() == vs.len() {
                    BoolTerm::AllDiff(vs.into_iter().map(IntTerm::var).collect())
                } else {
                    linear
                }
            }
            1 => BoolTerm::or(vec![linear, BoolTerm::Const(false)]),
            _ => linear,
        })
    }

    /// On random rules and random changes to the hidden solution, the check
    /// by touched atoms agrees with evaluating every rule.
    #[test]
    fn agrees_with_evaluating_every_rule() {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        let (mut held, mut broken) = (0, 0);
        for _ in 0..2000 {
            let n = 2 + g.below_u64(7) as usize;
            let solution: Vec<i64> = (0..n).map(|_| g.below_u64(4) as i64).collect();
            let rules: Vec<BoolTerm> = (0..1 + g.below_u64(4))
                .filter_map(|_| rule(&mut g, n, &solution))
                .collect();
            assert!(rules.iter().all(|r| r.eval(&solution) == Some(true)));
            let check = RuleCheck::new(rules.iter().collect(), &solution);
            let mut values = solution.clone();
            let mut changes = Vec::new();
            for (u, value) in values.iter_mut().enumerate() {
                if g.below_u64(3) == 0 {
                    *value = g.below_u64(4) as i64;
                    if *value != solution[u] {
                        changes.push((u, *value));
                    }
                }
            }
            let want = rules.iter().all(|r| r.eval(&values) == Some(true));
            assert_eq!(check.holds(&values, &changes), want, "{rules:?} {values:?}");
            if want {
                held += 1;
            } else {
                broken += 1;
            }
        }
        assert!(
            held > 200 && broken > 200,
            "both verdicts are exercised ({held}, {broken})"
        );
    }
}
