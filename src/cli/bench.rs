//! `puzzlec bench`: single-thread generation speed per spec and tier.

use super::load::{apply_sets, load_all, Loaded};
use super::output::{fail, fail_with};
use super::Reported;
use crate::check::program::Program;
use crate::dataset::build::{build, BuildError, BuildOptions};
use crate::dataset::{Format, OutputDir};
use crate::eval::fuel::Usage;
use crate::eval::Resource;
use crate::gen::generate;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A spec file or a folder of `*.puzzle` files.
    #[arg(default_value = "puzzles")]
    path: PathBuf,
    /// Items per tier.
    #[arg(short = 'n', long = "count", default_value_t = 200)]
    count: u64,
    /// Dataset seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instead of per-tier rates, time a whole build of every spec (all
    /// tiers and languages, `-n` items per tier) on `--jobs` threads and
    /// report its wall time and peak memory. Nothing is kept on disk.
    #[arg(long)]
    suite: bool,
    /// Worker threads for `--suite` (default: all cores).
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Instead of rates, report the peak run-time budget use (`limits`) of
    /// each spec over its items, beside the default limits.
    #[arg(long)]
    fuel: bool,
    /// Only these tiers, comma-separated (default: every tier of each spec).
    #[arg(long, value_delimiter = ',')]
    tier: Vec<String>,
    /// Set a lever in every tier: `lever=value` or `lever=lo..=hi`
    /// (repeatable; checked against the lever's declared domain).
    #[arg(long = "set", value_name = "LEVER=VALUE")]
    set: Vec<String>,
}

/// Generates `count` items per tier on one thread and reports the rate.
pub fn run(args: Args) -> Result<(), Reported> {
    let loaded = load_all(&args.path)?;
    let (paths, programs): (Vec<_>, Vec<_>) =
        loaded.into_iter().map(|l| (l.path, l.program)).unzip();
    let (programs, _) = apply_sets(programs, &args.set)?;
    if args.suite {
        return suite(&programs, &args);
    }
    let loaded: Vec<Loaded> = paths
        .into_iter()
        .zip(programs)
        .map(|(path, program)| Loaded {
            path,
            program,
            warnings: 0,
        })
        .collect();
    if args.fuel {
        return fuel(&loaded, &args);
    }
    println!("| puzzle | tier | items | seconds | items/s | attempts/item |");
    println!("|---|---|---:|---:|---:|---:|");
    let (mut all_items, start_all) = (0u64, Instant::now());
    for l in &loaded {
        let p = &l.program;
        for tier in p.tier_names() {
            if !args.tier.is_empty() && !args.tier.iter().any(|t| t == tier) {
                continue;
            }
            let start = Instant::now();
            let mut attempts = 0u64;
            for index in 0..args.count {
                let item = generate(p, tier, index, args.seed).map_err(|e| fail_with(&e))?;
                attempts += item.attempts;
            }
            let secs = start.elapsed().as_secs_f64();
            all_items += args.count;
            println!(
                "| {} | {} | {} | {:.3} | {:.0} | {:.2} |",
                p.name.name,
                tier,
                args.count,
                secs,
                args.count as f64 / secs.max(1e-9),
                attempts as f64 / args.count.max(1) as f64
            );
        }
    }
    let secs = start_all.elapsed().as_secs_f64();
    println!(
        "\ntotal: {all_items} items in {secs:.2} s ({:.0} items/s, one thread)",
        all_items as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// Builds every spec into a scratch folder and reports wall time and peak memory.
fn suite(programs: &[Program], args: &Args) -> Result<(), Reported> {
    if args.jobs == Some(0) {
        return Err(fail("`--jobs` must be at least 1"));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let scratch = std::env::temp_dir().join(format!("puzzlec-bench-{}", std::process::id()));
    let out = OutputDir::prepare(&scratch, true).map_err(fail)?;
    let options = BuildOptions {
        count: args.count,
        seed: args.seed,
        tiers: Vec::new(),
        langs: Vec::new(),
        jobs,
        shard: None,
        format: Format::Puzzlec,
        overrides: Vec::new(),
    };
    let start = Instant::now();
    let report = build(programs, &options, &out, &|| {});
    let secs = start.elapsed().as_secs_f64();
    // Best effort: a leftover scratch folder is harmless.
    let _ = std::fs::remove_dir_all(&scratch);
    let report = report.map_err(|e| match e {
        BuildError::Gen(g) => fail_with(&g),
        other => fail(other),
    })?;
    let peak = super::memory::peak_bytes().map_or("unknown".to_string(), |b| {
        format!("{:.0} MiB", b as f64 / 1048576.0)
    });
    println!("| specs | tasks | records | threads | wall seconds | records/s | peak memory |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} | {} | {} | {jobs} | {secs:.2} | {:.0} | {peak} |",
        programs.len(),
        report
            .manifest
            .tasks
            .iter()
            .map(|t| (&t.puzzle, &t.lang))
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        report.manifest.total,
        report.manifest.total as f64 / secs.max(1e-9),
    );
    Ok(())
}

/// The peak use of each run-time resource per spec, and over all specs.
fn fuel(loaded: &[super::load::Loaded], args: &Args) -> Result<(), Reported> {
    let names: Vec<&str> = Resource::ALL.iter().map(|r| r.name()).collect();
    println!("| puzzle | {} |", names.join(" | "));
    println!("|---|{}", "---:|".repeat(names.len()));
    let mut all = Usage::default();
    let row = |name: &str, u: &Usage| {
        let cells: Vec<String> = Resource::ALL
            .iter()
            .map(|r| u.get(*r).to_string())
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    };
    for l in loaded {
        let p = &l.program;
        let mut peak = Usage::default();
        for tier in p.tier_names() {
            if !args.tier.is_empty() && !args.tier.iter().any(|t| t == tier) {
                continue;
            }
            for index in 0..args.count {
                let item = generate(p, tier, index, args.seed).map_err(|e| fail_with(&e))?;
                peak = peak.max(item.usage);
            }
        }
        row(&p.name.name, &peak);
        all = all.max(peak);
    }
    row("**peak**", &all);
    let defaults: Vec<String> = Resource::ALL
        .iter()
        .map(|r| r.default_limit().to_string())
        .collect();
    println!("| default limit | {} |", defaults.join(" | "));
    Ok(())
}
