//! `maximize` / `minimize`: the optimum under the clues becomes a clue.

use super::{sat_error, Constraints, Outcome};
use crate::eval::sym::{BoolTerm, IntTerm};
use crate::eval::symops::int_term;
use crate::eval::{EvalError, EvalErrorKind as K, EvalResult, Value};
use crate::sat::CmpOp;
use crate::span::Span;

impl Constraints {
    /// `maximize EXPR` / `minimize EXPR`: the optimum under the clues, which
    /// then becomes a clue, so later solutions are optimal.
    pub fn optimize(&mut self, v: Value, maximize: bool, span: Span) -> EvalResult<Outcome> {
        if self.solution.is_some() {
            return Err(EvalError::invalid(
                "`maximize`/`minimize` must come before `sample solution`",
                span,
            ));
        }
        let t = int_term(&v, span)?;
        let lin = self.lin_expr(&t).map_err(|e| sat_error(e, span))?;
        let best = if maximize {
            self.model.maximize(&lin, &self.clues.clone())
        } else {
            self.model.minimize(&lin, &self.clues.clone())
        }
        .map_err(|e| sat_error(e, span))?;
        let Some(best) = best else {
            return Ok(Outcome::Reject);
        };
        let at = BoolTerm::compare(&t, CmpOp::Eq, &IntTerm::constant(best))
            .ok_or_else(|| EvalError::new(K::Overflow("optimum".into()), span))?;
        let lit = self.lit(&at).map_err(|e| sat_error(e, span))?;
        self.clues.push(lit);
        self.known.clear();
        self.state([at.clone()]);
        if let Some(ts) = &mut self.clue_terms {
            ts.push(at);
        }
        Ok(Outcome::Value(Value::Int(best)))
    }
}
