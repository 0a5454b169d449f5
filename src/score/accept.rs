//! Judging one response against one record: the record's answer slot, and
//! for records that carry an `accept` condition, that condition.

use super::dataset::Dataset;
use crate::answer::{judge_in, normalize, AnswerKind, Verdict};
use crate::eval::accept::Acceptor;

/// Judges `response` against record `i` of `dataset`; also returns the
/// extracted answer text.
///
/// The answer is extracted in the record's slot and normalised by its kind.
/// Without `accept` it must equal the gold. With `accept`, an answer that is
/// not the gold is correct when the condition holds for its normalised text,
/// wrong when it does not, and unparseable when the condition cannot be
/// evaluated on it.
pub fn judge_record(dataset: &Dataset, i: usize, response: &str) -> (Verdict, Option<String>) {
    let record = &dataset.records[i];
    let kind = dataset.kinds[i];
    let (verdict, found) = judge_in(kind, dataset.slots[i], &record.answer, response);
    let (Verdict::Wrong, Some(text), Some(k), Some(instance)) = (
        verdict,
        found.as_deref(),
        dataset.accepts[i],
        record.instance.as_ref(),
    ) else {
        return (verdict, found);
    };
    let verdict = accepted(&dataset.acceptors[k], kind, instance, text).unwrap_or(verdict);
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
