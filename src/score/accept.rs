//! Judging one response against one record with the shared judge
//! ([`crate::judge`]): the record's answer slot, and for records that carry
//! an `accept` condition, that condition.

use super::dataset::Dataset;
use crate::answer::Verdict;
pub use crate::judge::accepted;
use crate::judge::{judge_response, Accept};

/// Judges `response` against record `i` of `dataset` (see
/// [`crate::judge::judge_response`]); also returns the extracted answer text.
pub fn judge_record(dataset: &Dataset, i: usize, response: &str) -> (Verdict, Option<String>) {
    let record = &dataset.records[i];
    let accept = match (dataset.accepts[i], record.instance.as_ref()) {
        (Some(k), Some(instance)) => Some(Accept {
            acceptor: &dataset.acceptors[k],
            instance,
        }),
        _ => None,
    };
    judge_response(
        dataset.kinds[i],
        dataset.slots[i],
        &record.answer,
        accept,
        response,
    )
}
