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
    /// budget, an unreachable server, an HTTP status that every request
    /// would get (400, 401, 403, 404, ...), or a file error.
    pub fn fatal(&self) -> bool {
        match self {
            AskError::Budget { .. }
            | AskError::Unreachable { .. }
            | AskError::Io { .. }
            | AskError::Settings { .. } => true,
            AskError::Status { status, .. } => !matches!(status, 408 | 429 | 500..=599),
            _ => false,
        }
    }

    /// The help text for an HTTP status.
    pub fn status_help(status: u16) -> String {
        match status {
            401 | 403 => "the server refused the credentials; set the API key in the environment variable named by `--api-key-env`".into(),
            404 => "check `--endpoint` (the base URL, ending before `/chat/completions`) and `--model`".into(),
            400 | 422 => "the server refused the request; check `--model` and the sampling settings (some models reject `temperature` or `reasoning_effort`)".into(),
            429 => "the server is rate limiting; lower `--concurrency` or raise `--retries`".into(),
            _ => "the server failed; it was retried with backoff, run the same command again to continue".into(),
        }
    }
}
