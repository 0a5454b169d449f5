//! Atomic file replacement: write a new temporary sibling (created exclusively), fsync,
//! rename.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::DatasetError;

/// Writes `bytes` to `path` atomically: readers see either the old file or the new one,
/// never a partial write.
///
/// The bytes go to a new temporary sibling (see [`temp_path`]) created exclusively
/// (`O_EXCL`, so a planted file or link at that name is never opened), which is fsynced
/// and then renamed over `path`. Missing parent directories are created. A `path` that
/// is a symbolic link is refused. On failure the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DatasetError> {
    if let Some(parent) = parent_dir(path) {
        fs::create_dir_all(parent).map_err(|source| DatasetError::CreateDir {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    if is_symlink(path) {
        return Err(DatasetError::Symlink {
            path: path.to_path_buf(),
        });
    }
    write_atomic_io(path, bytes).map_err(|source| DatasetError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether `path` itself (not its target) is a symbolic link.
pub fn is_symlink(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// A fresh temporary file name for `path`, beside it:
/// `.<file>.tmp-<pid>-<nanoseconds>-<counter>`. The counter makes names unique within
/// the process; the time and pid make them hard to guess from outside.
pub fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = format!(".{name}.tmp-{}-{nanos}-{count}", std::process::id());
    match parent_dir(path) {
        Some(parent) => parent.join(tmp),
        None => PathBuf::from(tmp),
    }
}

/// How many fresh temporary names are tried before giving up.
const TEMP_ATTEMPTS: usize = 16;

/// The same as [`write_atomic`] with a plain I/O error (parents must exist); shared with
/// the snapshot module.
pub(crate) fn write_atomic_io(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path does not name a file",
        ));
    }
    if is_symlink(path) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path is a symbolic link; puzzlec does not write through links",
        ));
    }
    let (tmp, file) = create_temp(path)?;
    let result = write_and_rename(file, &tmp, path, bytes);
    if result.is_err() {
        // Best effort: the temporary file is ours (created exclusively).
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Creates a new temporary file for `path` with `O_EXCL`, trying fresh names when one
/// is taken.
fn create_temp(path: &Path) -> io::Result<(PathBuf, fs::File)> {
    let mut last = None;
    for _ in 0..TEMP_ATTEMPTS {
        let tmp = temp_path(path);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary file name")))
}

fn write_and_rename(mut file: fs::File, tmp: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(tmp, path)?;
    sync_dir(parent_dir(path).unwrap_or_else(|| Path::new(".")));
    Ok(())
}

/// Fsyncs a directory so the rename itself is durable; best effort (not all platforms
/// allow opening a directory).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// The parent directory of `path`, or `None` when it is a bare file name.
fn parent_dir(path: &Path) -> Option<&Path> {
    path.parent().filter(|p| !p.as_os_str().is_empty())
}
