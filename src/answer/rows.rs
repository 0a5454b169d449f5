//! The `Rows` kind.

use super::error::AnswerError;
use super::text::clean;

const KIND: &str = "rows";

/// Canonical `Rows`: rows of cells, the cells of a row separated by one
/// space and the rows by `,` with no space (`1 2 3,4 5 6`, `X A,2 1`,
/// `BACH (12,4)(12,1),LISZT (1,1)(1,5)`). Cells are any text without
/// spaces; a parenthesised group belongs to its cell.
///
/// Accepted: rows separated by `,`, `;` or line breaks, cells by white
/// space or `|` (so `1 2 3, 4 5 6`, one row per line, and markdown tables
/// with their `|---|` rule lines); outside parentheses only, so a comma
/// inside `(12,4)` never splits a row. White space inside parentheses is
/// dropped (`(12, 4)` → `(12,4)`), and an opening parenthesis right after
/// a cell's text starts a new cell unless it follows `)`, and one after a
/// space joins the cell before when that ends with `)`
/// (`BACH(12,4) (12,1)` → `BACH (12,4)(12,1)`). When the text holds square
/// brackets, each innermost bracket group is one row and commas inside it
/// separate cells (`[[1,2],[3,4]]`, `[1 2],[3 4]`).
pub(crate) fn normalize_rows(text: &str) -> Result<String, AnswerError> {
    let mut t = clean(text);
    // KOR-Bench's `[[a b,c d]]` wrapper around rows without brackets.
    if let Some(inner) = t.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
        if !inner.contains(['[', ']']) {
            t = clean(inner);
        }
    }
    let rows = if t.contains('[') {
        bracket_rows(t)?
    } else {
        split_rows(t, false)?
    };
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .filter(|r| !r.is_empty() && !r.iter().all(|c| is_rule(c)))
        .collect();
    if rows.is_empty() {
        return Err(AnswerError::Empty);
    }
    Ok(rows
        .iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join(","))
}

/// A markdown table rule cell such as `---` or `:-:`.
fn is_rule(cell: &str) -> bool {
    cell.chars().all(|c| matches!(c, '-' | ':' | '+'))
}

/// Rows of cells. With `commas_split_cells`, a top-level `,` separates
/// cells (inside a bracket group); otherwise it separates rows.
fn split_rows(t: &str, commas_split_cells: bool) -> Result<Vec<Vec<String>>, AnswerError> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut cell = String::new();
    let mut depth = 0usize;
    let end_cell = |cell: &mut String, row: &mut Vec<String>| {
        if !cell.is_empty() {
            row.push(std::mem::take(cell));
        }
    };
    for c in t.chars() {
        if depth > 0 {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if c.is_whitespace() => continue,
                _ => {}
            }
            cell.push(c);
            continue;
        }
        match c {
            '(' => {
                if !cell.is_empty() && !cell.ends_with(')') {
                    end_cell(&mut cell, &mut row);
                }
                // `(1,1) (1,5)`: a group after a group joins its cell.
                if cell.is_empty() && row.last().is_some_and(|l| l.ends_with(')')) {
                    cell = row.pop().unwrap_or_default();
                }
                depth = 1;
                cell.push(c);
            }
            ')' => return Err(AnswerError::invalid(KIND, "unbalanced parentheses")),
            ',' if commas_split_cells => end_cell(&mut cell, &mut row),
            ',' | ';' | '\n' => {
                end_cell(&mut cell, &mut row);
                rows.push(std::mem::take(&mut row));
            }
            '|' => end_cell(&mut cell, &mut row),
            c if c.is_whitespace() => end_cell(&mut cell, &mut row),
            _ => cell.push(c),
        }
    }
    if depth != 0 {
        return Err(AnswerError::invalid(KIND, "unbalanced parentheses"));
    }
    end_cell(&mut cell, &mut row);
    rows.push(row);
    Ok(rows)
}

/// Each innermost `[…]` group is one row; text between groups may only be
/// separators.
fn bracket_rows(t: &str) -> Result<Vec<Vec<String>>, AnswerError> {
    let mut rows = Vec::new();
    for group in innermost_groups(t, KIND)? {
        rows.extend(split_rows(group, true)?);
    }
    Ok(rows)
}

/// The innermost `[…]` groups of `t`, in order. Outside every bracket only
/// white space, `,` and `;` may stand; brackets must balance.
pub(crate) fn innermost_groups<'a>(
    t: &'a str,
    kind: &'static str,
) -> Result<Vec<&'a str>, AnswerError> {
    let mut groups = Vec::new();
    let mut depth = 0usize;
    let mut open_at: Option<usize> = None;
    for (i, c) in t.char_indices() {
        match c {
            '[' => {
                depth += 1;
                open_at = Some(i + 1);
            }
            ']' => {
                if depth == 0 {
                    return Err(AnswerError::invalid(kind, "unbalanced brackets"));
                }
                depth -= 1;
                if let Some(start) = open_at.take() {
                    groups.push(&t[start..i]);
                }
            }
            c if depth == 0 && !(c.is_whitespace() || c == ',' || c == ';') => {
                return Err(AnswerError::invalid(
                    kind,
                    format!("unexpected {c:?} outside brackets"),
                ));
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(AnswerError::invalid(kind, "unbalanced brackets"));
    }
    Ok(groups)
}
