//! Why `puzzlec compare` failed as a whole.

use std::path::PathBuf;

use miette::{NamedSource, SourceSpan};

use crate::dataset::DatasetError;

/// A failure that stops `puzzlec compare`.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CompareError {
    /// A file of a report or of the dataset could not be read.
    #[error(transparent)]
    #[diagnostic(code(puzzlec::compare::read))]
    Dataset(#[from] DatasetError),
    /// A report directory does not exist.
    #[error("`{path}` is not a directory")]
    #[diagnostic(
        code(puzzlec::compare::missing_dir),
        help("pass the output folders of `puzzlec score --per-item`, one per model")
    )]
    MissingDir {
        /// The path as given.
        path: PathBuf,
    },
    /// A report directory lacks a file compare needs.
    #[error("`{dir}` has no `{file}`")]
    #[diagnostic(code(puzzlec::compare::missing_file), help("{help}"))]
    MissingFile {
        /// The report directory.
        dir: PathBuf,
        /// The missing file's name.
        file: &'static str,
        /// How to make it.
        help: &'static str,
    },
    /// A `report.json` is not a score report.
    #[error("`{path}` is not a `puzzlec score` report: {message}")]
    #[diagnostic(
        code(puzzlec::compare::bad_report),
        help("pass the output folder of `puzzlec score`; its `report.json` is written by it")
    )]
    BadReport {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
        /// The file's text.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// The dataset a report was scored on cannot be found.
    #[error("the dataset `{dataset}` named by `{report}` does not exist")]
    #[diagnostic(
        code(puzzlec::compare::no_dataset),
        help("pass the dataset folder with `--data DIR` (the folder written by `puzzlec build`)")
    )]
    NoDataset {
        /// The report's `report.json`.
        report: PathBuf,
        /// The dataset path it names.
        dataset: PathBuf,
    },
    /// A report was not scored on the dataset being compared.
    #[error("`{dir}` was not scored on the dataset `{dataset}`: {detail}")]
    #[diagnostic(
        code(puzzlec::compare::inconsistent),
        help(
            "every report must be a `puzzlec score --per-item` run over the same dataset; \
             rescore, or pass the right dataset with `--data`"
        )
    )]
    Inconsistent {
        /// The report directory.
        dir: PathBuf,
        /// The dataset.
        dataset: PathBuf,
        /// What differs.
        detail: String,
    },
    /// Two reports have the same label.
    #[error("two reports are labelled `{label}`")]
    #[diagnostic(
        code(puzzlec::compare::duplicate_label),
        help("name each model: `LABEL=DIR`, e.g. `gpt=runs/gpt`")
    )]
    DuplicateLabel {
        /// The label.
        label: String,
    },
    /// An option value is out of range or malformed.
    #[error("invalid `{option}` value `{value}`: {message}")]
    #[diagnostic(code(puzzlec::compare::option))]
    BadOption {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// What is wrong.
        message: String,
    },
}
