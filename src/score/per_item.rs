//! `per_item.jsonl`: one line per dataset record with its verdict.

use serde::Serialize;

use super::dataset::Dataset;
use super::intake::Intake;

#[derive(Serialize)]
struct Line<'a> {
    id: &'a str,
    verdict: &'a str,
    extracted: Option<&'a str>,
    gold: &'a str,
    line: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    parts: Vec<&'a str>,
}

/// Every record in dataset order: `id`, `verdict` (`correct`, `wrong`,
/// `unparseable`, `empty` or `missing`), `extracted` (the answer text found,
/// or `null`), `gold`, and `line` (the responses-file line that counted, or
/// `null`); for a record with checkpoints or a bundle, `parts`: the verdict
/// of each step or question.
pub fn per_item_jsonl(dataset: &Dataset, intake: &Intake) -> String {
    let mut out = String::new();
    for (i, r) in dataset.records.iter().enumerate() {
        let o = intake.outcomes.get(i).and_then(|o| o.as_ref());
        let line = Line {
            id: &r.id,
            verdict: o.map_or("missing", |o| o.verdict.name()),
            extracted: o.and_then(|o| o.extracted.as_deref()),
            gold: &r.answer,
            line: o.map(|o| o.line),
            parts: (0..dataset.parts[i].list().len())
                .map(|j| {
                    o.and_then(|o| o.parts.get(j).copied().flatten())
                        .map_or("missing", |v| v.name())
                })
                .collect(),
        };
        out.push_str(&serde_json::to_string(&line).unwrap_or_default());
        out.push('\n');
    }
    out
}
