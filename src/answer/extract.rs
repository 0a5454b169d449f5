//! Finding the final answer inside a whole model response.
//!
//! All scans are linear in the response length; no regular expressions.

use super::calendar::{last_date, last_ganji, last_weekday};
use super::kind::AnswerKind;
use super::normalize::normalize;
use super::slot::AnswerSlot;
use super::text::{fold_width, strip_trailing_period, strip_wrappers};

/// Removes reasoning blocks: every `<think>…</think>`; a `</think>` with no
/// `<think>` before it drops everything up to it (the opening tag was part of
/// the prompt); an unclosed `<think>` drops everything after it.
pub(crate) fn strip_think(s: &str) -> String {
    const OPEN: &str = "<think>";
    const CLOSE: &str = "</think>";
    let mut rest = s;
    if let Some(c) = rest.find(CLOSE) {
        if !rest[..c].contains(OPEN) {
            rest = &rest[c + CLOSE.len()..];
        }
    }
    let mut out = String::with_capacity(rest.len());
    loop {
        match rest.find(OPEN) {
            None => {
                out.push_str(rest);
                break;
            }
            Some(o) => {
                out.push_str(&rest[..o]);
                let after = &rest[o + OPEN.len()..];
                match after.find(CLOSE) {
                    Some(c) => rest = &after[c + CLOSE.len()..],
                    None => break,
                }
            }
        }
    }
    out
}

/// Markers, longest first so that `최종 정답` wins over `정답`.
const MARKERS: [&str; 7] = [
    "final answer",
    "최종 정답",
    "최종 답",
    "최종답",
    "answer",
    "정답",
    "답",
];

/// If `line` starts with an answer marker followed by a colon, the text after
/// the colon (emphasis markers trimmed).
fn marker_content(line: &str) -> Option<&str> {
    let mut s = line.trim_start();
    s = s.trim_start_matches(['#', '>']).trim_start();
    if let Some(r) = s.strip_prefix("- ") {
        s = r.trim_start();
    }
    for emph in ["**", "__"] {
        if let Some(r) = s.strip_prefix(emph) {
            s = r.trim_start();
            break;
        }
    }
    let b = s.as_bytes();
    let m = MARKERS
        .iter()
        .find(|m| b.len() >= m.len() && b[..m.len()].eq_ignore_ascii_case(m.as_bytes()))?;
    let mut r = &s[m.len()..];
    r = r.trim_start_matches(['*', '_']).trim_start();
    r = r.strip_prefix(':')?;
    // The closing half of a bold marker: `**Answer:** 42`.
    r = r
        .strip_prefix("**")
        .or_else(|| r.strip_prefix("__"))
        .unwrap_or(r);
    let r = r.trim();
    // `**Answer: 42**`: a lone closing bold at the end.
    let r = match r.strip_suffix("**") {
        Some(inner) if !inner.contains("**") => inner.trim(),
        _ => r,
    };
    Some(r)
}

fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

/// Candidates from the last marker line, best first.
fn marker_candidates(kind: AnswerKind, body: &str) -> Option<Vec<String>> {
    let lines: Vec<&str> = body.lines().collect();
    let (idx, content) = lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, l)| marker_content(l).map(|c| (i, c)))?;
    // `Answer: the text is [[XYZ]]`: the slot is the last `[[…]]` of the line.
    if let Some(inner) = last_double_bracket(content) {
        return Some(vec![inner]);
    }
    let following = lines.get(idx + 1..).unwrap_or(&[]);
    // `Answer:` then a `[[` opening on that line (`Answer: [[A(0,1)`) or at
    // the start of the next, whose `]]` closes on a later line.
    let rest = if content.is_empty() {
        following.join("\n")
    } else {
        format!("{content}\n{}", following.join("\n"))
    };
    if let Some(open) = rest.find("[[") {
        if open < content.len() || rest[..open].trim().is_empty() {
            let body = &rest[open + 2..];
            if let Some(end) = body.find("]]") {
                let inner = &body[..end];
                if !inner.contains(['[', ']']) {
                    return Some(vec![inner.to_string()]);
                }
            }
        }
    }
    let mut out = Vec::new();
    if kind.is_multiline() {
        let skip_blank = content.is_empty();
        let mut block: Vec<&str> = Vec::new();
        for l in following.iter().filter(|l| !is_fence(l)) {
            if l.trim().is_empty() {
                if skip_blank && block.is_empty() {
                    continue;
                }
                break;
            }
            block.push(l);
        }
        if content.is_empty() {
            out.push(block.join("\n"));
        } else {
            if !block.is_empty() {
                out.push(format!("{content}\n{}", block.join("\n")));
            }
            out.push(content.to_string());
        }
    } else if content.is_empty() {
        let next = following
            .iter()
            .find(|l| !l.trim().is_empty() && !is_fence(l))
            .copied()
            .unwrap_or("");
        out.push(next.to_string());
    } else {
        out.push(content.to_string());
    }
    Some(out)
}

/// The content of the last `[[…]]` holding no other square bracket.
fn last_double_bracket(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut start: Option<usize> = None;
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' && b.get(i + 1) == Some(&b'[') {
            start = Some(i + 2);
            i += 2;
        } else if b[i] == b']' && b.get(i + 1) == Some(&b']') {
            if let Some(st) = start.take() {
                best = Some((st, i));
            }
            i += 2;
        } else {
            if b[i] == b'[' || b[i] == b']' {
                start = None;
            }
            i += 1;
        }
    }
    best.map(|(a, z)| s[a..z].to_string())
}

/// The content of the first `[[…]]`: from the first `[[` to the first `]]`
/// after it, trimmed (the regular expression `\[\[\s*(.*?)\s*\]\]` with
/// DOTALL).
fn first_double_bracket(s: &str) -> Option<String> {
    let open = s.find("[[")?;
    let rest = &s[open + 2..];
    let close = rest.find("]]")?;
    Some(rest[..close].trim().to_string())
}

/// The content of the last `\boxed{…}` with balanced braces.
fn last_boxed(s: &str) -> Option<String> {
    const PAT: &[u8] = b"\\boxed{";
    let b = s.as_bytes();
    let mut depth = 0usize;
    let mut open: Vec<(usize, usize)> = Vec::new(); // (depth, content start)
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(PAT) {
            depth += 1;
            open.push((depth, i + PAT.len()));
            i += PAT.len();
            continue;
        }
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                if let Some(&(d, st)) = open.last() {
                    if d == depth {
                        open.pop();
                        if best.is_none_or(|(bs, _)| st > bs) {
                            best = Some((st, i));
                        }
                    }
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    best.map(|(a, z)| s[a..z].to_string())
}

/// Removes answer wrappers: emphasis/quotes, `\boxed{}`, `[[ ]]`, simple
/// LaTeX (`\text{}`, `\,`, `{,}`), and a trailing Korean copula `입니다`.
fn unwrap(c: &str) -> String {
    let mut t = strip_wrappers(c).to_string();
    loop {
        let before = t.clone();
        if let Some(inner) = t.strip_prefix("\\boxed{").and_then(|r| r.strip_suffix('}')) {
            t = inner.to_string();
        }
        if let Some(inner) = t.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
            if !inner.contains(['[', ']']) {
                t = inner.to_string();
            }
        }
        for cmd in ["\\text{", "\\mathrm{", "\\textbf{", "\\mathbf{"] {
            if let Some(inner) = t.strip_prefix(cmd).and_then(|r| r.strip_suffix('}')) {
                t = inner.to_string();
            }
        }
        t = t.replace("{,}", ",").replace("\\,", "").replace("\\!", "");
        let trimmed = strip_trailing_period(strip_wrappers(&t));
        let trimmed = trimmed.strip_suffix("입니다").unwrap_or(trimmed);
        t = strip_wrappers(strip_trailing_period(trimmed)).to_string();
        if t == before {
            return t;
        }
    }
}

/// Byte ranges of integers in `s` (optionally negative, `,` thousands
/// groups, a decimal part kept so that `3.5` is not read as `5`): the first
/// one when `first` is set, else the last one.
fn int_token(s: &str, first: bool) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut best = None;
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        loop {
            let group = i + 4 <= b.len()
                && b[i] == b','
                && b[i + 1..i + 4].iter().all(u8::is_ascii_digit)
                && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit());
            if group {
                i += 4;
            } else {
                break;
            }
        }
        if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if start > 0 && b[start - 1] == b'-' {
            let ok = start == 1
                || matches!(
                    b[start - 2],
                    b' ' | b'\t' | b'\n' | b'(' | b'[' | b':' | b'=' | b'{' | b'$'
                );
            if ok {
                start -= 1;
            }
        }
        best = Some((start, i));
        if first {
            break;
        }
    }
    best
}

/// The `(r, c)` / `[r, c]` groups of the last non-empty line, joined.
fn coord_groups(s: &str) -> Option<String> {
    let line = last_nonempty_line(s)?;
    let b = line.as_bytes();
    let mut groups = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'(' || b[i] == b'[' {
            let close = if b[i] == b'(' { b')' } else { b']' };
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b',' || b[j] == b' ') {
                j += 1;
            }
            if j < b.len() && b[j] == close {
                let inner = &line[i + 1..j];
                let nums: Vec<&str> = inner.split([',', ' ']).filter(|x| !x.is_empty()).collect();
                if nums.len() == 2 && inner.contains(',') {
                    groups.push(format!("({},{})", nums[0], nums[1]));
                }
                i = j;
            }
        }
        i += 1;
    }
    (!groups.is_empty()).then(|| groups.join(", "))
}

fn last_nonempty_line(s: &str) -> Option<&str> {
    s.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty() && !is_fence(l))
}

/// The last standalone capital letter A–Z of the last non-empty line.
fn last_choice_letter(s: &str) -> Option<String> {
    let line = last_nonempty_line(s)?;
    let cs: Vec<char> = line.chars().collect();
    (0..cs.len()).rev().find_map(|i| {
        let c = cs[i];
        let alone = |j: Option<&char>| j.is_none_or(|d| !d.is_ascii_alphanumeric());
        (c.is_ascii_uppercase()
            && alone(i.checked_sub(1).and_then(|p| cs.get(p)))
            && alone(cs.get(i + 1)))
        .then(|| c.to_string())
    })
}

/// A kind-specific scan for an answer-shaped token anywhere in `s`.
fn scan(kind: AnswerKind, s: &str) -> Option<String> {
    let range = |r: Option<(usize, usize)>| r.map(|(a, z)| s[a..z].to_string());
    match kind {
        AnswerKind::Int => range(int_token(s, false)),
        AnswerKind::Coords => coord_groups(s),
        AnswerKind::Choice => last_choice_letter(s),
        AnswerKind::Date => range(last_date(s)),
        AnswerKind::Weekday => range(last_weekday(s)),
        AnswerKind::Ganji => {
            let line = last_nonempty_line(s)?;
            last_ganji(line).map(|(a, z)| line[a..z].to_string())
        }
        _ => None,
    }
}

/// Prefixes of `c` cut before trailing commentary, longest first.
fn commentary_cuts(c: &str) -> Vec<&str> {
    const CUTS: [&str; 13] = [
        " (",
        " because",
        " since",
        " as ",
        " which",
        " —",
        " –",
        " - ",
        "; ",
        ". ",
        ", ",
        "이므로",
        " 왜냐하면",
    ];
    let mut positions: Vec<usize> = Vec::new();
    for cut in CUTS {
        let mut from = 0;
        let mut n = 0;
        while let Some(p) = c[from..].find(cut) {
            if from + p > 0 {
                positions.push(from + p);
            }
            from += p + cut.len();
            n += 1;
            if n == 8 {
                break;
            }
        }
    }
    positions.sort_unstable_by(|a, b| b.cmp(a));
    positions.dedup();
    positions.into_iter().map(|p| c[..p].trim_end()).collect()
}

/// Picks the first candidate that normalizes; otherwise tries commentary
/// cuts and a kind scan of the first candidate; otherwise returns it as is.
fn refine(kind: AnswerKind, candidates: Vec<String>) -> Option<String> {
    if kind == AnswerKind::Exact {
        // Taken as written: only surrounding whitespace is not part of it.
        let trimmed: Vec<String> = candidates.iter().map(|c| c.trim().to_string()).collect();
        return trimmed
            .iter()
            .find(|c| !c.is_empty())
            .or(trimmed.first())
            .cloned();
    }
    let unwrapped: Vec<String> = candidates.iter().map(|c| unwrap(c)).collect();
    if let Some(ok) = unwrapped.iter().find(|c| normalize(kind, c).is_ok()) {
        return Some(ok.clone());
    }
    let first = unwrapped.into_iter().next()?;
    for cut in commentary_cuts(&first) {
        let u = unwrap(cut);
        if normalize(kind, &u).is_ok() {
            return Some(u);
        }
    }
    let scanned = match kind {
        // Inside an answer slot the number comes first: `12 apples and 3 pears`.
        AnswerKind::Int => int_token(&first, true).map(|(a, z)| first[a..z].to_string()),
        _ => scan(kind, &first),
    };
    if let Some(s) = scanned {
        if normalize(kind, &s).is_ok() {
            return Some(s);
        }
    }
    Some(first)
}

/// Finds the final answer inside a whole model response.
///
/// Order: full-width characters are folded (not for `Exact`), `<think>` blocks are removed
/// (see below), then the first of these that exists wins:
///
/// 1. the LAST line starting with a marker `Final answer:`, `Answer:`,
///    `정답:`, `최종 답:`, `최종 정답:`, `답:` (ASCII case-insensitive, optional
///    `**`/`__` bold around the marker or the colon, full-width `：`, leading
///    `#`/`>`/`- `): the text after the colon on that line, or the content
///    of the last `[[…]]` on that line when it has one, or of a `[[…]]`
///    that opens right after the colon (or on the next non-empty line) and
///    closes on a later line. When that text is empty, the next non-empty line (single-line kinds) or the following
///    lines up to a blank line (multi-line kinds, leading blank lines and code
///    fences skipped). For multi-line kinds a non-empty marker line also
///    continues over the following non-blank lines when that parses;
/// 2. the content of the last `[[…]]` (holding no other square bracket);
/// 3. the content of the last `\boxed{…}` (balanced braces);
/// 4. a kind-specific fallback: Int — the last integer in the text; Choice —
///    the last standalone capital letter of the last non-empty line; Date —
///    the last date with a 4-digit year; Weekday — the last weekday name;
///    Coords — the `(r, c)` groups of the last non-empty line;
///    Ganji — the last stem+branch pair of the last non-empty line; Grid and
///    Assignment — the last paragraph, else its last line; others — the last
///    non-empty line.
///
/// For `Exact` the found text is only trimmed (and the response is not
/// folded): quotes, emphasis and punctuation count as part of the answer.
/// For every other kind the found text is then cleaned: wrappers (`**`, quotes, `\boxed{}`,
/// `[[ ]]`, `\text{}`), trailing `.` and a trailing `입니다` are removed; if
/// it still does not parse, prefixes cut before commentary (` (`,
/// ` because`, `, `, `. ` …, longest first) and a kind-specific scan of the
/// text (for Int the FIRST integer of the answer slot) are tried. The returned text is after full-width folding. `None`
/// only when the response (without think blocks) has no non-empty line.
///
/// Think blocks: every `<think>…</think>` is dropped; a leading `</think>`
/// without an opening tag drops everything before it; an unclosed `<think>`
/// drops the rest of the response.
pub fn extract(kind: AnswerKind, response: &str) -> Option<String> {
    extract_in(kind, AnswerSlot::Default, response)
}

/// [`extract`] under a dataset's answer-slot convention. With
/// [`AnswerSlot::FirstBrackets`] the content of the FIRST `[[…]]` of the
/// response (after folding and removing think blocks) is the answer, cleaned
/// like any found text; a response without `[[…]]` falls back to the default
/// order.
pub fn extract_in(kind: AnswerKind, slot: AnswerSlot, response: &str) -> Option<String> {
    let folded = if kind == AnswerKind::Exact {
        response.to_string()
    } else {
        fold_width(response)
    };
    let body = strip_think(&folded);
    if slot == AnswerSlot::FirstBrackets {
        if let Some(c) = first_double_bracket(&body) {
            return refine(kind, vec![c]);
        }
    }
    if let Some(c) = marker_candidates(kind, &body) {
        return refine(kind, c);
    }
    if let Some(c) = last_double_bracket(&body) {
        return refine(kind, vec![c]);
    }
    if let Some(c) = last_boxed(&body) {
        return refine(kind, vec![c]);
    }
    if let Some(s) = scan(kind, &body) {
        return Some(s);
    }
    if kind.is_multiline() {
        let paragraph = body
            .trim_end()
            .rsplit("\n\n")
            .next()
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty());
        let line = last_nonempty_line(&body).map(str::to_string);
        let cands: Vec<String> = paragraph.into_iter().chain(line).collect();
        return if cands.is_empty() {
            None
        } else {
            refine(kind, cands)
        };
    }
    let line = last_nonempty_line(&body)?;
    refine(kind, vec![line.to_string()])
}
