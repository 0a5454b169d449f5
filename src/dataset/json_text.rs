//! Serde adapters that keep every record field one Arrow type across puzzles.
//!
//! A structured field whose shape differs from puzzle to puzzle (`instance`,
//! `levers`, `choices`, `checkpoints`) is written as *JSON text*: a string
//! holding compact JSON. An optional text field (`slot`, `accept`) is always
//! present, the empty string standing for "none". So every line of every
//! task file has the same keys with the same JSON types, and a columnar
//! reader (Arrow, pandas, Hugging Face `datasets`) infers one schema for a
//! whole build.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The text of a field read from a line: it must be a JSON string (records
/// written before this format carried the value itself).
fn text_of<'de, D: Deserializer<'de>>(deserializer: D, what: &str) -> Result<String, D::Error> {
    match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::String(s) => Ok(s),
        other => Err(D::Error::custom(format!(
            "expected {what} as JSON text (a string), found {}; \
             the dataset was written by an older puzzlec: rebuild it",
            kind_name(&other)
        ))),
    }
}

fn kind_name(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Any serializable value as its compact JSON text.
fn to_text<T: Serialize, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    let text = serde_json::to_string(value).map_err(serde::ser::Error::custom)?;
    serializer.serialize_str(&text)
}

/// JSON text parsed as `T`.
fn from_text<'de, T: DeserializeOwned, D: Deserializer<'de>>(
    deserializer: D,
    what: &str,
) -> Result<T, D::Error> {
    let text = text_of(deserializer, what)?;
    serde_json::from_str(&text)
        .map_err(|e| D::Error::custom(format!("{what} is not valid JSON text: {e}")))
}

/// A `serde_json::Value` (or any value) carried as JSON text.
pub mod value {
    use super::*;

    /// Writes the value as its compact JSON text.
    pub fn serialize<T: Serialize, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        to_text(v, s)
    }

    /// Reads JSON text back into the value.
    pub fn deserialize<'de, T: DeserializeOwned, D: Deserializer<'de>>(
        d: D,
    ) -> Result<T, D::Error> {
        from_text(d, "a structured field")
    }
}

/// An optional list carried as JSON text, `None` written as `[]` (and `[]`
/// read back as `None`).
pub mod optional_list {
    use super::*;

    /// Writes the list, or `[]` for none.
    pub fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Vec<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(list) => to_text(list, s),
            None => to_text(&Vec::<T>::new(), s),
        }
    }

    /// Reads the list; an empty list is `None`.
    pub fn deserialize<'de, T: DeserializeOwned, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<T>>, D::Error> {
        let list: Vec<T> = from_text(d, "a list field")?;
        Ok((!list.is_empty()).then_some(list))
    }
}

/// An optional string written as the empty string when absent.
pub mod optional_text {
    use super::*;

    /// Writes the text, or `""` for none.
    pub fn serialize<S: Serializer>(v: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.as_deref().unwrap_or(""))
    }

    /// Reads the text; the empty string is `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        let text = text_of(d, "an optional text field")?;
        Ok((!text.is_empty()).then_some(text))
    }
}
