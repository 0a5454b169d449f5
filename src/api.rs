//! General entry points for programs that embed puzzlec (the Python
//! package): load specs, generate one record as its JSON line, judge
//! responses against one record, and draw a mixture's component. Each goes
//! through the same code as the command line (`render --json`, `build`,
//! `score`), so an embedding cannot drift from it.

use crate::answer::Verdict;
use crate::check::overrides::{apply_to_program, parse_overrides, OverrideError};
use crate::check::program::Program;
use crate::compile::{compile, SpecError};
use crate::dataset::build::into_record;
use crate::dataset::Record;
use crate::gen::rng::Rng;
use crate::gen::{generate, GenError};
use crate::score::{judge_response, Dataset, Item, ScoreError};
use crate::source::SourceFile;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Why an embedding call failed. Every variant is a diagnostic.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ApiError {
    /// A file or folder could not be read.
    #[error("cannot read `{path}`: {message}")]
    #[diagnostic(code(puzzlec::api::io))]
    Io {
        /// The path.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// A folder holds no spec.
    #[error("`{0}` holds no `.puzzle` files")]
    #[diagnostic(code(puzzlec::api::no_specs))]
    NoSpecs(PathBuf),
    /// A spec did not compile.
    #[error("`{name}` does not compile: {error}")]
    #[diagnostic(code(puzzlec::api::spec))]
    Spec {
        /// The spec file.
        name: String,
        /// Its diagnostics (boxed: they are large, and every `Result` of
        /// this API carries the error's size).
        error: Box<SpecError>,
    },
    /// Lever overrides did not fit.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    #[diagnostic(code(puzzlec::api::overrides))]
    Override(Vec<OverrideError>),
    /// The spec does not render this language.
    #[error("`{puzzle}` does not render `{lang}`; its languages are: {languages}")]
    #[diagnostic(code(puzzlec::api::language))]
    Language {
        /// The puzzle.
        puzzle: String,
        /// The language asked for.
        lang: String,
        /// The languages it renders.
        languages: String,
    },
    /// Generating the item failed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Gen(Box<GenError>),
    /// The record cannot be judged.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Score(Box<ScoreError>),
    /// The record is not a JSON record of `puzzlec build`.
    #[error("the record is not a puzzlec record: {0}")]
    #[diagnostic(code(puzzlec::api::record))]
    Record(String),
    /// The mixture weights cannot be drawn from.
    #[error("mixture weights: {0}")]
    #[diagnostic(code(puzzlec::api::weights))]
    Weights(String),
}

impl From<GenError> for ApiError {
    fn from(error: GenError) -> Self {
        ApiError::Gen(Box::new(error))
    }
}

impl From<ScoreError> for ApiError {
    fn from(error: ScoreError) -> Self {
        ApiError::Score(Box::new(error))
    }
}

/// Every `*.puzzle` file under `path`, sorted, or `path` itself if it is a file.
pub fn spec_files(path: &Path) -> Result<Vec<PathBuf>, ApiError> {
    let io = |p: &Path, e: std::io::Error| ApiError::Io {
        path: p.to_path_buf(),
        message: e.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(|e| io(path, e))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| io(&dir, e))? {
            let p = entry.map_err(|e| io(&dir, e))?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "puzzle") {
                files.push(p);
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(ApiError::NoSpecs(path.to_path_buf()));
    }
    Ok(files)
}

/// Compiles a spec from its text; `name` is what diagnostics call the file.
pub fn compile_text(name: &str, text: &str) -> Result<Program, ApiError> {
    compile(&SourceFile::new(name, text)).map_err(|error| ApiError::Spec {
        name: name.to_string(),
        error: Box::new(error),
    })
}

/// Compiles every spec under `path` (a file or a folder).
pub fn load_path(path: &Path) -> Result<Vec<Program>, ApiError> {
    let mut out = Vec::new();
    for file in spec_files(path)? {
        let text = std::fs::read_to_string(&file).map_err(|e| ApiError::Io {
            path: file.clone(),
            message: e.to_string(),
        })?;
        out.push(compile_text(&file.display().to_string(), &text)?);
    }
    Ok(out)
}

/// `program` with `lever=value` / `lever=lo..=hi` settings applied (the
/// same check and meaning as `--set`).
pub fn with_overrides<S: AsRef<str>>(program: &Program, sets: &[S]) -> Result<Program, ApiError> {
    let overrides = parse_overrides(sets).map_err(ApiError::Override)?;
    apply_to_program(program, &overrides).map_err(ApiError::Override)
}

/// Item `index` of `tier` for dataset seed `seed`, in `lang`, as the JSON
/// line `render --json` prints and `build` writes (without the newline).
pub fn record_line(
    program: &Program,
    tier: &str,
    lang: &str,
    index: u64,
    seed: u64,
) -> Result<String, ApiError> {
    Ok(record(program, tier, lang, index, seed)?.to_json_line())
}

/// Item `index` of `tier` for dataset seed `seed`, in `lang`, as the record
/// whose [`Record::to_json_line`] is [`record_line`] (an embedding builds its
/// own object from [`Record::fields`]).
pub fn record(
    program: &Program,
    tier: &str,
    lang: &str,
    index: u64,
    seed: u64,
) -> Result<Record, ApiError> {
    if !program.languages.iter().any(|l| l == lang) {
        return Err(ApiError::Language {
            puzzle: program.name.name.clone(),
            lang: lang.to_string(),
            languages: program.languages.join(", "),
        });
    }
    let item = generate(program, tier, index, seed)?;
    Ok(into_record(program, item, lang))
}

/// One record, ready to judge responses against: its answer kind, slot,
/// `accept` condition and parts are read once.
#[derive(Debug, Clone)]
pub struct Judge {
    dataset: Dataset,
}

/// The judgement of one response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict, as `score` gives it.
    pub verdict: Verdict,
    /// The answer text found in the response, if any.
    pub extracted: Option<String>,
    /// The verdict of each checkpoint or bundle question (`None`: missing).
    pub parts: Vec<Option<Verdict>>,
    /// A one-line explanation of the verdict.
    pub reason: String,
}

impl Judge {
    /// The fields of a record the judge reads (with [`Judge::ACCEPT_FIELDS`]
    /// when the record's `accept` is not empty): an embedding that holds a
    /// record as an object can hand [`Judge::from_json`] only these.
    pub const FIELDS: [&'static str; 12] = [
        "id",
        "puzzle",
        "lang",
        "tier",
        "family",
        "pair",
        "answer",
        "answer_kind",
        "slot",
        "accept",
        "checkpoints",
        "bundle",
    ];

    /// The further fields the judge reads from a record whose `accept` is
    /// not empty.
    pub const ACCEPT_FIELDS: [&'static str; 1] = ["instance"];

    /// Reads a record from its JSON text (a line of a built dataset); the
    /// fields other than [`Judge::FIELDS`] (and [`Judge::ACCEPT_FIELDS`]
    /// with `accept`) are skipped unread.
    pub fn from_json(text: &str) -> Result<Judge, ApiError> {
        let bad = |e: serde_json::Error| ApiError::Record(e.to_string());
        let mut item: Item = serde_json::from_str(text).map_err(bad)?;
        if item.accept.is_some() {
            // A record carries its instance as JSON text.
            let WithInstance { instance } = serde_json::from_str(text).map_err(bad)?;
            item.instance = match instance {
                Some(serde_json::Value::String(text)) => {
                    Some(serde_json::from_str(&text).map_err(bad)?)
                }
                other => other,
            };
        }
        let dataset = Dataset::from_records(vec![item], &[])?;
        Ok(Judge { dataset })
    }

    /// The record's id.
    pub fn id(&self) -> &str {
        &self.dataset.records[0].id
    }

    /// Judges one response exactly as `score` judges a response line.
    pub fn judge(&self, response: &str) -> Judgement {
        let (verdict, extracted, parts) = judge_response(&self.dataset, 0, response);
        let record = &self.dataset.records[0];
        let reason = reason(verdict, extracted.as_deref(), record, &parts);
        Judgement {
            verdict,
            extracted,
            parts,
            reason,
        }
    }
}

/// A record's `instance` as it stands (`null` included), if it has one.
#[derive(serde::Deserialize)]
struct WithInstance {
    #[serde(default, deserialize_with = "present")]
    instance: Option<serde_json::Value>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    serde::Deserialize::deserialize(d).map(Some)
}

fn reason(
    verdict: Verdict,
    found: Option<&str>,
    record: &Item,
    parts: &[Option<Verdict>],
) -> String {
    let kind = &record.answer_kind;
    let slot = record.slot.as_deref().unwrap_or("first_brackets");
    let mut text = match (verdict, found) {
        (Verdict::Correct, Some(f)) if f.trim() == record.answer => {
            format!("the answer `{f}` is the gold")
        }
        (Verdict::Correct, Some(f)) => format!(
            "the answer `{f}` reads as the gold `{}` ({kind})",
            record.answer
        ),
        (Verdict::Correct, None) => "correct".to_string(),
        (Verdict::Wrong, Some(f)) => format!(
            "the answer `{f}` is not the gold `{}` ({kind})",
            record.answer
        ),
        (Verdict::Wrong, None) => format!("the answer is not the gold `{}`", record.answer),
        (Verdict::Unparseable, Some(f)) => format!("`{f}` is not an answer of kind `{kind}`"),
        (Verdict::Unparseable, None) => format!("no answer found (slot `{slot}`, kind `{kind}`)"),
        (Verdict::Empty, _) => "the response or its answer slot is empty".to_string(),
    };
    if !parts.is_empty() {
        let right = parts
            .iter()
            .filter(|p| **p == Some(Verdict::Correct))
            .count();
        text.push_str(&format!("; {right} of {} parts correct", parts.len()));
    }
    text
}

/// The component of a weighted mixture at `position` for mixture seed
/// `seed`: [`Rng::weighted`] on a ChaCha stream seeded by the SHA-256 of
/// `puzzlec-mixture/v1\n{seed}\n{position}`, so any position can be drawn
/// alone, in any order, on any machine.
pub fn mixture_component(seed: u64, position: u64, weights: &[u64]) -> Result<usize, ApiError> {
    let text = format!("puzzlec-mixture/v1\n{seed}\n{position}");
    let mut rng = Rng::from_seed(Sha256::digest(text.as_bytes()).into());
    rng.weighted(weights)
        .map_err(|e| ApiError::Weights(e.to_string()))
}
