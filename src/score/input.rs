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
    /// The layout the line was read as.
    pub layout: Layout,
    /// Whether the request behind the line failed or its output was cut short.
    pub status: Status,
}

/// The layouts a responses line is recognised in (see `docs/scoring.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layout {
    /// `{"id": …, "response": "…"}`.
    Plain,
    /// OpenAI batch output of Chat Completions requests.
    OpenAiChatBatch,
    /// OpenAI batch output of Responses-API requests.
    OpenAiResponsesBatch,
    /// Anthropic message-batch results.
    AnthropicBatch,
    /// lm-evaluation-harness sample logs.
    LmEval,
}

impl Layout {
    /// The name printed by `score`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Plain => "id/response lines",
            Layout::OpenAiChatBatch => "OpenAI batch output (chat completions)",
            Layout::OpenAiResponsesBatch => "OpenAI batch output (Responses API)",
            Layout::AnthropicBatch => "Anthropic message-batch results",
            Layout::LmEval => "lm-evaluation-harness samples",
        }
    }
}

/// What happened to the request behind a response line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The model finished its output.
    Complete,
    /// The request failed (a batch error, a non-200 status, an errored,
    /// cancelled or expired Anthropic request): the reason.
    Failed(String),
    /// The output stopped at the token limit (`finish_reason` `length`,
    /// `stop_reason` `max_tokens`, Responses-API status `incomplete`): the
    /// reason. Never graded: a cut-off text may hold a stray number.
    Truncated(String),
}

/// Where the id is looked for, in order. `a.b` is a nested field.
/// `custom_id` comes first because OpenAI batch lines also carry their own
/// request `id`.
pub const ID_PATHS: [&str; 4] = ["custom_id", "id", "doc.id", "doc_id"];

/// Where the response text is looked for, in order. `[i]` indexes an array.
pub const RESPONSE_PATHS: [&str; 6] = [
    "response",
    "response.body.choices[0].message.content",
    "response.body.output[*].content[*].text",
    "result.message.content[*].text",
    "resps[0][0]",
    "filtered_resps[0]",
];

/// Reads one JSON line; the error is a short lowercase reason.
///
/// The id is the first of [`ID_PATHS`] that holds a string or an integer
/// (written in decimal). The response is `response` when it is a string or
/// `null`; else, when `response` is an object (an OpenAI batch output line),
/// `response.body.choices[0].message.content` (chat completions) or the
/// `output_text` parts of `response.body.output` (Responses API); else, when
/// `result` is an object (an Anthropic batch result), the `text` parts of
/// `result.message.content`; else `resps[0][0]`; else `filtered_resps[0]`
/// (a string, or the first string of a nested array). A failed batch request
/// reads as the empty text with [`Status::Failed`].
pub fn parse_line(line: &str) -> Result<ResponseLine, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(obj) = value else {
        return Err("the line is not a JSON object".into());
    };
    let id = find_id(&obj).ok_or_else(|| {
        "no id: expected a string in `custom_id`, `id`, `doc.id` or `doc_id`".to_string()
    })?;
    let (response, layout, status) = find_response(&obj).ok_or_else(|| {
        "no response text: expected `response`, `response.body.choices[0].message.content`, \
         `response.body.output`, `result.message.content`, `resps[0][0]` or `filtered_resps[0]`"
            .to_string()
    })?;
    Ok(ResponseLine {
        id,
        response,
        layout,
        status,
    })
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

type Found = (String, Layout, Status);

fn find_response(obj: &Map<String, Value>) -> Option<Found> {
    match obj.get("response") {
        Some(Value::String(s)) => {
            // `puzzlec ask` writes the reply's `finish_reason` beside the text.
            let status = match obj.get("finish_reason").and_then(Value::as_str) {
                Some("length") => Status::Truncated("finish_reason `length`".into()),
                _ => Status::Complete,
            };
            return Some((s.clone(), Layout::Plain, status));
        }
        Some(Value::Null) => {
            return Some(match obj.get("error") {
                Some(error) if !error.is_null() => (
                    String::new(),
                    Layout::OpenAiChatBatch,
                    Status::Failed(error_text(error)),
                ),
                _ => (String::new(), Layout::Plain, Status::Complete),
            })
        }
        Some(Value::Object(r)) => return openai_batch(obj, r),
        _ => {}
    }
    if let Some(Value::Object(result)) = obj.get("result") {
        return Some(anthropic_batch(result));
    }
    let lm_eval = |s: &str| Some((s.to_string(), Layout::LmEval, Status::Complete));
    if let Some(Value::String(s)) = obj
        .get("resps")
        .and_then(|r| r.get(0))
        .and_then(|r| r.get(0))
    {
        return lm_eval(s);
    }
    match obj.get("filtered_resps").and_then(|r| r.get(0)) {
        Some(Value::String(s)) => lm_eval(s),
        Some(Value::Array(a)) => a.first().and_then(Value::as_str).and_then(lm_eval),
        _ => None,
    }
}

/// A short text of an error value: its `message` when it has one.
fn error_text(error: &Value) -> String {
    let text = match error.get("message").and_then(Value::as_str) {
        Some(m) => m.to_string(),
        None => error.to_string(),
    };
    text.chars().take(200).collect()
}

/// An OpenAI batch output line: `response` is `{status_code, body}`.
fn openai_batch(line: &Map<String, Value>, response: &Map<String, Value>) -> Option<Found> {
    let body = response.get("body");
    let responses_api = body.and_then(|b| b.get("output")).is_some();
    let layout = if responses_api {
        Layout::OpenAiResponsesBatch
    } else {
        Layout::OpenAiChatBatch
    };
    let failed = |reason: String| Some((String::new(), layout, Status::Failed(reason)));
    if let Some(error) = line.get("error").filter(|e| !e.is_null()) {
        return failed(error_text(error));
    }
    let code = response.get("status_code").and_then(Value::as_u64);
    if code.is_some_and(|c| c != 200) {
        let detail = body
            .and_then(|b| b.get("error"))
            .map(error_text)
            .unwrap_or_default();
        return failed(
            format!("status {} {detail}", code.unwrap_or(0))
                .trim()
                .to_string(),
        );
    }
    if responses_api {
        return responses_body(body?);
    }
    let choice = body.and_then(|b| b.get("choices")).and_then(|c| c.get(0));
    let content = choice
        .and_then(|c| c.get("message"))
        .and_then(|m| m.get("content"));
    let text = match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(_) => return None,
    };
    let status = match choice
        .and_then(|c| c.get("finish_reason"))
        .and_then(Value::as_str)
    {
        Some("length") => Status::Truncated("finish_reason `length`".into()),
        _ => Status::Complete,
    };
    Some((text, layout, status))
}

/// The body of a Responses-API reply: its `output_text` parts, in order.
fn responses_body(body: &Value) -> Option<Found> {
    let layout = Layout::OpenAiResponsesBatch;
    let mut text = String::new();
    for item in body.get("output")?.as_array()? {
        if item.get("type").and_then(Value::as_str) != Some("message") {
            continue;
        }
        for part in item
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if part.get("type").and_then(Value::as_str) == Some("output_text") {
                text.push_str(part.get("text").and_then(Value::as_str).unwrap_or(""));
            }
        }
    }
    let status = match body.get("status").and_then(Value::as_str) {
        Some("incomplete") => {
            let reason = body
                .get("incomplete_details")
                .and_then(|d| d.get("reason"))
                .and_then(Value::as_str)
                .unwrap_or("unknown");
            Status::Truncated(format!("status `incomplete` ({reason})"))
        }
        Some("failed") | Some("cancelled") => Status::Failed(
            body.get("error")
                .map(error_text)
                .unwrap_or_else(|| "status `failed`".into()),
        ),
        _ => Status::Complete,
    };
    Some((text, layout, status))
}

/// An Anthropic batch result: `result` is `{type, message | error}`.
fn anthropic_batch(result: &Map<String, Value>) -> Found {
    let layout = Layout::AnthropicBatch;
    let kind = result.get("type").and_then(Value::as_str).unwrap_or("");
    if kind != "succeeded" {
        let detail = result
            .get("error")
            .map(|e| error_text(e.get("error").unwrap_or(e)))
            .unwrap_or_default();
        let reason = format!("result `{kind}` {detail}").trim().to_string();
        return (String::new(), layout, Status::Failed(reason));
    }
    let message = result.get("message");
    let mut text = String::new();
    let parts = message
        .and_then(|m| m.get("content"))
        .and_then(Value::as_array);
    for part in parts.into_iter().flatten() {
        if part.get("type").and_then(Value::as_str) == Some("text") {
            text.push_str(part.get("text").and_then(Value::as_str).unwrap_or(""));
        }
    }
    let status = match message
        .and_then(|m| m.get("stop_reason"))
        .and_then(Value::as_str)
    {
        Some("max_tokens") => Status::Truncated("stop_reason `max_tokens`".into()),
        _ => Status::Complete,
    };
    (text, layout, status)
}
