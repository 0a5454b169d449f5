//! [`SatBackend`] implementation over the `varisat` crate.

use super::backend::{Lit, SatBackend, SatError, Var};
use std::panic::{catch_unwind, AssertUnwindSafe};
use varisat::ExtendFormula;

/// The varisat CDCL solver as a [`SatBackend`].
pub struct VarisatBackend {
    solver: varisat::Solver<'static>,
    n_vars: usize,
    n_clauses: usize,
    model: Vec<Option<bool>>,
    buf: Vec<varisat::Lit>,
    broken: bool,
}

impl Default for VarisatBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl VarisatBackend {
    /// A fresh, empty solver.
    pub fn new() -> Self {
        VarisatBackend {
            solver: varisat::Solver::new(),
            n_vars: 0,
            n_clauses: 0,
            model: Vec::new(),
            buf: Vec::new(),
            broken: false,
        }
    }

    fn conv(l: Lit) -> varisat::Lit {
        varisat::Lit::from_index(l.var().index(), l.is_positive())
    }
}

impl SatBackend for VarisatBackend {
    fn new_var(&mut self) -> Var {
        let v = self.solver.new_var();
        debug_assert_eq!(v.index(), self.n_vars);
        self.n_vars += 1;
        Var(v.index() as u32)
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| Self::conv(l)));
        self.solver.add_clause(&self.buf);
        self.n_clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError> {
        self.model.clear();
        if self.broken {
            return Err(SatError::Solver(
                "solver unusable after an earlier failure".into(),
            ));
        }
        let assumps: Vec<varisat::Lit> = assumptions.iter().map(|&l| Self::conv(l)).collect();
        let solver = &mut self.solver;
        let res = catch_unwind(AssertUnwindSafe(|| {
            solver.assume(&assumps);
            solver.solve()
        }));
        match res {
            Err(_) => {
                self.broken = true;
                Err(SatError::Solver("varisat panicked".into()))
            }
            Ok(Err(e)) => Err(SatError::Solver(e.to_string())),
            Ok(Ok(false)) => Ok(false),
            Ok(Ok(true)) => {
                let mut model = vec![None; self.n_vars];
                if let Some(lits) = self.solver.model() {
                    for l in lits {
                        if let Some(slot) = model.get_mut(l.index()) {
                            *slot = Some(l.is_positive());
                        }
                    }
                }
                self.model = model;
                Ok(true)
            }
        }
    }

    fn value(&self, var: Var) -> Option<bool> {
        self.model.get(var.index()).copied().flatten()
    }

    fn num_vars(&self) -> usize {
        self.n_vars
    }

    fn num_clauses(&self) -> usize {
        self.n_clauses
    }
}
