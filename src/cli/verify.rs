//! `puzzlec verify`: regenerate every record and compare bytes.
//!
//! Regenerating an item re-runs every proof its spec states (`dig`,
//! `reveal … until unique`, `unique`, `maximize`), so a record that comes
//! back byte-identical has had its uniqueness proven again.

use super::load::load_all;
use super::output::{fail, progress};
use super::Reported;
use crate::answer::{normalize, AnswerKind};
use crate::check::program::Program;
use crate::dataset::build::record;
use crate::dataset::{dataset_files, read_records, Manifest, Record, MANIFEST_FILE};
use crate::gen::generate;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
}

/// Regenerates each latent item once and compares every record made from it.
pub fn run(args: Args) -> Result<(), Reported> {
    let manifest = Manifest::read(&args.data.join(MANIFEST_FILE)).map_err(fail)?;
    let programs: Vec<Program> = load_all(&args.specs)?
        .into_iter()
        .map(|l| l.program)
        .collect();
    // Records grouped by latent item: (puzzle, tier, index).
    let mut groups: BTreeMap<(String, String, u64), Vec<Record>> = BTreeMap::new();
    for file in dataset_files(&args.data).map_err(fail)? {
        for rec in read_records(&file).map_err(fail)? {
            groups
                .entry((rec.puzzle.clone(), rec.tier.clone(), rec.index))
                .or_default()
                .push(rec);
        }
    }
    let units: Vec<_> = groups.into_iter().collect();
    let checked: usize = units.iter().map(|(_, recs)| recs.len()).sum();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let bar = progress(units.len() as u64, "verifying");
    let next = AtomicUsize::new(0);
    let failures: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(((puzzle, tier, index), recs)) = units.get(i) else {
                    return;
                };
                let found = check_unit(&programs, puzzle, tier, *index, manifest.seed, recs, &args);
                if let Ok(mut f) = failures.lock() {
                    f.extend(found);
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let mut failures = failures.into_inner().unwrap_or_default();
    failures.sort();
    for (id, problem) in &failures {
        println!("FAIL {id}: {problem}");
    }
    println!("{checked} record(s) checked, {} failure(s)", failures.len());
    if !failures.is_empty() {
        return Err(Reported);
    }
    Ok(())
}

/// The failures among the records of one latent item.
fn check_unit(
    programs: &[Program],
    puzzle: &str,
    tier: &str,
    index: u64,
    seed: u64,
    recs: &[Record],
    args: &Args,
) -> Vec<(String, String)> {
    let all = |problem: String| {
        recs.iter()
            .map(|r| (r.id.clone(), problem.clone()))
            .collect::<Vec<_>>()
    };
    let Some(program) = programs.iter().find(|p| p.name.name == puzzle) else {
        return all(format!(
            "no spec called `{puzzle}` under `{}`",
            args.specs.display()
        ));
    };
    let item = match generate(program, tier, index, seed) {
        Ok(item) => item,
        Err(e) => return all(format!("regeneration failed: {e}")),
    };
    let mut out = Vec::new();
    for rec in recs {
        let problem = if program.spec_hash != rec.spec_hash {
            Some(format!(
                "the spec changed since the build ({} ≠ {})",
                program.spec_hash, rec.spec_hash
            ))
        } else if !item.renders.contains_key(&rec.lang) {
            Some(format!("the spec does not render `{}`", rec.lang))
        } else {
            let fresh = record(program, &item, &rec.lang);
            let kind = AnswerKind::from_name(&rec.answer_kind);
            if fresh.to_json_line() != rec.to_json_line() {
                Some(first_difference(&fresh, rec))
            } else if kind
                .is_none_or(|k| normalize(k, &rec.answer).as_deref() != Ok(rec.answer.as_str()))
            {
                Some(format!(
                    "the gold `{}` does not read back as `{}`",
                    rec.answer, rec.answer_kind
                ))
            } else {
                None
            }
        };
        if let Some(p) = problem {
            out.push((rec.id.clone(), p));
        }
    }
    out
}

fn first_difference(fresh: &Record, stored: &Record) -> String {
    let a = serde_json::to_value(fresh).unwrap_or_default();
    let b = serde_json::to_value(stored).unwrap_or_default();
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (key, value) in a {
            if b.get(key) != Some(value) {
                return format!("field `{key}` differs from a fresh regeneration");
            }
        }
    }
    "the record differs from a fresh regeneration".into()
}
