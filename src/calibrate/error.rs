//! Why `calibrate` could not run or stopped.

use crate::ask::AskError;
use crate::gen::GenError;

/// A failure of `calibrate`.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CalibrateError {
    /// The spec has no `calibrate` block.
    #[error("spec `{puzzle}` has no `calibrate` block")]
    #[diagnostic(
        code(puzzlec::calibrate::no_block),
        help("add e.g. `calibrate {{ givens in 25..=45 harder down }}` to the spec; see docs/calibration.md")
    )]
    NoBlock {
        /// The puzzle.
        puzzle: String,
    },
    /// A target names a tier the spec does not declare.
    #[error("target tier `{tier}` is not a tier of `{puzzle}`")]
    #[diagnostic(code(puzzlec::calibrate::unknown_tier), help("the tiers are: {tiers}"))]
    UnknownTier {
        /// The tier.
        tier: String,
        /// The puzzle.
        puzzle: String,
        /// The spec's tiers.
        tiers: String,
    },
    /// The `--targets`, `--band` or another option is unusable.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::calibrate::options), help("{help}"))]
    Options {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
    /// Generating calibration items failed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Gen(#[from] Box<GenError>),
    /// Asking the model failed in a way that stops the run.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Ask(#[from] AskError),
    /// The calibrated spec did not compile (a bug).
    #[error("the calibrated spec does not compile: {message}")]
    #[diagnostic(
        code(puzzlec::calibrate::overlay),
        help("this is a bug in puzzlec; the original spec is untouched")
    )]
    Overlay {
        /// The first diagnostic.
        message: String,
    },
}
