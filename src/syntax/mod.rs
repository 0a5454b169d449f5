//! Syntax: spec text → AST with spans.

pub mod ast;
mod depth;
pub mod error;
mod lower;
mod mentions;
mod nesting;
pub mod parser;
mod strings;

use crate::source::SourceFile;
use crate::span::Span;
use error::SyntaxError;
use parser::{describe, Rule, SpecParser};
use pest::Parser;

/// The largest spec accepted, in bytes.
pub const MAX_SPEC_BYTES: usize = 1 << 20;
pub use depth::MAX_EXPR_DEPTH;
use nesting::check_nesting;
pub use nesting::{MAX_NESTING, MAX_OPEN_KEYWORDS};

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
    let whole = pairs.next().ok_or(SyntaxError::Internal)?;
    let expr = whole.into_inner().next().ok_or(SyntaxError::Internal)?;
    lower::Lowerer::new(source).expr(expr)
}

/// The reserved words of the language (the grammar's `keyword` rule): no
/// name may be one of them, except a record key or a `.field`.
pub const RESERVED_WORDS: &[&str] = &[
    "and",
    "or",
    "not",
    "in",
    "if",
    "then",
    "else",
    "let",
    "for",
    "fn",
    "true",
    "false",
    "pick",
    "one",
    "of",
    "weighted",
    "require",
    "step",
    "checkpoint",
    "generate",
    "answer",
    "template",
    "tier",
    "lever",
    "rule",
    "find",
    "reveal",
    "dig",
    "sample",
    "maximize",
    "minimize",
    "puzzle",
];

/// Whether `word` is a reserved word.
pub fn is_reserved(word: &str) -> bool {
    RESERVED_WORDS.contains(&word)
}

/// A note for an error where a name was expected and a reserved word found.
fn reserved_note(text: &str, pos: usize, expected: &[&str]) -> Option<String> {
    if !expected.iter().any(|e| e.starts_with("a name")) {
        return None;
    }
    let word: String = text[pos.min(text.len())..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    is_reserved(&word).then(|| {
        format!(
            "; `{word}` is a reserved word and cannot be a name (try `{word}_` or another name)"
        )
    })
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
            positives
                .iter()
                .filter_map(|r| describe(*r))
                .collect::<Vec<_>>(),
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
    if let Some(open) = unclosed_string(text, pos, &expected) {
        return SyntaxError::UnterminatedString {
            src: source.named(),
            span: Span::new(open, next_boundary(text, open)),
        };
    }
    // A zero-width span at the end of the file draws no label: point at the
    // last character instead.
    let pos = if pos >= text.len() && !text.is_empty() {
        prev_boundary(text, text.len())
    } else {
        pos
    };
    let end = next_boundary(text, pos);
    let (line, col) = source.line_col(pos);
    let note = reserved_note(text, pos, &expected).unwrap_or_default();
    if expected.contains(&"`else`") {
        return SyntaxError::Unexpected {
            found,
            line,
            col,
            expected: "expected `else`: an `if COND then A` expression needs `else B` (write `if COND then A else B`)".into(),
            label: "expected `else` here".into(),
            src: source.named(),
            span: Span::new(pos, end),
        };
    }
    SyntaxError::Unexpected {
        found,
        line,
        col,
        expected: format!("expected {list}{note}"),
        label: if expected.len() == 1 {
            format!("expected {} here", expected[0])
        } else {
            "unexpected here".into()
        },
        src: source.named(),
        span: Span::new(pos, end),
    }
}

fn prev_boundary(text: &str, mut pos: usize) -> usize {
    pos = pos.saturating_sub(1);
    while pos > 0 && !text.is_char_boundary(pos) {
        pos -= 1;
    }
    pos
}

/// When the parser stopped inside a string (it expected string text and met
/// a line end or the file end), the offset of that string's opening quote.
fn unclosed_string(text: &str, pos: usize, expected: &[&str]) -> Option<usize> {
    if !expected.contains(&"text") {
        return None;
    }
    let rest = &text[pos.min(text.len())..];
    if !(rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n")) {
        return None;
    }
    let line_start = text[..pos.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..pos.min(text.len())];
    // The last quote on the line that opens a string: count quotes before it.
    let mut open = None;
    let mut inside = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '\\' if inside => escaped = !escaped,
            '"' if !escaped => {
                inside = !inside;
                if inside {
                    open = Some(line_start + i);
                }
            }
            _ => escaped = false,
        }
    }
    if inside {
        open
    } else {
        None
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
    if c.is_control() {
        return format!("control character U+{:04X}", c as u32);
    }
    format!("`{c}`")
}
