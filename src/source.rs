//! A spec file's name and text, shared by every diagnostic about it.

use miette::NamedSource;
use std::sync::Arc;

/// A spec file's name (as the user gave it) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path or label shown in diagnostics.
    pub name: String,
    /// The file's text.
    pub text: Arc<String>,
}

impl SourceFile {
    /// A source file from a name and text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: Arc::new(text.into()),
        }
    }

    /// The source in the form miette diagnostics attach.
    pub fn named(&self) -> NamedSource<String> {
        NamedSource::new(self.name.clone(), self.text.as_ref().clone())
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
