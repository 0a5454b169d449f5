//! `puzzlec snap`: snapshot tests for spec authors.

use super::load::load_all;
use super::output::{fail, fail_with};
use super::Reported;
use crate::dataset::build::record;
use crate::gen::generate;
use crate::snap::body::{task_body, task_name, task_path};
use crate::snap::{check_snapshot, SnapOutcome, Snapshot};
use std::path::PathBuf;

/// Arguments of `snap`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A spec file or a folder of `*.puzzle` files.
    #[arg(default_value = "puzzles")]
    path: PathBuf,
    /// Items per task in each snapshot.
    #[arg(long, default_value_t = 1)]
    items: u64,
    /// Dataset seed for the snapshot items.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write changed snapshots instead of failing.
    #[arg(long)]
    accept: bool,
}

/// Renders each task's first items and compares them with `snapshots/`.
pub fn run(args: Args) -> Result<(), Reported> {
    let loaded = load_all(&args.path)?;
    let (mut matched, mut created, mut accepted, mut changed) = (0, 0, 0, 0);
    for l in &loaded {
        let p = &l.program;
        for tier in p.tier_names() {
            let mut items = Vec::new();
            for index in 0..args.items {
                items.push(generate(p, tier, index, args.seed).map_err(|e| fail_with(&e))?);
            }
            for lang in &p.languages {
                let records: Vec<_> = items.iter().map(|it| record(p, it, lang)).collect();
                let name = task_name(&p.name.name, lang, tier);
                let path = task_path(&l.path, &p.name.name, lang, tier);
                let snapshot =
                    Snapshot::new(&l.path.display().to_string(), &name, &task_body(&records));
                match check_snapshot(&path, &snapshot, args.accept).map_err(fail)? {
                    SnapOutcome::Matched => matched += 1,
                    SnapOutcome::Created => {
                        created += 1;
                        println!("created `{}`", path.display());
                    }
                    SnapOutcome::Accepted => {
                        accepted += 1;
                        println!("accepted `{}`", path.display());
                    }
                    SnapOutcome::Changed { diff } => {
                        changed += 1;
                        println!("changed `{}`:\n{diff}", path.display());
                    }
                }
            }
        }
    }
    println!("{matched} matched, {created} created, {accepted} accepted, {changed} changed");
    if changed > 0 {
        eprintln!("review the `.snap.new` files, then run `puzzlec snap --accept` (or `cargo insta review`)");
        return Err(Reported);
    }
    Ok(())
}
