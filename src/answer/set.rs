//! The `Compact` and `Set` kinds.

use super::error::AnswerError;
use super::text::{clean, plain_int};

/// Canonical `Compact`: the cleaned text (surrounding quotes, emphasis and
/// trailing sentence punctuation removed) with every whitespace character
/// removed; case and all other characters are kept.
pub(crate) fn normalize_compact(text: &str) -> Result<String, AnswerError> {
    let out: String = clean(text).chars().filter(|c| !c.is_whitespace()).collect();
    if out.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(out)
}

const KIND: &str = "set";

/// Canonical `Set`: `{a,b,c}` with the items sorted and deduplicated;
/// integers (canonical, `-3`, `12`) sort numerically before every other
/// item, other items sort as text; the empty set is `{}`.
///
/// Accepted: the items with `{}`, `[]` or `()` around them or none,
/// separated by `,`, `;`, `、` or whitespace, in any order; `∅`, `none`,
/// `empty` and `empty set` for the empty set. Brackets inside the items are
/// an error (a set of sets is not read).
pub(crate) fn normalize_set(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "∅" | "none" | "empty" | "empty set") {
        return Ok("{}".to_string());
    }
    let inner = [('{', '}'), ('[', ']'), ('(', ')')]
        .iter()
        .find_map(|&(o, c)| t.strip_prefix(o).and_then(|r| r.strip_suffix(c)))
        .unwrap_or(t);
    let mut ints: Vec<(i128, String)> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for item in inner.split(|c: char| c == ',' || c == ';' || c == '、' || c.is_whitespace()) {
        if item.is_empty() {
            continue;
        }
        if item.contains(['{', '}', '[', ']', '(', ')']) {
            return Err(AnswerError::invalid(
                KIND,
                format!("unexpected bracket in item {item:?}"),
            ));
        }
        match plain_int(item) {
            Some(canon) => {
                let n: i128 = canon
                    .parse()
                    .map_err(|_| AnswerError::invalid(KIND, "integer item too large"))?;
                ints.push((n, canon));
            }
            None => others.push(item.to_string()),
        }
    }
    ints.sort_by_key(|p| p.0);
    ints.dedup_by_key(|p| p.0);
    others.sort();
    others.dedup();
    let items: Vec<String> = ints.into_iter().map(|p| p.1).chain(others).collect();
    Ok(format!("{{{}}}", items.join(",")))
}
