//! The figures of a comparison as hand-written SVG: a heatmap of accuracy
//! (task × model), a scatter plot with its fitted line per regression, and
//! small multiples of accuracy by tier (one panel per task, one line per
//! model).

use std::fmt::Write;

use super::analysis::Comparison;
use super::regression::Regression;

const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// `&`, `<`, `>` and `"` escaped for SVG text and attributes.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(s: &mut String, w: f64, h: f64, title: &str) {
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12"><rect width="{w}" height="{h}" fill="white"/><text x="12" y="22" font-size="15">{}</text>"#,
        esc(title)
    );
}

/// A colour from white-ish red (0 %) through yellow to green (100 %).
fn heat(a: f64) -> String {
    let a = a.clamp(0.0, 1.0);
    let (r, g, b) = if a < 0.5 {
        let t = a / 0.5;
        (215.0 + 40.0 * t, 48.0 + 175.0 * t, 39.0 + 100.0 * t)
    } else {
        let t = (a - 0.5) / 0.5;
        (255.0 - 229.0 * t, 223.0 - 71.0 * t, 139.0 - 59.0 * t)
    };
    format!("rgb({},{},{})", r.round(), g.round(), b.round())
}

/// The heatmap: one row per task, one column per model, the accuracy
/// printed in each cell.
pub fn heatmap(c: &Comparison) -> String {
    let (cell_w, cell_h, left, top) = (72.0, 22.0, 230.0, 110.0);
    let w = left + cell_w * c.models.len().max(1) as f64 + 20.0;
    let h = top + cell_h * c.tasks.len().max(1) as f64 + 20.0;
    let mut s = String::new();
    open(&mut s, w, h, "Accuracy by task and model (%)");
    for (m, model) in c.models.iter().enumerate() {
        let x = left + cell_w * (m as f64 + 0.5);
        let _ = write!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" transform="rotate(-35 {x:.1} {:.1})">{}</text>"#,
            top - 8.0,
            top - 8.0,
            esc(&model.label)
        );
    }
    for (t, task) in c.tasks.iter().enumerate() {
        let y = top + cell_h * t as f64;
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            left - 6.0,
            y + cell_h * 0.7,
            esc(&task.task.name())
        );
        for (m, a) in task.accuracy.iter().enumerate() {
            let x = left + cell_w * m as f64;
            let _ = write!(
                s,
                r##"<rect x="{x:.1}" y="{y:.1}" width="{cell_w}" height="{cell_h}" fill="{}" stroke="#fff"><title>{} {}: {:.1} %</title></rect><text x="{:.1}" y="{:.1}" text-anchor="middle">{:.1}</text>"##,
                heat(*a),
                esc(&task.task.name()),
                esc(&c.models[m].label),
                a * 100.0,
                x + cell_w / 2.0,
                y + cell_h * 0.7,
                a * 100.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The scatter plot of one regression with its fitted line.
pub fn scatter(r: &Regression) -> String {
    let (w, h, left, top, size) = (460.0, 420.0, 60.0, 40.0, 340.0);
    let x_of = |v: f64| left + size * v.clamp(0.0, 1.0);
    let y_of = |v: f64| top + size * (1.0 - v.clamp(0.0, 1.0));
    let mut s = String::new();
    let title = match &r.fit {
        Some(f) => format!("{}   R² = {:.3}", r.spec.name(), f.r2),
        None => r.spec.name(),
    };
    open(&mut s, w, h, &title);
    let _ = write!(
        s,
        r##"<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="none" stroke="#333"/>"##
    );
    for k in 0..=4 {
        let v = k as f64 / 4.0;
        let _ = write!(
            s,
            r##"<line x1="{left}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            left + size,
            left - 6.0,
            y_of(v) + 4.0,
            k * 25,
            top + size + 16.0,
            k * 25,
            y = y_of(v),
            x = x_of(v),
        );
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{} accuracy (%)</text><text x="14" y="{:.1}" transform="rotate(-90 14 {:.1})" text-anchor="middle">{} accuracy (%)</text>"#,
        left + size / 2.0,
        top + size + 34.0,
        esc(&r.spec.predictor),
        top + size / 2.0,
        top + size / 2.0,
        esc(&r.spec.outcome)
    );
    if let Some(f) = &r.fit {
        let (y0, y1) = (f.intercept, f.intercept + f.slope);
        let _ = write!(
            s,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#d62728" stroke-width="2"/>"##,
            x_of(0.0),
            y_of(y0),
            x_of(1.0),
            y_of(y1)
        );
    }
    for (i, p) in r.points.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let _ = write!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="5" fill="{colour}"><title>{}: {:.1} %, {:.1} %</title></circle><text x="{:.1}" y="{:.1}">{}</text>"#,
            x_of(p.x),
            y_of(p.y),
            esc(&p.label),
            p.x * 100.0,
            p.y * 100.0,
            x_of(p.x) + 7.0,
            y_of(p.y) - 6.0,
            esc(&p.label)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Small multiples: one panel per task with its tiers on the x axis and one
/// line per model.
pub fn tier_panels(c: &Comparison) -> String {
    let tasks: Vec<_> = c.tasks.iter().filter(|t| t.tiers.len() >= 2).collect();
    let (pw, ph, gap, cols) = (170.0, 120.0, 24.0, 5usize);
    let rows = tasks.len().div_ceil(cols).max(1);
    let legend_h = 20.0 * c.models.len().div_ceil(4) as f64 + 10.0;
    let w = 20.0 + (pw + gap) * cols as f64;
    let h = 40.0 + legend_h + (ph + 44.0) * rows as f64;
    let mut s = String::new();
    open(&mut s, w, h, "Accuracy by tier, one panel per task");
    for (m, model) in c.models.iter().enumerate() {
        let (lx, ly) = (20.0 + 180.0 * (m % 4) as f64, 44.0 + 20.0 * (m / 4) as f64);
        let colour = PALETTE[m % PALETTE.len()];
        let _ = write!(
            s,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"/><text x="{}" y="{}">{}</text>"#,
            lx + 18.0,
            lx + 24.0,
            ly + 4.0,
            esc(&model.label)
        );
    }
    for (k, task) in tasks.iter().enumerate() {
        let ox = 20.0 + (pw + gap) * (k % cols) as f64;
        let oy = 40.0 + legend_h + (ph + 44.0) * (k / cols) as f64 + 16.0;
        let _ = write!(
            s,
            r##"<text x="{ox}" y="{}" font-size="11">{}</text><rect x="{ox}" y="{oy}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>"##,
            oy - 4.0,
            esc(&task.task.name())
        );
        let nt = task.tiers.len();
        let x_of = |i: usize| ox + 12.0 + (pw - 24.0) * i as f64 / (nt - 1) as f64;
        let y_of = |a: f64| oy + ph * (1.0 - a.clamp(0.0, 1.0));
        for (a, label) in [(0.0, "0"), (0.5, "50"), (1.0, "100")] {
            let _ = write!(
                s,
                r##"<line x1="{ox}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" text-anchor="end" font-size="9" fill="#555">{label}</text>"##,
                ox + pw,
                ox - 2.0,
                y_of(a) + 3.0,
                y = y_of(a),
            );
        }
        for (i, t) in task.tiers.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#555">{}</text>"##,
                x_of(i),
                oy + ph + 12.0,
                esc(&t.tier)
            );
        }
        for m in 0..c.models.len() {
            let colour = PALETTE[m % PALETTE.len()];
            let points: Vec<String> = task
                .tiers
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{:.1},{:.1}", x_of(i), y_of(t.accuracy[m])))
                .collect();
            let _ = write!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
                points.join(" ")
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
