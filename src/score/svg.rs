//! The score chart (`accuracy.svg`), hand-written SVG in two panels: a
//! task × tier heatmap (one row per puzzle and language, the accuracy
//! written in each cell, its 95 % Wilson interval and count in the
//! tooltip), and beside it the EN-vs-KO pairs of each direct type (EN and
//! KO accuracy over the same item pairs, joined by a line).

use std::fmt::Write;

use super::report::{Cell, Report};

const CELL_W: f64 = 64.0;
const CELL_H: f64 = 22.0;
const LABEL_W: f64 = 210.0;
const TOP: f64 = 56.0;
const PAIRS_W: f64 = 300.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// White at 0 %, dark blue at 100 %; text switches to white on dark cells.
fn fill(accuracy: f64) -> (String, &'static str) {
    let a = accuracy.clamp(0.0, 1.0);
    let mix = |from: f64, to: f64| (from + (to - from) * a).round() as u8;
    let colour = format!(
        "#{:02x}{:02x}{:02x}",
        mix(247.0, 8.0),
        mix(251.0, 48.0),
        mix(255.0, 107.0)
    );
    (colour, if a > 0.55 { "#ffffff" } else { "#1a1a1a" })
}

/// The chart for `report`; `tiers` gives the column order.
pub fn chart(report: &Report, tiers: &[String]) -> String {
    let rows: Vec<(&str, &str)> = report
        .tasks
        .iter()
        .map(|t| (t.puzzle.as_str(), t.lang.as_str()))
        .collect();
    let heat_w = LABEL_W + CELL_W * tiers.len().max(1) as f64;
    let pairs_x = heat_w + 40.0;
    let width = if report.gaps.is_empty() {
        heat_w + 20.0
    } else {
        pairs_x + PAIRS_W + 20.0
    };
    let body_rows = rows.len().max(report.gaps.len()).max(1);
    let height = TOP + CELL_H * body_rows as f64 + 40.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="14" font-weight="bold">Accuracy by task and tier (%)</text>"#
    );
    heatmap(&mut s, report, tiers, &rows);
    if !report.gaps.is_empty() {
        pairs(&mut s, report, pairs_x);
    }
    s.push_str("</svg>\n");
    s
}

fn heatmap(s: &mut String, report: &Report, tiers: &[String], rows: &[(&str, &str)]) {
    for (j, tier) in tiers.iter().enumerate() {
        let x = LABEL_W + CELL_W * (j as f64 + 0.5);
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            TOP - 8.0,
            esc(tier)
        );
    }
    for (i, (puzzle, lang)) in rows.iter().enumerate() {
        let y = TOP + CELL_H * i as f64;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{} · {}</text>"#,
            LABEL_W - 8.0,
            y + CELL_H * 0.7,
            esc(puzzle),
            esc(lang)
        );
        for (j, tier) in tiers.iter().enumerate() {
            let cell = report
                .cells
                .iter()
                .find(|c| c.puzzle == *puzzle && c.lang == *lang && c.tier == *tier);
            if let Some(c) = cell {
                draw_cell(s, c, LABEL_W + CELL_W * j as f64, y);
            }
        }
    }
}

fn draw_cell(s: &mut String, c: &Cell, x: f64, y: f64) {
    let (colour, ink) = fill(c.accuracy.accuracy);
    let _ = writeln!(
        s,
        r#"<g class="cell"><rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{colour}" stroke="white"/><text x="{:.1}" y="{:.1}" text-anchor="middle" fill="{ink}">{:.0}</text><title>{} {} {}: {:.1} % (95 % CI {:.1}–{:.1}, n = {})</title></g>"#,
        CELL_W,
        CELL_H,
        x + CELL_W / 2.0,
        y + CELL_H * 0.7,
        c.accuracy.accuracy * 100.0,
        esc(&c.puzzle),
        esc(&c.lang),
        esc(&c.tier),
        c.accuracy.accuracy * 100.0,
        c.accuracy.ci_low * 100.0,
        c.accuracy.ci_high * 100.0,
        c.counts.n
    );
}

/// EN and KO accuracy of each direct type over the same item pairs.
fn pairs(s: &mut String, report: &Report, x0: f64) {
    let (label_w, axis_w) = (110.0, PAIRS_W - 120.0);
    let x_of = |a: f64| x0 + label_w + axis_w * a.clamp(0.0, 1.0);
    let _ = writeln!(
        s,
        r#"<text x="{x0:.1}" y="{:.1}">EN (●) and KO (○) on the same pairs, %</text>"#,
        TOP - 24.0
    );
    for (k, tick) in [0.0, 0.5, 1.0].iter().enumerate() {
        let anchor = ["start", "middle", "end"][k];
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="{anchor}" fill="#555">{:.0}</text>"##,
            x_of(*tick),
            TOP - 8.0,
            tick * 100.0
        );
    }
    for (i, g) in report.gaps.iter().enumerate() {
        let y = TOP + CELL_H * (i as f64 + 0.5);
        let (en, ko) = (x_of(g.en_accuracy), x_of(g.ko_accuracy));
        let _ = writeln!(
            s,
            r##"<g class="pair"><text x="{x0:.1}" y="{:.1}">{}</text><line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><line x1="{en:.1}" y1="{y:.1}" x2="{ko:.1}" y2="{y:.1}" stroke="#555" stroke-width="2"/><circle cx="{en:.1}" cy="{y:.1}" r="4" fill="#08306b"/><circle cx="{ko:.1}" cy="{y:.1}" r="4" fill="white" stroke="#08306b" stroke-width="2"/><title>{}: EN {:.1} %, KO {:.1} % over {} pairs</title></g>"##,
            y + 4.0,
            esc(&g.puzzle),
            x_of(0.0),
            x_of(1.0),
            esc(&g.puzzle),
            g.en_accuracy * 100.0,
            g.ko_accuracy * 100.0,
            g.pairs
        );
    }
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn fills_run_from_white_to_dark_blue_with_readable_ink() {
        assert_eq!(fill(0.0), ("#f7fbff".to_string(), "#1a1a1a"));
        assert_eq!(fill(1.0), ("#08306b".to_string(), "#ffffff"));
        assert_eq!(fill(2.0), fill(1.0), "clamped");
    }
}
