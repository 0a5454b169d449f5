//! Reading spec files and folders.

use super::output::{diagnostics, fail};
use super::Reported;
use crate::check::overrides::{apply_overrides, parse_overrides, Override};
use crate::check::program::Program;
use crate::compile::{compile_with_warnings, SpecError};
use crate::source::SourceFile;
use std::path::{Path, PathBuf};

/// A compiled spec with the path it came from.
pub struct Loaded {
    /// The spec file.
    pub path: PathBuf,
    /// The checked program.
    pub program: Program,
    /// How many warnings it had (already printed).
    pub warnings: usize,
}

/// Every `*.puzzle` file under `path` (sorted), or `path` itself if it is a file.
pub fn spec_files(path: &Path) -> Result<Vec<PathBuf>, Reported> {
    let meta = std::fs::metadata(path)
        .map_err(|e| fail(format!("cannot read `{}`: {e}", path.display())))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    walk(path, &mut files)?;
    files.sort();
    if files.is_empty() {
        return Err(fail(format!(
            "`{}` holds no `.puzzle` files; write one with `puzzlec new NAME`",
            path.display()
        )));
    }
    Ok(files)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Reported> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| fail(format!("cannot list `{}`: {e}", dir.display())))?;
    for entry in entries {
        let entry = entry.map_err(|e| fail(format!("cannot list `{}`: {e}", dir.display())))?;
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| fail(format!("cannot read `{}`: {e}", path.display())))?;
        if kind.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "puzzle") {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads a spec file as UTF-8 text.
pub fn read_source(path: &Path) -> Result<SourceFile, Reported> {
    let bytes =
        std::fs::read(path).map_err(|e| fail(format!("cannot read `{}`: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        fail(format!(
            "`{}` is not valid UTF-8 at {line}:{col} (byte {}); save the spec as UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok(SourceFile::new(path.display().to_string(), text))
}

fn line_col(valid: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(valid);
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Compiles one spec file, printing its diagnostics on failure.
pub fn load_one(path: &Path) -> Result<Loaded, Reported> {
    let source = read_source(path)?;
    match compile_with_warnings(&source) {
        Ok((program, warnings)) => {
            let items: Vec<&dyn miette::Diagnostic> = warnings
                .iter()
                .map(|w| w as &dyn miette::Diagnostic)
                .collect();
            diagnostics(&items);
            Ok(Loaded {
                path: path.to_path_buf(),
                program,
                warnings: warnings.len(),
            })
        }
        Err(e) => {
            report(&e);
            Err(Reported)
        }
    }
}

/// Prints a spec's diagnostics.
pub fn report(e: &SpecError) {
    diagnostics(&e.diagnostics());
}

/// Compiles every spec under `path`; fails after reporting all problems.
pub fn load_all(path: &Path) -> Result<Vec<Loaded>, Reported> {
    let mut loaded = Vec::new();
    let mut failed = false;
    for file in spec_files(path)? {
        match load_one(&file) {
            Ok(l) => loaded.push(l),
            Err(Reported) => failed = true,
        }
    }
    if failed {
        return Err(Reported);
    }
    let mut names: Vec<&str> = loaded
        .iter()
        .map(|l| l.program.name.name.as_str())
        .collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(fail(format!(
            "two specs are both called `{}`; puzzle names must be unique",
            w[0]
        )));
    }
    Ok(loaded)
}

/// Parses the `--set` settings and applies them to `programs`, printing
/// every problem; returns the programs to generate from and the settings
/// (for the manifest).
pub fn apply_sets(
    programs: Vec<Program>,
    sets: &[String],
) -> Result<(Vec<Program>, Vec<Override>), Reported> {
    if sets.is_empty() {
        return Ok((programs, Vec::new()));
    }
    let print = |errors: Vec<crate::check::overrides::OverrideError>| {
        let items: Vec<&dyn miette::Diagnostic> = errors
            .iter()
            .map(|e| e as &dyn miette::Diagnostic)
            .collect();
        diagnostics(&items);
        Reported
    };
    let overrides = parse_overrides(sets).map_err(print)?;
    let applied = apply_overrides(&programs, &overrides).map_err(print)?;
    Ok((applied, overrides))
}
