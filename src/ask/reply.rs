//! Reading a chat-completions or completions reply into an [`Answer`].

use super::prompt::Api;
use super::AskError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One model answer, as kept in the cache and the responses file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The message content (`null` content reads as empty).
    pub response: String,
    /// The reasoning text some servers send beside the content
    /// (`choices[0].message.reasoning_content`), kept as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_content: Option<String>,
    /// The model name the server reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Why the model stopped (`stop`, `length`, ...).
    #[serde(default)]
    pub finish_reason: Option<String>,
    /// The server's token counts, as sent.
    #[serde(default)]
    pub usage: Option<Value>,
    /// Wall-clock time of the successful request, in milliseconds.
    #[serde(default)]
    pub latency_ms: u64,
}

impl Answer {
    /// Whether the content is empty or only whitespace: not an answer to
    /// keep (never cached; `ask` reports it).
    pub fn is_empty(&self) -> bool {
        self.response.trim().is_empty()
    }

    /// Whether the model stopped at the token limit (`finish_reason`
    /// `length`): the reply is cut short (never cached; reported).
    pub fn is_truncated(&self) -> bool {
        self.finish_reason.as_deref() == Some("length")
    }

    /// Whether the answer may be cached: neither empty nor cut short, so
    /// asking again cannot be expected to give something better.
    pub fn cacheable(&self) -> bool {
        !self.is_empty() && !self.is_truncated()
    }
}

/// Parses a reply body of `api`; `url` names the server in errors.
pub fn parse_reply(api: Api, url: &str, body: &str) -> Result<Answer, AskError> {
    let malformed = |reason: String| AskError::Malformed {
        url: url.to_string(),
        reason,
    };
    let value: Value = serde_json::from_str(body)
        .map_err(|e| malformed(format!("invalid JSON ({e}) in `{}`", snippet(body))))?;
    let choice = value
        .get("choices")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
        .ok_or_else(|| malformed(format!("no `choices[0]` in `{}`", snippet(body))))?;
    let (response, reasoning_content) = match api {
        Api::Chat => message_content(choice).map_err(malformed)?,
        Api::Completions => (completion_text(choice).map_err(malformed)?, None),
    };
    Ok(Answer {
        response,
        reasoning_content,
        model: value.get("model").and_then(Value::as_str).map(String::from),
        finish_reason: choice
            .get("finish_reason")
            .and_then(Value::as_str)
            .map(String::from),
        usage: value.get("usage").cloned(),
        latency_ms: 0,
    })
}

/// A chat choice's `message.content` (`null` reads as empty) and
/// `message.reasoning_content`.
fn message_content(choice: &Value) -> Result<(String, Option<String>), String> {
    let message = choice
        .get("message")
        .ok_or_else(|| "no `choices[0].message`".to_string())?;
    let response = match message.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => {
            return Err(format!(
                "`choices[0].message.content` is {other}, not a string"
            ))
        }
    };
    let reasoning = message
        .get("reasoning_content")
        .and_then(Value::as_str)
        .filter(|r| !r.is_empty())
        .map(String::from);
    Ok((response, reasoning))
}

/// A completions choice's `text` (`null` reads as empty).
fn completion_text(choice: &Value) -> Result<String, String> {
    match choice.get("text") {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Null) => Ok(String::new()),
        None => Err("no `choices[0].text` (is the endpoint a completions API?)".to_string()),
        Some(other) => Err(format!("`choices[0].text` is {other}, not a string")),
    }
}

/// The start of `text` on one line, for messages.
pub fn snippet(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = one_line.chars().take(120).collect();
    if cut.len() < one_line.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_gives_content_usage_and_finish_reason() {
        let body = r#"{"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Answer: 4"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}"#;
        let a = parse_reply(Api::Chat, "u", body).expect("parses");
        assert_eq!(a.response, "Answer: 4");
        assert_eq!(a.finish_reason.as_deref(), Some("stop"));
        assert!(a.cacheable() && a.reasoning_content.is_none());
        assert_eq!(a.usage.expect("usage")["total_tokens"], 5);
    }

    #[test]
    fn reasoning_is_kept_and_empty_or_cut_replies_are_not_cacheable() {
        let body = r#"{"choices":[{"message":{"content":"Answer: 4","reasoning_content":"2 + 2 = 4"},"finish_reason":"stop"}]}"#;
        let a = parse_reply(Api::Chat, "u", body).expect("parses");
        assert_eq!(a.reasoning_content.as_deref(), Some("2 + 2 = 4"));
        assert!(a.cacheable());
        let cut = parse_reply(
            Api::Chat,
            "u",
            r#"{"choices":[{"message":{"content":"Let me think"},"finish_reason":"length"}]}"#,
        )
        .expect("parses");
        assert!(cut.is_truncated() && !cut.cacheable());
        let empty = parse_reply(
            Api::Chat,
            "u",
            r#"{"choices":[{"message":{"content":" \n"},"finish_reason":"stop"}]}"#,
        )
        .expect("parses");
        assert!(empty.is_empty() && !empty.cacheable());
    }

    #[test]
    fn null_content_is_empty_and_garbage_is_malformed() {
        let a = parse_reply(
            Api::Chat,
            "u",
            r#"{"choices":[{"message":{"content":null},"finish_reason":"length"}]}"#,
        )
        .expect("parses");
        assert_eq!(a.response, "");
        for bad in [
            "{not json",
            r#"{"choices":[]}"#,
            r#"{"choices":[{"message":{"content":3}}]}"#,
        ] {
            let e = parse_reply(Api::Chat, "u", bad).expect_err(bad);
            assert!(matches!(e, AskError::Malformed { .. }), "{bad}: {e}");
        }
    }

    #[test]
    fn a_completions_reply_gives_its_text() {
        let body = r#"{"model":"base","choices":[{"index":0,"text":" Answer: 4","finish_reason":"stop"}]}"#;
        let a = parse_reply(Api::Completions, "u", body).expect("parses");
        assert_eq!(a.response, " Answer: 4");
        assert_eq!(a.model.as_deref(), Some("base"));
        for bad in [
            r#"{"choices":[{"message":{"content":"chat"}}]}"#,
            r#"{"choices":[{"text":7}]}"#,
        ] {
            let e = parse_reply(Api::Completions, "u", bad).expect_err(bad);
            assert!(matches!(e, AskError::Malformed { .. }), "{bad}: {e}");
        }
    }
}
