use puzzlec::stdlib::lunar::{
    is_supported_year, leap_month, lunar_new_year, lunar_to_solar, month_length, solar_to_lunar,
    year_length, LunarDate, MAX_SOLAR, MIN_SOLAR,
};
use std::collections::HashMap;

/// Copies of the reference tables (KASI 1000–2050 and computed 2051–2100).
const REF_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn ld(year: i32, month: u32, day: u32, leap: bool) -> LunarDate {
    LunarDate {
        year,
        month,
        day,
        leap,
    }
}

// Independent (test-side) Gregorian helpers: simple next/prev day stepping and a JDN formula.
fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}
fn dim(y: i32, m: u32) -> u32 {
    [
        31,
        if is_leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ][m as usize - 1]
}
fn next_day((y, m, d): (i32, u32, u32)) -> (i32, u32, u32) {
    if d < dim(y, m) {
        (y, m, d + 1)
    } else if m < 12 {
        (y, m + 1, 1)
    } else {
        (y + 1, 1, 1)
    }
}
fn prev_day((y, m, d): (i32, u32, u32)) -> (i32, u32, u32) {
    if d > 1 {
        (y, m, d - 1)
    } else if m > 1 {
        (y, m - 1, dim(y, m - 1))
    } else {
        (y - 1, 12, 31)
    }
}
/// Fliegel & Van Flandern JDN for a (proleptic) Gregorian date.
fn jdn((y, m, d): (i32, u32, u32)) -> i64 {
    let (y, m, d) = (y as i64, m as i64, d as i64);
    let a = (m - 14) / 12;
    (1461 * (y + 4800 + a)) / 4 + (367 * (m - 2 - 12 * a)) / 12 - (3 * ((y + 4900 + a) / 100)) / 4
        + d
        - 32075
}
fn parse_date(s: &str) -> (i32, u32, u32) {
    let p: Vec<&str> = s.split('-').collect();
    assert_eq!(p.len(), 3, "bad date {s}");
    (
        p[0].parse().unwrap(),
        p[1].parse().unwrap(),
        p[2].parse().unwrap(),
    )
}

/// Expected lunar date after `l`, derived only from month_length / leap_month.
fn next_lunar(l: LunarDate) -> LunarDate {
    let len = month_length(l.year, l.month, l.leap).unwrap();
    if l.day < len {
        ld(l.year, l.month, l.day + 1, l.leap)
    } else if !l.leap && leap_month(l.year) == Some(l.month) {
        ld(l.year, l.month, 1, true)
    } else if l.month < 12 {
        ld(l.year, l.month + 1, 1, false)
    } else {
        ld(l.year + 1, 1, 1, false)
    }
}

#[test]
fn walk_every_day_of_supported_range() {
    let mut solar = MIN_SOLAR;
    assert_eq!(MIN_SOLAR, (1900, 1, 31));
    assert_eq!(MAX_SOLAR, (2101, 1, 28));
    assert_eq!(solar_to_lunar(1900, 1, 30), None);
    let mut expected = ld(1900, 1, 1, false);
    let mut count = 0u32;
    let mut leap_days = 0u32;
    loop {
        let got = solar_to_lunar(solar.0, solar.1, solar.2)
            .unwrap_or_else(|| panic!("no lunar date for {solar:?}"));
        assert_eq!(got, expected, "solar {solar:?}");
        assert_eq!(lunar_to_solar(&got), Some(solar), "round trip {got:?}");
        if got.leap {
            leap_days += 1;
        }
        count += 1;
        if solar == MAX_SOLAR {
            break;
        }
        solar = next_day(solar);
        expected = next_lunar(got);
    }
    // the day after the range is lunar 2101-01-01, which is unsupported
    assert_eq!(next_lunar(expected), ld(2101, 1, 1, false));
    let after = next_day(MAX_SOLAR);
    assert_eq!(solar_to_lunar(after.0, after.1, after.2), None);
    let total_days: u32 = (1900..=2100).map(|y| year_length(y).unwrap()).sum();
    assert_eq!(count, total_days);
    assert_eq!(count as i64, jdn(MAX_SOLAR) - jdn(MIN_SOLAR) + 1);
    assert!(leap_days > 0);
    eprintln!("walked {count} days ({leap_days} in leap months)");
}

type Row = HashMap<String, String>;

fn load_tsv(name: &str) -> Vec<Row> {
    let path = format!("{REF_DIR}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap();
    assert!(first.starts_with('#'), "expected comment header in {name}");
    let header: Vec<String> = lines
        .next()
        .unwrap()
        .split('\t')
        .map(String::from)
        .collect();
    lines
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            // trailing empty columns may be trimmed by editors; pad
            header
                .iter()
                .enumerate()
                .map(|(i, h)| (h.clone(), cols.get(i).copied().unwrap_or("").to_string()))
                .collect()
        })
        .collect()
}

/// Checks one TSV row (one lunar year) against the API; returns true if it was in range.
fn check_row(r: &Row) -> bool {
    let year: i32 = r["lunar_year"].parse().unwrap();
    let lny = parse_date(&r["lny_solar"]);
    let lny_jdn: i64 = r["lny_jdn"].parse().unwrap();
    assert_eq!(jdn(lny), lny_jdn, "row {year}: lny_jdn column vs lny_solar");
    let lm: u32 = r["leap_month"].parse().unwrap();
    let ll: u32 = r["leap_len"].parse().unwrap();
    let lens: Vec<u32> = r["month_lens_1_12"]
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(lens.len(), 12);
    let year_days: u32 = r["year_days"].parse().unwrap();

    if !(1900..=2100).contains(&year) {
        assert!(!is_supported_year(year));
        assert_eq!(lunar_new_year(year), None, "{year}");
        assert_eq!(leap_month(year), None);
        assert_eq!(year_length(year), None);
        assert_eq!(month_length(year, 1, false), None);
        assert_eq!(lunar_to_solar(&ld(year, 1, 1, false)), None);
        assert_eq!(solar_to_lunar(lny.0, lny.1, lny.2), None, "{year}");
        return false;
    }
    assert!(is_supported_year(year));
    assert_eq!(lunar_new_year(year), Some(lny), "row {year}: lny");
    assert_eq!(
        leap_month(year),
        if lm == 0 { None } else { Some(lm) },
        "{year}"
    );
    assert_eq!(year_length(year), Some(year_days), "{year}");
    if let Some(n) = r.get("n_months") {
        let n: u32 = n.parse().unwrap();
        assert_eq!(n, if lm == 0 { 12 } else { 13 });
    }
    for m in 1..=12u32 {
        assert_eq!(
            month_length(year, m, false),
            Some(lens[m as usize - 1]),
            "{year}/{m}"
        );
        let leap_expected = if m == lm { Some(ll) } else { None };
        assert_eq!(
            month_length(year, m, true),
            leap_expected,
            "{year}/leap {m}"
        );
    }
    // Walk the row's months from its lny_solar using only the row's data: each month must start
    // and end exactly where the row says.
    let mut day = jdn(lny);
    let mut solar = lny;
    let mut months: Vec<(u32, bool, u32)> = Vec::new();
    for m in 1..=12u32 {
        months.push((m, false, lens[m as usize - 1]));
        if m == lm {
            months.push((m, true, ll));
        }
    }
    for (m, leap, len) in months {
        assert_eq!(
            lunar_to_solar(&ld(year, m, 1, leap)),
            Some(solar),
            "{year}/{m}/{leap}"
        );
        assert_eq!(
            solar_to_lunar(solar.0, solar.1, solar.2),
            Some(ld(year, m, 1, leap))
        );
        let mut last = solar;
        for _ in 1..len {
            last = next_day(last);
        }
        assert_eq!(
            solar_to_lunar(last.0, last.1, last.2),
            Some(ld(year, m, len, leap))
        );
        assert_eq!(lunar_to_solar(&ld(year, m, len + 1, leap)), None);
        solar = next_day(last);
        day += len as i64;
    }
    assert_eq!(day - jdn(lny), year_days as i64);
    if year < 2100 {
        assert_eq!(lunar_new_year(year + 1), Some(solar), "{year}: next LNY");
    }
    true
}

#[test]
fn every_row_of_kasi_table() {
    let rows = load_tsv("lunar_table.tsv");
    assert_eq!(rows.len(), 1051); // 1000..=2050
    let in_range = rows.iter().filter(|r| check_row(r)).count();
    assert_eq!(in_range, 151); // 1900..=2050
    eprintln!(
        "lunar_table.tsv: {} rows checked, {in_range} in range",
        rows.len()
    );
}

#[test]
fn every_row_of_computed_table() {
    let rows = load_tsv("lunar_table_2051_2100_computed.tsv");
    assert_eq!(rows.len(), 51); // 2050..=2100
    let in_range = rows.iter().filter(|r| check_row(r)).count();
    assert_eq!(in_range, 51);
}

#[test]
fn spot_checks_from_korean_md() {
    assert_eq!(lunar_new_year(2024), Some((2024, 2, 10)));
    assert_eq!(solar_to_lunar(2024, 2, 10), Some(ld(2024, 1, 1, false)));
    assert_eq!(lunar_to_solar(&ld(1900, 1, 1, false)), Some((1900, 1, 31)));
    assert_eq!(solar_to_lunar(1999, 2, 28), Some(ld(1999, 1, 13, false)));
    assert_eq!(solar_to_lunar(2017, 6, 24), Some(ld(2017, 5, 1, true)));
    assert_eq!(lunar_to_solar(&ld(2017, 5, 1, true)), Some((2017, 6, 24)));

    let seollal = [
        (2015, 2, 19),
        (2016, 2, 8),
        (2017, 1, 28),
        (2018, 2, 16),
        (2019, 2, 5),
        (2020, 1, 25),
        (2021, 2, 12),
        (2022, 2, 1),
        (2023, 1, 22),
        (2024, 2, 10),
        (2025, 1, 29),
        (2026, 2, 17),
        (2027, 2, 7),
        (2028, 1, 27),
        (2029, 2, 13),
        (2030, 2, 3),
        (2031, 1, 23),
        (2032, 2, 11),
        (2033, 1, 31),
        (2034, 2, 19),
        (2035, 2, 8),
    ];
    for d in seollal {
        assert_eq!(lunar_new_year(d.0), Some(d), "설날 {}", d.0);
    }
    // Korea-vs-China differences table (Korean side)
    for d in [
        (1916, 2, 4),
        (1944, 1, 26),
        (1954, 2, 4),
        (1958, 2, 19),
        (1966, 1, 22),
        (1988, 2, 18),
        (1997, 2, 8),
        (2027, 2, 7),
        (2028, 1, 27),
        (2061, 1, 22),
        (2089, 2, 11),
        (2092, 2, 8),
    ] {
        assert_eq!(lunar_new_year(d.0), Some(d), "설날 {}", d.0);
    }
    for d in [
        (1942, 9, 25),
        (2040, 9, 21),
        (2089, 9, 19),
        (2096, 10, 1),
        (2098, 9, 10),
    ] {
        assert_eq!(
            solar_to_lunar(d.0, d.1, d.2),
            Some(ld(d.0, 8, 15, false)),
            "추석 {d:?}"
        );
    }
    let leaps = [
        (1990, 5),
        (1993, 3),
        (1995, 8),
        (1998, 5),
        (2001, 4),
        (2004, 2),
        (2006, 7),
        (2009, 5),
        (2012, 3),
        (2014, 9),
        (2017, 5),
        (2020, 4),
        (2023, 2),
        (2025, 6),
        (2028, 5),
        (2031, 3),
        (2033, 11),
        (2036, 6),
        (2039, 5),
        (2042, 2),
        (2044, 7),
        (2047, 5),
        (2050, 3),
        (2052, 8),
        (2055, 6),
        (2058, 4),
        (2061, 3),
        (2063, 7),
        (2066, 5),
        (2069, 4),
        (2071, 8),
        (2074, 6),
        (2077, 4),
        (2080, 3),
        (2082, 7),
        (2085, 5),
        (2088, 4),
        (2090, 8),
        (2093, 6),
        (2096, 4),
        (2099, 3),
    ];
    for (y, m) in leaps {
        assert_eq!(leap_month(y), Some(m), "윤달 {y}");
    }
    // years between the listed ones (1990..=2100) have no leap month
    for y in 1990..=2100 {
        if !leaps.iter().any(|&(ly, _)| ly == y) {
            assert_eq!(leap_month(y), None, "{y} should have no leap month");
        }
    }
    // LNY always between Jan 21 and Feb 20
    for y in 1900..=2100 {
        let (ly, m, d) = lunar_new_year(y).unwrap();
        assert_eq!(ly, y);
        assert!((m == 1 && d >= 21) || (m == 2 && d <= 20), "{y}: {m}-{d}");
        let len = year_length(y).unwrap();
        assert!(
            (353..=355).contains(&len) || (383..=385).contains(&len),
            "{y}: {len}"
        );
    }
    // the package's last date and the first day past it
    assert!(solar_to_lunar(2050, 12, 31).is_some());
    assert!(solar_to_lunar(2051, 1, 1).is_some());
}

#[test]
fn invalid_inputs_are_none() {
    // lunar side
    assert_eq!(lunar_to_solar(&ld(2024, 13, 1, false)), None);
    assert_eq!(lunar_to_solar(&ld(2024, 0, 1, false)), None);
    assert_eq!(lunar_to_solar(&ld(2024, 1, 31, false)), None);
    assert_eq!(lunar_to_solar(&ld(2024, 1, 0, false)), None);
    assert_eq!(lunar_to_solar(&ld(2024, 5, 1, true)), None); // 2024 has no leap month
    assert_eq!(lunar_to_solar(&ld(2023, 3, 1, true)), None); // 2023 leap is 2, not 3
    assert!(lunar_to_solar(&ld(2023, 2, 1, true)).is_some());
    assert_eq!(lunar_to_solar(&ld(1899, 12, 1, false)), None);
    assert_eq!(lunar_to_solar(&ld(2101, 1, 1, false)), None);
    assert_eq!(lunar_to_solar(&ld(i32::MIN, 1, 1, false)), None);
    assert_eq!(
        lunar_to_solar(&ld(i32::MAX, u32::MAX, u32::MAX, true)),
        None
    );
    // day 30 of a 29-day month
    assert_eq!(month_length(2024, 1, false), Some(29));
    assert_eq!(lunar_to_solar(&ld(2024, 1, 30, false)), None);
    // month_length / leap_month / lunar_new_year
    assert_eq!(month_length(2024, 13, false), None);
    assert_eq!(month_length(2024, 0, false), None);
    assert_eq!(month_length(2024, 5, true), None);
    assert_eq!(month_length(1899, 1, false), None);
    assert_eq!(month_length(2101, 1, false), None);
    assert_eq!(leap_month(1899), None);
    assert_eq!(leap_month(2101), None);
    assert_eq!(lunar_new_year(1899), None);
    assert_eq!(lunar_new_year(2101), None);
    assert_eq!(lunar_new_year(i32::MIN), None);
    assert_eq!(lunar_new_year(i32::MAX), None);
    assert_eq!(year_length(2101), None);
    // solar side
    assert_eq!(solar_to_lunar(2024, 13, 1), None);
    assert_eq!(solar_to_lunar(2024, 0, 1), None);
    assert_eq!(solar_to_lunar(2024, 4, 31), None);
    assert_eq!(solar_to_lunar(2024, 1, 32), None);
    assert_eq!(solar_to_lunar(2024, 1, 0), None);
    assert_eq!(solar_to_lunar(2023, 2, 29), None);
    assert!(solar_to_lunar(2024, 2, 29).is_some());
    assert_eq!(solar_to_lunar(2100, 2, 29), None); // 2100 is not a leap year
    assert_eq!(solar_to_lunar(1899, 6, 1), None);
    assert_eq!(solar_to_lunar(1900, 1, 1), None);
    assert_eq!(solar_to_lunar(1900, 1, 30), None);
    assert_eq!(solar_to_lunar(2101, 1, 29), None);
    assert_eq!(solar_to_lunar(2101, 6, 1), None);
    assert_eq!(solar_to_lunar(i32::MIN, 1, 1), None);
    assert_eq!(solar_to_lunar(i32::MAX, 12, 31), None);
    assert_eq!(solar_to_lunar(i32::MAX, u32::MAX, u32::MAX), None);
}

#[test]
fn prev_day_helper_consistency() {
    // sanity for the test-side helpers themselves
    assert_eq!(prev_day(next_day((2100, 2, 28))), (2100, 2, 28));
    assert_eq!(next_day((2100, 2, 28)), (2100, 3, 1));
    assert_eq!(jdn((2024, 2, 10)), 2460351);
}
