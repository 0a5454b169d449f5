//! `puzzlec check`.

use super::load::{load_one, read_source, spec_files};
use super::{json, Reported};
use crate::compile::compile_with_warnings;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A spec file or a folder of `*.puzzle` files.
    #[arg(default_value = "puzzles")]
    path: PathBuf,
    /// Fail (exit 1) when a spec has warnings, not only errors.
    #[arg(long)]
    deny_warnings: bool,
    /// Print one JSON document on stdout instead (every spec, its warnings
    /// and errors with their code, message, help, lines and columns).
    #[arg(long)]
    json: bool,
}

/// Checks every spec and reports all problems.
pub fn run(args: Args) -> Result<(), Reported> {
    let files = spec_files(&args.path)?;
    if args.json {
        return run_json(&files, args.deny_warnings);
    }
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

/// One spec's outcome as JSON, and whether it had errors and warnings.
fn spec_json(file: &Path) -> (serde_json::Value, bool, usize) {
    let path = file.display().to_string();
    let Ok(source) = read_source(file) else {
        // `read_source` printed why on stderr; the document still lists the file.
        let entry = json!({"path": path, "ok": false, "errors": 1, "warnings": 0,
            "diagnostics": [{"severity": "error", "code": null, "file": path,
                "message": "the file cannot be read as UTF-8 text", "help": null, "labels": []}]});
        return (entry, true, 0);
    };
    let (diagnostics, errors, warnings) = match compile_with_warnings(&source) {
        Ok((_, warnings)) => {
            let list: Vec<_> = warnings
                .iter()
                .map(|w| json::diagnostic(w, &source))
                .collect();
            (list, 0, warnings.len())
        }
        Err(e) => {
            let list: Vec<_> = e
                .diagnostics()
                .into_iter()
                .map(|d| json::diagnostic(d, &source))
                .collect();
            (list, e.count(), 0)
        }
    };
    let entry = json!({"path": path, "ok": errors == 0, "errors": errors,
        "warnings": warnings, "diagnostics": diagnostics});
    (entry, errors > 0, warnings)
}

/// `check --json`: the same verdict and exit code as the plain form.
fn run_json(files: &[PathBuf], deny_warnings: bool) -> Result<(), Reported> {
    let mut specs = Vec::with_capacity(files.len());
    let (mut bad, mut warnings) = (0usize, 0usize);
    for file in files {
        let (entry, failed, warned) = spec_json(file);
        bad += usize::from(failed);
        warnings += warned;
        specs.push(entry);
    }
    let ok = bad == 0 && !(deny_warnings && warnings > 0);
    json::print(&json!({"ok": ok, "specs_with_errors": bad, "warnings": warnings, "specs": specs}));
    if ok {
        Ok(())
    } else {
        Err(Reported)
    }
}
