//! How a request body reaches the server: a trait, so the retry logic and
//! the batch runner can be tested without a network, and so a different
//! HTTP client can be dropped in.

use std::time::Duration;

/// An HTTP reply, whatever its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpReply {
    /// The status code.
    pub status: u16,
    /// The `Retry-After` header in seconds, when the server sent one.
    pub retry_after: Option<Duration>,
    /// The body as text.
    pub body: String,
}

/// The largest reply body read, in bytes (16 MiB): a chat completion is far
/// smaller; a larger body is refused as [`TransportError::TooLarge`].
pub const MAX_REPLY_BYTES: u64 = 16 * 1024 * 1024;

/// Why no reply arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// The timeout passed.
    Timeout,
    /// The server could not be reached or dropped the connection.
    Connect(String),
    /// The reply body is larger than the limit (in bytes).
    TooLarge(u64),
}

/// Posts a JSON body and returns the reply.
pub trait Transport: Sync {
    /// Posts `body` to `url` with a bearer token when `api_key` is set.
    fn post_json(
        &self,
        url: &str,
        api_key: Option<&str>,
        body: &str,
        timeout: Duration,
    ) -> Result<HttpReply, TransportError>;
}

/// Reads a `Retry-After` header: whole or fractional seconds (an HTTP date
/// is ignored), at most ten minutes.
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(600.0)))
}
