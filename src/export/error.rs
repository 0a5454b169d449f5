//! Why `puzzlec export` failed.

use std::path::PathBuf;

use crate::dataset::DatasetError;

/// A failure that stops `puzzlec export`.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ExportError {
    /// The manifest or a task file could not be read, or a file not written.
    #[error(transparent)]
    #[diagnostic(code(puzzlec::export::io))]
    Dataset(#[from] DatasetError),
    /// The dataset folder has no manifest.
    #[error("`{}` is not a dataset folder: it has no `manifest.json`", dir.display())]
    #[diagnostic(
        code(puzzlec::export::not_a_dataset),
        help("pass the folder written by `puzzlec build`")
    )]
    NotADataset {
        /// The folder as given.
        dir: PathBuf,
    },
    /// The dataset's records lack the fields the judge reads.
    #[error("`{}` is a `--format {format}` build, whose records lack the fields puzzlec's judge reads (`answer_kind`, `slot`, `accept`)", dir.display())]
    #[diagnostic(
        code(puzzlec::export::format),
        help("build the dataset with `--format puzzlec` (the default) or `--format hf`")
    )]
    Format {
        /// The folder as given.
        dir: PathBuf,
        /// The manifest's format.
        format: &'static str,
    },
    /// The manifest's digest does not match its content.
    #[error("the manifest of `{}` was edited after the build (its `digest` does not match)", dir.display())]
    #[diagnostic(
        code(puzzlec::export::stale_manifest),
        help("run `puzzlec verify` on the folder, or build it again")
    )]
    StaleManifest {
        /// The folder as given.
        dir: PathBuf,
    },
    /// A task file the manifest lists is not there.
    #[error("the manifest lists `{file}`, which is not a file in `{}`", dir.display())]
    #[diagnostic(
        code(puzzlec::export::missing_file),
        help("run `puzzlec verify` on the folder, or build it again")
    )]
    MissingFile {
        /// The folder as given.
        dir: PathBuf,
        /// The file as the manifest names it.
        file: String,
    },
    /// The manifest lists no task.
    #[error("the dataset in `{}` has no tasks", dir.display())]
    #[diagnostic(code(puzzlec::export::empty))]
    Empty {
        /// The folder as given.
        dir: PathBuf,
    },
    /// `--name` is not usable as a task-name prefix.
    #[error("`--name {name}` must be a letter followed by letters, digits or `_`")]
    #[diagnostic(code(puzzlec::export::bad_name))]
    BadName {
        /// The name as given.
        name: String,
    },
    /// `--name` would redefine a name of Inspect's task file.
    #[error("`--name {name}` cannot name the Inspect task: it is a Python keyword or a name the task file uses")]
    #[diagnostic(
        code(puzzlec::export::reserved_name),
        help("choose another `--name`, e.g. `puzzlec`")
    )]
    ReservedName {
        /// The name as given.
        name: String,
    },
    /// Two written names (tasks, groups, tags) are the same.
    #[error("two names of the export would both be `{name}`: {first} and {second}")]
    #[diagnostic(
        code(puzzlec::export::name_clash),
        help("a harness runs tasks by name, so each must be unique; choose another `--name`")
    )]
    NameClash {
        /// The shared name.
        name: String,
        /// What the first holder is.
        first: String,
        /// What the second holder is.
        second: String,
    },
    /// A path cannot be written into a task file.
    #[error("the path `{}` is not valid UTF-8, so it cannot be written into a task file", path.display())]
    #[diagnostic(code(puzzlec::export::path))]
    Path {
        /// The path.
        path: PathBuf,
    },
    /// A file to write already exists.
    #[error("`{}` already exists", path.display())]
    #[diagnostic(
        code(puzzlec::export::exists),
        help("pass `--force` to replace the files of an earlier export, or choose another `-o`")
    )]
    Exists {
        /// The file.
        path: PathBuf,
    },
}
