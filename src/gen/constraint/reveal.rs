//! `reveal`: adding informative clues until the hidden solution (or a value)
//! is unique.

use super::walk::remember;
use super::{sat_error, Constraints, Outcome};
use crate::eval::sym::BoolTerm;
use crate::eval::{EvalResult, Interp, Value};
use crate::span::Span;

impl Constraints {
    /// `reveal CLUES until unique [limit n]`.
    pub fn reveal(
        &mut self,
        interp: &mut Interp<'_>,
        from: Value,
        of: Option<Value>,
        limit: Option<i64>,
        span: Span,
    ) -> EvalResult<Outcome> {
        let solution = self.hidden("reveal", span)?;
        let cands = self.candidate_terms(&from, &solution, span)?;
        let order = interp.sampler(span)?.permutation(cands.len());
        let mut active = self.clues.clone();
        // The conditions of `active`, in the same order.
        let stated = self.view.clues.clone();
        let mut active_terms: Vec<&BoolTerm> = stated.iter().collect();
        let mut chosen = Vec::new();
        let mut chosen_terms = Vec::new();
        // With `of EXPR`, uniqueness is that of the expression's value.
        let differs_term = match &of {
            Some(v) => Some(self.differs(v, &solution, span)?),
            None => None,
        };
        let differs = match &differs_term {
            Some(t) => Some((self.lit(t).map_err(|e| sat_error(e, span))?, t)),
            None => None,
        };
        // Whether a model of `active` shows that it is not yet unique.
        let counterexample = |m: &[i64]| match &differs_term {
            None => m != solution.as_slice(),
            Some(t) => t.eval(m) == Some(true),
        };
        // Full assignments known to satisfy `active` (models found after SAT
        // verdicts, dropped when a new clue rules them out). A candidate one
        // of them violates is certainly not implied, and one that differs
        // from the hidden solution shows it is not unique, so those solves
        // are skipped; the verdicts, and so the item, are the same.
        let mut pool: Vec<Vec<i64>> = std::mem::take(&mut self.known);
        let mut unique = if pool.iter().any(|w| counterexample(w)) {
            false
        } else {
            let (u, witness) =
                self.unique_check(&active, &active_terms, differs, &solution, span)?;
            remember(&mut pool, witness);
            u
        };
        for i in order {
            if unique {
                break;
            }
            // At the limit and not unique: the next informative clue would
            // exceed it, and without one the value stays ambiguous.
            if limit.is_some_and(|l| chosen.len() as i64 >= l) {
                return Ok(Outcome::Reject);
            }
            let (label, term) = &cands[i];
            let lit = &self.lit(term).map_err(|e| sat_error(e, span))?;
            // Skip a clue the current ones already imply.
            let informative = if pool.iter().any(|w| term.eval(w) == Some(false)) {
                true
            } else {
                active.push(!*lit);
                let negated = BoolTerm::Not(Box::new(term.clone()));
                let mut ts = active_terms.clone();
                ts.push(&negated);
                let (sat, witness) = self.decide(&active, &ts, None, span)?;
                active.pop();
                remember(&mut pool, witness);
                sat
            };
            if !informative {
                continue;
            }
            if limit.is_some_and(|l| chosen.len() as i64 >= l) {
                return Ok(Outcome::Reject);
            }
            active.push(*lit);
            active_terms.push(term);
            chosen.push(label.clone());
            chosen_terms.push(term.clone());
            pool.retain(|w| term.eval(w) == Some(true));
            unique = if pool.iter().any(|w| counterexample(w)) {
                false
            } else {
                let (u, witness) =
                    self.unique_check(&active, &active_terms, differs, &solution, span)?;
                remember(&mut pool, witness);
                u
            };
        }
        if !unique {
            return Ok(Outcome::Reject);
        }
        self.clues = active;
        self.known.clear();
        self.state(chosen_terms.iter().cloned());
        if let Some(ts) = &mut self.clue_terms {
            ts.extend(chosen_terms);
        }
        Ok(Outcome::Value(Value::list(chosen)))
    }
}
