//! Streaming a responses file: each line is parsed and judged as it is
//! read, so memory holds one line plus one outcome per dataset record.

use crate::dataset::lines::{read_line_bounded, MAX_LINE_BYTES};
use std::io::BufRead;

use super::dataset::Dataset;
use super::input::{parse_line, Layout, Status};
use super::parts::{judge_bundle, judge_steps, PartVerdicts, Parts};
use crate::answer::Verdict;
use std::collections::BTreeMap;

/// How many examples of each problem are kept for the report.
pub const EXAMPLES: usize = 5;

/// The longest extracted answer kept for `per_item.jsonl`, in bytes.
pub const MAX_EXTRACTED: usize = 2000;

/// The outcome of the response that counted for one record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The extracted answer (only when requested; cut at [`MAX_EXTRACTED`]).
    pub extracted: Option<String>,
    /// The 1-based line of the responses file.
    pub line: u64,
    /// The verdict of each sub-answer (checkpoints or bundle questions; empty
    /// for a plain record).
    pub parts: PartVerdicts,
}

/// A count of some problem and its first few examples.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Problems<T> {
    /// How many times it happened.
    pub count: u64,
    /// The first [`EXAMPLES`] occurrences.
    pub examples: Vec<T>,
}

impl<T> Problems<T> {
    fn push(&mut self, example: T) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example);
        }
    }
}

/// A line-numbered problem.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct LineProblem {
    /// The 1-based line number.
    pub line: u64,
    /// What is wrong (for invalid lines) or the id concerned.
    pub detail: String,
}

/// Everything learned from a responses file.
#[derive(Debug, Clone, Default)]
pub struct Intake {
    /// One slot per dataset record: the response that counted, if any.
    pub outcomes: Vec<Option<Outcome>>,
    /// Lines read, blank ones included.
    pub lines: u64,
    /// Blank lines (skipped silently).
    pub blank: u64,
    /// Lines that are not valid JSON or lack an id or a response.
    pub invalid: Problems<LineProblem>,
    /// Lines that are not valid UTF-8.
    pub invalid_utf8: Problems<u64>,
    /// Responses whose id is not in the dataset.
    pub unknown: Problems<LineProblem>,
    /// Responses to records the selection left out (ignored).
    pub excluded: u64,
    /// Responses for an id already answered earlier (ignored: the first counts).
    pub duplicates: Problems<LineProblem>,
    /// Responses matched to a record (first occurrences).
    pub matched: u64,
    /// Matched responses whose request failed: scored wrong, never graded.
    pub failed: Problems<LineProblem>,
    /// Matched responses cut off at the token limit: scored wrong, never
    /// graded (a cut-off text may end in a stray number).
    pub truncated: Problems<LineProblem>,
    /// How many parsed lines were read in each layout.
    pub layouts: BTreeMap<Layout, u64>,
}

/// Reads and judges every line of `reader` against `dataset`.
///
/// Lines are read one at a time, each at most
/// [`crate::dataset::lines::MAX_LINE_BYTES`] long (a longer line, e.g. a
/// file with no newlines, is an error saying so). A UTF-8 byte-order mark on the first line
/// and a trailing `\r` are ignored. The FIRST response for an id counts;
/// later ones are counted as duplicates and ignored. `keep_extracted` keeps
/// each extracted answer for [`Outcome::extracted`].
pub fn read_responses<R: BufRead>(
    mut reader: R,
    dataset: &Dataset,
    keep_extracted: bool,
) -> std::io::Result<Intake> {
    let mut intake = Intake {
        outcomes: vec![None; dataset.records.len()],
        ..Intake::default()
    };
    let mut buf: Vec<u8> = Vec::new();
    loop {
        buf.clear();
        if !read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES)? {
            break;
        }
        intake.lines += 1;
        let n = intake.lines;
        let mut bytes = buf.as_slice();
        if n == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let Ok(text) = std::str::from_utf8(bytes) else {
            intake.invalid_utf8.push(n);
            continue;
        };
        if text.trim().is_empty() {
            intake.blank += 1;
            continue;
        }
        let parsed = match parse_line(text) {
            Ok(p) => p,
            Err(detail) => {
                intake.invalid.push(LineProblem { line: n, detail });
                continue;
            }
        };
        *intake.layouts.entry(parsed.layout).or_default() += 1;
        let Some(&slot) = dataset.index.get(&parsed.id) else {
            if dataset.excluded.contains(&parsed.id) {
                intake.excluded += 1;
                continue;
            }
            intake.unknown.push(LineProblem {
                line: n,
                detail: parsed.id,
            });
            continue;
        };
        if intake.outcomes[slot].is_some() {
            intake.duplicates.push(LineProblem {
                line: n,
                detail: parsed.id,
            });
            continue;
        }
        let (verdict, extracted, parts) = match &parsed.status {
            Status::Complete => judge_response(dataset, slot, &parsed.response),
            Status::Failed(reason) | Status::Truncated(reason) => {
                let problem = LineProblem {
                    line: n,
                    detail: format!("{} ({reason})", parsed.id),
                };
                if matches!(parsed.status, Status::Failed(_)) {
                    intake.failed.push(problem);
                } else {
                    intake.truncated.push(problem);
                }
                let (_, _, parts) = judge_response(dataset, slot, "");
                let wrong = parts.iter().map(|p| p.map(|_| Verdict::Wrong)).collect();
                (Verdict::Wrong, None, wrong)
            }
        };
        let extracted = if keep_extracted {
            extracted.map(|e| truncate(e, MAX_EXTRACTED))
        } else {
            None
        };
        intake.outcomes[slot] = Some(Outcome {
            verdict,
            extracted,
            line: n,
            parts,
        });
        intake.matched += 1;
    }
    Ok(intake)
}

/// Judges one response against record `slot` of `dataset`: a bundle by its
/// questions, any other record by its slot and gold (or `accept`), plus its
/// checkpoints. Returns the verdict, the extracted answer text and the
/// verdict of each part. `score` judges every response line with this.
pub fn judge_response(
    dataset: &Dataset,
    slot: usize,
    response: &str,
) -> (Verdict, Option<String>, PartVerdicts) {
    match &dataset.parts[slot] {
        Parts::Bundle(parts) => {
            let b = judge_bundle(parts, &dataset.acceptors, response);
            (b.verdict, b.extracted, b.parts)
        }
        other => {
            let (v, e) = super::accept::judge_record(dataset, slot, response);
            let steps = match other {
                Parts::Steps(parts) => judge_steps(parts, response),
                _ => Vec::new(),
            };
            (v, e, steps)
        }
    }
}

/// Cuts `s` to at most `max` bytes on a character boundary.
fn truncate(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut cut = max;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
    }
    s
}
