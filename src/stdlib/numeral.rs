//! Korean number words: native numerals (하나, 둘, … 아흔아홉), their
//! attributive forms before a counter (한 개, 스무 살, 스물한 살), and the
//! Sino-Korean reading of an integer (삼십이, 만 이천, 일억).
//!
//! Native numerals exist for 1 to 99 only: from 100 on Korean counts with
//! Sino-Korean hundreds (백한 살), and zero has no native word (영, 공 are
//! Sino-Korean). The functions return `None` outside their range; callers
//! turn that into a located error.

/// The smallest number with a native numeral.
pub const NATIVE_MIN: i64 = 1;
/// The largest number with a native numeral.
pub const NATIVE_MAX: i64 = 99;

/// Native units 1..=9 in their plain (counting) form.
const UNITS: [&str; 9] = [
    "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉",
];
/// Native units 1..=9 before a counter (관형사): 하나 → 한, 둘 → 두, 셋 → 세,
/// 넷 → 네; the others do not change.
const UNITS_ATTRIBUTIVE: [&str; 9] = [
    "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉",
];
/// Native tens 10, 20, … 90.
const TENS: [&str; 9] = [
    "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔",
];

/// The native numeral of `n` in 1..=99: `native(1) == Some("하나")`,
/// `native(20) == Some("스물")`, `native(99) == Some("아흔아홉")`.
pub fn native(n: i64) -> Option<String> {
    compose_native(n, &UNITS, TENS[1])
}

/// The attributive form of `n` in 1..=99, used before a counter:
/// `한`, `두`, `세`, `네`, `스무` (20 alone), `스물한`, `서른두`, `아흔아홉`.
pub fn attributive(n: i64) -> Option<String> {
    compose_native(n, &UNITS_ATTRIBUTIVE, "스무")
}

/// `n` counted with `counter`, separated by a space as the spelling rules
/// ask (띄어쓰기: 수 관형사 and 단위 명사 are separate words): `count(21,
/// "살") == Some("스물한 살")`. `None` outside 1..=99.
pub fn count(n: i64, counter: &str) -> Option<String> {
    Some(format!("{} {counter}", attributive(n)?))
}

/// Tens word followed by the unit word, with `twenty_alone` for exactly 20
/// (스물 in the plain form, 스무 before a counter).
fn compose_native(n: i64, units: &[&str; 9], twenty_alone: &str) -> Option<String> {
    if !(NATIVE_MIN..=NATIVE_MAX).contains(&n) {
        return None;
    }
    let (tens, unit) = ((n / 10) as usize, (n % 10) as usize);
    let tens_word = match tens {
        0 => "",
        2 if unit == 0 => twenty_alone,
        t => TENS[t - 1],
    };
    let unit_word = if unit == 0 { "" } else { units[unit - 1] };
    Some(format!("{tens_word}{unit_word}"))
}

/// Sino-Korean digits 0..=9.
const SINO_DIGITS: [&str; 10] = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
/// Units inside a group of four digits: 천, 백, 십, and none.
const SINO_SMALL: [&str; 4] = ["천", "백", "십", ""];
/// Myriad units for groups of four digits: none, 만, 억, 조, 경.
const SINO_MYRIADS: [&str; 5] = ["", "만", "억", "조", "경"];

/// The Sino-Korean reading of a non-negative integer, written the way
/// numbers are read aloud, in Hangul: `sino(0) == Some("영")`,
/// `sino(32) == Some("삼십이")`, `sino(110) == Some("백십")`,
/// `sino(10_000) == Some("만")`, `sino(12_000) == Some("만 이천")`,
/// `sino(100_000_000) == Some("일억")`.
///
/// Conventions: 일 is not read before 십, 백, 천 (십, 백십, 천백) nor before
/// 만 when 만 begins the number (만, 만 이천; but 십일만, 일억, 일조), and
/// myriad groups are separated by a space (만 단위 띄어쓰기). `None` for a
/// negative number.
pub fn sino(n: i64) -> Option<String> {
    if n < 0 {
        return None;
    }
    if n == 0 {
        return Some(SINO_DIGITS[0].to_string());
    }
    let mut groups = Vec::new();
    let mut rest = n as u64;
    while rest > 0 {
        groups.push((rest % 10_000) as usize);
        rest /= 10_000;
    }
    let top = groups.len() - 1;
    let words: Vec<String> = groups
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, g)| **g > 0)
        .map(|(i, g)| {
            let bare_man = i == 1 && i == top && *g == 1;
            let body = if bare_man {
                String::new()
            } else {
                sino_group(*g)
            };
            format!("{body}{}", SINO_MYRIADS[i])
        })
        .collect();
    Some(words.join(" "))
}

/// The reading of 1..=9999 without a myriad unit: 천이백삼십사, 십, 백일.
fn sino_group(g: usize) -> String {
    let digits = [g / 1000, g / 100 % 10, g / 10 % 10, g % 10];
    let mut out = String::new();
    for (place, d) in digits.into_iter().enumerate() {
        if d == 0 {
            continue;
        }
        let unit = SINO_SMALL[place];
        if d > 1 || unit.is_empty() {
            out.push_str(SINO_DIGITS[d]);
        }
        out.push_str(unit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges() {
        assert_eq!(native(0), None);
        assert_eq!(native(100), None);
        assert_eq!(attributive(20).as_deref(), Some("스무"));
        assert_eq!(count(21, "살").as_deref(), Some("스물한 살"));
        assert_eq!(
            sino(i64::MAX).map(|s| s.starts_with("구백이십이경")),
            Some(true)
        );
        assert_eq!(sino(-1), None);
    }
}
