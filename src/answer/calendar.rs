//! The `Date`, `Weekday` and `Ganji` kinds, and scanners that find them in
//! running text.

use super::error::AnswerError;
use super::text::clean;
use crate::stdlib::date::WEEKDAYS_KO;
use crate::stdlib::ganji::{BRANCHES, STEMS};

/// The weekday (0 = Monday) whose Korean name starts with `c` (`월` … `일`).
fn weekday_of_syllable(c: char) -> Option<usize> {
    WEEKDAYS_KO.iter().position(|w| w.starts_with(c))
}

const WEEKDAY_HANJA: [char; 7] = ['月', '火', '水', '木', '金', '土', '日'];
const WEEKDAYS_EN: [&[&str]; 7] = [
    &["monday", "mon"],
    &["tuesday", "tue", "tues"],
    &["wednesday", "wed", "weds"],
    &["thursday", "thu", "thur", "thurs"],
    &["friday", "fri"],
    &["saturday", "sat"],
    &["sunday", "sun"],
];

const STEMS_HANJA: [char; 10] = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];
const BRANCHES_HANJA: [char; 12] = [
    '子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥',
];

/// Whether `y-m-d` is a valid proleptic Gregorian date with year ≥ 1.
fn valid_date(y: u32, m: u32, d: u32) -> bool {
    let leap = (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    y >= 1 && d >= 1 && d <= days
}

/// Reads 1..=max ASCII digits at `b[i..]`; returns (value, end).
fn digits_at(b: &[u8], i: usize, max: usize) -> Option<(u32, usize)> {
    let mut j = i;
    let mut v: u32 = 0;
    while j < b.len() && b[j].is_ascii_digit() {
        if j - i == max {
            return None;
        }
        v = v * 10 + u32::from(b[j] - b'0');
        j += 1;
    }
    (j > i).then_some((v, j))
}

fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    i
}

/// Matches a date starting exactly at byte `i` of `s`; returns
/// `(year, month, day, end)` of the numeric part (a trailing `.`/`일` is
/// included). `min_year_digits` is 1 for whole answers and 4 when scanning
/// prose.
pub(crate) fn date_at(s: &str, i: usize, min_year_digits: usize) -> Option<(u32, u32, u32, usize)> {
    let b = s.as_bytes();
    let (y, j) = digits_at(b, i, 4)?;
    if j - i < min_year_digits {
        return None;
    }
    let j = skip_spaces(b, j);
    if s[j..].starts_with("년") {
        let k = skip_spaces(b, j + "년".len());
        let (m, k) = digits_at(b, k, 2)?;
        if !s[k..].starts_with("월") {
            return None;
        }
        let k = skip_spaces(b, k + "월".len());
        let (d, k) = digits_at(b, k, 2)?;
        if !s[k..].starts_with("일") {
            return None;
        }
        return valid_date(y, m, d).then_some((y, m, d, k + "일".len()));
    }
    let sep = *b.get(j)?;
    if !matches!(sep, b'-' | b'/' | b'.') {
        return None;
    }
    let k = skip_spaces(b, j + 1);
    let (m, k) = digits_at(b, k, 2)?;
    let k2 = skip_spaces(b, k);
    if b.get(k2) != Some(&sep) {
        return None;
    }
    let k2 = skip_spaces(b, k2 + 1);
    let (d, mut end) = digits_at(b, k2, 2)?;
    if sep == b'.' && b.get(end) == Some(&b'.') {
        end += 1;
    }
    valid_date(y, m, d).then_some((y, m, d, end))
}

/// Canonical `Date`: `YYYY.M.D`, no zero padding (`2001.3.5`).
///
/// Accepted: `2001-03-05`, `2001/3/5`, `2001.03.05.`, `2001. 3. 5.`,
/// `2001년 3월 5일` (year of 1–4 digits), optionally followed by a weekday
/// in any form the `Weekday` kind accepts, bare or in parentheses (`(월)`,
/// `월요일`, `(Mon)`); the weekday is not checked against the date. The date
/// must exist in the proleptic Gregorian calendar.
pub(crate) fn normalize_date(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let Some((y, m, d, end)) = date_at(t, 0, 1) else {
        return Err(AnswerError::invalid(
            "date",
            "expected a valid calendar date",
        ));
    };
    let mut rest = t[end..].trim().trim_start_matches(',').trim();
    if rest.starts_with('(') && rest.ends_with(')') {
        rest = rest[1..rest.len() - 1].trim();
    }
    if !rest.is_empty() && weekday_index(rest).is_none() {
        return Err(AnswerError::invalid(
            "date",
            format!("unexpected text after the date: {rest:?}"),
        ));
    }
    Ok(format!("{y}.{m}.{d}"))
}

/// The weekday (0 = Monday) named by a whole token, if any.
fn weekday_index(t: &str) -> Option<usize> {
    let t = t.trim_end_matches('.');
    if let Some(i) = WEEKDAYS_KO.iter().position(|w| *w == t) {
        return Some(i);
    }
    let mut cs = t.chars();
    if let (Some(c), None) = (cs.next(), cs.next()) {
        if let Some(i) = weekday_of_syllable(c) {
            return Some(i);
        }
        if let Some(i) = WEEKDAY_HANJA.iter().position(|&w| w == c) {
            return Some(i);
        }
    }
    let mut cs = t.chars();
    if let (Some(c), Some('曜'), Some('日'), None) = (cs.next(), cs.next(), cs.next(), cs.next())
    {
        return WEEKDAY_HANJA.iter().position(|&w| w == c);
    }
    let lower = t.to_ascii_lowercase();
    WEEKDAYS_EN
        .iter()
        .position(|names| names.contains(&lower.as_str()))
}

/// Canonical `Weekday`: `월요일` … `일요일`.
///
/// Accepted: `월`, `월요일`, `(월)`, hanja `月`/`月曜日`, English full names
/// and common abbreviations (`Monday`, `Mon`, `Tues`, `Thurs`) in any case,
/// with an optional trailing period.
pub(crate) fn normalize_weekday(text: &str) -> Result<String, AnswerError> {
    let mut t = clean(text);
    if t.starts_with('(') && t.ends_with(')') && t.len() >= 2 {
        t = t[1..t.len() - 1].trim();
    }
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    weekday_index(t)
        .map(|i| WEEKDAYS_KO[i].to_string())
        .ok_or_else(|| AnswerError::invalid("weekday", format!("{t:?} is not a weekday")))
}

/// The byte range of the last weekday name in `s`: a Korean `X요일` or an
/// English name/abbreviation standing as a whole ASCII word.
pub(crate) fn last_weekday(s: &str) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    // Korean: every "요일" preceded by a weekday syllable.
    let mut from = 0;
    while let Some(p) = s[from..].find("요일") {
        let at = from + p;
        if let Some(c) = s[..at].chars().next_back() {
            if weekday_of_syllable(c).is_some() {
                best = Some((at - c.len_utf8(), at + "요일".len()));
            }
        }
        from = at + "요일".len();
    }
    // English: whole ASCII words.
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word = s[start..i].to_ascii_lowercase();
            if WEEKDAYS_EN
                .iter()
                .any(|names| names.contains(&word.as_str()))
                && best.is_none_or(|(bs, _)| start > bs)
            {
                best = Some((start, i));
            }
        } else {
            i += 1;
        }
    }
    best
}

/// The (stem, branch) indices named by two characters, Hangul or hanja.
fn ganji_pair(a: char, b: char) -> Option<(usize, usize)> {
    let (s, br) = if let Some(s) = STEMS.iter().position(|x| x.starts_with(a)) {
        (s, BRANCHES.iter().position(|x| x.starts_with(b))?)
    } else {
        let s = STEMS_HANJA.iter().position(|&c| c == a)?;
        (s, BRANCHES_HANJA.iter().position(|&c| c == b)?)
    };
    (s % 2 == br % 2).then_some((s, br))
}

fn ganji_of(t: &str) -> Option<String> {
    let mut cs = t.chars();
    let (a, b) = (cs.next()?, cs.next()?);
    let rest: String = cs.collect();
    if !matches!(
        rest.as_str(),
        "" | "일" | "년" | "시" | "월" | "日" | "年" | "時" | "月"
    ) {
        return None;
    }
    let (s, br) = ganji_pair(a, b)?;
    Some(format!("{}{}", STEMS[s], BRANCHES[br]))
}

/// Canonical `Ganji`: two Hangul syllables, a heavenly stem
/// (갑을병정무기경신임계) then an earthly branch (자축인묘진사오미신유술해)
/// of the same parity, i.e. one of the 60 names of the cycle (`갑자`).
///
/// Accepted: hanja (`甲子`), a trailing `일`/`년`/`시`/`월` (or hanja)
/// suffix, spaces between the syllables, and a parenthesised gloss in the
/// other script that must name the same pair (`갑자(甲子)`).
pub(crate) fn normalize_ganji(text: &str) -> Result<String, AnswerError> {
    let t: String = clean(text).chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let bad = || AnswerError::invalid("ganji", format!("{t:?} is not a sexagenary name"));
    let (main, gloss) = match (t.find('('), t.ends_with(')')) {
        (Some(p), true) => (&t[..p], Some(&t[p + 1..t.len() - 1])),
        _ => (t.as_str(), None),
    };
    let g = ganji_of(main).ok_or_else(bad)?;
    if let Some(gl) = gloss {
        if ganji_of(gl).as_deref() != Some(g.as_str()) {
            return Err(bad());
        }
    }
    Ok(g)
}

/// The last valid stem+branch pair of adjacent characters in `s`, as a byte
/// range.
pub(crate) fn last_ganji(s: &str) -> Option<(usize, usize)> {
    let mut best = None;
    let mut prev: Option<(usize, char)> = None;
    for (i, c) in s.char_indices() {
        if let Some((pi, pc)) = prev {
            if ganji_pair(pc, c).is_some() {
                best = Some((pi, i + c.len_utf8()));
            }
        }
        prev = Some((i, c));
    }
    best
}

/// The byte range of the last date (4-digit year) in `s`.
pub(crate) fn last_date(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut best = None;
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_digit()) {
            if let Some((_, _, _, end)) = date_at(s, i, 4) {
                best = Some((i, end));
            }
        }
        i += 1;
    }
    best
}
