//! The responses file `ask` writes and `score` reads: one JSON line per
//! answered record (`id`, `response`, `model`, `finish_reason`, `usage`,
//! `latency_ms`). Lines are appended as answers arrive, so an interrupted
//! run keeps them; at the end the file is rewritten in dataset order.

use super::{Answer, AskError};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The JSON line of `answer` to record `id`.
pub fn response_line(id: &str, answer: &Answer) -> String {
    let mut line = Map::new();
    line.insert("id".into(), Value::String(id.to_string()));
    line.insert("response".into(), Value::String(answer.response.clone()));
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
    Value::Object(line).to_string()
}

/// The lines of an existing responses file by record id (the last line of
/// an id wins), and how many lines were unreadable (e.g. a line cut short
/// when a run was killed). A missing file is empty.
pub fn read_answered(path: &Path) -> Result<(BTreeMap<String, String>, usize), AskError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(AskError::Io {
                action: "read",
                path: path.to_path_buf(),
                reason: e.to_string(),
            })
        }
    };
    let mut lines = BTreeMap::new();
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parsed: Option<(String, bool)> =
            serde_json::from_str::<Value>(line).ok().and_then(|v| {
                let id = v.get("id")?.as_str()?.to_string();
                Some((id, v.get("response").is_some_and(Value::is_string)))
            });
        match parsed {
            Some((id, true)) => {
                lines.insert(id, line.to_string());
            }
            _ => bad += 1,
        }
    }
    Ok((lines, bad))
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
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
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
