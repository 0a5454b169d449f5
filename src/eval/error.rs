//! Errors raised while evaluating spec expressions.

use super::fuel::Resource;
use crate::span::Span;
use std::ops::{Deref, DerefMut};
use thiserror::Error;

/// What went wrong while evaluating an expression.
#[derive(Debug, Clone, Error, PartialEq)]
pub enum EvalErrorKind {
    /// Integer arithmetic overflowed 64 bits.
    #[error("integer overflow in `{0}`")]
    Overflow(String),
    /// Division or modulo by zero.
    #[error("division by zero")]
    DivideByZero,
    /// An index outside a list, tuple or string.
    #[error("index {index} is out of range for a {what} of length {len}")]
    IndexOutOfRange {
        /// The index.
        index: i64,
        /// The length.
        len: usize,
        /// list, tuple or string.
        what: &'static str,
    },
    /// A map lookup of a missing key.
    #[error("key {0} is not in the map")]
    MissingKey(String),
    /// An operand or argument of the wrong type.
    #[error("expected {expected}, found {found}")]
    Type {
        /// What was expected.
        expected: String,
        /// What was found (type and value).
        found: String,
    },
    /// A function called with the wrong number of arguments.
    #[error("`{name}` takes {expected} argument(s) but {found} were given")]
    Arity {
        /// The function.
        name: String,
        /// The expected count, in words.
        expected: String,
        /// The given count.
        found: usize,
    },
    /// A name with no binding at run time.
    #[error("`{0}` is not defined here")]
    Unbound(String),
    /// A builtin rejected its arguments.
    #[error("{0}")]
    Invalid(String),
    /// The item spent a run-time budget (runaway work, growth or recursion).
    #[error("the item ran out of fuel: more than {limit} {}", resource.what())]
    OutOfFuel {
        /// The resource spent.
        resource: Resource,
        /// Its limit.
        limit: u64,
        /// The generate statement that was running, once known.
        statement: Option<Span>,
    },
    /// Randomness used where it is not allowed.
    #[error("random choices are only allowed in `generate` and in tiers")]
    NoRandomness,
}

/// An evaluation error at a place in the spec. Its fields are reached
/// through [`Deref`] (`e.kind`, `e.span`); it is one pointer wide, so every
/// `EvalResult<Value>` the evaluator returns fits in two registers.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalError(Box<EvalErrorAt>);

/// What an [`EvalError`] holds.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalErrorAt {
    /// What went wrong.
    pub kind: EvalErrorKind,
    /// Where.
    pub span: Span,
}

impl Deref for EvalError {
    type Target = EvalErrorAt;

    fn deref(&self) -> &EvalErrorAt {
        &self.0
    }
}

impl DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut EvalErrorAt {
        &mut self.0
    }
}

impl EvalError {
    /// An error of `kind` at `span`.
    pub fn new(kind: EvalErrorKind, span: Span) -> EvalError {
        EvalError(Box::new(EvalErrorAt { kind, span }))
    }

    /// What it holds, by value.
    pub fn into_parts(self) -> EvalErrorAt {
        *self.0
    }

    /// Places a spent budget in the statement `span`, unless an inner
    /// statement already holds it; other errors pass unchanged.
    pub fn in_statement(mut self, span: Span) -> EvalError {
        if let EvalErrorKind::OutOfFuel {
            statement: at @ None,
            ..
        } = &mut self.kind
        {
            *at = Some(span);
        }
        self
    }

    /// An invalid argument or state, described by `message`, at `span`.
    pub fn invalid(message: impl Into<String>, span: Span) -> EvalError {
        EvalError::new(EvalErrorKind::Invalid(message.into()), span)
    }
}

/// Shorthand for results of evaluation.
pub type EvalResult<T> = Result<T, EvalError>;
