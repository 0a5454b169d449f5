//! Long lines elided around the labels before a diagnostic is drawn: the
//! renderer pads labels with a column-wide format argument that panics past
//! column 65,535, and a line of thousands of characters is unreadable anyway.

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode, SourceSpan};
use std::fmt;

/// Lines longer than this many bytes are cut around the labels.
pub const MAX_SHOWN_LINE: usize = 160;
/// Bytes kept on each side of a label's start and end on a cut line.
const KEEP: usize = 40;
/// Messages and help texts longer than this many bytes are cut in the middle.
const MAX_MESSAGE: usize = 400;
/// What stands for removed text.
const ELLIPSIS: &str = "…";

/// A diagnostic whose source lines, message and help are short enough to
/// draw; it says the same as the original.
pub struct Elided<'d> {
    inner: &'d dyn Diagnostic,
    source: Option<NamedSource<String>>,
    labels: Vec<LabeledSpan>,
}

/// `diagnostic` with long lines cut around its labels (borrowed unchanged
/// when nothing is too long).
pub fn elide(diagnostic: &dyn Diagnostic) -> Elided<'_> {
    let labels: Vec<LabeledSpan> = diagnostic
        .labels()
        .map(|l| l.map(shorten_label).collect())
        .unwrap_or_default();
    let whole = diagnostic.source_code().and_then(|code| {
        code.read_span(&SourceSpan::from((0, 0)), 0, usize::MAX)
            .ok()
    });
    let Some(whole) = whole else {
        return Elided {
            inner: diagnostic,
            source: None,
            labels,
        };
    };
    let text = String::from_utf8_lossy(whole.data()).into_owned();
    let name = whole.name().unwrap_or("").to_string();
    if text.lines().all(|l| l.len() <= MAX_SHOWN_LINE) && text.len() == whole.data().len() {
        return Elided {
            inner: diagnostic,
            source: None,
            labels,
        };
    }
    let points: Vec<usize> = labels
        .iter()
        .flat_map(|l| [l.offset(), l.offset() + l.len()])
        .collect();
    let cut = Cut::new(&text, &points);
    let labels = labels
        .iter()
        .map(|l| {
            let start = cut.map(l.offset());
            let end = cut.map(l.offset() + l.len()).max(start);
            let span = SourceSpan::from((start, end - start));
            let label = l.label().map(|t| match cut_column(&text, l.offset()) {
                Some(column) => format!("{t} (column {column})"),
                None => t.to_string(),
            });
            if l.primary() {
                LabeledSpan::new_primary_with_span(label, span)
            } else {
                LabeledSpan::new_with_span(label, span)
            }
        })
        .collect();
    Elided {
        inner: diagnostic,
        source: Some(NamedSource::new(name, cut.text)),
        labels,
    }
}

/// A text with the long lines cut, and where each kept piece moved to.
struct Cut {
    text: String,
    /// `(old start, old end, new start)` of every kept piece, in order.
    pieces: Vec<(usize, usize, usize)>,
}

impl Cut {
    fn new(text: &str, points: &[usize]) -> Cut {
        let mut cut = Cut {
            text: String::with_capacity(text.len().min(1 << 16)),
            pieces: Vec::new(),
        };
        let mut line_start = 0;
        for line in text.split_inclusive('\n') {
            let line_end = line_start + line.len();
            if line.len() <= MAX_SHOWN_LINE {
                cut.keep(text, line_start, line_end);
            } else {
                let here: Vec<usize> = points
                    .iter()
                    .copied()
                    .filter(|p| (line_start..=line_end).contains(p))
                    .collect();
                cut.cut_line(text, line_start, line_end, &here);
            }
            line_start = line_end;
        }
        cut
    }

    fn keep(&mut self, text: &str, start: usize, end: usize) {
        self.pieces.push((start, end, self.text.len()));
        self.text.push_str(&text[start..end]);
    }

    /// Keeps [`KEEP`] bytes around each point of the line (or its start when
    /// it has none) and the line break; the rest becomes `…`.
    fn cut_line(&mut self, text: &str, start: usize, end: usize, points: &[usize]) {
        let body_end = if text[start..end].ends_with('\n') {
            end - 1
        } else {
            end
        };
        let mut windows: Vec<(usize, usize)> = if points.is_empty() {
            vec![(start, start + 2 * KEEP)]
        } else {
            points
                .iter()
                .map(|p| (p.saturating_sub(KEEP).max(start), p + KEEP))
                .collect()
        };
        windows.sort_unstable();
        let mut at = start;
        for (a, b) in windows {
            let a = floor(text, a.max(at));
            let b = floor(text, b.min(body_end));
            if b <= a {
                continue;
            }
            if a > at {
                self.text.push_str(ELLIPSIS);
            }
            self.keep(text, a, b);
            at = b;
        }
        if at < body_end {
            self.text.push_str(ELLIPSIS);
        }
        self.keep(text, body_end, end);
    }

    /// Where byte `old` of the original text is in the cut text: inside a
    /// kept piece it moves with it; inside removed text it lands on the
    /// ellipsis that replaced it.
    fn map(&self, old: usize) -> usize {
        let i = self.pieces.partition_point(|&(start, _, _)| start <= old);
        if i == 0 {
            return 0;
        }
        let (start, end, new) = self.pieces[i - 1];
        if old <= end {
            new + (old - start)
        } else {
            new + (end - start)
        }
    }
}

/// The 1-based column, in characters, of byte `offset` of `text` when its
/// line is cut (the header of a drawn diagnostic counts columns in the cut
/// text, so the label says the real one).
fn cut_column(text: &str, offset: usize) -> Option<usize> {
    let offset = floor(text, offset);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    (end - start > MAX_SHOWN_LINE).then(|| text[start..offset].chars().count() + 1)
}

fn floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// `label` with its text shortened like a message.
fn shorten_label(mut label: LabeledSpan) -> LabeledSpan {
    let text = label.label().map(|t| shorten(t.to_string()));
    label.set_label(text);
    label
}

/// `text` with its middle replaced by `…` when longer than [`MAX_MESSAGE`].
fn shorten(text: String) -> String {
    if text.len() <= MAX_MESSAGE {
        return text;
    }
    let head = floor(&text, MAX_MESSAGE / 2);
    let tail = {
        let mut i = text.len() - MAX_MESSAGE / 2;
        while !text.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    format!("{}{ELLIPSIS}{}", &text[..head], &text[tail..])
}

impl fmt::Display for Elided<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shorten(self.inner.to_string()))
    }
}

impl fmt::Debug for Elided<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl std::error::Error for Elided<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source()
    }
}

impl Diagnostic for Elided<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.code()
    }

    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = self.inner.help()?;
        Some(Box::new(shorten(help.to_string())))
    }

    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.url()
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.source {
            Some(source) => Some(source),
            None => self.inner.source_code(),
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner.related()
    }

    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.inner.diagnostic_source()
    }
}
