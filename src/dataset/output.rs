//! The output directory of a build: refusing to clobber a dataset without `--force`,
//! and holding an exclusive lock on it while the build runs.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use super::reader::walk;
use super::{task_path, DatasetError, Manifest, MANIFEST_FILE, TIMINGS_FILE};

/// The lock file a build holds in its output directory while it runs.
pub const LOCK_FILE: &str = ".puzzlec-build.lock";

/// A checked, existing, writable output directory, locked for this process until
/// the value is dropped.
#[derive(Debug)]
pub struct OutputDir {
    root: PathBuf,
    removed: Vec<PathBuf>,
    _lock: BuildLock,
}

/// An exclusive claim on a directory: the file [`LOCK_FILE`] in it, created with
/// `O_EXCL` and holding the owner's process id; removed when dropped. A build that was
/// killed leaves it behind; the error for the next build says how to clear it.
#[derive(Debug)]
pub struct BuildLock {
    path: PathBuf,
}

impl BuildLock {
    /// Takes the lock of `dir` (which must exist), or says who holds it.
    pub fn acquire(dir: &Path) -> Result<BuildLock, DatasetError> {
        let path = dir.join(LOCK_FILE);
        let created = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        let mut file = match created {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(DatasetError::Locked {
                    holder: lock_holder(&path),
                    path,
                })
            }
            Err(source) => {
                return Err(DatasetError::NotWritable {
                    path: dir.to_path_buf(),
                    source,
                })
            }
        };
        let lock = BuildLock { path };
        let note = format!("pid {}\n", std::process::id());
        io::Write::write_all(&mut file, note.as_bytes()).map_err(|source| DatasetError::Write {
            path: lock.path.clone(),
            source,
        })?;
        Ok(lock)
    }
}

impl Drop for BuildLock {
    fn drop(&mut self) {
        // Best effort: a lock that cannot be removed is reported as stale next time.
        let _ = fs::remove_file(&self.path);
    }
}

/// Who holds the lock at `path`: its process id, and whether that process still runs
/// (where `/proc` tells).
fn lock_holder(path: &Path) -> String {
    let mut text = String::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = io::Read::read_to_string(&mut io::Read::take(file, 64), &mut text);
    }
    let pid = text
        .trim()
        .strip_prefix("pid ")
        .and_then(|p| p.parse::<u32>().ok());
    match pid {
        Some(pid)
            if Path::new("/proc/self").exists() && !Path::new(&format!("/proc/{pid}")).exists() =>
        {
            format!("process {pid}, which no longer runs (the lock is stale)")
        }
        Some(pid) => format!("process {pid}"),
        None => "an unknown process".to_string(),
    }
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
        match fs::metadata(dir) {
            Ok(meta) if !meta.is_dir() => {
                return Err(DatasetError::NotADirectory {
                    path: dir.to_path_buf(),
                })
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => create(dir)?,
            Err(source) => {
                return Err(DatasetError::ReadDir {
                    path: dir.to_path_buf(),
                    source,
                })
            }
        }
        // The lock comes first, so two builds never both clear or fill the folder.
        let lock = BuildLock::acquire(dir)?;
        let mut removed = Vec::new();
        if holds_dataset(dir)? {
            if !force {
                return Err(DatasetError::AlreadyHasDataset {
                    path: dir.to_path_buf(),
                });
            }
            removed = remove_old_dataset(dir)?;
        }
        Ok(OutputDir {
            root: dir.to_path_buf(),
            removed,
            _lock: lock,
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
        if old.format == super::Format::Hf {
            targets.push(dir.join(super::CARD_FILE));
        }
    }
    targets.push(dir.join(MANIFEST_FILE));
    targets.push(dir.join(TIMINGS_FILE));
    let mut removed = Vec::new();
    for target in targets {
        // A linked folder on the way is removed as a link: its target is not ours.
        let path = first_symlink(dir, &target).unwrap_or(target);
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

/// The first path between `root` (exclusive) and `path` (inclusive) that is a
/// symbolic link, if any.
pub fn first_symlink(root: &Path, path: &Path) -> Option<PathBuf> {
    let relative = path.strip_prefix(root).ok()?;
    let mut current = root.to_path_buf();
    for component in relative.components() {
        current.push(component);
        if fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(current);
        }
    }
    None
}
