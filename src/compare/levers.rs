//! Size against difficulty: how each numeric lever of a type moves from its
//! easiest tier to its hardest, read from the records' `levers`.

use serde::Serialize;

use super::groups::Task;
use super::load::Data;

/// The direction of a lever's tier means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trend {
    /// Strictly increasing from tier to tier.
    Grows,
    /// Strictly decreasing.
    Shrinks,
    /// The same in every tier.
    Flat,
    /// Anything else.
    Mixed,
}

impl Trend {
    /// The word printed in tables.
    pub fn name(self) -> &'static str {
        match self {
            Trend::Grows => "grows",
            Trend::Shrinks => "shrinks",
            Trend::Flat => "flat",
            Trend::Mixed => "mixed",
        }
    }

    fn of(means: &[f64]) -> Trend {
        let pairs = || means.windows(2);
        if pairs().all(|w| w[1] > w[0]) {
            Trend::Grows
        } else if pairs().all(|w| w[1] < w[0]) {
            Trend::Shrinks
        } else if pairs().all(|w| w[1] == w[0]) {
            Trend::Flat
        } else {
            Trend::Mixed
        }
    }
}

/// One numeric (integer or boolean) lever of one puzzle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeverTrend {
    /// The puzzle.
    pub puzzle: String,
    /// The lever.
    pub lever: String,
    /// Per tier, easiest first: the mean value over the tier's records
    /// (a boolean counts 1 for true).
    pub means: Vec<(String, f64)>,
    /// How the means move.
    pub trend: Trend,
}

fn number(v: &serde_json::Value) -> Option<f64> {
    match v {
        serde_json::Value::Bool(b) => Some(f64::from(u8::from(*b))),
        v => v.as_f64(),
    }
}

/// The trend of every numeric lever of every puzzle with at least two
/// tiers, over the records of the puzzle's first language (the languages of
/// a direct type share their instances).
pub fn lever_trends(data: &Data, tasks: &[Task]) -> Vec<LeverTrend> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for task in tasks {
        if seen.contains(&task.puzzle.as_str()) || task.tiers.len() < 2 {
            continue;
        }
        seen.push(&task.puzzle);
        let first = task.tiers[0].1.first().map(|&i| &data.records[i].levers);
        let names: Vec<String> = first
            .and_then(|l| l.as_object())
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        for name in names {
            let means: Option<Vec<(String, f64)>> = task
                .tiers
                .iter()
                .map(|(tier, records)| {
                    let values: Option<Vec<f64>> = records
                        .iter()
                        .map(|&i| data.records[i].levers.get(&name).and_then(number))
                        .collect();
                    let values = values?;
                    let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
                    Some((tier.clone(), mean))
                })
                .collect();
            if let Some(means) = means {
                let values: Vec<f64> = means.iter().map(|(_, m)| *m).collect();
                out.push(LeverTrend {
                    puzzle: task.puzzle.clone(),
                    lever: name,
                    trend: Trend::of(&values),
                    means,
                });
            }
        }
    }
    out
}
