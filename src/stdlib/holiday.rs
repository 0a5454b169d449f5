//! Korean fixed-date solar public holidays and relative day words.
//!
//! Only holidays with a fixed Gregorian date are listed here; lunar holidays (설날,
//! 부처님오신날, 추석) and substitute holidays (대체공휴일) need a lunar calendar and are not
//! covered. Historical changes (e.g. 한글날 was not a holiday 1991–2012) are not modelled.

static SOLAR_HOLIDAYS: [(&str, &str, u32, u32); 8] = [
    ("신정", "New Year's Day", 1, 1),
    ("삼일절", "Independence Movement Day", 3, 1),
    ("어린이날", "Children's Day", 5, 5),
    ("현충일", "Memorial Day", 6, 6),
    ("광복절", "Liberation Day", 8, 15),
    ("개천절", "National Foundation Day", 10, 3),
    ("한글날", "Hangul Day", 10, 9),
    ("성탄절", "Christmas Day", 12, 25),
];

// 내일모레 and 엊그제 are vague and deliberately omitted.
static RELATIVE_DAYS: [(&str, i64); 11] = [
    ("그끄저께", -3),
    ("그끄제", -3),
    ("그저께", -2),
    ("그제", -2),
    ("어제", -1),
    ("어저께", -1),
    ("오늘", 0),
    ("내일", 1),
    ("모레", 2),
    ("글피", 3),
    ("그글피", 4),
];

/// Fixed-date Korean solar public holidays as `(korean name, english name, month, day)`,
/// in calendar order: 신정 1/1, 삼일절 3/1, 어린이날 5/5, 현충일 6/6, 광복절 8/15,
/// 개천절 10/3, 한글날 10/9, 성탄절 12/25.
pub fn solar_holidays() -> &'static [(&'static str, &'static str, u32, u32)] {
    &SOLAR_HOLIDAYS
}

/// Korean relative day words with their offset in days from today:
/// 그끄저께/그끄제 −3, 그저께/그제 −2, 어제/어저께 −1, 오늘 0, 내일 +1, 모레 +2, 글피 +3, 그글피 +4.
/// Vague words (내일모레 "very soon", 엊그제 "a couple of days ago") are not included.
pub fn relative_days() -> &'static [(&'static str, i64)] {
    &RELATIVE_DAYS
}

/// Offset of a relative day word (see [`relative_days`]), or `None` if unknown.
pub fn relative_offset(word: &str) -> Option<i64> {
    relative_days()
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, o)| o)
}

/// Korean name of the fixed-date solar holiday on `month`/`day`, if any.
pub fn solar_holiday_on(month: u32, day: u32) -> Option<&'static str> {
    solar_holidays()
        .iter()
        .find(|&&(_, _, m, d)| m == month && d == day)
        .map(|&(ko, _, _, _)| ko)
}
