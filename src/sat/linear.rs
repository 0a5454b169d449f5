//! Linear sums `Σ cᵢ·xᵢ + k₀` by dynamic programming over partial sums:
//! one integer variable per prefix whose domain is the reachable value set.

use super::backend::{Lit, SatError};
use super::int_var::IntVar;
use super::model::Model;
use super::order::CmpOp;

/// A linear expression `Σ coef·var + constant` over integer variables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinExpr {
    /// `(coefficient, variable)` terms.
    pub terms: Vec<(i64, IntVar)>,
    /// Constant offset.
    pub constant: i64,
}

impl LinExpr {
    /// The zero expression.
    pub fn new() -> LinExpr {
        LinExpr::default()
    }

    /// Add the term `coef·x` (builder style).
    pub fn term(mut self, coef: i64, x: IntVar) -> LinExpr {
        self.terms.push((coef, x));
        self
    }

    /// Add a constant (builder style).
    pub fn plus(mut self, c: i64) -> LinExpr {
        self.constant = self.constant.saturating_add(c);
        self
    }

    /// `Σ xs` with unit coefficients.
    pub fn sum(xs: &[IntVar]) -> LinExpr {
        LinExpr {
            terms: xs.iter().map(|&x| (1, x)).collect(),
            constant: 0,
        }
    }

    /// Evaluate under `value(x)`; `None` on overflow or unknown values.
    pub fn eval(&self, mut value: impl FnMut(IntVar) -> Option<i64>) -> Option<i64> {
        let mut s = self.constant;
        for &(c, x) in &self.terms {
            s = s.checked_add(c.checked_mul(value(x)?)?)?;
        }
        Some(s)
    }
}

impl Model {
    /// An integer variable equal to `expr`; its domain is the exact set of
    /// reachable sums. Fails with a limit error (before allocating) when the
    /// partial-sum tables would exceed the model's limits.
    pub fn linear_var(&mut self, expr: &LinExpr) -> Result<IntVar, SatError> {
        let mut cur: Option<IntVar> = None;
        for &(c, x) in &expr.terms {
            if c == 0 {
                continue;
            }
            let xd = self.data(x)?;
            let xs: Vec<(i64, Lit)> = xd
                .values
                .iter()
                .map(|&v| c.checked_mul(v).ok_or(SatError::Overflow))
                .zip(xd.lits.iter().copied())
                .map(|(v, l)| v.map(|v| (v, l)))
                .collect::<Result<_, _>>()?;
            match cur {
                None => {
                    // Scaled view of x (first term): no new variables.
                    let mut pairs = xs;
                    pairs.sort_unstable_by_key(|p| p.0);
                    let (vals, lits) = pairs.into_iter().unzip();
                    cur = Some(self.push_int(vals, lits));
                }
                Some(s) => {
                    let sd = self.data(s)?;
                    let ss: Vec<(i64, Lit)> = sd
                        .values
                        .iter()
                        .copied()
                        .zip(sd.lits.iter().copied())
                        .collect();
                    let work = ss.len().saturating_mul(xs.len());
                    self.reserve(work, work)?;
                    let mut sums = Vec::with_capacity(work);
                    for &(a, _) in &ss {
                        for &(b, _) in &xs {
                            sums.push(a.checked_add(b).ok_or(SatError::Overflow)?);
                        }
                    }
                    let n = self.new_int(&sums)?;
                    for &(a, la) in &ss {
                        for &(b, lb) in &xs {
                            let target = self.eq_lit(n, a + b);
                            self.add_clause(&[!la, !lb, target])?;
                        }
                    }
                    cur = Some(n);
                }
            }
        }
        let base = match cur {
            None => return Ok(self.int_const(expr.constant)),
            Some(s) => s,
        };
        if expr.constant == 0 {
            return Ok(base);
        }
        let d = self.data(base)?;
        let vals = d
            .values
            .iter()
            .map(|&v| v.checked_add(expr.constant).ok_or(SatError::Overflow))
            .collect::<Result<Vec<_>, _>>()?;
        let lits = d.lits.clone();
        Ok(self.push_int(vals, lits))
    }

    /// A literal equivalent to `expr op k`.
    pub fn linear(&mut self, expr: &LinExpr, op: CmpOp, k: i64) -> Result<Lit, SatError> {
        let s = self.linear_var(expr)?;
        self.cmp_const(s, op, k)
    }

    /// A literal equivalent to `expr op y` for an integer variable `y`.
    pub fn linear_var_cmp(
        &mut self,
        expr: &LinExpr,
        op: CmpOp,
        y: IntVar,
    ) -> Result<Lit, SatError> {
        let s = self.linear_var(expr)?;
        self.cmp(s, op, y)
    }
}
