//! The dataset side of scoring: every record, indexed by id, with its answer
//! kind resolved and the tiers in declaration order.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::Deserialize;

use super::parts::{Part, PartAccept, Parts};
use super::ScoreError;
use crate::answer::{AnswerKind, AnswerSlot};
use crate::check::program::Program;
use crate::dataset::{
    dataset_files, read_jsonl, regenerate, BundleItem, CheckpointRecord, DatasetError, Format,
    Manifest, Record, MANIFEST_FILE,
};
use crate::eval::accept::Acceptor;

/// The fields of a dataset record that scoring needs (the question, solution
/// and instance are skipped while parsing, which keeps loading fast).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Item {
    /// `puzzle/lang/tier/index`.
    pub id: String,
    /// The puzzle name.
    pub puzzle: String,
    /// The language code.
    pub lang: String,
    /// The tier name.
    pub tier: String,
    /// `direct`, `script` or `korean_only`.
    pub family: String,
    /// The latent-instance id shared by the EN and KO items of a direct type.
    pub pair: String,
    /// The gold answer.
    pub answer: String,
    /// The answer kind's name (`bundle` for a bundle record).
    pub answer_kind: String,
    /// The answer slot's name, when not the default.
    #[serde(default, with = "crate::dataset::json_text::optional_text")]
    pub slot: Option<String>,
    /// The `accept` lambda, when any accepted answer is correct.
    #[serde(default, with = "crate::dataset::json_text::optional_text")]
    pub accept: Option<String>,
    /// The record's instance, read only for records with `accept`.
    #[serde(skip)]
    pub instance: Option<serde_json::Value>,
    /// The intermediate answers of a spec with checkpoints.
    #[serde(default, with = "crate::dataset::json_text::value")]
    pub checkpoints: Vec<CheckpointRecord>,
    /// The questions of a bundle record.
    #[serde(default)]
    pub bundle: Vec<BundleItem>,
}

/// The id and instance of a record (the second read of a task file whose
/// records carry `accept`).
#[derive(Deserialize)]
struct IdInstance {
    id: String,
    #[serde(with = "crate::dataset::json_text::value")]
    instance: serde_json::Value,
}

/// The name of the answer kind of a bundle record.
pub const BUNDLE_KIND: &str = "bundle";

/// Reads the scoring fields of every line of a `puzzlec` JSONL file, one
/// line at a time.
pub fn read_items(path: &Path) -> Result<Vec<Item>, DatasetError> {
    read_jsonl(path)
}

/// The records being scored.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// Every record, in file order.
    pub records: Vec<Item>,
    /// The answer kind of each record (same order). A bundle record's whole
    /// answer, the JSON object of its golds, is `exact`; it is scored by its
    /// [`Dataset::parts`] instead.
    pub kinds: Vec<AnswerKind>,
    /// The answer slot of each record (same order).
    pub slots: Vec<AnswerSlot>,
    /// For each record, its `accept` condition as an index into
    /// [`Dataset::acceptors`].
    pub accepts: Vec<Option<usize>>,
    /// The distinct `accept` conditions, parsed once.
    pub acceptors: Vec<Acceptor>,
    /// The sub-answers of each record (same order).
    pub parts: Vec<Parts>,
    /// Record id → position in `records`.
    pub index: HashMap<String, usize>,
    /// Tier names in display order (the manifest's declaration order when
    /// there is one, else `easy`, `medium`, `hard`, then by name).
    pub tiers: Vec<String>,
    /// Ids of the records a [`super::Selection`] left out (a response to
    /// one is counted as excluded, not unknown).
    pub excluded: HashSet<String>,
}

impl Dataset {
    /// Builds the index from records; fails on a repeated id or an unknown
    /// answer kind.
    pub fn from_records(records: Vec<Item>, tier_hint: &[String]) -> Result<Self, ScoreError> {
        let mut index = HashMap::with_capacity(records.len());
        let mut kinds = Vec::with_capacity(records.len());
        let mut slots = Vec::with_capacity(records.len());
        let mut accepts = Vec::with_capacity(records.len());
        let mut acceptors = Vec::new();
        let mut accept_texts: HashMap<String, usize> = HashMap::new();
        let mut parts = Vec::with_capacity(records.len());
        for (i, r) in records.iter().enumerate() {
            let bad = |field, message| ScoreError::BadAcceptance {
                id: r.id.clone(),
                field,
                message,
            };
            slots.push(match &r.slot {
                None => AnswerSlot::Default,
                Some(name) => AnswerSlot::from_name(name)
                    .ok_or_else(|| bad("slot", format!("unknown answer slot `{name}`")))?,
            });
            // The acceptor of an `accept` text, parsed once per distinct text.
            let mut acceptor = |text: &str| -> Result<usize, ScoreError> {
                if let Some(&k) = accept_texts.get(text) {
                    return Ok(k);
                }
                acceptors.push(Acceptor::parse(text).map_err(|m| bad("accept", m))?);
                accept_texts.insert(text.to_string(), acceptors.len() - 1);
                Ok(acceptors.len() - 1)
            };
            accepts.push(match &r.accept {
                None => None,
                Some(text) => {
                    if r.instance.is_none() {
                        return Err(bad("accept", "the record has no instance".into()));
                    }
                    Some(acceptor(text)?)
                }
            });
            if index.insert(r.id.clone(), i).is_some() {
                return Err(ScoreError::DuplicateRecord { id: r.id.clone() });
            }
            let kind_of = |kind: &str| {
                AnswerKind::from_name(kind).ok_or_else(|| ScoreError::UnknownKind {
                    id: r.id.clone(),
                    kind: kind.to_string(),
                })
            };
            if r.answer_kind == BUNDLE_KIND {
                if r.bundle.is_empty() {
                    return Err(ScoreError::EmptyBundle { id: r.id.clone() });
                }
                kinds.push(AnswerKind::Exact);
                let mut list = Vec::with_capacity(r.bundle.len());
                for b in &r.bundle {
                    let accept = match (&b.accept, &b.instance) {
                        (None, _) => None,
                        (Some(text), Some(instance)) => Some(PartAccept {
                            acceptor: acceptor(text)?,
                            instance: instance.clone(),
                        }),
                        (Some(_), None) => {
                            return Err(bad(
                                "accept",
                                format!("bundle question `{}` has `accept` but no instance", b.key),
                            ))
                        }
                    };
                    list.push(Part {
                        label: b.key.clone(),
                        kind: kind_of(&b.answer_kind)?,
                        gold: b.answer.clone(),
                        source: Some(b.id.clone()),
                        accept,
                    });
                }
                parts.push(Parts::Bundle(list));
                continue;
            }
            kinds.push(kind_of(&r.answer_kind)?);
            if r.checkpoints.is_empty() {
                parts.push(Parts::None);
            } else {
                let mut list = Vec::with_capacity(r.checkpoints.len());
                for c in &r.checkpoints {
                    list.push(Part {
                        label: format!("Step {}", c.step),
                        kind: kind_of(&c.kind)?,
                        gold: c.gold.clone(),
                        source: None,
                        accept: None,
                    });
                }
                parts.push(Parts::Steps(list));
            }
        }
        let mut tiers: Vec<String> = Vec::new();
        for t in tier_hint {
            if !tiers.contains(t) && records.iter().any(|r| &r.tier == t) {
                tiers.push(t.clone());
            }
        }
        let mut rest: Vec<String> = records
            .iter()
            .map(|r| r.tier.clone())
            .filter(|t| !tiers.contains(t))
            .collect();
        rest.sort_by_key(|t| (known_rank(t), t.clone()));
        rest.dedup();
        tiers.extend(rest);
        drop(accept_texts);
        Ok(Dataset {
            records,
            kinds,
            slots,
            accepts,
            acceptors,
            parts,
            index,
            tiers,
            excluded: HashSet::new(),
        })
    }

    /// The position of `tier` in [`Dataset::tiers`].
    pub fn tier_rank(&self, tier: &str) -> usize {
        self.tiers
            .iter()
            .position(|t| t == tier)
            .unwrap_or(usize::MAX)
    }
}

fn known_rank(tier: &str) -> usize {
    ["easy", "medium", "hard"]
        .iter()
        .position(|k| *k == tier)
        .unwrap_or(3)
}

/// The manifest of the dataset folder `path`, when it has one.
fn read_manifest(path: &Path) -> Result<Option<Manifest>, ScoreError> {
    let manifest_path = path.join(MANIFEST_FILE);
    if !manifest_path.is_file() {
        return Ok(None);
    }
    Ok(Some(Manifest::read(&manifest_path)?))
}

/// The format of the dataset at `path`: the manifest's for a folder that has
/// one, else `puzzlec`.
pub fn dataset_format(path: &Path) -> Result<Format, ScoreError> {
    if !path.is_dir() {
        return Ok(Format::Puzzlec);
    }
    Ok(read_manifest(path)?.map_or(Format::Puzzlec, |m| m.format))
}

/// Reads a dataset folder in the `nolli` format, whose lines carry only the
/// reference's fields: its records are regenerated from `programs` (the specs
/// it was built from) with `jobs` threads and matched by id to the lines on
/// disk, which must all be records of that build; records whose line was
/// removed are left out.
pub fn load_release_records(
    path: &Path,
    programs: &[Program],
    jobs: usize,
) -> Result<(Vec<Item>, Vec<String>), ScoreError> {
    let fresh = regenerate(path, programs, jobs).map_err(|e| ScoreError::Regenerate {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let hint = fresh.iter().map(|(_, r)| r.tier.clone()).collect();
    let mut by_id: HashMap<String, Record> = fresh.into_iter().collect();
    let mut records = Vec::new();
    for f in dataset_files(path)? {
        for line in read_jsonl::<IdOnly>(&f)? {
            let Some(record) = by_id.remove(&line.id) else {
                return Err(ScoreError::ReleaseLine {
                    file: f,
                    id: line.id,
                });
            };
            records.push(Item::from_record(record, line.id));
        }
    }
    if records.is_empty() {
        return Err(ScoreError::NoRecords {
            path: path.to_path_buf(),
        });
    }
    Ok((records, hint))
}

/// The id of a line.
#[derive(Deserialize)]
struct IdOnly {
    id: String,
}

impl Item {
    /// The scoring fields of `record`, under the id `id` (its line's id).
    fn from_record(record: Record, id: String) -> Item {
        Item {
            id,
            instance: record.accept.is_some().then_some(record.instance),
            puzzle: record.puzzle,
            lang: record.lang,
            tier: record.tier,
            family: record.family,
            pair: record.pair,
            answer: record.answer,
            answer_kind: record.answer_kind,
            slot: record.slot,
            accept: record.accept,
            checkpoints: record.checkpoints,
            bundle: Vec::new(),
        }
    }
}

/// Reads a dataset: a folder written by `puzzlec build` (every `.jsonl` file
/// under it; `manifest.json`, when present, gives the tier order) or a
/// single `.jsonl` task file.
pub fn load_dataset(path: &Path) -> Result<Dataset, ScoreError> {
    let (records, tier_hint) = load_records(path)?;
    Dataset::from_records(records, &tier_hint)
}

/// The records of a dataset (as [`load_dataset`] reads them) and the tier
/// order its manifest declares, before they are indexed: a
/// [`super::Selection`] filters them first.
///
/// A folder in the `nolli` format is an error ([`ScoreError::ReleaseNeedsSpecs`]):
/// [`load_release_records`] reads it.
pub fn load_records(path: &Path) -> Result<(Vec<Item>, Vec<String>), ScoreError> {
    let (files, hint) = if path.is_dir() {
        let hint = match read_manifest(path)? {
            Some(m) if m.format == Format::Nolli => {
                return Err(ScoreError::ReleaseNeedsSpecs {
                    path: path.to_path_buf(),
                })
            }
            Some(m) => m.tasks.into_iter().map(|t| t.tier).collect(),
            None => Vec::new(),
        };
        (dataset_files(path)?, hint)
    } else {
        (vec![path.to_path_buf()], Vec::new())
    };
    let mut records = Vec::new();
    for f in &files {
        let mut items = read_items(f)?;
        if items.iter().any(|r| r.accept.is_some()) {
            let instances: HashMap<String, serde_json::Value> = read_jsonl::<IdInstance>(f)?
                .into_iter()
                .map(|r| (r.id, r.instance))
                .collect();
            for item in items.iter_mut().filter(|r| r.accept.is_some()) {
                item.instance = instances.get(&item.id).cloned();
            }
        }
        records.extend(items);
    }
    if records.is_empty() {
        return Err(ScoreError::NoRecords {
            path: path.to_path_buf(),
        });
    }
    Ok((records, hint))
}
