//! The sexagenary cycle (육십갑자, 干支): stems, branches, and day/year/month/hour pillars.
//!
//! Pair index `i` runs 0 = 갑자 … 59 = 계해, with stem `i mod 10` and branch `i mod 12`;
//! from stem `s` and branch `b` of the same parity, `i = (6s − 5b) mod 60`.
//! All functions are pure and never panic.

use super::date::Date;

/// The ten heavenly stems (천간), index 0 = 갑 (甲) … 9 = 계 (癸).
pub const STEMS: [&str; 10] = ["갑", "을", "병", "정", "무", "기", "경", "신", "임", "계"];

/// The twelve earthly branches (지지), index 0 = 자 (子) … 11 = 해 (亥).
pub const BRANCHES: [&str; 12] = [
    "자", "축", "인", "묘", "진", "사", "오", "미", "신", "유", "술", "해",
];

/// Zodiac animals (띠) by branch index: 쥐 소 호랑이 토끼 용 뱀 말 양 원숭이 닭 개 돼지.
pub const ANIMALS_KO: [&str; 12] = [
    "쥐",
    "소",
    "호랑이",
    "토끼",
    "용",
    "뱀",
    "말",
    "양",
    "원숭이",
    "닭",
    "개",
    "돼지",
];

/// Hangul name of pair `index` (e.g. 0 → "갑자", 54 → "무오"). `index` is taken modulo 60.
pub fn name(index: u32) -> String {
    let i = index % 60;
    format!(
        "{}{}",
        STEMS[(i % 10) as usize],
        BRANCHES[(i % 12) as usize]
    )
}

/// Index (0..60) of a two-syllable Hangul pair name such as "갑진"; `None` if not one of the 60.
pub fn index_of(name: &str) -> Option<u32> {
    let mut chars = name.chars();
    let s = chars.next()?;
    let b = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let s = STEMS.iter().position(|x| x.starts_with(s))? as i64;
    let b = BRANCHES.iter().position(|x| x.starts_with(b))? as i64;
    if s % 2 != b % 2 {
        return None;
    }
    Some((6 * s - 5 * b).rem_euclid(60) as u32)
}

/// Stem index (0..10) of pair `index`.
pub fn stem_of(index: u32) -> u32 {
    index % 10
}

/// Branch index (0..12) of pair `index`.
pub fn branch_of(index: u32) -> u32 {
    index % 12
}

/// Day pillar (일진) index: `(JDN + 49) mod 60`; 2000-01-01 → 54 (무오), 2024-02-10 → 40 (갑진).
/// The day changes at civil midnight.
pub fn day_index(date: &Date) -> u32 {
    (date.jdn() + 49).rem_euclid(60) as u32
}

/// Year pillar index by the plain year number: `(year − 4) mod 60` (1984 → 갑자, 2024 → 갑진).
///
/// This does not decide where the ganji year begins: callers choose the convention
/// (설날/lunar new year, 입춘, or Gregorian 1 January) and pass the corresponding year number.
pub fn year_index(year: i32) -> u32 {
    (i64::from(year) - 4).rem_euclid(60) as u32
}

/// Month pillar index: `(12·Y + m + 2) mod 60`, where `Y` = `year_index` of the ganji year
/// and `m = month_from_in` = 0 for the 寅 (인) month … 11 for the 丑 (축) month.
/// Example: a 갑 or 기 year's first month (m = 0) is 병인.
/// Values of `m` ≥ 12 continue into following years (the formula is applied as is).
/// Which days belong to a month (solar-term or lunar months) is the caller's choice.
pub fn month_index(year_index: u32, month_from_in: u32) -> u32 {
    ((12 * u64::from(year_index) + u64::from(month_from_in) + 2) % 60) as u32
}

/// Branch index of the two-hour period (시진) containing clock hour `hour`:
/// `((h + 1) / 2) mod 12`, so 23 and 0 → 자 (0), 1–2 → 축 (1), …, 21–22 → 해 (11).
/// `hour` is taken modulo 24.
pub fn hour_branch(hour: u32) -> u32 {
    (hour % 24).div_ceil(2) % 12
}

/// Hour pillar index: `(12·D + b) mod 60`, `b` = [`hour_branch`].
///
/// The caller passes `day_index` of the civil date (the day that contains the clock hour).
/// For hour 23 (23:00–24:00, the first half of 자시) this function itself uses the NEXT
/// day's index `day_index + 1`, so e.g. 2024-02-10 23:30 (day 갑진) → 병자.
/// `hour` is taken modulo 24.
pub fn hour_index(day_index: u32, hour: u32) -> u32 {
    let h = hour % 24;
    let d = u64::from(day_index % 60) + u64::from(h == 23);
    ((12 * d + u64::from(hour_branch(h))) % 60) as u32
}

/// Zodiac animal (띠) of `year` by the plain year number (same convention note as
/// [`year_index`]): 2024 → 용, 2025 → 뱀, 2026 → 말.
pub fn zodiac_ko(year: i32) -> &'static str {
    ANIMALS_KO[(i64::from(year) - 4).rem_euclid(12) as usize]
}
