//! `ask` as a whole: skip records already in the responses file (and those
//! recorded as failed, unless asked to retry them), ask the rest (cache
//! first), append each answer as it arrives, then rewrite the file in
//! dataset order and record the failures beside it.

use super::batch::{ask_batch, Outcome};
use super::client::{Client, Source};
use super::failures::{failure_line, failures_path, read_failures, write_failures};
use super::prompt::{Prompt, Shot, Turn};
use super::reply::Answer;
use super::responses::{incomplete, read_answered, response_line, rewrite_in_order, Appender};
use super::AskError;
use crate::answer::Verdict;
use crate::api::Judge;
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
    /// For self-correction: the record's judge and the follow-up turn sent
    /// after a reply it does not call correct.
    pub retry: Option<Retry>,
}

/// How a wrong reply is followed up.
#[derive(Debug, Clone)]
pub struct Retry {
    /// The record's judge.
    pub judge: Judge,
    /// The user turn sent after a reply that is not correct.
    pub follow_up: String,
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
/// the answers that were empty or cut off at the token limit. With `rounds`
/// above 1, a job with a [`Retry`] whose reply its judge does not call
/// correct is asked again with the reply and the follow-up appended, up to
/// `rounds` replies; only the final reply is written (with the earlier ones
/// as its `history`). `progress` runs once per job finished (answered or
/// failed), including those skipped.
pub fn ask_to_file(
    client: &Client<'_>,
    jobs: &[Job],
    out: &Path,
    max_failures: usize,
    retry_failed: bool,
    rounds: usize,
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
    let before = client.budget.used();
    // Each pending job with its conversation so far; a job leaves when its
    // reply is final: correct, or the last round's, or not followed up.
    let mut pending: Vec<(&Job, Vec<Turn>)> = todo.iter().map(|j| (*j, Vec::new())).collect();
    let rounds = rounds.max(1);
    for round in 1..=rounds {
        let prompts: Vec<Prompt<'_>> = pending
            .iter()
            .map(|(j, turns)| Prompt {
                shots: &j.shots,
                text: &j.prompt,
                turns,
            })
            .collect();
        let is_final = |job: &Job, answer: &Answer| {
            round == rounds
                || job
                    .retry
                    .as_ref()
                    .is_none_or(|r| r.judge.judge(&answer.response).verdict == Verdict::Correct)
        };
        let result = ask_batch(
            client,
            &prompts,
            client.settings.concurrency,
            max_failures,
            &|i, outcome| {
                let (job, turns) = &pending[i];
                if let Outcome::Answered(answer, _) = outcome {
                    if !is_final(job, answer) {
                        return;
                    }
                    let line = response_line(&job.id, answer, rounds > 1, turns);
                    if let Err(e) = appender.append(&line) {
                        client.stop.store(true, Ordering::SeqCst);
                        if let Ok(mut slot) = write_error.lock() {
                            slot.get_or_insert(e);
                        }
                    }
                    if let Ok(mut a) = answered.lock() {
                        a.insert(job.id.clone(), line);
                    }
                }
                progress(1);
            },
        );
        let mut next = Vec::new();
        for ((job, mut turns), outcome) in std::mem::take(&mut pending)
            .into_iter()
            .zip(result.outcomes)
        {
            match outcome {
                Outcome::Answered(answer, source) => {
                    match source {
                        Source::Cache => report.cached += 1,
                        Source::Server => report.received += 1,
                    }
                    if !is_final(job, &answer) {
                        let follow_up = job.retry.as_ref().map(|r| r.follow_up.clone());
                        turns.push(Turn {
                            reply: answer.response,
                            follow_up: follow_up.unwrap_or_default(),
                        });
                        next.push((job, turns));
                        continue;
                    }
                    report.empty += usize::from(answer.is_empty());
                    report.truncated += usize::from(answer.is_truncated());
                    failures.remove(&job.id);
                }
                // A run-wide stop (spent budget, unreachable server, refused
                // key) says nothing about the record: it is simply not asked.
                Outcome::Failed(e) if e.fatal() => report.not_asked += 1,
                Outcome::Failed(e) => {
                    failures.insert(job.id.clone(), failure_line(&job.id, &e));
                    report.failed.push((job.id.clone(), e));
                }
                Outcome::NotAsked => report.not_asked += 1,
            }
        }
        if result.stopped.is_some() {
            report.not_asked += next.len();
            report.stopped = result.stopped;
            break;
        }
        pending = next;
    }
    report.requests = client.budget.used() - before;
    write_failures(&failures_file, &failures)?;
    report.failures_file = failures_file;
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let order: Vec<String> = jobs.iter().map(|j| j.id.clone()).collect();
    let answered = answered.into_inner().unwrap_or_default();
    rewrite_in_order(out, &order, &answered)?;
    Ok(report)
}
