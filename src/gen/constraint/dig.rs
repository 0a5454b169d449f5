//! `dig`: removing clues while the hidden solution stays unique.

use super::{sat_error, Constraints, Outcome};
use crate::effort::ModelView;
use crate::eval::interp::{expect_bool, iter_values};
use crate::eval::sym::{BoolTerm, IntTerm};
use crate::eval::symops::bool_term;
use crate::eval::{Env, EvalError, EvalErrorKind as K, EvalResult, Interp, Value};
use crate::sat::{CmpOp, Lit};
use crate::span::Span;
use crate::syntax::ast::Expr;
use std::rc::Rc;

impl Constraints {
    /// `(label, constraint)` candidates as terms, each checked to hold in
    /// the hidden solution; encoding waits until a candidate is used.
    pub(super) fn candidate_terms(
        &mut self,
        v: &Value,
        solution: &[i64],
        span: Span,
    ) -> EvalResult<Vec<(Value, BoolTerm)>> {
        let mut out = Vec::new();
        for item in iter_values(v, span)? {
            let (label, cond) = match &item {
                Value::Tuple(pair) if pair.len() == 2 => (pair[0].clone(), pair[1].clone()),
                other => (other.clone(), other.clone()),
            };
            let t = bool_term(&cond, span)?;
            if t.eval(solution) != Some(true) {
                return Err(EvalError::invalid(
                    format!(
                        "the clue labelled `{}` is false in the hidden solution",
                        label.display()
                    ),
                    span,
                ));
            }
            out.push((label, t));
        }
        Ok(out)
    }

    /// `dig cell from grid keep n` / `dig CLUES keep n`, optionally `while
    /// COND` (evaluated in `env` with the model as it would be after each
    /// removal; a removal that makes it false is undone, and a condition
    /// false before digging rejects the attempt).
    #[allow(clippy::too_many_arguments)]
    pub fn dig(
        &mut self,
        interp: &mut Interp<'_>,
        var: Option<&str>,
        from: Value,
        keep: Option<i64>,
        symmetry: Option<&str>,
        while_cond: Option<(&Expr, &Env)>,
        span: Span,
    ) -> EvalResult<Outcome> {
        let solution = self.hidden("dig", span)?;
        let mut cands: Vec<(Value, Lit)> = Vec::new();
        let mut terms: Vec<BoolTerm> = Vec::new();
        let mut partner: Option<Vec<usize>> = None;
        if let Some(name) = var {
            let find = self
                .finds
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| EvalError::invalid(format!("`{name}` is not a `find`"), span))?;
            let (ids, labels) = (
                self.finds[find].ids.clone(),
                self.finds[find].labels.clone(),
            );
            for (id, label) in ids.iter().zip(labels) {
                cands.push((label, self.model.eq_lit(self.vars[*id], solution[*id])));
                terms.push(BoolTerm::Cmp(
                    IntTerm::var(*id)
                        .add_scaled(&IntTerm::constant(solution[*id]), -1)
                        .ok_or_else(|| EvalError::new(K::Overflow("dig".into()), span))?,
                    CmpOp::Eq,
                ));
            }
            if symmetry == Some("rot180") {
                let dims = self.finds[find]
                    .dims
                    .clone()
                    .filter(|d| d.len() == 2)
                    .ok_or_else(|| {
                        EvalError::invalid("`symmetry rot180` needs a find over `0..n, 0..m`", span)
                    })?;
                let (h, w) = (dims[0], dims[1]);
                partner = Some(
                    (0..ids.len())
                        .map(|i| (h - 1 - i / w) * w + (w - 1 - i % w))
                        .collect(),
                );
            }
        } else {
            for (label, t) in self.candidate_terms(&from, &solution, span)? {
                let lit = self.lit(&t).map_err(|e| sat_error(e, span))?;
                cands.push((label, lit));
                terms.push(t);
            }
        }
        // `keep minimal` removes every clue that can go.
        let (keep, exact) = match keep {
            Some(k) if k < 0 => {
                return Err(EvalError::invalid(
                    format!("`keep` is {k}; it cannot be negative"),
                    span,
                ))
            }
            Some(k) => (k, true),
            None => (0, false),
        };
        // A candidate that is already a clue (a `reveal`'s result, a `clue`)
        // leaves the model first: the clues this dig keeps are then their
        // only copies, so the proof assumes nothing but them and the other
        // clues stated so far.
        debug_assert_eq!(self.clues.len(), self.view.clues.len());
        let (base, stated): (Vec<Lit>, Vec<BoolTerm>) = self
            .clues
            .iter()
            .zip(self.view.clues.iter())
            .filter(|(_, t)| !terms.contains(t))
            .map(|(l, t)| (*l, t.clone()))
            .unzip();
        let stated = Rc::new(stated);
        let mut active = vec![true; cands.len()];
        let assumptions = |active: &[bool]| -> Vec<Lit> {
            base.iter()
                .copied()
                .chain(
                    cands
                        .iter()
                        .zip(active)
                        .filter(|(_, a)| **a)
                        .map(|((_, l), _)| *l),
                )
                .collect()
        };
        // The conditions of those assumptions.
        let conditions = |active: &[bool]| -> Vec<&BoolTerm> {
            stated
                .iter()
                .chain(
                    terms
                        .iter()
                        .zip(active)
                        .filter(|(_, a)| **a)
                        .map(|(t, _)| t),
                )
                .collect()
        };
        // Whether the `while` condition holds with the active candidates.
        let holds = |interp: &mut Interp<'_>, view: &ModelView, active: &[bool]| {
            let Some((cond, env)) = while_cond else {
                return Ok(true);
            };
            let mut clues = (*stated).clone();
            clues.extend(
                terms
                    .iter()
                    .zip(active)
                    .filter(|(_, a)| **a)
                    .map(|(t, _)| t.clone()),
            );
            let trial = ModelView {
                clues: Rc::new(clues),
                ..view.clone()
            };
            interp.set_model(Some(trial));
            let v = interp.eval(cond, env);
            interp.set_model(Some(view.clone()));
            expect_bool(&v?, cond.span)
        };
        let view = self.view.clone();
        if !self.unique_under(&assumptions(&active), &conditions(&active), &solution, span)?
            || !holds(interp, &view, &active)?
        {
            return Ok(Outcome::Reject);
        }
        let mut count = cands.len() as i64;
        let order = interp.sampler(span)?.permutation(cands.len());
        for i in order {
            if count <= keep {
                break;
            }
            if !active[i] {
                continue;
            }
            let mut group = vec![i];
            if let Some(p) = &partner {
                if p[i] != i {
                    group.push(p[i]);
                }
            }
            if count - (group.len() as i64) < keep {
                continue;
            }
            for &g in &group {
                active[g] = false;
            }
            // The condition first: it is often cheaper than the solve, and
            // both must hold, so the order changes no verdict. The active
            // clues with the group's left one solution, so another solution
            // now must break a clue of the group: that is the question.
            let dropped: Vec<(Lit, &BoolTerm)> =
                group.iter().map(|&g| (cands[g].1, &terms[g])).collect();
            if holds(interp, &view, &active)?
                && !self
                    .breaks_one(&assumptions(&active), &conditions(&active), &dropped, span)?
                    .0
            {
                count -= group.len() as i64;
            } else {
                for &g in &group {
                    active[g] = true;
                }
            }
        }
        if exact && count > keep {
            return Ok(Outcome::Reject);
        }
        self.clues = assumptions(&active);
        self.known.clear();
        self.clue_terms = None;
        self.view.clues = stated;
        self.state(
            terms
                .into_iter()
                .zip(&active)
                .filter(|(_, a)| **a)
                .map(|(t, _)| t),
        );
        Ok(Outcome::Value(Value::list(
            cands
                .iter()
                .zip(&active)
                .filter(|(_, a)| **a)
                .map(|((label, _), _)| label.clone())
                .collect(),
        )))
    }
}
