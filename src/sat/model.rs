//! The constraint-model builder: owns a backend, enforces [`Limits`], and
//! keeps the integer-variable table. Constraint families live in sibling
//! modules as further `impl Model` blocks.

use super::backend::{Limits, Lit, SatBackend, SatError};
use super::int_var::IntData;

/// A finite-domain constraint model compiled to SAT.
///
/// Every builder method returns `Result` because any of them may create
/// variables or clauses and so hit the model's [`Limits`].
pub struct Model {
    pub(crate) backend: Box<dyn SatBackend>,
    pub(crate) limits: Limits,
    pub(crate) n_vars: usize,
    pub(crate) n_clauses: usize,
    pub(crate) t: Lit,
    pub(crate) ints: Vec<IntData>,
    pub(crate) has_model: bool,
    /// Per variable: whether it occurs in a clause other than the
    /// definition of an integer's own literals.
    pub(crate) touched: Vec<bool>,
    /// Per variable: the integer whose one-hot literal it is (`u32::MAX`
    /// for any other variable).
    pub(crate) owner: Vec<u32>,
    /// How many integers' exactly-one clauses are pending.
    pub(crate) pending: usize,
    /// Nonzero while an integer's own literals are being defined.
    pub(crate) defining: u32,
    /// Activation literals of disabled temporary clauses not yet asserted
    /// false (every solve assumes them false).
    pub(crate) retired: Vec<Lit>,
    /// Connectivity constraints, checked after every satisfying answer.
    pub(crate) connectivity: Vec<super::connected::Connectivity>,
    /// The assumptions of the last solve when it was satisfiable, with the
    /// numbers of clauses and retired literals then: the same question again
    /// has the same answer.
    pub(crate) last_sat: Option<(Vec<Lit>, usize, usize)>,
    /// Every conjunction gate made so far, by its sorted inputs: the same
    /// conjunction asked for again is the same literal (see
    /// [`Model::and`]).
    pub(crate) gates: std::collections::HashMap<Vec<Lit>, Lit>,
}

impl Model {
    /// A new model over `backend` with default [`Limits`].
    pub fn new(backend: Box<dyn SatBackend>) -> Result<Model, SatError> {
        Model::with_limits(backend, Limits::default())
    }

    /// A new model over `backend` that refuses to grow beyond `limits`.
    pub fn with_limits(backend: Box<dyn SatBackend>, limits: Limits) -> Result<Model, SatError> {
        let mut m = Model {
            backend,
            limits,
            n_vars: 0,
            n_clauses: 0,
            t: Lit::pos(super::backend::Var(0)),
            ints: Vec::new(),
            has_model: false,
            touched: Vec::new(),
            owner: Vec::new(),
            pending: 0,
            defining: 0,
            retired: Vec::new(),
            connectivity: Vec::new(),
            last_sat: None,
            gates: std::collections::HashMap::new(),
        };
        let v = m.new_bool()?;
        m.t = v;
        // Added directly: `add_clause` would simplify the unit away.
        m.reserve(0, 1)?;
        m.n_clauses += 1;
        m.backend.add_clause(&[v]);
        Ok(m)
    }

    /// A copy of this model, with the same variables, integers and clauses,
    /// that has answered nothing, when its backend can be copied (a
    /// [`super::backend::prototype_backend`] that has not solved).
    pub fn fork(&self) -> Option<Model> {
        if self.has_model || self.last_sat.is_some() || !self.retired.is_empty() {
            return None;
        }
        Some(Model {
            backend: self.backend.fork()?,
            limits: self.limits,
            n_vars: self.n_vars,
            n_clauses: self.n_clauses,
            t: self.t,
            ints: self.ints.clone(),
            has_model: false,
            touched: self.touched.clone(),
            owner: self.owner.clone(),
            pending: self.pending,
            defining: self.defining,
            retired: Vec::new(),
            connectivity: self.connectivity.clone(),
            last_sat: None,
            gates: self.gates.clone(),
        })
    }

    /// The size limits of this model.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// A literal that is always true.
    pub fn true_lit(&self) -> Lit {
        self.t
    }

    /// A literal that is always false.
    pub fn false_lit(&self) -> Lit {
        !self.t
    }

    /// A literal fixed to the boolean `b`.
    pub fn const_lit(&self, b: bool) -> Lit {
        if b {
            self.t
        } else {
            !self.t
        }
    }

    /// `Some(b)` if `lit` is one of the constant literals.
    pub(crate) fn const_value(&self, lit: Lit) -> Option<bool> {
        if lit == self.t {
            Some(true)
        } else if lit == !self.t {
            Some(false)
        } else {
            None
        }
    }

    /// A fresh boolean variable, as its positive literal.
    pub fn new_bool(&mut self) -> Result<Lit, SatError> {
        if self.n_vars >= self.limits.max_vars {
            return Err(SatError::TooManyVars {
                limit: self.limits.max_vars,
            });
        }
        self.n_vars += 1;
        self.touched.push(false);
        self.owner.push(u32::MAX);
        Ok(Lit::pos(self.backend.new_var()))
    }

    /// Fail early if `extra_vars` more variables or `extra_clauses` more
    /// clauses would exceed the limits (used before large allocations).
    pub(crate) fn reserve(&self, extra_vars: usize, extra_clauses: usize) -> Result<(), SatError> {
        if self.n_vars.saturating_add(extra_vars) > self.limits.max_vars {
            return Err(SatError::TooManyVars {
                limit: self.limits.max_vars,
            });
        }
        if self.n_clauses.saturating_add(extra_clauses) > self.limits.max_clauses {
            return Err(SatError::TooManyClauses {
                limit: self.limits.max_clauses,
            });
        }
        Ok(())
    }

    /// Permanently add the clause `OR lits`. Constant literals are
    /// simplified away; an empty (or all-false) clause makes the model UNSAT.
    pub fn add_clause(&mut self, lits: &[Lit]) -> Result<(), SatError> {
        if lits.contains(&self.t) {
            return Ok(());
        }
        let f = !self.t;
        let filtered: Vec<Lit>;
        let c: &[Lit] = if lits.contains(&f) {
            filtered = lits.iter().copied().filter(|&l| l != f).collect();
            if filtered.is_empty() {
                &[f]
            } else {
                &filtered
            }
        } else if lits.is_empty() {
            &[f]
        } else {
            lits
        };
        if self.n_clauses >= self.limits.max_clauses {
            return Err(SatError::TooManyClauses {
                limit: self.limits.max_clauses,
            });
        }
        if self.pending > 0 {
            for &l in c {
                self.use_lit(l)?;
            }
        }
        self.n_clauses += 1;
        if self.defining == 0 {
            for l in c {
                if let Some(t) = self.touched.get_mut(l.var().index()) {
                    *t = true;
                }
            }
        }
        self.backend.add_clause(c);
        Ok(())
    }

    /// Assert that `lit` holds.
    pub fn add(&mut self, lit: Lit) -> Result<(), SatError> {
        self.add_clause(&[lit])
    }

    /// Solve under `assumptions`: `Ok(true)` if satisfiable. On success the
    /// model can be read with [`Model::lit_value`] and [`Model::value_of`].
    /// A model that breaks a connectivity constraint is never reported: its
    /// cuts are added and the solver runs again (see [`super::connected`]).
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError> {
        if self.has_model
            && self.last_sat.as_ref().is_some_and(|(a, n, r)| {
                a == assumptions && *n == self.n_clauses && *r == self.retired.len()
            })
        {
            return Ok(true);
        }
        self.has_model = false;
        self.last_sat = None;
        // The caller's assumptions first: consecutive solves often share
        // a prefix of them, which the propagating front end reuses.
        let mut a = Vec::with_capacity(assumptions.len() + self.retired.len());
        for &l in assumptions {
            match self.const_value(l) {
                Some(true) => {}
                Some(false) => return Ok(false),
                None => {
                    self.use_lit(l)?;
                    a.push(l);
                }
            }
        }
        a.extend(self.retired.iter().map(|&l| !l));
        let mut rounds = 0usize;
        loop {
            if !self.backend.solve(&a)? {
                return Ok(false);
            }
            if self.connectivity.is_empty() {
                break;
            }
            let cuts = self.connectivity_cuts()?;
            if cuts.is_empty() {
                break;
            }
            rounds += 1;
            if rounds > super::connected::MAX_CUT_ROUNDS {
                return Err(SatError::CutBudget {
                    limit: super::connected::MAX_CUT_ROUNDS,
                });
            }
            for c in cuts {
                self.add_clause(&c)?;
            }
        }
        self.has_model = true;
        self.last_sat = Some((assumptions.to_vec(), self.n_clauses, self.retired.len()));
        Ok(true)
    }

    /// Value of `lit` in the last satisfying model (None if there is none).
    pub fn lit_value(&self, lit: Lit) -> Option<bool> {
        if !self.has_model {
            return None;
        }
        let holds = match self.pending_first(lit) {
            Some(first) => Some(lit.var() == first.var()),
            None => self.backend.value(lit.var()),
        };
        holds.map(|b| if lit.is_positive() { b } else { !b })
    }

    /// Number of SAT variables created through this model.
    pub fn num_vars(&self) -> usize {
        self.n_vars
    }

    /// Number of clauses added through this model.
    pub fn num_clauses(&self) -> usize {
        self.n_clauses
    }
}
