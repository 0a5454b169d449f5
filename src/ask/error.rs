//! Why asking a model failed: for one request, one item, or the whole run.

use std::path::PathBuf;

/// A failure of `ask` (and of the model calls `calibrate` makes).
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
pub enum AskError {
    /// The endpoint could not be reached (connection refused, DNS, TLS).
    #[error("cannot reach `{url}`: {reason}")]
    #[diagnostic(
        code(puzzlec::ask::unreachable),
        help("check that the server is running and that `--endpoint` is its base URL, e.g. `http://127.0.0.1:8000/v1`")
    )]
    Unreachable {
        /// The URL.
        url: String,
        /// The transport's message.
        reason: String,
    },
    /// The request took longer than the timeout.
    #[error("no answer from `{url}` within {seconds} s")]
    #[diagnostic(
        code(puzzlec::ask::timeout),
        help("the server may be overloaded; raise `--timeout` or lower `--concurrency`")
    )]
    Timeout {
        /// The URL.
        url: String,
        /// The timeout.
        seconds: f64,
    },
    /// The reply body is larger than the limit.
    #[error("`{url}` sent a reply larger than {limit} bytes; it was not read")]
    #[diagnostic(
        code(puzzlec::ask::reply_too_large),
        help("a chat completion is far smaller: check `--endpoint` and lower `--max-tokens`")
    )]
    TooLarge {
        /// The URL.
        url: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The server answered with an HTTP error status.
    #[error("`{url}` answered HTTP {status}: {body}")]
    #[diagnostic(code(puzzlec::ask::http_status), help("{help}"))]
    Status {
        /// The URL.
        url: String,
        /// The status code.
        status: u16,
        /// The start of the response body.
        body: String,
        /// What to do about it.
        help: String,
    },
    /// The server's answer is not a chat completion.
    #[error("`{url}` sent a reply that is not a chat completion: {reason}")]
    #[diagnostic(
        code(puzzlec::ask::malformed),
        help(
            "the endpoint must speak the OpenAI chat-completions API (`POST …/chat/completions`)"
        )
    )]
    Malformed {
        /// The URL.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The call budget is spent.
    #[error("the call budget of {budget} request(s) is spent")]
    #[diagnostic(
        code(puzzlec::ask::budget),
        help("answers so far are kept (in the output and the cache); run the same command again to continue, or raise `--budget`")
    )]
    Budget {
        /// The budget.
        budget: u64,
    },
    /// A request was never sent because the run stopped first.
    #[error("not asked: the run stopped before this item")]
    #[diagnostic(code(puzzlec::ask::not_asked))]
    NotAsked,
    /// A file could not be read or written.
    #[error("cannot {action} `{}`: {reason}", path.display())]
    #[diagnostic(code(puzzlec::ask::io), help("check the path and its permissions"))]
    Io {
        /// `read`, `write`, ...
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The I/O error's message.
        reason: String,
    },
    /// The settings are unusable.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::ask::settings), help("{help}"))]
    Settings {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
}

impl AskError {
    /// Whether trying the same request again may succeed: timeouts,
    /// unreachable servers, HTTP 408, 429 and 5xx, and malformed replies.
    pub fn retryable(&self) -> bool {
        match self {
            AskError::Unreachable { .. } | AskError::Timeout { .. } => true,
            AskError::Malformed { .. } => true,
            AskError::Status { status, .. } => matches!(status, 408 | 429 | 500..=599),
            _ => false,
        }
    }

    /// Whether the error stops the whole run rather than one item: a spent
    /// budget, an unreachable server, a file error, or an HTTP status that
    /// every request would get (401, 403, 404, 405, …, and any status whose
    /// body says the model is unknown). A 400, 413 or 422 about this one
    /// request (e.g. "prompt exceeds context length") fails only its record.
    pub fn fatal(&self) -> bool {
        match self {
            AskError::Budget { .. }
            | AskError::Unreachable { .. }
            | AskError::Io { .. }
            | AskError::Settings { .. } => true,
            AskError::Status { status, body, .. } => {
                !matches!(status, 408 | 429 | 500..=599 | 400 | 413 | 422) || model_unknown(body)
            }
            _ => false,
        }
    }

    /// The help text for an HTTP `status` with the start of its `body`: it
    /// names `--model` only when the server says the model is unknown.
    pub fn status_help(status: u16, body: &str) -> String {
        if model_unknown(body) {
            return "the server does not know this model; check `--model` (the server lists its models at `GET …/v1/models`)".into();
        }
        match status {
            401 | 403 => "the server refused the credentials; set the API key in the environment variable named by `--api-key-env`".into(),
            404 => "check `--endpoint` (the base URL, ending before `/chat/completions`)".into(),
            400 | 413 | 422 if too_long(body) => "this prompt does not fit the model's context; the record is recorded as failed and skipped (raise the server's context size, or lower `--max-tokens`)".into(),
            400 | 413 | 422 => "the server refused this request (see its message); the record is recorded as failed and skipped; if every record fails so, check the sampling settings (some models reject `temperature` or `reasoning_effort`)".into(),
            429 => "the server is rate limiting; lower `--concurrency` or raise `--retries`".into(),
            _ => "the server failed; it was retried with backoff, run the same command again to continue".into(),
        }
    }
}

/// Whether an error body says the requested model is unknown (OpenAI's
/// `model_not_found`, vLLM's "The model `x` does not exist", …).
pub fn model_unknown(body: &str) -> bool {
    let b = body.to_lowercase();
    b.contains("model_not_found")
        || (b.contains("model")
            && [
                "not found",
                "does not exist",
                "unknown model",
                "no such model",
                "invalid model",
            ]
            .iter()
            .any(|w| b.contains(w)))
}

/// Whether an error body says the prompt is too long for the context.
fn too_long(body: &str) -> bool {
    let b = body.to_lowercase();
    [
        "context length",
        "context window",
        "context size",
        "too long",
        "too many tokens",
        "exceeds",
    ]
    .iter()
    .any(|w| b.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(status: u16, body: &str) -> AskError {
        AskError::Status {
            url: "u".into(),
            status,
            body: body.into(),
            help: AskError::status_help(status, body),
        }
    }

    #[test]
    fn a_request_too_long_fails_its_record_without_blaming_the_model() {
        let e = status(
            400,
            r#"{"error":"the prompt exceeds the context length (4096)"}"#,
        );
        assert!(!e.fatal() && !e.retryable());
        let help = AskError::status_help(400, "the prompt exceeds the context length");
        assert!(
            help.contains("context") && !help.contains("--model"),
            "{help}"
        );
    }

    #[test]
    fn an_unknown_model_stops_the_run_and_names_the_flag() {
        for (code, body) in [
            (404, r#"{"error":{"code":"model_not_found"}}"#),
            (400, "The model `gpt-x` does not exist."),
        ] {
            let e = status(code, body);
            assert!(e.fatal(), "{code} {body}");
            assert!(AskError::status_help(code, body).contains("--model"));
        }
        assert!(status(401, "bad key").fatal());
        assert!(!AskError::status_help(404, "no route").contains("--model"));
    }
}
