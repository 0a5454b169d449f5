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

/// A sum in the order encoding: sorted reachable `values` and `ge[i]` ⇔
/// `sum ≥ values[i]` (`ge[0]` is the true literal).
pub(crate) struct OrderSum {
    pub(crate) values: Vec<i64>,
    pub(crate) ge: Vec<Lit>,
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
    ///
    /// Encoded with order literals only (see `Model::order_sum`): unit
    /// propagation then keeps the bounds of every partial sum consistent in
    /// both directions, which the one-hot partial sums of
    /// [`Model::linear_var`] do not.
    pub fn linear(&mut self, expr: &LinExpr, op: CmpOp, k: i64) -> Result<Lit, SatError> {
        let terms: Vec<(i64, IntVar)> = expr.terms.iter().copied().filter(|t| t.0 != 0).collect();
        let k = k.checked_sub(expr.constant).ok_or(SatError::Overflow)?;
        if let [(c, x)] = terms.as_slice() {
            if *c == 1 {
                return self.cmp_const(*x, op, k);
            }
        }
        let mut parts = Vec::with_capacity(terms.len());
        for &(c, x) in &terms {
            parts.push(self.order_term(c, x)?);
        }
        self.compare_sum(parts, op, k)
    }

    /// A literal equivalent to `Σ parts op k`.
    pub(crate) fn compare_sum(
        &mut self,
        parts: Vec<OrderSum>,
        op: CmpOp,
        k: i64,
    ) -> Result<Lit, SatError> {
        let next = k.checked_add(1).ok_or(SatError::Overflow)?;
        let sum = self.order_sum(parts, k.saturating_sub(1), next)?;
        let t = self.t;
        // `[sum ≥ v]` for `v` in `{k, k + 1}`.
        let ge = |v: i64| -> Lit {
            let i = sum.values.partition_point(|&w| w < v);
            if i == 0 {
                t
            } else if i >= sum.values.len() {
                !t
            } else {
                sum.ge[i]
            }
        };
        Ok(match op {
            CmpOp::Ge => ge(k),
            CmpOp::Gt => ge(next),
            CmpOp::Lt => !ge(k),
            CmpOp::Le => !ge(next),
            CmpOp::Eq => {
                let (a, b) = (ge(k), !ge(next));
                self.and(&[a, b])?
            }
            CmpOp::Ne => {
                let (a, b) = (ge(k), !ge(next));
                !self.and(&[a, b])?
            }
        })
    }

    /// The sum of `parts`, clamped to `[lo, hi]`, in the order encoding:
    /// the sorted values and, for each, a literal `ge[i]` ⇔
    /// `clamp(sum) ≥ values[i]` (`ge[0]` is true), exact for every `v` in
    /// `(lo, hi]`. Parts are added in a balanced tree; each node is clamped
    /// to the window that can still decide the result (the totalizer idea),
    /// with the clauses `[a ≥ aᵢ] ∧ [b ≥ bⱼ] → [s ≥ aᵢ + bⱼ]` and
    /// `[a ≤ aᵢ] ∧ [b ≤ bⱼ] → [s ≤ aᵢ + bⱼ]`, which make each literal exactly
    /// its meaning in every assignment (so the result can be reified).
    pub(crate) fn order_sum(
        &mut self,
        parts: Vec<OrderSum>,
        lo: i64,
        hi: i64,
    ) -> Result<OrderSum, SatError> {
        let (mut min, mut max) = (0i64, 0i64);
        for p in &parts {
            min = min.checked_add(p.values[0]).ok_or(SatError::Overflow)?;
            max = max
                .checked_add(p.values[p.values.len() - 1])
                .ok_or(SatError::Overflow)?;
        }
        let parts: Vec<(OrderSum, i64, i64)> = parts
            .into_iter()
            .map(|p| {
                let (a, b) = (p.values[0], p.values[p.values.len() - 1]);
                (p, a, b)
            })
            .collect();
        Ok(self.sum_tree(parts, (min, max), (lo, hi))?.0)
    }

    /// One node of [`Model::order_sum`]: `parts` with their exact bounds,
    /// the bounds of the whole sum and its window. Returns the node's sum
    /// (clamped) with its exact bounds; clamping uses the exact bounds so
    /// that a clamped child never misleads its parent.
    fn sum_tree(
        &mut self,
        mut parts: Vec<(OrderSum, i64, i64)>,
        total: (i64, i64),
        window: (i64, i64),
    ) -> Result<(OrderSum, i64, i64), SatError> {
        if parts.len() <= 1 {
            let t = self.t;
            return Ok(parts.pop().unwrap_or((
                OrderSum {
                    values: vec![0],
                    ge: vec![t],
                },
                0,
                0,
            )));
        }
        let right = parts.split_off(parts.len() / 2);
        let (a, a_min, a_max) = self.sum_tree(parts, total, window)?;
        let (b, b_min, b_max) = self.sum_tree(right, total, window)?;
        let min = a_min.saturating_add(b_min);
        let max = a_max.saturating_add(b_max);
        // The rest of the whole sum lies in [total.0 - min, total.1 - max]:
        // below `lo` and above `hi` of this node nothing more is decided.
        // Clamped values stay within the node's own range, so that two
        // clamped children never add up past their parent's window.
        let lo = window
            .0
            .saturating_sub(total.1.saturating_sub(max))
            .min(max);
        let hi = window
            .1
            .saturating_sub(total.0.saturating_sub(min))
            .max(min);
        let s = self.order_add(&a, &b, lo, hi.max(lo))?;
        Ok((s, min, max))
    }

    /// `c·x` as an [`OrderSum`] over the order literals of `x`.
    pub(crate) fn order_term(&mut self, c: i64, x: IntVar) -> Result<OrderSum, SatError> {
        let n = self.data(x)?.values.len();
        let mut values = Vec::with_capacity(n);
        let mut ge = Vec::with_capacity(n);
        if c > 0 {
            for i in 0..n {
                let v = self.ints[x.0].values[i];
                values.push(c.checked_mul(v).ok_or(SatError::Overflow)?);
                // c·x ≥ c·vᵢ ⇔ ¬[x ≤ vᵢ₋₁]
                ge.push(if i == 0 {
                    self.t
                } else {
                    !self.order_lit_idx(x, i - 1)?
                });
            }
        } else {
            for i in (0..n).rev() {
                let v = self.ints[x.0].values[i];
                values.push(c.checked_mul(v).ok_or(SatError::Overflow)?);
                // c·x ≥ c·vᵢ ⇔ [x ≤ vᵢ]
                ge.push(self.order_lit_idx(x, i)?);
            }
        }
        Ok(OrderSum { values, ge })
    }

    /// `clamp(a + b, lo, hi)` as a new [`OrderSum`].
    fn order_add(
        &mut self,
        a: &OrderSum,
        b: &OrderSum,
        lo: i64,
        hi: i64,
    ) -> Result<OrderSum, SatError> {
        let work = a.values.len().saturating_mul(b.values.len());
        self.reserve(work, work.saturating_mul(2))?;
        let mut values = Vec::with_capacity(work);
        for &x in &a.values {
            for &y in &b.values {
                values.push(x.checked_add(y).ok_or(SatError::Overflow)?.clamp(lo, hi));
            }
        }
        values.sort_unstable();
        values.dedup();
        let n = values.len();
        // A constant side shifts the other (when nothing was clamped).
        for (x, y) in [(a, b), (b, a)] {
            if y.values.len() == 1
                && n == x.values.len()
                && x.values
                    .iter()
                    .zip(&values)
                    .all(|(v, w)| v + y.values[0] == *w)
            {
                return Ok(OrderSum {
                    values,
                    ge: x.ge.clone(),
                });
            }
        }
        let mut ge = Vec::with_capacity(n);
        ge.push(self.t);
        for _ in 1..n {
            ge.push(self.new_bool()?);
        }
        let f = !self.t;
        for i in 1..n.saturating_sub(1) {
            self.add_clause(&[!ge[i + 1], ge[i]])?;
        }
        let (na, nb) = (a.values.len(), b.values.len());
        // The index in `values` of the clamped sum of `a.values[i]` and
        // `b.values[j]` (nondecreasing in `i` and in `j`).
        let table: Vec<usize> = (0..na)
            .flat_map(|i| (0..nb).map(move |j| (i, j)))
            .map(|(i, j)| {
                let sum = (a.values[i] + b.values[j]).clamp(lo, hi);
                values.partition_point(|&v| v < sum)
            })
            .collect();
        let idx = |i: usize, j: usize| table[i * nb + j];
        for i in 0..na {
            for j in 0..nb {
                let s = idx(i, j);
                // a ≥ aᵢ ∧ b ≥ bⱼ → s ≥ aᵢ + bⱼ. Skipped when a smaller
                // `i` or `j` reaches the same value: that clause and the
                // order chain of `a` or `b` imply this one.
                if s > 0 && (i == 0 || idx(i - 1, j) < s) && (j == 0 || idx(i, j - 1) < s) {
                    self.add_clause(&[!a.ge[i], !b.ge[j], ge[s]])?;
                }
                // a ≤ aᵢ ∧ b ≤ bⱼ → s < (aᵢ + bⱼ)'s successor. Skipped when
                // a larger `i` or `j` stays at the same value.
                if s + 1 < n
                    && (i + 1 == na || idx(i + 1, j) > s)
                    && (j + 1 == nb || idx(i, j + 1) > s)
                {
                    let a_next = if i + 1 < na { a.ge[i + 1] } else { f };
                    let b_next = if j + 1 < nb { b.ge[j + 1] } else { f };
                    self.add_clause(&[a_next, b_next, !ge[s + 1]])?;
                }
            }
        }
        Ok(OrderSum { values, ge })
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
