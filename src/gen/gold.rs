//! The gold text of an answer value, in its kind's canonical form.

use crate::answer::{normalize, AnswerKind};
use crate::eval::Value;

/// Formats `value` as the canonical gold text of `kind`, then checks that
/// the kind's own reader maps it to itself (so `score` reads every gold back).
pub fn gold_text(kind: AnswerKind, value: &Value) -> Result<String, String> {
    let text = raw_text(kind, value)?;
    let canonical = normalize(kind, &text).map_err(|e| {
        format!(
            "the answer `{text}` is not a valid `{}` answer: {e}",
            kind.name()
        )
    })?;
    if canonical != text {
        return Err(format!(
            "the answer `{text}` is not in the canonical form of `{}` (expected `{canonical}`)",
            kind.name()
        ));
    }
    Ok(text)
}

fn items(value: &Value) -> Result<Vec<Value>, String> {
    match value {
        Value::List(xs) | Value::Tuple(xs) => Ok(xs.to_vec()),
        other => Err(format!("expected a list, found {}", other.type_name())),
    }
}

fn raw_text(kind: AnswerKind, value: &Value) -> Result<String, String> {
    Ok(match kind {
        AnswerKind::Digits => match value {
            Value::Str(s) => s.chars().map(String::from).collect::<Vec<_>>().join(" "),
            other => items(other)?
                .iter()
                .map(Value::display)
                .collect::<Vec<_>>()
                .join(" "),
        },
        AnswerKind::Coords => {
            let mut pairs = Vec::new();
            for p in items(value)? {
                let rc = items(&p)?;
                if rc.len() != 2 {
                    return Err("coordinates are (row, column) pairs".into());
                }
                pairs.push((rc[0].clone(), rc[1].clone()));
            }
            pairs.sort_by(|a, b| a.0.cmp_total(&b.0).then_with(|| a.1.cmp_total(&b.1)));
            if pairs.is_empty() {
                "none".into()
            } else {
                pairs
                    .iter()
                    .map(|(r, c)| format!("({},{})", r.display(), c.display()))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        }
        AnswerKind::Assignment => match value {
            Value::Map(entries) => {
                let mut pairs: Vec<(String, String)> = entries
                    .iter()
                    .map(|(k, v)| (k.display(), v.display()))
                    .collect();
                pairs.sort();
                pairs
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
            other => {
                return Err(format!(
                    "an assignment is a map, found {}",
                    other.type_name()
                ))
            }
        },
        AnswerKind::Grid | AnswerKind::SymbolGrid => matrix_text(value, "\n")?,
        AnswerKind::Rows => match value {
            Value::Str(s) => s.to_string(),
            other => matrix_text(other, ",")?,
        },
        AnswerKind::Set => match value {
            Value::List(_) | Value::Tuple(_) => {
                let listed = items(value)?
                    .iter()
                    .map(Value::display)
                    .collect::<Vec<_>>()
                    .join(",");
                // Sorted and deduplicated the way the kind's reader does it.
                normalize(kind, &format!("{{{listed}}}")).map_err(|e| {
                    format!("the set `{{{listed}}}` is not a valid `set` answer: {e}")
                })?
            }
            other => other.display(),
        },
        // Any spelling of the polynomial: the gold is its expanded form.
        AnswerKind::Polynomial => normalize(kind, &value.display()).map_err(|e| {
            format!(
                "`{}` is not a valid `polynomial` answer: {e}",
                value.display()
            )
        })?,
        // Any accepted spelling of the set; the gold is its canonical form.
        AnswerKind::Interval => normalize(kind, &value.display()).map_err(|e| {
            format!(
                "the set `{}` is not a valid `interval` answer: {e}",
                value.display()
            )
        })?,
        _ => value.display(),
    })
}

/// A list of rows as text: cells separated by one space, rows by `between`.
fn matrix_text(value: &Value, between: &str) -> Result<String, String> {
    Ok(items(value)?
        .iter()
        .map(|row| {
            Ok(items(row)?
                .iter()
                .map(Value::display)
                .collect::<Vec<_>>()
                .join(" "))
        })
        .collect::<Result<Vec<_>, String>>()?
        .join(between))
}
