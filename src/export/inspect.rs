//! Inspect (`inspect_ai`): one task file holding one task with parameters.
//!
//! Inspect's idiom for variants of one evaluation is task parameters
//! (`-T lang=ko`), which its logs record with the results, so one task
//! `PREFIX(puzzle, lang, tier)` covers every task file of the dataset instead
//! of a hundred near-identical `@task` functions; its grouped metric still
//! reports the accuracy of each task file. The file reads the dataset's
//! manifest and records at run time, from a path relative to itself, so the
//! export and the dataset can move together.

use super::{quoted, ExportError, ExportFile, Options, Source};

/// The task file's text with the placeholders `@@TASK@@`, `@@DATA@@` and
/// `@@MAX_TOKENS@@`.
pub const TEMPLATE: &str = include_str!("inspect_task.py");

/// Names the task function cannot have: Python's keywords and the names the
/// task file defines or imports.
pub const RESERVED: [&str; 55] = [
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "json",
    "pathlib",
    "Task",
    "task",
    "MemoryDataset",
    "Sample",
    "GenerateConfig",
    "CORRECT",
    "INCORRECT",
    "Score",
    "Target",
    "accuracy",
    "grouped",
    "scorer",
    "stderr",
    "TaskState",
    "generate",
    "puzzlec_judge",
    "DATA",
    "MAX_TOKENS",
];

/// The files of an Inspect export of `source` whose folder lies at `data`
/// relative to the export folder (`/`-separated; `""` for the same folder).
pub fn files(
    source: &Source,
    data: &str,
    options: &Options,
) -> Result<Vec<ExportFile>, ExportError> {
    if RESERVED.contains(&options.name.as_str()) {
        return Err(ExportError::ReservedName {
            name: options.name.clone(),
        });
    }
    debug_assert!(!source.manifest.tasks.is_empty());
    let data = if data.is_empty() { "." } else { data };
    let text = TEMPLATE
        .replace("@@TASK@@", &options.name)
        .replace("@@DATA@@", &quoted(data))
        .replace("@@MAX_TOKENS@@", &options.max_tokens.to_string());
    Ok(vec![ExportFile {
        path: task_file(&options.name),
        text,
    }])
}

/// The task file's name: `PREFIX_tasks.py` (not `PREFIX.py`, which with the
/// default prefix would shadow the `puzzlec` package it imports).
pub fn task_file(prefix: &str) -> String {
    format!("{prefix}_tasks.py")
}
