//! The sub-answer sections of a report: accuracy per step (checkpoints,
//! with `score --steps`) and per bundle question, and the bundle questions
//! pooled by the cell they came from.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::dataset::Dataset;
use super::intake::Intake;
use super::parts::Parts;
use super::report::{Accuracy, Counts};
use crate::answer::Verdict;

/// Counts of one sub-answer position (`Step 2`, `question3`) in one cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartStat {
    /// `Step N` or `questionN`.
    pub label: String,
    /// The answer kinds met at this position, comma-separated.
    pub kinds: String,
    /// Verdict counts; `missing` also counts responses without this step's
    /// line (or this question's key).
    #[serde(flatten)]
    pub counts: Counts,
    /// Accuracy and interval.
    #[serde(flatten)]
    pub accuracy: Accuracy,
    /// Records whose first part that is not correct is this one (what the
    /// HRMCR judge reports as the failing step).
    pub first_wrong: u64,
}

/// The sub-answers of one puzzle × lang × tier cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartCell {
    /// The puzzle (the bundle set's name for bundles).
    pub puzzle: String,
    /// The language.
    pub lang: String,
    /// The tier.
    pub tier: String,
    /// Records with sub-answers in this cell.
    pub records: u64,
    /// Records whose every sub-answer is correct (for steps: and the final
    /// answer too).
    pub all_correct: u64,
    /// `all_correct / records`.
    pub all_correct_accuracy: f64,
    /// Records whose every part is correct but whose whole answer is not
    /// (for steps: the final answer is wrong after right steps).
    pub parts_right_answer_wrong: u64,
    /// One entry per position, in order.
    pub parts: Vec<PartStat>,
}

/// Bundle questions pooled by the cell of the record they came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SourceCell {
    /// The source puzzle.
    pub puzzle: String,
    /// The source language.
    pub lang: String,
    /// The source tier.
    pub tier: String,
    /// Verdict counts over the questions.
    #[serde(flatten)]
    pub counts: Counts,
    /// Accuracy and interval.
    #[serde(flatten)]
    pub accuracy: Accuracy,
}

/// Per-position counts of the records that `select` accepts.
pub fn part_cells(
    dataset: &Dataset,
    intake: &Intake,
    select: impl Fn(&Parts) -> bool,
) -> Vec<PartCell> {
    type Key = (String, String, usize, String);
    #[derive(Default)]
    struct Acc {
        records: u64,
        all: u64,
        parts_right: u64,
        parts: Vec<(String, Counts, Vec<String>, u64)>,
    }
    let mut cells: BTreeMap<Key, Acc> = BTreeMap::new();
    for (i, r) in dataset.records.iter().enumerate() {
        let parts = &dataset.parts[i];
        if !select(parts) || parts.list().is_empty() {
            continue;
        }
        let outcome = intake.outcomes.get(i).and_then(|o| o.as_ref());
        let key = (
            r.puzzle.clone(),
            r.lang.clone(),
            dataset.tier_rank(&r.tier),
            r.tier.clone(),
        );
        let acc = cells.entry(key).or_default();
        acc.records += 1;
        let whole = outcome.is_some_and(|o| o.verdict == Verdict::Correct);
        let mut parts_right = true;
        for (j, part) in parts.list().iter().enumerate() {
            if acc.parts.len() <= j {
                acc.parts
                    .push((part.label.clone(), Counts::default(), Vec::new(), 0));
            }
            // A record without a response: the part is missing.
            let v = outcome.and_then(|o| o.parts.get(j).copied().flatten());
            let (_, counts, kinds, first_wrong) = &mut acc.parts[j];
            if parts_right && v != Some(Verdict::Correct) {
                *first_wrong += 1;
            }
            parts_right &= v == Some(Verdict::Correct);
            counts.add(v);
            let kind = part.kind.name().to_string();
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        acc.all += u64::from(whole && parts_right);
        acc.parts_right += u64::from(!whole && parts_right);
    }
    cells
        .into_iter()
        .map(|((puzzle, lang, _, tier), acc)| PartCell {
            puzzle,
            lang,
            tier,
            records: acc.records,
            all_correct: acc.all,
            parts_right_answer_wrong: acc.parts_right,
            all_correct_accuracy: if acc.records == 0 {
                0.0
            } else {
                acc.all as f64 / acc.records as f64
            },
            parts: acc
                .parts
                .into_iter()
                .map(|(label, counts, kinds, first_wrong)| PartStat {
                    label,
                    first_wrong,
                    kinds: kinds.join(", "),
                    accuracy: Accuracy::of(&counts),
                    counts,
                })
                .collect(),
        })
        .collect()
}

/// Bundle questions pooled by the puzzle, language and tier of their source
/// record (read from its id, `puzzle/lang/tier/index`).
pub fn source_cells(dataset: &Dataset, intake: &Intake) -> Vec<SourceCell> {
    let mut cells: BTreeMap<(String, String, String), Counts> = BTreeMap::new();
    for (i, parts) in dataset.parts.iter().enumerate() {
        let Parts::Bundle(list) = parts else { continue };
        let outcome = intake.outcomes.get(i).and_then(|o| o.as_ref());
        for (j, part) in list.iter().enumerate() {
            let id = part.source.as_deref().unwrap_or("");
            let mut f = id.split('/');
            let key = (
                f.next().unwrap_or("").to_string(),
                f.next().unwrap_or("").to_string(),
                f.next().unwrap_or("").to_string(),
            );
            let v = outcome.and_then(|o| o.parts.get(j).copied().flatten());
            cells.entry(key).or_default().add(v);
        }
    }
    cells
        .into_iter()
        .map(|((puzzle, lang, tier), counts)| SourceCell {
            puzzle,
            lang,
            tier,
            accuracy: Accuracy::of(&counts),
            counts,
        })
        .collect()
}

fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// A Markdown table of part cells; `what` names the whole-record column.
pub fn part_table(cells: &[PartCell], all_label: &str) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "| puzzle | lang | tier | records | {all_label} % | part | kind | correct | accuracy % | 95 % CI | wrong | unparseable | empty | missing | first wrong |\n"
    ));
    s.push_str("|---|---|---|---:|---:|---|---|---:|---:|---|---:|---:|---:|---:|---:|\n");
    for c in cells {
        for (j, p) in c.parts.iter().enumerate() {
            let (records, all) = if j == 0 {
                (c.records.to_string(), pct(c.all_correct_accuracy))
            } else {
                (String::new(), String::new())
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {}–{} | {} | {} | {} | {} | {} |",
                c.puzzle,
                c.lang,
                c.tier,
                records,
                all,
                p.label,
                p.kinds,
                p.counts.correct,
                pct(p.accuracy.accuracy),
                pct(p.accuracy.ci_low),
                pct(p.accuracy.ci_high),
                p.counts.wrong,
                p.counts.unparseable,
                p.counts.empty,
                p.counts.missing,
                p.first_wrong,
            );
        }
    }
    s
}

/// A Markdown table of bundle questions by source cell.
pub fn source_table(cells: &[SourceCell]) -> String {
    let mut s = String::new();
    s.push_str("| puzzle | lang | tier | questions | correct | accuracy % | 95 % CI |\n");
    s.push_str("|---|---|---|---:|---:|---:|---|\n");
    for c in cells {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {}–{} |",
            c.puzzle,
            c.lang,
            c.tier,
            c.counts.n,
            c.counts.correct,
            pct(c.accuracy.accuracy),
            pct(c.accuracy.ci_low),
            pct(c.accuracy.ci_high),
        );
    }
    s
}
