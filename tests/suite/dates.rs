use puzzlec::stdlib::date::{days_in_month, is_leap_year, weekday_en, weekday_ko, Date};
use puzzlec::stdlib::holiday;

/// Independent Zeller's congruence, returning 0 = Monday … 6 = Sunday.
fn zeller(y: i32, m: u32, d: u32) -> u32 {
    let (mut y, mut m) = (y as i64, m as i64);
    if m < 3 {
        m += 12;
        y -= 1;
    }
    let k = y % 100;
    let j = y / 100;
    // h: 0 = Saturday, 1 = Sunday, 2 = Monday, …
    let h = (d as i64 + (13 * (m + 1)) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    ((h + 5) % 7) as u32
}

#[test]
fn anchors_jdn() {
    let cases = [
        ((2000, 1, 1), 2451545),
        ((1949, 10, 1), 2433191),
        ((1900, 1, 1), 2415021),
        ((1900, 1, 31), 2415051),
        ((1999, 2, 28), 2451238),
        ((2024, 2, 10), 2460351),
    ];
    for ((y, m, d), j) in cases {
        let date = Date::new(y, m, d).unwrap();
        assert_eq!(date.jdn(), j, "{y}-{m}-{d}");
        assert_eq!(Date::from_jdn(j), date);
    }
}

#[test]
fn roundtrip_and_weekday_1900_2100() {
    let start = Date::new(1900, 1, 1).unwrap();
    let end = Date::new(2100, 12, 31).unwrap();
    let mut cur = start;
    let mut j = start.jdn();
    let mut count = 0;
    loop {
        assert!(cur.is_valid());
        assert_eq!(cur.jdn(), j);
        assert_eq!(Date::from_jdn(j), cur);
        assert_eq!(
            cur.weekday(),
            zeller(cur.year, cur.month, cur.day),
            "{cur:?}"
        );
        count += 1;
        if cur == end {
            break;
        }
        // independent successor by hand
        let next = if cur.day < days_in_month(cur.year, cur.month).unwrap() {
            Date {
                day: cur.day + 1,
                ..cur
            }
        } else if cur.month < 12 {
            Date {
                month: cur.month + 1,
                day: 1,
                ..cur
            }
        } else {
            Date {
                year: cur.year + 1,
                month: 1,
                day: 1,
            }
        };
        assert_eq!(cur.add_days(1), Some(next));
        cur = next;
        j += 1;
    }
    assert_eq!(count, 73_414);
}

#[test]
fn weekday_names() {
    let sat = Date::new(2024, 2, 10).unwrap();
    assert_eq!(sat.weekday(), 5);
    assert_eq!(weekday_ko(sat.weekday()), "토요일");
    assert_eq!(weekday_en(sat.weekday()), "Saturday");
    assert_eq!(Date::new(2000, 1, 1).unwrap().weekday(), 5);
    assert_eq!(weekday_ko(0), "월요일");
    assert_eq!(weekday_ko(6), "일요일");
    assert_eq!(weekday_en(6), "Sunday");
    assert_eq!(Date::weekday_ko(2), "수요일");
    // out of range is taken modulo 7, no panic
    assert_eq!(weekday_ko(7), "월요일");
    assert_eq!(weekday_en(u32::MAX), weekday_en(u32::MAX % 7));
}

#[test]
fn leap_validation() {
    assert!(Date::new(1900, 2, 29).is_none());
    assert!(Date::new(2000, 2, 29).is_some());
    assert!(Date::new(2024, 2, 29).is_some());
    assert!(Date::new(2023, 2, 29).is_none());
    assert!(Date::new(2100, 2, 29).is_none());
    assert!(!is_leap_year(1900) && is_leap_year(2000) && is_leap_year(2024));
    assert_eq!(days_in_month(2000, 2), Some(29));
    assert_eq!(days_in_month(1900, 2), Some(28));
    assert_eq!(Date::days_in_month(2023, 4), Some(30));
    assert_eq!(days_in_month(2023, 13), None);
    assert_eq!(days_in_month(2023, 0), None);
}

#[test]
fn invalid_inputs() {
    assert!(Date::new(2023, 0, 1).is_none());
    assert!(Date::new(2023, 13, 1).is_none());
    assert!(Date::new(2023, 4, 31).is_none());
    assert!(Date::new(2023, 1, 0).is_none());
    assert!(Date::new(0, 1, 1).is_none());
    assert!(Date::new(10000, 1, 1).is_none());
    assert!(Date::new(1, 1, 1).is_some());
    assert!(Date::new(9999, 12, 31).is_some());
}

#[test]
fn add_days_range() {
    let first = Date::new(1, 1, 1).unwrap();
    let last = Date::new(9999, 12, 31).unwrap();
    assert_eq!(first.add_days(-1), None);
    assert_eq!(last.add_days(1), None);
    assert_eq!(first.add_days(last.jdn() - first.jdn()), Some(last));
    assert_eq!(last.add_days(i64::MAX), None);
    assert_eq!(last.add_days(i64::MIN), None);
    let d = Date::new(1996, 9, 23).unwrap();
    assert_eq!(d.add_days(59), Date::new(1996, 11, 21));
    assert_eq!(d.add_days(-59).unwrap().add_days(59), Some(d));
    // unvalidated value: no panic
    let bad = Date {
        year: 2023,
        month: 2,
        day: 30,
    };
    assert_eq!(bad.add_days(1), None);
    assert_eq!(
        Date {
            year: i32::MAX,
            month: u32::MAX,
            day: u32::MAX
        }
        .add_days(0),
        None
    );
    let _ = Date {
        year: i32::MIN,
        month: u32::MAX,
        day: u32::MAX,
    }
    .jdn();
    let _ = Date::from_jdn(i64::MAX);
    let _ = Date::from_jdn(i64::MIN);
}

#[test]
fn formatting() {
    let d = Date::new(2001, 3, 5).unwrap();
    assert_eq!(d.format_dot(), "2001.3.5");
    assert_eq!(d.format_ko(), "2001년 3월 5일");
    assert_eq!(Date::new(2024, 12, 25).unwrap().format_dot(), "2024.12.25");
}

#[test]
fn solar_holidays_table() {
    let h = holiday::solar_holidays();
    let want = [
        ("신정", 1, 1),
        ("삼일절", 3, 1),
        ("어린이날", 5, 5),
        ("현충일", 6, 6),
        ("광복절", 8, 15),
        ("개천절", 10, 3),
        ("한글날", 10, 9),
        ("성탄절", 12, 25),
    ];
    assert_eq!(h.len(), want.len());
    for (row, (ko, m, d)) in h.iter().zip(want) {
        assert_eq!((row.0, row.2, row.3), (ko, m, d));
        assert!(!row.1.is_empty());
        assert!(Date::new(2024, row.2, row.3).is_some());
    }
    assert_eq!(holiday::solar_holiday_on(10, 9), Some("한글날"));
    assert_eq!(holiday::solar_holiday_on(10, 10), None);
}

#[test]
fn relative_day_words() {
    let want = [
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
    assert_eq!(holiday::relative_days(), &want[..]);
    for (w, o) in want {
        assert_eq!(holiday::relative_offset(w), Some(o));
    }
    assert_eq!(holiday::relative_offset("내일모레"), None);
    // HRMCR-style: 1996-09-23, 그끄저께 → −3
    let today = Date::new(1996, 9, 23).unwrap();
    let off = holiday::relative_offset("그끄저께").unwrap();
    assert_eq!(today.add_days(off), Date::new(1996, 9, 20));
}
