//! The one error type of the dataset module.

use std::io;
use std::path::PathBuf;

/// Everything that can go wrong while writing, reading or laying out a dataset.
///
/// Messages are lowercase, name paths in backticks and say what to do.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// `--format` got a value that is not a known format.
    #[error("unknown format `{given}`; valid values are: puzzlec, nolli, hf")]
    UnknownFormat {
        /// The value as given.
        given: String,
    },
    /// `--shard` got a value that is not a valid `I/N`.
    #[error("invalid shard `{given}`: {reason}")]
    InvalidShard {
        /// The value as given.
        given: String,
        /// Why it was refused and what a valid value looks like.
        reason: String,
    },
    /// A puzzle, language or tier name cannot be used as a path component.
    #[error("{kind} name `{name}` cannot be used in a file name; use only letters, digits, `_`, `-` and `.`, at most 200 bytes (not `.` or `..` alone)")]
    InvalidName {
        /// What the name names: "puzzle", "lang" or "tier".
        kind: &'static str,
        /// The offending name.
        name: String,
    },
    /// A directory could not be created.
    #[error("could not create directory `{}`: {source}; check the path and its permissions", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A file could not be written (or renamed into place).
    #[error("could not write `{}`: {source}; check that its directory is writable and the disk is not full", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A file could not be read.
    #[error("could not read `{}`: {source}; check that the file exists and is readable", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A directory could not be listed.
    #[error("could not list directory `{}`: {source}; check that it exists and is readable", path.display())]
    ReadDir {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A stale file could not be removed while overwriting a dataset.
    #[error("could not remove `{}`: {source}; remove it by hand and run again", path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// The output path exists but is not a directory.
    #[error("output path `{}` exists and is not a directory; choose another `--out` path", path.display())]
    NotADirectory {
        /// The path.
        path: PathBuf,
    },
    /// The output directory already holds a dataset and `--force` was not given.
    #[error("output directory `{}` already holds a dataset; pass `--force` to overwrite it", path.display())]
    AlreadyHasDataset {
        /// The directory.
        path: PathBuf,
    },
    /// The output directory cannot be written to.
    #[error("output directory `{}` is not writable: {source}; fix its permissions or choose another `--out` directory", path.display())]
    NotWritable {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// Another build holds the output directory's lock.
    #[error("another build is writing to this folder: `{}` is held by {holder}; wait for it to finish, or if no build is running there (one was killed), remove `{}` and run again", path.display(), path.display())]
    Locked {
        /// The lock file.
        path: PathBuf,
        /// Who holds it, as far as is known.
        holder: String,
    },
    /// An `hf` build would replace a `README.md` it did not write.
    #[error("`{}` exists and was not written by an `hf` build; move it away, the build writes its dataset card there", path.display())]
    CardExists {
        /// The file.
        path: PathBuf,
    },
    /// A write would go through a symbolic link.
    #[error("`{}` is a symbolic link; puzzlec does not write through links (remove it or choose another output path)", path.display())]
    Symlink {
        /// The link.
        path: PathBuf,
    },
    /// An output path is an input, or lies inside an input folder.
    #[error("refusing to write `{}`: it would overwrite the input `{}`; choose an output path outside the inputs", path.display(), input.display())]
    OverwritesInput {
        /// The output path.
        path: PathBuf,
        /// The input it would overwrite.
        input: PathBuf,
    },
    /// An output file lies inside a dataset folder.
    #[error("refusing to write `{}`: it is inside the dataset folder `{}` (which holds a `manifest.json`); choose an output path outside it", path.display(), dataset.display())]
    InsideDataset {
        /// The output path.
        path: PathBuf,
        /// The dataset folder.
        dataset: PathBuf,
    },
    /// A JSONL line is not a valid record.
    #[error("`{}` line {line}: not a valid record: {message}; regenerate the file with `puzzlec build`", path.display())]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// The 1-based line number.
        line: usize,
        /// What the JSON parser said.
        message: String,
    },
    /// A manifest file is not valid.
    #[error("`{}` is not a valid manifest: {message}; regenerate the dataset with `puzzlec build`", path.display())]
    BadManifest {
        /// The file.
        path: PathBuf,
        /// What the JSON parser said.
        message: String,
    },
}
