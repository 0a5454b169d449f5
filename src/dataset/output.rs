//! The output directory of a build: refusing to clobber a dataset without `--force`.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use super::reader::walk;
use super::{task_path, DatasetError, Manifest, MANIFEST_FILE, TIMINGS_FILE};

/// A checked, existing, writable output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputDir {
    root: PathBuf,
    removed: Vec<PathBuf>,
}

impl OutputDir {
    /// Makes `dir` ready for a build.
    ///
    /// A missing directory is created. An existing one "holds a dataset" when it has a
    /// `manifest.json` or any `.jsonl` file up to `<puzzle>/<lang>/` depth; that is an
    /// error unless `force`. With `force`, the old dataset's own files are removed: the
    /// files its manifest lists (when it parses), `manifest.json` and `timings.json`, and
    /// directories that this leaves empty. Nothing else is touched, so stray `.jsonl` files
    /// not in the old manifest stay (and are overwritten if the new build writes them).
    /// Finally the directory is checked to be writable.
    pub fn prepare(dir: &Path, force: bool) -> Result<OutputDir, DatasetError> {
        let mut removed = Vec::new();
        match fs::metadata(dir) {
            Ok(meta) if !meta.is_dir() => {
                return Err(DatasetError::NotADirectory {
                    path: dir.to_path_buf(),
                })
            }
            Ok(_) => {
                if holds_dataset(dir)? {
                    if !force {
                        return Err(DatasetError::AlreadyHasDataset {
                            path: dir.to_path_buf(),
                        });
                    }
                    removed = remove_old_dataset(dir)?;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => create(dir)?,
            Err(source) => {
                return Err(DatasetError::ReadDir {
                    path: dir.to_path_buf(),
                    source,
                })
            }
        }
        probe_writable(dir)?;
        Ok(OutputDir {
            root: dir.to_path_buf(),
            removed,
        })
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The files of an old dataset that [`OutputDir::prepare`] removed under `force`.
    pub fn removed(&self) -> &[PathBuf] {
        &self.removed
    }

    /// `root/<puzzle>/<lang>/<tier>.jsonl`.
    pub fn task_path(&self, puzzle: &str, lang: &str, tier: &str) -> PathBuf {
        task_path(&self.root, puzzle, lang, tier)
    }

    /// `root/manifest.json`.
    pub fn manifest_path(&self) -> PathBuf {
        self.root.join(MANIFEST_FILE)
    }

    /// `root/timings.json`.
    pub fn timings_path(&self) -> PathBuf {
        self.root.join(TIMINGS_FILE)
    }
}

fn create(dir: &Path) -> Result<(), DatasetError> {
    fs::create_dir_all(dir).map_err(|source| {
        if source.kind() == io::ErrorKind::PermissionDenied {
            DatasetError::NotWritable {
                path: dir.to_path_buf(),
                source,
            }
        } else {
            DatasetError::CreateDir {
                path: dir.to_path_buf(),
                source,
            }
        }
    })
}

fn holds_dataset(dir: &Path) -> Result<bool, DatasetError> {
    if dir.join(MANIFEST_FILE).exists() {
        return Ok(true);
    }
    let mut files = Vec::new();
    walk(dir, 2, &mut files)?;
    Ok(!files.is_empty())
}

fn remove_old_dataset(dir: &Path) -> Result<Vec<PathBuf>, DatasetError> {
    let mut targets = Vec::new();
    if let Ok(old) = Manifest::read(&dir.join(MANIFEST_FILE)) {
        for task in &old.tasks {
            if is_plain_relative(&task.file) {
                targets.push(dir.join(&task.file));
            }
        }
    }
    targets.push(dir.join(MANIFEST_FILE));
    targets.push(dir.join(TIMINGS_FILE));
    let mut removed = Vec::new();
    for path in targets {
        match fs::remove_file(&path) {
            Ok(()) => {
                prune_empty_parents(dir, &path);
                removed.push(path);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(source) => return Err(DatasetError::Remove { path, source }),
        }
    }
    Ok(removed)
}

/// A manifest path that stays inside the directory: relative, no `..`, no root.
fn is_plain_relative(file: &str) -> bool {
    let path = Path::new(file);
    !file.is_empty() && path.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Removes the now-empty directories between `path` and `root` (best effort).
fn prune_empty_parents(root: &Path, path: &Path) {
    let mut current = path.parent();
    while let Some(parent) = current {
        if parent == root || !parent.starts_with(root) || fs::remove_dir(parent).is_err() {
            break;
        }
        current = parent.parent();
    }
}

fn probe_writable(dir: &Path) -> Result<(), DatasetError> {
    let probe = dir.join(format!(".puzzlec-write-probe-{}", std::process::id()));
    let result = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe);
    match result {
        Ok(file) => {
            drop(file);
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(source) => Err(DatasetError::NotWritable {
            path: dir.to_path_buf(),
            source,
        }),
    }
}
