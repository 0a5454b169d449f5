//! Optimisation of a linear objective by bound tightening under assumptions.

use super::backend::{Lit, SatError};
use super::linear::LinExpr;
use super::model::Model;
use super::order::CmpOp;

impl Model {
    /// The maximum of `objective` over solutions satisfying `assumptions`
    /// (`None` if there is none). Uses solves under assumptions only, so no
    /// clause is added except the objective's definition; afterwards the last
    /// model is an optimal solution. Callers may then assert the bound.
    pub fn maximize(
        &mut self,
        objective: &LinExpr,
        assumptions: &[Lit],
    ) -> Result<Option<i64>, SatError> {
        let s = self.linear_var(objective)?;
        if !self.solve(assumptions)? {
            return Ok(None);
        }
        let vals = self.domain(s).to_vec();
        let read = |m: &Model| {
            m.value_of(s)
                .ok_or_else(|| SatError::Solver("objective has no value in model".into()))
        };
        let mut best = read(self)?;
        let mut best_idx = vals.partition_point(|&v| v < best);
        let mut hi = vals.len() - 1;
        let mut last_sat = true;
        let mut a: Vec<Lit> = assumptions.to_vec();
        while best_idx < hi {
            let mid = best_idx + (hi - best_idx).div_ceil(2);
            let bound = self.cmp_const(s, CmpOp::Ge, vals[mid])?;
            a.push(bound);
            let sat = self.solve(&a)?;
            a.pop();
            if sat {
                best = read(self)?;
                best_idx = vals.partition_point(|&v| v < best);
                last_sat = true;
            } else {
                hi = mid - 1;
                last_sat = false;
            }
        }
        if !last_sat {
            let bound = self.cmp_const(s, CmpOp::Ge, best)?;
            a.push(bound);
            if !self.solve(&a)? {
                return Err(SatError::Solver("optimum became unsatisfiable".into()));
            }
        }
        Ok(Some(best))
    }

    /// The minimum of `objective` under `assumptions` (see [`Model::maximize`]).
    pub fn minimize(
        &mut self,
        objective: &LinExpr,
        assumptions: &[Lit],
    ) -> Result<Option<i64>, SatError> {
        let neg = LinExpr {
            terms: objective
                .terms
                .iter()
                .map(|&(c, x)| c.checked_neg().map(|c| (c, x)).ok_or(SatError::Overflow))
                .collect::<Result<_, _>>()?,
            constant: objective.constant.checked_neg().ok_or(SatError::Overflow)?,
        };
        Ok(self.maximize(&neg, assumptions)?.map(|v| -v))
    }
}
