//! Comparisons between integer variables and constants (reified through
//! order literals), and `alldiff`.

use super::backend::{Lit, SatError};
use super::int_var::IntVar;
use super::model::Model;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

impl CmpOp {
    /// All six operators.
    pub const ALL: [CmpOp; 6] = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
    ];

    /// Evaluate `a op b`.
    pub fn eval(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }

    /// The operator with swapped operands: `a op b ⇔ b op.flip() a`.
    pub fn flip(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            o => o,
        }
    }

    /// The logical negation: `¬(a op b) ⇔ a op.negate() b`.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
}

impl Model {
    /// A literal equivalent to `x op c`.
    pub fn cmp_const(&mut self, x: IntVar, op: CmpOp, c: i64) -> Result<Lit, SatError> {
        self.data(x)?;
        match op {
            CmpOp::Eq => Ok(self.eq_lit(x, c)),
            CmpOp::Ne => Ok(!self.eq_lit(x, c)),
            CmpOp::Le => self.le_lit(x, c),
            CmpOp::Lt => self.lt_lit(x, c),
            CmpOp::Gt => Ok(!self.le_lit(x, c)?),
            CmpOp::Ge => Ok(!self.lt_lit(x, c)?),
        }
    }

    /// A literal equivalent to `x op y`.
    ///
    /// Encoded as `[y = v] → (r ↔ x op v)` for every `v` in the domain of
    /// `y`: two clauses per value, sound because `y` takes exactly one value.
    pub fn cmp(&mut self, x: IntVar, op: CmpOp, y: IntVar) -> Result<Lit, SatError> {
        self.cmp_shifted(x, op, y, 0)
    }

    /// A literal equivalent to `x op y + shift`, encoded as [`Model::cmp`].
    pub fn cmp_shifted(
        &mut self,
        x: IntVar,
        op: CmpOp,
        y: IntVar,
        shift: i64,
    ) -> Result<Lit, SatError> {
        self.data(x)?;
        let yd = self.data(y)?;
        let pairs: Vec<(i64, Lit)> = yd
            .values
            .iter()
            .copied()
            .zip(yd.lits.iter().copied())
            .collect();
        if x == y {
            return Ok(self.const_lit(op.eval(0, shift)));
        }
        let shifted = |v: i64| v.checked_add(shift).ok_or(SatError::Overflow);
        if pairs.len() == 1 {
            return self.cmp_const(x, op, shifted(pairs[0].0)?);
        }
        let mut conds = Vec::with_capacity(pairs.len());
        for &(v, _) in &pairs {
            conds.push(self.cmp_const(x, op, shifted(v)?)?);
        }
        if let Some(first) = conds.first() {
            if conds.iter().all(|c| c == first) {
                return Ok(*first);
            }
        }
        self.reserve(1, 2 * pairs.len())?;
        let r = self.new_bool()?;
        for (&(_, e), &c) in pairs.iter().zip(&conds) {
            self.add_clause(&[!e, !r, c])?;
            self.add_clause(&[!e, r, !c])?;
        }
        Ok(r)
    }

    /// Assert that all of `xs` take pairwise different values.
    ///
    /// At-most-one per value; when `xs` form a permutation (as many
    /// variables as values, all with the same domain) also at-least-one per
    /// value.
    pub fn alldiff(&mut self, xs: &[IntVar]) -> Result<(), SatError> {
        let mut values: Vec<i64> = Vec::new();
        for &x in xs {
            values.extend_from_slice(&self.data(x)?.values);
        }
        values.sort_unstable();
        values.dedup();
        let perm =
            xs.len() == values.len() && xs.iter().all(|&x| self.domain(x) == values.as_slice());
        for &v in &values {
            let lits: Vec<Lit> = xs
                .iter()
                .map(|&x| self.eq_lit(x, v))
                .filter(|&l| l != !self.t)
                .collect();
            self.at_most_one(&lits)?;
            if perm {
                self.add_clause(&lits)?;
            }
        }
        Ok(())
    }
}
