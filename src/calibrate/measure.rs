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
use crate::ask::{ask_batch, Client, Outcome, Prompt};
use crate::check::calibrate::{CalibratedLever, Calibration, LeverPath, LeverValue};
use crate::check::program::{Program, TierDef};
use crate::check::show_literal;
use crate::eval::accept::Acceptor;
use crate::gen::{generate, Item};
use crate::judge::{judge_response, Accept};
use crate::syntax::ast::{Ident, Literal, TierValue};

/// The seed namespace of sweep items.
pub const SWEEP: &str = "@calibrate";
/// The seed namespace of confirmation items.
pub const CONFIRM: &str = "@confirm";

/// The setting of calibrated `lever` in a tier whose own setting is `base`
/// when the calibration path puts the lever at `value`. On an integer range,
/// a fixed value becomes `value`, and a range keeps its width (at most the
/// calibration range's) and is centred on `value`, shifted to stay inside
/// the calibration range, so a tier that samples `givens 40..=43` stays a
/// range of four values. On an ordered path the setting becomes the value;
/// on a mixture path it becomes the mixture (`weighted { .. }`), whatever
/// the tier had.
pub fn setting_at(lever: &CalibratedLever, base: &TierValue, value: &LeverValue) -> TierValue {
    let span = base.span();
    match (&lever.path, base, value) {
        (
            LeverPath::Range {
                lo: clo, hi: chi, ..
            },
            TierValue::Range { lo, hi, .. },
            LeverValue::Fixed(Literal::Int(v)),
        ) => {
            let width = (hi - lo).clamp(0, chi - clo);
            let start = (v - width / 2).clamp(*clo, chi - width);
            TierValue::Range {
                lo: start,
                hi: start + width,
                span,
            }
        }
        (_, _, LeverValue::Fixed(lit)) => TierValue::Fixed(lit.clone(), span),
        (_, _, LeverValue::Mix(_)) => TierValue::Weighted(
            value
                .weights()
                .into_iter()
                .map(|(lit, n)| (lit, n, span))
                .collect(),
            span,
        ),
    }
}

/// A tier setting as spec text (`41`, `40..=43`, `"label"`,
/// `weighted { "day": 1, "hour_from_day": 4 }`).
pub fn setting_text(value: &TierValue) -> String {
    match value {
        TierValue::Fixed(lit, _) => show_literal(lit),
        TierValue::Range { lo, hi, .. } => format!("{lo}..={hi}"),
        TierValue::Weighted(entries, _) => format!(
            "weighted {{ {} }}",
            entries
                .iter()
                .map(|(lit, n, _)| format!("{}: {n}", show_literal(lit)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The shape of a calibrated lever's setting that tiers sharing a curve
/// must have in common: on an integer range, fixed or a range of some
/// width; on an ordered or mixture path the path sets it whole.
pub fn setting_shape(lever: &CalibratedLever, value: &TierValue) -> String {
    match (&lever.path, value) {
        (LeverPath::Range { .. }, TierValue::Range { lo, hi, .. }) => {
            format!("range of width {}", hi - lo)
        }
        (LeverPath::Range { .. }, _) => "fixed".into(),
        _ => "set by the path".into(),
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
            *slot = setting_at(def, slot, &value);
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

/// What one measurement found, per language and model asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangCounts {
    /// The language.
    pub lang: String,
    /// The model.
    pub model: String,
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

/// Whether `response` is a correct answer to `item` in `lang` under the same
/// judge as `score` applies to the item's record in that language.
pub fn correct(
    program: &Program,
    acceptor: Option<&Acceptor>,
    item: &Item,
    lang: &str,
    response: &str,
) -> bool {
    let accept = acceptor.map(|acceptor| Accept {
        acceptor,
        instance: &item.instance,
    });
    let (verdict, _) = judge_response(
        item.answer_kind,
        program.slot,
        item.answer_in(lang),
        accept,
        response,
    );
    verdict == Verdict::Correct
}

/// Generates items `start..start + count` of `base` at `step` under the
/// seed namespace `namespace`, asks them in each of `langs` of each model of
/// `clients` (the same items for all), and judges. The counts come language
/// by language, each with every model in order.
#[allow(clippy::too_many_arguments)]
pub fn measure(
    clients: &[Client<'_>],
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
    for (lang, client) in langs
        .iter()
        .flat_map(|l| clients.iter().map(move |c| (l, c)))
    {
        let prompts: Vec<Prompt<'_>> = items
            .iter()
            .map(|it| Prompt::plain(it.renders.get(lang).map_or("", |r| r.question.as_str())))
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
            model: client.settings.model.clone(),
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
                    if correct(program, acceptor.as_ref(), item, lang, &answer.response) {
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
            path: LeverPath::Range {
                lo,
                hi,
                harder: Harder::Down,
            },
        }
    }

    fn range(lo: i64, hi: i64) -> TierValue {
        TierValue::Range {
            lo,
            hi,
            span: Span::default(),
        }
    }

    fn int(v: i64) -> LeverValue {
        LeverValue::Fixed(Literal::Int(v))
    }

    #[test]
    fn a_range_keeps_its_width_and_stays_inside_the_calibration_range() {
        let l = lever(28, 46);
        let at = |base: &TierValue, v| setting_text(&setting_at(&l, base, &int(v)));
        assert_eq!(at(&range(40, 43), 35), "34..=37");
        assert_eq!(at(&range(40, 43), 46), "43..=46");
        assert_eq!(at(&range(40, 43), 28), "28..=31");
        // Wider than the calibration range: narrowed to it.
        assert_eq!(at(&range(17, 81), 30), "28..=46");
        let fixed = TierValue::Fixed(Literal::Int(41), Span::default());
        assert_eq!(at(&fixed, 30), "30");
    }

    #[test]
    fn a_mixture_replaces_any_setting_and_drops_zero_weights() {
        let s = |x: &str| Literal::Str(x.into());
        let l = CalibratedLever {
            lever: 0,
            name: "ask".into(),
            path: LeverPath::Mixture {
                from: vec![(s("gap"), 1), (s("count"), 0)],
                to: vec![(s("gap"), 0), (s("count"), 1)],
                steps: 4,
            },
        };
        let fixed = TierValue::Fixed(s("gap"), Span::default());
        let at = |p| setting_text(&setting_at(&l, &fixed, &l.path.at(p)));
        assert_eq!(at(0), "weighted { \"gap\": 1 }");
        assert_eq!(at(1), "weighted { \"gap\": 3, \"count\": 1 }");
        assert_eq!(at(4), "weighted { \"count\": 1 }");
        assert_eq!(setting_shape(&l, &fixed), setting_shape(&l, &range(1, 2)));
    }
}
