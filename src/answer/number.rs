//! The `Int` and `Digits` kinds.

use super::error::AnswerError;
use super::text::{canonical_int, clean};

const INT: &str = "int";
const DIGITS: &str = "digits";

/// Canonical `Int`: optional `-`, digits, no leading zeros.
///
/// Accepted: a leading `+` or `-`; thousands groups separated consistently by
/// `,` or by single spaces (first group 1–3 digits, the others exactly 3:
/// `1,234`, `12 345 678`); full-width digits (folded beforehand); one
/// trailing unit word made only of letters or Hangul, with or without a space
/// (`1234근`, `1234 g`, `5 apples`); a decimal part of zeros only (`24.0`,
/// `24.00` read as `24`). Rejected: other decimals (`24.5`), other
/// separators, several words after the number.
pub(crate) fn normalize_int(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let b = t.as_bytes();
    let mut i = 0;
    let mut negative = false;
    if let Some(&c) = b.first() {
        if c == b'-' || c == b'+' {
            negative = c == b'-';
            i = 1;
        }
    }
    let mut groups: Vec<&str> = Vec::new();
    let mut sep: Option<u8> = None;
    loop {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(AnswerError::invalid(INT, "expected digits"));
        }
        groups.push(&t[start..i]);
        if i + 1 < b.len() && (b[i] == b',' || b[i] == b' ') && b[i + 1].is_ascii_digit() {
            if sep.is_some_and(|s| s != b[i]) {
                return Err(AnswerError::invalid(INT, "mixed digit group separators"));
            }
            sep = Some(b[i]);
            i += 1;
            continue;
        }
        break;
    }
    if groups.len() > 1 {
        let first_ok = (1..=3).contains(&groups[0].len());
        if !first_ok || groups[1..].iter().any(|g| g.len() != 3) {
            return Err(AnswerError::invalid(INT, "digit groups are not thousands"));
        }
    }
    // A zero decimal part (`24.0`) is the integer itself.
    if b.get(i) == Some(&b'.') && b.get(i + 1) == Some(&b'0') {
        let zeros = b[i + 1..].iter().take_while(|&&c| c == b'0').count();
        if b.get(i + 1 + zeros).is_none_or(|c| !c.is_ascii_digit()) {
            i += 1 + zeros;
        }
    }
    let rest = t[i..].trim();
    if !rest.is_empty() && !rest.chars().all(char::is_alphabetic) {
        return Err(AnswerError::invalid(
            INT,
            format!("unexpected text after the number: {rest:?}"),
        ));
    }
    Ok(canonical_int(negative, &groups.concat()))
}

/// Canonical `Digits`: single digits separated by single spaces (`3 1 4`).
///
/// Accepted: digits separated by whitespace, `,`, `、` or `;`, optionally
/// inside one pair of brackets (`[3, 1, 4]`); or a single bare run of digits,
/// where each character is one digit (`314` → `3 1 4`). Rejected: mixing
/// multi-digit tokens with separators (`31 4`), anything non-digit.
pub(crate) fn normalize_digits(text: &str) -> Result<String, AnswerError> {
    let mut t = clean(text);
    for (o, c) in [('[', ']'), ('(', ')'), ('{', '}')] {
        if t.starts_with(o) && t.ends_with(c) && t.len() >= 2 {
            t = t[1..t.len() - 1].trim();
            break;
        }
    }
    let tokens: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == '、' || c == ';')
        .filter(|s| !s.is_empty())
        .collect();
    if tokens.is_empty() {
        return Err(AnswerError::Empty);
    }
    if tokens
        .iter()
        .any(|tok| !tok.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(AnswerError::invalid(DIGITS, "only digits are allowed"));
    }
    let digits: Vec<String> = if tokens.len() == 1 {
        tokens[0].chars().map(String::from).collect()
    } else if tokens.iter().all(|tok| tok.len() == 1) {
        tokens.iter().map(|s| s.to_string()).collect()
    } else {
        return Err(AnswerError::invalid(
            DIGITS,
            "separated tokens must be single digits",
        ));
    };
    Ok(digits.join(" "))
}
