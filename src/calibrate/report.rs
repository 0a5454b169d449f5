//! The Markdown report and the JSON summary of a calibration.

use super::fit::Z95;
use super::options::Options;
use super::run::Outcome;
use crate::check::calibrate::LeverValue;
use crate::score::stats::wilson;
use serde_json::json;

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn levers(map: &std::collections::BTreeMap<String, LeverValue>) -> String {
    map.iter()
        .map(|(k, v)| format!("`{k} = {v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn settings(map: &std::collections::BTreeMap<String, String>) -> String {
    map.iter()
        .map(|(k, v)| format!("`{k} = {v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Model calls of a run: requests sent and answers read from the cache.
#[derive(Debug, Clone, Copy, Default)]
pub struct Calls {
    /// HTTP requests sent (retries included).
    pub requests: u64,
    /// Answers received from the server.
    pub received: u64,
    /// Answers read from the cache.
    pub cached: u64,
}

/// The Markdown report.
pub fn to_markdown(outcome: &Outcome, options: &Options, calls: Calls) -> String {
    let mut s = String::new();
    let several = outcome.models.len() > 1;
    s.push_str(&format!(
        "# Calibration of `{}` against {}\n\n",
        outcome.puzzle,
        outcome
            .models
            .iter()
            .map(|m| format!("`{m}`"))
            .collect::<Vec<_>>()
            .join(" and ")
    ));
    let status = match &outcome.stopped {
        Some(why) => format!("**stopped early**: {why}. Run the same command again to continue; answers already received are cached."),
        None if outcome.success() => "**calibrated**: every tier landed in its band and adjacent tiers are far enough apart.".into(),
        None => "**not calibrated**: see the tiers marked below.".into(),
    };
    s.push_str(&format!("Status: {status}\n\n"));
    if several {
        s.push_str("Models: every item is asked of each model; the search follows the accuracy pooled over the models (the same items for each), and a tier is in band only when every model's confirmation in the sweep language is inside the band. Separations use the pooled confirmed accuracy. Each model's own curve and confirmations are listed below.\n\n");
    }
    s.push_str(&format!(
        "Sweep language `{}`{}; band ±{:.0} pp; separation ≥ {:.0} pp; {} items per sweep point, {} per confirmation; seed {}.\n\n",
        outcome.lang,
        if outcome.mirrors.is_empty() {
            String::new()
        } else {
            format!(", mirrored to {}", outcome.mirrors.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", "))
        },
        options.band * 100.0,
        options.separation * 100.0,
        options.n,
        options.confirm_n,
        options.seed
    ));
    s.push_str(&format!(
        "Model calls: {} request(s) sent, {} answer(s) received, {} read from the cache.\n\n",
        calls.requests, calls.received, calls.cached
    ));
    let tally = |f: fn(&super::run::PointRecord) -> u64| outcome.points.iter().map(f).sum::<u64>();
    let (failed, empty, truncated) = (
        tally(|p| p.failed),
        tally(|p| p.empty),
        tally(|p| p.truncated),
    );
    if failed + empty + truncated > 0 {
        s.push_str(&format!(
            "Incomplete answers: {failed} item(s) failed every request (not judged), {empty} answer(s) came back empty and {truncated} were cut off at the token limit (judged as they are, never cached); `points.jsonl` has them per point.\n\n"
        ));
    }
    let mut notes: Vec<String> = Vec::new();
    s.push_str("## Tiers\n\n| tier | target | band | levers | sweep fit | confirmed | 95 % interval | in band | rounds |\n|---|---|---|---|---|---|---|---|---|\n");
    for t in &outcome.tiers {
        let band = format!(
            "{}–{}",
            pct(t.target - options.band),
            pct(t.target + options.band)
        );
        let pooled = t.pooled(&outcome.lang).map(|(k, n)| {
            let (low, high) = wilson(k, n, Z95);
            let acc = if n == 0 { 0.0 } else { k as f64 / n as f64 };
            (acc, k, n, low, high, t.in_band(&outcome.lang))
        });
        match (&t.out_of_reach, pooled) {
            (Some(why), _) => {
                s.push_str(&format!(
                    "| `{}` | {} | {band} | out of reach | | | | no | {} |\n",
                    t.tier,
                    pct(t.target),
                    t.rounds
                ));
                notes.push(format!("> `{}`: {why}\n", t.tier));
            }
            (None, Some((acc, k, n, low, high, in_band))) => s.push_str(&format!(
                "| `{}` | {} | {band} | {} | {} | {} ({k}/{n}) | {}–{} | {} | {} |\n",
                t.tier,
                pct(t.target),
                settings(&t.settings),
                t.fitted.map_or("".into(), pct),
                pct(acc),
                pct(low),
                pct(high),
                if in_band { "yes" } else { "**no**" },
                t.rounds
            )),
            (None, None) => s.push_str(&format!(
                "| `{}` | {} | {band} | not reached | | | | | {} |\n",
                t.tier,
                pct(t.target),
                t.rounds
            )),
        }
    }
    for note in &notes {
        s.push('\n');
        s.push_str(note);
    }
    if several {
        s.push_str("\n## Models\n\nEach model's confirmation in the sweep language.\n\n| tier | model | confirmed | 95 % interval | in band |\n|---|---|---|---|---|\n");
        for t in &outcome.tiers {
            for c in t.confirmed_in(&outcome.lang) {
                s.push_str(&confirmation_row(&t.tier, &c.model, c));
            }
        }
    }
    if !outcome.mirrors.is_empty() {
        s.push_str("\n## Mirrored languages\n\nThe same confirmation items, asked in each other language of the spec.\n\n| tier | lang | confirmed | 95 % interval | in band |\n|---|---|---|---|---|\n");
        let mut misses = Vec::new();
        for t in &outcome.tiers {
            for c in t.confirmations.iter().filter(|c| c.lang != outcome.lang) {
                let cell = if several {
                    format!("`{}` of `{}`", c.lang, c.model)
                } else {
                    format!("`{}`", c.lang)
                };
                s.push_str(&confirmation_row(&t.tier, &cell, c));
                if !c.in_band {
                    misses.push(format!("`{}` in {cell} ({})", t.tier, pct(c.accuracy)));
                }
            }
        }
        if !misses.is_empty() {
            s.push_str(&format!(
                "\nMirrored cells outside their band: {}. The levers were calibrated on `{}`; these cells are reported, not re-tuned.\n",
                misses.join(", "),
                outcome.lang
            ));
        }
    }
    if !outcome.separations.is_empty() {
        s.push_str("\n## Separation\n\n| easier | harder | gap | ok |\n|---|---|---|---|\n");
        for sep in &outcome.separations {
            s.push_str(&format!(
                "| `{}` | `{}` | {:.1} pp | {} |\n",
                sep.easier,
                sep.harder,
                sep.gap * 100.0,
                if sep.ok { "yes" } else { "**no**" }
            ));
        }
    }
    s.push_str("\n## Curves\n\nIsotonic (non-increasing) fit of the sweep and confirmation data in the sweep language; the interval is Wilson 95 % of the pooled block.\n");
    for c in &outcome.curves {
        let tiers = c
            .tiers
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let pooled = if several {
            ", pooled over the models"
        } else {
            ""
        };
        s.push_str(&format!(
            "\n### Group `{}` (tiers {tiers}){pooled}\n",
            c.group
        ));
        curve_table(&mut s, outcome, &c.group, &c.fit);
        for (model, fit) in &c.per_model {
            s.push_str(&format!(
                "\n### Group `{}` (tiers {tiers}), model `{model}`\n",
                c.group
            ));
            curve_table(&mut s, outcome, &c.group, fit);
        }
    }
    s
}

/// A row of a confirmation table: tier, the cell named `what`, accuracy,
/// interval and verdict.
fn confirmation_row(tier: &str, what: &str, c: &super::run::Confirmation) -> String {
    let what = if what.starts_with('`') {
        what.to_string()
    } else {
        format!("`{what}`")
    };
    format!(
        "| `{tier}` | {what} | {} ({}/{}) | {}–{} | {} |\n",
        pct(c.accuracy),
        c.correct,
        c.judged,
        pct(c.low),
        pct(c.high),
        if c.in_band { "yes" } else { "**no**" }
    )
}

/// A curve's points: step, levers, counts, raw accuracy, fit and interval.
fn curve_table(s: &mut String, outcome: &Outcome, group: &str, fit: &[super::fit::Fitted]) {
    s.push_str("\n| step | levers | correct / judged | raw | fit | 95 % interval |\n|---|---|---|---|---|---|\n");
    for f in fit {
        let lv = outcome
            .points
            .iter()
            .find(|p| p.group == group && p.step == f.step)
            .map(|p| levers(&p.levers))
            .unwrap_or_default();
        s.push_str(&format!(
            "| {} | {lv} | {}/{} | {} | {} | {}–{} |\n",
            f.step,
            f.counts.correct,
            f.counts.total,
            pct(f.counts.accuracy()),
            pct(f.value),
            pct(f.low),
            pct(f.high)
        ));
    }
}

/// The JSON summary.
pub fn to_json(outcome: &Outcome, options: &Options, calls: Calls) -> String {
    let fit_json = |fit: &[super::fit::Fitted]| {
        fit.iter()
            .map(|f| {
                json!({
                    "step": f.step,
                    "correct": f.counts.correct,
                    "judged": f.counts.total,
                    "fit": f.value,
                    "low": f.low,
                    "high": f.high,
                })
            })
            .collect::<Vec<_>>()
    };
    let curves: Vec<serde_json::Value> = outcome
        .curves
        .iter()
        .map(|c| {
            json!({
                "group": c.group,
                "tiers": c.tiers,
                "fit": fit_json(&c.fit),
                "per_model": c.per_model.iter().map(|(m, f)| json!({"model": m, "fit": fit_json(f)})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let value = json!({
        "puzzle": outcome.puzzle,
        "model": outcome.models.first(),
        "models": outcome.models,
        "status": match (&outcome.stopped, outcome.success()) {
            (Some(_), _) => "stopped",
            (None, true) => "calibrated",
            (None, false) => "not_calibrated",
        },
        "stopped": outcome.stopped,
        "lang": outcome.lang,
        "mirrors": outcome.mirrors,
        "band": options.band,
        "separation": options.separation,
        "n": options.n,
        "confirm_n": options.confirm_n,
        "seed": options.seed,
        "calls": {"requests": calls.requests, "received": calls.received, "cached": calls.cached},
        "tiers": outcome.tiers,
        "separations": outcome.separations,
        "curves": curves,
        "points": outcome.points,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}
