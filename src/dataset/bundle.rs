//! Bundles: prompts that each hold several dataset records, numbered
//! `question1`, `question2`, …, to be answered as one JSON object
//! `{"question1": "...", ...}` (KOR-Bench's mixed setting).
//!
//! The records of a bundle are chosen from a pool (one or several built
//! datasets) with a ChaCha8 generator seeded per bundle, so the same pool,
//! options and seed always give the same bytes.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

use super::build::generator_version;
use super::Record;
use crate::gen::rng::Rng;
use crate::gen::seed::seed_hex;

/// One question of a bundle. Field order is the serialization order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleItem {
    /// The JSON key of the question: `question1`, `question2`, ….
    pub key: String,
    /// The id of the record the question comes from.
    pub id: String,
    /// Its gold answer.
    pub answer: String,
    /// Its answer kind's name.
    pub answer_kind: String,
    /// The source record's `accept` condition, when any answer it accepts
    /// is correct (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept: Option<String>,
    /// The source record's instance, which its `accept` condition reads
    /// (present only with `accept`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance: Option<serde_json::Value>,
}

/// One bundle. Field order is the serialization order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleRecord {
    /// `name/lang/tier/index`, the index zero-padded to 5 digits.
    pub id: String,
    /// The bundle set's name (in the place of a puzzle name).
    pub puzzle: String,
    /// The language of every question.
    pub lang: String,
    /// The tier shared by every question, or `mixed`.
    pub tier: String,
    /// The bundle's index within its language.
    pub index: u64,
    /// Always `bundle`.
    pub family: String,
    /// `name/index`.
    pub pair: String,
    /// The whole prompt.
    pub question: String,
    /// The JSON object of the golds, keys in question order.
    pub answer: String,
    /// Always `bundle`.
    pub answer_kind: String,
    /// The questions.
    pub bundle: Vec<BundleItem>,
    /// The bundle's seed: 64 hex digits.
    pub seed: String,
    /// `puzzlec <version>`.
    pub generator: String,
}

impl BundleRecord {
    /// The record as one JSON line (no trailing newline).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// How to bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleOptions {
    /// Questions per bundle (at least 2).
    pub size: usize,
    /// Bundles per language.
    pub count: u64,
    /// The bundle seed.
    pub seed: u64,
    /// The name of the bundle set (the `puzzle` field of its records).
    pub name: String,
    /// Draw every question of a bundle from one puzzle (KOR-Bench's
    /// Multi-Q) instead of from the whole pool.
    pub same_puzzle: bool,
    /// State this many rules (records' `context`s) once, above the
    /// questions, and ask each question's `query` alone (KOR-Bench's Multi-Q
    /// with 1, Multi-R and Multi-RQ with more); 0 asks each question's
    /// whole prompt.
    pub rules: usize,
}

/// Why bundling failed.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum BundleError {
    /// Fewer than two questions per bundle (one with two rules or more).
    #[error("a bundle holds at least 2 questions, not {size}")]
    #[diagnostic(help(
        "pass `-k 2` or more; a bundle of one question needs `--rules 2` or more (KOR-Bench's Multi-R)"
    ))]
    Size {
        /// The size asked for.
        size: usize,
    },
    /// More bundles per language than [`MAX_BUNDLES`].
    #[error("`--count` is at most {max} bundles per language, not {count}")]
    #[diagnostic(help("make several bundle sets with different `--seed` and `--name` instead"))]
    Count {
        /// The count asked for.
        count: u64,
        /// The maximum.
        max: u64,
    },
    /// The name cannot be a folder name.
    #[error("bundle name `{name}` cannot be used as a folder name")]
    #[diagnostic(help(
        "use only letters, digits, `_`, `-` and `.` (at most 200 bytes, not `.` or `..` alone)"
    ))]
    Name {
        /// The name given.
        name: String,
    },
    /// The pool holds no record.
    #[error("the input datasets hold no records")]
    #[diagnostic(help("pass folders written by `puzzlec build` (or their `.jsonl` files)"))]
    Empty,
    /// Two pool records share an id.
    #[error("two input records have the id `{id}`")]
    #[diagnostic(help("each dataset may be given once; were two copies of one dataset passed?"))]
    Duplicate {
        /// The id.
        id: String,
    },
    /// `--rules` over a record whose spec declares no `context` and `query`.
    #[error("record `{id}` has no `context` and `query`, which `--rules` states on their own")]
    #[diagnostic(help(
        "`--rules` needs records of specs that declare `context LANG = …` and `query LANG = …` (docs/language.md §5); bundle the others without `--rules`, which asks each whole prompt"
    ))]
    NoParts {
        /// The record.
        id: String,
    },
    /// Fewer distinct rules with enough records than `--rules` asks for.
    #[error("`{lang}` has {have} rule(s) with at least {size} record(s) each, fewer than the {rules} a bundle states")]
    #[diagnostic(help(
        "a rule (a distinct `context`) can hold the questions of a bundle when it has at least `-k` records: add datasets, build more items, or lower `--rules` or `-k`"
    ))]
    TooFewRules {
        /// The language.
        lang: String,
        /// The rules with at least `size` records.
        have: usize,
        /// The rules asked for.
        rules: usize,
        /// The questions per bundle.
        size: usize,
    },
    /// Too few records to fill one bundle.
    #[error("`{lang}` has {have} record(s) to draw from, fewer than the {size} a bundle needs")]
    #[diagnostic(help("build more items per tier, add datasets, or lower `--size`"))]
    TooSmall {
        /// The language.
        lang: String,
        /// The records available (of the largest puzzle with `--same-puzzle`).
        have: usize,
        /// The bundle size.
        size: usize,
    },
}

/// The most bundles made per language: they are all held in memory before they
/// are written.
pub const MAX_BUNDLES: u64 = 10_000;

/// The seed of bundle `index` of `lang`:
/// `SHA-256("puzzlec/bundle/v1\n{seed}\n{name}\n{lang}\n{index}")`.
pub fn bundle_seed(seed: u64, name: &str, lang: &str, index: u64) -> [u8; 32] {
    let text = format!("puzzlec/bundle/v1\n{seed}\n{name}\n{lang}\n{index}");
    Sha256::digest(text.as_bytes()).into()
}

/// Makes `options.count` bundles for each language of the pool, languages in
/// name order. The pool is sorted by id first, so the order in which the
/// datasets were given does not matter.
pub fn make_bundles(
    pool: Vec<Record>,
    options: &BundleOptions,
) -> Result<BTreeMap<String, Vec<BundleRecord>>, BundleError> {
    if options.size < 2 && !(options.size == 1 && options.rules >= 2) {
        return Err(BundleError::Size { size: options.size });
    }
    if options.count > MAX_BUNDLES {
        return Err(BundleError::Count {
            count: options.count,
            max: MAX_BUNDLES,
        });
    }
    if !super::writer::is_safe_name(&options.name) {
        return Err(BundleError::Name {
            name: options.name.clone(),
        });
    }
    if pool.is_empty() {
        return Err(BundleError::Empty);
    }
    let mut by_lang: BTreeMap<String, Vec<Record>> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    for r in pool {
        if !seen.insert(r.id.clone()) {
            return Err(BundleError::Duplicate { id: r.id });
        }
        by_lang.entry(r.lang.clone()).or_default().push(r);
    }
    let mut out = BTreeMap::new();
    for (lang, mut records) in by_lang {
        records.sort_by(|a, b| a.id.cmp(&b.id));
        // Puzzle → positions in `records`, for `same_puzzle`.
        let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, r) in records.iter().enumerate() {
            groups.entry(r.puzzle.as_str()).or_default().push(i);
        }
        let eligible: Vec<&Vec<usize>> = groups
            .values()
            .filter(|g| g.len() >= options.size)
            .collect();
        let have = if options.same_puzzle {
            groups.values().map(Vec::len).max().unwrap_or(0)
        } else {
            records.len()
        };
        if have < options.size {
            return Err(BundleError::TooSmall {
                lang,
                have,
                size: options.size,
            });
        }
        if options.rules > 0 {
            let bundles = super::bundle_rules::make(&records, &lang, options)?;
            out.insert(lang, bundles);
            continue;
        }
        let mut bundles = Vec::new();
        for index in 0..options.count {
            let seed = bundle_seed(options.seed, &options.name, &lang, index);
            let mut rng = Rng::from_seed(seed);
            let chosen: Vec<usize> = if options.same_puzzle {
                let g = eligible[pick(&mut rng, eligible.len())];
                pick_k(&mut rng, g.len(), options.size)
                    .into_iter()
                    .map(|i| g[i])
                    .collect()
            } else {
                pick_k(&mut rng, records.len(), options.size)
            };
            let members: Vec<&Record> = chosen.iter().map(|&i| &records[i]).collect();
            let question = prompt(&lang, &members);
            bundles.push(bundle_record(
                &members, &lang, index, &seed, options, question,
            ));
        }
        out.insert(lang, bundles);
    }
    Ok(out)
}

/// An index below `n` (`n ≥ 1`).
pub(super) fn pick(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64).map_or(0, |i| i as usize)
}

/// `k` distinct indices below `n` (`k ≤ n`), in draw order.
pub(super) fn pick_k(rng: &mut Rng, n: usize, k: usize) -> Vec<usize> {
    rng.pick_indices(n, k)
        .unwrap_or_else(|_| (0..k.min(n)).collect())
}

/// The bundle of `members` with the prompt `question`.
pub(super) fn bundle_record(
    members: &[&Record],
    lang: &str,
    index: u64,
    seed: &[u8; 32],
    options: &BundleOptions,
    question: String,
) -> BundleRecord {
    let items: Vec<BundleItem> = members
        .iter()
        .enumerate()
        .map(|(i, r)| BundleItem {
            key: format!("question{}", i + 1),
            id: r.id.clone(),
            answer: r.answer.clone(),
            answer_kind: r.answer_kind.clone(),
            accept: r.accept.clone(),
            instance: r.accept.as_ref().map(|_| r.instance.clone()),
        })
        .collect();
    let tier = if members.iter().all(|r| r.tier == members[0].tier) {
        members[0].tier.clone()
    } else {
        "mixed".to_string()
    };
    let answer = format!(
        "{{{}}}",
        items
            .iter()
            .map(|b| format!(
                "{}:{}",
                serde_json::to_string(&b.key).unwrap_or_default(),
                serde_json::to_string(&b.answer).unwrap_or_default()
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    BundleRecord {
        id: super::record_id(&options.name, lang, &tier, index),
        puzzle: options.name.clone(),
        lang: lang.to_string(),
        tier,
        index,
        family: "bundle".to_string(),
        pair: format!("{}/{index:05}", options.name),
        question,
        answer,
        answer_kind: "bundle".to_string(),
        bundle: items,
        seed: seed_hex(seed),
        generator: generator_version(),
    }
}

/// The JSON answer format of `k` questions: `"question1": "...", …`.
pub(super) fn answer_example(k: usize) -> String {
    (1..=k)
        .map(|i| format!("\"question{i}\": \"...\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bundle prompt: an opening line, each question under its key, and
/// the JSON answer format (Korean for `ko`, English otherwise).
pub fn prompt(lang: &str, members: &[&Record]) -> String {
    let k = members.len();
    let example = answer_example(k);
    let (opening, closing) = if lang == "ko" {
        (
            format!(
                "다음 {k}개의 문제에 모두 답하세요. 문제마다 규칙과 답의 형식이 따로 주어집니다."
            ),
            format!(
                "마지막에는 각 문제의 최종 답을 그 문제가 정한 형식의 문자열로 적어, 모든 답을 다음과 같은 JSON 객체 하나로 쓰세요.\n{{{example}}}"
            ),
        )
    } else {
        (
            format!(
                "Answer all {k} questions below. Each question states its own rules and the form of its answer."
            ),
            format!(
                "Finally, give every final answer, as a string in the form its question asks for, in one JSON object:\n{{{example}}}"
            ),
        )
    };
    let mut out = opening;
    for (i, r) in members.iter().enumerate() {
        out.push_str(&format!(
            "\n\nquestion{}:\n{}",
            i + 1,
            r.question.trim_end()
        ));
    }
    out.push_str("\n\n");
    out.push_str(&closing);
    out
}
