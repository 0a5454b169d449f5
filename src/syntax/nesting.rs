//! A scan of the raw text before parsing that bounds how deeply the parser
//! can recurse: brackets, and the keywords that open an expression without a
//! bracket (`if … then`, `let … in`, `|x| …`, `one of`, `else if`).

use super::error::SyntaxError;
use crate::source::SourceFile;
use crate::span::Span;

/// The deepest bracket nesting accepted.
pub const MAX_NESTING: usize = 48;

/// The most expression-opening keywords (`then`, `else`, `in`, `of`, and
/// each `|` of a lambda) that may be open at once outside brackets. Each
/// can nest an expression inside the one before it without a bracket, so
/// this bounds the parser's recursion together with [`MAX_NESTING`]. The
/// count restarts after a comma and after a keyword that only starts a
/// declaration or a statement, so it is far above anything a spec writes;
/// the lowering step then applies the finer expression-depth limit.
pub const MAX_OPEN_KEYWORDS: usize = 1000;

/// Words that open an expression nested in the one before it.
const OPENERS: [&str; 4] = ["then", "else", "in", "of"];

/// Reserved words that only start a declaration or a statement: no
/// expression is open where one stands.
const RESETS: [&str; 16] = [
    "fn",
    "generate",
    "answer",
    "template",
    "tier",
    "lever",
    "rule",
    "find",
    "require",
    "step",
    "checkpoint",
    "dig",
    "reveal",
    "sample",
    "maximize",
    "minimize",
];

/// Where the scanner is.
#[derive(Clone, Copy)]
enum Ctx {
    /// Code; inside a placeholder, the depth its `{` opened.
    Code(Option<usize>),
    /// A string; `true` for a triple-quoted one.
    Str(bool),
}

/// Rejects bracket nesting deeper than [`MAX_NESTING`], and more than
/// [`MAX_OPEN_KEYWORDS`] open keywords, before parsing, so a pathological
/// file cannot exhaust the parser's stack. Text inside strings does not
/// count, but a placeholder `{...}` in a string does, as do the brackets and
/// keywords of the expression inside it.
pub fn check_nesting(source: &SourceFile) -> Result<(), SyntaxError> {
    let mut scan = Scan {
        source,
        stack: vec![Ctx::Code(None)],
        open: vec![0],
        total: 0,
    };
    let text = source.text.as_str();
    let mut i = 0usize;
    while i < text.len() {
        let step = scan.step(i)?;
        i = ceil_boundary(text, i + step.max(1));
    }
    Ok(())
}

/// The scanner's state.
struct Scan<'s> {
    source: &'s SourceFile,
    stack: Vec<Ctx>,
    /// Open keywords per bracket level, innermost last.
    open: Vec<usize>,
    /// The sum of `open`.
    total: usize,
}

impl Scan<'_> {
    /// Reads the token at `i`; returns how many bytes it covers.
    fn step(&mut self, i: usize) -> Result<usize, SyntaxError> {
        let source = self.source;
        let here = &source.text[i..];
        match self.stack.last().copied() {
            Some(Ctx::Str(triple)) => self.in_string(triple, here, i),
            Some(Ctx::Code(opened)) => self.in_code(opened, here, i),
            None => Ok(here.len()),
        }
    }

    fn in_string(&mut self, triple: bool, here: &str, i: usize) -> Result<usize, SyntaxError> {
        if let Some(escaped) = here.strip_prefix('\\') {
            // The backslash and the whole character it escapes.
            return Ok(1 + escaped.chars().next().map_or(0, char::len_utf8));
        }
        if here.starts_with("{{") || here.starts_with("}}") {
            return Ok(2);
        }
        if triple && here.starts_with("\"\"\"") {
            self.stack.pop();
            return Ok(3);
        }
        if !triple && (here.starts_with('"') || here.starts_with('\n')) {
            self.stack.pop();
            return Ok(1);
        }
        if here.starts_with('{') {
            self.open_bracket(i)?;
            self.stack.push(Ctx::Code(Some(self.open.len() - 1)));
            return Ok(1);
        }
        Ok(char_len(here))
    }

    fn in_code(
        &mut self,
        opened: Option<usize>,
        here: &str,
        i: usize,
    ) -> Result<usize, SyntaxError> {
        let Some(c) = here.chars().next() else {
            return Ok(1);
        };
        match c {
            '#' => Ok(here.find('\n').unwrap_or(here.len())),
            '"' if here.starts_with("\"\"\"") => {
                self.stack.push(Ctx::Str(true));
                Ok(3)
            }
            '"' => {
                self.stack.push(Ctx::Str(false));
                Ok(1)
            }
            '(' | '[' | '{' => {
                self.open_bracket(i)?;
                Ok(1)
            }
            ')' | ']' | '}' => {
                let depth = self.open.len() - 1;
                if c == '}' && opened == Some(depth) {
                    self.stack.pop();
                }
                self.close_bracket();
                Ok(1)
            }
            ',' => {
                self.reset();
                Ok(1)
            }
            '|' => {
                self.keyword(i, 1)?;
                Ok(1)
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let len = here
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(here.len());
                let word = &here[..len];
                if OPENERS.contains(&word) {
                    self.keyword(i, len)?;
                } else if RESETS.contains(&word) && !self.after_dot(i) {
                    self.reset();
                }
                Ok(len)
            }
            _ => Ok(c.len_utf8()),
        }
    }

    /// Whether the word at `i` follows a `.`: a field such as `m.answer`,
    /// which closes nothing.
    fn after_dot(&self, i: usize) -> bool {
        self.source.text[..i].trim_end().ends_with('.')
    }

    fn open_bracket(&mut self, at: usize) -> Result<(), SyntaxError> {
        if self.open.len() > MAX_NESTING {
            return Err(SyntaxError::TooDeep {
                limit: MAX_NESTING,
                src: self.source.named(),
                span: Span::new(at, at + 1),
            });
        }
        self.open.push(0);
        Ok(())
    }

    fn close_bracket(&mut self) {
        if self.open.len() > 1 {
            let inner = self.open.pop().unwrap_or(0);
            self.total -= inner;
        }
    }

    /// Every keyword open at this bracket level is closed.
    fn reset(&mut self) {
        if let Some(level) = self.open.last_mut() {
            self.total -= *level;
            *level = 0;
        }
    }

    fn keyword(&mut self, at: usize, len: usize) -> Result<(), SyntaxError> {
        if self.total >= MAX_OPEN_KEYWORDS {
            return Err(SyntaxError::TooManyOpenKeywords {
                limit: MAX_OPEN_KEYWORDS,
                src: self.source.named(),
                span: Span::new(at, at + len),
            });
        }
        if let Some(level) = self.open.last_mut() {
            *level += 1;
            self.total += 1;
        }
        Ok(())
    }
}

/// The byte length of the character that starts `text` (1 when empty).
fn char_len(text: &str) -> usize {
    text.chars().next().map_or(1, char::len_utf8)
}

/// The smallest character boundary of `text` at or after `i`.
fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(text.len())
}
