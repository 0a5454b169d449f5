//! `puzzlec build`.

use super::load::{apply_sets, load_all};
use super::output::{fail, fail_with};
use super::Reported;
use crate::check::program::Program;
use crate::dataset::build::{build, BuildError, BuildOptions};
use crate::dataset::{check_card_free, Format, OutputDir, Shard};
use std::path::PathBuf;

/// Arguments of `build`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A spec file or a folder of `*.puzzle` files.
    #[arg(default_value = "puzzles")]
    path: PathBuf,
    /// Output folder.
    #[arg(short, long, default_value = "data")]
    out: PathBuf,
    /// Items per tier.
    #[arg(short = 'n', long = "count", default_value_t = 100)]
    count: u64,
    /// Dataset seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only these tiers (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    tier: Vec<String>,
    /// Only these languages (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    lang: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Build only shard I of N (1-based), e.g. `2/4`.
    #[arg(long)]
    shard: Option<String>,
    /// Record format: `puzzlec`, `nolli` (the reference benchmark's fields) or `hf`
    /// (`puzzlec` records plus a dataset card that Hugging Face `datasets` loads).
    #[arg(long, default_value = "puzzlec")]
    format: String,
    /// Overwrite an existing dataset in the output folder.
    #[arg(long)]
    force: bool,
    /// Set a lever in every tier: `lever=value` or `lever=lo..=hi`
    /// (repeatable; checked against the lever's declared domain; recorded
    /// in the manifest).
    #[arg(long = "set", value_name = "LEVER=VALUE")]
    set: Vec<String>,
    /// Print one JSON object on stdout when done (records, task files, seconds,
    /// items per second, peak memory) instead of the summary line.
    #[arg(long)]
    json: bool,
}

/// Builds the dataset.
pub fn run(args: Args) -> Result<(), Reported> {
    let format: Format = args.format.parse().map_err(fail)?;
    let shard: Option<Shard> = args
        .shard
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(fail)?;
    if args.jobs == Some(0) {
        return Err(fail("`--jobs` must be at least 1"));
    }
    if args.count > 1_000_000 {
        return Err(fail("`-n` is at most 1000000 items per tier"));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let loaded = load_all(&args.path)?;
    let programs: Vec<Program> = loaded.into_iter().map(|l| l.program).collect();
    if format == Format::Hf {
        check_card_free(&args.out).map_err(fail)?;
    }
    let (programs, overrides) = apply_sets(programs, &args.set)?;
    let out = OutputDir::prepare(&args.out, args.force).map_err(fail)?;
    let options = BuildOptions {
        count: args.count,
        seed: args.seed,
        tiers: args.tier,
        langs: args.lang,
        jobs,
        shard,
        format,
        overrides,
    };
    let per_tier = options.shard.unwrap_or_default().owned_of(args.count);
    let total: u64 = programs
        .iter()
        .map(|p| {
            let chosen = p
                .tier_names()
                .into_iter()
                .filter(|t| options.tiers.is_empty() || options.tiers.iter().any(|w| w == t))
                .count();
            chosen as u64 * per_tier
        })
        .sum();
    let bar = super::progress::Progress::new(total, "generating", "items");
    let tick = || bar.inc(1);
    let report = build(&programs, &options, &out, &tick);
    bar.finish();
    let report = report.map_err(|e| match e {
        BuildError::Gen(g) => fail_with(&g),
        other => fail(other),
    })?;
    if args.json {
        super::json::print(&serde_json::json!({
            "out": args.out.display().to_string(),
            "records": report.manifest.total,
            "task_files": report.manifest.tasks.len(),
            "seconds": report.timings.seconds_total,
            "items_per_second": report.timings.items_per_second,
            "peak_memory_bytes": super::memory::peak_bytes(),
        }));
        return Ok(());
    }
    println!(
        "wrote {} records in {} task files to `{}` ({:.2} s, {:.0} items/s{})",
        report.manifest.total,
        report.manifest.tasks.len(),
        args.out.display(),
        report.timings.seconds_total,
        report.timings.items_per_second,
        super::memory::peak_note()
    );
    Ok(())
}
