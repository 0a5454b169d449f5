//! Step analyses (HRMCR): for records scored with `score --per-item --steps`,
//! the accuracy by number of steps and by step, per model.

use serde::Serialize;

use super::groups::{accuracy, Task};
use super::load::Run;

/// The records of one task with the same number of steps.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRow {
    /// `puzzle/lang`.
    pub task: String,
    /// The number of steps.
    pub steps: usize,
    /// Records.
    pub n: u64,
    /// The final-answer accuracy of each model.
    pub accuracy: Vec<f64>,
    /// Per step (1-based order), the accuracy of each model.
    pub step_accuracy: Vec<Vec<f64>>,
}

/// One row per task and step count, for records some model has step
/// verdicts for (the same records have them in every report).
pub fn step_rows(tasks: &[Task], runs: &[Run]) -> Vec<StepRow> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks {
        let mut counts: Vec<usize> = task
            .records()
            .map(|i| first.steps[i].len())
            .filter(|&k| k > 0)
            .collect();
        counts.sort_unstable();
        counts.dedup();
        for k in counts {
            let records: Vec<usize> = task
                .records()
                .filter(|&i| first.steps[i].len() == k)
                .collect();
            let step_accuracy = (0..k)
                .map(|j| {
                    runs.iter()
                        .map(|r| {
                            let ok = records
                                .iter()
                                .filter(|&&i| r.steps[i].get(j).copied().unwrap_or(false))
                                .count();
                            ok as f64 / records.len() as f64
                        })
                        .collect()
                })
                .collect();
            out.push(StepRow {
                task: task.name(),
                steps: k,
                n: records.len() as u64,
                accuracy: runs
                    .iter()
                    .map(|r| accuracy(r, records.iter().copied()))
                    .collect(),
                step_accuracy,
            });
        }
    }
    out
}
