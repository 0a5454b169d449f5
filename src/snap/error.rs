//! The one error type of the snapshot module.

use std::io;
use std::path::PathBuf;

/// Everything that can go wrong while parsing or checking a snapshot.
#[derive(Debug, thiserror::Error)]
pub enum SnapError {
    /// The text does not start with a `---` line.
    #[error("a snapshot must start with a `---` line")]
    NoHeader,
    /// The header has no closing `---` line.
    #[error("the snapshot header is not closed by a `---` line")]
    UnclosedHeader,
    /// A header line could not be understood.
    #[error("header line {line}: {message}")]
    BadHeader {
        /// The 1-based line number within the file.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// An existing snapshot file does not parse.
    #[error("`{}` is not a valid snapshot file: {source}; fix it, or delete it to have it written anew", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why it does not parse.
        source: Box<SnapError>,
    },
    /// A snapshot file could not be read.
    #[error("could not read snapshot `{}`: {source}; check that it is a readable UTF-8 file", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A snapshot file could not be written.
    #[error("could not write snapshot `{}`: {source}; check that its directory is writable", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A stale pending snapshot could not be removed.
    #[error("could not remove pending snapshot `{}`: {source}; remove it by hand", path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
}
