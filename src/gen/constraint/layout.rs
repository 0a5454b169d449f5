//! Layout rules: a `rule` inside `generate`, which reads values drawn there
//! and joins the model, like a top-level rule, for every later statement.

use super::{decide::FdState, Constraints};
use crate::eval::{Env, EvalError, EvalResult, Interp};
use crate::span::Span;
use crate::syntax::ast::Rule;
use std::rc::Rc;

impl Constraints {
    /// `rule NAME for …: COND` inside `generate`: asserts its instances as
    /// rules. After `sample solution` (or `plant solution`) each must hold
    /// in the hidden solution, which then still satisfies the whole model.
    ///
    /// Rules are permanent clauses, which a `retry` cannot take back; so
    /// inside a `retry` whose run began with this model already built, a
    /// rule is an error. (A model built inside the run is dropped whole when
    /// the run is undone, so rules there are fine.)
    pub fn layout_rule(
        &mut self,
        interp: &mut Interp<'_>,
        env: &Env,
        rule: &Rule,
    ) -> EvalResult<()> {
        if self.held > 0 {
            return Err(EvalError::invalid(
                format!(
                    "rule `{}` cannot join a model built before the `retry` around it: a rejected run could not take it back. Build the model inside the `retry` (no constraint statement before it), move the rule before the `retry`, or state the condition with `clue`, which a `retry` undoes",
                    rule.name.name
                ),
                rule.span,
            ));
        }
        let before = self.rule_terms.len();
        self.assert_rule(interp, env, rule)?;
        self.joined(before, rule.span)
    }

    /// The rule instances from `before` on have joined the model: each must
    /// hold in the hidden solution (once sampled), known models that break
    /// one are dropped, and every view of the rules (the effort builtins',
    /// the finite-domain engine's) is renewed.
    pub(super) fn joined(&mut self, before: usize, span: Span) -> EvalResult<()> {
        let added = &self.rule_terms[before..];
        if let Some(solution) = &self.solution {
            if let Some(r) = added.iter().find(|r| r.term.eval(solution) != Some(true)) {
                return Err(EvalError::invalid(
                    format!("rule `{}` is false in the hidden solution{}", r.name, r.at),
                    span,
                ));
            }
        }
        let terms: Vec<_> = added.iter().map(|r| r.term.clone()).collect();
        self.known
            .retain(|m| terms.iter().all(|t| t.eval(m) == Some(true)));
        self.layout += terms.len();
        self.view.rules = Rc::new(self.rule_terms.iter().map(|r| r.term.clone()).collect());
        // The finite-domain engine's view of the rules is built again when
        // next asked.
        self.fd = FdState::Unbuilt;
        Ok(())
    }

    /// A `retry` run begins with this model built: rules cannot join it
    /// until [`Constraints::release`].
    pub fn hold(&mut self) {
        self.held += 1;
    }

    /// The `retry` of the matching [`Constraints::hold`] is over.
    pub fn release(&mut self) {
        self.held = self.held.saturating_sub(1);
    }
}
