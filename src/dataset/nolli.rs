//! The reference benchmark's release format (`--format nolli`).
//!
//! Every task is one file `<task>_<lang>_<tier>.jsonl` in the dataset folder
//! (no subfolders), where `<task>` is the spec's `release nolli as NAME` or else
//! its puzzle name. Each line holds, in this order: `id` (`<task>_<lang>_NNNN`,
//! numbered on across the spec's tiers in declaration order, so the second tier
//! of a 100-per-tier build starts at `0100`), `question`, `answer` (the gold in
//! the form the reference's graders read, see [`nolli_answer`]), `solution`,
//! `difficulty` (the tier), `choices` (multiple-choice items only: an object from
//! option letter to option text), and the hub's `task` and `language` columns.

use serde::Serialize;
use serde_json::{Map, Value};

use super::Record;
use crate::answer::AnswerKind;
use crate::check::program::Program;

/// The format's name in `release nolli as NAME` and on the command line.
pub const NOLLI_FORMAT: &str = "nolli";

/// One task's name and numbering in the `nolli` format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NolliTask {
    /// The reference's task name: the spec's `release nolli as NAME`, else the
    /// puzzle name.
    pub name: String,
    /// The number in the task's first id: the tier's position among the spec's
    /// tiers times the items per tier.
    pub first: u64,
}

/// One line of the format, fields in the reference's order.
#[derive(Serialize)]
struct NolliLine<'a> {
    id: String,
    question: &'a str,
    answer: String,
    solution: &'a str,
    difficulty: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    choices: Option<Map<String, Value>>,
    task: &'a str,
    language: &'a str,
}

impl NolliTask {
    /// The naming of `program`'s task in `tier` in a build of `count` items per tier.
    pub fn new(program: &Program, tier: &str, count: u64) -> NolliTask {
        let position = program
            .tiers
            .iter()
            .position(|t| t.name.name == tier)
            .unwrap_or(0) as u64;
        NolliTask {
            name: program
                .nolli_task
                .clone()
                .unwrap_or_else(|| program.name.name.clone()),
            first: position.saturating_mul(count),
        }
    }

    /// The task's file name: `<task>_<lang>_<tier>.jsonl`.
    pub fn file(&self, lang: &str, tier: &str) -> String {
        format!("{}_{lang}_{tier}.jsonl", self.name)
    }

    /// The id of the item with `index` in `lang`: `<task>_<lang>_NNNN` (at least
    /// four digits).
    pub fn id(&self, lang: &str, index: u64) -> String {
        format!(
            "{}_{lang}_{:04}",
            self.name,
            self.first.saturating_add(index)
        )
    }

    /// `record` as one line of the format, without the newline.
    pub fn line(&self, record: &Record) -> String {
        let kind = AnswerKind::from_name(&record.answer_kind);
        let line = NolliLine {
            id: self.id(&record.lang, record.index),
            question: &record.question,
            answer: kind.map_or_else(
                || record.answer.clone(),
                |k| nolli_answer(k, &record.answer),
            ),
            solution: &record.solution,
            difficulty: &record.tier,
            choices: record.choices.as_deref().map(choice_object),
            task: &self.name,
            language: &record.lang,
        };
        // Serializing strings and JSON values cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }
}

/// A canonical gold of `kind` in the form the reference's graders read: an
/// assignment as a JSON object (`{"A": true, "B": false}`, keys sorted, values
/// booleans or integers), a grid on one line (`1 2 3 4`, rows left to right, top
/// to bottom); every other kind as it is.
pub fn nolli_answer(kind: AnswerKind, gold: &str) -> String {
    match kind {
        AnswerKind::Assignment => assignment_object(gold),
        AnswerKind::Grid => gold.split_whitespace().collect::<Vec<_>>().join(" "),
        _ => gold.to_string(),
    }
}

/// A canonical assignment (`A=true, B=1`) as JSON text with Python's
/// separators, as the reference writes it.
fn assignment_object(gold: &str) -> String {
    let mut parts = Vec::new();
    for entry in gold.split(", ").filter(|e| !e.is_empty()) {
        let (name, value) = entry.split_once('=').unwrap_or((entry, ""));
        let name = serde_json::to_string(name).unwrap_or_default();
        let value = match value {
            "true" | "false" => value.to_string(),
            v if v.parse::<i64>().is_ok() => v.to_string(),
            v => serde_json::to_string(v).unwrap_or_default(),
        };
        parts.push(format!("{name}: {value}"));
    }
    format!("{{{}}}", parts.join(", "))
}

/// Options as an object from letter (`A`, `B`, …, then `AA`, `AB`, …) to text.
fn choice_object(options: &[String]) -> Map<String, Value> {
    options
        .iter()
        .enumerate()
        .map(|(i, o)| (option_letter(i), Value::String(o.clone())))
        .collect()
}

/// The letter of the option at `i`: `A`…`Z`, then `AA`, `AB`, … (spreadsheet
/// columns).
pub fn option_letter(i: usize) -> String {
    let mut n = i + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(char::from(b'A' + rem as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}
