//! Few-shot prompts: each record is asked after `k` solved examples of the
//! same puzzle, language and tier, taken from the dataset itself.
//!
//! The examples of the record at position `p` of its group (the records of
//! one puzzle, language and tier, in dataset order) are those at positions
//! `p+1, …, p+k`, wrapping round to the start, so no record is its own
//! example and the choice depends on nothing but the dataset. An example's
//! answer is its record's worked solution followed by the answer written
//! where `score` reads it (see [`written_answer`]); every example is judged
//! by the record's own judge before it is used, so a shown answer is always
//! one `score` would call correct.

use super::prompt::Shot;
use crate::answer::{AnswerKind, AnswerSlot, Verdict};
use crate::api::Judge;
use std::collections::BTreeMap;

/// The most examples before one prompt.
pub const MAX_SHOTS: usize = 32;

/// Why few-shot prompts cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum ShotError {
    /// More examples were asked for than the limit.
    #[error("`--shots {asked}` is more than {MAX_SHOTS} examples")]
    #[diagnostic(
        code(puzzlec::ask::too_many_shots),
        help("ask for at most {MAX_SHOTS} examples; prompts grow with every one")
    )]
    TooMany {
        /// The number asked for.
        asked: usize,
    },
    /// A group has too few records to give each one `k` others.
    #[error("`--shots {k}` needs {need} records of `{group}`, but the dataset holds {have}")]
    #[diagnostic(
        code(puzzlec::ask::too_few_for_shots),
        help("build more items per tier (`-n`), or ask for fewer examples")
    )]
    TooFew {
        /// `puzzle/lang/tier`.
        group: String,
        /// The examples asked for.
        k: usize,
        /// `k + 1`.
        need: usize,
        /// The records it holds.
        have: usize,
    },
    /// A record cannot be read as an example.
    #[error("record `{id}` cannot serve as an example: {reason}")]
    #[diagnostic(
        code(puzzlec::ask::bad_shot),
        help("few-shot prompts need records in puzzlec's own format (not `--format nolli`)")
    )]
    Unusable {
        /// The record id.
        id: String,
        /// What is wrong.
        reason: String,
    },
}

/// A record as the shot builder reads it.
#[derive(Debug, Clone)]
pub struct ShotRecord {
    /// Its id.
    pub id: String,
    /// `puzzle/lang/tier`: records of one group serve each other.
    pub group: String,
    /// Its whole prompt.
    pub question: String,
    /// Its JSON line (read by its judge).
    pub line: String,
}

/// The answer `gold` of `kind` written where a response under `slot` is
/// read: for `first_brackets`, `[[gold]]`; otherwise a marker line
/// (`Answer:`, or `정답:` for Korean) with the gold after it, or on the
/// lines below it when the kind spans lines. A non-empty `solution` comes
/// first, with a blank line after it.
pub fn written_answer(
    kind: AnswerKind,
    slot: AnswerSlot,
    lang: &str,
    gold: &str,
    solution: &str,
) -> String {
    let answer = match slot {
        AnswerSlot::FirstBrackets => format!("[[{gold}]]"),
        AnswerSlot::Default => {
            let marker = if lang == "ko" { "정답:" } else { "Answer:" };
            let sep = if kind.is_multiline() && gold.contains('\n') {
                "\n"
            } else {
                " "
            };
            format!("{marker}{sep}{gold}")
        }
    };
    let solution = solution.trim();
    if solution.is_empty() {
        answer
    } else {
        format!("{solution}\n\n{answer}")
    }
}

/// The fields of a record its example answer is written from.
#[derive(serde::Deserialize)]
struct AnswerFields {
    lang: String,
    answer: String,
    answer_kind: String,
    #[serde(default)]
    slot: String,
    #[serde(default)]
    solution: String,
}

/// The example a record makes: its question and an answer its judge calls
/// correct (the worked form when the judge accepts it, else the answer alone).
pub fn shot_of(record: &ShotRecord) -> Result<Shot, ShotError> {
    let unusable = |reason: String| ShotError::Unusable {
        id: record.id.clone(),
        reason,
    };
    let f: AnswerFields =
        serde_json::from_str(&record.line).map_err(|e| unusable(e.to_string()))?;
    let kind = AnswerKind::from_name(&f.answer_kind)
        .ok_or_else(|| unusable(format!("unknown answer kind `{}`", f.answer_kind)))?;
    let slot = if f.slot.is_empty() {
        AnswerSlot::Default
    } else {
        AnswerSlot::from_name(&f.slot)
            .ok_or_else(|| unusable(format!("unknown slot `{}`", f.slot)))?
    };
    let judge = Judge::from_json(&record.line).map_err(|e| unusable(e.to_string()))?;
    let worked = written_answer(kind, slot, &f.lang, &f.answer, &f.solution);
    let bare = written_answer(kind, slot, &f.lang, &f.answer, "");
    let answer = [worked, bare]
        .into_iter()
        .find(|a| judge.judge(a).verdict == Verdict::Correct)
        .ok_or_else(|| unusable("its own answer, written out, is not judged correct".into()))?;
    Ok(Shot {
        question: record.question.clone(),
        answer,
    })
}

/// The `k` examples of every record, in the order of `records`.
pub fn choose_shots(records: &[ShotRecord], k: usize) -> Result<Vec<Vec<Shot>>, ShotError> {
    if k > MAX_SHOTS {
        return Err(ShotError::TooMany { asked: k });
    }
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        groups.entry(&r.group).or_default().push(i);
    }
    let mut out = vec![Vec::new(); records.len()];
    if k == 0 {
        return Ok(out);
    }
    for (group, members) in &groups {
        if members.len() <= k {
            return Err(ShotError::TooFew {
                group: group.to_string(),
                k,
                need: k + 1,
                have: members.len(),
            });
        }
        let shots = members
            .iter()
            .map(|&i| shot_of(&records[i]))
            .collect::<Result<Vec<_>, _>>()?;
        for (p, &i) in members.iter().enumerate() {
            out[i] = (1..=k)
                .map(|d| shots[(p + d) % members.len()].clone())
                .collect();
        }
    }
    Ok(out)
}
