//! One dataset item, its ids and its JSON line forms.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One dataset item. Field order is the serialization order and is stable.
///
/// Every field is on every line with one JSON type across all puzzles (see
/// [`super::json_text`]): the structured fields are JSON text, the optional
/// texts are `""` when absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// `puzzle/lang/tier/index`, the index zero-padded to 5 digits, e.g.
    /// `PUZZLE/ko/hard/00042` (see [`record_id`]).
    pub id: String,
    /// The puzzle (type) name.
    pub puzzle: String,
    /// The language code, e.g. `en` or `ko`.
    pub lang: String,
    /// The difficulty tier name.
    pub tier: String,
    /// The item index within its task.
    pub index: u64,
    /// `direct`, `script` or `korean_only`.
    pub family: String,
    /// The latent-instance id shared by the EN and KO items of a direct type:
    /// `puzzle/tier/index` (see [`pair_id`]).
    pub pair: String,
    /// The question text shown to the solver.
    pub question: String,
    /// The expected answer.
    pub answer: String,
    /// How the answer is compared (e.g. `exact`, `int`, `grid`).
    pub answer_kind: String,
    /// Where `score` reads the answer in a response, when it is not the
    /// default (`first_brackets`); written `""` for the default.
    #[serde(with = "super::json_text::optional_text")]
    pub slot: Option<String>,
    /// The spec's `accept` condition as a lambda (`|r| …`): any response it
    /// accepts is correct. Written `""` when only the gold is correct.
    #[serde(with = "super::json_text::optional_text")]
    pub accept: Option<String>,
    /// A worked solution.
    pub solution: String,
    /// The structured givens, written as JSON text.
    #[serde(with = "super::json_text::value")]
    pub instance: serde_json::Value,
    /// An object of lever name to value, in declaration order, written as
    /// JSON text.
    #[serde(with = "super::json_text::value")]
    pub levers: serde_json::Value,
    /// The derived item seed: 64 lowercase hex characters.
    pub seed: String,
    /// `sha256:<hex>` of the spec file bytes (see [`spec_hash`]).
    pub spec_hash: String,
    /// `puzzlec <version>`.
    pub generator: String,
    /// Answer options, for multiple-choice items only; written as JSON text,
    /// `[]` for none.
    #[serde(with = "super::json_text::optional_list")]
    pub choices: Option<Vec<String>>,
    /// The intermediate answers of a spec with `checkpoint` statements, in
    /// step order; written as JSON text, `[]` when there are none.
    #[serde(with = "super::json_text::value")]
    pub checkpoints: Vec<CheckpointRecord>,
}

/// One intermediate answer: the model is asked to write it on a line
/// `Step N: …`. Field order is the serialization order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckpointRecord {
    /// The 1-based step number.
    pub step: usize,
    /// The answer kind's name.
    pub kind: String,
    /// The canonical gold text of the kind.
    pub gold: String,
}

impl Record {
    /// The record as one JSON line (no trailing newline), fields in declaration order,
    /// non-ASCII text (Korean) written as UTF-8, not escaped.
    pub fn to_json_line(&self) -> String {
        // Serializing strings, integers and `serde_json::Value`s cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The record id `puzzle/lang/tier/index`, the index zero-padded to 5 digits (wider
/// indices are written in full): `record_id("adder", "ko", "hard", 42)` is
/// `adder/ko/hard/00042`.
pub fn record_id(puzzle: &str, lang: &str, tier: &str, index: u64) -> String {
    format!("{puzzle}/{lang}/{tier}/{index:05}")
}

/// The pair id `puzzle/tier/index` shared by the EN and KO items drawn from one latent
/// instance: `pair_id("adder", "hard", 42)` is `adder/hard/00042`.
pub fn pair_id(puzzle: &str, tier: &str, index: u64) -> String {
    format!("{puzzle}/{tier}/{index:05}")
}

/// `sha256:<lowercase hex>` of the spec file bytes.
pub fn spec_hash(bytes: &[u8]) -> String {
    format!("sha256:{}", sha256_hex(bytes))
}

/// The SHA-256 of `bytes` as 64 lowercase hex characters.
pub fn sha256_hex(bytes: &[u8]) -> String {
    lower_hex(&Sha256::digest(bytes))
}

/// `bytes` as lowercase hex, two characters per byte (a digest as the manifest writes it).
pub fn lower_hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 * bytes.len());
    for &byte in bytes {
        out.push(hex_digit(byte >> 4));
        out.push(hex_digit(byte & 0x0f));
    }
    out
}

fn hex_digit(nibble: u8) -> char {
    char::from_digit(u32::from(nibble), 16).unwrap_or('0')
}
