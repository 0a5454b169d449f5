//! Reading one line of a responses file: the id and the response text, from
//! any of the accepted layouts (see `docs/scoring.md`).

use serde_json::{Map, Value};

/// One response line: the record id it answers and the response text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseLine {
    /// The record id.
    pub id: String,
    /// The model output; `null` and absent content in a present response
    /// object are read as the empty string.
    pub response: String,
}

/// Where the id is looked for, in order. `a.b` is a nested field.
/// `custom_id` comes first because OpenAI batch lines also carry their own
/// request `id`.
pub const ID_PATHS: [&str; 4] = ["custom_id", "id", "doc.id", "doc_id"];

/// Where the response text is looked for, in order. `[i]` indexes an array.
pub const RESPONSE_PATHS: [&str; 4] = [
    "response",
    "response.body.choices[0].message.content",
    "resps[0][0]",
    "filtered_resps[0]",
];

/// Reads one JSON line; the error is a short lowercase reason.
///
/// The id is the first of [`ID_PATHS`] that holds a string or an integer
/// (written in decimal). The response is `response` when it is a string or
/// `null`; else, when `response` is an object (an OpenAI batch output line),
/// `response.body.choices[0].message.content` (a string; `null` or absent
/// reads as empty, e.g. a failed request); else `resps[0][0]`; else
/// `filtered_resps[0]` (a string, or the first string of a nested array).
pub fn parse_line(line: &str) -> Result<ResponseLine, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(obj) = value else {
        return Err("the line is not a JSON object".into());
    };
    let id = find_id(&obj).ok_or_else(|| {
        "no id: expected a string in `custom_id`, `id`, `doc.id` or `doc_id`".to_string()
    })?;
    let response = find_response(&obj).ok_or_else(|| {
        "no response text: expected `response`, `response.body.choices[0].message.content`, \
         `resps[0][0]` or `filtered_resps[0]`"
            .to_string()
    })?;
    Ok(ResponseLine { id, response })
}

fn find_id(obj: &Map<String, Value>) -> Option<String> {
    let as_id = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) if n.is_u64() || n.is_i64() => Some(n.to_string()),
        _ => None,
    };
    obj.get("custom_id")
        .and_then(as_id)
        .or_else(|| obj.get("id").and_then(as_id))
        .or_else(|| obj.get("doc").and_then(|d| d.get("id")).and_then(as_id))
        .or_else(|| obj.get("doc_id").and_then(as_id))
}

fn find_response(obj: &Map<String, Value>) -> Option<String> {
    match obj.get("response") {
        Some(Value::String(s)) => return Some(s.clone()),
        Some(Value::Null) => return Some(String::new()),
        Some(Value::Object(r)) => {
            let content = r
                .get("body")
                .and_then(|b| b.get("choices"))
                .and_then(|c| c.get(0))
                .and_then(|c| c.get("message"))
                .and_then(|m| m.get("content"));
            return match content {
                Some(Value::String(s)) => Some(s.clone()),
                Some(Value::Null) | None => Some(String::new()),
                Some(_) => None,
            };
        }
        _ => {}
    }
    if let Some(Value::String(s)) = obj
        .get("resps")
        .and_then(|r| r.get(0))
        .and_then(|r| r.get(0))
    {
        return Some(s.clone());
    }
    match obj.get("filtered_resps").and_then(|r| r.get(0)) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Array(a)) => a.first().and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}
