//! One dataset item, its ids and its JSON line forms.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::borrow::Cow;

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
    /// The part of the question that states what the item shares with
    /// others, such as the rule of a KOR-Bench task (a spec's `context`);
    /// `""` when the spec declares none. A bundle states it once for all
    /// its questions that share it.
    #[serde(default)]
    pub context: String,
    /// The part of the question that is the item's own task (a spec's
    /// `query`); `""` when the spec declares none.
    #[serde(default)]
    pub query: String,
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

    /// The record's fields as its JSON line holds them, in the line's order:
    /// every value a string or an integer, the structured fields as their
    /// compact JSON text and the absent optional texts as `""` (so the
    /// object parsed from [`Record::to_json_line`] has exactly these keys
    /// and values). An embedding builds its own object from these without
    /// writing and parsing the whole line.
    pub fn fields(&self) -> [(&'static str, Field<'_>); FIELD_COUNT] {
        fn text(s: &str) -> Field<'_> {
            Field::Text(Cow::Borrowed(s))
        }
        fn optional(s: &Option<String>) -> Field<'_> {
            text(s.as_deref().unwrap_or(""))
        }
        let empty: &[String] = &[];
        [
            ("id", text(&self.id)),
            ("puzzle", text(&self.puzzle)),
            ("lang", text(&self.lang)),
            ("tier", text(&self.tier)),
            ("index", Field::Int(self.index)),
            ("family", text(&self.family)),
            ("pair", text(&self.pair)),
            ("question", text(&self.question)),
            ("context", text(&self.context)),
            ("query", text(&self.query)),
            ("answer", text(&self.answer)),
            ("answer_kind", text(&self.answer_kind)),
            ("slot", optional(&self.slot)),
            ("accept", optional(&self.accept)),
            ("solution", text(&self.solution)),
            ("instance", json(&self.instance)),
            ("levers", json(&self.levers)),
            ("seed", text(&self.seed)),
            ("spec_hash", text(&self.spec_hash)),
            ("generator", text(&self.generator)),
            ("choices", list(self.choices.as_deref().unwrap_or(empty))),
            ("checkpoints", list(&self.checkpoints)),
        ]
    }
}

/// How many fields a record has (see [`Record::fields`]).
pub const FIELD_COUNT: usize = 22;

/// One value of a record's JSON line: a string or an integer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field<'a> {
    /// A JSON string.
    Text(Cow<'a, str>),
    /// A JSON integer.
    Int(u64),
}

impl Field<'_> {
    /// The value as a JSON value (a string or a number).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Field::Text(t) => serde_json::Value::String(t.to_string()),
            Field::Int(n) => serde_json::Value::from(*n),
        }
    }
}

impl Record {
    /// [`Record::fields`] as JSON values, in order: the object parsed from
    /// the record's line, key for key.
    pub fn fields_json(&self) -> Vec<(String, serde_json::Value)> {
        self.fields()
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_json()))
            .collect()
    }
}

/// A list as its compact JSON text (`[]` when empty).
fn list<T: Serialize>(items: &[T]) -> Field<'static> {
    if items.is_empty() {
        Field::Text(Cow::Borrowed("[]"))
    } else {
        json(items)
    }
}

/// A value as its compact JSON text, as [`super::json_text`] writes it.
fn json<T: Serialize + ?Sized>(value: &T) -> Field<'static> {
    // Strings, integers and `serde_json::Value`s cannot fail.
    Field::Text(Cow::Owned(serde_json::to_string(value).unwrap_or_default()))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(optional: bool) -> Record {
        Record {
            id: "p/ko/hard/00042".into(),
            puzzle: "p".into(),
            lang: "ko".into(),
            tier: "hard".into(),
            index: 42,
            family: "direct".into(),
            pair: "p/hard/00042".into(),
            question: "줄 \"하나\"\n둘\t\u{1}".into(),
            context: if optional {
                "규칙 \"하나\"".into()
            } else {
                String::new()
            },
            query: if optional {
                "둘\t\u{1}".into()
            } else {
                String::new()
            },
            answer: "A=1, B=2".into(),
            answer_kind: "assignment".into(),
            slot: optional.then(|| "first_brackets".into()),
            accept: optional.then(|| "|r| r == 1".into()),
            solution: "풀이".into(),
            instance: serde_json::json!({"z": [1, -2, {"a": "가"}], "a": null, "f": 1.5}),
            levers: serde_json::json!({"size": 4, "mode": "x"}),
            seed: "ab".repeat(32),
            spec_hash: "sha256:00".into(),
            generator: "puzzlec 0.1.0".into(),
            choices: optional.then(|| vec!["1".into(), "이".into()]),
            checkpoints: if optional {
                vec![CheckpointRecord {
                    step: 1,
                    kind: "int".into(),
                    gold: "7".into(),
                }]
            } else {
                Vec::new()
            },
        }
    }

    #[test]
    fn fields_are_the_json_line_parsed() {
        for optional in [false, true] {
            let record = sample(optional);
            let parsed: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&record.to_json_line()).expect("json");
            let line: Vec<(String, serde_json::Value)> = parsed.into_iter().collect();
            assert_eq!(record.fields_json(), line);
        }
    }
}
