//! The blocking HTTP client behind [`super::Transport`] (plain `http://` and
//! `https://` with rustls).

use super::transport::{parse_retry_after, HttpReply, Transport, TransportError, MAX_REPLY_BYTES};
use std::io::ErrorKind as IoKind;
use std::io::Read;
use std::time::Duration;

/// A [`Transport`] over a shared connection pool.
pub struct HttpTransport {
    agent: ureq::Agent,
}

impl HttpTransport {
    /// A client; `concurrency` sizes the connection pool.
    pub fn new(concurrency: usize) -> HttpTransport {
        let agent = ureq::AgentBuilder::new()
            .max_idle_connections_per_host(concurrency.max(1))
            .user_agent(&format!("puzzlec/{}", env!("CARGO_PKG_VERSION")))
            .build();
        HttpTransport { agent }
    }
}

impl Default for HttpTransport {
    fn default() -> Self {
        HttpTransport::new(4)
    }
}

fn is_timeout(e: &std::io::Error) -> bool {
    matches!(e.kind(), IoKind::TimedOut | IoKind::WouldBlock)
}

/// The reply body as text (invalid UTF-8 replaced), at most
/// [`MAX_REPLY_BYTES`]: a longer body is [`TransportError::TooLarge`].
fn read_body(response: ureq::Response) -> Result<String, TransportError> {
    let mut bytes = Vec::new();
    response
        .into_reader()
        .take(MAX_REPLY_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            if is_timeout(&e) {
                TransportError::Timeout
            } else {
                TransportError::Connect(e.to_string())
            }
        })?;
    if bytes.len() as u64 > MAX_REPLY_BYTES {
        return Err(TransportError::TooLarge(MAX_REPLY_BYTES));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

impl Transport for HttpTransport {
    fn post_json(
        &self,
        url: &str,
        api_key: Option<&str>,
        body: &str,
        timeout: Duration,
    ) -> Result<HttpReply, TransportError> {
        let mut request = self
            .agent
            .post(url)
            .timeout(timeout)
            .set("Content-Type", "application/json");
        if let Some(key) = api_key {
            request = request.set("Authorization", &format!("Bearer {key}"));
        }
        let response = match request.send_string(body) {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(ureq::Error::Transport(t)) => {
                let timed_out = std::error::Error::source(&t)
                    .and_then(|s| s.downcast_ref::<std::io::Error>())
                    .is_some_and(is_timeout)
                    || t.to_string().contains("timed out");
                return Err(if timed_out {
                    TransportError::Timeout
                } else {
                    TransportError::Connect(t.to_string())
                });
            }
        };
        let status = response.status();
        let retry_after = response.header("Retry-After").and_then(parse_retry_after);
        let body = read_body(response)?;
        Ok(HttpReply {
            status,
            retry_after,
            body,
        })
    }
}
