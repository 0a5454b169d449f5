//! Scoring one model response against a gold answer.

use super::error::AnswerError;
use super::extract::{extract_in, strip_think};
use super::kind::AnswerKind;
use super::normalize::{normalize, same_answer};
use super::slot::AnswerSlot;

/// The outcome of scoring one response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The extracted answer normalizes to the gold.
    Correct,
    /// An answer of the right kind was found, but it is not the gold.
    Wrong,
    /// Text was found but it is not an answer of this kind (or nothing
    /// answer-like was found in a non-empty response).
    Unparseable,
    /// The response is blank, only a think block, or the answer slot is empty.
    Empty,
}

impl Verdict {
    /// Stable lowercase name (`correct`, `wrong`, `unparseable`, `empty`).
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Wrong => "wrong",
            Verdict::Unparseable => "unparseable",
            Verdict::Empty => "empty",
        }
    }
}

/// Scores `response` against `gold` for `kind`; also returns the extracted
/// answer text (before normalization) when one was found.
///
/// The gold is normalized with [`normalize`]; a gold that is not valid for
/// its kind (a generator bug) is compared as `Text` instead of failing, so
/// scoring never panics. Blank responses and responses that are only a think
/// block are [`Verdict::Empty`].
pub fn judge(kind: AnswerKind, gold: &str, response: &str) -> (Verdict, Option<String>) {
    judge_in(kind, AnswerSlot::Default, gold, response)
}

/// [`judge`] under a dataset's answer-slot convention (see
/// [`super::extract_in`]).
pub fn judge_in(
    kind: AnswerKind,
    slot: AnswerSlot,
    gold: &str,
    response: &str,
) -> (Verdict, Option<String>) {
    if strip_think(response).trim().is_empty() {
        return (Verdict::Empty, None);
    }
    let Some(found) = extract_in(kind, slot, response) else {
        return (Verdict::Unparseable, None);
    };
    let (gold_kind, gold_norm) = match normalize(kind, gold) {
        Ok(g) => (kind, g),
        Err(_) => (
            AnswerKind::Text,
            gold.split_whitespace().collect::<Vec<_>>().join(" "),
        ),
    };
    let verdict = match normalize(gold_kind, &found) {
        Ok(a) if same_answer(gold_kind, &a, &gold_norm) => Verdict::Correct,
        Ok(_) => Verdict::Wrong,
        Err(AnswerError::Empty) => Verdict::Empty,
        Err(AnswerError::Invalid { .. }) => Verdict::Unparseable,
    };
    (verdict, Some(found))
}
