//! Helpers shared by integration tests.
#![allow(dead_code)]

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::source::SourceFile;
use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `*.puzzle` file directly in `dir`, sorted.
pub fn puzzle_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    files
}

/// Compiles a spec file, panicking with rendered diagnostics on failure.
pub fn load(path: &Path) -> Program {
    let text = std::fs::read_to_string(path).expect("spec is UTF-8");
    let rel = path.strip_prefix(root()).unwrap_or(path);
    let source = SourceFile::new(rel.display().to_string(), text);
    match compile(&source) {
        Ok(p) => p,
        Err(e) => panic!(
            "{} does not compile:\n{}",
            path.display(),
            render_plain(&e.diagnostics(), 100)
        ),
    }
}

/// The spec folders: `puzzles/` (the reference suite) and every folder
/// under `suites/` (further benchmarks), sorted.
pub fn spec_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("puzzles")];
    if let Ok(entries) = std::fs::read_dir(root().join("suites")) {
        let mut more: Vec<PathBuf> = entries
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.is_dir())
            .collect();
        more.sort();
        dirs.extend(more);
    }
    dirs
}

/// Every spec in the spec folders (see [`spec_dirs`]).
pub fn specs() -> Vec<(PathBuf, Program)> {
    spec_dirs()
        .iter()
        .flat_map(|d| puzzle_files(d))
        .map(|p| {
            let prog = load(&p);
            (p, prog)
        })
        .collect()
}
