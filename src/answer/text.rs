//! Small text helpers shared by the answer kinds.

/// Folds full-width ASCII (U+FF01–U+FF5E) to ASCII, the ideographic and
/// other Unicode spaces to a plain space, and U+2212 MINUS SIGN to `-`.
pub(crate) fn fold_width(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' | '\u{00A0}' | '\u{2009}' | '\u{202F}' | '\u{2007}' => ' ',
            '\u{2212}' => '-',
            _ => c,
        })
        .collect()
}

const WRAPPERS: [(&str, &str); 12] = [
    ("**", "**"),
    ("__", "__"),
    ("`", "`"),
    ("\"", "\""),
    ("'", "'"),
    ("\u{201C}", "\u{201D}"),
    ("\u{2018}", "\u{2019}"),
    ("「", "」"),
    ("『", "』"),
    ("$", "$"),
    ("*", "*"),
    ("_", "_"),
];

/// Trims and repeatedly removes one matching pair of surrounding markdown
/// emphasis, backticks, quotes or `$` signs.
pub(crate) fn strip_wrappers(s: &str) -> &str {
    let mut t = s.trim();
    loop {
        let mut changed = false;
        for (open, close) in WRAPPERS {
            if t.len() >= open.len() + close.len() && t.starts_with(open) && t.ends_with(close) {
                t = t[open.len()..t.len() - close.len()].trim();
                changed = true;
                break;
            }
        }
        if !changed {
            return t;
        }
    }
}

/// Removes trailing sentence punctuation (`.`, `。`, `!`) and whitespace.
pub(crate) fn strip_trailing_period(s: &str) -> &str {
    s.trim_end_matches(|c: char| c == '.' || c == '。' || c == '!' || c.is_whitespace())
}

/// Trims, strips wrappers and trailing sentence punctuation (and wrappers
/// again, for `**42**.`).
pub(crate) fn clean(s: &str) -> &str {
    strip_wrappers(strip_trailing_period(strip_wrappers(s)))
}

/// Collapses runs of whitespace to one space and trims.
pub(crate) fn collapse_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A precomposed Hangul syllable (U+AC00–U+D7A3).
pub(crate) fn is_hangul_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// A Hangul syllable or compatibility/conjoining jamo.
pub(crate) fn is_hangul(c: char) -> bool {
    is_hangul_syllable(c)
        || ('\u{1100}'..='\u{11FF}').contains(&c)
        || ('\u{3130}'..='\u{318F}').contains(&c)
}

/// Canonical integer text from a sign and ASCII digits: no leading zeros,
/// no `-0`.
pub(crate) fn canonical_int(negative: bool, digits: &str) -> String {
    let d = digits.trim_start_matches('0');
    if d.is_empty() {
        "0".to_string()
    } else if negative {
        format!("-{d}")
    } else {
        d.to_string()
    }
}

/// Parses a plain integer (optional `+`/`-`, ASCII digits, nothing else)
/// into canonical text.
pub(crate) fn plain_int(s: &str) -> Option<String> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(canonical_int(neg, digits))
}
