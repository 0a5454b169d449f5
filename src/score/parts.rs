//! Sub-answers of one record, judged one by one: the intermediate answers of
//! a spec with `checkpoint` statements (read from `Step N:` lines of the
//! response) and the questions of a bundle (read from the `questionN` keys
//! of the JSON object in the response).

use std::collections::BTreeMap;

use serde_json::Value;

use super::accept::accepted;
use crate::answer::{judge, strip_think, AnswerKind, Verdict};
use crate::eval::accept::Acceptor;

/// One sub-answer of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// `Step 1`, `Step 2`, … or `question1`, `question2`, ….
    pub label: String,
    /// How it is compared.
    pub kind: AnswerKind,
    /// The gold text.
    pub gold: String,
    /// The id of the record it came from (bundles only).
    pub source: Option<String>,
    /// The source record's `accept` condition (bundles only).
    pub accept: Option<PartAccept>,
}

/// The `accept` condition of a bundle question: which of the dataset's
/// acceptors, and the instance it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartAccept {
    /// An index into the dataset's acceptors.
    pub acceptor: usize,
    /// The source record's instance.
    pub instance: serde_json::Value,
}

/// What a record's sub-answers are.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Parts {
    /// A plain record.
    #[default]
    None,
    /// Intermediate answers, asked for on `Step N:` lines.
    Steps(Vec<Part>),
    /// The questions of a bundle, answered as one JSON object.
    Bundle(Vec<Part>),
}

impl Parts {
    /// The sub-answers (empty for a plain record).
    pub fn list(&self) -> &[Part] {
        match self {
            Parts::None => &[],
            Parts::Steps(p) | Parts::Bundle(p) => p,
        }
    }
}

/// The verdict of each part; `None` when the response has no line (or no
/// key) for it.
pub type PartVerdicts = Vec<Option<Verdict>>;

/// Reads the `Step N:` lines of a response (think blocks removed) and
/// judges each checkpoint against the text after its colon. When a step
/// number occurs on several lines, the last one counts.
pub fn judge_steps(parts: &[Part], response: &str) -> PartVerdicts {
    let text = strip_think(response);
    let mut lines: BTreeMap<usize, &str> = BTreeMap::new();
    for line in text.lines() {
        if let Some((n, rest)) = step_line(line) {
            lines.insert(n, rest);
        }
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            lines
                .get(&(i + 1))
                .map(|rest| judge(p.kind, &p.gold, rest).0)
        })
        .collect()
}

/// `Step 3: …`, `**Step 3:** …`, `- STEP 3 : …`, `[Step 3] …`, `단계 3: …`
/// or `3단계: …`: the step number and the text after the label.
pub fn step_line(line: &str) -> Option<(usize, &str)> {
    let s = line.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '-' | '*' | '#' | '>' | '[' | '(' | '•' | '_')
    });
    let (n, after) = if let Some(rest) = strip_prefix_ci(s, "step") {
        number(rest.trim_start())?
    } else if let Some(rest) = s.strip_prefix("단계") {
        number(rest.trim_start())?
    } else {
        let (n, rest) = number(s)?;
        (n, rest.trim_start().strip_prefix("단계")?)
    };
    let mut closed = false;
    let mut rest = after;
    loop {
        let t = rest.trim_start();
        let next = t
            .strip_prefix(']')
            .or_else(|| t.strip_prefix(')'))
            .or_else(|| t.strip_prefix("**"))
            .or_else(|| t.strip_prefix('*'))
            .or_else(|| t.strip_prefix('_'));
        match next {
            Some(n) => {
                closed |= t.starts_with(']') || t.starts_with(')');
                rest = n;
            }
            None => {
                rest = t;
                break;
            }
        }
    }
    let rest = match rest.strip_prefix(':').or_else(|| rest.strip_prefix('：')) {
        Some(r) => r,
        None if closed => rest,
        None => return None,
    };
    let rest = rest.trim();
    let rest = rest
        .strip_prefix("**")
        .map(|r| r.strip_suffix("**").unwrap_or(r))
        .unwrap_or(rest);
    Some((n, rest.trim()))
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// Leading ASCII digits (at most 4) as a number, and the rest.
fn number(s: &str) -> Option<(usize, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 || end > 4 {
        return None;
    }
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// The verdict of a whole bundle response and of each question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleVerdict {
    /// `correct` when every question is correct; `empty` for a blank
    /// response; `unparseable` when no JSON object can be read; else `wrong`.
    pub verdict: Verdict,
    /// The JSON text read (from the first `{` to the last `}`).
    pub extracted: Option<String>,
    /// Each question's verdict (`None`: its key is absent).
    pub parts: PartVerdicts,
}

/// Parses the span from the first `{` to the last `}` of the response
/// (think blocks removed) as a JSON object and judges the value of each
/// question's key with the question's own answer kind. A string value is
/// judged as written; a number or boolean as its JSON text; `null` as empty;
/// an array or object as its compact JSON text. A question whose source
/// record has `accept` is correct when that condition accepts its answer
/// (`acceptors` are the dataset's). A response that is not such an object
/// makes every question `unparseable`.
pub fn judge_bundle(parts: &[Part], acceptors: &[Acceptor], response: &str) -> BundleVerdict {
    let text = strip_think(response);
    if text.trim().is_empty() {
        return BundleVerdict {
            verdict: Verdict::Empty,
            extracted: None,
            parts: vec![Some(Verdict::Empty); parts.len()],
        };
    }
    let unparseable = |extracted: Option<String>| BundleVerdict {
        verdict: Verdict::Unparseable,
        extracted,
        parts: vec![Some(Verdict::Unparseable); parts.len()],
    };
    let (Some(start), Some(end)) = (text.find('{'), text.rfind('}')) else {
        return unparseable(None);
    };
    if end < start {
        return unparseable(None);
    }
    let span = &text[start..=end];
    let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(span) else {
        return unparseable(Some(span.to_string()));
    };
    let verdicts: PartVerdicts = parts
        .iter()
        .map(|p| {
            obj.get(&p.label).map(|v| {
                let answer = match v {
                    Value::String(s) => s.clone(),
                    Value::Null => String::new(),
                    other => other.to_string(),
                };
                let (verdict, found) = judge(p.kind, &p.gold, &answer);
                match (verdict, found, &p.accept) {
                    (Verdict::Wrong, Some(text), Some(a)) => acceptors
                        .get(a.acceptor)
                        .and_then(|acc| accepted(acc, p.kind, &a.instance, &text))
                        .unwrap_or(verdict),
                    _ => verdict,
                }
            })
        })
        .collect();
    let all = verdicts.iter().all(|v| *v == Some(Verdict::Correct));
    BundleVerdict {
        verdict: if all {
            Verdict::Correct
        } else {
            Verdict::Wrong
        },
        extracted: Some(span.to_string()),
        parts: verdicts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_labels_in_common_forms() {
        assert_eq!(step_line("Step 1: 2021.5.19"), Some((1, "2021.5.19")));
        assert_eq!(step_line("**Step 2:** 1999"), Some((2, "1999")));
        assert_eq!(step_line("- STEP 3 : x"), Some((3, "x")));
        assert_eq!(step_line("[STEP 4] y"), Some((4, "y")));
        assert_eq!(step_line("step 5：z"), Some((5, "z")));
        assert_eq!(step_line("단계 6: 가"), Some((6, "가")));
        assert_eq!(step_line("7단계: 나"), Some((7, "나")));
        assert_eq!(step_line("Step 8: **2020**"), Some((8, "2020")));
        assert_eq!(step_line("Step 9 is easy"), None);
        assert_eq!(step_line("Stepping: 1"), None);
        assert_eq!(step_line("2021.5.19"), None);
    }

    fn part(label: &str, kind: AnswerKind, gold: &str) -> Part {
        Part {
            label: label.into(),
            kind,
            gold: gold.into(),
            source: None,
            accept: None,
        }
    }

    #[test]
    fn steps_take_the_last_line_of_each_number() {
        let parts = [
            part("Step 1", AnswerKind::Int, "1999"),
            part("Step 2", AnswerKind::Date, "2021.5.19"),
            part("Step 3", AnswerKind::Int, "7"),
        ];
        let r = "<think>Step 1: 1</think>\nStep 1: 1998\nStep 2: 2021년 5월 19일\nStep 1: 1999년\n정답: 용";
        assert_eq!(
            judge_steps(&parts, r),
            vec![Some(Verdict::Correct), Some(Verdict::Correct), None]
        );
    }

    #[test]
    fn bundles_read_one_json_object() {
        let parts = [
            part("question1", AnswerKind::Int, "42"),
            part("question2", AnswerKind::Text, "abc"),
        ];
        let ok = judge_bundle(
            &parts,
            &[],
            "Sure:\n{\"question1\": 42, \"question2\": \"[[ABC]]\"}",
        );
        assert_eq!(ok.verdict, Verdict::Correct);
        let one_wrong = judge_bundle(
            &parts,
            &[],
            "{\"question1\": \"41\", \"question2\": \"abc\"}",
        );
        assert_eq!(one_wrong.verdict, Verdict::Wrong);
        assert_eq!(
            one_wrong.parts,
            vec![Some(Verdict::Wrong), Some(Verdict::Correct)]
        );
        let absent = judge_bundle(&parts, &[], "{\"question2\": \"abc\"}");
        assert_eq!(absent.parts, vec![None, Some(Verdict::Correct)]);
        for bad in [
            "{\"question1\": 42",
            "no json",
            "} {",
            "[1, 2]",
            "{'question1': 42}",
        ] {
            let v = judge_bundle(&parts, &[], bad);
            assert_eq!(v.verdict, Verdict::Unparseable, "{bad}");
            assert_eq!(v.parts, vec![Some(Verdict::Unparseable); 2], "{bad}");
        }
        assert_eq!(judge_bundle(&parts, &[], "  ").verdict, Verdict::Empty);
    }
}
