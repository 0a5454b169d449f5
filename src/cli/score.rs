//! `puzzlec score`: score model responses against a dataset.

use super::load::load_all;
use super::output::{fail, fail_with};
use super::Reported;
use crate::dataset::{check_output_file, write_atomic, Format};
use crate::score::{
    answered_tasks, chart, check_foreign, dataset_format, load_records, load_release_records,
    per_item_jsonl, read_responses, to_markdown, Dataset, Item, Report, ScoreError, Selection,
};
use std::io::BufReader;
use std::path::PathBuf;

/// Arguments of `score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The dataset folder written by `puzzlec build` (or one `.jsonl` task file).
    data: PathBuf,
    /// The responses: JSONL with `id` and `response` (or OpenAI batch output,
    /// or lm-evaluation-harness samples; see docs/scoring.md).
    responses: PathBuf,
    /// Where to write `report.md`, `report.json` and `accuracy.svg`.
    #[arg(short, long, default_value = "score-report")]
    out: PathBuf,
    /// Also write `per_item.jsonl`: each record's verdict, extracted answer and gold.
    #[arg(long)]
    per_item: bool,
    /// Also report the accuracy of each step of records with checkpoints,
    /// read from the response's `Step N:` lines.
    #[arg(long)]
    steps: bool,
    /// Score only these puzzles (repeat the flag or separate names with commas).
    #[arg(long = "puzzle", value_name = "NAME", value_delimiter = ',')]
    puzzles: Vec<String>,
    /// Score only these languages (e.g. `--lang ko`).
    #[arg(long = "lang", value_name = "LANG", value_delimiter = ',')]
    langs: Vec<String>,
    /// Score only these tiers.
    #[arg(long = "tier", value_name = "TIER", value_delimiter = ',')]
    tiers: Vec<String>,
    /// Score only the tasks (puzzle × language × tier) that some response
    /// answers, e.g. responses for part of a dataset; other tasks are not
    /// counted as missing.
    #[arg(long)]
    answered_only: bool,
    /// Print `report.json` on stdout instead of the Markdown report.
    #[arg(long)]
    json: bool,
    /// The specs a dataset in the `nolli` format was built from: its lines lack
    /// the fields scoring needs, so its records are regenerated from them.
    #[arg(long, default_value = "puzzles")]
    specs: PathBuf,
}

impl Args {
    fn selection(&self) -> Selection {
        Selection {
            puzzles: self.puzzles.clone(),
            langs: self.langs.clone(),
            tiers: self.tiers.clone(),
            answered_only: self.answered_only,
        }
    }
}

/// Reads the dataset's records; a `nolli` dataset's are regenerated from `--specs`.
fn read_dataset(args: &Args) -> Result<(Vec<Item>, Vec<String>), Reported> {
    if dataset_format(&args.data).map_err(|e| fail_with(&e))? != Format::Nolli {
        return load_records(&args.data).map_err(|e| fail_with(&e));
    }
    let programs: Vec<_> = load_all(&args.specs)?
        .into_iter()
        .map(|l| l.program)
        .collect();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    load_release_records(&args.data, &programs, jobs).map_err(|e| fail_with(&e))
}

/// Reads the dataset and narrows it to the selection.
fn load_selected(args: &Args, selection: &Selection) -> Result<Dataset, Reported> {
    let (records, tier_hint) = read_dataset(args)?;
    if selection.is_everything() {
        return Dataset::from_records(records, &tier_hint).map_err(|e| fail_with(&e));
    }
    let answered = if selection.answered_only {
        let file = open_responses(&args.responses)?;
        let tasks = answered_tasks(BufReader::new(file), &records).map_err(|source| {
            fail_with(&ScoreError::Read {
                path: args.responses.clone(),
                source,
            })
        })?;
        Some(tasks)
    } else {
        None
    };
    let (kept, excluded) = selection
        .apply(records, answered.as_ref())
        .map_err(|e| fail_with(&e))?;
    let mut dataset = Dataset::from_records(kept, &tier_hint).map_err(|e| fail_with(&e))?;
    dataset.excluded = excluded;
    Ok(dataset)
}

fn open_responses(path: &std::path::Path) -> Result<std::fs::File, Reported> {
    std::fs::File::open(path).map_err(|source| {
        fail_with(&ScoreError::Read {
            path: path.to_path_buf(),
            source,
        })
    })
}

/// Scores, writes the report files and prints the Markdown report.
pub fn run(args: Args) -> Result<(), Reported> {
    let selection = args.selection();
    let dataset = load_selected(&args, &selection)?;
    // Refuse an output inside the inputs before any work is done.
    let mut names = vec!["report.md", "report.json", "accuracy.svg"];
    if args.per_item {
        names.push("per_item.jsonl");
    }
    for name in &names {
        check_output_file(&args.out.join(name), &[&args.data, &args.responses]).map_err(fail)?;
    }
    let file = open_responses(&args.responses)?;
    let intake =
        read_responses(BufReader::new(file), &dataset, args.per_item).map_err(|source| {
            fail_with(&ScoreError::Read {
                path: args.responses.clone(),
                source,
            })
        })?;
    let warn_lines = |what: &str, count: u64, lines: Vec<String>| {
        if count > 0 {
            eprintln!("warning: {count} {what} (first: {})", lines.join(", "));
        }
    };
    warn_lines(
        "invalid line(s) skipped",
        intake.invalid.count,
        intake
            .invalid
            .examples
            .iter()
            .map(|p| format!("line {}: {}", p.line, p.detail))
            .collect(),
    );
    warn_lines(
        "line(s) not valid UTF-8 skipped",
        intake.invalid_utf8.count,
        intake
            .invalid_utf8
            .examples
            .iter()
            .map(|l| format!("line {l}"))
            .collect(),
    );
    check_foreign(&intake, &args.responses).map_err(|e| fail_with(&e))?;
    let layouts: Vec<String> = intake
        .layouts
        .iter()
        .map(|(layout, n)| format!("{n} line(s) of {}", layout.name()))
        .collect();
    eprintln!(
        "read `{}` as {}",
        args.responses.display(),
        layouts.join(", ")
    );
    let problem_lines = |p: &crate::score::intake::Problems<crate::score::intake::LineProblem>| {
        p.examples
            .iter()
            .map(|p| format!("`{}` (line {})", p.detail, p.line))
            .collect()
    };
    warn_lines(
        "failed request(s), scored wrong",
        intake.failed.count,
        problem_lines(&intake.failed),
    );
    warn_lines(
        "truncated response(s) (token limit reached), scored wrong without grading",
        intake.truncated.count,
        problem_lines(&intake.truncated),
    );
    warn_lines(
        "response(s) with an id not in the dataset, ignored",
        intake.unknown.count,
        intake
            .unknown
            .examples
            .iter()
            .map(|p| format!("`{}` (line {})", p.detail, p.line))
            .collect(),
    );
    warn_lines(
        "duplicate response(s) ignored; the first response for an id counts",
        intake.duplicates.count,
        intake
            .duplicates
            .examples
            .iter()
            .map(|p| format!("`{}` (line {})", p.detail, p.line))
            .collect(),
    );
    let report = Report::new(
        &dataset,
        &intake,
        &args.data.display().to_string(),
        &args.responses.display().to_string(),
    );
    if intake.excluded > 0 {
        eprintln!(
            "{} response(s) to records outside the selection ignored",
            intake.excluded
        );
    }
    let report = report.with_selection(&selection, &dataset);
    let report = if args.steps {
        if !dataset
            .parts
            .iter()
            .any(|p| matches!(p, crate::score::parts::Parts::Steps(_)))
        {
            eprintln!("warning: `--steps`: no record of this dataset has checkpoints");
        }
        report.with_steps(&dataset, &intake)
    } else {
        report
    };
    let markdown = to_markdown(&report);
    let mut files = vec![
        ("report.md", markdown.clone()),
        ("report.json", report.to_json()),
        ("accuracy.svg", chart(&report, &dataset.tiers)),
    ];
    if args.per_item {
        files.push(("per_item.jsonl", per_item_jsonl(&dataset, &intake)));
    }
    for (name, text) in &files {
        write_atomic(&args.out.join(name), text.as_bytes()).map_err(fail)?;
    }
    if args.json {
        println!("{}", report.to_json().trim_end());
    } else {
        print!("{markdown}");
    }
    eprintln!(
        "wrote {} to `{}`",
        files
            .iter()
            .map(|(n, _)| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
        args.out.display()
    );
    Ok(())
}
