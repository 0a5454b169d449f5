//! Aggregating outcomes into a report: cells (puzzle × lang × tier), tasks
//! (puzzle × lang), macro averages and the EN−KO gaps of direct types.

use std::collections::BTreeMap;

use serde::Serialize;

use super::dataset::Dataset;
use super::intake::{Intake, LineProblem, Problems};
use super::parts::Parts;
use super::parts_report::{part_cells, source_cells, PartCell, SourceCell};
use super::stats::{mcnemar_exact, tost_paired, wilson, Tost, TOST_MARGIN, Z95};
use crate::answer::Verdict;

/// Verdict counts over a set of records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Records.
    pub n: u64,
    /// Correct responses.
    pub correct: u64,
    /// Wrong answers.
    pub wrong: u64,
    /// Responses with no readable answer of the kind.
    pub unparseable: u64,
    /// Blank responses (or only a think block).
    pub empty: u64,
    /// Records with no response (scored wrong).
    pub missing: u64,
}

impl Counts {
    /// Counts one verdict (`None`: missing).
    pub fn add(&mut self, verdict: Option<Verdict>) {
        self.n += 1;
        match verdict {
            Some(Verdict::Correct) => self.correct += 1,
            Some(Verdict::Wrong) => self.wrong += 1,
            Some(Verdict::Unparseable) => self.unparseable += 1,
            Some(Verdict::Empty) => self.empty += 1,
            None => self.missing += 1,
        }
    }

    /// `correct / n` (0 when `n = 0`).
    pub fn accuracy(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.correct as f64 / self.n as f64
        }
    }
}

/// An accuracy with its 95 % Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Accuracy {
    /// `correct / n`.
    pub accuracy: f64,
    /// Lower Wilson bound.
    pub ci_low: f64,
    /// Upper Wilson bound.
    pub ci_high: f64,
}

impl Accuracy {
    /// The accuracy of `c` with its 95 % Wilson interval.
    pub fn of(c: &Counts) -> Self {
        let (ci_low, ci_high) = wilson(c.correct, c.n, Z95);
        Accuracy {
            accuracy: c.accuracy(),
            ci_low,
            ci_high,
        }
    }
}

/// One puzzle × lang × tier cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// The puzzle.
    pub puzzle: String,
    /// The language.
    pub lang: String,
    /// The tier.
    pub tier: String,
    /// Verdict counts.
    #[serde(flatten)]
    pub counts: Counts,
    /// Accuracy and interval.
    #[serde(flatten)]
    pub accuracy: Accuracy,
}

/// One puzzle × lang task, all tiers pooled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Task {
    /// The puzzle.
    pub puzzle: String,
    /// The language.
    pub lang: String,
    /// Verdict counts over every tier.
    #[serde(flatten)]
    pub counts: Counts,
    /// Pooled accuracy and interval.
    #[serde(flatten)]
    pub accuracy: Accuracy,
    /// The unweighted mean of the tier accuracies.
    pub tier_macro: f64,
}

/// The EN−KO comparison of one direct type over its item pairs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Gap {
    /// The puzzle.
    pub puzzle: String,
    /// Pairs with both an EN and a KO record.
    pub pairs: u64,
    /// Pairs where both are correct.
    pub both: u64,
    /// Pairs where only EN is correct (`b`).
    pub en_only: u64,
    /// Pairs where only KO is correct (`c`).
    pub ko_only: u64,
    /// Pairs where neither is correct.
    pub neither: u64,
    /// EN accuracy over the pairs.
    pub en_accuracy: f64,
    /// KO accuracy over the pairs.
    pub ko_accuracy: f64,
    /// `en_accuracy − ko_accuracy`.
    pub gap: f64,
    /// The exact McNemar p-value.
    pub mcnemar_p: f64,
    /// The ±10 pp TOST equivalence test.
    pub tost: Tost,
}

/// What was wrong with the responses file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputSummary {
    /// Lines read.
    pub lines: u64,
    /// Blank lines skipped.
    pub blank: u64,
    /// Responses matched to a record.
    pub matched: u64,
    /// Invalid lines (bad JSON, no id, no response).
    pub invalid: Problems<LineProblem>,
    /// Line numbers that are not valid UTF-8.
    pub invalid_utf8: Problems<u64>,
    /// Ids not in the dataset.
    pub unknown: Problems<LineProblem>,
    /// Responses to records the selection left out (ignored).
    pub excluded: u64,
    /// Repeated ids (ignored; the first response counts).
    pub duplicates: Problems<LineProblem>,
    /// Matched responses whose request failed (scored wrong).
    pub failed: Problems<LineProblem>,
    /// Matched responses cut off at the token limit (scored wrong, not graded).
    pub truncated: Problems<LineProblem>,
}

/// The filters a report was made under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SelectionSummary {
    /// The filters, described (e.g. `puzzle a, b; lang ko`).
    pub filters: String,
    /// Dataset records left out (not scored, not counted as missing).
    pub records_left_out: usize,
}

/// The whole score report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The dataset path as given.
    pub dataset: String,
    /// The responses path as given.
    pub responses: String,
    /// Counts over every record.
    pub totals: Counts,
    /// Pooled accuracy over every record.
    pub micro_accuracy: f64,
    /// The unweighted mean of the task accuracies.
    pub macro_accuracy: f64,
    /// The unweighted mean of the task accuracies of each language.
    pub macro_by_lang: BTreeMap<String, f64>,
    /// Tasks sorted by puzzle then language.
    pub tasks: Vec<Task>,
    /// Cells sorted by puzzle, language, tier order.
    pub cells: Vec<Cell>,
    /// One entry per direct type with EN and KO records.
    pub gaps: Vec<Gap>,
    /// The `--puzzle/--lang/--tier/--answered-only` filters, when any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selection: Option<SelectionSummary>,
    /// Problems with the responses file.
    pub input: InputSummary,
    /// Accuracy per step of the records with checkpoints (`score --steps`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<PartCell>,
    /// Accuracy per question of the bundle records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bundle_questions: Vec<PartCell>,
    /// Bundle questions pooled by the cell of their source record.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bundle_sources: Vec<SourceCell>,
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0u64), |(s, n), x| (s + x, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

impl Report {
    /// Aggregates `intake` over `dataset`.
    pub fn new(dataset: &Dataset, intake: &Intake, data_name: &str, responses_name: &str) -> Self {
        let verdict = |i: usize| {
            intake
                .outcomes
                .get(i)
                .and_then(|o| o.as_ref())
                .map(|o| o.verdict)
        };
        let mut cells: BTreeMap<(String, String, usize, String), Counts> = BTreeMap::new();
        let mut totals = Counts::default();
        for (i, r) in dataset.records.iter().enumerate() {
            let key = (
                r.puzzle.clone(),
                r.lang.clone(),
                dataset.tier_rank(&r.tier),
                r.tier.clone(),
            );
            cells.entry(key).or_default().add(verdict(i));
            totals.add(verdict(i));
        }
        let cells: Vec<Cell> = cells
            .into_iter()
            .map(|((puzzle, lang, _, tier), counts)| Cell {
                puzzle,
                lang,
                tier,
                accuracy: Accuracy::of(&counts),
                counts,
            })
            .collect();
        let mut tasks: Vec<Task> = Vec::new();
        for cell in &cells {
            let same = tasks
                .last()
                .is_some_and(|t| t.puzzle == cell.puzzle && t.lang == cell.lang);
            if !same {
                tasks.push(Task {
                    puzzle: cell.puzzle.clone(),
                    lang: cell.lang.clone(),
                    counts: Counts::default(),
                    accuracy: Accuracy::of(&Counts::default()),
                    tier_macro: 0.0,
                });
            }
            if let Some(t) = tasks.last_mut() {
                let c = &mut t.counts;
                c.n += cell.counts.n;
                c.correct += cell.counts.correct;
                c.wrong += cell.counts.wrong;
                c.unparseable += cell.counts.unparseable;
                c.empty += cell.counts.empty;
                c.missing += cell.counts.missing;
            }
        }
        for t in &mut tasks {
            t.accuracy = Accuracy::of(&t.counts);
            t.tier_macro = mean(
                cells
                    .iter()
                    .filter(|c| c.puzzle == t.puzzle && c.lang == t.lang)
                    .map(|c| c.accuracy.accuracy),
            );
        }
        let mut macro_by_lang = BTreeMap::new();
        for t in &tasks {
            macro_by_lang.entry(t.lang.clone()).or_insert_with(|| {
                mean(
                    tasks
                        .iter()
                        .filter(|u| u.lang == t.lang)
                        .map(|u| u.accuracy.accuracy),
                )
            });
        }
        Report {
            dataset: data_name.to_string(),
            responses: responses_name.to_string(),
            micro_accuracy: totals.accuracy(),
            macro_accuracy: mean(tasks.iter().map(|t| t.accuracy.accuracy)),
            totals,
            macro_by_lang,
            tasks,
            cells,
            gaps: gaps(dataset, &verdict),
            selection: None,
            input: InputSummary {
                lines: intake.lines,
                blank: intake.blank,
                matched: intake.matched,
                invalid: intake.invalid.clone(),
                invalid_utf8: intake.invalid_utf8.clone(),
                unknown: intake.unknown.clone(),
                excluded: intake.excluded,
                duplicates: intake.duplicates.clone(),
                failed: intake.failed.clone(),
                truncated: intake.truncated.clone(),
            },
            steps: Vec::new(),
            bundle_questions: part_cells(dataset, intake, |p| matches!(p, Parts::Bundle(_))),
            bundle_sources: source_cells(dataset, intake),
        }
    }

    /// Records the filters `dataset` was selected with.
    pub fn with_selection(mut self, selection: &super::Selection, dataset: &Dataset) -> Self {
        if !selection.is_everything() {
            self.selection = Some(SelectionSummary {
                filters: selection.describe(),
                records_left_out: dataset.excluded.len(),
            });
        }
        self
    }

    /// Adds the accuracy of each step of the records with checkpoints.
    pub fn with_steps(mut self, dataset: &Dataset, intake: &Intake) -> Self {
        self.steps = part_cells(dataset, intake, |p| matches!(p, Parts::Steps(_)));
        self
    }

    /// The report as pretty-printed JSON with a trailing newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// Whether the EN and the KO record of a pair are correct (`None`: absent).
type PairSlot = (Option<bool>, Option<bool>);

/// EN−KO gaps of every direct type, over pairs that have both records.
fn gaps(dataset: &Dataset, verdict: &dyn Fn(usize) -> Option<Verdict>) -> Vec<Gap> {
    // puzzle → pair → (EN correct, KO correct)
    let mut by_puzzle: BTreeMap<&str, BTreeMap<&str, PairSlot>> = BTreeMap::new();
    for (i, r) in dataset.records.iter().enumerate() {
        if r.family != "direct" || !(r.lang == "en" || r.lang == "ko") {
            continue;
        }
        let ok = verdict(i) == Some(Verdict::Correct);
        let slot = by_puzzle
            .entry(r.puzzle.as_str())
            .or_default()
            .entry(r.pair.as_str())
            .or_default();
        if r.lang == "en" {
            slot.0 = Some(ok);
        } else {
            slot.1 = Some(ok);
        }
    }
    let mut out = Vec::new();
    for (puzzle, pairs) in by_puzzle {
        let (mut both, mut en_only, mut ko_only, mut neither) = (0u64, 0u64, 0u64, 0u64);
        for (en, ko) in pairs.values() {
            match (en, ko) {
                (Some(true), Some(true)) => both += 1,
                (Some(true), Some(false)) => en_only += 1,
                (Some(false), Some(true)) => ko_only += 1,
                (Some(false), Some(false)) => neither += 1,
                _ => {}
            }
        }
        let n = both + en_only + ko_only + neither;
        if n == 0 {
            continue;
        }
        let en_accuracy = (both + en_only) as f64 / n as f64;
        let ko_accuracy = (both + ko_only) as f64 / n as f64;
        out.push(Gap {
            puzzle: puzzle.to_string(),
            pairs: n,
            both,
            en_only,
            ko_only,
            neither,
            en_accuracy,
            ko_accuracy,
            gap: en_accuracy - ko_accuracy,
            mcnemar_p: mcnemar_exact(en_only, ko_only),
            tost: tost_paired(en_only, ko_only, n, TOST_MARGIN),
        });
    }
    out
}
