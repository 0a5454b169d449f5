//! `puzzlec export`: a built dataset as the tasks of an evaluation harness
//! (see `docs/harnesses.md`). Each harness gets one module that turns the
//! dataset's manifest into the files that harness reads; every one of them
//! scores with puzzlec's own judge (the Python package's `puzzlec.score`),
//! never with the harness's built-in answer matchers.

pub mod error;
pub mod inspect;
pub mod lm_eval;

pub use error::ExportError;

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use crate::dataset::{Manifest, MANIFEST_FILE};

/// A dataset folder to export: where it is and what its manifest says.
#[derive(Debug, Clone)]
pub struct Source {
    /// The folder as given.
    pub dir: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
}

/// One file an export writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    /// The path relative to the output folder, `/`-separated.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// What every export is told besides the dataset.
#[derive(Debug, Clone)]
pub struct Options {
    /// The prefix of every task, group and tag name (and of Inspect's task).
    pub name: String,
    /// The most tokens a model may generate per answer.
    pub max_tokens: u64,
}

/// Reads the manifest of the dataset folder `dir` and checks that its
/// records carry what the judge reads and that every task file is there.
pub fn load(dir: &Path) -> Result<Source, ExportError> {
    let path = dir.join(MANIFEST_FILE);
    if !path.is_file() {
        return Err(ExportError::NotADataset {
            dir: dir.to_path_buf(),
        });
    }
    let manifest = Manifest::read(&path)?;
    if !manifest.format.has_every_field() {
        return Err(ExportError::Format {
            dir: dir.to_path_buf(),
            format: manifest.format.as_str(),
        });
    }
    if manifest.digest.is_some() && !manifest.digest_matches() {
        return Err(ExportError::StaleManifest {
            dir: dir.to_path_buf(),
        });
    }
    if manifest.tasks.is_empty() {
        return Err(ExportError::Empty {
            dir: dir.to_path_buf(),
        });
    }
    if let Some(task) = manifest
        .tasks
        .iter()
        .find(|t| !is_plain_relative(&t.file) || !dir.join(&t.file).is_file())
    {
        return Err(ExportError::MissingFile {
            dir: dir.to_path_buf(),
            file: task.file.clone(),
        });
    }
    Ok(Source {
        dir: dir.to_path_buf(),
        manifest,
    })
}

/// Whether a manifest's file entry is a relative path that stays inside the
/// dataset folder (no root, no `..`).
fn is_plain_relative(file: &str) -> bool {
    let path = Path::new(file);
    !file.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Checks `--name`: a letter, then letters, digits or `_` (a Python
/// identifier and a harness task name alike).
pub fn check_name(name: &str) -> Result<(), ExportError> {
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(())
    } else {
        Err(ExportError::BadName {
            name: name.to_string(),
        })
    }
}

/// `path` with `.` components dropped and `/` between the others: how a
/// path is written into a file a harness reads (`""` for `.`).
pub fn slash_path(path: &Path) -> Result<String, ExportError> {
    let mut parts = Vec::new();
    let mut absolute = false;
    for component in path.components() {
        match component {
            Component::RootDir => absolute = true,
            Component::CurDir => {}
            Component::Normal(part) => {
                parts.push(part.to_str().ok_or_else(|| ExportError::Path {
                    path: path.to_path_buf(),
                })?)
            }
            Component::ParentDir => parts.push(".."),
            Component::Prefix(prefix) => parts.push(prefix.as_os_str().to_str().ok_or_else(
                || ExportError::Path {
                    path: path.to_path_buf(),
                },
            )?),
        }
    }
    let joined = parts.join("/");
    Ok(if absolute {
        format!("/{joined}")
    } else {
        joined
    })
}

/// The path that leads from the folder `from` to `to`, both absolute and
/// resolved (see [`crate::dataset::guard::resolve`]): `..` for each
/// component of `from` past their common ancestor, then the rest of `to`.
pub fn relative_path(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<Component<'_>> = from.components().collect();
    let to: Vec<Component<'_>> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for component in &to[common..] {
        out.push(component.as_os_str());
    }
    out
}

/// `prefix` and `file` joined with `/` (just `file` when `prefix` is empty).
pub fn join_slash(prefix: &str, file: &str) -> String {
    match prefix {
        "" => file.to_string(),
        "/" => format!("/{file}"),
        _ => format!("{}/{file}", prefix.trim_end_matches('/')),
    }
}

/// The names an export gives out, each once: a second holder of a name is
/// an error naming both.
#[derive(Debug, Default)]
pub struct Names {
    taken: BTreeMap<String, String>,
}

impl Names {
    /// Records `name` as held by `what` (a phrase such as "the task of
    /// PUZZLE/LANG/TIER").
    pub fn claim(&mut self, name: &str, what: String) -> Result<(), ExportError> {
        if let Some(first) = self.taken.get(name) {
            return Err(ExportError::NameClash {
                name: name.to_string(),
                first: first.clone(),
                second: what,
            });
        }
        self.taken.insert(name.to_string(), what);
        Ok(())
    }
}

/// A double-quoted YAML (and Python) string literal: JSON string syntax,
/// which both read.
pub fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}
