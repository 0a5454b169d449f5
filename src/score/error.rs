//! Why scoring failed as a whole (problems with single response lines are
//! collected in [`super::Intake`] instead).

use std::path::PathBuf;

use crate::dataset::DatasetError;

/// A failure that stops `puzzlec score`.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ScoreError {
    /// The dataset could not be read.
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// The dataset path holds no records.
    #[error("`{path}` holds no dataset records")]
    #[diagnostic(
        code(puzzlec::score::no_records),
        help("pass the folder written by `puzzlec build`, or one of its `.jsonl` files")
    )]
    NoRecords {
        /// The dataset path.
        path: PathBuf,
    },
    /// Two dataset records share an id.
    #[error("the dataset has two records with id `{id}`")]
    #[diagnostic(
        code(puzzlec::score::duplicate_record),
        help("each record id must be unique; was a task file copied twice?")
    )]
    DuplicateRecord {
        /// The repeated id.
        id: String,
    },
    /// A record's `slot` or `accept` field cannot be used.
    #[error("record `{id}` has an unusable `{field}`: {message}")]
    #[diagnostic(code(puzzlec::score::bad_acceptance), help(
        "rebuild the dataset with this version of puzzlec; `slot` must be an answer slot name and `accept` a lambda of the spec language"
    ))]
    BadAcceptance {
        /// The record id.
        id: String,
        /// `slot` or `accept`.
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A record names an answer kind this version does not know.
    #[error("record `{id}` has unknown answer kind `{kind}`")]
    #[diagnostic(code(puzzlec::score::unknown_kind))]
    UnknownKind {
        /// The record id.
        id: String,
        /// The kind name.
        kind: String,
    },
    /// A bundle record lists no questions.
    #[error("bundle record `{id}` lists no questions")]
    #[diagnostic(code(puzzlec::score::empty_bundle), help("a record of answer kind `bundle` needs a non-empty `bundle` list; was it written by `puzzlec bundle`?"))]
    EmptyBundle {
        /// The record id.
        id: String,
    },
    /// The responses file could not be opened or read.
    #[error("cannot read `{path}`: {source}")]
    #[diagnostic(code(puzzlec::score::read))]
    Read {
        /// The responses path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// No line of the responses file holds a response to score.
    #[error("no usable response line in `{path}` ({lines} line(s): {detail}); nothing to score")]
    #[diagnostic(
        code(puzzlec::score::no_usable_lines),
        help(
            "expected JSONL with `id` and `response`, OpenAI or Anthropic batch output, or \
         lm-evaluation-harness samples; see docs/scoring.md"
        )
    )]
    NoUsableLines {
        /// The responses path.
        path: PathBuf,
        /// Lines read.
        lines: u64,
        /// What the lines were, e.g. the first invalid line's reason.
        detail: String,
    },
    /// Not one response id is a dataset id.
    #[error(
        "none of the {unknown} response id(s) in `{path}` is in the dataset (first: {examples}); \
         this looks like a responses file for another dataset"
    )]
    #[diagnostic(code(puzzlec::score::foreign_responses), help(
        "response ids must be record ids of the form `PUZZLE/LANG/TIER/INDEX`; see docs/scoring.md"
    ))]
    ForeignResponses {
        /// The responses path.
        path: PathBuf,
        /// How many lines had an id not in the dataset.
        unknown: u64,
        /// The first few unknown ids, backticked and comma-separated.
        examples: String,
    },
    /// A `--puzzle`, `--lang` or `--tier` value names nothing in the dataset.
    #[error("`--{flag} {value}` matches no record of the dataset")]
    #[diagnostic(
        code(puzzlec::score::unknown_selection),
        help("the dataset has {flag} values: {available}")
    )]
    UnknownSelection {
        /// The flag, without dashes.
        flag: &'static str,
        /// The value given.
        value: String,
        /// The values the dataset has, comma-separated.
        available: String,
    },
    /// The filters together keep no record.
    #[error("no record of the dataset passes the selection ({selection}); nothing to score")]
    #[diagnostic(code(puzzlec::score::empty_selection), help(
        "each filter matches some records, but not together; with `--answered-only`, no response \
         id is a record of the other filters"
    ))]
    EmptySelection {
        /// The filters, described.
        selection: String,
    },
    /// A dataset in the `nolli` format is scored without its specs.
    #[error(
        "`{path}` is a dataset in the `nolli` format, whose lines lack the fields scoring needs"
    )]
    #[diagnostic(code(puzzlec::score::release_needs_specs), help(
        "`puzzlec score` regenerates its records from the specs it was built from: pass them with `--specs PATH`"
    ))]
    ReleaseNeedsSpecs {
        /// The dataset path.
        path: PathBuf,
    },
    /// The records of a `nolli` dataset could not be regenerated.
    #[error("cannot regenerate the records of `{path}`: {message}")]
    #[diagnostic(code(puzzlec::score::regenerate), help(
        "pass the specs the dataset was built from with `--specs PATH`; `puzzlec verify` names what differs"
    ))]
    Regenerate {
        /// The dataset path.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A line of a `nolli` dataset is not a record of its regenerated build.
    #[error("`{file}` holds a line with id `{id}` that its build does not make")]
    #[diagnostic(
        code(puzzlec::score::release_line),
        help("the dataset was changed after its build; `puzzlec verify` names every difference")
    )]
    ReleaseLine {
        /// The task file.
        file: PathBuf,
        /// The line's id.
        id: String,
    },
}
