//! `puzzlec verify`: regenerate every record and compare bytes.

use super::load::load_all;
use super::output::fail;
use super::Reported;
use crate::answer::{normalize, AnswerKind};
use crate::check::program::Program;
use crate::dataset::build::record;
use crate::dataset::{dataset_files, read_records, Manifest, MANIFEST_FILE};
use crate::gen::generate;
use std::path::PathBuf;

/// Arguments of `verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The dataset folder.
    data: PathBuf,
    /// The specs it was built from.
    #[arg(long, default_value = "puzzles")]
    specs: PathBuf,
}

/// Regenerates each record from its seed and compares it byte for byte.
pub fn run(args: Args) -> Result<(), Reported> {
    let manifest = Manifest::read(&args.data.join(MANIFEST_FILE)).map_err(fail)?;
    let programs: Vec<Program> = load_all(&args.specs)?
        .into_iter()
        .map(|l| l.program)
        .collect();
    let mut checked = 0u64;
    let mut failures = 0u64;
    for file in dataset_files(&args.data).map_err(fail)? {
        for rec in read_records(&file).map_err(fail)? {
            checked += 1;
            let Some(program) = programs.iter().find(|p| p.name.name == rec.puzzle) else {
                failures += 1;
                println!(
                    "FAIL {}: no spec called `{}` under `{}`",
                    rec.id,
                    rec.puzzle,
                    args.specs.display()
                );
                continue;
            };
            if program.spec_hash != rec.spec_hash {
                failures += 1;
                println!(
                    "FAIL {}: the spec changed since the build ({} ≠ {})",
                    rec.id, program.spec_hash, rec.spec_hash
                );
                continue;
            }
            let problem = match generate(program, &rec.tier, rec.index, manifest.seed) {
                Err(e) => Some(format!("regeneration failed: {e}")),
                Ok(item) if !item.renders.contains_key(&rec.lang) => {
                    Some(format!("the spec does not render `{}`", rec.lang))
                }
                Ok(item) => {
                    let fresh = record(program, &item, &rec.lang);
                    let kind = AnswerKind::from_name(&rec.answer_kind);
                    if fresh.to_json_line() != rec.to_json_line() {
                        Some(first_difference(&fresh, &rec))
                    } else if kind.is_none_or(|k| {
                        normalize(k, &rec.answer).as_deref() != Ok(rec.answer.as_str())
                    }) {
                        Some(format!(
                            "the gold `{}` does not read back as `{}`",
                            rec.answer, rec.answer_kind
                        ))
                    } else {
                        None
                    }
                }
            };
            if let Some(p) = problem {
                failures += 1;
                println!("FAIL {}: {p}", rec.id);
            }
        }
    }
    println!("{checked} record(s) checked, {failures} failure(s)");
    if failures > 0 {
        return Err(Reported);
    }
    Ok(())
}

fn first_difference(fresh: &crate::dataset::Record, stored: &crate::dataset::Record) -> String {
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
