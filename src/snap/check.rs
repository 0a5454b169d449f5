//! Comparing a fresh snapshot with the stored one: create, match, accept or leave pending.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{diff, normalize_body, SnapError, Snapshot};
use crate::dataset::atomic::write_atomic_io;

/// What [`check_snapshot`] found and did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapOutcome {
    /// The stored body equals the new one; nothing was written.
    Matched,
    /// There was no stored snapshot; the new one was written.
    Created,
    /// The bodies differ; the new snapshot was written as pending (`<path>.new`) and the
    /// stored one left alone. `diff` goes from the stored body to the new one.
    Changed {
        /// The line diff (see [`diff`](fn@crate::snap::diff)).
        diff: String,
    },
    /// The bodies differed and the new snapshot replaced the stored one.
    Accepted,
}

/// The pending file for `path`: `<path>.new`, which for `x.snap` is insta's `x.snap.new`.
pub fn pending_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".new");
    PathBuf::from(name)
}

/// Checks `new` against the snapshot stored at `path`.
///
/// * no file at `path`: writes it, returns [`SnapOutcome::Created`];
/// * equal bodies (after insta's normalization; headers are not compared):
///   [`SnapOutcome::Matched`];
/// * different bodies and `accept`: overwrites `path`, returns [`SnapOutcome::Accepted`];
/// * different bodies otherwise: writes `<path>.new` for `cargo insta review` or a later
///   accepting run, returns [`SnapOutcome::Changed`] with the diff.
///
/// Every outcome but `Changed` removes a leftover `<path>.new`. A stored file that does
/// not parse is an error, unless `accept`, which replaces it. Writes are atomic.
pub fn check_snapshot(path: &Path, new: &Snapshot, accept: bool) -> Result<SnapOutcome, SnapError> {
    let pending = pending_path(path);
    let stored = match fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(SnapError::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let outcome = match stored {
        None => {
            write(path, new)?;
            SnapOutcome::Created
        }
        Some(text) => match Snapshot::parse(&text) {
            Ok(old) if old.matches(new) => SnapOutcome::Matched,
            Ok(_) | Err(_) if accept => {
                write(path, new)?;
                SnapOutcome::Accepted
            }
            Ok(old) => {
                write(&pending, new)?;
                let diff = diff(&normalize_body(&old.body), &normalize_body(&new.body));
                return Ok(SnapOutcome::Changed { diff });
            }
            Err(e) => {
                return Err(SnapError::Invalid {
                    path: path.to_path_buf(),
                    source: Box::new(e),
                })
            }
        },
    };
    remove_if_present(&pending)?;
    Ok(outcome)
}

fn write(path: &Path, snapshot: &Snapshot) -> Result<(), SnapError> {
    let write_error = |source| SnapError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(write_error)?;
    }
    write_atomic_io(path, snapshot.render().as_bytes()).map_err(write_error)
}

fn remove_if_present(path: &Path) -> Result<(), SnapError> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(SnapError::Remove {
            path: path.to_path_buf(),
            source,
        }),
    }
}
