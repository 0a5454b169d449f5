//! Every analysis of `compare`, gathered into one [`Comparison`] (written as
//! `report.json`; the tables and figures are drawn from it).

use serde::Serialize;

use super::equivalence::{equivalence, Equivalence};
use super::groups::{accuracy, group_accuracy, group_keys, tasks, Task, DIRECT, KOREAN_ONLY};
use super::levers::{lever_trends, LeverTrend};
use super::load::{Data, Run};
use super::regression::{default_specs, regress, Regression, RegressionSpec};
use super::stats::keeps_tier_order;
use super::steps::{step_rows, StepRow};

/// The settings of a comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Models whose overall accuracy is below this proportion are left out
    /// of the tests (`0.03` = 3 %).
    pub floor: f64,
    /// The equivalence margin (`0.10` = 10 pp).
    pub margin: f64,
    /// The regressions; empty: [`default_specs`].
    pub regressions: Vec<RegressionSpec>,
}

/// One model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Model {
    /// Its label.
    pub label: String,
    /// Its report directory.
    pub dir: String,
    /// Records scored.
    pub records: u64,
    /// Correct records.
    pub correct: u64,
    /// `correct / records`.
    pub accuracy: f64,
    /// Whether `accuracy ≥ floor` (the tests use only these models).
    pub included: bool,
}

/// One tier of a task.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TierAccuracy {
    /// The tier.
    pub tier: String,
    /// Records.
    pub n: u64,
    /// The accuracy of each model.
    pub accuracy: Vec<f64>,
}

/// One task with the accuracy of each model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskRow {
    /// The task.
    #[serde(flatten)]
    pub task: Task,
    /// Records.
    pub n: u64,
    /// The pooled accuracy of each model.
    pub accuracy: Vec<f64>,
    /// Each tier, easiest first.
    pub tiers: Vec<TierAccuracy>,
    /// Per model: whether the accuracies fall strictly from tier to tier
    /// (`None`: one tier only).
    pub keeps_order: Vec<Option<bool>>,
    /// Models above the floor that keep the order.
    pub order_kept: u64,
    /// Models above the floor with a verdict on the order.
    pub order_of: u64,
}

/// One group with the mean task accuracy of each model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupRow {
    /// `group/lang`.
    pub key: String,
    /// Its tasks.
    pub tasks: Vec<String>,
    /// The unweighted mean of its task accuracies, per model.
    pub accuracy: Vec<f64>,
}

/// The Direct-KO accuracy minus one Korean-only task's, per model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deficit {
    /// The Korean-only task.
    pub task: String,
    /// Per model: `direct/ko − task` (`None` without direct Korean tasks).
    pub deficit: Vec<Option<f64>>,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The dataset path.
    pub dataset: String,
    /// The floor (a proportion).
    pub floor: f64,
    /// The equivalence margin (a proportion).
    pub margin: f64,
    /// Tier names, easiest first.
    pub tiers: Vec<String>,
    /// The models, in the order given.
    pub models: Vec<Model>,
    /// The tasks.
    pub tasks: Vec<TaskRow>,
    /// The groups.
    pub groups: Vec<GroupRow>,
    /// The EN–KO equivalence tests per model.
    pub equivalence: Vec<Equivalence>,
    /// The regressions.
    pub regressions: Vec<Regression>,
    /// The within-Korean deficits.
    pub deficits: Vec<Deficit>,
    /// How each numeric lever moves from the easiest tier to the hardest.
    pub levers: Vec<LeverTrend>,
    /// The step analyses of records scored with `--steps`.
    pub steps: Vec<StepRow>,
}

/// Runs every analysis.
pub fn compare(data: &Data, runs: &[Run], options: &Options) -> Comparison {
    let tasks = tasks(data);
    let models: Vec<Model> = runs
        .iter()
        .map(|r| {
            let correct = r.correct.iter().filter(|&&c| c).count() as u64;
            let records = r.correct.len() as u64;
            let accuracy = if records == 0 {
                0.0
            } else {
                correct as f64 / records as f64
            };
            Model {
                label: r.label.clone(),
                dir: r.dir.display().to_string(),
                records,
                correct,
                accuracy,
                included: accuracy >= options.floor,
            }
        })
        .collect();
    let included: Vec<bool> = models.iter().map(|m| m.included).collect();
    let specs = if options.regressions.is_empty() {
        default_specs(&tasks)
    } else {
        options.regressions.clone()
    };
    let direct_ko = format!("{DIRECT}/ko");
    let deficits = tasks
        .iter()
        .filter(|t| t.family == KOREAN_ONLY)
        .map(|t| Deficit {
            task: t.name(),
            deficit: runs
                .iter()
                .map(|r| {
                    group_accuracy(r, &tasks, &direct_ko).map(|d| d - accuracy(r, t.records()))
                })
                .collect(),
        })
        .collect();
    Comparison {
        dataset: data.path.display().to_string(),
        floor: options.floor,
        margin: options.margin,
        tiers: data.tiers.clone(),
        groups: group_keys(&tasks)
            .into_iter()
            .map(|key| GroupRow {
                tasks: tasks
                    .iter()
                    .filter(|t| t.group_key() == key)
                    .map(Task::name)
                    .collect(),
                accuracy: runs
                    .iter()
                    .map(|r| group_accuracy(r, &tasks, &key).unwrap_or(0.0))
                    .collect(),
                key,
            })
            .collect(),
        equivalence: equivalence(data, runs, &included, options.margin),
        regressions: specs
            .iter()
            .map(|s| regress(s, &tasks, runs, &included))
            .collect(),
        deficits,
        levers: lever_trends(data, &tasks),
        steps: step_rows(&tasks, runs),
        tasks: tasks.iter().map(|t| task_row(t, runs, &included)).collect(),
        models,
    }
}

fn task_row(task: &Task, runs: &[Run], included: &[bool]) -> TaskRow {
    let tiers: Vec<TierAccuracy> = task
        .tiers
        .iter()
        .map(|(tier, records)| TierAccuracy {
            tier: tier.clone(),
            n: records.len() as u64,
            accuracy: runs
                .iter()
                .map(|r| accuracy(r, records.iter().copied()))
                .collect(),
        })
        .collect();
    let keeps_order: Vec<Option<bool>> = (0..runs.len())
        .map(|m| keeps_tier_order(&tiers.iter().map(|t| t.accuracy[m]).collect::<Vec<_>>()))
        .collect();
    let judged = || {
        keeps_order
            .iter()
            .zip(included)
            .filter(|(k, inc)| **inc && k.is_some())
    };
    TaskRow {
        n: task.records().count() as u64,
        accuracy: runs.iter().map(|r| accuracy(r, task.records())).collect(),
        order_kept: judged().filter(|(k, _)| **k == Some(true)).count() as u64,
        order_of: judged().count() as u64,
        keeps_order,
        tiers,
        task: task.clone(),
    }
}
