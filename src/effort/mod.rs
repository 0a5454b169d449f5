//! Search effort: measures of how hard a constraint model is to solve by
//! hand-style reasoning, independent of the SAT backend.
//!
//! The generator's proofs come from the SAT backend, whose effort depends on
//! the solver and its encoding. A benchmark that gates items on "needs
//! guessing" or "at most so many search nodes" needs a measure that is a
//! property of the model alone: [`propagation_solves`] (a fixed propagation
//! over the model's integer unknowns reaches a single value for each) and
//! [`search_nodes`] (the node count of a fixed backtracking search). Both are
//! deterministic functions of the rules, the clues in force and the
//! unknowns' domains; no solver, thread count or random draw enters them.
//! `docs/language.md` (section 14, "Search effort") states both precisely.

mod problem;
mod propagate;
mod search;

pub(crate) use problem::at_most_zero;
pub use problem::{EffortError, Problem};
pub use propagate::propagation_solves;
pub use search::search_nodes;

use crate::eval::sym::BoolTerm;
use crate::eval::Value;
use std::rc::Rc;

/// The constraint model as the effort measures see it: the unknowns'
/// domains, the rule instances, and the clues in force, each as a condition.
/// The generator shares it with the evaluator by reference counting, so
/// handing it over costs nothing.
#[derive(Debug, Clone, Default)]
pub struct ModelView {
    /// Each unknown's domain, ascending, by unknown id.
    pub domains: Rc<Vec<Vec<i64>>>,
    /// Every rule instance.
    pub rules: Rc<Vec<BoolTerm>>,
    /// Every clue in force.
    pub clues: Rc<Vec<BoolTerm>>,
    /// What the rule instances and the unknowns are called (for `explain`).
    pub names: Rc<ModelNames>,
}

/// The names of a model's parts, as a deduction trace reports them.
#[derive(Debug, Clone, Default)]
pub struct ModelNames {
    /// Per rule instance (as in [`ModelView::rules`]): the rule's name and
    /// its binding (the value of its one `for` name, a tuple of several, or
    /// the empty tuple without `for`).
    pub rules: Vec<(String, Value)>,
    /// Per unknown: its `find`'s name, its index (one value, or a tuple of
    /// several), and whether the `find` is boolean.
    pub cells: Vec<(String, Value, bool)>,
}

impl ModelView {
    /// The problem the measures run on: the rules and the clues together.
    pub fn problem(&self) -> Result<Problem, EffortError> {
        Problem::new(&self.domains, self.rules.iter().chain(self.clues.iter()))
    }
}
