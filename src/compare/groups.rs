//! Tasks and their analysis groups, from the dataset's metadata: a task is a
//! puzzle × language; its group is the spec's `group` (in the manifest) or
//! else its family; a group key is `group/lang`, e.g. `direct/ko`.

use serde::Serialize;

use super::load::{Data, Run};

/// The family whose types render one latent instance in every language.
pub const DIRECT: &str = "direct";
/// The family of types rendered in Korean only.
pub const KOREAN_ONLY: &str = "korean_only";

/// One puzzle × language task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Task {
    /// The puzzle.
    pub puzzle: String,
    /// The language.
    pub lang: String,
    /// The family.
    pub family: String,
    /// The analysis group (the spec's `group`, else the family).
    pub group: String,
    /// Record positions of each tier, easiest first (empty tiers left out).
    #[serde(skip)]
    pub tiers: Vec<(String, Vec<usize>)>,
}

impl Task {
    /// `puzzle/lang`.
    pub fn name(&self) -> String {
        format!("{}/{}", self.puzzle, self.lang)
    }

    /// `group/lang`.
    pub fn group_key(&self) -> String {
        format!("{}/{}", self.group, self.lang)
    }

    /// Every record of the task.
    pub fn records(&self) -> impl Iterator<Item = usize> + '_ {
        self.tiers.iter().flat_map(|(_, r)| r.iter().copied())
    }
}

/// The tasks of `data`, sorted by puzzle then language.
pub fn tasks(data: &Data) -> Vec<Task> {
    let mut out: Vec<Task> = Vec::new();
    for (i, r) in data.records.iter().enumerate() {
        let pos = match out
            .iter()
            .position(|t| t.puzzle == r.puzzle && t.lang == r.lang)
        {
            Some(p) => p,
            None => {
                let group = data
                    .groups
                    .get(&(r.puzzle.clone(), r.lang.clone()))
                    .cloned()
                    .unwrap_or_else(|| r.family.clone());
                out.push(Task {
                    puzzle: r.puzzle.clone(),
                    lang: r.lang.clone(),
                    family: r.family.clone(),
                    group,
                    tiers: data.tiers.iter().map(|t| (t.clone(), Vec::new())).collect(),
                });
                out.len() - 1
            }
        };
        if let Some(tier) = out[pos].tiers.iter_mut().find(|(t, _)| *t == r.tier) {
            tier.1.push(i);
        }
    }
    for t in &mut out {
        t.tiers.retain(|(_, r)| !r.is_empty());
    }
    out.sort_by(|a, b| (&a.puzzle, &a.lang).cmp(&(&b.puzzle, &b.lang)));
    out
}

/// The group keys of `tasks` in first-seen order of a stable sort: direct
/// groups first, then the other families' groups, each by name.
pub fn group_keys(tasks: &[Task]) -> Vec<String> {
    let mut keys: Vec<(u8, String)> = Vec::new();
    for t in tasks {
        let rank = match t.family.as_str() {
            DIRECT => 0,
            KOREAN_ONLY => 2,
            _ => 1,
        };
        let k = (rank, t.group_key());
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.sort();
    keys.into_iter().map(|(_, k)| k).collect()
}

/// `correct / n` over `records` of `run` (0 for none).
pub fn accuracy(run: &Run, records: impl Iterator<Item = usize>) -> f64 {
    let (k, n) = records.fold((0u64, 0u64), |(k, n), i| (k + run.correct[i] as u64, n + 1));
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

/// The unweighted mean of the task accuracies of group `key` (`None`: no
/// task in it).
pub fn group_accuracy(run: &Run, tasks: &[Task], key: &str) -> Option<f64> {
    let accs: Vec<f64> = tasks
        .iter()
        .filter(|t| t.group_key() == key)
        .map(|t| accuracy(run, t.records()))
        .collect();
    (!accs.is_empty()).then(|| accs.iter().sum::<f64>() / accs.len() as f64)
}
