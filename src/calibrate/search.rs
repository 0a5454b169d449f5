//! Successive narrowing along the calibration path: measure the two ends,
//! then repeatedly measure where the monotone fit predicts the target
//! accuracy, until a measured step lands close to the target, the band is
//! shown to be out of reach, or the point budget is spent. The search only
//! sees a `measure(step, count)` callback, so it is tested offline.

use super::fit::{Curve, Fitted};

/// How the search behaves.
#[derive(Debug, Clone, Copy)]
pub struct SearchConfig {
    /// The largest step (step 0 is the easiest end).
    pub steps: i64,
    /// Items per measurement.
    pub n: u64,
    /// Half-width of the target band (0.10 = ±10 pp).
    pub band: f64,
    /// A measured step within this distance of the target is taken at once
    /// (half the band, so noise and the confirmation have room).
    pub aim: f64,
    /// The most measurements one target may add.
    pub max_points: usize,
    /// The most items measured at one step before its estimate is trusted.
    pub max_per_step: u64,
}

/// The outcome of searching one target.
#[derive(Debug, Clone, PartialEq)]
pub enum Pick {
    /// This step's fitted accuracy is within the band.
    Step(i64),
    /// No step reaches the band; why (see [`Reach::explain`]).
    OutOfReach(Reach),
}

/// Why no step was picked. The figures are not stored: a reason is written
/// from the curve as it stands when the report is made ([`Reach::explain`]),
/// so it always quotes what the reported curve shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The easiest end is below the band (`true`) or the hardest end above
    /// it (`false`).
    End {
        /// The step of that end.
        step: i64,
        /// Whether the whole path is too hard.
        too_hard: bool,
    },
    /// The target falls between the neighbouring steps `above` and `below`
    /// and neither is inside the band.
    Between {
        /// The easier step, above the band.
        above: i64,
        /// The next step, below the band.
        below: i64,
    },
    /// No measured step reached the band within the point budget.
    Budget {
        /// The point budget.
        max_points: usize,
    },
    /// The ends of the path could not be measured (nothing was judged).
    Unmeasured,
    /// The fit does not cross the target.
    NoCrossing,
}

impl Reach {
    /// The reason in a sentence, with the figures of `fit` (the reported
    /// curve): the isotonic fit, the raw counts and the Wilson interval of
    /// each step it names. A jump over the band is claimed only when both
    /// neighbours' intervals are clear of the band.
    pub fn explain(
        &self,
        fit: &[Fitted],
        target: f64,
        band: f64,
        describe: &dyn Fn(i64) -> String,
    ) -> String {
        let (lo, hi) = (target - band, target + band);
        let figure = |step: i64| match at(fit, step) {
            Some(f) => format!(
                "{} ({} of {} correct; 95 % interval {}–{})",
                pct(f.value),
                f.counts.correct,
                f.counts.total,
                pct(f.low),
                pct(f.high)
            ),
            None => "nothing judged".into(),
        };
        match *self {
            Reach::End { step, too_hard } => {
                let (which, side) = if too_hard {
                    ("the easiest", "below")
                } else {
                    ("the hardest", "above")
                };
                format!(
                    "even {which} value of the range ({}) gives {}, {side} the band {}–{}; widen the `calibrate` range or change another lever",
                    describe(step),
                    figure(step),
                    pct(lo),
                    pct(hi)
                )
            }
            Reach::Between { above, below } => {
                let sure = match (at(fit, above), at(fit, below)) {
                    (Some(a), Some(b)) => a.low > hi && b.high < lo,
                    _ => false,
                };
                let verdict = if sure {
                    "both intervals clear of the band: the lever moves difficulty in steps too coarse for it"
                } else {
                    "the measurements cannot tell whether a value between them would land in it; raise `--n` or `--max-points`"
                };
                format!(
                    "accuracy falls from {} at {} to {} at {}, the next value, and neither is inside the band {}–{}; {verdict}",
                    figure(above),
                    describe(above),
                    figure(below),
                    describe(below),
                    pct(lo),
                    pct(hi)
                )
            }
            Reach::Budget { max_points } => format!(
                "no measured value reached the band {}–{} within {max_points} measurements; raise `--max-points`",
                pct(lo),
                pct(hi)
            ),
            Reach::Unmeasured => "the ends of the path could not be measured".into(),
            Reach::NoCrossing => "the fit does not cross the target".into(),
        }
    }
}

/// Measures `count` more items at `step`: returns (correct, judged).
pub type Measure<'m, E> = dyn FnMut(i64, u64) -> Result<(u64, u64), E> + 'm;

fn at(fit: &[Fitted], step: i64) -> Option<Fitted> {
    fit.iter().find(|f| f.step == step).copied()
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

/// Measures both ends of the path if they are not measured yet.
pub fn measure_ends<E>(
    curve: &mut Curve,
    cfg: &SearchConfig,
    measure: &mut Measure<'_, E>,
) -> Result<(), E> {
    for step in [0, cfg.steps] {
        if curve.total_at(step) == 0 {
            let (k, n) = measure(step, cfg.n)?;
            curve.add(step, k, n);
        }
    }
    Ok(())
}

/// Searches a step whose fitted accuracy is near `target`.
pub fn search<E>(
    curve: &mut Curve,
    target: f64,
    cfg: &SearchConfig,
    measure: &mut Measure<'_, E>,
) -> Result<Pick, E> {
    measure_ends(curve, cfg, measure)?;
    let (lo_band, hi_band) = (target - cfg.band, target + cfg.band);
    let in_band = |v: f64| v >= lo_band - 1e-12 && v <= hi_band + 1e-12;
    let mut added = 0usize;
    'search: loop {
        let fit = curve.fit();
        let more = |curve: &mut Curve, step: i64, measure: &mut Measure<'_, E>| {
            let (k, n) = measure(step, cfg.n)?;
            curve.add(step, k, n);
            Ok::<(), E>(())
        };
        // The measured step nearest the target, if it is close enough.
        let best = fit
            .iter()
            .min_by(|a, b| {
                (a.value - target)
                    .abs()
                    .total_cmp(&(b.value - target).abs())
                    .then(b.counts.total.cmp(&a.counts.total))
            })
            .copied();
        if let Some(b) = best {
            if (b.value - target).abs() <= cfg.aim + 1e-12 {
                return Ok(Pick::Step(b.step));
            }
        }
        let give_up = added >= cfg.max_points;
        let easy = at(&fit, 0);
        let hard = at(&fit, cfg.steps);
        let (Some(easy), Some(hard)) = (easy, hard) else {
            return Ok(Pick::OutOfReach(Reach::Unmeasured));
        };
        // The whole path is too hard, or too easy.
        for (end, too_hard) in [(easy, true), (hard, false)] {
            let wrong_side = if too_hard {
                end.value < target
            } else {
                end.value > target
            };
            if !wrong_side {
                continue;
            }
            if in_band(end.value) {
                return Ok(Pick::Step(end.step));
            }
            let sure = if too_hard {
                end.high < lo_band
            } else {
                end.low > hi_band
            };
            if sure || give_up || end.counts.total >= cfg.max_per_step {
                return Ok(Pick::OutOfReach(Reach::End {
                    step: end.step,
                    too_hard,
                }));
            }
            // Measure that end again and look at the whole curve anew.
            more(curve, end.step, measure)?;
            added += 1;
            continue 'search;
        }
        // Bracket: the last step above the target and the first below.
        let above = fit.iter().rev().find(|f| f.value > target).copied();
        let below = fit.iter().find(|f| f.value < target).copied();
        let (Some(a), Some(b)) = (above, below) else {
            return Ok(Pick::OutOfReach(Reach::NoCrossing));
        };
        if b.step - a.step <= 1 {
            // The target falls between two neighbouring steps.
            let mut near: Vec<Fitted> = [a, b].into_iter().filter(|f| in_band(f.value)).collect();
            near.sort_by(|x, y| {
                (x.value - target)
                    .abs()
                    .total_cmp(&(y.value - target).abs())
            });
            if let Some(f) = near.first() {
                return Ok(Pick::Step(f.step));
            }
            let sure = a.low > hi_band && b.high < lo_band;
            let thin = if a.counts.total <= b.counts.total {
                a
            } else {
                b
            };
            if sure || give_up || thin.counts.total >= cfg.max_per_step {
                return Ok(Pick::OutOfReach(Reach::Between {
                    above: a.step,
                    below: b.step,
                }));
            }
            more(curve, thin.step, measure)?;
            added += 1;
            continue;
        }
        if give_up {
            return Ok(match best.filter(|f| in_band(f.value)) {
                Some(f) => Pick::Step(f.step),
                None => Pick::OutOfReach(Reach::Budget {
                    max_points: cfg.max_points,
                }),
            });
        }
        // Interpolate the crossing between the bracket's steps.
        let t = (a.value - target) / (a.value - b.value);
        let guess = a.step as f64 + t * (b.step - a.step) as f64;
        let step = (guess.round() as i64).clamp(a.step + 1, b.step - 1);
        let step = if curve.total_at(step) > 0 {
            // Already measured (pooled into the bracket): split the gap.
            let mid = (a.step + b.step) / 2;
            if curve.total_at(mid) > 0 {
                if a.counts.total <= b.counts.total {
                    a.step
                } else {
                    b.step
                }
            } else {
                mid
            }
        } else {
            step
        };
        more(curve, step, measure)?;
        added += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic "model": item i at step s is correct when a hash of
    /// (s, i) falls below the true accuracy.
    fn truth(step: i64) -> f64 {
        1.0 / (1.0 + ((step as f64 - 30.0) / 5.0).exp())
    }

    fn hash(s: i64, i: u64) -> f64 {
        let mut x =
            (s as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 31;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 29;
        (x % 1_000_000) as f64 / 1_000_000.0
    }

    fn cfg() -> SearchConfig {
        SearchConfig {
            steps: 80,
            n: 400,
            band: 0.10,
            aim: 0.05,
            max_points: 10,
            max_per_step: 1600,
        }
    }

    fn run(
        curve: &mut Curve,
        target: f64,
        cfg: &SearchConfig,
        calls: &mut u64,
        shift: f64,
    ) -> Pick {
        let mut measure = |step: i64, count: u64| -> Result<(u64, u64), ()> {
            *calls += count;
            let p = (truth(step) + shift).clamp(0.0, 1.0);
            let k = (0..count).filter(|i| hash(step, *i + *calls) < p).count() as u64;
            Ok((k, count))
        };
        search(curve, target, cfg, &mut measure).expect("no error")
    }

    #[test]
    fn finds_every_band_with_few_calls() {
        let mut curve = Curve::default();
        let mut calls = 0;
        for target in [0.75, 0.5, 0.25] {
            match run(&mut curve, target, &cfg(), &mut calls, 0.0) {
                Pick::Step(s) => assert!(
                    (truth(s) - target).abs() <= 0.10,
                    "{target}: step {s} has {}",
                    truth(s)
                ),
                other => panic!("{target}: {other:?}"),
            }
        }
        // A full grid would be 81 points.
        assert!(calls <= 12 * 400, "{calls} calls");
    }

    #[test]
    fn an_unreachable_band_is_named() {
        let mut curve = Curve::default();
        let mut calls = 0;
        // Shift the model down: even step 0 is at most ~0.40.
        let pick = run(&mut curve, 0.75, &cfg(), &mut calls, -0.6);
        let Pick::OutOfReach(reach) = pick else {
            panic!("{pick:?}")
        };
        assert_eq!(
            reach,
            Reach::End {
                step: 0,
                too_hard: true
            }
        );
        // The reason quotes the curve it is given, raw counts included.
        let fit = curve.fit();
        let end = fit[0];
        let why = reach.explain(&fit, 0.75, 0.10, &|s| format!("s={s}"));
        let figure = format!("{:.1} %", end.value * 100.0);
        let counts = format!("{} of {} correct", end.counts.correct, end.counts.total);
        assert!(why.contains("easiest") && why.contains("below"), "{why}");
        assert!(why.contains(&figure) && why.contains(&counts), "{why}");
    }

    #[test]
    fn a_jump_is_claimed_only_when_both_neighbours_are_clear_of_the_band() {
        let reach = Reach::Between { above: 3, below: 4 };
        let mut curve = Curve::default();
        // 90 % and 10 % on 200 items each: both intervals clear of 40–60 %.
        curve.add(3, 180, 200);
        curve.add(4, 20, 200);
        let why = reach.explain(&curve.fit(), 0.5, 0.10, &|s| format!("s={s}"));
        assert!(why.contains("too coarse"), "{why}");
        // 70 % and 30 % on 10 items each: the intervals reach into the band.
        let mut thin = Curve::default();
        thin.add(3, 7, 10);
        thin.add(4, 3, 10);
        let why = reach.explain(&thin.fit(), 0.5, 0.10, &|s| format!("s={s}"));
        assert!(
            !why.contains("too coarse") && why.contains("cannot tell"),
            "{why}"
        );
    }
}
