//! `puzzlec check`.

use super::load::{load_one, spec_files};
use super::Reported;
use std::path::PathBuf;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A spec file or a folder of `*.puzzle` files.
    #[arg(default_value = "puzzles")]
    path: PathBuf,
    /// Fail (exit 1) when a spec has warnings, not only errors.
    #[arg(long)]
    deny_warnings: bool,
}

/// Checks every spec and reports all problems.
pub fn run(args: Args) -> Result<(), Reported> {
    let files = spec_files(&args.path)?;
    let mut bad = 0;
    let mut warned = 0;
    let mut warnings = 0;
    for file in &files {
        match load_one(file) {
            Ok(l) if l.warnings > 0 => {
                warned += 1;
                warnings += l.warnings;
            }
            Ok(_) => {}
            Err(_) => bad += 1,
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} spec(s) have errors", files.len());
        return Err(Reported);
    }
    if warnings > 0 {
        eprintln!(
            "{warnings} warning(s) in {warned} of {} spec(s)",
            files.len()
        );
        if args.deny_warnings {
            eprintln!("`--deny-warnings` is set, so this fails");
            return Err(Reported);
        }
    }
    println!("{} spec(s) ok", files.len());
    Ok(())
}
