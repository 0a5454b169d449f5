//! `reveal`: adding informative clues until the hidden solution (or a value)
//! is unique.

use super::witnesses::{Terms, Witnesses};
use super::{sat_error, Constraints, Outcome};
use crate::eval::sym::BoolTerm;
use crate::eval::{EvalResult, Interp, Value};
use crate::fd::{Base, Propagation};
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
        // Models known to satisfy `active` (found after SAT verdicts, split
        // into independent parts, dropped when a new clue rules them out;
        // see `witnesses.rs`). A candidate one of them violates is certainly
        // not implied, and one that differs from the hidden solution shows
        // it is not unique, so those solves are skipped; the verdicts, and
        // so the item, are the same.
        // (`stated` holds the same conditions as `clue_terms`, which is
        // `None` once some clue has none.)
        let rule_terms: Vec<BoolTerm> = self.rule_terms.iter().map(|r| r.term.clone()).collect();
        let terms = Terms {
            rules: rule_terms.iter().collect(),
            clues: self.clue_terms.is_some().then(|| stated.iter().collect()),
            candidates: &cands,
        };
        let mut pool = Witnesses::new(
            terms,
            &solution,
            counterexample,
            std::mem::take(&mut self.known),
        );
        // What propagation of `active` fixes (computed when first needed,
        // extended after each added clue): a candidate it implies is
        // skipped, and with every unknown fixed the solution is unique,
        // without a solve either way.
        let fd_base = self.fd_view();
        let mut fix = Propagated::default();
        // Whether the clues in force leave the solution (or the value)
        // unique: settled at the start and again after each added clue.
        let (mut unique, mut settled) = (false, false);
        let mut order = order.into_iter();
        loop {
            if !settled {
                unique = if pool.any_counterexample() {
                    false
                } else if differs.is_none() && fix.fixes_all(fd_base.as_deref(), &active_terms) {
                    true
                } else {
                    let (u, witness) =
                        self.unique_check(&active, &active_terms, differs, &solution, span)?;
                    pool.remember(witness);
                    u
                };
                settled = true;
            }
            if unique {
                break;
            }
            let Some(i) = order.next() else { break };
            // At the limit and not unique: the next informative clue would
            // exceed it, and without one the value stays ambiguous.
            if limit.is_some_and(|l| chosen.len() as i64 >= l) {
                return Ok(Outcome::Reject);
            }
            let (label, term) = &cands[i];
            let lit = &self.lit(term).map_err(|e| sat_error(e, span))?;
            // Skip a clue the current ones already imply.
            let informative = if pool.any_violates(i) {
                true
            } else if fix.implies(fd_base.as_deref(), &active_terms, term) {
                false
            } else {
                active.push(!*lit);
                let negated = BoolTerm::Not(Box::new(term.clone()));
                let mut ts = active_terms.clone();
                ts.push(&negated);
                let (sat, witness) = self.decide(&active, &ts, None, span)?;
                active.pop();
                pool.remember(witness);
                sat
            };
            if !informative {
                continue;
            }
            active.push(*lit);
            active_terms.push(term);
            chosen.push(label.clone());
            chosen_terms.push(term.clone());
            pool.add_clue(i);
            settled = false;
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

/// The propagation of the clues in force, built when first asked for and
/// brought up to date with the clues added since. Where it settles nothing
/// (early in a reveal, or clues whose unknowns propagation never fixes) it
/// only costs, so after every four questions
/// in a row it leaves open it skips twice as many (up to 64) before it is
/// asked again, and a settled question resets that.
#[derive(Default)]
struct Propagated<'a> {
    propagation: Option<Propagation<'a>>,
    added: usize,
    /// Questions put to it so far, and the first one it answers again.
    calls: u32,
    next: u32,
    /// Questions left open in a row.
    misses: u32,
}

impl<'a> Propagated<'a> {
    /// Whether propagation shows that the clues `terms` imply `t`.
    fn implies(&mut self, base: Option<&'a Base>, terms: &[&'a BoolTerm], t: &BoolTerm) -> bool {
        self.ask(base, terms, |p| p.entails(t))
    }

    /// Whether propagation of the clues `terms` fixes every unknown.
    fn fixes_all(&mut self, base: Option<&'a Base>, terms: &[&'a BoolTerm]) -> bool {
        self.ask(base, terms, Propagation::all_fixed)
    }

    fn ask(
        &mut self,
        base: Option<&'a Base>,
        terms: &[&'a BoolTerm],
        question: impl FnOnce(&Propagation<'a>) -> bool,
    ) -> bool {
        self.calls += 1;
        if self.calls < self.next {
            return false;
        }
        let settled = self.current(base, terms).is_some_and(question);
        self.misses = if settled { 0 } else { self.misses + 1 };
        self.next = self.calls + (1u32 << (self.misses / 4).min(6));
        settled
    }

    /// The propagation of `terms` (which only grow), or `None` without the
    /// finite-domain engine's view of the rules.
    fn current(
        &mut self,
        base: Option<&'a Base>,
        terms: &[&'a BoolTerm],
    ) -> Option<&Propagation<'a>> {
        if self.propagation.is_none() {
            self.propagation = Some(Propagation::new(base?));
        }
        let p = self.propagation.as_mut()?;
        for t in &terms[self.added..] {
            p.add(t);
        }
        self.added = terms.len();
        Some(p)
    }
}
