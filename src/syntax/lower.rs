//! pest pairs → AST. The grammar guarantees the shapes matched here, so a
//! mismatch is a bug in this file, reported as an unexpected-token error
//! rather than a panic.

use super::ast::*;
use super::depth::{self, MAX_EXPR_DEPTH};
use super::error::SyntaxError;
use super::parser::Rule;
use super::strings::dedent_parts;
use crate::source::SourceFile;
use crate::span::Span;
use pest::iterators::{Pair, Pairs};
use std::cell::Cell;

mod calibrate;

type Result<T> = std::result::Result<T, SyntaxError>;

/// Lowers pairs to AST nodes for one source file.
pub struct Lowerer<'s> {
    source: &'s SourceFile,
    /// How many expressions and blocks enclose the node being lowered.
    nesting: Cell<usize>,
    /// How many of them are expressions.
    in_expr: Cell<usize>,
}

impl<'s> Lowerer<'s> {
    /// A lowerer for `source`.
    pub fn new(source: &'s SourceFile) -> Lowerer<'s> {
        Lowerer {
            source,
            nesting: Cell::new(0),
            in_expr: Cell::new(0),
        }
    }

    /// Runs `lower` one level deeper, refusing to go past
    /// [`MAX_EXPR_DEPTH`] so that lowering cannot exhaust the stack.
    fn nested<T>(&self, span: Span, lower: impl FnOnce() -> Result<T>) -> Result<T> {
        let level = self.nesting.get() + 1;
        if level > MAX_EXPR_DEPTH {
            return Err(self.too_deep(span));
        }
        self.nesting.set(level);
        let result = lower();
        self.nesting.set(level - 1);
        result
    }

    fn too_deep(&self, span: Span) -> SyntaxError {
        SyntaxError::ExprTooDeep {
            limit: MAX_EXPR_DEPTH,
            src: self.source.named(),
            span: depth::first_line(span, &self.source.text),
        }
    }

    fn shape(&self, pair: &Pair<Rule>) -> SyntaxError {
        let span = trimmed(pair);
        let (line, col) = self.source.line_col(span.start);
        SyntaxError::Unexpected {
            found: format!("{:?}", pair.as_rule()),
            line,
            col,
            expected: "the parser and the grammar disagree; please report this spec".into(),
            label: "unexpected here".into(),
            src: self.source.named(),
            span,
        }
    }

    /// Lowers the `spec` pair.
    pub fn spec(&self, pair: Pair<Rule>) -> Result<Spec> {
        let mut spec = Spec::default();
        for item in pair.into_inner() {
            match item.as_rule() {
                Rule::header => spec.name = Some(self.ident(first(item)?)?),
                Rule::EOI => {}
                _ => spec.decls.push(self.decl(item)?),
            }
        }
        Ok(spec)
    }

    fn decl(&self, pair: Pair<Rule>) -> Result<Decl> {
        let span = trimmed(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.clone().into_inner();
        Ok(match rule {
            Rule::title_decl => Decl::Title(self.lang_texts(inner)?, span),
            Rule::family_decl => Decl::Family(self.ident(next(&mut inner, &pair)?)?),
            Rule::languages_decl => {
                Decl::Languages(inner.map(|p| self.ident(p)).collect::<Result<_>>()?, span)
            }
            Rule::attempts_decl => Decl::Attempts(self.int(next(&mut inner, &pair)?)?, span),
            Rule::limits_decl => Decl::Limits(
                inner
                    .map(|p| self.limit_setting(p))
                    .collect::<Result<_>>()?,
                span,
            ),
            Rule::lever_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let ty = self.lever_type(first(next(&mut inner, &pair)?)?)?;
                Decl::Lever(Lever { name, ty, span })
            }
            Rule::tier_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let settings = inner.map(|p| self.tier_setting(p)).collect::<Result<_>>()?;
                Decl::Tier(Tier {
                    name,
                    settings,
                    span,
                })
            }
            Rule::const_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                Decl::Const(name, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::fn_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let mut params = Vec::new();
                let mut body = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::params => params = self.params(p)?,
                        _ => body = Some(self.expr(p)?),
                    }
                }
                let body = body.ok_or_else(|| self.shape(&pair))?;
                Decl::Fn(FnDecl { name, params, body })
            }
            Rule::find_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let mut index = Vec::new();
                let mut domain = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::find_index => {
                            index = p
                                .into_inner()
                                .map(|b| self.binding(b))
                                .collect::<Result<_>>()?
                        }
                        Rule::find_domain => {
                            let d = first(p)?;
                            domain = match d.as_rule() {
                                Rule::kw_bool => None,
                                _ => Some(self.expr(d)?),
                            };
                        }
                        _ => return Err(self.shape(&p)),
                    }
                }
                Decl::Find(Find {
                    name,
                    index,
                    domain,
                    span,
                })
            }
            Rule::rule_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let mut bindings = Vec::new();
                let mut body = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::binding => bindings.push(self.binding(p)?),
                        _ => body = Some(self.expr(p)?),
                    }
                }
                let body = body.ok_or_else(|| self.shape(&pair))?;
                Decl::Rule(Rule_ {
                    name,
                    bindings,
                    body,
                    span,
                })
            }
            Rule::generate_decl => Decl::Generate(self.block(next(&mut inner, &pair)?)?),
            Rule::answer_decl => {
                let first_pair = next(&mut inner, &pair)?;
                let (kind, from_lever) = if first_pair.as_rule() == Rule::answer_from {
                    (self.ident(first(first_pair)?)?, true)
                } else {
                    (self.ident(first_pair)?, false)
                };
                Decl::Answer(kind, from_lever, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::accept_decl => {
                let param = self.ident(next(&mut inner, &pair)?)?;
                Decl::Accept(param, self.expr(next(&mut inner, &pair)?)?, span)
            }
            Rule::slot_decl => Decl::Slot(self.ident(next(&mut inner, &pair)?)?),
            Rule::instance_decl => Decl::Instance(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::choices_decl => Decl::Choices(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::calibrate_decl => Decl::Calibrate(self.calibrate(pair.clone(), span)?),
            Rule::template_decl => {
                let lang = self.ident(next(&mut inner, &pair)?)?;
                Decl::Template(lang, self.string(next(&mut inner, &pair)?)?)
            }
            _ => return Err(self.shape(&pair)),
        })
    }

    fn lang_texts(&self, pairs: Pairs<Rule>) -> Result<Vec<LangText>> {
        pairs
            .map(|p| {
                let mut inner = p.clone().into_inner();
                let lang = self.ident(next(&mut inner, &p)?)?;
                let text = self.string(next(&mut inner, &p)?)?;
                Ok(LangText { lang, text })
            })
            .collect()
    }

    fn lever_type(&self, pair: Pair<Rule>) -> Result<LeverType> {
        let span = trimmed(&pair);
        match pair.as_rule() {
            Rule::lever_int => {
                let mut inner = pair.clone().into_inner();
                let _in = next(&mut inner, &pair)?;
                let (lo, hi) = self.int_range(&mut inner, &pair, span)?;
                Ok(LeverType::Int { lo, hi, span })
            }
            Rule::lever_bool => Ok(LeverType::Bool(span)),
            Rule::lever_choice => {
                let choices = pair
                    .into_inner()
                    .map(|p| {
                        let s = trimmed(&p);
                        Ok((self.plain_string(p, "lever choice")?, s))
                    })
                    .collect::<Result<_>>()?;
                Ok(LeverType::Choice(choices, span))
            }
            _ => Err(self.shape(&pair)),
        }
    }

    /// Reads `lo (..|..=) hi` from `inner` as an inclusive range.
    fn int_range<'i>(
        &self,
        inner: &mut Pairs<'i, Rule>,
        parent: &Pair<'i, Rule>,
        span: Span,
    ) -> Result<(i64, i64)> {
        let lo = self.int(next(inner, parent)?)?;
        let op = next(inner, parent)?;
        let hi = self.int(next(inner, parent)?)?;
        let hi = if op.as_str() == ".." {
            hi.checked_sub(1).ok_or_else(|| self.overflow(&op))?
        } else {
            hi
        };
        if hi < lo {
            return Err(SyntaxError::EmptyRange {
                text: parent.as_str().trim().to_string(),
                src: self.source.named(),
                span,
            });
        }
        Ok((lo, hi))
    }

    fn tier_setting(&self, pair: Pair<Rule>) -> Result<TierSetting> {
        let mut inner = pair.clone().into_inner();
        let lever = self.ident(next(&mut inner, &pair)?)?;
        let _eq = next(&mut inner, &pair)?;
        let value_pair = first(next(&mut inner, &pair)?)?;
        let span = trimmed(&value_pair);
        let value = match value_pair.as_rule() {
            Rule::tier_range => {
                let mut inner = value_pair.clone().into_inner();
                let (lo, hi) = self.int_range(&mut inner, &value_pair, span)?;
                TierValue::Range { lo, hi, span }
            }
            Rule::tier_weighted => {
                let mut entries = Vec::new();
                for entry in value_pair.into_inner() {
                    let espan = trimmed(&entry);
                    let mut kv = entry.clone().into_inner();
                    let value = self.expr(next(&mut kv, &entry)?)?;
                    let weight = self.expr(next(&mut kv, &entry)?)?;
                    let value = literal_of(&value).ok_or_else(|| self.not_literal(&entry))?;
                    let weight = match weight.kind {
                        ExprKind::Int(w) => w,
                        _ => return Err(self.not_literal(&entry)),
                    };
                    entries.push((value, weight, espan));
                }
                TierValue::Weighted(entries, span)
            }
            Rule::literal => TierValue::Fixed(self.literal(first(value_pair)?)?, span),
            _ => return Err(self.shape(&value_pair)),
        };
        Ok(TierSetting { lever, value })
    }

    fn not_literal(&self, pair: &Pair<Rule>) -> SyntaxError {
        let span = trimmed(pair);
        let (line, col) = self.source.line_col(span.start);
        SyntaxError::Unexpected {
            found: format!("`{}`", pair.as_str()),
            line,
            col,
            expected: "tier weights pair a literal value with an integer weight, e.g. `weighted { 5: 62, 6: 38 }`".into(),
            label: "expected `VALUE: WEIGHT` with literals here".into(),
            src: self.source.named(),
            span,
        }
    }

    fn literal(&self, pair: Pair<Rule>) -> Result<Literal> {
        Ok(match pair.as_rule() {
            Rule::signed_int | Rule::int => Literal::Int(self.int(pair)?),
            Rule::boolean => Literal::Bool(pair.as_str() == "true"),
            Rule::string => Literal::Str(self.plain_string(pair, "tier value")?),
            _ => return Err(self.shape(&pair)),
        })
    }

    fn params(&self, pair: Pair<Rule>) -> Result<Vec<Ident>> {
        pair.into_inner().map(|p| self.ident(p)).collect()
    }

    fn binding(&self, pair: Pair<Rule>) -> Result<Binding> {
        let mut inner = pair.clone().into_inner();
        let pattern = self.pattern(next(&mut inner, &pair)?)?;
        let source = self.expr(next(&mut inner, &pair)?)?;
        Ok(Binding { pattern, source })
    }

    fn pattern(&self, pair: Pair<Rule>) -> Result<Pattern> {
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

    fn block(&self, pair: Pair<Rule>) -> Result<Block> {
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
                    Rule::sample_solution => Stmt::SampleSolution(pattern, span),
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

    // ------------------------------------------------------------ expressions

    /// Lowers any expression-level pair. The tree of a whole expression
    /// (one not inside another) is then measured against
    /// [`MAX_EXPR_DEPTH`]: operator chains grow it without recursing here.
    pub fn expr(&self, pair: Pair<Rule>) -> Result<Expr> {
        let pair = skip_wrappers(pair)?;
        let outermost = self.in_expr.get() == 0;
        self.in_expr.set(self.in_expr.get() + 1);
        let result = self.nested(trimmed(&pair), || self.expr_node(pair));
        self.in_expr.set(self.in_expr.get() - 1);
        let expr = result?;
        if outermost {
            if let Some(span) = depth::too_deep(&expr, &self.source.text) {
                return Err(self.too_deep(span));
            }
        }
        Ok(expr)
    }

    /// Lowers one expression node (not a pass-through wrapper).
    fn expr_node(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = trimmed(&pair);
        let rule = pair.as_rule();
        let mk = |kind| Ok(Expr { kind, span });
        match rule {
            Rule::let_expr => {
                let mut inner = pair.clone().into_inner();
                let pattern = self.pattern(next(&mut inner, &pair)?)?;
                let value = self.expr(next(&mut inner, &pair)?)?;
                let _in = next(&mut inner, &pair)?;
                let body = self.expr(next(&mut inner, &pair)?)?;
                mk(ExprKind::Let(pattern, Box::new(value), Box::new(body)))
            }
            Rule::if_expr => {
                let mut inner = pair.clone().into_inner();
                let c = self.expr(next(&mut inner, &pair)?)?;
                let a = self.expr(next(&mut inner, &pair)?)?;
                let b = self.expr(next(&mut inner, &pair)?)?;
                mk(ExprKind::If(Box::new(c), Box::new(a), Box::new(b)))
            }
            Rule::lambda => {
                let mut params = Vec::new();
                let mut body = None;
                for p in pair.clone().into_inner() {
                    match p.as_rule() {
                        Rule::params => params = self.params(p)?,
                        _ => body = Some(self.expr(p)?),
                    }
                }
                let body = body.ok_or_else(|| self.shape(&pair))?;
                mk(ExprKind::Lambda(params, Box::new(body)))
            }
            Rule::sample_int => {
                let mut inner = pair.clone().into_inner();
                let _in = next(&mut inner, &pair)?;
                let range = self.expr(next(&mut inner, &pair)?)?;
                mk(ExprKind::SampleInt(Box::new(range)))
            }
            Rule::sample_pick => {
                let mut inner = pair.clone().into_inner();
                let k = self.expr(next(&mut inner, &pair)?)?;
                let xs = self.expr(next(&mut inner, &pair)?)?;
                mk(ExprKind::SamplePick(Box::new(k), Box::new(xs)))
            }
            Rule::sample_one => {
                let xs = self.expr(first(pair)?)?;
                mk(ExprKind::SampleOne(Box::new(xs)))
            }
            Rule::sample_weighted => {
                let mut entries = Vec::new();
                for entry in pair.into_inner() {
                    let mut kv = entry.clone().into_inner();
                    let v = self.expr(next(&mut kv, &entry)?)?;
                    let w = self.expr(next(&mut kv, &entry)?)?;
                    entries.push((v, w));
                }
                mk(ExprKind::SampleWeighted(entries))
            }
            Rule::or_expr | Rule::and_expr => self.left_assoc(pair),
            Rule::not_expr => {
                let mut inner: Vec<Pair<Rule>> = pair.clone().into_inner().collect();
                let operand = inner.pop().ok_or_else(|| self.shape(&pair))?;
                let mut expr = self.expr(operand)?;
                for not in inner.into_iter().rev() {
                    let s = Span::from(not.as_span()).join(expr.span);
                    expr = Expr {
                        kind: ExprKind::Not(Box::new(expr)),
                        span: s,
                    };
                }
                Ok(expr)
            }
            Rule::cmp_expr | Rule::range_expr | Rule::add_expr | Rule::mul_expr => {
                self.left_assoc(pair)
            }
            Rule::unary => {
                let mut inner: Vec<Pair<Rule>> = pair.clone().into_inner().collect();
                let operand = inner.pop().ok_or_else(|| self.shape(&pair))?;
                // Fold `-<int literal>` so that i64::MIN can be written.
                let digits = operand.as_str().trim();
                if inner.len() % 2 == 1 && digits.chars().all(|c| c.is_ascii_digit() || c == '_') {
                    let text = format!("-{}", digits.replace('_', ""));
                    let value = text.parse::<i64>().map_err(|_| self.overflow(&operand))?;
                    let mut expr = Expr {
                        kind: ExprKind::Int(value),
                        span,
                    };
                    for _ in 1..inner.len() {
                        expr = Expr {
                            kind: ExprKind::Neg(Box::new(expr)),
                            span,
                        };
                    }
                    return Ok(expr);
                }
                let mut expr = self.expr(operand)?;
                for _ in inner {
                    expr = Expr {
                        kind: ExprKind::Neg(Box::new(expr)),
                        span,
                    };
                }
                Ok(expr)
            }
            Rule::postfix => self.postfix(pair),
            Rule::int | Rule::signed_int => mk(ExprKind::Int(self.int(pair)?)),
            Rule::boolean => mk(ExprKind::Bool(pair.as_str() == "true")),
            Rule::string => self.string(pair),
            Rule::ident => mk(ExprKind::Name(self.ident(pair)?)),
            Rule::list => self.list(pair),
            Rule::record => {
                let mut entries = Vec::new();
                for entry in pair.into_inner() {
                    let mut kv = entry.clone().into_inner();
                    let key_pair = first(next(&mut kv, &entry)?)?;
                    let key_span = Span::from(key_pair.as_span());
                    let key = match key_pair.as_rule() {
                        Rule::ident | Rule::ident_raw => {
                            Literal::Str(key_pair.as_str().to_string())
                        }
                        Rule::string => Literal::Str(self.plain_string(key_pair, "record key")?),
                        _ => Literal::Int(self.int(key_pair)?),
                    };
                    let value = self.expr(next(&mut kv, &entry)?)?;
                    entries.push((key, key_span, value));
                }
                mk(ExprKind::Record(entries))
            }
            Rule::tuple_or_paren => {
                let mut items = Vec::new();
                let mut trailing = false;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::trailing_comma => trailing = true,
                        _ => items.push(self.expr(p)?),
                    }
                }
                if items.len() == 1 && !trailing {
                    let mut only = items.pop().ok_or_else(|| internal(span))?;
                    only.span = span;
                    return Ok(only);
                }
                mk(ExprKind::Tuple(items))
            }
            _ => Err(self.shape(&pair)),
        }
    }

    fn left_assoc(&self, pair: Pair<Rule>) -> Result<Expr> {
        let mut inner = pair.clone().into_inner();
        let mut lhs = self.expr(next(&mut inner, &pair)?)?;
        while let Some(op) = inner.next() {
            let rhs = self.expr(next(&mut inner, &pair)?)?;
            let op = binop(op.as_str()).ok_or_else(|| self.shape(&op))?;
            let span = lhs.span.join(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn postfix(&self, pair: Pair<Rule>) -> Result<Expr> {
        let mut inner = pair.clone().into_inner();
        let mut expr = self.expr(next(&mut inner, &pair)?)?;
        for op in inner {
            let span = expr.span.join(trimmed(&op));
            let kind = match op.as_rule() {
                Rule::call_args => {
                    let args = op
                        .into_inner()
                        .map(|p| self.expr(p))
                        .collect::<Result<_>>()?;
                    ExprKind::Call(Box::new(expr), args)
                }
                Rule::index_args => {
                    let args = op
                        .into_inner()
                        .map(|p| {
                            let a = first(p)?;
                            if a.as_rule() == Rule::wildcard {
                                Ok(IndexArg::Wildcard(Span::from(a.as_span())))
                            } else {
                                Ok(IndexArg::Expr(self.expr(a)?))
                            }
                        })
                        .collect::<Result<_>>()?;
                    ExprKind::Index(Box::new(expr), args)
                }
                Rule::field => {
                    let f = first(op)?;
                    let ident = Ident {
                        name: f.as_str().to_string(),
                        span: Span::from(f.as_span()),
                    };
                    ExprKind::Field(Box::new(expr), ident)
                }
                _ => return Err(self.shape(&op)),
            };
            expr = Expr { kind, span };
        }
        Ok(expr)
    }

    fn list(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = trimmed(&pair);
        let mut items = Vec::new();
        let mut clauses = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::comp_clause => {
                    let c = first(p)?;
                    match c.as_rule() {
                        Rule::comp_for => {
                            for b in c.into_inner() {
                                clauses.push(CompClause::For(self.binding(b)?));
                            }
                        }
                        _ => clauses.push(CompClause::If(self.expr(first(c)?)?)),
                    }
                }
                _ => items.push(self.expr(p)?),
            }
        }
        if clauses.is_empty() {
            return Ok(Expr {
                kind: ExprKind::List(items),
                span,
            });
        }
        let head = items.pop().ok_or_else(|| internal(span))?;
        Ok(Expr {
            kind: ExprKind::Comprehension(Box::new(head), clauses),
            span,
        })
    }

    // ------------------------------------------------------------ leaves

    fn ident(&self, pair: Pair<Rule>) -> Result<Ident> {
        Ok(Ident {
            name: pair.as_str().to_string(),
            span: trimmed(&pair),
        })
    }

    fn limit_setting(&self, pair: Pair<Rule>) -> Result<LimitSetting> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let name = self.ident(next(&mut inner, &pair)?)?;
        let value = self.int(next(&mut inner, &pair)?)?;
        Ok(LimitSetting { name, value, span })
    }

    fn int(&self, pair: Pair<Rule>) -> Result<i64> {
        pair.as_str()
            .replace('_', "")
            .parse::<i64>()
            .map_err(|_| self.overflow(&pair))
    }

    fn overflow(&self, pair: &Pair<Rule>) -> SyntaxError {
        SyntaxError::IntOverflow {
            text: pair.as_str().to_string(),
            src: self.source.named(),
            span: trimmed(pair),
        }
    }

    /// Lowers a string literal into text parts and placeholders.
    pub fn string(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = trimmed(&pair);
        let body = first(pair)?;
        let triple = body.as_rule() == Rule::triple_string;
        let mut parts = Vec::new();
        for p in body.into_inner() {
            match p.as_rule() {
                Rule::plain_text | Rule::triple_text => push_text(&mut parts, p.as_str()),
                Rule::escape => push_text(&mut parts, unescape(p.as_str())),
                Rule::placeholder => {
                    let mut inner = p.clone().into_inner();
                    let expr = self.expr(next(&mut inner, &p)?)?;
                    let particle = inner
                        .next()
                        .map(|q| (q.as_str().to_string(), Span::from(q.as_span())));
                    parts.push(StrPart::Placeholder { expr, particle });
                }
                _ => return Err(self.shape(&p)),
            }
        }
        if triple {
            parts = dedent_parts(parts);
        }
        Ok(Expr {
            kind: ExprKind::Str(parts),
            span,
        })
    }

    /// A string that must not contain placeholders.
    fn plain_string(&self, pair: Pair<Rule>, what: &'static str) -> Result<String> {
        let expr = self.string(pair)?;
        let ExprKind::Str(parts) = expr.kind else {
            return Ok(String::new());
        };
        let mut out = String::new();
        for part in parts {
            match part {
                StrPart::Text(t) => out.push_str(&t),
                StrPart::Placeholder { expr, .. } => {
                    return Err(SyntaxError::PlaceholderNotAllowed {
                        what,
                        src: self.source.named(),
                        span: expr.span,
                    })
                }
            }
        }
        Ok(out)
    }
}

/// The innermost pair under `pair` that makes an AST node: grammar levels
/// that wrap a single child (an `add_expr` without an operator, a `unary`
/// without a minus, ...) are skipped without recursion.
fn skip_wrappers(mut pair: Pair<Rule>) -> Result<Pair<Rule>> {
    loop {
        let single = match pair.as_rule() {
            Rule::expr | Rule::sample_expr | Rule::index_arg => true,
            Rule::or_expr
            | Rule::and_expr
            | Rule::not_expr
            | Rule::cmp_expr
            | Rule::range_expr
            | Rule::add_expr
            | Rule::mul_expr
            | Rule::unary
            | Rule::postfix => pair.clone().into_inner().nth(1).is_none(),
            _ => false,
        };
        if !single {
            return Ok(pair);
        }
        pair = first(pair)?;
    }
}

/// `Rule_` avoids a clash with pest's `Rule` inside this file.
use super::ast::Rule as Rule_;

/// The pair's span without trailing whitespace and comments, which pest
/// includes when a rule ends in a repetition.
fn trimmed(pair: &Pair<Rule>) -> Span {
    let text = pair.as_str();
    let start = pair.as_span().start();
    let mut end = text.len();
    loop {
        let t = text[..end].trim_end();
        end = t.len();
        // Drop a trailing `# comment` line tail.
        match t.rfind('\n') {
            Some(nl) if t[nl + 1..].trim_start().starts_with('#') => end = nl,
            _ => break,
        }
    }
    Span::new(start, start + end)
}

fn push_text(parts: &mut Vec<StrPart>, text: &str) {
    if let Some(StrPart::Text(last)) = parts.last_mut() {
        last.push_str(text);
    } else {
        parts.push(StrPart::Text(text.to_string()));
    }
}

fn unescape(s: &str) -> &'static str {
    match s {
        "\\n" => "\n",
        "\\t" => "\t",
        "\\\"" => "\"",
        "\\\\" => "\\",
        "\\{" | "{{" => "{",
        "\\}" | "}}" => "}",
        _ => "",
    }
}

fn binop(s: &str) -> Option<BinOp> {
    let op = match s.split_whitespace().collect::<Vec<_>>().join(" ").as_str() {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Mod,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "in" => BinOp::In,
        "not in" => BinOp::NotIn,
        "and" => BinOp::And,
        "or" => BinOp::Or,
        ".." => BinOp::Range,
        "..=" => BinOp::RangeInclusive,
        _ => return None,
    };
    Some(op)
}

fn literal_of(expr: &Expr) -> Option<Literal> {
    match &expr.kind {
        ExprKind::Int(i) => Some(Literal::Int(*i)),
        ExprKind::Bool(b) => Some(Literal::Bool(*b)),
        ExprKind::Str(parts) => match parts.as_slice() {
            [] => Some(Literal::Str(String::new())),
            [StrPart::Text(t)] => Some(Literal::Str(t.clone())),
            _ => None,
        },
        _ => None,
    }
}

fn first(pair: Pair<Rule>) -> Result<Pair<Rule>> {
    let span = pair.as_span();
    pair.into_inner()
        .next()
        .ok_or_else(|| internal(Span::from(span)))
}

fn next<'i>(inner: &mut Pairs<'i, Rule>, parent: &Pair<'i, Rule>) -> Result<Pair<'i, Rule>> {
    inner
        .next()
        .ok_or_else(|| internal(Span::from(parent.as_span())))
}

fn internal(span: Span) -> SyntaxError {
    SyntaxError::Unexpected {
        found: "an incomplete construct".into(),
        line: 0,
        col: 0,
        expected: "the parser and the grammar disagree; please report this spec".into(),
        label: "unexpected here".into(),
        src: miette::NamedSource::new("<internal>", String::new()),
        span,
    }
}
