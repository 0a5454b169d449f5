//! The responses file `ask` writes and `score` reads: one JSON line per
//! answered record (`id`, `response`, `model`, `finish_reason`, `usage`,
//! `latency_ms`). Lines are appended as answers arrive, so an interrupted
//! run keeps them; at the end the file is rewritten in dataset order.

use super::prompt::Turn;
use super::{Answer, AskError};
use crate::dataset::lines::{read_line_bounded, MAX_LINE_BYTES};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The JSON line of `answer` to record `id`.
///
/// With `rounds` (a self-correcting run), the line also holds `rounds`, the
/// number of replies the model gave, and `history`, the earlier replies in
/// order (those `turns` the final reply followed).
pub fn response_line(id: &str, answer: &Answer, rounds: bool, turns: &[Turn]) -> String {
    let mut line = Map::new();
    line.insert("id".into(), Value::String(id.to_string()));
    line.insert("response".into(), Value::String(answer.response.clone()));
    if let Some(r) = &answer.reasoning_content {
        line.insert("reasoning_content".into(), Value::String(r.clone()));
    }
    if let Some(m) = &answer.model {
        line.insert("model".into(), Value::String(m.clone()));
    }
    line.insert(
        "finish_reason".into(),
        answer
            .finish_reason
            .clone()
            .map_or(Value::Null, Value::String),
    );
    line.insert("usage".into(), answer.usage.clone().unwrap_or(Value::Null));
    line.insert("latency_ms".into(), Value::from(answer.latency_ms));
    if rounds {
        line.insert("rounds".into(), Value::from(turns.len() + 1));
        let history = turns.iter().map(|t| Value::String(t.reply.clone()));
        line.insert("history".into(), Value::Array(history.collect()));
    }
    Value::Object(line).to_string()
}

/// The lines of an existing responses file by record id (the last line of
/// an id wins), and how many lines were unreadable (e.g. a line cut short
/// when a run was killed, possibly inside a UTF-8 character: such a line
/// counts as not answered). A missing file is empty. Lines are read with a
/// length limit ([`MAX_LINE_BYTES`]).
pub fn read_answered(path: &Path) -> Result<(BTreeMap<String, String>, usize), AskError> {
    let io = |e: std::io::Error| AskError::Io {
        action: "read",
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((BTreeMap::new(), 0)),
        Err(e) => return Err(io(e)),
    };
    let mut reader = std::io::BufReader::new(file);
    let mut lines = BTreeMap::new();
    let mut bad = 0;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if !read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES).map_err(io)? {
            return Ok((lines, bad));
        }
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let Ok(line) = std::str::from_utf8(bytes) else {
            bad += 1;
            continue;
        };
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        match answered_id(line) {
            Some(id) => {
                lines.insert(id, line.to_string());
            }
            None => bad += 1,
        }
    }
}

/// Whether a responses line holds an empty answer or one cut off at the
/// token limit (asked again by `--retry-failed`).
pub fn incomplete(line: &str) -> bool {
    let Ok(v) = serde_json::from_str::<Value>(line) else {
        return true;
    };
    let empty = v
        .get("response")
        .and_then(Value::as_str)
        .is_none_or(|r| r.trim().is_empty());
    empty || v.get("finish_reason").and_then(Value::as_str) == Some("length")
}

/// The id of a responses line that holds a string `response`.
fn answered_id(line: &str) -> Option<String> {
    let v: Value = serde_json::from_str(line).ok()?;
    let id = v.get("id")?.as_str()?.to_string();
    v.get("response")
        .is_some_and(Value::is_string)
        .then_some(id)
}

/// Appends lines to a responses file, one whole line per write.
pub struct Appender {
    file: Mutex<std::fs::File>,
    path: std::path::PathBuf,
}

impl Appender {
    /// Opens `path` for appending (creating it and its folder).
    pub fn open(path: &Path) -> Result<Appender, AskError> {
        let io = |e: std::io::Error| AskError::Io {
            action: "write",
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        if crate::dataset::is_symlink(path) {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "it is a symbolic link; puzzlec does not write through links",
            )));
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        // A line cut short by a killed run has no newline; end it, so the
        // next answer starts a line of its own.
        if !ends_with_newline(&mut file).map_err(io)? {
            file.write_all(b"\n").map_err(io)?;
        }
        Ok(Appender {
            file: Mutex::new(file),
            path: path.to_path_buf(),
        })
    }

    /// Appends `line` and a newline, then flushes.
    pub fn append(&self, line: &str) -> Result<(), AskError> {
        let io = |e: std::io::Error| AskError::Io {
            action: "write",
            path: self.path.clone(),
            reason: e.to_string(),
        };
        let mut file = self.file.lock().map_err(|_| AskError::Io {
            action: "write",
            path: self.path.clone(),
            reason: "a writer thread failed".into(),
        })?;
        file.write_all(format!("{line}\n").as_bytes()).map_err(io)?;
        file.flush().map_err(io)
    }
}

/// Whether `file` is empty or its last byte is a newline.
fn ends_with_newline(file: &mut std::fs::File) -> std::io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    if file.metadata()?.len() == 0 {
        return Ok(true);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

/// Rewrites `path` atomically with the lines of `answered` in `order` (ids
/// not in `order` follow, sorted).
pub fn rewrite_in_order(
    path: &Path,
    order: &[String],
    answered: &BTreeMap<String, String>,
) -> Result<(), AskError> {
    let mut text = String::new();
    let mut used = std::collections::BTreeSet::new();
    for id in order {
        if let Some(line) = answered.get(id) {
            if used.insert(id.as_str()) {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    for (id, line) in answered {
        if !used.contains(id.as_str()) {
            text.push_str(line);
            text.push('\n');
        }
    }
    crate::dataset::write_atomic(path, text.as_bytes()).map_err(|e| AskError::Io {
        action: "write",
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}
