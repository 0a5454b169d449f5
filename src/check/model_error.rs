//! Check errors about the constraint model: a construct where no model can
//! be (a `find` or a model builtin before the model is built, constraint
//! syntax in a spec without `find`), or a proof whose clues or rules the
//! prompt does not state. Wrapped by [`super::error::CheckError::Model`],
//! which renders them unchanged.

use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// A constraint-model problem. One variant per failure.
#[derive(Debug, Error, Diagnostic)]
pub enum ModelError {
    /// A `find` used in `generate` before any constraint statement, where
    /// the model (and so the name) does not exist yet.
    #[error("`{name}` is used before the model of the unknowns is built")]
    #[diagnostic(
        code(puzzlec::check::find_before_model),
        help("the unknowns of a `find` exist from the first constraint statement of `generate` on (`clue`, `sample solution`, `dig`, `reveal`, `unique`, `maximize`, `minimize`); move this use after one, or write it as a `clue`")
    )]
    FindBeforeModel {
        /// The name.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no model yet")]
        span: Span,
    },

    /// A builtin that measures the constraint model, called in `generate`
    /// before any constraint statement, where no model exists yet.
    #[error("`{name}` is called before the constraint model is built")]
    #[diagnostic(
        code(puzzlec::check::model_not_built),
        help("the model exists from the first constraint statement of `generate` on (`clue`, `sample solution`, `plant solution`, `dig`, `reveal`, `unique`, `maximize`, `minimize`); call `{name}()` after the clues it should see")
    )]
    ModelNotBuilt {
        /// The builtin.
        name: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no model yet")]
        span: Span,
    },

    /// A search-effort builtin outside `generate`.
    #[error("`{name}` used in {place}")]
    #[diagnostic(
        code(puzzlec::check::model_outside_generate),
        help("`{name}` measures the attempt's constraint model, which exists only in the `generate` block: bind its result there with `let` and use the name")
    )]
    ModelOutsideGenerate {
        /// The builtin.
        name: &'static str,
        /// Where it happened.
        place: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("measures the constraint model")]
        span: Span,
    },

    /// A `dig` or `reveal` whose clues never reach the prompt.
    #[error("{what}")]
    #[diagnostic(code(puzzlec::check::unstated_proof))]
    UnstatedProof {
        /// What is wrong.
        what: String,
        /// How to fix it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("the proofs after this assume these clues")]
        span: Span,
    },

    /// A `rule` inside `generate` that reads values the prompt never states.
    #[error("{what}")]
    #[diagnostic(code(puzzlec::check::unstated_proof))]
    UnstatedRule {
        /// What is wrong.
        what: String,
        /// How to fix it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("every later proof assumes this rule")]
        span: Span,
    },

    /// A constraint construct used where it has no meaning.
    #[error("{what}")]
    #[diagnostic(code(puzzlec::check::constraint))]
    Constraint {
        /// What is wrong.
        what: String,
        /// How to fix it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("here")]
        span: Span,
    },
}
