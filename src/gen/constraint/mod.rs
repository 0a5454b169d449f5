//! The constraint half of generation: the unknowns of `find`, the rules, and
//! the statements that use the SAT backend (`sample solution`, `dig`,
//! `reveal`, `clue`, `unique`, `maximize`/`minimize`).
//!
//! Determinism: only SAT/UNSAT verdicts steer generation. The hidden solution
//! comes from an oracle walk (unknowns and values in RNG order, keep a value
//! while the model stays satisfiable), never from a model the solver returns,
//! so records do not change when the backend does. Clues are assumptions on
//! one incremental solver per attempt.

use crate::effort::ModelView;
use crate::eval::fuel::{exhausted, Resource};
use crate::eval::sym::{BoolTerm, Sym};
use crate::eval::{EvalError, EvalErrorKind as K, EvalResult, Interp, Value};
use crate::sat::{current_backend, IntVar, Lit, Model, SatError};
use crate::span::Span;
use std::rc::Rc;

mod decide;
mod dig;
mod encode;
mod layout;
mod model;
mod optimise;
mod plant;
mod prototype;
pub use prototype::set_model_reuse;
mod reveal;
mod rule_check;
#[cfg(test)]
mod tests;
mod unique;
mod walk;
mod witnesses;

/// One `find`: its name, its array of unknowns, and each cell's label.
#[derive(Clone)]
struct FindLayout {
    name: String,
    /// Nested lists/maps of symbolic unknowns, as specs index them.
    value: Value,
    /// Unknown ids in index order.
    ids: Vec<usize>,
    /// The index tuple of each cell (a single value for one index).
    labels: Vec<Value>,
    /// Index ranges when every index is `0..n` (for symmetries).
    dims: Option<Vec<usize>>,
}

/// The constraint model of one generation attempt.
pub struct Constraints {
    model: Model,
    vars: Vec<IntVar>,
    domains: Vec<Vec<i64>>,
    finds: Vec<FindLayout>,
    /// The hidden solution, once sampled.
    solution: Option<Vec<i64>>,
    /// Active clue literals (assumptions of every solve).
    clues: Vec<Lit>,
    /// Every rule instance asserted, to name the culprit of a contradiction.
    rule_terms: Vec<RuleTerm>,
    /// Full assignments known to satisfy the rules and the current clues
    /// (models the walk of `sample solution` met), used only as proofs of
    /// satisfiability; emptied when the clues change.
    known: Vec<Vec<i64>>,
    /// The condition of each clue, while every clue has one: with the rule
    /// terms, an assignment that satisfies them all is a model.
    clue_terms: Option<Vec<BoolTerm>>,
    /// The model as the search-effort builtins see it (rules, domains and
    /// every clue in force as a condition).
    view: ModelView,
    /// The finite-domain engine's view of the rules (built when first used).
    fd: decide::FdState,
    /// Questions the finite-domain engine settled and missed.
    fd_record: (u32, u32),
    /// Rule instances asserted by layout rules (`rule` inside `generate`).
    layout: usize,
    /// Open `retry` runs that began with this model built (see
    /// [`Constraints::hold`]): layout rules are refused while any is open.
    held: u32,
}

/// One instance of a rule, as asserted.
#[derive(Clone)]
struct RuleTerm {
    /// The rule's name.
    name: String,
    /// Its bindings, as ` (for g = 0..9)`, or empty.
    at: String,
    span: Span,
    term: BoolTerm,
}

/// What the statements of a `retry` block may change in a model, saved so
/// that a run that rejects can be undone (see [`Constraints::save`]).
pub struct Saved {
    clues: Vec<Lit>,
    clue_terms: Option<Vec<BoolTerm>>,
    stated: Rc<Vec<BoolTerm>>,
    known: Vec<Vec<i64>>,
    solution: Option<Vec<i64>>,
}

/// The result of a constraint statement.
pub enum Outcome {
    /// A value to bind (or nothing).
    Value(Value),
    /// The attempt is rejected (e.g. digging could not reach `keep`).
    Reject,
}

fn sat_error(e: SatError, span: Span) -> EvalError {
    match e {
        SatError::TooManyVars { limit } => exhausted(Resource::Vars, limit as u64, span),
        SatError::TooManyClauses { limit } => exhausted(Resource::Clauses, limit as u64, span),
        e => EvalError::new(K::Invalid(format!("constraint model: {e}")), span),
    }
}

impl Constraints {
    /// Fails before building `count` more unknowns of a domain of `values`
    /// values (one variable per value when there are two or more) if
    /// they cannot fit the variable limit, so a huge grid stops at once.
    fn room_for(
        &self,
        interp: &Interp<'_>,
        count: usize,
        values: usize,
        span: Span,
    ) -> EvalResult<()> {
        let per = if values > 1 { values as u128 } else { 0 };
        let needed = self.model.num_vars() as u128 + count as u128 * per;
        let limit = interp.fuel().limits().get(Resource::Vars);
        if needed > limit as u128 {
            return Err(exhausted(Resource::Vars, limit, span));
        }
        Ok(())
    }

    /// The model's variables and clauses.
    pub fn size(&self) -> (usize, usize) {
        (self.model.num_vars(), self.model.num_clauses())
    }

    /// A model with no unknowns, rules or clues yet.
    fn empty(model: Model) -> Constraints {
        Constraints {
            model,
            vars: Vec::new(),
            domains: Vec::new(),
            finds: Vec::new(),
            solution: None,
            clues: Vec::new(),
            rule_terms: Vec::new(),
            known: Vec::new(),
            clue_terms: Some(Vec::new()),
            view: ModelView::default(),
            fd: decide::FdState::default(),
            fd_record: (0, 0),
            layout: 0,
            held: 0,
        }
    }

    /// The model for the search-effort builtins: shared, not copied.
    pub fn view(&self) -> ModelView {
        self.view.clone()
    }

    /// Adds conditions to the clues the effort view states.
    fn state(&mut self, terms: impl IntoIterator<Item = BoolTerm>) {
        Rc::make_mut(&mut self.view.clues).extend(terms);
    }

    /// The clues, known models and hidden solution, to undo what a
    /// `retry` run added. Everything else a statement adds to the solver is
    /// a definition (a literal and the clauses that define it) or a clause
    /// the rules imply, which stays sound whatever the clues are.
    pub fn save(&self) -> Saved {
        Saved {
            clues: self.clues.clone(),
            clue_terms: self.clue_terms.clone(),
            stated: self.view.clues.clone(),
            known: self.known.clone(),
            solution: self.solution.clone(),
        }
    }

    /// Returns to a [`Constraints::save`].
    pub fn restore(&mut self, point: &Saved) {
        self.clues = point.clues.clone();
        self.clue_terms = point.clue_terms.clone();
        self.view.clues = point.stated.clone();
        self.known = point.known.clone();
        self.solution = point.solution.clone();
    }

    /// The rules alone have no solution: name the first rule that, added to
    /// the ones before it, leaves none (by re-adding them one at a time).
    fn contradiction(&self, span: Span) -> EvalError {
        let culprit = (|| -> Result<Option<(String, Span)>, SatError> {
            let mut probe = Constraints::empty(Model::new(current_backend())?);
            probe.domains = self.domains.clone();
            for d in &self.domains {
                let x = probe.model.new_int(d)?;
                probe.vars.push(x);
            }
            for r in &self.rule_terms {
                probe.assert(&r.term)?;
                if !probe.model.solve(&[])? {
                    return Ok(Some((r.name.clone(), r.span)));
                }
            }
            Ok(None)
        })();
        match culprit {
            Ok(Some((name, rule_span))) => EvalError::invalid(
                format!(
                    "the rules have no solution: rule `{name}` contradicts the rules before it"
                ),
                rule_span,
            ),
            _ => EvalError::invalid("the rules have no solution", span),
        }
    }

    /// The last model as a full assignment, if it assigns every unknown.
    fn complete_model(&self) -> Option<Vec<i64>> {
        self.model_values().into_iter().collect()
    }

    /// The value of every unknown in the last model (after a SAT verdict).
    fn model_values(&self) -> Vec<Option<i64>> {
        self.vars.iter().map(|&x| self.model.value_of(x)).collect()
    }

    /// The solution as a map from each `find` name to its array of values.
    fn solution_value(&self) -> Value {
        let sol = self.solution.clone().unwrap_or_default();
        Value::Map(Rc::new(
            self.finds
                .iter()
                .map(|f| (Value::str(&f.name), substitute(&f.value, &sol)))
                .collect(),
        ))
    }
}

/// Replaces every expression over unknowns by its value in `solution`.
pub fn substitute(v: &Value, solution: &[i64]) -> Value {
    match v {
        Value::Sym(s) => match &**s {
            Sym::Int(t) => t.eval(solution).map_or(Value::Int(0), Value::Int),
            Sym::Bool(b) => Value::Bool(b.eval(solution).unwrap_or(false)),
        },
        Value::List(xs) => Value::list(xs.iter().map(|x| substitute(x, solution)).collect()),
        Value::Tuple(xs) => Value::tuple(xs.iter().map(|x| substitute(x, solution)).collect()),
        Value::Map(entries) => Value::Map(Rc::new(
            entries
                .iter()
                .map(|(k, x)| (k.clone(), substitute(x, solution)))
                .collect(),
        )),
        other => other.clone(),
    }
}
