//! Dispatch from a kind to its normalizer.

use super::assignment::normalize_assignment;
use super::calendar::{normalize_date, normalize_ganji, normalize_weekday};
use super::coords::normalize_coords;
use super::error::AnswerError;
use super::grid::{normalize_grid, normalize_symbol_grid};
use super::interval::normalize_interval;
use super::kind::AnswerKind;
use super::number::{normalize_digits, normalize_int};
use super::rows::normalize_rows;
use super::set::{normalize_compact, normalize_set};
use super::text::fold_width;
use super::words::{
    normalize_choice, normalize_exact, normalize_hangul, normalize_letters, normalize_text,
};

/// Brings `text` (a gold or an extracted model answer) to the kind's
/// canonical form, or explains why it is not one.
///
/// Every kind except `Exact` first folds full-width ASCII and Unicode
/// spaces/minus signs, then trims and removes surrounding quotes, backticks,
/// `$` and markdown emphasis; `Exact` only trims surrounding whitespace. See
/// [`AnswerKind`]'s variants for what each kind accepts. Normalizing a
/// canonical text returns it unchanged.
pub fn normalize(kind: AnswerKind, text: &str) -> Result<String, AnswerError> {
    if kind == AnswerKind::Exact {
        return normalize_exact(text);
    }
    let folded = fold_width(text);
    let t = folded.as_str();
    match kind {
        AnswerKind::Int => normalize_int(t),
        AnswerKind::Digits => normalize_digits(t),
        AnswerKind::Text => normalize_text(t),
        AnswerKind::Letters => normalize_letters(t),
        AnswerKind::Exact => normalize_exact(t),
        AnswerKind::Hangul => normalize_hangul(t),
        AnswerKind::Coords => normalize_coords(t),
        AnswerKind::Assignment => normalize_assignment(t),
        AnswerKind::Grid => normalize_grid(t),
        AnswerKind::Rows => normalize_rows(t),
        AnswerKind::SymbolGrid => normalize_symbol_grid(t),
        AnswerKind::Date => normalize_date(t),
        AnswerKind::Weekday => normalize_weekday(t),
        AnswerKind::Ganji => normalize_ganji(t),
        AnswerKind::Choice => normalize_choice(t),
        AnswerKind::Compact => normalize_compact(t),
        AnswerKind::Set => normalize_set(t),
        AnswerKind::Polynomial => super::polynomial::normalize_polynomial(t),
        AnswerKind::Interval => normalize_interval(t),
    }
}

/// Whether two canonical texts of `kind` denote the same answer: `Text` and
/// `Rows` ignore ASCII case, every other kind compares exactly.
pub(crate) fn same_answer(kind: AnswerKind, a: &str, b: &str) -> bool {
    match kind {
        AnswerKind::Text | AnswerKind::Rows => a.eq_ignore_ascii_case(b),
        _ => a == b,
    }
}
