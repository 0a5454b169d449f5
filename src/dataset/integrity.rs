//! What `verify` finds when it compares a dataset with its regeneration, and the
//! record-level comparison itself: which records are missing, extra, duplicated,
//! moved to another file, out of order or edited.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde_json::Value;

/// One problem `verify` found, naming the file or record it is about.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Finding {
    /// `manifest.json` cannot be used (unreadable, invalid, or from an older version).
    Manifest {
        /// What is wrong.
        problem: String,
    },
    /// A field of `manifest.json` differs from the manifest the regeneration writes.
    ManifestField {
        /// The field: `seed`, `tasks[a/en/easy.jsonl].count`, …
        field: String,
        /// What is wrong.
        problem: String,
    },
    /// A spec the dataset was built from is not among the specs given, or
    /// differs from the one the build used (one finding per spec, not per file).
    Spec {
        /// The puzzle name.
        puzzle: String,
        /// Whether no spec of that name was given at all (rather than changed).
        missing: bool,
        /// What is wrong.
        problem: String,
    },
    /// A file is missing, extra, or differs in bytes that no record accounts for.
    File {
        /// The file, relative to the dataset folder.
        file: String,
        /// What is wrong.
        problem: String,
    },
    /// A record is missing, extra, duplicated, moved, out of order or edited.
    Record {
        /// The record id, or `file:line` for a line that is not a record.
        id: String,
        /// What is wrong.
        problem: String,
    },
}

impl Finding {
    /// The manifest, file or record the finding names.
    pub fn subject(&self) -> String {
        match self {
            Finding::Manifest { .. } => super::MANIFEST_FILE.to_string(),
            Finding::ManifestField { field, .. } => format!("{}: `{field}`", super::MANIFEST_FILE),
            Finding::Spec { puzzle, .. } => format!("spec `{puzzle}`"),
            Finding::File { file, .. } => file.clone(),
            Finding::Record { id, .. } => id.clone(),
        }
    }

    /// What is wrong with it.
    pub fn problem(&self) -> &str {
        match self {
            Finding::Manifest { problem }
            | Finding::ManifestField { problem, .. }
            | Finding::Spec { problem, .. }
            | Finding::File { problem, .. }
            | Finding::Record { problem, .. } => problem,
        }
    }

    fn record(id: impl Into<String>, problem: String) -> Finding {
        Finding::Record {
            id: id.into(),
            problem,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject(), self.problem())
    }
}

/// One line of a file on disk: its 1-based number, the record id it holds (when it
/// is a JSON object with a string `id`) and the SHA-256 of its bytes without the `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineSummary {
    /// The 1-based line number.
    pub line: usize,
    /// The `id` field, when the line has one.
    pub id: Option<String>,
    /// SHA-256 hex of the line's bytes, newline excluded.
    pub sha256: String,
}

/// A file the regeneration writes: its records' ids and line hashes, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpectedFile {
    /// `(id, sha256 of the line)` per record, in file order.
    pub records: Vec<(String, String)>,
}

/// A file on disk, summarised line by line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActualFile {
    /// Every line, in order.
    pub lines: Vec<LineSummary>,
    /// Why each record whose line differs from its regeneration differs, by id.
    pub edits: BTreeMap<String, String>,
}

/// Compares the records of every file on disk with the regeneration's.
///
/// `expected` holds the files the regeneration writes; `actual` the files on disk
/// (task files the manifest does not list included). A file missing from `actual`
/// is reported by the caller, so its records are not reported one by one unless they
/// turn up elsewhere; an extra file's unknown lines are likewise left to the caller.
pub fn compare_records(
    expected: &BTreeMap<String, ExpectedFile>,
    actual: &BTreeMap<String, ActualFile>,
) -> Vec<Finding> {
    let mut home: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    for (file, e) in expected {
        for (id, hash) in &e.records {
            home.insert(id.as_str(), (file.as_str(), hash.as_str()));
        }
    }
    let mut seen: BTreeMap<&str, Vec<(&str, &LineSummary)>> = BTreeMap::new();
    let mut findings = Vec::new();
    for (file, a) in actual {
        let known_file = expected.contains_key(file);
        for line in &a.lines {
            match line.id.as_deref() {
                Some(id) if home.contains_key(id) => {
                    seen.entry(id).or_default().push((file.as_str(), line))
                }
                _ if !known_file => {}
                Some(id) => findings.push(Finding::record(
                    id,
                    format!(
                        "extra record at `{file}` line {}: the regeneration has no record with this id",
                        line.line
                    ),
                )),
                None => findings.push(Finding::record(
                    format!("{file}:{}", line.line),
                    "the line is not a record with an `id`".to_string(),
                )),
            }
        }
    }
    for (id, (file, hash)) in &home {
        let places = seen.get(id).map_or(&[][..], Vec::as_slice);
        findings.extend(place_finding(id, file, hash, places, actual));
    }
    for (file, e) in expected {
        if let Some(a) = actual.get(file) {
            findings.extend(order_findings(file, e, a));
        }
    }
    findings
}

/// The finding for record `id`, which belongs in `file` with line hash `hash` and
/// was seen at `places`.
fn place_finding(
    id: &str,
    file: &str,
    hash: &str,
    places: &[(&str, &LineSummary)],
    actual: &BTreeMap<String, ActualFile>,
) -> Option<Finding> {
    let at = |(f, l): &(&str, &LineSummary)| format!("`{f}` line {}", l.line);
    match places {
        [] if actual.contains_key(file) => Some(Finding::record(
            id,
            format!("missing: the regeneration has it in `{file}`, which does not"),
        )),
        [] => None,
        [(f, _)] if *f != file => Some(Finding::record(
            id,
            format!("moved: it belongs in `{file}` but is at {}", at(&places[0])),
        )),
        [(_, line)] if line.sha256 != hash => {
            let why = actual
                .get(file)
                .and_then(|a| a.edits.get(id))
                .map_or("it differs from its regeneration", String::as_str);
            Some(Finding::record(
                id,
                format!("edited at `{file}` line {}: {why}", line.line),
            ))
        }
        [_] => None,
        _ => Some(Finding::record(
            id,
            format!(
                "duplicated: it appears {} times ({})",
                places.len(),
                places.iter().map(at).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// The records of `file` that are out of order: the records on disk that belong in
/// it (first occurrences) outside a longest run in regeneration order.
fn order_findings(file: &str, expected: &ExpectedFile, actual: &ActualFile) -> Vec<Finding> {
    let position: BTreeMap<&str, usize> = expected
        .records
        .iter()
        .enumerate()
        .map(|(i, (id, _))| (id.as_str(), i))
        .collect();
    let mut taken = BTreeSet::new();
    let present: Vec<(&LineSummary, usize)> = actual
        .lines
        .iter()
        .filter_map(|l| {
            let id = l.id.as_deref()?;
            let pos = *position.get(id)?;
            taken.insert(id).then_some((l, pos))
        })
        .collect();
    let keep = longest_increasing(&present.iter().map(|(_, p)| *p).collect::<Vec<_>>());
    present
        .iter()
        .enumerate()
        .filter(|(k, _)| !keep.contains(k))
        .map(|(_, (line, pos))| {
            Finding::record(
                line.id.clone().unwrap_or_default(),
                format!(
                    "out of order: at `{file}` line {} but it is record {} of the regeneration",
                    line.line,
                    pos + 1
                ),
            )
        })
        .collect()
}

/// The indices of one longest strictly increasing subsequence of `values`.
fn longest_increasing(values: &[usize]) -> BTreeSet<usize> {
    // tails[k]: index of the smallest tail of an increasing run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut previous: Vec<Option<usize>> = vec![None; values.len()];
    for (i, &v) in values.iter().enumerate() {
        let k = tails.partition_point(|&t| values[t] < v);
        previous[i] = k.checked_sub(1).map(|j| tails[j]);
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut keep = BTreeSet::new();
    let mut cursor = tails.last().copied();
    while let Some(i) = cursor {
        keep.insert(i);
        cursor = previous[i];
    }
    keep
}

/// Why a line on disk differs from the line the regeneration writes for its record.
pub fn edit_reason(expected: &str, actual: &[u8]) -> String {
    let Ok(text) = std::str::from_utf8(actual) else {
        return "the line is not valid UTF-8".into();
    };
    let stored: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return format!("the line is not valid JSON ({e})"),
    };
    let Ok(fresh) = serde_json::from_str::<Value>(expected) else {
        return "it differs from its regeneration".into();
    };
    if stored == fresh {
        return if serde_json::to_string(&stored).is_ok_and(|s| s == expected) {
            "only its whitespace differs".into()
        } else {
            "its keys are in another order".into()
        };
    }
    match (fresh.as_object(), stored.as_object()) {
        (Some(f), Some(s)) => {
            for (key, value) in f {
                match s.get(key) {
                    None => return format!("field `{key}` is missing"),
                    Some(v) if v != value => {
                        return format!("field `{key}` differs from its regeneration")
                    }
                    Some(_) => {}
                }
            }
            match s.keys().find(|k| !f.contains_key(*k)) {
                Some(key) => format!("it has an extra field `{key}`"),
                None => "it differs from its regeneration".into(),
            }
        }
        _ => "the line is not a JSON object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_increasing_run_keeps_all_but_the_moved_record() {
        let keep = longest_increasing(&[1, 2, 3, 0, 4]);
        assert_eq!(keep, [0, 1, 2, 4].into_iter().collect());
        assert_eq!(longest_increasing(&[]), BTreeSet::new());
        assert_eq!(longest_increasing(&[2, 1]).len(), 1);
    }

    #[test]
    fn edit_reasons_name_the_field_or_the_shape() {
        let fresh = r#"{"id":"a","answer":"1"}"#;
        assert_eq!(
            edit_reason(fresh, br#"{"id":"a","answer":"2"}"#),
            "field `answer` differs from its regeneration"
        );
        assert_eq!(
            edit_reason(fresh, br#"{"answer":"1","id":"a"}"#),
            "its keys are in another order"
        );
        assert_eq!(
            edit_reason(fresh, br#"{"id": "a","answer":"1"}"#),
            "only its whitespace differs"
        );
        assert_eq!(
            edit_reason(fresh, br#"{"id":"a"}"#),
            "field `answer` is missing"
        );
        assert_eq!(
            edit_reason(fresh, br#"{"id":"a","answer":"1","x":0}"#),
            "it has an extra field `x`"
        );
        assert!(edit_reason(fresh, b"{\xff").contains("UTF-8"));
    }
}
