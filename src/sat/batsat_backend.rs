//! [`SatBackend`] implementation over the `batsat` crate (feature `batsat`).

use super::backend::{Lit, SatBackend, SatError, Var};
use batsat::{lbool, SolverInterface};

/// The batsat (MiniSat-derived) solver as a [`SatBackend`].
pub struct BatsatBackend {
    solver: batsat::BasicSolver,
    n_vars: usize,
    n_clauses: usize,
    has_model: bool,
    buf: Vec<batsat::Lit>,
}

impl Default for BatsatBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl BatsatBackend {
    /// A fresh, empty solver.
    pub fn new() -> Self {
        BatsatBackend {
            solver: batsat::BasicSolver::default(),
            n_vars: 0,
            n_clauses: 0,
            has_model: false,
            buf: Vec::new(),
        }
    }

    fn conv(l: Lit) -> batsat::Lit {
        batsat::Lit::new(batsat::Var::unsafe_from_idx(l.var().0), l.is_positive())
    }
}

impl SatBackend for BatsatBackend {
    fn new_var(&mut self) -> Var {
        let v = self.solver.new_var_default();
        debug_assert_eq!(v.idx() as usize, self.n_vars);
        self.n_vars += 1;
        Var(v.idx())
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| Self::conv(l)));
        // A `false` return means the formula became UNSAT at level 0;
        // later solves report that.
        let _ = self.solver.add_clause_reuse(&mut self.buf);
        self.n_clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError> {
        self.has_model = false;
        let assumps: Vec<batsat::Lit> = assumptions.iter().map(|&l| Self::conv(l)).collect();
        let r = self.solver.solve_limited(&assumps);
        if r == lbool::TRUE {
            self.has_model = true;
            Ok(true)
        } else if r == lbool::FALSE {
            Ok(false)
        } else {
            Err(SatError::Unknown)
        }
    }

    fn value(&self, var: Var) -> Option<bool> {
        if !self.has_model || var.index() >= self.n_vars {
            return None;
        }
        let v = self.solver.value_var(batsat::Var::unsafe_from_idx(var.0));
        if v == lbool::TRUE {
            Some(true)
        } else if v == lbool::FALSE {
            Some(false)
        } else {
            None
        }
    }

    fn num_vars(&self) -> usize {
        self.n_vars
    }

    fn num_clauses(&self) -> usize {
        self.n_clauses
    }
}
