//! Triple-quoted strings: strip the opening line break, the closing line's
//! indentation, and the indentation common to every non-blank line.

use super::ast::StrPart;

/// Dedents the parts of a triple-quoted string.
pub fn dedent_parts(mut parts: Vec<StrPart>) -> Vec<StrPart> {
    if let Some(StrPart::Text(first)) = parts.first_mut() {
        if let Some(rest) = first
            .strip_prefix("\r\n")
            .or_else(|| first.strip_prefix('\n'))
        {
            *first = rest.to_string();
        }
    }
    if let Some(StrPart::Text(last)) = parts.last_mut() {
        if let Some(pos) = last.rfind('\n') {
            if last[pos + 1..].chars().all(|c| c == ' ' || c == '\t') {
                last.truncate(pos);
                if last.ends_with('\r') {
                    last.pop();
                }
            }
        }
    }
    let indent = common_indent(&parts);
    if indent > 0 {
        strip_indent(&mut parts, indent);
    }
    parts.retain(|p| !matches!(p, StrPart::Text(t) if t.is_empty()));
    parts
}

/// The smallest indentation (in characters) of a non-blank line.
fn common_indent(parts: &[StrPart]) -> usize {
    let mut best: Option<usize> = None;
    let mut at_start = true;
    let mut current = 0usize;
    let mut blank = true;
    let close_line = |current: usize, blank: bool, best: &mut Option<usize>| {
        if !blank {
            *best = Some(best.map_or(current, |b| b.min(current)));
        }
    };
    for part in parts {
        match part {
            StrPart::Text(text) => {
                for c in text.chars() {
                    if c == '\n' {
                        close_line(current, blank, &mut best);
                        at_start = true;
                        current = 0;
                        blank = true;
                    } else if at_start && (c == ' ' || c == '\t') {
                        current += 1;
                    } else if c != '\r' {
                        at_start = false;
                        blank = false;
                    }
                }
            }
            StrPart::Placeholder { .. } => {
                at_start = false;
                blank = false;
            }
        }
    }
    close_line(current, blank, &mut best);
    best.unwrap_or(0)
}

fn strip_indent(parts: &mut [StrPart], indent: usize) {
    let mut remaining = indent; // characters still to drop on this line
    for part in parts.iter_mut() {
        match part {
            StrPart::Text(text) => {
                let mut out = String::with_capacity(text.len());
                for c in text.chars() {
                    if c == '\n' {
                        out.push(c);
                        remaining = indent;
                    } else if remaining > 0 && (c == ' ' || c == '\t') {
                        remaining -= 1;
                    } else {
                        remaining = 0;
                        out.push(c);
                    }
                }
                *text = out;
            }
            StrPart::Placeholder { .. } => remaining = 0,
        }
    }
}
