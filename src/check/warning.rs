//! Warnings of the check phase: a spec that compiles but declares something
//! nothing uses. They never stop a build; `puzzlec check --deny-warnings`
//! turns them into failures (CI runs it on the shipped specs).

use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// Something declared that no part of the spec reads. One variant per kind.
#[derive(Debug, Error, Diagnostic)]
pub enum CheckWarning {
    /// A function that nothing calls, directly or through other functions.
    #[error("function `{name}` is never used")]
    #[diagnostic(
        code(puzzlec::check::unused_fn),
        severity(Warning),
        help("nothing in `generate`, the rules, the answer, the instance or the templates calls it, directly or through other functions; remove it, or call it where it was meant to be used")
    )]
    UnusedFn {
        /// The function.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Its name in the declaration.
        #[label("never called")]
        span: Span,
    },

    /// A constant that nothing reads.
    #[error("constant `{name}` is never used")]
    #[diagnostic(
        code(puzzlec::check::unused_constant),
        severity(Warning),
        help("nothing in `generate`, the rules, the answer, the instance or the templates reads it, directly or through functions and other constants; remove it, or use it")
    )]
    UnusedConstant {
        /// The constant.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Its name in the declaration.
        #[label("never read")]
        span: Span,
    },

    /// A lever that nothing reads: its tier values change no item.
    #[error("lever `{name}` is never read")]
    #[diagnostic(
        code(puzzlec::check::unused_lever),
        severity(Warning),
        help("the tiers' values for it change nothing in the items; read it in `generate`, the rules, the answer or a template, or remove it and its tier values")
    )]
    UnusedLever {
        /// The lever.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Its name in the declaration.
        #[label("never read")]
        span: Span,
    },
}
