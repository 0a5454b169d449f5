//! The tables of a comparison, as rows of text shared by the Markdown and
//! the HTML report.

use super::analysis::Comparison;

/// One table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// A short id (the HTML anchor).
    pub id: &'static str,
    /// The section title.
    pub title: String,
    /// Column headers.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
    /// A note printed under the table.
    pub note: String,
}

/// A proportion as a percentage with one decimal.
pub fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// A difference of proportions in signed percentage points.
pub fn pp(x: f64) -> String {
    format!("{:+.1}", x * 100.0)
}

/// A p-value with four decimals (`<0.0001` below).
pub fn pval(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".to_string()
    } else {
        format!("{p:.4}")
    }
}

fn opt(p: Option<f64>, f: fn(f64) -> String) -> String {
    p.map_or_else(|| "—".to_string(), f)
}

fn labels(c: &Comparison) -> Vec<String> {
    c.models.iter().map(|m| m.label.clone()).collect()
}

fn header(first: &[&str], c: &Comparison) -> Vec<String> {
    first
        .iter()
        .map(|s| s.to_string())
        .chain(labels(c))
        .collect()
}

/// Every table of `c`, in report order; tables without rows are left out.
pub fn tables(c: &Comparison) -> Vec<Table> {
    let all = vec![
        models(c),
        groups(c),
        tasks(c),
        equivalence(c),
        tier_order(c),
        regressions(c),
        deficits(c),
        levers(c),
        steps(c),
    ];
    all.into_iter().filter(|t| !t.rows.is_empty()).collect()
}

fn models(c: &Comparison) -> Table {
    Table {
        id: "models",
        title: "Models".into(),
        header: ["model", "records", "correct", "accuracy %", "in the tests"]
            .map(String::from)
            .to_vec(),
        rows: c
            .models
            .iter()
            .map(|m| {
                vec![
                    m.label.clone(),
                    m.records.to_string(),
                    m.correct.to_string(),
                    pct(m.accuracy),
                    if m.included {
                        "yes".into()
                    } else {
                        format!("no (below the {} % floor)", pct(c.floor))
                    },
                ]
            })
            .collect(),
        note: format!(
            "Overall accuracy over every record. Models below {} % are left out of the \
             equivalence tests, the tier-order counts and the regressions.",
            pct(c.floor)
        ),
    }
}

fn groups(c: &Comparison) -> Table {
    Table {
        id: "groups",
        title: "Accuracy by group".into(),
        header: header(&["group", "tasks"], c),
        rows: c
            .groups
            .iter()
            .map(|g| {
                let mut row = vec![g.key.clone(), g.tasks.len().to_string()];
                row.extend(g.accuracy.iter().map(|a| pct(*a)));
                row
            })
            .collect(),
        note: "Unweighted mean of the task accuracies (%) of each group. A task's group is its \
               spec's `group`, else its family."
            .into(),
    }
}

fn tasks(c: &Comparison) -> Table {
    Table {
        id: "tasks",
        title: "Accuracy by task".into(),
        header: header(&["task", "group", "n"], c),
        rows: c
            .tasks
            .iter()
            .map(|t| {
                let mut row = vec![t.task.name(), t.task.group_key(), t.n.to_string()];
                row.extend(t.accuracy.iter().map(|a| pct(*a)));
                row
            })
            .collect(),
        note: "Accuracy (%) over every tier of the task.".into(),
    }
}

fn equivalence(c: &Comparison) -> Table {
    let verdict = |decided: bool, holm: Option<f64>| match (decided, holm) {
        (_, None) => "not tested".to_string(),
        (false, _) => "undecided".to_string(),
        (true, Some(p)) if p < 0.05 => "yes".to_string(),
        (true, Some(_)) => "no".to_string(),
    };
    Table {
        id: "equivalence",
        title: format!(
            "EN–KO equivalence on the direct tasks (±{} pp)",
            pct(c.margin)
        ),
        header: [
            "model",
            "EN %",
            "KO %",
            "EN−KO pp",
            "TOST p",
            "Holm p",
            "equivalent",
            "pairs",
            "EN only",
            "KO only",
            "paired TOST p",
            "Holm p",
            "equivalent",
            "McNemar p",
            "test",
            "Holm p",
        ]
        .map(String::from)
        .to_vec(),
        rows: c
            .equivalence
            .iter()
            .map(|e| {
                vec![
                    e.label.clone(),
                    pct(e.en_correct as f64 / e.en_n.max(1) as f64),
                    pct(e.ko_correct as f64 / e.ko_n.max(1) as f64),
                    pp(e.two_sample.diff),
                    if e.two_sample.decided {
                        pval(e.two_sample.p)
                    } else {
                        "—".into()
                    },
                    opt(e.two_sample_holm, pval),
                    verdict(e.two_sample.decided, e.two_sample_holm),
                    e.pairs.to_string(),
                    e.en_only.to_string(),
                    e.ko_only.to_string(),
                    if e.paired.decided {
                        pval(e.paired.p)
                    } else {
                        "—".into()
                    },
                    opt(e.paired_holm, pval),
                    verdict(e.paired.decided, e.paired_holm),
                    pval(e.mcnemar.p),
                    if e.mcnemar.exact {
                        "exact"
                    } else {
                        "χ² (cc)"
                    }
                    .into(),
                    opt(e.mcnemar_holm, pval),
                ]
            })
            .collect(),
        note: "Two-sample TOST: EN and KO direct records pooled, Wald standard error. Paired \
               TOST and McNemar: the EN and KO records of the same latent instance. Each column \
               of p-values is Holm-corrected across the models above the floor; equivalent when \
               the Holm p < 0.05. `undecided`: a zero standard error (e.g. 0 % or 100 % in both \
               languages) or fewer than 10 pairs. McNemar is exact below 25 discordant pairs."
            .into(),
    }
}

fn tier_order(c: &Comparison) -> Table {
    let mark = |k: &Option<bool>| match k {
        Some(true) => "✓",
        Some(false) => "✗",
        None => "—",
    };
    Table {
        id: "tier-order",
        title: format!("Tier order ({})", c.tiers.join(" > ")),
        header: header(&["task", "kept"], c),
        rows: c
            .tasks
            .iter()
            .filter(|t| t.tiers.len() >= 2)
            .map(|t| {
                let mut row = vec![t.task.name(), format!("{}/{}", t.order_kept, t.order_of)];
                row.extend(t.keeps_order.iter().map(|k| mark(k).to_string()));
                row
            })
            .collect(),
        note: "✓: the model's accuracy falls strictly from each tier to the next. `kept`: models \
               above the floor that keep the order, of those judged."
            .into(),
    }
}

fn regressions(c: &Comparison) -> Table {
    Table {
        id: "regressions",
        title: "Regressions across models".into(),
        header: [
            "regression",
            "models",
            "slope",
            "intercept",
            "R²",
            "slope p",
            "partial r",
            "partial p",
        ]
        .map(String::from)
        .to_vec(),
        rows: c
            .regressions
            .iter()
            .map(|r| {
                let f = r.fit.as_ref();
                vec![
                    r.spec.name(),
                    r.points.len().to_string(),
                    opt(f.map(|f| f.slope), |x| format!("{x:.3}")),
                    opt(f.map(|f| f.intercept), |x| format!("{x:.3}")),
                    opt(f.map(|f| f.r2), |x| format!("{x:.3}")),
                    opt(f.and_then(|f| f.slope_p), pval),
                    opt(r.partial.map(|p| p.r), |x| format!("{x:.3}")),
                    opt(r.partial.and_then(|p| p.p), pval),
                ]
            })
            .collect(),
        note: "`Y ~ X | Z`: ordinary least squares of group Y's accuracy on group X's, one point \
               per model above the floor; the partial correlation of X and Y controls for Z."
            .into(),
    }
}

fn deficits(c: &Comparison) -> Table {
    Table {
        id: "deficits",
        title: "Within-Korean deficits".into(),
        header: header(&["task"], c),
        rows: c
            .deficits
            .iter()
            .map(|d| {
                let mut row = vec![d.task.clone()];
                row.extend(d.deficit.iter().map(|x| opt(*x, pp)));
                row
            })
            .collect(),
        note: "Direct-KO accuracy (the mean over the direct tasks in Korean) minus the task's \
               accuracy, in percentage points."
            .into(),
    }
}

fn levers(c: &Comparison) -> Table {
    Table {
        id: "levers",
        title: "Size against difficulty".into(),
        header: ["puzzle", "lever", "mean per tier", "trend"]
            .map(String::from)
            .to_vec(),
        rows: c
            .levers
            .iter()
            .map(|l| {
                let means: Vec<String> = l
                    .means
                    .iter()
                    .map(|(t, m)| format!("{t} {}", trim(*m)))
                    .collect();
                vec![
                    l.puzzle.clone(),
                    l.lever.clone(),
                    means.join(" · "),
                    l.trend.name().into(),
                ]
            })
            .collect(),
        note: "The mean of each numeric lever (a boolean counts 1 for true) over each tier's \
               records, and whether it grows from the easiest tier to the hardest."
            .into(),
    }
}

fn trim(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn steps(c: &Comparison) -> Table {
    Table {
        id: "steps",
        title: "Accuracy by number of steps and by step".into(),
        header: header(&["task", "steps", "n"], c),
        rows: c
            .steps
            .iter()
            .map(|s| {
                let mut row = vec![s.task.clone(), s.steps.to_string(), s.n.to_string()];
                row.extend((0..c.models.len()).map(|m| {
                    let per_step: Vec<String> = s.step_accuracy.iter().map(|a| pct(a[m])).collect();
                    format!("{} (steps {})", pct(s.accuracy[m]), per_step.join(" / "))
                }));
                row
            })
            .collect(),
        note: "Final-answer accuracy (%) of the records with that many steps, then the accuracy \
               of each step in order (from `score --per-item --steps`)."
            .into(),
    }
}
