//! Embeds the repository's suites (`puzzles/` and every `suites/*/`) in the
//! extension, so a wheel installed anywhere can load them by name.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn specs_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest
        .parent()
        .expect("python/ lies in the repository")
        .to_path_buf();
    let mut suites: Vec<(String, PathBuf)> = vec![("puzzles".into(), root.join("puzzles"))];
    let mut others: Vec<PathBuf> = std::fs::read_dir(root.join("suites"))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    others.sort();
    for dir in others {
        let name = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        suites.push((name, dir));
    }
    let mut out = String::from("/// (suite, file name as shown, spec text) of every built-in spec.\npub const BUILTIN: &[(&str, &str, &str)] = &[\n");
    for (suite, dir) in &suites {
        println!("cargo:rerun-if-changed={}", dir.display());
        for file in specs_in(dir) {
            println!("cargo:rerun-if-changed={}", file.display());
            let shown = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            writeln!(
                out,
                "    ({suite:?}, {shown:?}, include_str!({:?})),",
                file.display().to_string()
            )
            .expect("writing to a string");
        }
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("builtin.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
