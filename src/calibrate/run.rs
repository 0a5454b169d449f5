//! A whole calibration: group the target tiers by their other lever
//! settings, search each group's curve for every target (easiest first),
//! confirm each pick on a fresh sample (a miss goes back to the search with
//! the new data pooled in), mirror direct types to their other languages,
//! and check the separation of adjacent tiers.

use super::fit::{Curve, Fitted, Z95};
use super::measure::{measure, LangCounts, CONFIRM, SWEEP};
use super::options::Options;
use super::search::{search, Pick, Reach, SearchConfig};
use super::CalibrateError;
use crate::ask::Client;
use crate::check::calibrate::{Calibration, LeverValue};
use crate::check::program::{Family, Program, TierDef};
use crate::score::stats::wilson;
use std::collections::BTreeMap;

/// One measurement, as logged and reported.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PointRecord {
    /// The tier whose settings the items use (the group's first tier).
    pub group: String,
    /// `sweep` or `confirm`.
    pub phase: &'static str,
    /// The tier confirmed (confirmation samples only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<String>,
    /// The language asked.
    pub lang: String,
    /// The model asked.
    pub model: String,
    /// The step along the calibration path.
    pub step: i64,
    /// The calibrated lever values at the step.
    pub levers: BTreeMap<String, LeverValue>,
    /// The first item index of the sample.
    pub start: u64,
    /// Correct answers.
    pub correct: u64,
    /// Judged answers.
    pub judged: u64,
    /// Items not judged because every request failed.
    pub failed: u64,
    /// Judged answers that came back empty (never cached).
    pub empty: u64,
    /// Judged answers cut off at the token limit (never cached).
    pub truncated: u64,
}

impl PointRecord {
    /// The record of `counts` in `phase` at `(step, its lever values, first
    /// item index)`.
    fn of(
        counts: &super::measure::LangCounts,
        group: &str,
        phase: &'static str,
        tier: Option<String>,
        (step, levers, start): (i64, BTreeMap<String, LeverValue>, u64),
    ) -> PointRecord {
        PointRecord {
            group: group.to_string(),
            phase,
            tier,
            lang: counts.lang.clone(),
            model: counts.model.clone(),
            step,
            levers,
            start,
            correct: counts.correct,
            judged: counts.judged,
            failed: counts.failed,
            empty: counts.empty,
            truncated: counts.truncated,
        }
    }
}

/// A confirmation in one language.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Confirmation {
    /// The language.
    pub lang: String,
    /// The model.
    pub model: String,
    /// Correct answers.
    pub correct: u64,
    /// Judged answers.
    pub judged: u64,
    /// Accuracy.
    pub accuracy: f64,
    /// Wilson 95 % interval.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
    /// Whether the accuracy is inside the tier's band.
    pub in_band: bool,
}

/// The result for one tier.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TierResult {
    /// The tier.
    pub tier: String,
    /// Its target accuracy.
    pub target: f64,
    /// The group (tier whose curve it shares).
    pub group: String,
    /// The chosen step, when one was found.
    pub step: Option<i64>,
    /// The calibrated lever values at that step.
    pub levers: BTreeMap<String, LeverValue>,
    /// The tier's setting of each calibrated lever at that step, as written
    /// into the calibrated spec (`41`, or `40..=43` for a tier that samples
    /// a range).
    pub settings: BTreeMap<String, String>,
    /// The fitted sweep accuracy at the step.
    pub fitted: Option<f64>,
    /// The final confirmation in each language of each model (the
    /// calibration language first, each language with every model in order).
    pub confirmations: Vec<Confirmation>,
    /// Search-and-confirm rounds used.
    pub rounds: usize,
    /// Why no value was found, when none was.
    pub out_of_reach: Option<String>,
}

impl TierResult {
    /// The confirmations in `lang`, one per model.
    pub fn confirmed_in<'t>(&'t self, lang: &'t str) -> impl Iterator<Item = &'t Confirmation> {
        self.confirmations.iter().filter(move |c| c.lang == lang)
    }

    /// Whether it was confirmed in `lang` and every model's confirmation
    /// there is inside the band.
    pub fn in_band(&self, lang: &str) -> bool {
        self.confirmed_in(lang).next().is_some() && self.confirmed_in(lang).all(|c| c.in_band)
    }

    /// The confirmations in `lang` pooled over the models: correct, judged.
    pub fn pooled(&self, lang: &str) -> Option<(u64, u64)> {
        self.confirmed_in(lang).next()?;
        Some(
            self.confirmed_in(lang)
                .fold((0, 0), |(k, n), c| (k + c.correct, n + c.judged)),
        )
    }
}

/// The separation between two tiers adjacent in target order.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Separation {
    /// The easier tier.
    pub easier: String,
    /// The harder tier.
    pub harder: String,
    /// Confirmed accuracy of the easier minus that of the harder.
    pub gap: f64,
    /// Whether the gap reaches the required separation.
    pub ok: bool,
}

/// A group's fitted curve, for the report and the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupCurve {
    /// The group.
    pub group: String,
    /// The tiers in it.
    pub tiers: Vec<String>,
    /// The fit over the calibration language's sweep and confirmation data,
    /// pooled over the models (the curve the search follows).
    pub fit: Vec<Fitted>,
    /// With several models, each model's own fit, in model order.
    pub per_model: Vec<(String, Vec<Fitted>)>,
}

/// Everything a calibration found (possibly partial).
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The puzzle.
    pub puzzle: String,
    /// The language the sweep asks.
    pub lang: String,
    /// The models asked, in order.
    pub models: Vec<String>,
    /// Languages confirmed as mirrors.
    pub mirrors: Vec<String>,
    /// Per tier, in target order (easiest first).
    pub tiers: Vec<TierResult>,
    /// Per group.
    pub curves: Vec<GroupCurve>,
    /// Every measurement, in order.
    pub points: Vec<PointRecord>,
    /// Adjacent tiers' separations.
    pub separations: Vec<Separation>,
    /// Why the run stopped early, if it did.
    pub stopped: Option<String>,
}

impl Outcome {
    /// Whether every tier has a value, every model's confirmation in the
    /// calibration language is inside its band, and adjacent tiers are far
    /// enough apart.
    pub fn success(&self) -> bool {
        self.stopped.is_none()
            && self
                .tiers
                .iter()
                .all(|t| t.step.is_some() && t.in_band(&self.lang))
            && self.separations.iter().all(|s| s.ok)
    }
}

/// The calibration language: English when the spec renders it, else its
/// first language; direct types mirror the result to their other languages.
pub fn languages(program: &Program) -> (String, Vec<String>) {
    let lang = if program.languages.iter().any(|l| l == "en") {
        "en".to_string()
    } else {
        program
            .languages
            .first()
            .cloned()
            .unwrap_or_else(|| "en".into())
    };
    let mirrors = if program.family == Family::Direct {
        program
            .languages
            .iter()
            .filter(|l| **l != lang)
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    (lang, mirrors)
}

/// The values of the levers a calibration does not touch, and the shape
/// (fixed or a range of some width) of those it does, as a grouping key.
fn other_settings(tier: &TierDef, calibration: &Calibration) -> String {
    tier.values
        .iter()
        .enumerate()
        .map(
            |(i, v)| match calibration.levers.iter().find(|l| l.lever == i) {
                Some(l) => super::measure::setting_shape(l, v),
                None => format!("{:?}", strip_span(v)),
            },
        )
        .collect::<Vec<_>>()
        .join(";")
}

fn strip_span(v: &crate::syntax::ast::TierValue) -> String {
    use crate::syntax::ast::TierValue;
    match v {
        TierValue::Fixed(l, _) => format!("{l:?}"),
        TierValue::Range { lo, hi, .. } => format!("{lo}..={hi}"),
        TierValue::Weighted(w, _) => format!(
            "{:?}",
            w.iter()
                .map(|(l, n, _)| (l.clone(), *n))
                .collect::<Vec<_>>()
        ),
    }
}

/// Runs a calibration. `on_point` sees every measurement as it is made (the
/// CLI appends it to a log). A stop (spent budget, unreachable server)
/// returns the partial outcome with `stopped` set; other errors fail.
pub fn calibrate(
    clients: &[Client<'_>],
    program: &Program,
    options: &Options,
    max_failures: usize,
    on_point: &mut dyn FnMut(&PointRecord),
) -> Result<Outcome, CalibrateError> {
    options.validate()?;
    let calibration = program
        .calibration
        .clone()
        .ok_or_else(|| CalibrateError::NoBlock {
            puzzle: program.name.name.clone(),
        })?;
    for t in &options.targets {
        if program.tier(&t.tier).is_none() {
            return Err(CalibrateError::UnknownTier {
                tier: t.tier.clone(),
                puzzle: program.name.name.clone(),
                tiers: program.tier_names().join(", "),
            });
        }
    }
    let (lang, mirrors) = languages(program);
    let models: Vec<String> = clients.iter().map(|c| c.settings.model.clone()).collect();
    let mut targets = options.targets.clone();
    targets.sort_by(|a, b| b.accuracy.total_cmp(&a.accuracy));
    // Groups of tiers sharing every other lever setting, in target order.
    let mut groups: Vec<(String, String, Vec<usize>)> = Vec::new();
    for (i, t) in targets.iter().enumerate() {
        let tier = program
            .tier(&t.tier)
            .ok_or_else(|| CalibrateError::Options {
                message: format!("no tier `{}`", t.tier),
                help: String::new(),
            })?;
        let key = other_settings(tier, &calibration);
        match groups.iter_mut().find(|g| g.1 == key) {
            Some(g) => g.2.push(i),
            None => groups.push((t.tier.clone(), key, vec![i])),
        }
    }
    let mut outcome = Outcome {
        puzzle: program.name.name.clone(),
        lang: lang.clone(),
        models: models.clone(),
        mirrors: mirrors.clone(),
        tiers: Vec::new(),
        curves: Vec::new(),
        points: Vec::new(),
        separations: Vec::new(),
        stopped: None,
    };
    let levers_at = |step: i64| -> BTreeMap<String, LeverValue> {
        calibration
            .values_at(step)
            .into_iter()
            .zip(&calibration.levers)
            .map(|((_, v), l)| (l.name.clone(), v))
            .collect()
    };
    let cfg = SearchConfig {
        steps: calibration.steps(),
        n: options.n,
        band: options.band,
        aim: options.band / 2.0,
        max_points: options.max_points,
        max_per_step: options.n * 4,
    };
    let mut results: Vec<Option<TierResult>> = vec![None; targets.len()];
    // Why a tier is out of reach, written out from its group's final curve.
    let mut reasons: BTreeMap<usize, Reach> = BTreeMap::new();
    let mut stop: Option<CalibrateError> = None;
    'groups: for (group, _, members) in &groups {
        let Some(base) = program.tier(group) else {
            continue;
        };
        let mut curve = Curve::default();
        let mut model_curves: Vec<Curve> = vec![Curve::default(); clients.len()];
        let mut sweep_next: BTreeMap<i64, u64> = BTreeMap::new();
        let mut points: Vec<PointRecord> = Vec::new();
        for &ti in members {
            let target = &targets[ti];
            let mut result = TierResult {
                tier: target.tier.clone(),
                target: target.accuracy,
                group: group.clone(),
                step: None,
                levers: BTreeMap::new(),
                settings: BTreeMap::new(),
                fitted: None,
                confirmations: Vec::new(),
                rounds: 0,
                out_of_reach: None,
            };
            let mut confirm_next = 0u64;
            for round in 1..=options.rounds {
                result.rounds = round;
                let mut sweep_error: Option<CalibrateError> = None;
                let pick = {
                    let mut m = |step: i64, count: u64| -> Result<(u64, u64), CalibrateError> {
                        let start = *sweep_next.get(&step).unwrap_or(&0);
                        let counts = measure(
                            clients,
                            program,
                            &calibration,
                            base,
                            SWEEP,
                            step,
                            start,
                            count,
                            options.seed,
                            std::slice::from_ref(&lang),
                            max_failures,
                        )?;
                        sweep_next.insert(step, start + count);
                        let (mut correct, mut judged) = (0, 0);
                        for (c, model_curve) in counts.iter().zip(model_curves.iter_mut()) {
                            let at = (step, levers_at(step), start);
                            let mut record = PointRecord::of(c, group, "sweep", None, at);
                            record.lang = lang.clone();
                            on_point(&record);
                            points.push(record);
                            model_curve.add(step, c.correct, c.judged);
                            correct += c.correct;
                            judged += c.judged;
                        }
                        Ok((correct, judged))
                    };
                    search(&mut curve, target.accuracy, &cfg, &mut m)
                };
                let pick = match pick {
                    Ok(p) => p,
                    Err(e) => {
                        sweep_error = Some(e);
                        Pick::OutOfReach(Reach::Unmeasured)
                    }
                };
                if let Some(e) = sweep_error {
                    stop = Some(e);
                    results[ti] = Some(result);
                    close_group(
                        &mut outcome,
                        &mut points,
                        group,
                        members,
                        &targets,
                        &curve,
                        &model_curves,
                    );
                    break 'groups;
                }
                let step = match pick {
                    Pick::Step(s) => s,
                    Pick::OutOfReach(why) => {
                        reasons.insert(ti, why);
                        break;
                    }
                };
                // The calibration language first; the mirrors only once the
                // pick is final (in band, or the last round).
                let confirm = |langs: &[String]| {
                    measure(
                        clients,
                        program,
                        &calibration,
                        base,
                        &format!("{CONFIRM}/{}", target.tier),
                        step,
                        confirm_next,
                        options.confirm_n,
                        options.seed,
                        langs,
                        max_failures,
                    )
                };
                let confirmed = confirm(std::slice::from_ref(&lang)).and_then(|mut counts| {
                    let hit = counts
                        .iter()
                        .all(|c| confirmation(c, target.accuracy, options.band).in_band);
                    if (hit || round == options.rounds) && !mirrors.is_empty() {
                        counts.extend(confirm(&mirrors)?);
                    }
                    Ok(counts)
                });
                let counts = match confirmed {
                    Ok(c) => c,
                    Err(e) => {
                        stop = Some(e);
                        results[ti] = Some(result);
                        close_group(
                            &mut outcome,
                            &mut points,
                            group,
                            members,
                            &targets,
                            &curve,
                            &model_curves,
                        );
                        break 'groups;
                    }
                };
                for c in &counts {
                    let at = (step, levers_at(step), confirm_next);
                    let tier = Some(target.tier.clone());
                    let record = PointRecord::of(c, group, "confirm", tier, at);
                    on_point(&record);
                    points.push(record);
                }
                confirm_next += options.confirm_n;
                let fitted = super::fit::predict(&curve.fit(), step);
                for (c, model_curve) in counts.iter().zip(model_curves.iter_mut()) {
                    // The first counts are the calibration language's, one per model.
                    curve.add(step, c.correct, c.judged);
                    model_curve.add(step, c.correct, c.judged);
                }
                result.step = Some(step);
                result.levers = levers_at(step);
                result.settings = settings_at(program, &calibration, &target.tier, step);
                result.fitted = fitted;
                result.confirmations = counts
                    .iter()
                    .map(|c| confirmation(c, target.accuracy, options.band))
                    .collect();
                if result.in_band(&lang) {
                    break;
                }
            }
            results[ti] = Some(result);
        }
        close_group(
            &mut outcome,
            &mut points,
            group,
            members,
            &targets,
            &curve,
            &model_curves,
        );
    }
    for (ti, reach) in &reasons {
        let fit = outcome
            .curves
            .iter()
            .find(|c| c.tiers.contains(&targets[*ti].tier))
            .map_or_else(Vec::new, |c| c.fit.clone());
        if let Some(Some(result)) = results.get_mut(*ti) {
            result.out_of_reach = Some(reach.explain(
                &fit,
                targets[*ti].accuracy,
                options.band,
                &|s| calibration.describe_step(s),
            ));
        }
    }
    outcome.tiers = results.into_iter().flatten().collect();
    for pair in outcome.tiers.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let share = |(k, n): (u64, u64)| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        if let (Some(ca), Some(cb)) = (a.pooled(&lang), b.pooled(&lang)) {
            let gap = share(ca) - share(cb);
            outcome.separations.push(Separation {
                easier: a.tier.clone(),
                harder: b.tier.clone(),
                gap,
                ok: gap >= options.separation - 1e-12,
            });
        }
    }
    match stop {
        None => {}
        Some(CalibrateError::Ask(e)) => outcome.stopped = Some(e.to_string()),
        Some(other) => return Err(other),
    }
    Ok(outcome)
}

/// Tier `tier`'s setting of each calibrated lever at `step`, as spec text.
fn settings_at(
    program: &Program,
    calibration: &Calibration,
    tier: &str,
    step: i64,
) -> BTreeMap<String, String> {
    let Some(tier) = program.tier(tier) else {
        return BTreeMap::new();
    };
    calibration
        .values_at(step)
        .into_iter()
        .zip(&calibration.levers)
        .filter_map(|((i, value), lever)| {
            let base = tier.values.get(i)?;
            let setting = super::measure::setting_at(lever, base, &value);
            Some((lever.name.clone(), super::measure::setting_text(&setting)))
        })
        .collect()
}

/// Ends a group's measurements: its points move into `outcome`, and its
/// curve (pooled and per model) is recorded.
fn close_group(
    outcome: &mut Outcome,
    points: &mut Vec<PointRecord>,
    group: &str,
    members: &[usize],
    targets: &[super::options::Target],
    curve: &Curve,
    model_curves: &[Curve],
) {
    outcome.points.append(points);
    let per_model = if model_curves.len() > 1 {
        outcome
            .models
            .iter()
            .cloned()
            .zip(model_curves.iter().map(Curve::fit))
            .collect()
    } else {
        Vec::new()
    };
    outcome.curves.push(GroupCurve {
        group: group.to_string(),
        tiers: members.iter().map(|&i| targets[i].tier.clone()).collect(),
        fit: curve.fit(),
        per_model,
    });
}

fn confirmation(c: &LangCounts, target: f64, band: f64) -> Confirmation {
    let accuracy = if c.judged == 0 {
        0.0
    } else {
        c.correct as f64 / c.judged as f64
    };
    let (low, high) = wilson(c.correct, c.judged, Z95);
    Confirmation {
        lang: c.lang.clone(),
        model: c.model.clone(),
        correct: c.correct,
        judged: c.judged,
        accuracy,
        low,
        high,
        in_band: c.judged > 0 && (accuracy - target).abs() <= band + 1e-12,
    }
}
