//! Byte spans into a spec's source text.

use std::fmt;

/// A byte range `start..end` in a spec file.
///
/// Spans are excluded from equality: two AST nodes that differ only in where
/// they were written compare equal, which keeps structural tests readable.
#[derive(Clone, Copy, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl Eq for Span {}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> miette::SourceSpan {
        (span.start, span.len()).into()
    }
}

impl<'i> From<pest::Span<'i>> for Span {
    fn from(span: pest::Span<'i>) -> Span {
        Span::new(span.start(), span.end())
    }
}
