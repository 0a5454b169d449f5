//! Pure text-formatting helpers for English and Korean prompts: digit
//! grouping, English plurals and ordinals, list joining, plain grids and
//! Markdown tables.

/// Formats `n` with `sep` between groups of three digits:
/// `group_thousands(-1234567, ",") == "-1,234,567"`. Works for every `i64`,
/// including `i64::MIN`.
pub fn group_thousands(n: i64, sep: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() * (1 + sep.len()) + 1);
    if n < 0 {
        out.push('-');
    }
    let len = digits.len();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (len - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(d);
    }
    out
}

/// The regular English plural of `singular`:
/// words ending in s, x, z, ch or sh add "es" (box → boxes); a consonant
/// followed by y becomes "ies" (city → cities, but day → days); everything
/// else adds "s". Irregular plurals must be supplied by the caller (see
/// [`plural_en`]), and so must forms with a doubled consonant (quiz →
/// quizzes; this function gives "quizes"). An empty string stays empty.
pub fn pluralize(singular: &str) -> String {
    if singular.is_empty() {
        return String::new();
    }
    let lower = singular.to_ascii_lowercase();
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        return format!("{singular}es");
    }
    if let Some(stem) = consonant_y_stem(singular) {
        return format!("{stem}ies");
    }
    format!("{singular}s")
}

/// If `word` ends in consonant + "y", the word without the "y".
fn consonant_y_stem(word: &str) -> Option<&str> {
    let stem = word.strip_suffix('y').or_else(|| word.strip_suffix('Y'))?;
    let before = stem.chars().last()?;
    let is_consonant = before.is_ascii_alphabetic() && !"aeiouAEIOU".contains(before);
    is_consonant.then_some(stem)
}

/// `"{n} {noun}"` with the noun in singular when `n` is 1 or −1 and plural
/// otherwise (including 0): `plural_en(1, "apple", None) == "1 apple"`,
/// `plural_en(2, "box", None) == "2 boxes"`,
/// `plural_en(3, "child", Some("children")) == "3 children"`.
/// The plural is `plural` if given, else [`pluralize`]`(singular)`. The
/// number is written with plain digits (no grouping).
pub fn plural_en(n: i64, singular: &str, plural: Option<&str>) -> String {
    if n.unsigned_abs() == 1 {
        return format!("{n} {singular}");
    }
    match plural {
        Some(p) => format!("{n} {p}"),
        None => format!("{n} {}", pluralize(singular)),
    }
}

/// English ordinal with a numeric prefix: 1st 2nd 3rd 4th … 11th 12th 13th
/// … 21st 22nd 23rd … 101st 111th 112th. Negative numbers keep their sign
/// and take the suffix of their absolute value (`-1st`); `i64::MIN` is safe.
pub fn ordinal_en(n: i64) -> String {
    format!("{n}{}", ordinal_suffix(n.unsigned_abs()))
}

/// "st", "nd", "rd" or "th" for a non-negative number.
fn ordinal_suffix(n: u64) -> &'static str {
    if (11..=13).contains(&(n % 100)) {
        return "th";
    }
    match n % 10 {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    }
}

/// Joins items as an English list using the Oxford (serial) comma:
/// `[]` → `""`, `[a]` → `"a"`, `[a, b]` → `"a and b"`,
/// `[a, b, c]` → `"a, b, and c"`.
pub fn join_en(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

/// Joins items as a Korean list with comma-space: `[a, b, c]` → `"a, b, c"`
/// (`[]` → `""`). Conjunction particles are not added.
pub fn join_ko(items: &[String]) -> String {
    items.join(", ")
}

/// Renders rows as plain text: the cells of each row joined by `col_sep`,
/// rows joined by `\n`, with no trailing newline and no padding.
pub fn grid(rows: &[Vec<String>], col_sep: &str) -> String {
    rows.iter()
        .map(|row| row.join(col_sep))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Renders a Markdown (GitHub-style) table:
///
/// ```text
/// | name | age |
/// | ---- | --- |
/// | Kim  | 7   |
/// ```
///
/// The column count is the largest of the header and every row; missing
/// cells are empty. Each cell is padded with spaces to its column's width,
/// and every column is at least 3 wide (for the `---` rule). Widths are
/// counted in Unicode scalar values (`char`s), not terminal columns — Hangul
/// and other wide characters occupy two terminal columns, so such tables are
/// valid Markdown but may not line up in a terminal. Inside cells `|` is
/// escaped as `\|` and line breaks are replaced by spaces. No trailing
/// newline; an empty header with no rows gives `""`.
pub fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).chain([header.len()]).max();
    let columns = columns.unwrap_or(0);
    if columns == 0 {
        return String::new();
    }
    let header = normalize_row(header, columns);
    let body: Vec<Vec<String>> = rows.iter().map(|r| normalize_row(r, columns)).collect();
    let widths = column_widths(&header, &body, columns);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    let mut lines = vec![table_line(&header, &widths), table_line(&rule, &widths)];
    lines.extend(body.iter().map(|r| table_line(r, &widths)));
    lines.join("\n")
}

/// Escapes cells and pads the row with empty cells to `columns`.
fn normalize_row(row: &[String], columns: usize) -> Vec<String> {
    let mut out: Vec<String> = row.iter().map(|c| escape_cell(c)).collect();
    out.resize(columns, String::new());
    out
}

/// Makes a cell safe inside a Markdown table row.
fn escape_cell(cell: &str) -> String {
    cell.replace("\r\n", " ")
        .replace(['\n', '\r'], " ")
        .replace('|', "\\|")
}

/// Width of each column in chars (minimum 3).
fn column_widths(header: &[String], body: &[Vec<String>], columns: usize) -> Vec<usize> {
    (0..columns)
        .map(|i| {
            std::iter::once(header)
                .chain(body.iter().map(Vec::as_slice))
                .filter_map(|row| row.get(i))
                .map(|cell| cell.chars().count())
                .fold(3, usize::max)
        })
        .collect()
}

/// One `| a | b |` line with cells left-aligned and padded to `widths`.
fn table_line(cells: &[String], widths: &[usize]) -> String {
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .map(|(cell, w)| pad_right(cell, *w))
        .collect();
    format!("| {} |", padded.join(" | "))
}

/// Pads `s` with spaces to `width` chars.
fn pad_right(s: &str, width: usize) -> String {
    let len = s.chars().count();
    let mut out = s.to_string();
    out.push_str(&" ".repeat(width.saturating_sub(len)));
    out
}
