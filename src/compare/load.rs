//! Reading the inputs of `compare`: the dataset (records and manifest) and
//! one `score --per-item` report directory per model.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use miette::NamedSource;
use serde::Deserialize;

use super::CompareError;
use crate::dataset::{dataset_files, read_jsonl, Manifest, MANIFEST_FILE};

/// The file of a score report that holds the whole report.
pub const REPORT_FILE: &str = "report.json";
/// The file of a score report with one verdict per record.
pub const PER_ITEM_FILE: &str = "per_item.jsonl";

/// The fields of a dataset record that compare needs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Record {
    /// `puzzle/lang/tier/index`.
    pub id: String,
    /// The puzzle name.
    pub puzzle: String,
    /// The language code.
    pub lang: String,
    /// The tier name.
    pub tier: String,
    /// The spec's family.
    pub family: String,
    /// The latent instance shared by the languages of a direct type.
    pub pair: String,
    /// The lever values the item was sampled with.
    #[serde(default, with = "crate::dataset::json_text::value")]
    pub levers: serde_json::Value,
}

/// The dataset the reports were scored on.
#[derive(Debug, Clone)]
pub struct Data {
    /// The dataset path.
    pub path: PathBuf,
    /// Every record, in file order.
    pub records: Vec<Record>,
    /// Record id → position.
    pub index: HashMap<String, usize>,
    /// Tier names, easiest first (the manifest's declaration order).
    pub tiers: Vec<String>,
    /// `(puzzle, lang)` → the spec's `group`, for specs that declare one.
    pub groups: BTreeMap<(String, String), String>,
}

/// One model's verdicts over the dataset.
#[derive(Debug, Clone)]
pub struct Run {
    /// The model's label.
    pub label: String,
    /// The report directory.
    pub dir: PathBuf,
    /// Per record (dataset order): whether the response was correct.
    pub correct: Vec<bool>,
    /// Per record: whether each step (checkpoint) was correct, for records
    /// scored with `--steps`.
    pub steps: Vec<Vec<bool>>,
}

#[derive(Deserialize)]
struct ReportHead {
    dataset: String,
    #[serde(default)]
    model: Option<String>,
    #[allow(dead_code)]
    totals: serde_json::Value,
}

#[derive(Deserialize)]
struct PerItem {
    id: String,
    verdict: String,
    #[serde(default)]
    parts: Vec<String>,
}

/// A report argument: `DIR` or `LABEL=DIR`.
pub fn split_label(arg: &str) -> (Option<String>, PathBuf) {
    if !Path::new(arg).is_dir() {
        if let Some((label, dir)) = arg.split_once('=') {
            if !label.is_empty() {
                return (Some(label.to_string()), PathBuf::from(dir));
            }
        }
    }
    (None, PathBuf::from(arg))
}

/// The dataset named by a report's `report.json`.
pub fn report_dataset(dir: &Path) -> Result<PathBuf, CompareError> {
    let (head, path) = read_head(dir)?;
    let dataset = PathBuf::from(head.dataset);
    if !dataset.exists() {
        return Err(CompareError::NoDataset {
            report: path,
            dataset,
        });
    }
    Ok(dataset)
}

fn read_head(dir: &Path) -> Result<(ReportHead, PathBuf), CompareError> {
    if !dir.is_dir() {
        return Err(CompareError::MissingDir {
            path: dir.to_path_buf(),
        });
    }
    let path = dir.join(REPORT_FILE);
    if !path.is_file() {
        return Err(CompareError::MissingFile {
            dir: dir.to_path_buf(),
            file: REPORT_FILE,
            help: "pass the output folder of `puzzlec score` (it writes `report.json`)",
        });
    }
    let text = std::fs::read_to_string(&path).map_err(|source| {
        CompareError::Dataset(crate::dataset::DatasetError::Read {
            path: path.clone(),
            source,
        })
    })?;
    match serde_json::from_str::<ReportHead>(&text) {
        Ok(head) => Ok((head, path)),
        Err(e) => {
            let offset = offset_of(&text, e.line(), e.column());
            Err(CompareError::BadReport {
                message: e.to_string(),
                src: NamedSource::new(path.display().to_string(), text),
                span: (offset, 0).into(),
                path,
            })
        }
    }
}

/// The byte offset of a 1-based line and column (serde's error position).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// Reads the dataset at `path`: every `.jsonl` file under it and, when
/// present, its manifest (tier order and groups).
pub fn load_data(path: &Path) -> Result<Data, CompareError> {
    let (files, manifest) = if path.is_dir() {
        let m = path.join(MANIFEST_FILE);
        let manifest = if m.is_file() {
            Some(Manifest::read(&m)?)
        } else {
            None
        };
        (dataset_files(path)?, manifest)
    } else {
        (vec![path.to_path_buf()], None)
    };
    let mut records: Vec<Record> = Vec::new();
    for f in &files {
        records.extend(read_jsonl::<Record>(f)?);
    }
    let mut tiers: Vec<String> = Vec::new();
    let mut groups = BTreeMap::new();
    for t in manifest.iter().flat_map(|m| &m.tasks) {
        if !tiers.contains(&t.tier) {
            tiers.push(t.tier.clone());
        }
        if let Some(g) = &t.group {
            groups.insert((t.puzzle.clone(), t.lang.clone()), g.clone());
        }
    }
    for r in &records {
        if !tiers.contains(&r.tier) {
            tiers.push(r.tier.clone());
        }
    }
    let index = records
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.clone(), i))
        .collect();
    Ok(Data {
        path: path.to_path_buf(),
        records,
        index,
        tiers,
        groups,
    })
}

/// Reads one report directory against `data`. Every dataset record must
/// have exactly one line in `per_item.jsonl`, and no other id may appear.
pub fn load_run(dir: &Path, label: Option<String>, data: &Data) -> Result<Run, CompareError> {
    let (head, _) = read_head(dir)?;
    let per_item = dir.join(PER_ITEM_FILE);
    if !per_item.is_file() {
        return Err(CompareError::MissingFile {
            dir: dir.to_path_buf(),
            file: PER_ITEM_FILE,
            help: "rerun `puzzlec score` with `--per-item` (and `--steps` for step analyses)",
        });
    }
    let items: Vec<PerItem> = read_jsonl(&per_item)?;
    let inconsistent = |detail: String| CompareError::Inconsistent {
        dir: dir.to_path_buf(),
        dataset: data.path.clone(),
        detail,
    };
    let mut correct = vec![false; data.records.len()];
    let mut steps = vec![Vec::new(); data.records.len()];
    let mut seen = HashSet::new();
    for item in &items {
        let Some(&i) = data.index.get(&item.id) else {
            return Err(inconsistent(format!(
                "record `{}` is not in the dataset",
                item.id
            )));
        };
        if !seen.insert(i) {
            return Err(inconsistent(format!(
                "record `{}` is listed twice",
                item.id
            )));
        }
        correct[i] = item.verdict == "correct";
        steps[i] = item.parts.iter().map(|p| p == "correct").collect();
    }
    if seen.len() != data.records.len() {
        let first = (0..data.records.len())
            .find(|i| !seen.contains(i))
            .map(|i| data.records[i].id.clone())
            .unwrap_or_default();
        return Err(inconsistent(format!(
            "{} dataset record(s) have no verdict (first: `{first}`)",
            data.records.len() - seen.len()
        )));
    }
    let label = label.or(head.model).unwrap_or_else(|| {
        dir.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| dir.display().to_string())
    });
    Ok(Run {
        label,
        dir: dir.to_path_buf(),
        correct,
        steps,
    })
}
