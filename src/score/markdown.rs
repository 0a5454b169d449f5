//! The Markdown form of a [`Report`].

use std::fmt::Write;

use super::parts_report::{part_table, source_table};
use super::report::Report;

fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

fn pp(x: f64) -> String {
    format!("{:+.1}", x * 100.0)
}

fn pval(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".to_string()
    } else {
        format!("{p:.4}")
    }
}

/// The accuracy table: one row per puzzle × lang × tier.
pub fn cell_table(report: &Report) -> String {
    let mut s = String::new();
    s.push_str("| puzzle | lang | tier | n | correct | accuracy % | 95 % CI | wrong | unparseable | empty | missing |\n");
    s.push_str("|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
    for c in &report.cells {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {}–{} | {} | {} | {} | {} |",
            c.puzzle,
            c.lang,
            c.tier,
            c.counts.n,
            c.counts.correct,
            pct(c.accuracy.accuracy),
            pct(c.accuracy.ci_low),
            pct(c.accuracy.ci_high),
            c.counts.wrong,
            c.counts.unparseable,
            c.counts.empty,
            c.counts.missing,
        );
    }
    s
}

/// The whole report as Markdown.
pub fn to_markdown(report: &Report) -> String {
    let mut s = String::new();
    s.push_str("# Score report\n\n");
    let _ = writeln!(
        s,
        "Dataset `{}`, responses `{}`.\n",
        report.dataset, report.responses
    );
    if let Some(sel) = &report.selection {
        let _ = writeln!(
            s,
            "Selection: {}. {} record(s) of the dataset left out; {} response(s) to them ignored.\n",
            sel.filters, sel.records_left_out, report.input.excluded
        );
    }
    let t = &report.totals;
    let _ = writeln!(
        s,
        "{} records: {} correct, {} wrong, {} unparseable, {} empty, {} missing. \
         Micro accuracy {} %, macro accuracy over tasks {} %.\n",
        t.n,
        t.correct,
        t.wrong,
        t.unparseable,
        t.empty,
        t.missing,
        pct(report.micro_accuracy),
        pct(report.macro_accuracy)
    );
    s.push_str("## Accuracy by puzzle, language and tier\n\n");
    s.push_str(&cell_table(report));
    s.push_str("\n## Tasks\n\n");
    s.push_str("| puzzle | lang | n | accuracy % | 95 % CI | mean over tiers % |\n");
    s.push_str("|---|---|---:|---:|---|---:|\n");
    for task in &report.tasks {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {}–{} | {} |",
            task.puzzle,
            task.lang,
            task.counts.n,
            pct(task.accuracy.accuracy),
            pct(task.accuracy.ci_low),
            pct(task.accuracy.ci_high),
            pct(task.tier_macro)
        );
    }
    s.push('\n');
    for (lang, m) in &report.macro_by_lang {
        let _ = writeln!(s, "- macro accuracy, `{lang}` tasks: {} %", pct(*m));
    }
    let _ = writeln!(
        s,
        "- macro accuracy, all tasks: {} %",
        pct(report.macro_accuracy)
    );
    if !report.gaps.is_empty() {
        s.push_str("\n## EN−KO gap on direct types (item pairs)\n\n");
        s.push_str("| puzzle | pairs | EN % | KO % | gap pp | EN only | KO only | McNemar p | TOST p (±10 pp) | 90 % CI pp | equivalent |\n");
        s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for g in &report.gaps {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {}…{} | {} |",
                g.puzzle,
                g.pairs,
                pct(g.en_accuracy),
                pct(g.ko_accuracy),
                pp(g.gap),
                g.en_only,
                g.ko_only,
                pval(g.mcnemar_p),
                if g.tost.decided {
                    pval(g.tost.p)
                } else {
                    "—".into()
                },
                pp(g.tost.ci90.0),
                pp(g.tost.ci90.1),
                match (g.tost.decided, g.tost.equivalent) {
                    (false, _) => "not enough discordant pairs",
                    (true, true) => "yes",
                    (true, false) => "no",
                }
            );
        }
        s.push_str(
            "\nMcNemar: exact two-sided binomial test on the discordant pairs. TOST: paired \
             difference of proportions, normal approximation, SE from the discordant counts, \
             margin ±10 pp, equivalent when p < 0.05; with fewer than 10 pairs or no spread \
             among the discordant pairs (none, or all one way) the test does not decide.\n",
        );
    }
    if !report.steps.is_empty() {
        s.push_str("\n## Accuracy per step\n\n");
        s.push_str(&part_table(&report.steps, "all steps and answer"));
        s.push_str(
            "\nA step is read from the response's last `Step N:` line; a response without that \
             line counts the step as missing. `first wrong`: records whose first step that is not \
             correct is this one.\n",
        );
        for c in &report.steps {
            if c.parts_right_answer_wrong > 0 {
                let _ = writeln!(
                    s,
                    "- {} {} {}: {} record(s) with every step right but a wrong final answer",
                    c.puzzle, c.lang, c.tier, c.parts_right_answer_wrong
                );
            }
        }
    }
    if !report.bundle_questions.is_empty() {
        s.push_str("\n## Bundles: accuracy per question\n\n");
        s.push_str(&part_table(&report.bundle_questions, "whole bundle"));
        s.push_str("\n## Bundles: questions by source\n\n");
        s.push_str(&source_table(&report.bundle_sources));
    }
    let i = &report.input;
    s.push_str("\n## Input\n\n");
    let _ = writeln!(
        s,
        "- {} line(s) read, {} matched a record, {} blank",
        i.lines, i.matched, i.blank
    );
    let lines = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let _ = writeln!(
        s,
        "- {} invalid line(s){}",
        i.invalid.count,
        if i.invalid.examples.is_empty() {
            String::new()
        } else {
            format!(
                " (lines {})",
                lines(
                    &i.invalid
                        .examples
                        .iter()
                        .map(|p| p.line)
                        .collect::<Vec<_>>()
                )
            )
        }
    );
    let _ = writeln!(
        s,
        "- {} line(s) not valid UTF-8{}",
        i.invalid_utf8.count,
        if i.invalid_utf8.examples.is_empty() {
            String::new()
        } else {
            format!(" (lines {})", lines(&i.invalid_utf8.examples))
        }
    );
    let ids = |p: &[super::intake::LineProblem]| {
        p.iter()
            .map(|x| format!("`{}` (line {})", x.detail, x.line))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        s,
        "- {} unknown id(s){}",
        i.unknown.count,
        if i.unknown.examples.is_empty() {
            String::new()
        } else {
            format!(": {}", ids(&i.unknown.examples))
        }
    );
    let _ = writeln!(
        s,
        "- {} duplicate response(s), ignored (the first response for an id counts){}",
        i.duplicates.count,
        if i.duplicates.examples.is_empty() {
            String::new()
        } else {
            format!(": {}", ids(&i.duplicates.examples))
        }
    );
    s
}
