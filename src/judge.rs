//! Judging one response to one item: the single rule `score` and
//! `calibrate` both apply, so an accuracy never depends on which command
//! measured it.
//!
//! The answer is read from the response in the item's answer slot
//! (`slot first_brackets` or the default order) and normalised by its kind.
//! Without `accept` it must equal the gold. With `accept`, an answer that is
//! not the gold is correct when the condition holds for its normalised text,
//! wrong when it does not, and unparseable when the condition cannot be
//! evaluated on it.

use crate::answer::{judge_in, normalize, AnswerKind, AnswerSlot, Verdict};
use crate::eval::accept::Acceptor;

/// An item's `accept` condition and the instance it reads.
#[derive(Debug, Clone, Copy)]
pub struct Accept<'a> {
    /// The parsed condition.
    pub acceptor: &'a Acceptor,
    /// The item's instance (the record's `instance`).
    pub instance: &'a serde_json::Value,
}

/// Judges `response` against the `gold` of an item of answer `kind`, read in
/// `slot`, with the item's `accept` condition when it has one; also returns
/// the extracted answer text.
pub fn judge_response(
    kind: AnswerKind,
    slot: AnswerSlot,
    gold: &str,
    accept: Option<Accept<'_>>,
    response: &str,
) -> (Verdict, Option<String>) {
    let (verdict, found) = judge_in(kind, slot, gold, response);
    let (Verdict::Wrong, Some(text), Some(accept)) = (verdict, found.as_deref(), accept) else {
        return (verdict, found);
    };
    let verdict = accepted(accept.acceptor, kind, accept.instance, text).unwrap_or(verdict);
    (verdict, found)
}

/// The verdict of an `accept` condition on an answer `text` extracted from
/// a response and judged wrong against the gold: correct when the condition
/// holds for the normalised text, wrong when it does not, unparseable when it
/// cannot be evaluated on it; `None` when the text does not normalise (the
/// gold's verdict stands).
pub fn accepted(
    acceptor: &Acceptor,
    kind: AnswerKind,
    instance: &serde_json::Value,
    text: &str,
) -> Option<Verdict> {
    let answer = normalize(kind, text).ok()?;
    Some(match acceptor.accepts(instance, &answer) {
        Ok(true) => Verdict::Correct,
        Ok(false) => Verdict::Wrong,
        Err(_) => Verdict::Unparseable,
    })
}
