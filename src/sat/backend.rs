//! Solver-independent literals, the [`SatBackend`] trait, errors and limits.

use std::fmt;
use std::ops::Not;

/// A propositional variable, numbered from 0 in creation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub u32);

impl Var {
    /// The 0-based index of this variable.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A literal: a variable with a polarity.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit {
    code: u32,
}

impl Lit {
    /// Literal of `var` with the given polarity (`true` = positive).
    pub fn new(var: Var, positive: bool) -> Lit {
        Lit {
            code: var.0 * 2 + u32::from(!positive),
        }
    }
    /// The positive literal of `var`.
    pub fn pos(var: Var) -> Lit {
        Lit::new(var, true)
    }
    /// The negative literal of `var`.
    pub fn neg(var: Var) -> Lit {
        Lit::new(var, false)
    }
    /// The variable of this literal.
    pub fn var(self) -> Var {
        Var(self.code >> 1)
    }
    /// Whether this literal is the positive one of its variable.
    pub fn is_positive(self) -> bool {
        self.code & 1 == 0
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit {
            code: self.code ^ 1,
        }
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_positive() {
            write!(f, "x{}", self.var().0)
        } else {
            write!(f, "¬x{}", self.var().0)
        }
    }
}

/// Errors from a SAT backend or from the model builder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SatError {
    /// The underlying solver failed (or panicked).
    #[error("SAT solver failure: {0}")]
    Solver(String),
    /// The solver gave up without deciding satisfiability.
    #[error("SAT solver returned an unknown result")]
    Unknown,
    /// Creating another variable would exceed [`Limits::max_vars`].
    #[error("SAT model too large: more than {limit} variables")]
    TooManyVars {
        /// The limit that would have been exceeded.
        limit: usize,
    },
    /// Adding more clauses would exceed [`Limits::max_clauses`].
    #[error("SAT model too large: more than {limit} clauses")]
    TooManyClauses {
        /// The limit that would have been exceeded.
        limit: usize,
    },
    /// An arithmetic overflow while computing coefficients or sums.
    #[error("integer overflow in constraint arithmetic")]
    Overflow,
    /// A connectivity constraint still failed after this many rounds of
    /// cuts in one solve.
    #[error("connectivity check gave up after {limit} rounds of cuts in one solve")]
    CutBudget {
        /// The number of rounds allowed.
        limit: usize,
    },
    /// A malformed request (e.g. mismatched lengths, unknown variable).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

/// Size limits for a model; exceeding them yields an error instead of
/// unbounded memory use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Maximum number of SAT variables.
    pub max_vars: usize,
    /// Maximum number of clauses.
    pub max_clauses: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_vars: 5_000_000,
            max_clauses: 20_000_000,
        }
    }
}

/// An incremental SAT solver. Object safe.
pub trait SatBackend {
    /// Create a fresh variable.
    fn new_var(&mut self) -> Var;
    /// Add a clause permanently (the empty clause makes the formula UNSAT).
    fn add_clause(&mut self, lits: &[Lit]);
    /// Solve under assumptions; Ok(true)=SAT, Ok(false)=UNSAT.
    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError>;
    /// Value of a variable in the last SAT model (None if unknown).
    fn value(&self, var: Var) -> Option<bool>;
    /// Number of variables created so far.
    fn num_vars(&self) -> usize;
    /// Number of clauses added so far.
    fn num_clauses(&self) -> usize;
    /// A copy with the same variables and clauses that has answered
    /// nothing, when this backend can make one (see
    /// [`prototype_backend`]).
    fn fork(&self) -> Option<Box<dyn SatBackend>> {
        None
    }
}

/// The default backend (varisat).
pub fn default_backend() -> Box<dyn SatBackend> {
    Box::new(crate::sat::varisat_backend::VarisatBackend::new())
}

/// Constructor of a backend, as listed by [`available_backends`].
pub type BackendCtor = fn() -> Box<dyn SatBackend>;

/// Every backend compiled in, by name (varisat first).
pub fn available_backends() -> Vec<(&'static str, BackendCtor)> {
    #[allow(unused_mut)]
    let mut v: Vec<(&'static str, BackendCtor)> = vec![("varisat", default_backend)];
    #[cfg(feature = "batsat")]
    v.push(("batsat", || {
        Box::new(crate::sat::batsat_backend::BatsatBackend::new())
    }));
    v
}

/// A constructor of a backend configuration, as listed by [`backend_variants`].
pub type BackendMaker = Box<dyn Fn() -> Box<dyn SatBackend>>;

/// Every backend compiled in, bare and behind the propagating front end
/// ([`super::propagate`]) that generation puts before it: the
/// configurations the conformance tests hold to the same answers.
pub fn backend_variants() -> Vec<(String, BackendMaker)> {
    let mut v: Vec<(String, BackendMaker)> = Vec::new();
    for (name, ctor) in available_backends() {
        v.push((name.to_string(), Box::new(ctor)));
        v.push((
            format!("{name} behind the front end"),
            Box::new(move || Box::new(super::propagate::Propagating::new(ctor()))),
        ));
    }
    v
}

/// The backend that [`current_backend`] constructs, by index into
/// [`available_backends`]; 0 is varisat.
static SELECTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Chooses the backend used for every later constraint model in this
/// process. Generation only follows SAT/UNSAT verdicts, so records are the
/// same whichever backend is chosen.
pub fn select_backend(name: &str) -> Result<(), String> {
    let all = available_backends();
    match all.iter().position(|(n, _)| *n == name) {
        Some(i) => {
            SELECTED.store(i, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }
        None => Err(format!(
            "unknown SAT backend `{name}`; this build has: {} (batsat needs the `batsat` cargo feature)",
            all.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// A new instance of the selected backend, behind the unit-propagation
/// front end ([`super::propagate`]).
pub fn current_backend() -> Box<dyn SatBackend> {
    super::propagate::wrap(selected_ctor())
}

/// A backend of the selected kind meant to be built once and then copied
/// ([`SatBackend::fork`]) for each model that starts from the same clauses:
/// behind the front end it only stores them, so a copy costs no solver.
pub fn prototype_backend() -> Box<dyn SatBackend> {
    super::propagate::prototype(selected_ctor())
}

/// The index of the selected backend in [`available_backends`].
pub fn selected_backend() -> usize {
    SELECTED.load(std::sync::atomic::Ordering::Relaxed)
}

fn selected_ctor() -> BackendCtor {
    available_backends()
        .get(selected_backend())
        .map_or(default_backend as BackendCtor, |(_, ctor)| *ctor)
}
