//! One measurement: generate items at a step of the calibration path, ask
//! the model, judge each answer with the judge `score` uses
//! ([`crate::judge`]: the spec's answer slot and `accept` condition).
//!
//! Calibration items never share a seed with a released dataset: an item
//! seed hashes the tier name, and calibration items are generated under
//! tier names (`@calibrate/TIER` for the sweep, `@confirm/TIER` for the
//! confirmation samples) that no spec can declare, since tier names are
//! identifiers.

use super::CalibrateError;
use crate::answer::Verdict;
use crate::ask::{ask_batch, Client, Outcome};
use crate::check::calibrate::{CalibratedLever, Calibration};
use crate::check::program::{Program, TierDef};
use crate::eval::accept::Acceptor;
use crate::gen::{generate, Item};
use crate::judge::{judge_response, Accept};
use crate::syntax::ast::{Ident, Literal, TierValue};

/// The seed namespace of sweep items.
pub const SWEEP: &str = "@calibrate";
/// The seed namespace of confirmation items.
pub const CONFIRM: &str = "@confirm";

/// The setting of calibrated `lever` in a tier whose own setting is `base`
/// when the calibration path puts the lever at `value`: a fixed value becomes
/// `value`; a range keeps its width (at most the calibration range's) and is
/// centred on `value`, shifted to stay inside the calibration range, so a
/// tier that samples `givens 40..=43` stays a range of four values.
pub fn setting_at(lever: &CalibratedLever, base: &TierValue, value: i64) -> TierValue {
    match base {
        TierValue::Range { lo, hi, span } => {
            let width = (hi - lo).clamp(0, lever.hi - lever.lo);
            let start = (value - width / 2).clamp(lever.lo, lever.hi - width);
            TierValue::Range {
                lo: start,
                hi: start + width,
                span: *span,
            }
        }
        other => TierValue::Fixed(Literal::Int(value), other.span()),
    }
}

/// A tier setting as spec text (`41`, `40..=43`).
pub fn setting_text(value: &TierValue) -> String {
    match value {
        TierValue::Fixed(Literal::Int(v), _) => v.to_string(),
        TierValue::Fixed(Literal::Str(v), _) => format!("{v:?}"),
        TierValue::Fixed(Literal::Bool(v), _) => v.to_string(),
        TierValue::Range { lo, hi, .. } => format!("{lo}..={hi}"),
        TierValue::Weighted(..) => String::new(),
    }
}

/// The shape of a calibrated lever's setting (fixed, or a range of some
/// width), which tiers sharing a curve must have in common.
pub fn setting_shape(value: &TierValue) -> String {
    match value {
        TierValue::Range { lo, hi, .. } => format!("range of width {}", hi - lo),
        _ => "fixed".into(),
    }
}

/// A tier equal to `base` except that the calibrated levers take their
/// settings at `step` (see [`setting_at`]).
pub fn tier_at(base: &TierDef, calibration: &Calibration, step: i64, name: &str) -> TierDef {
    let mut values = base.values.clone();
    for ((lever, value), def) in calibration
        .values_at(step)
        .into_iter()
        .zip(&calibration.levers)
    {
        if let Some(slot) = values.get_mut(lever) {
            *slot = setting_at(def, slot, value);
        }
    }
    TierDef {
        name: Ident {
            name: name.to_string(),
            span: base.name.span,
        },
        values,
        span: base.span,
    }
}

/// What one measurement found, per language asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangCounts {
    /// The language.
    pub lang: String,
    /// Correct answers.
    pub correct: u64,
    /// Judged answers.
    pub judged: u64,
    /// Items whose every request failed (not judged).
    pub failed: u64,
    /// Judged answers whose content was empty (judged wrong, never cached).
    pub empty: u64,
    /// Judged answers cut off at the token limit (`finish_reason` `length`;
    /// judged as they are, never cached).
    pub truncated: u64,
}

/// The spec's `accept` condition, parsed once per measurement.
fn acceptor(program: &Program) -> Result<Option<Acceptor>, CalibrateError> {
    program
        .accept
        .as_ref()
        .map(|a| Acceptor::parse(&a.source))
        .transpose()
        .map_err(|message| CalibrateError::Options {
            message,
            help: "this is a bug in puzzlec: the checked `accept` condition should parse".into(),
        })
}

/// Whether `response` is a correct answer to `item` under the same judge as
/// `score` applies to the item's record.
pub fn correct(
    program: &Program,
    acceptor: Option<&Acceptor>,
    item: &Item,
    response: &str,
) -> bool {
    let accept = acceptor.map(|acceptor| Accept {
        acceptor,
        instance: &item.instance,
    });
    let (verdict, _) = judge_response(
        item.answer_kind,
        program.slot,
        &item.answer,
        accept,
        response,
    );
    verdict == Verdict::Correct
}

/// Generates items `start..start + count` of `base` at `step` under the
/// seed namespace `namespace`, asks them in each of `langs`, and judges.
#[allow(clippy::too_many_arguments)]
pub fn measure(
    client: &Client<'_>,
    program: &Program,
    calibration: &Calibration,
    base: &TierDef,
    namespace: &str,
    step: i64,
    start: u64,
    count: u64,
    seed: u64,
    langs: &[String],
    max_failures: usize,
) -> Result<Vec<LangCounts>, CalibrateError> {
    let tier_name = format!("{namespace}/{}", base.name.name);
    let mut scoped = program.clone();
    scoped.tiers = vec![tier_at(base, calibration, step, &tier_name)];
    let items: Vec<Item> = (start..start + count)
        .map(|i| generate(&scoped, &tier_name, i, seed))
        .collect::<Result<_, _>>()
        .map_err(Box::new)?;
    let acceptor = acceptor(program)?;
    let mut out = Vec::new();
    for lang in langs {
        let prompts: Vec<&str> = items
            .iter()
            .map(|it| it.renders.get(lang).map_or("", |r| r.question.as_str()))
            .collect();
        let result = ask_batch(
            client,
            &prompts,
            client.settings.concurrency,
            max_failures,
            &|_, _| {},
        );
        if let Some(stop) = result.stopped {
            return Err(stop.into());
        }
        let mut counts = LangCounts {
            lang: lang.clone(),
            correct: 0,
            judged: 0,
            failed: 0,
            empty: 0,
            truncated: 0,
        };
        for (item, outcome) in items.iter().zip(&result.outcomes) {
            match outcome {
                Outcome::Answered(answer, _) => {
                    counts.judged += 1;
                    counts.empty += u64::from(answer.is_empty());
                    counts.truncated += u64::from(answer.is_truncated());
                    if correct(program, acceptor.as_ref(), item, &answer.response) {
                        counts.correct += 1;
                    }
                }
                Outcome::Failed(_) | Outcome::NotAsked => counts.failed += 1,
            }
        }
        out.push(counts);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::calibrate::Harder;
    use crate::span::Span;

    fn lever(lo: i64, hi: i64) -> CalibratedLever {
        CalibratedLever {
            lever: 0,
            name: "givens".into(),
            lo,
            hi,
            harder: Harder::Down,
        }
    }

    fn range(lo: i64, hi: i64) -> TierValue {
        TierValue::Range {
            lo,
            hi,
            span: Span::default(),
        }
    }

    #[test]
    fn a_range_keeps_its_width_and_stays_inside_the_calibration_range() {
        let l = lever(28, 46);
        assert_eq!(setting_text(&setting_at(&l, &range(40, 43), 35)), "34..=37");
        assert_eq!(setting_text(&setting_at(&l, &range(40, 43), 46)), "43..=46");
        assert_eq!(setting_text(&setting_at(&l, &range(40, 43), 28)), "28..=31");
        // Wider than the calibration range: narrowed to it.
        assert_eq!(setting_text(&setting_at(&l, &range(17, 81), 30)), "28..=46");
        let fixed = TierValue::Fixed(Literal::Int(41), Span::default());
        assert_eq!(setting_text(&setting_at(&l, &fixed, 30)), "30");
    }
}
