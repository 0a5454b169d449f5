//! pest pairs → AST. The grammar guarantees the shapes matched here, so a
//! mismatch is a bug in this file, reported as an unexpected-token error
//! rather than a panic.

use super::ast::*;
use super::depth::{self, MAX_EXPR_DEPTH};
use super::error::SyntaxError;
use super::parser::Rule;
use crate::source::SourceFile;
use crate::span::Span;
use pest::iterators::{Pair, Pairs};
use std::cell::Cell;

mod decl;
mod expr;
mod stmt;

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
}

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
