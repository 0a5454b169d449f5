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
        let before = self.before(offset);
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// The whole line that holds a byte offset, without its line break.
    pub fn line_text(&self, offset: usize) -> &str {
        let start = self.before(offset).rfind('\n').map_or(0, |i| i + 1);
        self.text[start..].lines().next().unwrap_or("")
    }

    /// The text before a byte offset (clamped to the text, and back to a
    /// character boundary).
    fn before(&self, offset: usize) -> &str {
        let offset = offset.min(self.text.len());
        &self.text[..floor_char_boundary(&self.text, offset)]
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_s_text_holds_the_offset() {
        let file = SourceFile::new("t", "generate {\n  let x = 1\n}");
        let offset = file.text.find('1').unwrap();
        assert_eq!(file.line_text(offset), "  let x = 1");
        assert_eq!(file.line_col(offset), (2, 11));
        assert_eq!(file.line_text(3), "generate {");
        assert_eq!(file.line_text(usize::MAX), "}");
        // An offset inside a character counts from that character.
        let korean = SourceFile::new("k", "가\n나다");
        assert_eq!(korean.line_text(5), "나다");
        assert_eq!(korean.line_text(1), "가");
    }
}
