//! One prompt → one answer: the cache first, then the request with retries
//! and exponential backoff on timeouts, unreachable servers, HTTP 408, 429
//! and 5xx, and malformed replies.

use super::prompt::Prompt;
use super::reply::{parse_reply, snippet};
use super::{Answer, AskError, Budget, Cache, Settings, Transport, TransportError};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The longest wait between two attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// `text` with every occurrence of `key` replaced by `[redacted]`.
pub fn redact_key(text: &str, key: Option<&str>) -> String {
    match key.filter(|k| !k.is_empty()) {
        Some(key) => text.replace(key, "[redacted]"),
        None => text.to_string(),
    }
}

/// Where an answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The on-disk cache: no request was sent.
    Cache,
    /// The server.
    Server,
}

/// Counters of one run.
#[derive(Debug, Default)]
pub struct Stats {
    /// Answers read from the cache.
    pub cached: AtomicU64,
    /// Answers received from the server.
    pub received: AtomicU64,
    /// Attempts that failed and were retried.
    pub retried: AtomicU64,
    /// Answers received with empty content (not cached).
    pub empty: AtomicU64,
    /// Answers received cut off at the token limit (not cached).
    pub truncated: AtomicU64,
}

/// Asks one prompt at a time; shared by the threads of a run.
pub struct Client<'a> {
    /// The settings.
    pub settings: &'a Settings,
    /// The transport.
    pub transport: &'a dyn Transport,
    /// The cache, if any.
    pub cache: Option<&'a Cache>,
    /// The request budget.
    pub budget: &'a Budget,
    /// Set when the run is stopping: no new attempt starts.
    pub stop: &'a AtomicBool,
    /// Counters.
    pub stats: &'a Stats,
}

impl Client<'_> {
    /// The answer to `prompt`, from the cache or the server.
    pub fn ask(&self, prompt: &Prompt<'_>) -> Result<(Answer, Source), AskError> {
        let key = self.settings.cache_key(prompt);
        if let Some(answer) = self.cache.and_then(|c| c.get(&key)) {
            self.stats.cached.fetch_add(1, Ordering::Relaxed);
            return Ok((answer, Source::Cache));
        }
        let url = self.settings.url();
        let body = self.settings.body(prompt).to_string();
        let mut attempt = 0u32;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(AskError::NotAsked);
            }
            self.budget.take()?;
            let started = Instant::now();
            let result = self.once(&url, &body);
            let (error, retry_after) = match result {
                Ok(mut answer) => {
                    answer.latency_ms = started.elapsed().as_millis() as u64;
                    // An empty or cut-off reply is kept for this run only:
                    // asking again may give a real answer.
                    if let Some(cache) = self.cache.filter(|_| answer.cacheable()) {
                        cache.put(&key, &url, &self.settings.model, &answer)?;
                    }
                    if answer.is_empty() {
                        self.stats.empty.fetch_add(1, Ordering::Relaxed);
                    }
                    if answer.is_truncated() {
                        self.stats.truncated.fetch_add(1, Ordering::Relaxed);
                    }
                    self.stats.received.fetch_add(1, Ordering::Relaxed);
                    return Ok((answer, Source::Server));
                }
                Err(e) => e,
            };
            if !error.retryable() || attempt >= self.settings.retries {
                return Err(error);
            }
            self.stats.retried.fetch_add(1, Ordering::Relaxed);
            let backoff = self
                .settings
                .backoff
                .saturating_mul(1u32 << attempt.min(16))
                .min(MAX_BACKOFF);
            self.sleep(retry_after.map_or(backoff, |r| r.min(MAX_BACKOFF)));
            attempt += 1;
        }
    }

    /// One attempt; the error comes with the server's `Retry-After`.
    fn once(&self, url: &str, body: &str) -> Result<Answer, (AskError, Option<Duration>)> {
        let reply = self
            .transport
            .post_json(
                url,
                self.settings.api_key.as_deref(),
                body,
                self.settings.timeout,
            )
            .map_err(|e| {
                let error = match e {
                    TransportError::Timeout => AskError::Timeout {
                        url: url.to_string(),
                        seconds: self.settings.timeout.as_secs_f64(),
                    },
                    TransportError::Connect(reason) => AskError::Unreachable {
                        url: url.to_string(),
                        reason: self.redact(&reason),
                    },
                    TransportError::TooLarge(limit) => AskError::TooLarge {
                        url: url.to_string(),
                        limit,
                    },
                };
                (error, None)
            })?;
        if !(200..300).contains(&reply.status) {
            let body = snippet(&self.redact(&reply.body));
            return Err((
                AskError::Status {
                    url: url.to_string(),
                    status: reply.status,
                    help: AskError::status_help(reply.status, &body),
                    body,
                },
                reply.retry_after,
            ));
        }
        parse_reply(self.settings.api, url, &reply.body).map_err(|e| {
            let e = match e {
                AskError::Malformed { url, reason } => AskError::Malformed {
                    url,
                    reason: self.redact(&reason),
                },
                other => other,
            };
            (e, None)
        })
    }

    /// `text` with every occurrence of the API key replaced, so a server that
    /// echoes the key in an error body never gets it printed.
    fn redact(&self, text: &str) -> String {
        redact_key(text, self.settings.api_key.as_deref())
    }

    /// Sleeps `total`, waking early when the run stops.
    fn sleep(&self, total: Duration) {
        let until = Instant::now() + total;
        while !self.stop.load(Ordering::Relaxed) {
            let now = Instant::now();
            if now >= until {
                return;
            }
            std::thread::sleep((until - now).min(Duration::from_millis(50)));
        }
    }
}
