//! The flags `ask` and `calibrate` share: the endpoint, the model, the
//! sampling settings and the transport limits, optionally from a config
//! file (flags win).

use super::output::fail_with;
use super::Reported;
use crate::ask::http::HttpTransport;
use crate::ask::{Api, AskError, Budget, Cache, Client, ConfigFile, Settings, Stats};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The environment variable read for the API key when no other is named.
pub const DEFAULT_KEY_ENV: &str = "OPENAI_API_KEY";

/// Endpoint, model and request settings.
#[derive(Debug, clap::Args)]
pub struct ModelArgs {
    /// The server's base URL (`http://127.0.0.1:8000/v1`); requests go to
    /// `…/chat/completions` (`…/completions` with `--api completions`). `calibrate` takes it once for all models or once
    /// per `--model`, in the same order.
    #[arg(long, required = true)]
    endpoint: Vec<String>,
    /// The model name sent with every request. `calibrate` takes it twice
    /// or more to calibrate against several models at once.
    #[arg(long, required = true)]
    model: Vec<String>,
    /// A JSON config file with sampling and transport settings (see
    /// docs/calibration.md); flags override it.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The environment variable holding the API key (default: `OPENAI_API_KEY`
    /// when it is set; no key otherwise).
    #[arg(long)]
    api_key_env: Option<String>,
    /// `chat` (`…/chat/completions`, messages) or `completions`
    /// (`…/completions`, one text: base models) [default: chat].
    #[arg(long, value_enum)]
    api: Option<Api>,
    /// The system prompt (chat API only).
    #[arg(long)]
    system: Option<String>,
    /// Sampling temperature.
    #[arg(long)]
    temperature: Option<f64>,
    /// The most tokens of one answer.
    #[arg(long)]
    max_tokens: Option<u64>,
    /// `reasoning_effort` for models that support it (`low`, `medium`, `high`).
    #[arg(long)]
    reasoning_effort: Option<String>,
    /// Requests in flight at once [default: 4].
    #[arg(long)]
    concurrency: Option<usize>,
    /// Retries of a request after a timeout, HTTP 429/5xx or a malformed reply [default: 5].
    #[arg(long)]
    retries: Option<u32>,
    /// Seconds one request may take [default: 300].
    #[arg(long)]
    timeout: Option<f64>,
    /// The first wait before a retry, in milliseconds; it doubles with each
    /// retry, and a `Retry-After` header wins [default: 1000].
    #[arg(long)]
    backoff_ms: Option<u64>,
    /// The answer cache folder [default: beside the output].
    #[arg(long)]
    cache: Option<PathBuf>,
    /// Do not read or write the answer cache.
    #[arg(long)]
    no_cache: bool,
    /// The most requests this run may send (retries included; cache hits are free).
    #[arg(long)]
    budget: Option<u64>,
    /// Stop after this many items failed every retry.
    #[arg(long, default_value_t = 20)]
    max_failures: usize,
}

/// What the shared flags set up.
pub struct ModelSetup {
    /// The settings of the first model.
    pub settings: Settings,
    /// The settings of every further `--model` (the same but for the
    /// endpoint and model).
    pub others: Vec<Settings>,
    /// The cache, unless `--no-cache`.
    pub cache: Option<Cache>,
    /// The request budget.
    pub budget: Budget,
    /// `--max-failures`.
    pub max_failures: usize,
}

/// The transport and the run state a [`Client`] borrows, made once per command.
pub struct Session {
    transport: HttpTransport,
    stop: AtomicBool,
    /// Counters of the run.
    pub stats: Stats,
}

impl ModelSetup {
    /// A fresh transport (sized to the concurrency) and run state.
    pub fn session(&self) -> Session {
        Session {
            transport: HttpTransport::new(self.settings.concurrency),
            stop: AtomicBool::new(false),
            stats: Stats::default(),
        }
    }

    /// The client over these settings, cache and budget, and `session`.
    pub fn client<'a>(&'a self, session: &'a Session) -> Client<'a> {
        self.client_for(&self.settings, session)
    }

    /// One client per model, the first model first, sharing the cache, the
    /// budget and `session`.
    pub fn clients<'a>(&'a self, session: &'a Session) -> Vec<Client<'a>> {
        std::iter::once(&self.settings)
            .chain(&self.others)
            .map(|s| self.client_for(s, session))
            .collect()
    }

    fn client_for<'a>(&'a self, settings: &'a Settings, session: &'a Session) -> Client<'a> {
        Client {
            settings,
            transport: &session.transport,
            cache: self.cache.as_ref(),
            budget: &self.budget,
            stop: &session.stop,
            stats: &session.stats,
        }
    }
}

impl ModelArgs {
    /// The (endpoint, model) pairs: each `--model` with the `--endpoint` of
    /// the same position, or with the only `--endpoint`. At most one pair
    /// unless `several`; model names must differ.
    fn pairs(&self, several: bool) -> Result<Vec<(String, String)>, Reported> {
        let bad = |message: String, help: &str| {
            fail_with(&AskError::Settings {
                message,
                help: help.into(),
            })
        };
        let (models, endpoints) = (&self.model, &self.endpoint);
        if !several && (models.len() > 1 || endpoints.len() > 1) {
            return Err(bad(
                "`--model` and `--endpoint` are given more than once".into(),
                "this command asks one model; run it once per model (only `calibrate` takes several)",
            ));
        }
        if endpoints.len() != 1 && endpoints.len() != models.len() {
            return Err(bad(
                format!(
                    "{} `--endpoint` for {} `--model`",
                    endpoints.len(),
                    models.len()
                ),
                "give one `--endpoint` for all models, or one per `--model` in the same order",
            ));
        }
        for (i, m) in models.iter().enumerate() {
            if models[..i].contains(m) {
                return Err(bad(
                    format!("model `{m}` is given twice"),
                    "models are told apart by name in the report; give each once",
                ));
            }
        }
        Ok(models
            .iter()
            .enumerate()
            .map(|(i, m)| (endpoints[i.min(endpoints.len() - 1)].clone(), m.clone()))
            .collect())
    }

    /// Builds the settings of one model; `default_cache` is used without
    /// `--cache`.
    pub fn setup(&self, default_cache: &Path) -> Result<ModelSetup, Reported> {
        self.setup_models(default_cache, false)
    }

    /// Builds the settings of every `--model` (only when `several`).
    pub fn setup_models(
        &self,
        default_cache: &Path,
        several: bool,
    ) -> Result<ModelSetup, Reported> {
        let pairs = self.pairs(several)?;
        let file = match &self.config {
            Some(path) => ConfigFile::read(path).map_err(|e| fail_with(&e))?,
            None => ConfigFile::default(),
        };
        let mut s = Settings::new(&pairs[0].0, &pairs[0].1);
        s.api = self.api.or(file.api).unwrap_or_default();
        s.system = self.system.clone().or(file.system);
        s.temperature = self.temperature.or(file.temperature);
        s.max_tokens = self.max_tokens.or(file.max_tokens);
        s.reasoning_effort = self.reasoning_effort.clone().or(file.reasoning_effort);
        s.extra = file.extra.unwrap_or_default();
        if let Some(c) = self.concurrency.or(file.concurrency) {
            s.concurrency = c;
        }
        if let Some(r) = self.retries.or(file.retries) {
            s.retries = r;
        }
        if let Some(t) = self.timeout.or(file.timeout) {
            if !(t.is_finite() && t > 0.0) {
                return Err(fail_with(&AskError::Settings {
                    message: format!("timeout {t} is not a positive number of seconds"),
                    help: "pass e.g. `--timeout 120`".into(),
                }));
            }
            s.timeout = Duration::from_secs_f64(t.min(86_400.0));
        }
        if let Some(b) = self.backoff_ms.or(file.backoff_ms) {
            s.backoff = Duration::from_millis(b);
        }
        let key_env = self.api_key_env.clone().or(file.api_key_env);
        s.api_key = match &key_env {
            Some(var) => match std::env::var(var) {
                Ok(v) if !v.is_empty() => Some(v),
                _ => {
                    return Err(fail_with(&AskError::Settings {
                        message: format!("the environment variable `{var}` named for the API key is not set"),
                        help: format!("export `{var}` with the key, or leave out `--api-key-env` for a server without keys"),
                    }))
                }
            },
            None => std::env::var(DEFAULT_KEY_ENV).ok().filter(|v| !v.is_empty()),
        };
        s.validate().map_err(|e| fail_with(&e))?;
        let mut others = Vec::new();
        for (endpoint, model) in &pairs[1..] {
            let mut other = s.clone();
            other.endpoint = endpoint.clone();
            other.model = model.clone();
            other.validate().map_err(|e| fail_with(&e))?;
            others.push(other);
        }
        let cache = if self.no_cache {
            None
        } else {
            let dir = self
                .cache
                .clone()
                .unwrap_or_else(|| default_cache.to_path_buf());
            Some(Cache::open(&dir).map_err(|e| fail_with(&e))?)
        };
        Ok(ModelSetup {
            settings: s,
            others,
            cache,
            budget: Budget::new(self.budget),
            max_failures: self.max_failures.max(1),
        })
    }
}
