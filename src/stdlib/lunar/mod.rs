//! Korean lunar calendar (음력, KASI standard) for lunar years 1900..=2100.
//!
//! Data: one packed `u32` per lunar year (see `table.rs` for the layout and provenance).
//! Lunar years 1900..=2050 are KASI data; 2051..=2100 are *computed* (PyEphem true new moons and
//! principal solar terms in KST) and not published by KASI — a few of those rows (e.g. 2051, 2074,
//! 2096) are sensitive to minute-level timing errors.
//!
//! Supported range: lunar dates 1900-01-01 ..= 2100-12-29, i.e. solar (Gregorian) dates
//! **1900-01-31 ..= 2101-01-28**. Every function returns `None` for anything outside that range
//! or otherwise invalid; nothing panics.

mod table;

use table::{FIRST_YEAR, LAST_YEAR, LUNAR_TABLE};

/// First supported lunar year.
pub const MIN_YEAR: i32 = FIRST_YEAR;
/// Last supported lunar year.
pub const MAX_YEAR: i32 = LAST_YEAR;
/// First supported solar date (lunar 1900-01-01).
pub const MIN_SOLAR: (i32, u32, u32) = (1900, 1, 31);
/// Last supported solar date (lunar 2100-12-29, the day before lunar new year 2101).
pub const MAX_SOLAR: (i32, u32, u32) = (2101, 1, 28);

/// A Korean lunar date. `leap` marks the intercalary month (윤달), which follows the
/// ordinary month with the same number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LunarDate {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub leap: bool,
}

// ---------- Gregorian <-> day number (proleptic Gregorian, days since 1970-01-01) ----------

fn is_gregorian_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_gregorian_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_gregorian_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days since 1970-01-01 (H. Hinnant's `days_from_civil`). Caller validates the date.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // [0, 399]
    let m = i64::from(m);
    let mp = (m + 9) % 12; // March = 0
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1; // [0, 365]
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // [0, 146096]
    era * 146_097 + doe - 719_468
}

/// Inverse of [`days_from_civil`].
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097; // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11]
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Validated solar date -> day number; `None` if not a real Gregorian date.
fn solar_day_number(y: i32, m: u32, d: u32) -> Option<i64> {
    let y = i64::from(y);
    if !(1..=12).contains(&m) || d == 0 || d > days_in_gregorian_month(y, m) {
        return None;
    }
    Some(days_from_civil(y, m, d))
}

fn to_solar_tuple(n: i64) -> Option<(i32, u32, u32)> {
    let (y, m, d) = civil_from_days(n);
    Some((i32::try_from(y).ok()?, m, d))
}

// ---------- table access ----------

fn word(year: i32) -> Option<u32> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return None;
    }
    LUNAR_TABLE
        .get(usize::try_from(year - FIRST_YEAR).ok()?)
        .copied()
}

fn regular_len(w: u32, month: u32) -> u32 {
    if w & (1 << (month - 1)) != 0 {
        30
    } else {
        29
    }
}

fn leap_of(w: u32) -> u32 {
    (w >> 12) & 0xF
}

fn leap_len(w: u32) -> u32 {
    if leap_of(w) == 0 {
        0
    } else if w & (1 << 16) != 0 {
        30
    } else {
        29
    }
}

fn year_len(w: u32) -> u32 {
    (1..=12).map(|m| regular_len(w, m)).sum::<u32>() + leap_len(w)
}

/// Day number of lunar new year of `year`.
fn lny_day_number(year: i32) -> Option<i64> {
    let w = word(year)?;
    let ord0 = i64::from((w >> 17) & 0x3F);
    Some(days_from_civil(i64::from(year), 1, 1) + ord0)
}

/// Months of `year` in calendar order as `(month, leap, length)`.
fn months(w: u32) -> impl Iterator<Item = (u32, bool, u32)> {
    let lm = leap_of(w);
    (1..=12u32).flat_map(move |m| {
        let regular = Some((m, false, regular_len(w, m)));
        let leap = if m == lm {
            Some((m, true, leap_len(w)))
        } else {
            None
        };
        regular.into_iter().chain(leap)
    })
}

// ---------- public API ----------

/// Whether `year` is a supported lunar year (1900..=2100).
pub fn is_supported_year(year: i32) -> bool {
    (MIN_YEAR..=MAX_YEAR).contains(&year)
}

/// Number of the leap month (윤달) of lunar `year`, or `None` if the year has no leap month
/// or is outside 1900..=2100 (use [`is_supported_year`] to tell the two apart).
pub fn leap_month(year: i32) -> Option<u32> {
    match leap_of(word(year)?) {
        0 => None,
        m => Some(m),
    }
}

/// Length (29 or 30) of lunar month `month` of `year`; `leap = true` asks for the leap month,
/// which must exist. `None` for invalid month/leap combinations or unsupported years.
pub fn month_length(year: i32, month: u32, leap: bool) -> Option<u32> {
    let w = word(year)?;
    if !(1..=12).contains(&month) {
        return None;
    }
    if leap {
        if leap_of(w) == month {
            Some(leap_len(w))
        } else {
            None
        }
    } else {
        Some(regular_len(w, month))
    }
}

/// Number of days in lunar `year` (353–355 or 383–385).
pub fn year_length(year: i32) -> Option<u32> {
    word(year).map(year_len)
}

/// Solar (Gregorian) date of lunar new year (설날, lunar 1/1) of `year`.
pub fn lunar_new_year(year: i32) -> Option<(i32, u32, u32)> {
    to_solar_tuple(lny_day_number(year)?)
}

/// Converts a lunar date to its solar (Gregorian) date.
pub fn lunar_to_solar(ld: &LunarDate) -> Option<(i32, u32, u32)> {
    let w = word(ld.year)?;
    let len = month_length(ld.year, ld.month, ld.leap)?;
    if ld.day == 0 || ld.day > len {
        return None;
    }
    let mut offset = 0i64;
    for (m, leap, l) in months(w) {
        if m == ld.month && leap == ld.leap {
            offset += i64::from(ld.day - 1);
            return to_solar_tuple(lny_day_number(ld.year)? + offset);
        }
        offset += i64::from(l);
    }
    None
}

/// Converts a solar (Gregorian) date to a lunar date. Supported: 1900-01-31 ..= 2101-01-28.
pub fn solar_to_lunar(y: i32, m: u32, d: u32) -> Option<LunarDate> {
    let n = solar_day_number(y, m, d)?;
    // Lunar new year always falls in Jan/Feb of the same Gregorian year, so the lunar year is
    // either `y` or `y - 1`.
    let mut year = y.min(LAST_YEAR);
    if n < lny_day_number(year)? {
        year -= 1;
    }
    let w = word(year)?;
    let start = lny_day_number(year)?;
    let mut offset = n - start;
    if offset < 0 || offset >= i64::from(year_len(w)) {
        return None;
    }
    for (month, leap, l) in months(w) {
        let l = i64::from(l);
        if offset < l {
            return Some(LunarDate {
                year,
                month,
                day: u32::try_from(offset + 1).ok()?,
                leap,
            });
        }
        offset -= l;
    }
    None
}
