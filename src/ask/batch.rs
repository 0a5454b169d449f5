//! Asking many prompts on a few threads. A fatal error (spent budget,
//! unreachable server, an HTTP status every request would get) or too many
//! failed items stops the run: requests in flight finish, nothing new starts.

use super::client::{Client, Source};
use super::prompt::Prompt;
use super::{Answer, AskError};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// What became of one prompt.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Answered, from the cache or the server.
    Answered(Answer, Source),
    /// Every attempt failed.
    Failed(AskError),
    /// Never asked: the run stopped first.
    NotAsked,
}

/// The outcomes of a batch, in prompt order, and why it stopped early.
#[derive(Debug)]
pub struct BatchResult {
    /// One outcome per prompt.
    pub outcomes: Vec<Outcome>,
    /// The error that stopped the run, if it stopped early.
    pub stopped: Option<AskError>,
}

impl BatchResult {
    /// How many prompts failed.
    pub fn failed(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::Failed(_)))
            .count()
    }
}

/// Asks every prompt with `concurrency` threads; `on_done(i, outcome)` runs
/// as each answer arrives (from any thread). The run stops at the first
/// fatal error or after `max_failures` failed prompts.
pub fn ask_batch(
    client: &Client<'_>,
    prompts: &[Prompt<'_>],
    concurrency: usize,
    max_failures: usize,
    on_done: &(dyn Fn(usize, &Outcome) + Sync),
) -> BatchResult {
    let outcomes: Mutex<Vec<Outcome>> = Mutex::new(vec![Outcome::NotAsked; prompts.len()]);
    let next = AtomicUsize::new(0);
    let failures = AtomicUsize::new(0);
    let stopped: Mutex<Option<(usize, AskError)>> = Mutex::new(None);
    let stop_with = |i: usize, e: &AskError| {
        client.stop.store(true, Ordering::SeqCst);
        if let Ok(mut slot) = stopped.lock() {
            // Keep the earliest prompt's error, so the message does not
            // depend on thread timing.
            if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                *slot = Some((i, e.clone()));
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..concurrency.clamp(1, prompts.len().max(1)) {
            scope.spawn(|| loop {
                if client.stop.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(prompt) = prompts.get(i) else { return };
                let outcome = match client.ask(prompt) {
                    Ok((answer, source)) => Outcome::Answered(answer, source),
                    Err(AskError::NotAsked) => Outcome::NotAsked,
                    Err(e) => {
                        // A fatal error stops at once; others after `max_failures`.
                        let too_many = !e.fatal()
                            && failures.fetch_add(1, Ordering::SeqCst) + 1 >= max_failures;
                        if e.fatal() || too_many {
                            stop_with(i, &e);
                        }
                        Outcome::Failed(e)
                    }
                };
                on_done(i, &outcome);
                if let Ok(mut o) = outcomes.lock() {
                    o[i] = outcome;
                }
            });
        }
    });
    BatchResult {
        outcomes: outcomes.into_inner().unwrap_or_default(),
        stopped: stopped.into_inner().ok().flatten().map(|(_, e)| e),
    }
}
