//! `ask` as a whole: skip records already in the responses file (and those
//! recorded as failed, unless asked to retry them), ask the rest (cache
//! first), append each answer as it arrives, then rewrite the file in
//! dataset order and record the failures beside it.

use super::batch::{ask_batch, Outcome};
use super::client::{Client, Source};
use super::failures::{failure_line, failures_path, read_failures, write_failures};
use super::prompt::{Prompt, Shot};
use super::responses::{incomplete, read_answered, response_line, rewrite_in_order, Appender};
use super::AskError;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Mutex;

/// One record to ask about.
#[derive(Debug, Clone)]
pub struct Job {
    /// The record id.
    pub id: String,
    /// The prompt.
    pub prompt: String,
    /// Solved examples asked before it (none by default).
    pub shots: Vec<Shot>,
}

/// What a run did.
#[derive(Debug, Default)]
pub struct RunReport {
    /// Records in the input.
    pub total: usize,
    /// Records already answered in the responses file (not asked again).
    pub already: usize,
    /// Answers read from the cache.
    pub cached: usize,
    /// Answers received from the server.
    pub received: usize,
    /// Requests sent (retries included).
    pub requests: u64,
    /// Records whose every attempt failed in this run, with their errors
    /// (recorded in the failures file).
    pub failed: Vec<(String, AskError)>,
    /// Records recorded as failed by an earlier run and not asked again
    /// (`--retry-failed` asks them).
    pub skipped_failed: usize,
    /// Answers received in this run with empty content (kept in the
    /// responses file, never cached).
    pub empty: usize,
    /// Answers received in this run cut off at the token limit (kept in the
    /// responses file, never cached).
    pub truncated: usize,
    /// The failures file.
    pub failures_file: std::path::PathBuf,
    /// Records never asked because the run stopped.
    pub not_asked: usize,
    /// Unreadable lines dropped from the existing responses file.
    pub dropped_lines: usize,
    /// Why the run stopped early, if it did.
    pub stopped: Option<AskError>,
}

impl RunReport {
    /// Whether every record has an answer.
    pub fn complete(&self) -> bool {
        self.failed.is_empty()
            && self.skipped_failed == 0
            && self.not_asked == 0
            && self.stopped.is_none()
    }
}

/// Asks every job not yet answered in `out` and not recorded as failed in
/// its failures file; with `retry_failed`, also the recorded failures and
/// the answers that were empty or cut off at the token limit. `progress`
/// runs once per job finished (answered or failed), including those skipped.
pub fn ask_to_file(
    client: &Client<'_>,
    jobs: &[Job],
    out: &Path,
    max_failures: usize,
    retry_failed: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<RunReport, AskError> {
    let (answered, dropped) = read_answered(out)?;
    let failures_file = failures_path(out);
    let mut failures = read_failures(&failures_file)?;
    let settled = |job: &Job| match answered.get(&job.id) {
        Some(line) => !(retry_failed && incomplete(line)),
        None => !retry_failed && failures.contains_key(&job.id),
    };
    let todo: Vec<&Job> = jobs.iter().filter(|j| !settled(j)).collect();
    let skipped_failed = jobs
        .iter()
        .filter(|j| !answered.contains_key(&j.id) && settled(j))
        .count();
    let mut report = RunReport {
        total: jobs.len(),
        already: jobs.len() - todo.len() - skipped_failed,
        skipped_failed,
        dropped_lines: dropped,
        ..RunReport::default()
    };
    progress(report.already as u64);
    let answered = Mutex::new(answered);
    let appender = Appender::open(out)?;
    let write_error: Mutex<Option<AskError>> = Mutex::new(None);
    let prompts: Vec<Prompt<'_>> = todo
        .iter()
        .map(|j| Prompt {
            shots: &j.shots,
            text: &j.prompt,
        })
        .collect();
    let before = client.budget.used();
    let result = ask_batch(
        client,
        &prompts,
        client.settings.concurrency,
        max_failures,
        &|i, outcome| {
            if let Outcome::Answered(answer, _) = outcome {
                let line = response_line(&todo[i].id, answer);
                if let Err(e) = appender.append(&line) {
                    client.stop.store(true, Ordering::SeqCst);
                    if let Ok(mut slot) = write_error.lock() {
                        slot.get_or_insert(e);
                    }
                }
                if let Ok(mut a) = answered.lock() {
                    a.insert(todo[i].id.clone(), line);
                }
            }
            progress(1);
        },
    );
    report.requests = client.budget.used() - before;
    for (job, outcome) in todo.iter().zip(&result.outcomes) {
        match outcome {
            Outcome::Answered(answer, source) => {
                match source {
                    Source::Cache => report.cached += 1,
                    Source::Server => report.received += 1,
                }
                report.empty += usize::from(answer.is_empty());
                report.truncated += usize::from(answer.is_truncated());
                failures.remove(&job.id);
            }
            // A run-wide stop (spent budget, unreachable server, refused
            // key) says nothing about the record: it is simply not asked.
            Outcome::Failed(e) if e.fatal() => report.not_asked += 1,
            Outcome::Failed(e) => {
                failures.insert(job.id.clone(), failure_line(&job.id, e));
                report.failed.push((job.id.clone(), e.clone()));
            }
            Outcome::NotAsked => report.not_asked += 1,
        }
    }
    write_failures(&failures_file, &failures)?;
    report.failures_file = failures_file;
    report.stopped = result.stopped;
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let order: Vec<String> = jobs.iter().map(|j| j.id.clone()).collect();
    let answered = answered.into_inner().unwrap_or_default();
    rewrite_in_order(out, &order, &answered)?;
    Ok(report)
}
