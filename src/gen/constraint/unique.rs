//! `clue` and `unique`, and the uniqueness checks `dig` and `reveal` share.

use super::{sat_error, Constraints, Outcome};
use crate::eval::interp::iter_values;
use crate::eval::sym::{BoolTerm, IntTerm, Sym};
use crate::eval::symops::bool_term;
use crate::eval::{EvalError, EvalErrorKind as K, EvalResult, Value};
use crate::sat::{CmpOp, Lit};
use crate::span::Span;

impl Constraints {
    pub(super) fn hidden(&self, what: &str, span: Span) -> EvalResult<Vec<i64>> {
        self.solution.clone().ok_or_else(|| {
            EvalError::invalid(
                format!(
                    "`{what}` needs a hidden solution: write `let s = sample solution` before it"
                ),
                span,
            )
        })
    }

    /// Whether no solution of the rules and `assumptions` (whose
    /// conditions are `terms`) differs from `solution`.
    pub(super) fn unique_under(
        &mut self,
        assumptions: &[Lit],
        terms: &[&BoolTerm],
        solution: &[i64],
        span: Span,
    ) -> EvalResult<bool> {
        Ok(!self.decide(assumptions, terms, Some(solution), span)?.0)
    }

    /// `clue EXPR`: add clues that hold in the hidden solution (if sampled).
    pub fn clue(&mut self, v: Value, span: Span) -> EvalResult<Outcome> {
        let items = match &v {
            Value::List(_) => iter_values(&v, span)?,
            other => vec![other.clone()],
        };
        for item in items {
            let cond = match &item {
                Value::Tuple(pair) if pair.len() == 2 => pair[1].clone(),
                other => other.clone(),
            };
            let t = bool_term(&cond, span)?;
            if let Some(sol) = &self.solution {
                if t.eval(sol) != Some(true) {
                    return Err(EvalError::invalid(
                        "a clue is false in the hidden solution",
                        span,
                    ));
                }
            }
            let lit = self.lit(&t).map_err(|e| sat_error(e, span))?;
            self.clues.push(lit);
            self.known.retain(|m| t.eval(m) == Some(true));
            self.state([t.clone()]);
            if let Some(ts) = &mut self.clue_terms {
                ts.push(t);
            }
        }
        // The hidden solution satisfies the rules and the earlier clues, and
        // these hold in it: the verdict is SAT without a solve.
        if self.solution.is_none() {
            let stated = self.view.clues.clone();
            let terms: Vec<&BoolTerm> = stated.iter().collect();
            let clues = self.clues.clone();
            if !self.decide(&clues, &terms, None, span)?.0 {
                return Ok(Outcome::Reject);
            }
        }
        Ok(Outcome::Value(Value::Bool(true)))
    }

    /// Whether the solution (with `differs = None`) or an expression (its
    /// "differs from the hidden value" literal and condition) is unique
    /// under `active` (whose conditions are `terms`); when it is not, a
    /// solution that shows it if one is at hand.
    pub(super) fn unique_check(
        &mut self,
        active: &[Lit],
        terms: &[&BoolTerm],
        differs: Option<(Lit, &BoolTerm)>,
        solution: &[i64],
        span: Span,
    ) -> EvalResult<(bool, Option<Vec<i64>>)> {
        let (sat, witness) = match differs {
            None => self.decide(active, terms, Some(solution), span)?,
            Some((lit, t)) => {
                let mut a = active.to_vec();
                a.push(lit);
                let mut ts = terms.to_vec();
                ts.push(t);
                self.decide(&a, &ts, None, span)?
            }
        };
        Ok((!sat, witness))
    }

    /// The condition "the expression differs from its value in `solution`".
    pub(super) fn differs(
        &mut self,
        v: &Value,
        solution: &[i64],
        span: Span,
    ) -> EvalResult<BoolTerm> {
        let overflow = || EvalError::new(K::Overflow("unique".into()), span);
        Ok(match v {
            Value::Sym(s) => match &**s {
                Sym::Int(t) => {
                    let g = t.eval(solution).ok_or_else(|| {
                        EvalError::invalid("cannot evaluate the expression", span)
                    })?;
                    BoolTerm::compare(t, CmpOp::Ne, &IntTerm::constant(g)).ok_or_else(overflow)?
                }
                Sym::Bool(b) => {
                    let g = b
                        .eval(solution)
                        .ok_or_else(|| EvalError::invalid("cannot evaluate the condition", span))?;
                    if g {
                        BoolTerm::clone(b).negated()
                    } else {
                        BoolTerm::clone(b)
                    }
                }
            },
            Value::List(_) | Value::Tuple(_) => {
                let mut any = Vec::new();
                for x in iter_values(v, span)? {
                    any.push(self.differs(&x, solution, span)?);
                }
                BoolTerm::or(any)
            }
            _ => BoolTerm::Const(false),
        })
    }

    /// `unique EXPR`: the expression has one value over all solutions.
    pub fn unique(&mut self, v: Value, span: Span) -> EvalResult<Outcome> {
        let solution = self.hidden("unique", span)?;
        let differs = self.differs(&v, &solution, span)?;
        let lit = self.lit(&differs).map_err(|e| sat_error(e, span))?;
        let stated = self.view.clues.clone();
        let terms: Vec<&BoolTerm> = stated.iter().collect();
        let clues = self.clues.clone();
        if self
            .unique_check(&clues, &terms, Some((lit, &differs)), &solution, span)?
            .0
        {
            Ok(Outcome::Value(Value::Bool(true)))
        } else {
            Ok(Outcome::Reject)
        }
    }
}
