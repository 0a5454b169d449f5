//! Lowering expressions: operators, postfix chains, lists and leaves.

use super::{first, internal, next, trimmed, Lowerer, Result};
use crate::span::Span;
use crate::syntax::ast::*;
use crate::syntax::depth::{self};
use crate::syntax::error::SyntaxError;
use crate::syntax::parser::Rule;
use crate::syntax::strings::dedent_parts;
use pest::iterators::Pair;

impl<'s> Lowerer<'s> {
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
        let mk = |kind| Ok(Expr::new(kind, span));
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
                next(&mut inner, &pair)?; // `else`
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
                mk(ExprKind::Lambda(params.into(), std::sync::Arc::new(body)))
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
                    expr = Expr::new(ExprKind::Not(Box::new(expr)), s);
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
                    let mut expr = Expr::new(ExprKind::Int(value), span);
                    for _ in 1..inner.len() {
                        expr = Expr::new(ExprKind::Neg(Box::new(expr)), span);
                    }
                    return Ok(expr);
                }
                let mut expr = self.expr(operand)?;
                for _ in inner {
                    expr = Expr::new(ExprKind::Neg(Box::new(expr)), span);
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
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
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
            expr = Expr::new(kind, span);
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
            return Ok(Expr::new(ExprKind::List(items), span));
        }
        let head = items.pop().ok_or_else(|| internal(span))?;
        Ok(Expr::new(
            ExprKind::Comprehension(Box::new(head), clauses),
            span,
        ))
    }

    pub(super) fn ident(&self, pair: Pair<Rule>) -> Result<Ident> {
        Ok(Ident {
            name: pair.as_str().to_string(),
            span: trimmed(&pair),
        })
    }

    pub(super) fn limit_setting(&self, pair: Pair<Rule>) -> Result<LimitSetting> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let name = self.ident(next(&mut inner, &pair)?)?;
        let value = self.int(next(&mut inner, &pair)?)?;
        Ok(LimitSetting { name, value, span })
    }

    pub(super) fn int(&self, pair: Pair<Rule>) -> Result<i64> {
        pair.as_str()
            .replace('_', "")
            .parse::<i64>()
            .map_err(|_| self.overflow(&pair))
    }

    pub(super) fn overflow(&self, pair: &Pair<Rule>) -> SyntaxError {
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
        Ok(Expr::new(ExprKind::Str(parts), span))
    }

    /// A string that must not contain placeholders.
    pub(super) fn plain_string(&self, pair: Pair<Rule>, what: &'static str) -> Result<String> {
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
