//! A budget of requests shared by every thread of a run.

use super::AskError;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts requests sent (every attempt, retries included) against an
/// optional limit; cache hits cost nothing.
#[derive(Debug, Default)]
pub struct Budget {
    limit: Option<u64>,
    used: AtomicU64,
}

impl Budget {
    /// A budget of `limit` requests (`None`: unlimited).
    pub fn new(limit: Option<u64>) -> Budget {
        Budget {
            limit,
            used: AtomicU64::new(0),
        }
    }

    /// Takes one request from the budget, or fails when it is spent.
    pub fn take(&self) -> Result<(), AskError> {
        let prior = self.used.fetch_add(1, Ordering::SeqCst);
        match self.limit {
            Some(limit) if prior >= limit => {
                self.used.fetch_sub(1, Ordering::SeqCst);
                Err(AskError::Budget { budget: limit })
            }
            _ => Ok(()),
        }
    }

    /// Requests sent so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::SeqCst)
    }

    /// The limit.
    pub fn limit(&self) -> Option<u64> {
        self.limit
    }
}
