//! The files `compare` writes: `report.md`, `report.json`, `report.html`
//! and the SVG figures.

use std::fmt::Write;

use super::analysis::Comparison;
use super::svg::{esc, heatmap, scatter, tier_panels};
use super::tables::{tables, Table};

/// One SVG figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// Its file name.
    pub file: String,
    /// Its caption.
    pub caption: String,
    /// The SVG text.
    pub svg: String,
}

/// The figures of `c`.
pub fn figures(c: &Comparison) -> Vec<Figure> {
    let mut out = vec![Figure {
        file: "accuracy_heatmap.svg".into(),
        caption: "Accuracy by task and model".into(),
        svg: heatmap(c),
    }];
    if c.tasks.iter().any(|t| t.tiers.len() >= 2) {
        out.push(Figure {
            file: "tiers.svg".into(),
            caption: "Accuracy by tier, one panel per task".into(),
            svg: tier_panels(c),
        });
    }
    for (i, r) in c.regressions.iter().enumerate() {
        out.push(Figure {
            file: format!("regression_{}.svg", i + 1),
            caption: format!("Regression {}", r.spec.name()),
            svg: scatter(r),
        });
    }
    out
}

fn markdown_table(s: &mut String, t: &Table) {
    let _ = writeln!(s, "## {}\n", t.title);
    let _ = writeln!(s, "| {} |", t.header.join(" | "));
    let _ = writeln!(s, "|{}", "---|".repeat(t.header.len()));
    for row in &t.rows {
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(s, "| {} |", cells.join(" | "));
    }
    let _ = writeln!(s, "\n{}\n", t.note);
}

/// The Markdown report; figures are linked by file name.
pub fn to_markdown(c: &Comparison, figures: &[Figure]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Model comparison\n\nDataset `{}`; {} model(s); floor {} %; equivalence margin ±{} pp.\n",
        c.dataset,
        c.models.len(),
        super::tables::pct(c.floor),
        super::tables::pct(c.margin)
    );
    for t in tables(c) {
        markdown_table(&mut s, &t);
    }
    s.push_str("## Figures\n\n");
    for f in figures {
        let _ = writeln!(s, "![{}]({})\n", f.caption, f.file);
    }
    s
}

/// The JSON report.
pub fn to_json(c: &Comparison) -> String {
    let mut s = serde_json::to_string_pretty(c).unwrap_or_default();
    s.push('\n');
    s
}

/// A check run by the page itself: every figure must have a non-zero size;
/// the result is written to `#figure-check` (`data-ok`, `data-figures`).
const FIGURE_CHECK: &str = r#"<script>
window.addEventListener('load', function () {
  var figs = document.querySelectorAll('figure svg');
  var ok = 0;
  figs.forEach(function (f) { var r = f.getBoundingClientRect(); if (r.width > 0 && r.height > 0) ok++; });
  var out = document.getElementById('figure-check');
  out.setAttribute('data-figures', String(figs.length));
  out.setAttribute('data-rendered', String(ok));
  out.setAttribute('data-ok', String(figs.length > 0 && ok === figs.length));
  out.textContent = ok + ' of ' + figs.length + ' figures rendered';
});
</script>"#;

/// The single-page HTML report with the figures inline.
pub fn to_html(c: &Comparison, figures: &[Figure]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Model comparison</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:1400px}table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}figure{margin:1em 0}p.note{color:#555;max-width:60em}</style>\n</head><body>\n");
    let _ = writeln!(
        s,
        "<h1>Model comparison</h1>\n<p>Dataset <code>{}</code>; {} model(s); floor {} %; equivalence margin ±{} pp.</p>\n<p id=\"figure-check\"></p>",
        esc(&c.dataset),
        c.models.len(),
        super::tables::pct(c.floor),
        super::tables::pct(c.margin)
    );
    s.push_str("<h2>Figures</h2>\n");
    for f in figures {
        let _ = writeln!(
            s,
            "<figure>{}<figcaption>{}</figcaption></figure>",
            f.svg.trim_end(),
            esc(&f.caption)
        );
    }
    for t in tables(c) {
        let _ = writeln!(s, "<h2 id=\"{}\">{}</h2>\n<table>", t.id, esc(&t.title));
        let head: String = t
            .header
            .iter()
            .map(|h| format!("<th>{}</th>", esc(h)))
            .collect();
        let _ = writeln!(s, "<tr>{head}</tr>");
        for row in &t.rows {
            let cells: String = row.iter().map(|c| format!("<td>{}</td>", esc(c))).collect();
            let _ = writeln!(s, "<tr>{cells}</tr>");
        }
        let _ = writeln!(s, "</table>\n<p class=\"note\">{}</p>", esc(&t.note));
    }
    s.push_str(FIGURE_CHECK);
    s.push_str("\n</body></html>\n");
    s
}
