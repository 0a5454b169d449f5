//! The `Text`, `Letters`, `Exact`, `Hangul` and `Choice` kinds.

use super::error::AnswerError;
use super::text::{clean, collapse_ws, is_hangul};

/// Canonical `Text`: trimmed, surrounding quotes/emphasis and trailing
/// sentence punctuation removed, internal whitespace collapsed to one space.
/// Case is kept; comparison ignores ASCII case.
pub(crate) fn normalize_text(text: &str) -> Result<String, AnswerError> {
    let t = collapse_ws(clean(text));
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(t)
}

/// Canonical `Letters`: ASCII letters uppercased with all whitespace
/// removed (`hello world` → `HELLOWORLD`). Any other character is an error.
pub(crate) fn normalize_letters(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    let mut out = String::new();
    for c in t.chars() {
        if c.is_whitespace() {
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(AnswerError::invalid(
                "letters",
                format!("{c:?} is not a letter A-Z"),
            ));
        }
        out.push(c.to_ascii_uppercase());
    }
    if out.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(out)
}

/// Canonical `Exact`: the text with surrounding whitespace trimmed and
/// nothing else changed.
pub(crate) fn normalize_exact(text: &str) -> Result<String, AnswerError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(t.to_string())
}

/// Canonical `Hangul`: Hangul characters only, all whitespace removed,
/// surrounding quotes and trailing punctuation removed.
pub(crate) fn normalize_hangul(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    let mut out = String::new();
    for c in t.chars() {
        if c.is_whitespace() {
            continue;
        }
        if !is_hangul(c) {
            return Err(AnswerError::invalid(
                "hangul",
                format!("{c:?} is not Hangul"),
            ));
        }
        out.push(c);
    }
    if out.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(out)
}

/// Canonical `Choice`: one uppercase letter `A`–`Z`.
///
/// Accepted: `C`, `c`, `(C)`, `[C]`, `C.`, `C)`, `C:`, `C) text…`,
/// `C. text…`, `C text…` (uppercase only), and the same after a leading
/// `Option`/`Choice`/`보기`/`선택지` word.
pub(crate) fn normalize_choice(text: &str) -> Result<String, AnswerError> {
    let mut t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    for word in ["option", "choice", "보기", "선택지"] {
        if t.len() > word.len()
            && t.is_char_boundary(word.len())
            && t[..word.len()].eq_ignore_ascii_case(word)
        {
            let rest = &t[word.len()..];
            if rest.starts_with(char::is_whitespace) {
                t = rest.trim_start();
            }
            break;
        }
    }
    let chars: Vec<char> = t.chars().take(3).collect();
    let bad = || AnswerError::invalid("choice", "expected a single option letter");
    match chars.as_slice() {
        [o, l, c, ..] if matches!((o, c), ('(', ')') | ('[', ']')) && l.is_ascii_alphabetic() => {
            Ok(l.to_ascii_uppercase().to_string())
        }
        [l] if l.is_ascii_alphabetic() => Ok(l.to_ascii_uppercase().to_string()),
        [l, n, ..] if l.is_ascii_alphabetic() => {
            let ok =
                matches!(n, ')' | '.' | ':' | ',') || (n.is_whitespace() && l.is_ascii_uppercase());
            if ok {
                Ok(l.to_ascii_uppercase().to_string())
            } else {
                Err(bad())
            }
        }
        _ => Err(bad()),
    }
}
