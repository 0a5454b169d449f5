//! The `Assignment` kind.

use std::collections::BTreeMap;

use super::error::AnswerError;
use super::text::{clean, collapse_ws, plain_int, strip_wrappers};

const KIND: &str = "assignment";

/// Canonical `Assignment`: `name=value` entries with values `true`/`false`
/// or canonical integers, sorted by name (byte order), joined by `, `
/// (`A=true, B=false`, `A=1, B=-2`).
///
/// Accepted: entries separated by `,`, `;` or newlines, `=` or `:` between
/// name and value, optional surrounding `{}` and quotes around names or
/// values (so JSON objects work), values `true/false/t/f/yes/no/참/거짓`
/// (ASCII case-insensitive) or integers (optional sign, leading zeros
/// dropped). Names are case-sensitive, internal whitespace collapsed. A name given twice with different values is an error.
pub(crate) fn normalize_assignment(text: &str) -> Result<String, AnswerError> {
    let mut t = clean(text);
    if t.starts_with('{') && t.ends_with('}') && t.len() >= 2 {
        t = t[1..t.len() - 1].trim();
    }
    let mut map: BTreeMap<String, String> = BTreeMap::new();
    for entry in t.split([',', ';', '\n']) {
        let entry = strip_wrappers(entry.trim().trim_start_matches(['-', '*', '•']));
        if entry.is_empty() {
            continue;
        }
        let Some(pos) = entry.find(['=', ':']) else {
            return Err(AnswerError::invalid(KIND, format!("no '=' in {entry:?}")));
        };
        let name = collapse_ws(strip_wrappers(&entry[..pos]));
        let value = clean(&entry[pos + 1..]).to_ascii_lowercase();
        if name.is_empty() {
            return Err(AnswerError::invalid(KIND, "empty name"));
        }
        let v = match value.as_str() {
            "true" | "t" | "yes" | "참" => "true".to_string(),
            "false" | "f" | "no" | "거짓" => "false".to_string(),
            _ => match plain_int(&value) {
                Some(n) => n,
                None => {
                    return Err(AnswerError::invalid(
                        KIND,
                        format!("{value:?} is not true, false or an integer"),
                    ))
                }
            },
        };
        if let Some(old) = map.insert(name.clone(), v.clone()) {
            if old != v {
                return Err(AnswerError::invalid(KIND, format!("{name:?} given twice")));
            }
        }
    }
    if map.is_empty() {
        return Err(AnswerError::Empty);
    }
    let parts: Vec<String> = map.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(parts.join(", "))
}
