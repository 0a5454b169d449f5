//! The `Grid` and `SymbolGrid` kinds.

use super::error::AnswerError;
use super::rows::innermost_groups;
use super::text::{plain_int, strip_wrappers};

const KIND: &str = "grid";
const SYMBOL_KIND: &str = "symbol_grid";

/// Canonical `Grid`: rows of space-separated canonical integers, one row per
/// line, all rows the same length.
///
/// Accepted: cells separated by whitespace, `,` or `|`; markdown tables
/// (leading/trailing `|`, `|---|` rule lines dropped); code fences and blank
/// lines dropped; or nested brackets on any number of lines
/// (`[[1,2],[3,4]]`), where each innermost bracket group is one row.
pub(crate) fn normalize_grid(text: &str) -> Result<String, AnswerError> {
    let unfenced: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("```"))
        .collect();
    let joined = unfenced.join("\n");
    let t = strip_wrappers(&joined);
    let rows: Vec<Vec<&str>> = if t.contains('[') {
        bracket_rows(t)?
    } else {
        line_rows(t)
    };
    if rows.is_empty() {
        return Err(AnswerError::Empty);
    }
    let width = rows[0].len();
    let mut out_rows = Vec::with_capacity(rows.len());
    for row in &rows {
        if row.len() != width {
            return Err(AnswerError::invalid(KIND, "rows have different lengths"));
        }
        let mut cells = Vec::with_capacity(row.len());
        for cell in row {
            match plain_int(cell) {
                Some(v) => cells.push(v),
                None => {
                    return Err(AnswerError::invalid(
                        KIND,
                        format!("{cell:?} is not an integer"),
                    ))
                }
            }
        }
        out_rows.push(cells.join(" "));
    }
    Ok(out_rows.join("\n"))
}

fn split_cells(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == '|')
        .filter(|s| !s.is_empty())
        .collect()
}

fn line_rows(t: &str) -> Vec<Vec<&str>> {
    t.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter(|l| !l.chars().all(|c| matches!(c, '|' | '-' | ':' | '+' | ' ')))
        .map(split_cells)
        .filter(|r| !r.is_empty())
        .collect()
}

fn bracket_rows(t: &str) -> Result<Vec<Vec<&str>>, AnswerError> {
    let mut rows = Vec::new();
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
                    return Err(AnswerError::invalid(KIND, "unbalanced brackets"));
                }
                depth -= 1;
                if let Some(start) = open_at.take() {
                    rows.push(split_cells(&t[start..i]));
                }
            }
            c if c.is_whitespace() || c == ',' || c.is_ascii_digit() || c == '-' || c == '+' => {}
            '|' if depth > 0 => {}
            _ => return Err(AnswerError::invalid(KIND, format!("unexpected {c:?}"))),
        }
        if depth == 0 && (c.is_ascii_digit() || c == '-' || c == '+') {
            return Err(AnswerError::invalid(KIND, "number outside brackets"));
        }
    }
    if depth != 0 {
        return Err(AnswerError::invalid(KIND, "unbalanced brackets"));
    }
    Ok(rows)
}

/// Canonical `SymbolGrid`: rows of cells separated by one space, one row
/// per line, all rows the same length; a cell is any text without
/// whitespace, `,`, `;`, `|`, quotes or brackets (`X`, `C`, `→`, `12`).
///
/// Accepted: what `Grid` accepts (lines, markdown tables, code fences,
/// nested brackets with quoted cells such as `[["X","C"],["T","X"]]`), and
/// rows written on one line separated by `,` or `;` (`X C X,T X X`) when
/// some row there has several cells. Cells compare exactly (case included).
pub(crate) fn normalize_symbol_grid(text: &str) -> Result<String, AnswerError> {
    let unfenced: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("```"))
        .collect();
    let joined = unfenced.join("\n");
    let t = strip_wrappers(&joined);
    let rows: Vec<Vec<String>> = if t.contains('[') {
        symbol_bracket_rows(t)?
    } else {
        symbol_line_rows(t)
    };
    if rows.is_empty() {
        return Err(AnswerError::Empty);
    }
    let width = rows[0].len();
    if rows.iter().any(|r| r.len() != width) {
        return Err(AnswerError::invalid(
            SYMBOL_KIND,
            "rows have different lengths",
        ));
    }
    Ok(rows
        .iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n"))
}

fn symbol_cells(part: &str) -> Vec<String> {
    part.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|'))
        .map(|c| c.trim_matches(['"', '\'', '`']))
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect()
}

fn symbol_line_rows(t: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = t
        .lines()
        .map(|l| l.trim().trim_end_matches([',', ';']))
        .filter(|l| !l.is_empty())
        .filter(|l| !l.chars().all(|c| matches!(c, '|' | '-' | ':' | '+' | ' ')))
        .collect();
    if let [line] = lines.as_slice() {
        let parts: Vec<&str> = line.split([',', ';']).collect();
        if parts.len() > 1 && parts.iter().any(|p| symbol_cells(p).len() > 1) {
            return parts
                .iter()
                .map(|p| symbol_cells(p))
                .filter(|r| !r.is_empty())
                .collect();
        }
    }
    lines
        .iter()
        .map(|l| symbol_cells(l))
        .filter(|r| !r.is_empty())
        .collect()
}

fn symbol_bracket_rows(t: &str) -> Result<Vec<Vec<String>>, AnswerError> {
    Ok(innermost_groups(t, SYMBOL_KIND)?
        .into_iter()
        .map(symbol_cells)
        .filter(|r| !r.is_empty())
        .collect())
}
