//! `puzzlec bench`: single-thread generation speed per spec and tier.

use super::load::{apply_sets, load_all, Loaded};
use super::output::{fail, fail_with};
use super::Reported;
use crate::check::program::Program;
use crate::dataset::build::{build, into_record, BuildError, BuildOptions};
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
    /// Also time making each item's record in the spec's first language
    /// and its JSON line, the work `build` does per item and language short
    /// of writing it (`records/CPU-s`; the same items again, after the
    /// generation-only pass).
    #[arg(long)]
    records: bool,
    /// Also report, per tier, each `generate` statement's runs, time
    /// (nested statements included) and rejected attempts, and the time
    /// spent outside `generate`.
    #[arg(long, conflicts_with_all = ["suite", "fuel"])]
    profile: bool,
    /// Print one JSON document on stdout instead of the table.
    #[arg(long)]
    json: bool,
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
    rates(&loaded, &args)
}

/// One row of the per-tier table.
#[derive(serde::Serialize)]
struct Rate {
    puzzle: String,
    tier: String,
    items: u64,
    seconds: f64,
    cpu_seconds: Option<f64>,
    items_per_second: f64,
    items_per_cpu_second: Option<f64>,
    attempts_per_item: f64,
    /// With `--records`: records (first language, JSON line made) per
    /// second and per CPU second of this thread.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    records: Option<RecordRate>,
    /// With `--profile`: the tier's statements.
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<Vec<super::bench_profile::ProfileRow>>,
}

/// The rates of `bench --records`' second pass.
#[derive(serde::Serialize)]
struct RecordRate {
    records_per_second: f64,
    records_per_cpu_second: Option<f64>,
}

/// Times `args.count` items of one tier on this thread.
fn rate(p: &Program, tier: &str, args: &Args) -> Result<Rate, Reported> {
    let mut attempts = 0u64;
    if args.profile {
        crate::gen::profile::start();
    }
    let timing = timed(|| {
        for index in 0..args.count {
            let item = generate(p, tier, index, args.seed).map_err(|e| fail_with(&e))?;
            attempts += item.attempts;
        }
        Ok(())
    });
    let costs = crate::gen::profile::finish();
    let (seconds, cpu_seconds) = timing?;
    Ok(Rate {
        puzzle: p.name.name.clone(),
        tier: tier.to_string(),
        items: args.count,
        seconds,
        cpu_seconds,
        items_per_second: args.count as f64 / seconds.max(1e-9),
        items_per_cpu_second: per_cpu_second(args.count, cpu_seconds),
        attempts_per_item: attempts as f64 / args.count.max(1) as f64,
        records: if args.records {
            Some(record_rate(p, tier, args)?)
        } else {
            None
        },
        profile: args
            .profile
            .then(|| super::bench_profile::rows(p, &costs, seconds)),
    })
}

/// Records per second and per CPU second of this thread: each item
/// generated, made into its record in the spec's first language, and written
/// as a JSON line to memory, as `build` does short of the disk.
fn record_rate(p: &Program, tier: &str, args: &Args) -> Result<RecordRate, Reported> {
    let lang = p.languages.first().map_or("en", String::as_str);
    let mut bytes = 0usize;
    let (seconds, cpu) = timed(|| {
        for index in 0..args.count {
            let item = generate(p, tier, index, args.seed).map_err(|e| fail_with(&e))?;
            bytes += into_record(p, item, lang).to_json_line().len();
        }
        Ok(())
    })?;
    // The lines' total length is used, so no pass is optimised away.
    std::hint::black_box(bytes);
    Ok(RecordRate {
        records_per_second: args.count as f64 / seconds.max(1e-9),
        records_per_cpu_second: per_cpu_second(args.count, cpu),
    })
}

/// Runs `pass` and returns its wall seconds and this thread's CPU seconds
/// (`None` when the thread's clock cannot be read).
fn timed(pass: impl FnOnce() -> Result<(), Reported>) -> Result<(f64, Option<f64>), Reported> {
    let (start, cpu_start) = (Instant::now(), super::cpu::thread_seconds());
    pass()?;
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_start
        .zip(super::cpu::thread_seconds())
        .map(|(a, b)| b - a);
    Ok((seconds, cpu))
}

/// `count` per CPU second. The thread's clock counts nanoseconds, but below
/// 1 ms the rate says more about the clock than the work: `None` then.
fn per_cpu_second(count: u64, cpu: Option<f64>) -> Option<f64> {
    cpu.filter(|c| *c >= 0.001).map(|c| count as f64 / c)
}

/// The default mode: single-thread rates per spec and tier.
fn rates(loaded: &[Loaded], args: &Args) -> Result<(), Reported> {
    let (start_all, cpu_all) = (Instant::now(), super::cpu::process_seconds());
    let mut rows = Vec::new();
    if !args.json {
        print_header(args.records);
    }
    for l in loaded {
        for tier in l.program.tier_names() {
            if !args.tier.is_empty() && !args.tier.iter().any(|t| t == tier) {
                continue;
            }
            let r = rate(&l.program, tier, args)?;
            if !args.json {
                print_row(&r);
            }
            rows.push(r);
        }
    }
    let secs = start_all.elapsed().as_secs_f64();
    let cpu = cpu_all
        .zip(super::cpu::process_seconds())
        .map(|(a, b)| super::cpu::ticks(b - a));
    let items: u64 = rows.iter().map(|r| r.items).sum();
    if args.json {
        super::json::print(&serde_json::json!({
            "threads": 1, "items": items, "seconds": secs, "cpu_seconds": cpu, "rows": rows,
        }));
    } else {
        let cpu_note = cpu.map_or(String::new(), |c| format!(", {c:.2} CPU s"));
        println!(
            "\ntotal: {items} items in {secs:.2} s{cpu_note} ({:.0} items/s, one thread)",
            items as f64 / secs.max(1e-9)
        );
        for r in &rows {
            if let Some(profile) = &r.profile {
                super::bench_profile::print(&r.puzzle, &r.tier, r.seconds, profile);
            }
        }
    }
    Ok(())
}

/// The table's header; `records` adds the `--records` column.
fn print_header(records: bool) {
    let (extra, align) = if records {
        (" records/CPU-s |", "---:|")
    } else {
        ("", "")
    };
    println!("| puzzle | tier | items | seconds | CPU seconds | items/s | items/CPU-s | attempts/item |{extra}");
    println!("|---|---|---:|---:|---:|---:|---:|---:|{align}");
}

/// One table row; the records column only when the row has its rate.
fn print_row(r: &Rate) {
    let opt =
        |x: Option<f64>, digits: usize| x.map_or("–".to_string(), |v| format!("{v:.digits$}"));
    let extra = r.records.as_ref().map_or(String::new(), |x| {
        format!(" {} |", opt(x.records_per_cpu_second, 0))
    });
    println!(
        "| {} | {} | {} | {:.3} | {} | {:.0} | {} | {:.2} |{extra}",
        r.puzzle,
        r.tier,
        r.items,
        r.seconds,
        opt(r.cpu_seconds, 3),
        r.items_per_second,
        opt(r.items_per_cpu_second, 0),
        r.attempts_per_item
    );
}

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
    let (start, cpu_start) = (Instant::now(), super::cpu::process_seconds());
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
    let tasks = report
        .manifest
        .tasks
        .iter()
        .map(|t| (&t.puzzle, &t.lang))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let cpu = cpu_start
        .zip(super::cpu::process_seconds())
        .map(|(a, b)| super::cpu::ticks(b - a));
    let records = report.manifest.total;
    if args.json {
        super::json::print(&serde_json::json!({
            "specs": programs.len(), "tasks": tasks, "records": records, "threads": jobs,
            "seconds": secs, "cpu_seconds": cpu,
            "records_per_second": records as f64 / secs.max(1e-9),
            "peak_memory_bytes": super::memory::peak_bytes(),
        }));
        return Ok(());
    }
    let cpu = cpu.map_or("–".to_string(), |c| format!("{c:.2}"));
    println!("| specs | tasks | records | threads | wall seconds | CPU seconds | records/s | peak memory |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} | {tasks} | {records} | {jobs} | {secs:.2} | {cpu} | {:.0} | {peak} |",
        programs.len(),
        records as f64 / secs.max(1e-9),
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
