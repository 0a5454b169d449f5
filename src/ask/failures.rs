//! The failures file beside a responses file: one JSON line per record whose
//! every attempt failed (`id`, `code`, `status` for an HTTP error, `message`),
//! so a rerun skips it instead of stopping on it again, and
//! `--retry-failed` asks it once more.

use super::AskError;
use crate::dataset::lines::{read_line_bounded, MAX_LINE_BYTES};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The failures file of the responses file `out`: `responses.jsonl` →
/// `responses.failed.jsonl`.
pub fn failures_path(out: &Path) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(|| "responses".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}.failed.jsonl"))
}

/// The JSON line recording that record `id` failed with `error`.
pub fn failure_line(id: &str, error: &AskError) -> String {
    let mut line = Map::new();
    line.insert("id".into(), Value::String(id.to_string()));
    let code = miette::Diagnostic::code(error).map_or_else(String::new, |c| c.to_string());
    line.insert("code".into(), Value::String(code));
    if let AskError::Status { status, .. } = error {
        line.insert("status".into(), Value::from(*status));
    }
    line.insert("message".into(), Value::String(error.to_string()));
    Value::Object(line).to_string()
}

/// The recorded failures by record id (a missing file has none; unreadable
/// lines are ignored, so their records are asked again).
pub fn read_failures(path: &Path) -> Result<BTreeMap<String, String>, AskError> {
    let io = |e: std::io::Error| AskError::Io {
        action: "read",
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(io(e)),
    };
    let mut reader = std::io::BufReader::new(file);
    let mut out = BTreeMap::new();
    let mut buf = Vec::new();
    while read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES).map_err(io)? {
        let text = String::from_utf8_lossy(&buf).trim().to_string();
        buf.clear();
        let id = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v.get("id")?.as_str().map(String::from));
        if let Some(id) = id {
            out.insert(id, text);
        }
    }
    Ok(out)
}

/// Writes the failures (atomically), or removes the file when there are none.
pub fn write_failures(path: &Path, failures: &BTreeMap<String, String>) -> Result<(), AskError> {
    let io = |e: std::io::Error| AskError::Io {
        action: "write",
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    if failures.is_empty() {
        return match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(e)),
            _ => Ok(()),
        };
    }
    let mut text = String::new();
    for line in failures.values() {
        text.push_str(line);
        text.push('\n');
    }
    crate::dataset::write_atomic(path, text.as_bytes()).map_err(|e| AskError::Io {
        action: "write",
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failures_file_sits_beside_the_responses() {
        assert_eq!(
            failures_path(Path::new("run/responses.jsonl")),
            Path::new("run/responses.failed.jsonl")
        );
        assert_eq!(
            failures_path(Path::new("out")),
            Path::new("out.failed.jsonl")
        );
    }
}
