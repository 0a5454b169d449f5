//! Syntax: spec text → AST with spans.

pub mod ast;
pub mod error;
mod lower;
pub mod parser;
mod strings;

use crate::source::SourceFile;
use crate::span::Span;
use error::SyntaxError;
use parser::{describe, Rule, SpecParser};
use pest::Parser;

/// The largest spec accepted, in bytes.
pub const MAX_SPEC_BYTES: usize = 1 << 20;
/// The deepest bracket nesting accepted.
pub const MAX_NESTING: usize = 48;

/// Parses a spec into its AST.
pub fn parse(source: &SourceFile) -> Result<ast::Spec, SyntaxError> {
    let text = source.text.as_str();
    if text.len() > MAX_SPEC_BYTES {
        return Err(SyntaxError::TooLarge {
            size: text.len(),
            limit: MAX_SPEC_BYTES,
        });
    }
    check_nesting(source)?;
    let mut pairs = SpecParser::parse(Rule::spec, text).map_err(|e| parse_error(source, e))?;
    let spec = pairs.next().ok_or(SyntaxError::Internal)?;
    lower::Lowerer::new(source).spec(spec)
}

/// Parses a lone expression, e.g. for evaluating it in tests and tools.
pub fn parse_expr(source: &SourceFile) -> Result<ast::Expr, SyntaxError> {
    check_nesting(source)?;
    let mut pairs = SpecParser::parse(Rule::expr_only, source.text.as_str())
        .map_err(|e| parse_error(source, e))?;
    let whole = pairs
        .next()
        .ok_or(SyntaxError::Internal)?;
    let expr = whole
        .into_inner()
        .next()
        .ok_or(SyntaxError::Internal)?;
    lower::Lowerer::new(source).expr(expr)
}

/// Rejects bracket nesting deeper than [`MAX_NESTING`] before parsing, so a
/// pathological file cannot exhaust the parser's stack. Brackets inside
/// strings count too: a placeholder holds an expression.
fn check_nesting(source: &SourceFile) -> Result<(), SyntaxError> {
    let mut depth = 0usize;
    let mut in_comment = false;
    for (i, c) in source.text.char_indices() {
        match c {
            '\n' => in_comment = false,
            '#' => in_comment = true,
            '(' | '[' | '{' if !in_comment => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(SyntaxError::TooDeep {
                        limit: MAX_NESTING,
                        src: source.named(),
                        span: Span::new(i, i + 1),
                    });
                }
            }
            ')' | ']' | '}' if !in_comment => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn parse_error(source: &SourceFile, error: pest::error::Error<Rule>) -> SyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let text = source.text.as_str();
    let found = describe_found(text, pos);
    let (mut expected, _unexpected) = match &error.variant {
        pest::error::ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (
            positives.iter().filter_map(|r| describe(*r)).collect::<Vec<_>>(),
            negatives.clone(),
        ),
        pest::error::ErrorVariant::CustomError { .. } => (Vec::new(), Vec::new()),
    };
    expected.sort_unstable();
    expected.dedup();
    let list = match expected.len() {
        0 => "something else".to_string(),
        1 => expected[0].to_string(),
        _ => {
            let (last, rest) = expected.split_last().unwrap_or((&"", &[]));
            format!("{} or {}", rest.join(", "), last)
        }
    };
    let end = next_boundary(text, pos);
    let (line, col) = source.line_col(pos);
    SyntaxError::Unexpected {
        found,
        line,
        col,
        expected: format!("expected {list}"),
        label: if expected.len() == 1 {
            format!("expected {} here", expected[0])
        } else {
            "unexpected here".into()
        },
        src: source.named(),
        span: Span::new(pos, end),
    }
}

fn next_boundary(text: &str, pos: usize) -> usize {
    text[pos.min(text.len())..]
        .chars()
        .next()
        .map_or(pos, |c| pos + c.len_utf8())
}

/// What sits at `pos`, in words: the end of the file, or the next token.
fn describe_found(text: &str, pos: usize) -> String {
    let rest = &text[pos.min(text.len())..];
    let Some(c) = rest.chars().next() else {
        return "end of file".to_string();
    };
    if c == '"' {
        return "string".to_string();
    }
    if c.is_alphanumeric() || c == '_' {
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .take(24)
            .collect();
        return format!("`{word}`");
    }
    if c == '\n' {
        return "end of line".to_string();
    }
    format!("`{c}`")
}
