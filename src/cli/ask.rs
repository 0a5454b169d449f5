//! `puzzlec ask`: send every record's prompt to a chat-completions endpoint
//! and write the answers as a responses file that `score` reads.

use super::model_args::ModelArgs;
use super::output::{fail, fail_with};
use super::Reported;
use crate::api::Judge;
use crate::ask::failures::failures_path;
use crate::ask::shots::{choose_shots, ShotRecord};
use crate::ask::{ask_to_file, Api, Job, Retry};
use crate::dataset::{check_output_file, dataset_files, read_jsonl};
use std::path::{Path, PathBuf};

/// Arguments of `ask`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The dataset folder written by `puzzlec build` (or one `.jsonl` task file).
    data: PathBuf,
    /// The responses file; records already answered in it are skipped.
    #[arg(short, long, default_value = "responses.jsonl")]
    out: PathBuf,
    /// Only these tiers (comma-separated).
    #[arg(long, value_delimiter = ',')]
    tier: Vec<String>,
    /// Only these languages (comma-separated).
    #[arg(long, value_delimiter = ',')]
    lang: Vec<String>,
    /// Ask again the records recorded as failed (in `OUT`'s `.failed.jsonl`)
    /// and the answers that came back empty or cut off at the token limit.
    #[arg(long)]
    retry_failed: bool,
    /// Ask each record after this many solved examples of the same puzzle,
    /// language and tier from the dataset (the records after it, wrapping
    /// round): chat turns, or one text with `--api completions`.
    #[arg(long, default_value_t = 0)]
    shots: usize,
    /// Self-correction: give the model up to this many replies per record;
    /// after a reply `score` would not call correct, the reply and a
    /// follow-up ("Your answer is incorrect, …") are sent back (chat API
    /// only; at most 10).
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// The endpoint, model and request settings.
    #[command(flatten)]
    model: ModelArgs,
}

/// The fields `ask` reads from a dataset line, in the `puzzlec` and the `nolli`
/// formats alike (which call the tier `difficulty` and the language `language`).
#[derive(serde::Deserialize)]
struct Question {
    id: String,
    #[serde(default, alias = "task")]
    puzzle: String,
    question: String,
    #[serde(alias = "language")]
    lang: String,
    #[serde(alias = "difficulty")]
    tier: String,
}

/// The records of `data`, each with its JSON text when `keep_lines` (the
/// examples and the judges of `--shots` and `--rounds` read whole records;
/// a plain run does not pay for the text).
fn records(data: &Path, keep_lines: bool) -> Result<Vec<(Question, String)>, Reported> {
    let files = if data.is_dir() {
        dataset_files(data).map_err(fail)?
    } else {
        vec![data.to_path_buf()]
    };
    let mut out = Vec::new();
    for f in files {
        let lines = read_jsonl::<serde_json::Value>(&f).map_err(fail)?;
        for value in lines {
            let line = if keep_lines {
                value.to_string()
            } else {
                String::new()
            };
            let question: Question = serde_json::from_value(value).map_err(|e| {
                fail(format!(
                    "`{}` holds a line that is not a dataset record: {e}",
                    f.display()
                ))
            })?;
            out.push((question, line));
        }
    }
    if out.is_empty() {
        return Err(fail(format!(
            "`{}` holds no dataset records; pass the folder written by `puzzlec build`",
            data.display()
        )));
    }
    Ok(out)
}

/// One job per record that passes the filters, each with its examples.
fn jobs(args: &Args) -> Result<Vec<Job>, Reported> {
    let all = records(&args.data, args.shots > 0 || args.rounds > 1)?;
    let shots = if args.shots == 0 {
        vec![Vec::new(); all.len()]
    } else {
        let sources: Vec<ShotRecord> = all
            .iter()
            .map(|(q, line)| ShotRecord {
                id: q.id.clone(),
                group: format!("{}/{}/{}", q.puzzle, q.lang, q.tier),
                question: q.question.clone(),
                line: line.clone(),
            })
            .collect();
        choose_shots(&sources, args.shots).map_err(|e| fail_with(&e))?
    };
    all.into_iter()
        .zip(shots)
        .filter(|((r, _), _)| args.tier.is_empty() || args.tier.contains(&r.tier))
        .filter(|((r, _), _)| args.lang.is_empty() || args.lang.contains(&r.lang))
        .map(|((r, line), shots)| {
            let retry = if args.rounds > 1 {
                Some(retry_of(&r, &line)?)
            } else {
                None
            };
            Ok(Job {
                id: r.id,
                prompt: r.question,
                shots,
                retry,
            })
        })
        .collect()
}

/// The most replies `--rounds` allows per record.
const MAX_ROUNDS: usize = 10;

/// The follow-up after a wrong reply: KOR-Bench's self-correction turn, in
/// the record's language (Korean for `ko`, else English).
fn follow_up(lang: &str) -> &'static str {
    if lang == "ko" {
        "답이 틀렸습니다. 답을 다시 확인하고 올바른 답을 제시하세요."
    } else {
        "Your answer is incorrect, please check your answer and provide a correct one."
    }
}

fn retry_of(r: &Question, line: &str) -> Result<Retry, Reported> {
    let judge = Judge::from_json(line).map_err(|e| {
        fail(format!(
            "`--rounds` needs records `score` can judge; record `{}` cannot be read: {e}",
            r.id
        ))
    })?;
    Ok(Retry {
        judge,
        follow_up: follow_up(&r.lang).to_string(),
    })
}

/// Asks, appends answers as they arrive, prints a summary; exit 1 when some
/// record is left without an answer.
pub fn run(args: Args) -> Result<(), Reported> {
    check_output_file(&args.out, &[&args.data]).map_err(fail)?;
    check_output_file(&failures_path(&args.out), &[&args.data]).map_err(fail)?;
    let default_cache = args
        .out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("puzzlec-cache");
    let setup = args.model.setup(&default_cache)?;
    if !(1..=MAX_ROUNDS).contains(&args.rounds) {
        return Err(fail(format!(
            "`--rounds {}` is outside 1..={MAX_ROUNDS}",
            args.rounds
        )));
    }
    let jobs = jobs(&args)?;
    if jobs.is_empty() {
        return Err(fail("no record matches `--tier` and `--lang`"));
    }
    if args.rounds > 1 && setup.settings.api == Api::Completions {
        return Err(fail(
            "`--rounds` follows a reply up with a new user turn, which needs the chat API; drop `--api completions`",
        ));
    }
    let session = setup.session();
    let client = setup.client(&session);
    let bar = super::progress::Progress::new(jobs.len() as u64, "asking", "records");
    let report = ask_to_file(
        &client,
        &jobs,
        &args.out,
        setup.max_failures,
        args.retry_failed,
        args.rounds,
        &|n| bar.inc(n),
    )
    .map_err(|e| fail_with(&e))?;
    bar.finish();
    if report.dropped_lines > 0 {
        eprintln!(
            "warning: {} unreadable line(s) of `{}` dropped (a line cut short by an interrupted run); those records were asked again",
            report.dropped_lines,
            args.out.display()
        );
    }
    eprintln!(
        "{} record(s): {} already answered, {} from the cache, {} received, {} failed, {} skipped as failed before, {} not asked; {} request(s) sent; answers in `{}`",
        report.total,
        report.already,
        report.cached,
        report.received,
        report.failed.len(),
        report.skipped_failed,
        report.not_asked,
        report.requests,
        args.out.display()
    );
    if report.empty + report.truncated > 0 {
        eprintln!(
            "warning: {} answer(s) came back empty and {} cut off at the token limit (`finish_reason` `length`); they are kept in `{}` but not cached, and `--retry-failed` asks them again",
            report.empty,
            report.truncated,
            args.out.display()
        );
    }
    for (id, e) in report.failed.iter().take(5) {
        eprintln!("  `{id}`: {e}");
    }
    if !report.failed.is_empty() || report.skipped_failed > 0 {
        eprintln!(
            "{} record(s) failed; they are listed in `{}` and skipped by a rerun; pass `--retry-failed` to ask them again",
            report.failed.len() + report.skipped_failed,
            report.failures_file.display()
        );
    }
    if let Some(stop) = &report.stopped {
        fail_with(stop);
        eprintln!("the run stopped early; run the same command again to continue where it stopped");
        return Err(Reported);
    }
    if !report.complete() {
        return Err(fail(
            "some records have no answer; run the same command again to ask the ones not asked, with `--retry-failed` to retry the failed ones",
        ));
    }
    Ok(())
}
