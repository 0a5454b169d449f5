//! Lowering statements: bindings, patterns, blocks and the constraint
//! statements.

use super::{first, next, trimmed, Lowerer, Result};
use crate::syntax::ast::*;
use crate::syntax::parser::Rule;
use pest::iterators::Pair;

impl<'s> Lowerer<'s> {
    pub(super) fn binding(&self, pair: Pair<Rule>) -> Result<Binding> {
        let mut inner = pair.clone().into_inner();
        let pattern = self.pattern(next(&mut inner, &pair)?)?;
        let source = self.expr(next(&mut inner, &pair)?)?;
        Ok(Binding { pattern, source })
    }

    pub(super) fn pattern(&self, pair: Pair<Rule>) -> Result<Pattern> {
        let inner = first(pair)?;
        match inner.as_rule() {
            Rule::ident => Ok(Pattern::Name(self.ident(inner)?)),
            Rule::tuple_pattern => {
                let span = trimmed(&inner);
                let items = inner
                    .into_inner()
                    .map(|p| self.pattern(p))
                    .collect::<Result<_>>()?;
                Ok(Pattern::Tuple(items, span))
            }
            _ => Err(self.shape(&inner)),
        }
    }

    pub(super) fn block(&self, pair: Pair<Rule>) -> Result<Block> {
        let span = trimmed(&pair);
        let stmts = self.nested(span, || {
            pair.into_inner()
                .map(|p| self.stmt(p))
                .collect::<Result<_>>()
        })?;
        Ok(Block { stmts, span })
    }

    fn stmt(&self, pair: Pair<Rule>) -> Result<Stmt> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        Ok(match pair.as_rule() {
            Rule::let_stmt => {
                let pattern = self.pattern(next(&mut inner, &pair)?)?;
                let value = next(&mut inner, &pair)?;
                match value.as_rule() {
                    Rule::sample_solution => {
                        let mut parts = value.clone().into_inner();
                        next(&mut parts, &value)?; // the word `solution`
                        let mut order = WalkOrder::Drawn;
                        let mut prefer = None;
                        for part in parts {
                            match part.as_rule() {
                                Rule::sample_in_order => order = WalkOrder::Declared,
                                _ => prefer = Some(self.expr(first(part)?)?),
                            }
                        }
                        Stmt::SampleSolution(pattern, prefer, order, span)
                    }
                    Rule::plant_solution => {
                        let mut parts = value.clone().into_inner();
                        next(&mut parts, &value)?; // the word `solution`
                        let given = self.expr(next(&mut parts, &value)?)?;
                        Stmt::PlantSolution(pattern, given, span)
                    }
                    Rule::dig_expr => Stmt::Dig(pattern, self.dig(value)?),
                    Rule::reveal_expr => Stmt::Reveal(Some(pattern), self.reveal(value)?),
                    Rule::optimize_expr => {
                        let (max, expr) = self.optimize(value)?;
                        Stmt::Optimize(Some(pattern), max, expr, span)
                    }
                    _ => Stmt::Let(pattern, self.expr(value)?),
                }
            }
            Rule::require_stmt => {
                let cond = self.expr(next(&mut inner, &pair)?)?;
                let why = inner.next().map(|p| self.string(p)).transpose()?;
                Stmt::Require(cond, why, span)
            }
            Rule::step_stmt => Stmt::Step(self.lang_texts(inner)?, span),
            Rule::checkpoint_stmt => {
                let kind = self.ident(next(&mut inner, &pair)?)?;
                let value = self.expr(next(&mut inner, &pair)?)?;
                Stmt::Checkpoint(kind, value, span)
            }
            Rule::for_stmt => {
                let binding = self.binding(next(&mut inner, &pair)?)?;
                let body = self.block(next(&mut inner, &pair)?)?;
                Stmt::For(binding, body, span)
            }
            Rule::if_stmt => {
                let cond = self.expr(next(&mut inner, &pair)?)?;
                let then = self.block(next(&mut inner, &pair)?)?;
                let otherwise = match inner.next() {
                    None => None,
                    Some(p) if p.as_rule() == Rule::block => Some(self.block(p)?),
                    Some(p) => {
                        let nested_span = trimmed(&p);
                        Some(Block {
                            stmts: vec![self.nested(nested_span, || self.stmt(p))?],
                            span: nested_span,
                        })
                    }
                };
                Stmt::If(cond, then, otherwise, span)
            }
            Rule::retry_stmt => {
                next(&mut inner, &pair)?; // the word `retry`
                let runs = self.expr(next(&mut inner, &pair)?)?;
                let body = self.block(next(&mut inner, &pair)?)?;
                Stmt::Retry(runs, body, span)
            }
            Rule::unique_stmt => Stmt::Unique(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::clue_stmt => Stmt::Clue(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::optimize_stmt => {
                let (max, expr) = self.optimize(next(&mut inner, &pair)?)?;
                Stmt::Optimize(None, max, expr, span)
            }
            Rule::reveal_stmt => Stmt::Reveal(None, self.reveal(next(&mut inner, &pair)?)?),
            Rule::rule_stmt => Stmt::Rule(self.rule(next(&mut inner, &pair)?)?),
            _ => return Err(self.shape(&pair)),
        })
    }

    fn optimize(&self, pair: Pair<Rule>) -> Result<(bool, Expr)> {
        let mut inner = pair.clone().into_inner();
        let dir = next(&mut inner, &pair)?;
        let expr = self.expr(next(&mut inner, &pair)?)?;
        Ok((dir.as_str() == "maximize", expr))
    }

    fn dig(&self, pair: Pair<Rule>) -> Result<Dig> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let source = next(&mut inner, &pair)?;
        let (var, from) = if source.as_rule() == Rule::dig_cells {
            let mut cells = source.clone().into_inner();
            let var = self.ident(next(&mut cells, &source)?)?;
            (Some(var), self.expr(next(&mut cells, &source)?)?)
        } else {
            (None, self.expr(source)?)
        };
        let keep_pair = next(&mut inner, &pair)?;
        let keep = match keep_pair.as_rule() {
            Rule::kw_minimal => None,
            _ => Some(self.expr(keep_pair)?),
        };
        let mut symmetry = None;
        let mut while_cond = None;
        for p in inner {
            match p.as_rule() {
                Rule::dig_while => {
                    let mut cond = p.clone().into_inner();
                    while_cond = Some(self.expr(next(&mut cond, &p)?)?);
                }
                _ => symmetry = Some(self.ident(p)?),
            }
        }
        Ok(Dig {
            var,
            from,
            keep,
            symmetry,
            while_cond,
            span,
        })
    }

    fn reveal(&self, pair: Pair<Rule>) -> Result<Reveal> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let from = self.expr(next(&mut inner, &pair)?)?;
        let mut of = None;
        let mut limit = None;
        for part in inner {
            let rule = part.as_rule();
            let value = self.expr(first(part)?)?;
            if rule == Rule::reveal_of {
                of = Some(value);
            } else {
                limit = Some(value);
            }
        }
        Ok(Reveal {
            from,
            of,
            limit,
            span,
        })
    }
}
