//! The effort measures' view of a model: unknowns with small domains (one
//! bit per value) and constraints of three shapes.

use crate::eval::sym::{Atom, BoolTerm, IntTerm};
use crate::sat::CmpOp;

/// The most values one unknown's domain may hold here (one bit each).
pub const MAX_DOMAIN: usize = 64;

/// Why a model cannot be measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EffortError {
    /// An unknown has more values than the measures represent.
    #[error("unknown number {unknown} has {size} values; search effort handles at most {MAX_DOMAIN} per unknown")]
    DomainTooLarge {
        /// The unknown's id (declaration order).
        unknown: usize,
        /// Its domain size.
        size: usize,
    },
}

/// One constraint, in the shape its propagation uses.
#[derive(Debug, Clone)]
pub enum Constraint {
    /// The unknowns take pairwise different values.
    AllDiff(Vec<usize>),
    /// `Σ coef·unknown + constant ≤ 0`.
    Linear(Vec<(i64, usize)>, i64),
    /// Any other condition, tested on values.
    Test(BoolTerm),
    /// A condition that can never hold.
    False,
}

/// Unknowns, their domains and the constraints over them.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Each unknown's values, ascending; bit `i` of a domain mask is
    /// `domains[x][i]`.
    pub domains: Vec<Vec<i64>>,
    /// The constraints.
    pub constraints: Vec<Constraint>,
    /// The unknowns of each constraint, ascending, without repeats.
    pub scopes: Vec<Vec<usize>>,
    /// For each unknown, the constraints that mention it.
    pub watches: Vec<Vec<usize>>,
}

impl Problem {
    /// The problem of `conditions` over unknowns with `domains`. A top-level
    /// conjunction becomes one constraint per part.
    pub fn new<'a>(
        domains: &[Vec<i64>],
        conditions: impl IntoIterator<Item = &'a BoolTerm>,
    ) -> Result<Problem, EffortError> {
        if let Some((unknown, d)) = domains
            .iter()
            .enumerate()
            .find(|(_, d)| d.len() > MAX_DOMAIN)
        {
            return Err(EffortError::DomainTooLarge {
                unknown,
                size: d.len(),
            });
        }
        let mut p = Problem {
            domains: domains.to_vec(),
            constraints: Vec::new(),
            scopes: Vec::new(),
            watches: vec![Vec::new(); domains.len()],
        };
        for c in conditions {
            p.add(c);
        }
        Ok(p)
    }

    /// The mask of every value of unknown `x`.
    pub fn full(&self, x: usize) -> u64 {
        match self.domains[x].len() {
            MAX_DOMAIN => u64::MAX,
            n => (1u64 << n) - 1,
        }
    }

    /// The value of bit `i` of unknown `x`.
    pub fn value(&self, x: usize, i: u32) -> i64 {
        self.domains[x][i as usize]
    }

    /// The bit of value `v` of unknown `x`, if `v` is in its domain.
    pub fn bit(&self, x: usize, v: i64) -> Option<u64> {
        self.domains[x].binary_search(&v).ok().map(|i| 1u64 << i)
    }

    fn add(&mut self, c: &BoolTerm) {
        match c {
            BoolTerm::Const(true) => {}
            BoolTerm::And(parts) => parts.iter().for_each(|part| self.add(part)),
            BoolTerm::Const(false) => self.push(Constraint::False, Vec::new()),
            BoolTerm::AllDiff(terms) => {
                match terms.iter().map(plain_var).collect::<Option<Vec<usize>>>() {
                    Some(xs) if sorted(xs.clone()).len() == terms.len() => {
                        let xs: Vec<usize> = xs;
                        let scope = sorted(xs.clone());
                        self.push(Constraint::AllDiff(xs), scope);
                    }
                    _ => self.push_test(c),
                }
            }
            BoolTerm::Cmp(t, op) => match (linear(t), *op) {
                (Some(terms), op) if op != CmpOp::Ne => {
                    let scope = sorted(terms.iter().map(|(_, x)| *x).collect());
                    let forms: Option<Vec<Constraint>> = at_most_zero(op)
                        .into_iter()
                        .map(|(sign, k)| {
                            let ts = terms
                                .iter()
                                .map(|(a, x)| Some((a.checked_mul(sign)?, *x)))
                                .collect::<Option<Vec<_>>>()?;
                            Some(Constraint::Linear(
                                ts,
                                t.constant.checked_mul(sign)?.checked_add(k)?,
                            ))
                        })
                        .collect();
                    match forms {
                        Some(forms) => forms.into_iter().for_each(|f| self.push(f, scope.clone())),
                        None => self.push_test(c),
                    }
                }
                _ => self.push_test(c),
            },
            other => self.push_test(other),
        }
    }

    fn push_test(&mut self, c: &BoolTerm) {
        let mut vars = Vec::new();
        c.vars_into(&mut vars);
        self.push(Constraint::Test(c.clone()), sorted(vars));
    }

    fn push(&mut self, c: Constraint, scope: Vec<usize>) {
        let i = self.constraints.len();
        for &x in &scope {
            self.watches[x].push(i);
        }
        self.constraints.push(c);
        self.scopes.push(scope);
    }

    /// Whether constraint `c` holds when every unknown of its scope has the
    /// value in `values` (unknown where it cannot be evaluated, as on
    /// overflow: then it is taken to hold).
    pub fn holds(&self, c: usize, values: &[i64]) -> bool {
        match &self.constraints[c] {
            Constraint::AllDiff(xs) => {
                let mut seen: Vec<i64> = xs.iter().map(|&x| values[x]).collect();
                seen.sort_unstable();
                seen.windows(2).all(|w| w[0] != w[1])
            }
            Constraint::Linear(ts, k) => {
                let total: i128 = ts
                    .iter()
                    .map(|(a, x)| *a as i128 * values[*x] as i128)
                    .sum::<i128>()
                    + *k as i128;
                total <= 0
            }
            Constraint::Test(t) => t.eval(values) != Some(false),
            Constraint::False => false,
        }
    }
}

/// `op` as one or two `sign·(term) + k ≤ 0` forms (integers: `t < 0` is
/// `t + 1 ≤ 0`); `≠` has none (it is tested instead).
pub(crate) fn at_most_zero(op: CmpOp) -> Vec<(i64, i64)> {
    match op {
        CmpOp::Le => vec![(1, 0)],
        CmpOp::Lt => vec![(1, 1)],
        CmpOp::Ge => vec![(-1, 0)],
        CmpOp::Gt => vec![(-1, 1)],
        CmpOp::Eq => vec![(1, 0), (-1, 0)],
        CmpOp::Ne => Vec::new(),
    }
}

/// The unknown if the term is exactly one unknown.
fn plain_var(t: &IntTerm) -> Option<usize> {
    match t.terms.as_slice() {
        [(1, Atom::Var(x))] if t.constant == 0 => Some(*x),
        _ => None,
    }
}

/// The weighted unknowns if every atom of the term is an unknown.
fn linear(t: &IntTerm) -> Option<Vec<(i64, usize)>> {
    t.terms
        .iter()
        .map(|(a, atom)| match atom {
            Atom::Var(x) => Some((*a, *x)),
            Atom::Bool(_) => None,
        })
        .collect()
}

fn sorted(mut xs: Vec<usize>) -> Vec<usize> {
    xs.sort_unstable();
    xs.dedup();
    xs
}
