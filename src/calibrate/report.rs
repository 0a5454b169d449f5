//! The Markdown report and the JSON summary of a calibration.

use super::options::Options;
use super::run::Outcome;
use crate::check::calibrate::LeverValue;
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
pub fn to_markdown(outcome: &Outcome, options: &Options, model: &str, calls: Calls) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "# Calibration of `{}` against `{model}`\n\n",
        outcome.puzzle
    ));
    let status = match &outcome.stopped {
        Some(why) => format!("**stopped early**: {why}. Run the same command again to continue; answers already received are cached."),
        None if outcome.success() => "**calibrated**: every tier landed in its band and adjacent tiers are far enough apart.".into(),
        None => "**not calibrated**: see the tiers marked below.".into(),
    };
    s.push_str(&format!("Status: {status}\n\n"));
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
        match (&t.out_of_reach, t.confirmations.first()) {
            (Some(why), _) => {
                s.push_str(&format!(
                    "| `{}` | {} | {band} | out of reach | | | | no | {} |\n",
                    t.tier,
                    pct(t.target),
                    t.rounds
                ));
                notes.push(format!("> `{}`: {why}\n", t.tier));
            }
            (None, Some(c)) => s.push_str(&format!(
                "| `{}` | {} | {band} | {} | {} | {} ({}/{}) | {}–{} | {} | {} |\n",
                t.tier,
                pct(t.target),
                settings(&t.settings),
                t.fitted.map_or("".into(), pct),
                pct(c.accuracy),
                c.correct,
                c.judged,
                pct(c.low),
                pct(c.high),
                if c.in_band { "yes" } else { "**no**" },
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
    if !outcome.mirrors.is_empty() {
        s.push_str("\n## Mirrored languages\n\nThe same confirmation items, asked in each other language of the spec.\n\n| tier | lang | confirmed | 95 % interval | in band |\n|---|---|---|---|---|\n");
        let mut misses = Vec::new();
        for t in &outcome.tiers {
            for c in t.confirmations.iter().skip(1) {
                s.push_str(&format!(
                    "| `{}` | `{}` | {} ({}/{}) | {}–{} | {} |\n",
                    t.tier,
                    c.lang,
                    pct(c.accuracy),
                    c.correct,
                    c.judged,
                    pct(c.low),
                    pct(c.high),
                    if c.in_band { "yes" } else { "**no**" }
                ));
                if !c.in_band {
                    misses.push(format!(
                        "`{}` in `{}` ({})",
                        t.tier,
                        c.lang,
                        pct(c.accuracy)
                    ));
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
        s.push_str(&format!(
            "\n### Group `{}` (tiers {})\n\n| step | levers | correct / judged | raw | fit | 95 % interval |\n|---|---|---|---|---|---|\n",
            c.group,
            c.tiers.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
        ));
        for f in &c.fit {
            let lv = outcome
                .points
                .iter()
                .find(|p| p.group == c.group && p.step == f.step)
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
    s
}

/// The JSON summary.
pub fn to_json(outcome: &Outcome, options: &Options, model: &str, calls: Calls) -> String {
    let value = json!({
        "puzzle": outcome.puzzle,
        "model": model,
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
        "points": outcome.points,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}
