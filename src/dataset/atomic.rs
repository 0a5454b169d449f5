//! Atomic file replacement: write a new temporary sibling (created exclusively), fsync,
//! rename; whole ([`write_atomic`]) or in pieces ([`AtomicFile`]).

use std::fs;
use std::io::{self, BufWriter, Write};
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
    prepare_target(path)?;
    write_atomic_io(path, bytes).map_err(|source| DatasetError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Creates the missing parent directories of `path` and refuses a `path` that
/// is a symbolic link: what every atomic write checks before it starts.
fn prepare_target(path: &Path) -> Result<(), DatasetError> {
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
    Ok(())
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
    let mut file = AtomicFile::create_io(path)?;
    file.write_io(bytes)?;
    file.commit_io()
}

/// A file written in pieces and then put in place atomically: the bytes go to a new
/// temporary sibling (created exclusively, like [`write_atomic`]'s) through a buffer,
/// and [`AtomicFile::commit`] fsyncs it and renames it over the path. Readers never see
/// a partial file; dropped without a commit, the temporary file is removed.
#[derive(Debug)]
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<BufWriter<fs::File>>,
}

impl AtomicFile {
    /// Starts writing `path`, creating missing parent directories. A `path` that is
    /// a symbolic link is refused.
    pub fn create(path: &Path) -> Result<AtomicFile, DatasetError> {
        prepare_target(path)?;
        AtomicFile::create_io(path).map_err(|source| DatasetError::Write {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), DatasetError> {
        self.write_io(bytes).map_err(|source| self.error(source))
    }

    /// Flushes, fsyncs and renames the file into place.
    pub fn commit(self) -> Result<(), DatasetError> {
        let path = self.path.clone();
        self.commit_io()
            .map_err(|source| DatasetError::Write { path, source })
    }

    fn create_io(path: &Path) -> io::Result<AtomicFile> {
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
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    fn write_io(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &mut self.out {
            Some(out) => out.write_all(bytes),
            None => Err(io::Error::other("the file was already committed")),
        }
    }

    fn commit_io(mut self) -> io::Result<()> {
        let out = self
            .out
            .take()
            .ok_or_else(|| io::Error::other("the file was already committed"))?;
        let result = finish(out, &self.tmp, &self.path);
        if result.is_err() {
            // Best effort: the temporary file is ours (created exclusively).
            let _ = fs::remove_file(&self.tmp);
        }
        result
    }

    fn error(&self, source: io::Error) -> DatasetError {
        DatasetError::Write {
            path: self.path.clone(),
            source,
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            // Never committed (an error or an abandoned build): best effort, the
            // temporary file is ours.
            let _ = fs::remove_file(&self.tmp);
        }
    }
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

fn finish(out: BufWriter<fs::File>, tmp: &Path, path: &Path) -> io::Result<()> {
    let file = out.into_inner().map_err(|e| e.into_error())?;
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
