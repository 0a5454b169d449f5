//! Element and table constraints (reified).

use super::backend::{Lit, SatError};
use super::int_var::IntVar;
use super::model::Model;
use super::order::CmpOp;

impl Model {
    /// A literal equivalent to `xs[index] = y` (0-based). Index values
    /// outside `0..xs.len()` make the constraint false.
    pub fn element(&mut self, index: IntVar, xs: &[IntVar], y: IntVar) -> Result<Lit, SatError> {
        let id = self.data(index)?;
        let pairs: Vec<(i64, Lit)> = id
            .values
            .iter()
            .copied()
            .zip(id.lits.iter().copied())
            .collect();
        let mut conds = Vec::with_capacity(pairs.len());
        for &(k, _) in &pairs {
            let c = match usize::try_from(k).ok().and_then(|k| xs.get(k)) {
                Some(&xk) => self.cmp(xk, CmpOp::Eq, y)?,
                None => !self.t,
            };
            conds.push(c);
        }
        if pairs.len() == 1 {
            return Ok(conds[0]);
        }
        self.reserve(1, 2 * pairs.len())?;
        let r = self.new_bool()?;
        for (&(_, e), &c) in pairs.iter().zip(&conds) {
            self.add_clause(&[!e, !r, c])?;
            self.add_clause(&[!e, r, !c])?;
        }
        Ok(r)
    }

    /// A literal equivalent to `xs[index] = y` for a constant array.
    pub fn element_const(&mut self, index: IntVar, xs: &[i64], y: IntVar) -> Result<Lit, SatError> {
        let vars: Vec<IntVar> = xs.iter().map(|&v| self.int_const(v)).collect();
        self.element(index, &vars, y)
    }

    /// A literal equivalent to `(vars[0], …, vars[n-1]) ∈ tuples`.
    /// Every tuple must have length `vars.len()`.
    pub fn table(&mut self, vars: &[IntVar], tuples: &[Vec<i64>]) -> Result<Lit, SatError> {
        for &x in vars {
            self.data(x)?;
        }
        let mut rows = Vec::with_capacity(tuples.len());
        for t in tuples {
            if t.len() != vars.len() {
                return Err(SatError::InvalidArgument(format!(
                    "table tuple of length {} for {} variables",
                    t.len(),
                    vars.len()
                )));
            }
            let lits: Vec<Lit> = vars
                .iter()
                .zip(t)
                .map(|(&x, &v)| self.eq_lit(x, v))
                .collect();
            rows.push(self.and(&lits)?);
        }
        self.or(&rows)
    }
}
