//! A hand-written SVG line chart: accuracy by tier, one line per task, with
//! the 95 % Wilson interval as a vertical bar at each point.

use std::fmt::Write;

use super::report::Report;

const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The chart for `report`; `tiers` gives the x-axis order.
pub fn chart(report: &Report, tiers: &[String]) -> String {
    let (left, top, plot_w, plot_h): (f64, f64, f64, f64) = (60.0, 40.0, 460.0, 300.0);
    let legend_x = left + plot_w + 30.0;
    let width = legend_x + 260.0;
    let height = (top + plot_h + 60.0).max(top + 20.0 * report.tasks.len() as f64 + 20.0);
    let nt = tiers.len().max(1);
    let x_of = |i: usize| {
        if nt == 1 {
            left + plot_w / 2.0
        } else {
            left + 20.0 + (plot_w - 40.0) * i as f64 / (nt - 1) as f64
        }
    };
    let y_of = |a: f64| top + plot_h * (1.0 - a.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="24" font-size="15">Accuracy by tier (95 % Wilson intervals)</text>"#
    );
    for k in 0..=4 {
        let a = k as f64 / 4.0;
        let y = y_of(a);
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{}%</text>"##,
            left + plot_w,
            left - 6.0,
            y + 4.0,
            k * 25
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>"##
    );
    for (i, t) in tiers.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            x_of(i),
            top + plot_h + 18.0,
            esc(t)
        );
    }
    for (k, task) in report.tasks.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let dash = if k >= PALETTE.len() {
            r#" stroke-dasharray="5,3""#
        } else {
            ""
        };
        let points: Vec<(f64, &super::report::Cell)> = report
            .cells
            .iter()
            .filter(|c| c.puzzle == task.puzzle && c.lang == task.lang)
            .filter_map(|c| {
                tiers
                    .iter()
                    .position(|t| *t == c.tier)
                    .map(|i| (x_of(i), c))
            })
            .collect();
        let path: Vec<String> = points
            .iter()
            .map(|(x, c)| format!("{x:.1},{:.1}", y_of(c.accuracy.accuracy)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
            path.join(" ")
        );
        for (x, c) in &points {
            let _ = writeln!(
                s,
                r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{colour}" stroke-opacity="0.5"/><circle cx="{x:.1}" cy="{:.1}" r="3" fill="{colour}"><title>{} {} {}: {:.1}% (n={})</title></circle>"#,
                y_of(c.accuracy.ci_low),
                y_of(c.accuracy.ci_high),
                y_of(c.accuracy.accuracy),
                esc(&c.puzzle),
                esc(&c.lang),
                esc(&c.tier),
                c.accuracy.accuracy * 100.0,
                c.counts.n
            );
        }
        let ly = top + 20.0 * k as f64;
        let _ = writeln!(
            s,
            r#"<line x1="{legend_x}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{}">{}/{}</text>"#,
            legend_x + 20.0,
            legend_x + 26.0,
            ly + 4.0,
            esc(&task.puzzle),
            esc(&task.lang)
        );
    }
    s.push_str("</svg>\n");
    s
}
