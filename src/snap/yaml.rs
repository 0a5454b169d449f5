//! The small subset of YAML that snapshot headers use: `key: scalar` lines whose scalars
//! are plain, single-quoted, double-quoted or literal blocks (`|`, `|-`, `|+`).
//!
//! Quoting follows insta's emitter, so a header we write is byte-identical to the one
//! insta would write for the same values.

/// A string as a YAML scalar the way insta writes it: plain when that is unambiguous,
/// otherwise double-quoted with escapes.
pub fn quote_scalar(value: &str) -> String {
    if needs_quotes(value) {
        escape(value)
    } else {
        value.to_string()
    }
}

/// Whether a plain scalar would be misread (insta's rules).
fn needs_quotes(s: &str) -> bool {
    const RESERVED: [&str; 22] = [
        "yes", "Yes", "YES", "no", "No", "NO", "True", "TRUE", "true", "False", "FALSE", "false",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~",
    ];
    s.is_empty()
        || s.starts_with(' ')
        || s.ends_with(' ')
        || s.starts_with(['&', '*', '?', '|', '-', '<', '>', '=', '!', '%', '@'])
        || s.contains(|c: char| {
            matches!(
                c,
                ':' | '{' | '}' | '[' | ']' | ',' | '#' | '`' | '"' | '\'' | '\\'
                    | '\0'..='\x06'
                    | '\t'
                    | '\n'
                    | '\r'
                    | '\x0e'..='\x1a'
                    | '\x1c'..='\x1f'
            )
        })
        || RESERVED.contains(&s)
        || s.starts_with('.')
        || s.starts_with("0x")
        || s.parse::<i64>().is_ok()
        || s.parse::<f64>().is_ok()
}

/// A double-quoted scalar with insta's escapes.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c.is_ascii_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Reads a one-line scalar (the text after `key:`). Block scalars are handled by the
/// caller. Errors are plain messages.
pub fn parse_scalar(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if let Some(rest) = raw.strip_prefix('"') {
        parse_double(rest)
    } else if let Some(rest) = raw.strip_prefix('\'') {
        parse_single(rest)
    } else {
        let plain = match raw.find(" #") {
            Some(at) => raw[..at].trim_end(),
            None => raw,
        };
        Ok(match plain {
            "~" | "null" | "Null" | "NULL" => String::new(),
            other => other.to_string(),
        })
    }
}

fn parse_single(rest: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                out.push('\'');
            } else {
                return trailing_ok(chars.collect::<String>().as_str()).map(|()| out);
            }
        } else {
            out.push(c);
        }
    }
    Err("a single-quoted value is not closed".to_string())
}

fn parse_double(rest: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return trailing_ok(chars.as_str()).map(|()| out),
            '\\' => {
                let e = chars.next().ok_or("a double-quoted value ends in `\\`")?;
                match e {
                    '"' | '\\' | '/' | ' ' => out.push(e),
                    '0' => out.push('\0'),
                    'a' => out.push('\x07'),
                    'b' => out.push('\x08'),
                    't' | '\t' => out.push('\t'),
                    'n' => out.push('\n'),
                    'v' => out.push('\x0b'),
                    'f' => out.push('\x0c'),
                    'r' => out.push('\r'),
                    'e' => out.push('\x1b'),
                    'N' => out.push('\u{85}'),
                    '_' => out.push('\u{a0}'),
                    'L' => out.push('\u{2028}'),
                    'P' => out.push('\u{2029}'),
                    'x' => out.push(hex_char(&mut chars, 2)?),
                    'u' => out.push(hex_char(&mut chars, 4)?),
                    'U' => out.push(hex_char(&mut chars, 8)?),
                    other => return Err(format!("unknown escape `\\{other}`")),
                }
            }
            c => out.push(c),
        }
    }
    Err("a double-quoted value is not closed".to_string())
}

fn hex_char(chars: &mut std::str::Chars<'_>, digits: usize) -> Result<char, String> {
    let hex: String = chars.by_ref().take(digits).collect();
    if hex.len() != digits {
        return Err("an escape has too few hex digits".to_string());
    }
    u32::from_str_radix(&hex, 16)
        .ok()
        .and_then(char::from_u32)
        .ok_or_else(|| format!("`\\{hex}` is not a valid escape"))
}

/// After a closing quote only spaces and a comment may follow.
fn trailing_ok(rest: &str) -> Result<(), String> {
    let rest = rest.trim_start();
    if rest.is_empty() || rest.starts_with('#') {
        Ok(())
    } else {
        Err(format!("unexpected text `{rest}` after a quoted value"))
    }
}
