//! Errors of generation: a runtime error in the spec, or a budget spent.

use crate::eval::{EvalError, EvalErrorKind, Resource};
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

    /// The item spent one of its run-time budgets (`limits`).
    #[error(
        "tier `{tier}` of `{puzzle}` ran out of fuel at index {index}: more than {limit} {what}"
    )]
    #[diagnostic(code(puzzlec::gen::fuel))]
    Fuel {
        /// The puzzle.
        puzzle: String,
        /// The tier.
        tier: String,
        /// The item index.
        index: u64,
        /// The resource's name in `limits`.
        resource: &'static str,
        /// What it counts, in words.
        what: &'static str,
        /// The limit.
        limit: u64,
        /// How to raise it and how to reproduce it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The statement that was running.
        #[label("the budget ran out in this statement")]
        statement: Span,
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

    /// A `context` or `task` text that the prompt does not hold word for word.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::gen::prompt_part))]
    PromptPart {
        /// What is wrong.
        message: String,
        /// How to fix and reproduce it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The part's expression.
        #[label("this text is not in the prompt")]
        span: Span,
    },

    /// A variable Korean particle does not fit the word before it.
    #[error("{message}")]
    #[diagnostic(code(puzzlec::gen::particle))]
    Particle {
        /// The puzzle, tier and index, the text, the word, the particle
        /// written, what fits and the text around the fault.
        message: String,
        /// How to fix it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The template or step that rendered the text.
        #[label("rendered from here")]
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
        if let EvalErrorKind::OutOfFuel {
            resource,
            limit,
            statement,
        } = error.kind
        {
            return GenError::fuel(src, resource, limit, statement, error.span, ctx);
        }
        GenError::Runtime {
            message: error.kind.to_string(),
            help: format!("this happened while generating {ctx}"),
            src,
            span: error.span,
        }
    }
}

impl GenError {
    /// A spent budget in context, labelled at the statement that was
    /// running (or at the expression, outside `generate`).
    fn fuel(
        src: NamedSource<String>,
        resource: Resource,
        limit: u64,
        statement: Option<Span>,
        at: Span,
        ctx: &ItemContext,
    ) -> GenError {
        let statement = statement.unwrap_or(at);
        GenError::Fuel {
            puzzle: ctx.puzzle.clone(),
            tier: ctx.tier.clone(),
            index: ctx.index,
            resource: resource.name(),
            what: resource.what(),
            limit,
            help: format!(
                "the default is {}; a spec can raise it up to {} with `limits {{ {} N }}`, but runaway growth or recursion is more likely; this happened while generating {ctx}",
                resource.default_limit(),
                resource.max_limit(),
                resource.name()
            ),
            src,
            statement,
        }
    }
}
