//! Why a text is not an answer of a given kind.

/// Why a text could not be brought to a kind's canonical form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// Nothing but whitespace, quotes or punctuation.
    #[error("the answer is empty")]
    Empty,
    /// Text that does not have the shape of the kind.
    #[error("not a valid {kind} answer: {reason}")]
    Invalid {
        /// The kind's name.
        kind: &'static str,
        /// A short human-readable explanation.
        reason: String,
    },
}

impl AnswerError {
    pub(crate) fn invalid(kind: &'static str, reason: impl Into<String>) -> Self {
        AnswerError::Invalid {
            kind,
            reason: reason.into(),
        }
    }
}
