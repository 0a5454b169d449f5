//! Proleptic Gregorian calendar dates for puzzle generators.
//!
//! All functions are pure and never panic. Valid dates have years `1..=9999`.
//! Day arithmetic goes through the integer Julian Day Number (JDN, noon-based):
//! `a = (14 - m) / 12; Y = y + 4800 - a; M = m + 12a - 3;`
//! `JDN = d + (153M + 2)/5 + 365Y + Y/4 - Y/100 + Y/400 - 32045` (integer division).
//! Anchor: 2000-01-01 has JDN 2451545 and is a Saturday.

/// Smallest year accepted by [`Date::new`] and [`Date::add_days`].
pub const MIN_YEAR: i32 = 1;
/// Largest year accepted by [`Date::new`] and [`Date::add_days`].
pub const MAX_YEAR: i32 = 9999;

/// Korean weekday names, Monday first.
pub const WEEKDAYS_KO: [&str; 7] = [
    "월요일",
    "화요일",
    "수요일",
    "목요일",
    "금요일",
    "토요일",
    "일요일",
];
const WEEKDAYS_EN: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// A civil date in the proleptic Gregorian calendar.
///
/// Fields are public for convenience; use [`Date::new`] to obtain a validated value.
/// Methods on an unvalidated value never panic but may return meaningless results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Gregorian year (1..=9999 for validated dates).
    pub year: i32,
    /// Month 1..=12.
    pub month: u32,
    /// Day of month 1..=days_in_month.
    pub day: u32,
}

/// Gregorian leap year rule: divisible by 4, except centuries not divisible by 400.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Number of days in `month` of `year` (Gregorian), or `None` if `month` is not 1..=12.
pub fn days_in_month(year: i32, month: u32) -> Option<u32> {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        4 | 6 | 9 | 11 => Some(30),
        2 if is_leap_year(year) => Some(29),
        2 => Some(28),
        _ => None,
    }
}

impl Date {
    /// Validated constructor: `Some` only if `year` is in 1..=9999, `month` in 1..=12 and
    /// `day` in 1..=[`days_in_month`]. E.g. 1900-02-29 is `None`, 2000-02-29 is `Some`.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(MIN_YEAR..=MAX_YEAR).contains(&year) {
            return None;
        }
        let dim = days_in_month(year, month)?;
        if day == 0 || day > dim {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// Same as the free function [`days_in_month`].
    pub fn days_in_month(year: i32, month: u32) -> Option<u32> {
        days_in_month(year, month)
    }

    /// Same as the free function [`weekday_ko`].
    pub fn weekday_ko(w: u32) -> &'static str {
        weekday_ko(w)
    }

    /// Same as the free function [`weekday_en`].
    pub fn weekday_en(w: u32) -> &'static str {
        weekday_en(w)
    }

    /// True if this value would be accepted by [`Date::new`].
    pub fn is_valid(&self) -> bool {
        Date::new(self.year, self.month, self.day).is_some()
    }

    /// Integer Julian Day Number (Gregorian formula above). 2000-01-01 → 2451545.
    pub fn jdn(&self) -> i64 {
        let m = i64::from(self.month);
        let a = (14 - m) / 12;
        let y = i64::from(self.year) + 4800 - a;
        let mm = m + 12 * a - 3;
        i64::from(self.day) + (153 * mm + 2) / 5 + 365 * y + y.div_euclid(4) - y.div_euclid(100)
            + y.div_euclid(400)
            - 32045
    }

    /// Inverse of [`Date::jdn`] (Fliegel–Van Flandern). Exact for every JDN whose year fits
    /// in `i32`; the year saturates at `i32::MIN`/`i32::MAX` outside that range. The result
    /// is not range-checked against 1..=9999 (use [`Date::is_valid`] or [`Date::add_days`]).
    pub fn from_jdn(jdn: i64) -> Date {
        let j = i128::from(jdn);
        let a = j + 32044;
        let b = (4 * a + 3).div_euclid(146_097);
        let c = a - (146_097 * b).div_euclid(4);
        let d = (4 * c + 3).div_euclid(1461);
        let e = c - (1461 * d).div_euclid(4);
        let m = (5 * e + 2).div_euclid(153);
        let day = e - (153 * m + 2).div_euclid(5) + 1;
        let month = m + 3 - 12 * m.div_euclid(10);
        let year = 100 * b + d - 4800 + m.div_euclid(10);
        let year = year.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32;
        Date {
            year,
            month: month as u32,
            day: day as u32,
        }
    }

    /// The date `n` days later (negative `n` = earlier). `None` if `self` is not a valid
    /// date or the result falls outside years 1..=9999.
    pub fn add_days(&self, n: i64) -> Option<Date> {
        if !self.is_valid() {
            return None;
        }
        let j = self.jdn().checked_add(n)?;
        let r = Date::from_jdn(j);
        if r.is_valid() {
            Some(r)
        } else {
            None
        }
    }

    /// Signed number of days from `self` to `other` (`other.jdn() - self.jdn()`).
    pub fn days_until(&self, other: &Date) -> i64 {
        other.jdn() - self.jdn()
    }

    /// Day of week: 0 = Monday … 6 = Sunday (= JDN mod 7). 2000-01-01 → 5 (Saturday).
    pub fn weekday(&self) -> u32 {
        self.jdn().rem_euclid(7) as u32
    }

    /// `YYYY.M.D` without zero padding, e.g. `2001.3.5`.
    pub fn format_dot(&self) -> String {
        format!("{}.{}.{}", self.year, self.month, self.day)
    }

    /// Korean long form, e.g. `2001년 3월 5일`.
    pub fn format_ko(&self) -> String {
        format!("{}년 {}월 {}일", self.year, self.month, self.day)
    }
}

/// Korean weekday name for `w` (0 = 월요일 … 6 = 일요일). `w` is taken modulo 7.
pub fn weekday_ko(w: u32) -> &'static str {
    WEEKDAYS_KO[(w % 7) as usize]
}

/// English weekday name for `w` (0 = Monday … 6 = Sunday). `w` is taken modulo 7.
pub fn weekday_en(w: u32) -> &'static str {
    WEEKDAYS_EN[(w % 7) as usize]
}
