//! Machine-readable output (`--json`): one JSON document on stdout, and
//! diagnostics as JSON objects for editors and CI annotations.

use crate::source::SourceFile;
use miette::{Diagnostic, Severity};
use serde_json::{json, Value};

/// Prints `value` as one line of JSON on stdout.
pub fn print(value: &Value) {
    println!("{value}");
}

/// A diagnostic as JSON: severity, code, message, help, and each label with
/// its byte range and 1-based line and column (columns count characters).
pub fn diagnostic(d: &dyn Diagnostic, source: &SourceFile) -> Value {
    let severity = match d.severity().unwrap_or(Severity::Error) {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    };
    let labels: Vec<Value> = d
        .labels()
        .into_iter()
        .flatten()
        .map(|l| {
            let (line, column) = line_column(&source.text, l.offset());
            json!({
                "offset": l.offset(),
                "length": l.len(),
                "line": line,
                "column": column,
                "label": l.label(),
            })
        })
        .collect();
    json!({
        "severity": severity,
        "code": d.code().map(|c| c.to_string()),
        "message": d.to_string(),
        "help": d.help().map(|h| h.to_string()),
        "file": source.name,
        "labels": labels,
    })
}

/// The 1-based line and column (in characters) of byte `offset` of `text`;
/// an offset inside a character counts from that character's start, one
/// past the end is the end.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\n가나다\nx";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(
            line_column(text, 6),
            (2, 2),
            "after one three-byte syllable"
        );
        assert_eq!(line_column(text, 7), (2, 2), "inside a syllable");
        assert_eq!(line_column(text, 13), (3, 1));
        assert_eq!(line_column(text, 99), (3, 2), "past the end");
    }
}
