//! The text of a spec's snapshot: rendered items of one task.

use crate::dataset::Record;
use std::path::{Path, PathBuf};

/// The snapshot body for the first items of one task: each item's prompt,
/// answer and solution under headings.
pub fn task_body(records: &[Record]) -> String {
    let mut out = String::new();
    for r in records {
        out.push_str(&format!("=== {} ===\n", r.id));
        out.push_str("--- question ---\n");
        out.push_str(&r.question);
        out.push_str("\n--- answer ---\n");
        out.push_str(&r.answer);
        out.push_str("\n--- solution ---\n");
        out.push_str(&r.solution);
        out.push('\n');
        if !r.checkpoints.is_empty() {
            out.push_str("--- checkpoints ---\n");
            for c in &r.checkpoints {
                out.push_str(&format!("Step {}: {} ({})\n", c.step, c.gold, c.kind));
            }
        }
    }
    out
}

/// The snapshot name of a task: `<puzzle>__<lang>__<tier>`.
pub fn task_name(puzzle: &str, lang: &str, tier: &str) -> String {
    format!("{puzzle}__{lang}__{tier}")
}

/// Where a spec's task snapshot lives: `snapshots/` beside the spec.
pub fn task_path(spec: &Path, puzzle: &str, lang: &str, tier: &str) -> PathBuf {
    let dir = spec.parent().unwrap_or(Path::new("."));
    dir.join("snapshots")
        .join(format!("{}.snap", task_name(puzzle, lang, tier)))
}
