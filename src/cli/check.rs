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
}

/// Checks every spec and reports all problems.
pub fn run(args: Args) -> Result<(), Reported> {
    let files = spec_files(&args.path)?;
    let mut bad = 0;
    for file in &files {
        if load_one(file).is_err() {
            bad += 1;
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} spec(s) have errors", files.len());
        return Err(Reported);
    }
    println!("{} spec(s) ok", files.len());
    Ok(())
}
