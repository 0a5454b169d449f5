//! `puzzlec bench`: single-thread generation speed per spec and tier.

use super::load::load_all;
use super::output::fail_with;
use super::Reported;
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
}

/// Generates `count` items per tier on one thread and reports the rate.
pub fn run(args: Args) -> Result<(), Reported> {
    let loaded = load_all(&args.path)?;
    println!("| puzzle | tier | items | seconds | items/s | attempts/item |");
    println!("|---|---|---:|---:|---:|---:|");
    let (mut all_items, start_all) = (0u64, Instant::now());
    for l in &loaded {
        let p = &l.program;
        for tier in p.tier_names() {
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
