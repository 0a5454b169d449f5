//! Uniqueness checks and bounded solution enumeration, using activation
//! literals so that blocking clauses are only temporary.

use super::backend::{Lit, SatError};
use super::int_var::IntVar;
use super::model::Model;

/// Retired activation literals are asserted false in batches of this size;
/// until then they are assumed false. Each new unit clause makes the solver
/// simplify its whole clause database, so batching saves that work.
const RETIRE_BATCH: usize = 32;

impl Model {
    /// Disables the temporary clauses guarded by `act` for good.
    pub(crate) fn retire(&mut self, act: Lit) -> Result<(), SatError> {
        self.retired.push(act);
        if self.retired.len() >= RETIRE_BATCH {
            for a in std::mem::take(&mut self.retired) {
                self.add_clause(&[!a])?;
            }
        }
        Ok(())
    }

    /// `true` iff no solution satisfying `assumptions` differs from
    /// `solution` on `vars`. One solve of `assumptions ∧ act` with the
    /// clause `¬act ∨ OR_i (x_i ≠ σ_i)`; afterwards `¬act` is asserted so the
    /// blocking clause is disabled. (Whether `solution` itself is a
    /// solution is not checked.) If the result is `false`, the last model is
    /// a differing solution.
    pub fn is_unique_under(
        &mut self,
        assumptions: &[Lit],
        vars: &[IntVar],
        solution: &[i64],
    ) -> Result<bool, SatError> {
        if vars.len() != solution.len() {
            return Err(SatError::InvalidArgument(format!(
                "{} variables but {} solution values",
                vars.len(),
                solution.len()
            )));
        }
        let act = self.new_bool()?;
        let mut clause = Vec::with_capacity(vars.len() + 1);
        clause.push(!act);
        for (&x, &v) in vars.iter().zip(solution) {
            self.data(x)?;
            clause.push(!self.eq_lit(x, v));
        }
        self.add_clause(&clause)?;
        let mut a = assumptions.to_vec();
        a.push(act);
        let sat = self.solve(&a);
        self.retire(act)?;
        Ok(!sat?)
    }

    /// Whether `assumptions` and the clause `OR lits` can hold together.
    /// The clause is only temporary: it is guarded by a fresh activation
    /// literal that is disabled afterwards.
    pub fn solve_with_clause(
        &mut self,
        assumptions: &[Lit],
        lits: &[Lit],
    ) -> Result<bool, SatError> {
        let act = self.new_bool()?;
        let mut clause = Vec::with_capacity(lits.len() + 1);
        clause.push(!act);
        clause.extend_from_slice(lits);
        self.add_clause(&clause)?;
        let mut a = assumptions.to_vec();
        a.push(act);
        let sat = self.solve(&a);
        self.retire(act)?;
        sat
    }

    /// Enumerate up to `limit` distinct assignments of `vars` that extend to
    /// solutions under `assumptions`. Blocking clauses are guarded by an
    /// activation literal that is disabled afterwards.
    pub fn enumerate(
        &mut self,
        assumptions: &[Lit],
        vars: &[IntVar],
        limit: usize,
    ) -> Result<Vec<Vec<i64>>, SatError> {
        let act = self.new_bool()?;
        let mut a = assumptions.to_vec();
        a.push(act);
        let mut out = Vec::new();
        let res = (|| {
            while out.len() < limit && self.solve(&a)? {
                let mut sol = Vec::with_capacity(vars.len());
                let mut clause = vec![!act];
                for &x in vars {
                    let v = self
                        .value_of(x)
                        .ok_or_else(|| SatError::Solver("variable has no value in model".into()))?;
                    sol.push(v);
                    clause.push(!self.eq_lit(x, v));
                }
                out.push(sol);
                self.add_clause(&clause)?;
            }
            Ok(())
        })();
        self.retire(act)?;
        res.map(|()| out)
    }

    /// Number of distinct assignments of `vars` (counting stops at `limit`).
    pub fn count_solutions(
        &mut self,
        assumptions: &[Lit],
        vars: &[IntVar],
        limit: usize,
    ) -> Result<usize, SatError> {
        Ok(self.enumerate(assumptions, vars, limit)?.len())
    }
}
