//! `puzzlec verify`: plan the build the manifest records again, regenerate every
//! file and compare bytes (see `crate::dataset::verify`).

use super::load::load_all;
use super::output::{fail, fail_with};
use super::Reported;
use crate::check::program::Program;
use crate::dataset::build::BuildError;
use crate::dataset::integrity::Finding;
use crate::dataset::verify::verify;
use std::path::PathBuf;

/// Arguments of `verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The dataset folder.
    data: PathBuf,
    /// The specs it was built from.
    #[arg(long, default_value = "puzzles")]
    specs: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Print one JSON object on stdout (ok, records, files, failures) instead
    /// of the `FAIL` lines and the summary.
    #[arg(long)]
    json: bool,
}

/// Prints every finding as `FAIL <file or record>: <problem>`; exit 1 if any.
pub fn run(args: Args) -> Result<(), Reported> {
    if args.jobs == Some(0) {
        return Err(fail("`--jobs` must be at least 1"));
    }
    let programs: Vec<Program> = load_all(&args.specs)?
        .into_iter()
        .map(|l| l.program)
        .collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = super::progress::Progress::new(0, "verifying", "records");
    let tick = || bar.inc(1);
    let report = verify(&args.data, &programs, jobs, &tick);
    bar.finish();
    let report = report.map_err(|e| match e {
        BuildError::Gen(g) => fail_with(&g),
        other => fail(other),
    })?;
    if args.json {
        super::json::print(&serde_json::json!({
            "ok": report.findings.is_empty(),
            "records": report.records,
            "files": report.files,
            "failures": report.findings.iter().map(|f| f.to_string()).collect::<Vec<_>>(),
        }));
        return if report.findings.is_empty() {
            Ok(())
        } else {
            Err(Reported)
        };
    }
    for finding in &report.findings {
        println!("FAIL {finding}");
    }
    let missing = report
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::Spec { missing: true, .. }))
        .count();
    if missing > 0 {
        eprintln!(
            "hint: {missing} spec(s) the dataset was built from are not under `{}`; pass the spec file or folder the dataset was built from with `--specs PATH` (e.g. `--specs suites/korbench`)",
            args.specs.display()
        );
    }
    println!(
        "{} record(s) in {} file(s) regenerated and compared byte for byte, {} failure(s)",
        report.records,
        report.files,
        report.findings.len()
    );
    if !report.findings.is_empty() {
        return Err(Reported);
    }
    Ok(())
}
