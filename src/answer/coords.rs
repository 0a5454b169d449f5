//! The `Coords` kind.

use super::error::AnswerError;
use super::text::clean;

const KIND: &str = "coords";

/// Canonical `Coords`: the set of `(row,col)` pairs of non-negative
/// integers, sorted and deduplicated, written `(0,1), (2,3)`; the empty set
/// is `none`.
///
/// Accepted: pairs in `()`, `[]` or `{}` groups (`(0, 1)`, `[0,1]`, an outer
/// list `[(0,1),(2,3)]`), or bare integers paired in order (`0,1; 2,3`,
/// `0 1`), in any order, joined by `,`, `;`, whitespace, `and`, `및`;
/// `none`, `empty`, `없음`, `∅` or only brackets (`()`, `[]`) for the empty
/// set. A bracket group holding integers must hold exactly two. A label of
/// one ASCII letter before a group (`A(0,1)(2,3)`, `B: (1,1)`) is ignored,
/// so answers grouped under lettered headings read as the set of their
/// pairs.
pub(crate) fn normalize_coords(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let lower = t.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "none" | "empty" | "없음" | "∅" | "empty set"
    ) {
        return Ok("none".to_string());
    }
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    let mut loose: Vec<u64> = Vec::new();
    let mut stack: Vec<(char, Vec<u64>)> = Vec::new();
    let mut chars = t.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '(' | '[' | '{' => stack.push((c, Vec::new())),
            ')' | ']' | '}' => {
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                let Some((open, nums)) = stack.pop() else {
                    return Err(AnswerError::invalid(KIND, "unbalanced brackets"));
                };
                if open != want {
                    return Err(AnswerError::invalid(KIND, "mismatched brackets"));
                }
                match nums.as_slice() {
                    [] => {}
                    [r, col] => pairs.push((*r, *col)),
                    _ => {
                        return Err(AnswerError::invalid(
                            KIND,
                            "a bracket group must hold exactly two numbers",
                        ))
                    }
                }
            }
            '0'..='9' => {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_ascii_digit() {
                        end = j + 1;
                        chars.next();
                    } else {
                        break;
                    }
                }
                let n: u64 = t[i..end]
                    .parse()
                    .map_err(|_| AnswerError::invalid(KIND, "coordinate too large"))?;
                match stack.last_mut() {
                    Some((_, v)) => v.push(n),
                    None => loose.push(n),
                }
            }
            ',' | ';' | '、' => {}
            c if c.is_whitespace() => {}
            c if c.is_alphabetic() => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_alphabetic() {
                        end = j + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let word = t[i..end].to_ascii_lowercase();
                if is_label(&word, &t[end..]) {
                    while let Some(&(_, d)) = chars.peek() {
                        if d.is_whitespace() || d == ':' {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    continue;
                }
                if !matches!(word.as_str(), "and" | "및" | "그리고" | "와" | "과") {
                    return Err(AnswerError::invalid(
                        KIND,
                        format!("unexpected word {word:?}"),
                    ));
                }
            }
            _ => {
                return Err(AnswerError::invalid(
                    KIND,
                    format!("unexpected character {c:?}"),
                ))
            }
        }
    }
    if !stack.is_empty() {
        return Err(AnswerError::invalid(KIND, "unbalanced brackets"));
    }
    if !loose.len().is_multiple_of(2) {
        return Err(AnswerError::invalid(KIND, "odd number of coordinates"));
    }
    pairs.extend(loose.chunks_exact(2).map(|p| (p[0], p[1])));
    pairs.sort_unstable();
    pairs.dedup();
    if pairs.is_empty() {
        return Ok("none".to_string());
    }
    let parts: Vec<String> = pairs.iter().map(|(r, c)| format!("({r},{c})")).collect();
    Ok(parts.join(", "))
}

/// Whether `word` (one ASCII letter) is a label: followed, after optional
/// spaces and one `:`, by an opening bracket.
fn is_label(word: &str, rest: &str) -> bool {
    let mut it = word.chars();
    let one_letter = matches!((it.next(), it.next()), (Some(c), None) if c.is_ascii_alphabetic());
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
    one_letter && rest.starts_with(['(', '[', '{'])
}
