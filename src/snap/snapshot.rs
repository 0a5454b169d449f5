//! One snapshot: its header fields, its body, and the `.snap` text form.

use super::yaml::{parse_scalar, quote_scalar};
use super::SnapError;

/// A text snapshot as stored in an insta `.snap` file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot {
    /// The header's `source`: the file the snapshot comes from, e.g.
    /// `puzzles/NAME.puzzle`.
    pub source: String,
    /// The header's `expression`: what was snapshotted, e.g. `NAME/en/easy/00000`.
    pub expression: String,
    /// The snapshotted text.
    pub body: String,
}

impl Snapshot {
    /// A snapshot of `body`.
    pub fn new(source: &str, expression: &str, body: &str) -> Snapshot {
        Snapshot {
            source: source.to_string(),
            expression: expression.to_string(),
            body: body.to_string(),
        }
    }

    /// The `.snap` file text, exactly as insta writes it: `---`, the `source` and
    /// `expression` header lines, `---`, the normalized body (see [`normalize_body`]),
    /// and one final newline.
    pub fn render(&self) -> String {
        format!(
            "---\nsource: {}\nexpression: {}\n---\n{}\n",
            quote_scalar(&self.source),
            quote_scalar(&self.expression),
            normalize_body(&self.body)
        )
    }

    /// Reads `.snap` (or `.snap.new`) text the way insta does.
    ///
    /// The header is YAML between the first line `---` and the next `---` line; `source`
    /// and `expression` are read (missing ones are empty) and other keys such as
    /// `assertion_line`, `description` or `info` are ignored. The body is the rest, its
    /// lines joined with `\n` and without a final newline.
    pub fn parse(text: &str) -> Result<Snapshot, SnapError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.split_inclusive('\n');
        match lines.next() {
            Some(first) if first.trim_end() == "---" => {}
            _ => return Err(SnapError::NoHeader),
        }
        let mut header = Vec::new();
        let mut closed = false;
        for line in lines.by_ref() {
            if line.trim_end() == "---" {
                closed = true;
                break;
            }
            header.push(line.trim_end_matches(['\n', '\r']));
        }
        if !closed {
            return Err(SnapError::UnclosedHeader);
        }
        let rest: String = lines.collect();
        let mut snapshot = Snapshot {
            body: rest.lines().collect::<Vec<_>>().join("\n"),
            ..Snapshot::default()
        };
        read_header(&header, &mut snapshot)?;
        Ok(snapshot)
    }

    /// Whether the two bodies are equal after normalization (insta's comparison; the
    /// header is not compared).
    pub fn matches(&self, other: &Snapshot) -> bool {
        normalize_body(&self.body) == normalize_body(&other.body)
    }
}

/// insta's normalization of a body before writing and comparing: trailing whitespace
/// removed, `\r\n` turned into `\n`.
pub fn normalize_body(body: &str) -> String {
    body.trim_end().replace("\r\n", "\n")
}

/// Fills `source` and `expression` from the header lines (line 1 is the opening `---`).
fn read_header(header: &[&str], snapshot: &mut Snapshot) -> Result<(), SnapError> {
    let mut i = 0;
    while i < header.len() {
        let line = header[i];
        i += 1;
        if line.is_empty() || line.starts_with([' ', '\t', '#', '-']) {
            continue;
        }
        let Some((key, raw)) = line.split_once(':') else {
            continue;
        };
        let target = match key.trim() {
            "source" => &mut snapshot.source,
            "expression" => &mut snapshot.expression,
            _ => continue,
        };
        let raw = raw.trim();
        *target = if let Some(indicator) = raw.strip_prefix('|') {
            let start = i;
            while i < header.len() && (header[i].trim().is_empty() || header[i].starts_with(' ')) {
                i += 1;
            }
            literal_block(&header[start..i], indicator.trim())
        } else {
            parse_scalar(raw).map_err(|message| SnapError::BadHeader {
                line: i + 1,
                message: format!("`{}`: {message}", key.trim()),
            })?
        };
    }
    Ok(())
}

/// The value of a literal block scalar from its indented lines; `indicator` is the
/// chomping indicator: `-` strip, `+` keep, empty clip.
fn literal_block(lines: &[&str], indicator: &str) -> String {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    let trailing_blank = lines
        .iter()
        .rev()
        .take_while(|l| l.trim().is_empty())
        .count();
    let content: Vec<&str> = lines[..lines.len() - trailing_blank]
        .iter()
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect();
    let mut value = content.join("\n");
    if content.is_empty() {
        return value;
    }
    match indicator {
        "-" => {}
        "+" => value.push_str(&"\n".repeat(trailing_blank + 1)),
        _ => value.push('\n'),
    }
    value
}
