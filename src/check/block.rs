//! Statements of the `generate` block, and the types conditions must have.

use super::error::CheckError;
use super::model_error::ModelError;
use super::resolve::{suggest, Resolver};
use super::types::Ty;
use super::{Checker, SYMMETRIES};
use crate::span::Span;
use crate::syntax::ast::*;

impl<'a> Checker<'a> {
    /// Checks a block; top-level bindings stay visible when `keep` is set.
    pub(super) fn block(
        &mut self,
        r: &mut Resolver<'_>,
        block: &Block,
        languages: &[String],
        keep: bool,
    ) {
        let mark = r.mark();
        for stmt in &block.stmts {
            match stmt {
                Stmt::Let(pattern, expr) => {
                    r.locals_used.clear();
                    let (t, reads_find) = self.reading_finds(r, |r| r.expr(expr));
                    self.stated
                        .bind_symbolic(pattern, &r.locals_used, reads_find);
                    self.stated.bind(pattern, &mut r.locals_used);
                    r.bind_pattern(pattern, t);
                }
                Stmt::Require(cond, why, _) => {
                    let t = r.expr(cond);
                    self.condition(
                        &t,
                        cond.span,
                        "`require` takes a condition (a bool), e.g. `require total > 10`",
                    );
                    if let Some(w) = why {
                        r.expr(w);
                    }
                }
                Stmt::Step(texts, span) => self.lang_texts(r, texts, languages, "step", *span),
                Stmt::Checkpoint(kind, expr, _) => {
                    let ty = r.expr(expr);
                    self.answer_kind(kind, &ty, expr.span, "checkpoints");
                }
                Stmt::For(binding, body, _) => {
                    let m = r.mark();
                    r.locals_used.clear();
                    let ((), reads_find) = self.reading_finds(r, |r| r.binding(binding));
                    self.stated
                        .bind_symbolic(&binding.pattern, &r.locals_used, reads_find);
                    self.stated.bind_loop(&binding.pattern, &mut r.locals_used);
                    self.block(r, body, languages, false);
                    r.reset(m);
                }
                Stmt::Retry(runs, body, _) => {
                    let t = r.expr(runs);
                    self.expect_type(
                        &t,
                        &Ty::Int,
                        runs.span,
                        "`retry` takes how many runs of its block to allow, e.g. `retry 16 { ... }`",
                    );
                    // The block continues the sample: its bindings stay.
                    self.block(r, body, languages, true);
                }
                Stmt::If(cond, then, otherwise, _) => {
                    let t = r.expr(cond);
                    self.condition(
                        &t,
                        cond.span,
                        "`if` takes a condition (a bool), e.g. `if n > 1 { ... }`",
                    );
                    self.block(r, then, languages, false);
                    if let Some(o) = otherwise {
                        self.block(r, o, languages, false);
                    }
                }
                Stmt::SampleSolution(pattern, prefer, _, span) => {
                    self.constraint_statement(r, *span);
                    if let Some(f) = prefer {
                        let t = r.expr(f);
                        self.expect_type(
                            &t,
                            &Ty::Func,
                            f.span,
                            "`prefer` takes a weight function of a value, e.g. `prefer |v| if v == 1 or v == 9 then 3 else 1`",
                        );
                        self.prefer_arity(f);
                    }
                    r.bind_pattern(pattern, Ty::Map);
                }
                Stmt::PlantSolution(pattern, given, span) => {
                    self.constraint_statement(r, *span);
                    let t = r.expr(given);
                    self.expect_type(
                        &t,
                        &Ty::Map,
                        given.span,
                        "`plant solution` takes a map from each `find` to its values, e.g. `{ key: k, carry: c }`",
                    );
                    if let ExprKind::Record(entries) = &given.kind {
                        self.planted_finds(entries, given.span);
                    }
                    r.bind_pattern(pattern, Ty::Map);
                }
                Stmt::Dig(pattern, dig) => {
                    self.constraint_statement(r, dig.span);
                    r.locals_used.clear();
                    if let Some(var) = &dig.var {
                        if !self.find_names.contains(&var.name) {
                            let help = match suggest(&var.name, &self.find_names) {
                                Some(s) => format!("did you mean `{s}`? `dig NAME from SOLUTION` digs the cells of a `find`"),
                                None => "`dig NAME from SOLUTION` digs the cells of a `find`; to dig other clues write `dig CLUES keep N`".into(),
                            };
                            self.errors.push(CheckError::from(ModelError::Constraint {
                                what: format!("`{}` is not a `find`", var.name),
                                help,
                                src: self.src(),
                                span: var.span,
                            }));
                        }
                    }
                    r.expr(&dig.from);
                    let t = dig.keep.as_ref().map_or(Ty::Int, |k| r.expr(k));
                    if let (false, Some(keep)) = (t.fits(&Ty::Int), &dig.keep) {
                        self.errors.push(CheckError::Type {
                            expected: Ty::Int.described(),
                            found: t.described(),
                            help: "`keep` takes how many clues to keep, or `minimal`".into(),
                            src: self.src(),
                            span: keep.span,
                        });
                    }
                    if let Some(cond) = &dig.while_cond {
                        let t = r.expr(cond);
                        if !t.fits(&Ty::Bool) {
                            self.errors.push(CheckError::Type {
                                expected: Ty::Bool.described(),
                                found: t.described(),
                                help: "`while` takes the condition every removal must keep true"
                                    .into(),
                                src: self.src(),
                                span: cond.span,
                            });
                        }
                    }
                    if let Some(sym) = &dig.symmetry {
                        if !SYMMETRIES.contains(&sym.name.as_str()) {
                            self.errors.push(CheckError::from(ModelError::Constraint {
                                what: format!("unknown symmetry `{}`", sym.name),
                                help: format!("the symmetries are: {}", SYMMETRIES.join(", ")),
                                src: self.src(),
                                span: sym.span,
                            }));
                        }
                    }
                    self.stated.bind(pattern, &mut r.locals_used);
                    self.stated.proof(Some(pattern), "dig", dig.span);
                    r.bind_pattern(pattern, Ty::list(Ty::Any));
                }
                Stmt::Reveal(pattern, reveal) => {
                    self.constraint_statement(r, reveal.span);
                    r.locals_used.clear();
                    r.expr(&reveal.from);
                    for e in reveal.of.iter().chain(reveal.limit.iter()) {
                        r.expr(e);
                    }
                    self.stated.proof(pattern.as_ref(), "reveal", reveal.span);
                    if let Some(p) = pattern {
                        self.stated.bind(p, &mut r.locals_used);
                        r.bind_pattern(p, Ty::list(Ty::Any));
                    }
                }
                Stmt::Clue(expr, span) | Stmt::Unique(expr, span) => {
                    self.constraint_statement(r, *span);
                    r.expr(expr);
                }
                Stmt::Rule(rule) => {
                    self.constraint_statement(r, rule.span);
                    self.layout_rule(r, rule);
                }
                Stmt::Optimize(pattern, _, expr, span) => {
                    self.constraint_statement(r, *span);
                    r.expr(expr);
                    if let Some(p) = pattern {
                        r.bind_pattern(p, Ty::Int);
                    }
                }
            }
        }
        if !keep {
            r.reset(mark);
        }
    }

    /// A lambda given to `prefer` takes a value (`|v|`) or an unknown's
    /// index and a value (`|x, v|`).
    fn prefer_arity(&mut self, f: &Expr) {
        if let ExprKind::Lambda(params, _) = &f.kind {
            if !(1..=2).contains(&params.len()) {
                self.errors.push(CheckError::from(ModelError::Constraint {
                    what: format!("this `prefer` function takes {} parameters", params.len()),
                    help: "`prefer` weighs a value (`|v| …`) or an unknown's index and a value (`|x, v| …`).".into(),
                    src: self.src(),
                    span: f.span,
                }));
            }
        }
    }

    pub(super) fn condition(&mut self, ty: &Ty, span: Span, help: &str) {
        self.expect_type(ty, &Ty::Bool, span, help);
    }

    /// Reports a type error unless `ty` fits `want`.
    pub(super) fn expect_type(&mut self, ty: &Ty, want: &Ty, span: Span, help: &str) {
        if !ty.fits(want) {
            self.errors.push(CheckError::Type {
                expected: want.described(),
                found: ty.described(),
                help: help.to_string(),
                src: self.src(),
                span,
            });
        }
    }
}
