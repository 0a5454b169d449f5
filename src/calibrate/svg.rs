//! An SVG plot of accuracy against the calibration path: the target bands
//! shaded, every sweep point with its Wilson 95 % interval, the isotonic
//! fit, and each tier's chosen value with its confirmation per language.

use super::fit::Z95;
use super::options::Options;
use super::run::Outcome;
use crate::check::calibrate::Calibration;
use crate::score::stats::wilson;
use std::fmt::Write;

const W: f64 = 760.0;
const H: f64 = 440.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 60.0;
const BAND_COLORS: [&str; 4] = ["#d4edda", "#fff3cd", "#f8d7da", "#d6e4f0"];
const LANG_COLORS: [&str; 3] = ["#1f6feb", "#d1242f", "#8250df"];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The plot.
pub fn plot(outcome: &Outcome, calibration: &Calibration, options: &Options) -> String {
    let steps = calibration.steps().max(1) as f64;
    let x = |step: i64| LEFT + (step as f64 / steps) * (W - LEFT - RIGHT);
    let y = |acc: f64| TOP + (1.0 - acc.clamp(0.0, 1.0)) * (H - TOP - BOTTOM);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(s, r##"<rect width="{W}" height="{H}" fill="#ffffff"/>"##);
    let _ = write!(
        s,
        r#"<text x="{LEFT}" y="22" font-size="15">Accuracy of `{}` against the calibrated levers ({})</text>"#,
        esc(&outcome.puzzle),
        esc(&outcome.lang)
    );
    // Bands.
    for (i, t) in outcome.tiers.iter().enumerate() {
        let (top, bottom) = (y(t.target + options.band), y(t.target - options.band));
        let _ = write!(
            s,
            r#"<rect x="{LEFT}" y="{top:.1}" width="{:.1}" height="{:.1}" fill="{}" opacity="0.7"/>"#,
            W - LEFT - RIGHT,
            bottom - top,
            BAND_COLORS[i % BAND_COLORS.len()]
        );
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">{} band</text>"##,
            W - RIGHT - 4.0,
            top + 13.0,
            esc(&t.tier)
        );
    }
    // Axes and grid.
    for k in 0..=4 {
        let acc = k as f64 / 4.0;
        let yy = y(acc);
        let _ = write!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ccc"/><text x="{:.1}" y="{:.1}" text-anchor="end">{:.0} %</text>"##,
            W - RIGHT,
            LEFT - 6.0,
            yy + 4.0,
            acc * 100.0
        );
    }
    let ticks = 6i64;
    for k in 0..=ticks {
        let step = (calibration.steps() * k + ticks / 2) / ticks;
        let xx = x(step);
        let label = calibration
            .values_at(step)
            .iter()
            .map(|(_, v)| v.short())
            .collect::<Vec<_>>()
            .join("/");
        let _ = write!(
            s,
            r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="#333"/><text x="{xx:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            H - BOTTOM,
            H - BOTTOM + 5.0,
            H - BOTTOM + 18.0,
            esc(&label)
        );
    }
    let names = calibration
        .levers
        .iter()
        .map(|l| format!("{} ({})", l.name, l.path.direction()))
        .collect::<Vec<_>>()
        .join(" / ");
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 18.0,
        esc(&names)
    );
    let _ = write!(
        s,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.1}" stroke="#333"/><line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#333"/>"##,
        H - BOTTOM,
        H - BOTTOM,
        W - RIGHT,
        H - BOTTOM
    );
    // Sweep points with intervals, and the fit.
    for curve in &outcome.curves {
        for f in &curve.fit {
            let (lo, hi) = wilson(f.counts.correct, f.counts.total, Z95);
            let xx = x(f.step);
            let _ = write!(
                s,
                r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="#888"/><circle cx="{xx:.1}" cy="{:.1}" r="3.5" fill="#444"><title>{}: {}/{}</title></circle>"##,
                y(hi),
                y(lo),
                y(f.counts.accuracy()),
                esc(&calibration.describe_step(f.step)),
                f.counts.correct,
                f.counts.total
            );
        }
        let pts: Vec<String> = curve
            .fit
            .iter()
            .map(|f| format!("{:.1},{:.1}", x(f.step), y(f.value)))
            .collect();
        if pts.len() > 1 {
            let _ = write!(
                s,
                r##"<polyline points="{}" fill="none" stroke="#333" stroke-width="1.5"/>"##,
                pts.join(" ")
            );
        }
        // With several models, each model's own fit, dashed.
        for (k, (model, fit)) in curve.per_model.iter().enumerate() {
            let pts: Vec<String> = fit
                .iter()
                .map(|f| format!("{:.1},{:.1}", x(f.step), y(f.value)))
                .collect();
            let _ = write!(
                s,
                r##"<polyline points="{}" fill="none" stroke="#777" stroke-width="1.2" stroke-dasharray="{} 3"><title>fit of {}</title></polyline>"##,
                pts.join(" "),
                2 + 3 * k,
                esc(model)
            );
        }
    }
    // Chosen values and confirmations.
    let mut langs: Vec<String> = vec![outcome.lang.clone()];
    langs.extend(outcome.mirrors.iter().cloned());
    for t in &outcome.tiers {
        let Some(step) = t.step else { continue };
        let xx = x(step);
        let _ = write!(
            s,
            r##"<line x1="{xx:.1}" y1="{TOP}" x2="{xx:.1}" y2="{:.1}" stroke="#000" stroke-dasharray="4 3"/><text x="{:.1}" y="{:.1}">{}</text>"##,
            H - BOTTOM,
            xx + 3.0,
            TOP + 12.0,
            esc(&t.tier)
        );
        for c in &t.confirmations {
            let li = langs.iter().position(|l| *l == c.lang).unwrap_or(0);
            let color = LANG_COLORS[li % LANG_COLORS.len()];
            let (cx, cy) = (xx + 6.0 * li as f64, y(c.accuracy));
            let _ = write!(
                s,
                r#"<line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="{color}"/><path d="M{cx:.1},{:.1} l5,5 l-5,5 l-5,-5 z" fill="{color}"><title>{} {} {}: {:.1} %</title></path>"#,
                y(c.high),
                y(c.low),
                cy - 5.0,
                esc(&t.tier),
                esc(&c.lang),
                esc(&c.model),
                c.accuracy * 100.0
            );
        }
    }
    // Legend.
    let mut lx = LEFT + 10.0;
    let ly = H - 36.0;
    let _ = write!(
        s,
        r##"<circle cx="{lx:.1}" cy="{ly:.1}" r="3.5" fill="#444"/><text x="{:.1}" y="{:.1}">sweep (Wilson 95 %)</text>"##,
        lx + 8.0,
        ly + 4.0
    );
    lx += 150.0;
    for (i, l) in langs.iter().enumerate() {
        let color = LANG_COLORS[i % LANG_COLORS.len()];
        let _ = write!(
            s,
            r#"<path d="M{lx:.1},{:.1} l5,5 l-5,5 l-5,-5 z" fill="{color}"/><text x="{:.1}" y="{:.1}">confirmed ({})</text>"#,
            ly - 5.0,
            lx + 8.0,
            ly + 4.0,
            esc(l)
        );
        lx += 120.0;
    }
    s.push_str("</svg>\n");
    s
}
