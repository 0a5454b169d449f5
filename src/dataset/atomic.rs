//! Atomic file replacement: write a temporary sibling, fsync, rename.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::DatasetError;

/// Writes `bytes` to `path` atomically: readers see either the old file or the new one,
/// never a partial write.
///
/// The bytes go to `.<file>.tmp-<pid>` in the same directory, which is fsynced and then
/// renamed over `path`. Missing parent directories are created. On failure the temporary
/// file is removed. Two threads of one process must not write the same `path` at once.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DatasetError> {
    if let Some(parent) = parent_dir(path) {
        fs::create_dir_all(parent).map_err(|source| DatasetError::CreateDir {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    write_atomic_io(path, bytes).map_err(|source| DatasetError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The temporary file name used for `path`: `.<file>.tmp-<pid>` beside it.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = format!(".{name}.tmp-{}", std::process::id());
    match parent_dir(path) {
        Some(parent) => parent.join(tmp),
        None => PathBuf::from(tmp),
    }
}

/// The same as [`write_atomic`] with a plain I/O error (parents must exist); shared with
/// the snapshot module.
pub(crate) fn write_atomic_io(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path does not name a file",
        ));
    }
    let tmp = temp_path(path);
    let result = write_and_rename(&tmp, path, bytes);
    if result.is_err() {
        // Best effort: the temporary file may not even exist.
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn write_and_rename(tmp: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::File::create(tmp)?;
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
