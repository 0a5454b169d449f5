//! Errors of the syntax phase: the text is not a well-formed spec.

use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// A spec that cannot be parsed. Every variant points at the file and span.
#[derive(Debug, Error, Diagnostic)]
pub enum SyntaxError {
    /// The parser met something it did not expect.
    #[error("unexpected {found}")]
    #[diagnostic(code(puzzlec::syntax::unexpected))]
    Unexpected {
        /// What was found, in words.
        found: String,
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        col: usize,
        /// What was expected, in words.
        #[help]
        expected: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("{label}")]
        span: Span,
        /// The label at the span.
        label: String,
    },

    /// A string that is not closed before the end of its line or of the file.
    #[error("unterminated string")]
    #[diagnostic(
        code(puzzlec::syntax::unterminated_string),
        help("close the string with `\"`; for text over several lines use a triple-quoted string `\"\"\"...\"\"\"`")
    )]
    UnterminatedString {
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// From the opening quote.
        #[label("this string is never closed")]
        span: Span,
    },

    /// Brackets nested deeper than the parser allows.
    #[error("brackets are nested more than {limit} levels deep")]
    #[diagnostic(
        code(puzzlec::syntax::too_deep),
        help("split the expression with `let` bindings or helper functions")
    )]
    TooDeep {
        /// The nesting limit.
        limit: usize,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The bracket that went over the limit.
        #[label("this bracket opens level {}", limit + 1)]
        span: Span,
    },

    /// Too many `if`/`let`/lambda/`one of` expressions open at once outside
    /// brackets, so the parser could run out of stack.
    #[error("more than {limit} expressions are open at once without brackets")]
    #[diagnostic(
        code(puzzlec::syntax::too_many_open_keywords),
        help("each `then`, `else`, `in`, `of` and lambda `|` opens an expression inside the one before it; at most {limit} may be open at once: bind the inner parts with `let` statements or helper functions")
    )]
    TooManyOpenKeywords {
        /// The limit.
        limit: usize,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The keyword that went over the limit.
        #[label("this opens one expression too many")]
        span: Span,
    },

    /// An expression nested deeper than the checker and the evaluator allow.
    #[error("expression nests more than {limit} levels deep")]
    #[diagnostic(
        code(puzzlec::syntax::expression_too_deep),
        help("the checker and the evaluator walk at most {limit} nested sub-expressions (an operator chain such as `a + b + c` nests one level per operator): bind parts with `let`, move them into helper functions, or add up a list with `sum([...])`")
    )]
    ExprTooDeep {
        /// The limit.
        limit: usize,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The sub-expression one level past the limit (its first line).
        #[label("this part is nested level {}", limit + 1)]
        span: Span,
    },

    /// The file is larger than a spec may be.
    #[error("spec file is {size} bytes, more than the {limit}-byte limit")]
    #[diagnostic(
        code(puzzlec::syntax::too_large),
        help("a spec describes one puzzle type and is normally a few kilobytes; move data out of it or split it")
    )]
    TooLarge {
        /// The file's size.
        size: usize,
        /// The limit.
        limit: usize,
    },

    /// The parser produced no tree (an internal inconsistency).
    #[error("the parser produced no syntax tree")]
    #[diagnostic(
        code(puzzlec::syntax::internal),
        help("this is a bug in puzzlec; please report the spec")
    )]
    Internal,

    /// An integer literal outside the 64-bit range.
    #[error("integer `{text}` does not fit in 64 bits")]
    #[diagnostic(
        code(puzzlec::syntax::int_overflow),
        help("integers range from -9223372036854775808 to 9223372036854775807")
    )]
    IntOverflow {
        /// The literal.
        text: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("too large")]
        span: Span,
    },

    /// A range in a lever or tier whose upper bound is below its lower bound.
    #[error("range `{text}` is empty")]
    #[diagnostic(
        code(puzzlec::syntax::empty_range),
        help("write the smaller bound first, e.g. `3..=5`")
    )]
    EmptyRange {
        /// The range as written.
        text: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no integer lies in this range")]
        span: Span,
    },

    /// A string with a placeholder where none is allowed (keys, lever choices).
    #[error("a {what} cannot contain `{{...}}` placeholders")]
    #[diagnostic(
        code(puzzlec::syntax::placeholder_not_allowed),
        help("write the text literally, or escape a brace as `{{{{` or `}}}}`")
    )]
    PlaceholderNotAllowed {
        /// What kind of string.
        what: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("placeholder here")]
        span: Span,
    },
}
