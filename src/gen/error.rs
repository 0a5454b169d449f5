//! Errors of generation: a runtime error in the spec, or a budget spent.

use crate::eval::EvalError;
use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// Which item was being generated, so that any failure can be reproduced.
#[derive(Debug, Clone)]
pub struct ItemContext {
    /// The puzzle.
    pub puzzle: String,
    /// The tier.
    pub tier: String,
    /// The item index.
    pub index: u64,
    /// The dataset seed.
    pub seed: u64,
}

impl std::fmt::Display for ItemContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "puzzle `{}`, tier `{}`, index {}, seed {}",
            self.puzzle, self.tier, self.index, self.seed
        )
    }
}

/// Generation failed for one item.
#[derive(Debug, Error, Diagnostic)]
pub enum GenError {
    /// The spec raised an error while running.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::gen::runtime))]
    Runtime {
        /// What went wrong.
        message: String,
        /// How to reproduce it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("while evaluating this")]
        span: Span,
    },

    /// Every attempt was rejected by a `require`.
    #[error("tier `{tier}` of `{puzzle}` spent its budget of {attempts} attempts at index {index} without an accepted sample")]
    #[diagnostic(code(puzzlec::gen::budget))]
    Budget {
        /// The puzzle.
        puzzle: String,
        /// The tier.
        tier: String,
        /// The item index.
        index: u64,
        /// Attempts made.
        attempts: u64,
        /// Lever values and the rejection counts.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The `require` that failed most often.
        #[label("rejected {rejections} of {attempts} samples")]
        span: Span,
        /// How often it failed.
        rejections: u64,
    },

    /// The gold does not fit its answer kind.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::gen::gold))]
    Gold {
        /// What is wrong.
        message: String,
        /// How to reproduce it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The answer expression.
        #[label("the gold comes from here")]
        span: Span,
    },

    /// The tier does not exist.
    #[error("`{puzzle}` has no tier `{tier}`")]
    #[diagnostic(code(puzzlec::gen::tier))]
    UnknownTier {
        /// The puzzle.
        puzzle: String,
        /// The tier.
        tier: String,
        /// The tiers it has.
        #[help]
        help: String,
    },
}

impl GenError {
    /// A runtime error in context.
    pub fn runtime(src: NamedSource<String>, error: EvalError, ctx: &ItemContext) -> GenError {
        GenError::Runtime {
            message: error.kind.to_string(),
            help: format!("this happened while generating {ctx}"),
            src,
            span: error.span,
        }
    }
}
