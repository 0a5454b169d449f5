//! Satisfiability and uniqueness questions, answered by the finite-domain
//! engine ([`crate::fd`]) when it can tell and by the SAT backend
//! otherwise. Either gives the same verdict, and a witness is only ever a
//! proof of satisfiability, so records do not depend on which answered.

use super::{sat_error, Constraints};
use crate::eval::sym::BoolTerm;
use crate::eval::EvalResult;
use crate::fd::{self, Answer, Base, Engine, Question, NODE_BUDGET};
use crate::sat::Lit;
use crate::span::Span;
use std::rc::Rc;

/// The finite-domain view of a model's rules, built at the first question.
#[derive(Default, Clone)]
pub(super) enum FdState {
    #[default]
    Unbuilt,
    Ready(Rc<Base>),
    /// A domain is too large for the engine.
    Unsupported,
}

/// After this many questions the engine could not settle (or was not
/// asked, having no propagator for a condition), it is asked again only
/// while it settles more than four times as many as it misses.
const MISSES: u32 = 8;

impl Constraints {
    /// The engine's view of the rules, unless the SAT backend is forced,
    /// the model cannot be represented, or the engine keeps missing.
    pub(super) fn fd_base(&mut self) -> Option<Rc<Base>> {
        if fd::engine() == Engine::Sat {
            return None;
        }
        let (hits, misses) = self.fd_record;
        if misses >= MISSES && misses.saturating_mul(4) > hits {
            return None;
        }
        self.fd_view()
    }

    /// The engine's view of the rules, unless the SAT backend is forced or
    /// the model cannot be represented (whatever the engine's record).
    pub(super) fn fd_view(&mut self) -> Option<Rc<Base>> {
        if fd::engine() == Engine::Sat {
            return None;
        }
        if matches!(self.fd, FdState::Unbuilt) {
            self.fd = match Base::new(&self.domains, &self.view.rules) {
                Some(b) => FdState::Ready(Rc::new(b)),
                None => FdState::Unsupported,
            };
        }
        match &self.fd {
            FdState::Ready(b) => Some(b.clone()),
            _ => None,
        }
    }

    /// Whether some solution satisfies the rules and `lits` (whose
    /// conditions are `terms`, in any order) and, with `avoid`, differs
    /// from it; when one does, a solution that shows it if one is at hand.
    pub(super) fn decide(
        &mut self,
        lits: &[Lit],
        terms: &[&BoolTerm],
        avoid: Option<&[i64]>,
        span: Span,
    ) -> EvalResult<(bool, Option<Vec<i64>>)> {
        if let Some(base) = self.fd_base() {
            let mut q = Question::new(&base);
            q.conditions(terms, 0);
            if let Some(s) = avoid {
                q.avoid(s);
            }
            if let Some(verdict) = self.recorded(engine_answer(q)) {
                return Ok(verdict);
            }
        }
        let sat = match avoid {
            Some(s) => {
                let vars = self.vars.clone();
                !self
                    .model
                    .is_unique_under(lits, &vars, s)
                    .map_err(|e| sat_error(e, span))?
            }
            None => self.model.solve(lits).map_err(|e| sat_error(e, span))?,
        };
        Ok((sat, if sat { self.complete_model() } else { None }))
    }

    /// The verdict and witness of an engine's answer, counted in the
    /// engine's record; `None` when it could not tell.
    fn recorded(&mut self, answer: Answer) -> Option<(bool, Option<Vec<i64>>)> {
        let verdict = match answer {
            Answer::Sat(m) => (true, Some(m)),
            Answer::Unsat => (false, None),
            Answer::Unknown => {
                self.fd_record.1 += 1;
                return None;
            }
        };
        self.fd_record.0 += 1;
        Some(verdict)
    }

    /// Whether some solution of the rules and `lits` (whose conditions are
    /// `terms`) breaks at least one of the `dropped` clues (each a literal
    /// and its condition); when one does, a solution that shows it if one
    /// is at hand.
    ///
    /// When `lits` and the dropped clues together leave one solution, this
    /// is the question whether `lits` alone leave another (every other
    /// solution breaks a dropped clue), asked so that the finite-domain
    /// engine starts from narrower domains: the `k`-th question keeps the
    /// clues before `k` and breaks clue `k`.
    pub(super) fn breaks_one(
        &mut self,
        lits: &[Lit],
        terms: &[&BoolTerm],
        dropped: &[(Lit, &BoolTerm)],
        span: Span,
    ) -> EvalResult<(bool, Option<Vec<i64>>)> {
        if let Some(base) = self.fd_base() {
            let broken: Vec<BoolTerm> = dropped.iter().map(|(_, t)| negation(t)).collect();
            let mut kept = Question::new(&base);
            kept.conditions(terms, dropped.len());
            let mut answer = Answer::Unsat;
            for (k, b) in broken.iter().enumerate() {
                if k > 0 {
                    kept.condition(dropped[k - 1].1);
                }
                let mut q = kept.clone();
                q.condition(b);
                answer = engine_answer(q);
                if answer != Answer::Unsat {
                    break;
                }
            }
            if let Some(verdict) = self.recorded(answer) {
                return Ok(verdict);
            }
        }
        let broken: Vec<Lit> = dropped.iter().map(|(l, _)| !*l).collect();
        let sat = self
            .model
            .solve_with_clause(lits, &broken)
            .map_err(|e| sat_error(e, span))?;
        Ok((sat, if sat { self.complete_model() } else { None }))
    }
}

/// The finite-domain engine's answer, or `Unknown` for a question with a
/// condition it only tests on values (the search would be slow: SAT
/// answers those faster).
fn engine_answer(q: Question<'_>) -> Answer {
    if q.is_propagated() {
        fd::solve(q, NODE_BUDGET)
    } else {
        Answer::Unknown
    }
}

/// The condition that holds exactly where `t` does not. A comparison stays
/// a comparison (`a < b` becomes `a >= b`), which the finite-domain engine
/// propagates; `not (a < b)` it would only test once every unknown but one
/// is fixed.
fn negation(t: &BoolTerm) -> BoolTerm {
    match t {
        BoolTerm::Cmp(term, op) => BoolTerm::Cmp(term.clone(), op.negate()),
        other => other.clone().negated(),
    }
}
