//! What to ask and how: the endpoint, the model, the sampling settings, and
//! the transport limits (timeout, retries, concurrency). The settings can
//! come from a small JSON config file; flags override it.

use super::prompt::{Api, Prompt};
use super::AskError;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::path::Path;
use std::time::Duration;

/// The settings of one `ask` run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The base URL (`http://host:port/v1`) or the full
    /// `…/chat/completions` (`…/completions`) URL.
    pub endpoint: String,
    /// Chat completions (messages) or completions (one text, base models).
    pub api: Api,
    /// The model name sent with every request.
    pub model: String,
    /// The system prompt, if any.
    pub system: Option<String>,
    /// Sampling temperature (omitted when unset).
    pub temperature: Option<f64>,
    /// The most tokens of one answer (omitted when unset).
    pub max_tokens: Option<u64>,
    /// `reasoning_effort` for models that support it (omitted when unset).
    pub reasoning_effort: Option<String>,
    /// More request fields, merged into every request body.
    pub extra: Map<String, Value>,
    /// The bearer token, if any (never written anywhere).
    pub api_key: Option<String>,
    /// How long one request may take.
    pub timeout: Duration,
    /// Retries of one request after a retryable failure.
    pub retries: u32,
    /// The first backoff; each retry doubles it (at most 60 s), and a
    /// `Retry-After` header from the server takes precedence.
    pub backoff: Duration,
    /// Requests in flight at once.
    pub concurrency: usize,
}

impl Settings {
    /// Settings with defaults for everything but the endpoint and model.
    pub fn new(endpoint: &str, model: &str) -> Settings {
        Settings {
            endpoint: endpoint.to_string(),
            model: model.to_string(),
            api: Api::Chat,
            system: None,
            temperature: None,
            max_tokens: None,
            reasoning_effort: None,
            extra: Map::new(),
            api_key: None,
            timeout: Duration::from_secs(300),
            retries: 5,
            backoff: Duration::from_millis(1000),
            concurrency: 4,
        }
    }

    /// The URL requests are posted to: the endpoint, with the API's path
    /// (`/chat/completions` or `/completions`) added unless it ends with it.
    pub fn url(&self) -> String {
        let base = self.endpoint.trim_end_matches('/');
        let path = self.api.path();
        if base.ends_with(path) {
            base.to_string()
        } else {
            format!("{base}{path}")
        }
    }

    /// The request body for `prompt`: `messages` for the chat API, `prompt`
    /// (the examples and the question as one text) for completions.
    pub fn body(&self, prompt: &Prompt<'_>) -> Value {
        let mut body = Map::new();
        body.insert("model".into(), Value::String(self.model.clone()));
        match self.api {
            Api::Chat => {
                let messages = prompt.messages(self.system.as_deref());
                body.insert("messages".into(), Value::Array(messages));
            }
            Api::Completions => {
                body.insert("prompt".into(), Value::String(prompt.completion_text()));
            }
        }
        if let Some(t) = self.temperature {
            body.insert("temperature".into(), serde_json::json!(t));
        }
        if let Some(n) = self.max_tokens {
            body.insert("max_tokens".into(), serde_json::json!(n));
        }
        if let Some(e) = &self.reasoning_effort {
            body.insert("reasoning_effort".into(), Value::String(e.clone()));
        }
        for (k, v) in &self.extra {
            body.insert(k.clone(), v.clone());
        }
        Value::Object(body)
    }

    /// The cache key of `prompt`: SHA-256 of the URL and the whole request
    /// body (model, system prompt, sampling settings, examples, prompt). The
    /// API key, timeouts and retries are not part of it.
    pub fn cache_key(&self, prompt: &Prompt<'_>) -> String {
        let text = format!("{}\n{}", self.url(), self.body(prompt));
        crate::dataset::sha256_hex(text.as_bytes())
    }

    /// Checks the settings before any request.
    pub fn validate(&self) -> Result<(), AskError> {
        let bad = |message: String, help: &str| AskError::Settings {
            message,
            help: help.to_string(),
        };
        if !(self.endpoint.starts_with("http://") || self.endpoint.starts_with("https://")) {
            return Err(bad(
                format!(
                    "endpoint `{}` is not an http:// or https:// URL",
                    self.endpoint
                ),
                "pass the server's base URL, e.g. `--endpoint http://127.0.0.1:8000/v1`",
            ));
        }
        if self.api == Api::Completions && self.system.is_some() {
            return Err(bad(
                "a system prompt needs the chat API; the completions API sends one text".into(),
                "drop `--system` (and `system` in the config file), or use `--api chat`",
            ));
        }
        if self.model.trim().is_empty() {
            return Err(bad("the model name is empty".into(), "pass `--model NAME`"));
        }
        if let Some(t) = self.temperature {
            if !(0.0..=2.0).contains(&t) {
                return Err(bad(
                    format!("temperature {t} is outside 0..=2"),
                    "use a temperature between 0 and 2",
                ));
            }
        }
        if self.concurrency == 0 {
            return Err(bad(
                "concurrency must be at least 1".into(),
                "pass `--concurrency 1` or more",
            ));
        }
        if self.timeout.is_zero() {
            return Err(bad(
                "the timeout must be positive".into(),
                "pass `--timeout` in seconds, e.g. `--timeout 120`",
            ));
        }
        Ok(())
    }
}

/// The keys a config file may set; flags given on the command line win.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// `chat` or `completions`.
    pub api: Option<Api>,
    /// The system prompt.
    pub system: Option<String>,
    /// Sampling temperature.
    pub temperature: Option<f64>,
    /// The most tokens of one answer.
    pub max_tokens: Option<u64>,
    /// `reasoning_effort`.
    pub reasoning_effort: Option<String>,
    /// More request fields.
    pub extra: Option<Map<String, Value>>,
    /// The environment variable that holds the API key.
    pub api_key_env: Option<String>,
    /// Request timeout in seconds.
    pub timeout: Option<f64>,
    /// Retries of one request.
    pub retries: Option<u32>,
    /// The first backoff in milliseconds.
    pub backoff_ms: Option<u64>,
    /// Requests in flight at once.
    pub concurrency: Option<usize>,
}

impl ConfigFile {
    /// Reads a JSON config file.
    pub fn read(path: &Path) -> Result<ConfigFile, AskError> {
        let text = std::fs::read_to_string(path).map_err(|e| AskError::Io {
            action: "read",
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?;
        serde_json::from_str(&text).map_err(|e| AskError::Settings {
            message: format!("config file `{}` is not valid: {e}", path.display()),
            help: "a config file is a JSON object with any of the keys api, system, temperature, \
                   max_tokens, reasoning_effort, extra, api_key_env, timeout, retries, \
                   backoff_ms, concurrency (see docs/calibration.md)"
                .into(),
        })
    }
}
