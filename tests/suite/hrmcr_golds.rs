//! The golds of `hrmcr_date` and `hrmcr_zodiac` re-derived from each record's
//! instance with code written here, sharing nothing with `stdlib`: the lunar
//! calendar is read straight from the reference TSV tables under
//! `tests/data/`, Gregorian days are counted with a JDN formula, and the 띠
//! comes from enumerating every birth year the stated facts allow.

use crate::common;

use common::{from_jdn, jdn};

use puzzlec::check::overrides::{apply_overrides, parse_overrides};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

use serde_json::Value;
use std::collections::BTreeSet;

fn dot((y, m, d): (i64, i64, i64)) -> String {
    format!("{y}.{m}.{d}")
}

fn long_ko((y, m, d): (i64, i64, i64)) -> String {
    format!("{y}년 {m}월 {d}일")
}

fn is_gregorian(y: i64, m: i64, d: i64) -> bool {
    (1..=12).contains(&m) && d >= 1 && from_jdn(jdn(y, m, d)) == (y, m, d)
}

/// Like `common::records`, with levers set in every tier (`--set` syntax).
fn records_with(rel: &str, per_tier: u64, sets: &[&str]) -> Vec<puzzlec::dataset::Record> {
    let program = common::load(&common::root().join(rel));
    let overrides = parse_overrides(sets).expect("overrides parse");
    let program = apply_overrides(std::slice::from_ref(&program), &overrides)
        .expect("overrides apply")
        .remove(0);
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..per_tier {
            let item = generate(&program, tier, i, 1).expect("generate");
            out.push(record(&program, &item, "ko"));
        }
    }
    out
}

/// The `steps` lever of a record.
fn steps_of(r: &puzzlec::dataset::Record) -> i64 {
    r.levers["steps"].as_i64().expect("a steps lever")
}

/// The record's checkpoints as (step, kind, gold).
fn checkpoints(r: &puzzlec::dataset::Record) -> Vec<(usize, String, String)> {
    r.checkpoints
        .iter()
        .map(|c| (c.step, c.kind.clone(), c.gold.clone()))
        .collect()
}

/// The labels of the prompt's `Step N: …` lines, checked to be numbered 1, 2, ….
fn step_labels(question: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in question.lines() {
        if let Some(rest) = line.strip_prefix("Step ") {
            let (n, label) = rest.split_once(": ").expect("Step N: label");
            assert_eq!(n, (out.len() + 1).to_string(), "steps in order: {line}");
            out.push(label.to_string());
        }
    }
    out
}

// ---------------------------------------------------------------- lunar

/// One lunar month: year, month, leap flag, solar JDN of day 1, length.
#[derive(Clone, Copy, Debug)]
struct Month {
    year: i64,
    month: i64,
    leap: bool,
    start: i64,
    len: i64,
}

/// Every lunar month of 1900–2100, in order, from the reference tables.
fn lunar_months() -> Vec<Month> {
    let dir = common::root().join("tests/data");
    let mut rows: Vec<(i64, i64, i64, i64, Vec<i64>)> = Vec::new();
    for file in ["lunar_table.tsv", "lunar_table_2051_2100_computed.tsv"] {
        let text = std::fs::read_to_string(dir.join(file)).expect("lunar table");
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
        let (cy, cs, cl, cll, cm) = (
            col("lunar_year"),
            col("lny_solar"),
            col("leap_month"),
            col("leap_len"),
            col("month_lens_1_12"),
        );
        for line in lines {
            let f: Vec<&str> = line.split('\t').collect();
            let year: i64 = f[cy].parse().expect("year");
            if !(1900..=2100).contains(&year) || rows.iter().any(|r| r.0 == year) {
                continue;
            }
            let s: Vec<i64> = f[cs].split('-').map(|x| x.parse().expect("n")).collect();
            let lens: Vec<i64> = f[cm].split(',').map(|x| x.parse().expect("n")).collect();
            assert_eq!(lens.len(), 12);
            rows.push((
                year,
                jdn(s[0], s[1], s[2]),
                f[cl].parse().expect("leap"),
                f[cll].parse().expect("leap len"),
                lens,
            ));
        }
    }
    rows.sort_by_key(|r| r.0);
    assert_eq!(rows.len(), 201, "lunar years 1900–2100");
    let mut out = Vec::new();
    for (i, (year, lny, leap, leap_len, lens)) in rows.iter().enumerate() {
        let mut start = *lny;
        for m in 1..=12 {
            let len = lens[m as usize - 1];
            out.push(Month {
                year: *year,
                month: m,
                leap: false,
                start,
                len,
            });
            start += len;
            if *leap == m {
                out.push(Month {
                    year: *year,
                    month: m,
                    leap: true,
                    start,
                    len: *leap_len,
                });
                start += leap_len;
            }
        }
        if let Some(next) = rows.get(i + 1) {
            assert_eq!(
                start, next.1,
                "lunar year {year} runs into the next new year"
            );
        }
    }
    out
}

fn lunar_of(months: &[Month], j: i64) -> (i64, i64, i64, bool) {
    let m = months
        .iter()
        .find(|m| m.start <= j && j < m.start + m.len)
        .unwrap_or_else(|| panic!("JDN {j} is outside the lunar tables"));
    (m.year, m.month, j - m.start + 1, m.leap)
}

fn solar_of_lunar(months: &[Month], y: i64, m: i64, d: i64) -> i64 {
    let mo = months
        .iter()
        .find(|x| x.year == y && x.month == m && !x.leap)
        .expect("lunar month");
    assert!(d <= mo.len);
    mo.start + d - 1
}

fn lunar_dot((y, m, d, leap): (i64, i64, i64, bool)) -> String {
    format!("{y}.{}{m}.{d}", if leap { "윤" } else { "" })
}

// ---------------------------------------------------------------- date

const LUNAR_HOLIDAYS: [(&str, i64, i64); 8] = [
    ("설날", 1, 1),
    ("정월대보름", 1, 15),
    ("부처님오신날", 4, 8),
    ("단오", 5, 5),
    ("칠석", 7, 7),
    ("추석 연휴 첫날", 8, 14),
    ("추석", 8, 15),
    ("추석 연휴 마지막 날", 8, 16),
];

fn offset_of(word: &str) -> i64 {
    match word {
        "그끄저께" | "그끄제" => -3,
        "그저께" | "그제" => -2,
        "어제" | "어저께" => -1,
        "오늘" => 0,
        "내일" => 1,
        "모레" => 2,
        "글피" => 3,
        "그글피" => 4,
        other => panic!("unexpected relative word {other}"),
    }
}

/// The lunar table lines of a prompt: (lunar year, month, leap, start JDN, length).
fn table_lines(question: &str) -> Vec<(i64, i64, bool, i64, i64)> {
    let nums = |s: &str| -> Vec<i64> {
        s.split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().expect("n"))
            .collect()
    };
    question
        .lines()
        .filter_map(|l| l.strip_prefix("- 음력 "))
        .map(|l| {
            let (lunar, solar) = l.split_once(" = 양력 ").expect("a table line");
            let leap = lunar.contains('윤');
            let ln = nums(lunar);
            let sn = nums(solar);
            assert_eq!(ln.len(), 3, "{l}");
            assert_eq!(ln[2], 1, "a month starts on day 1: {l}");
            assert_eq!(sn.len(), 4, "{l}");
            (ln[0], ln[1], leap, jdn(sn[0], sn[1], sn[2]), sn[3])
        })
        .collect()
}

#[test]
fn the_lunar_tables_match_known_korean_dates() {
    let months = lunar_months();
    let solar = |y, m, d| dot(from_jdn(solar_of_lunar(&months, y, m, d)));
    // 설날, 추석 and 부처님오신날 from the reference (KASI via korean-lunar-calendar).
    assert_eq!(solar(2024, 1, 1), "2024.2.10");
    assert_eq!(solar(1997, 1, 1), "1997.2.8");
    assert_eq!(solar(2027, 1, 1), "2027.2.7");
    assert_eq!(solar(2023, 8, 15), "2023.9.29");
    assert_eq!(solar(2024, 8, 15), "2024.9.17");
    assert_eq!(solar(2025, 8, 15), "2025.10.6");
    assert_eq!(solar(2026, 8, 15), "2026.9.25");
    assert_eq!(solar(2023, 4, 8), "2023.5.27");
    assert_eq!(solar(2024, 4, 8), "2024.5.15");
    assert_eq!(solar(2025, 4, 8), "2025.5.5");
    assert_eq!(solar(2026, 4, 8), "2026.5.24");
    // Korea, not China: 1942's month 8 and 2040's 추석.
    assert_eq!(solar(1942, 8, 15), "1942.9.25");
    assert_eq!(solar(2040, 8, 15), "2040.9.21");
    // Leap months: 2017 윤5월 (China had 闰六月), 2020 윤4월, 2023 윤2월.
    assert_eq!(lunar_dot(lunar_of(&months, jdn(2017, 6, 24))), "2017.윤5.1");
    assert_eq!(lunar_dot(lunar_of(&months, jdn(2020, 5, 23))), "2020.윤4.1");
    assert_eq!(lunar_dot(lunar_of(&months, jdn(1999, 2, 28))), "1999.1.13");
    assert_eq!(lunar_dot(lunar_of(&months, jdn(2023, 3, 22))), "2023.윤2.1");
}

/// Re-derives every Date record: its gold, its checkpoints (one per leg), its
/// `Step N:` labels, and the lunar table when the prompt prints one (the
/// table is checked against this file's tables; without one the prompt
/// has no table line but still names the calendar).
fn check_date_records(records: &[puzzlec::dataset::Record], printed: bool) {
    let months = lunar_months();
    let (mut naive_differs, mut lunar_items, mut leap_answers) = (0, 0, 0);
    let mut kinds = BTreeSet::new();
    let mut holiday_kinds = BTreeSet::new();
    for r in records {
        let inst = &r.instance;
        let s = |k: &str| {
            inst[k]
                .as_str()
                .unwrap_or_else(|| panic!("{k}"))
                .to_string()
        };
        let i = |k: &str| inst[k].as_i64().unwrap_or_else(|| panic!("{k}"));
        let (year, holiday, word, n) =
            (i("year"), s("holiday"), s("relative_word"), i("days_after"));
        let lunar_ask = s("asked_calendar") == "lunar";
        let offset = offset_of(&word);
        assert_eq!(i("relative_offset"), offset, "{}", r.id);
        // The legs after the first (a field only when there are any).
        let legs: Vec<i64> = inst
            .get("more_days")
            .map(|v| {
                v.as_array()
                    .expect("more_days")
                    .iter()
                    .map(|x| x.as_i64().expect("n"))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(v) = inst.get("more_days") {
            assert!(!legs.is_empty(), "{}: an empty more_days: {v}", r.id);
        }
        let steps = steps_of(r);
        assert_eq!(
            legs.len() as i64,
            steps - 5,
            "{}: one leg per step beyond 5",
            r.id
        );

        // The holiday, from this file's tables.
        let (is_lunar, hm, hd, today) =
            if let Some(&(_, m, d)) = LUNAR_HOLIDAYS.iter().find(|h| h.0 == holiday) {
                (true, m, d, solar_of_lunar(&months, year, m, d))
            } else {
                let &(_, m, d) = common::SOLAR_HOLIDAYS
                    .iter()
                    .find(|h| h.0 == holiday)
                    .unwrap_or_else(|| panic!("unknown holiday {holiday}"));
                (false, m, d, jdn(year, m, d))
            };
        holiday_kinds.insert(is_lunar);
        assert_eq!(s("holiday_calendar") == "lunar", is_lunar, "{}", r.id);
        assert_eq!(s("holiday_solar"), dot(from_jdn(today)), "{}", r.id);
        if !is_lunar {
            assert!(year >= 1960, "{}: solar holidays from 1960", r.id);
        }

        // Count days on solar dates, convert at the end.
        let birthday = today + offset;
        let first = birthday + n;
        let mut stops = vec![first];
        for m in &legs {
            stops.push(stops[stops.len() - 1] + m);
        }
        let target = stops[stops.len() - 1];
        let expected = if lunar_ask {
            lunar_dot(lunar_of(&months, target))
        } else {
            dot(from_jdn(target))
        };
        assert_eq!(r.answer, expected, "{}", r.id);
        // The intermediate answers: the holiday, the birthday and the target
        // day, all solar, asked for on `Step N:` lines.
        let mut expected_checkpoints = vec![
            (1, "date".to_string(), dot(from_jdn(today))),
            (2, "date".to_string(), dot(from_jdn(birthday))),
        ];
        for (k, &j) in stops.iter().enumerate() {
            expected_checkpoints.push((k + 3, "date".to_string(), dot(from_jdn(j))));
        }
        assert_eq!(checkpoints(r), expected_checkpoints, "{}", r.id);
        let mut labels = vec![
            format!("{year}년 {holiday}의 양력 날짜"),
            "생일의 양력 날짜".to_string(),
            format!("생일로부터 {n}일 후의 양력 날짜"),
        ];
        labels.extend(
            legs.iter()
                .map(|m| format!("그날로부터 다시 {m}일 후의 양력 날짜")),
        );
        assert_eq!(step_labels(&r.question), labels, "{}", r.id);
        assert_eq!(
            r.answer_kind,
            if lunar_ask { "text" } else { "date" },
            "{}",
            r.id
        );
        kinds.insert(r.answer_kind.clone());
        leap_answers += usize::from(r.answer.contains('윤'));

        // The prompt says what the instance says.
        let q = &r.question;
        assert!(
            q.contains(&format!("{year}년 {holiday}에 \"{word}")),
            "{}",
            r.id
        );
        let legs_text: String = legs
            .iter()
            .map(|m| format!(", 그날로부터 다시 {m}일 후"))
            .collect();
        assert!(
            q.contains(&format!(
                "그 생일로부터 {n}일 후{legs_text}는 {}으로",
                if lunar_ask { "음력" } else { "양력" }
            )),
            "{}",
            r.id
        );
        assert_eq!(
            r.solution.lines().count() as i64,
            steps,
            "{}: one line per step",
            r.id
        );
        assert!(
            r.solution
                .contains(&format!("생일은 양력 {}", long_ko(from_jdn(birthday)))),
            "{}",
            r.id
        );

        // The lunar table in the prompt is right and covers the span.
        let table = table_lines(q);
        if is_lunar || lunar_ask {
            lunar_items += 1;
            assert!(q.contains("한국천문연구원 기준의 한국 음력"), "{}", r.id);
            if is_lunar {
                assert!(q.contains("윤달이 아닌 평달의 날짜"), "{}", r.id);
            }
        }
        if !printed {
            assert!(table.is_empty(), "{}: no table is printed", r.id);
            assert!(!q.contains("음력 달의 첫날"), "{}", r.id);
            assert_eq!(inst["lunar_table"], serde_json::json!([]), "{}", r.id);
        } else if is_lunar || lunar_ask {
            assert!(!table.is_empty(), "{}: a lunar table", r.id);
            for &(y, m, leap, start, len) in &table {
                let mo = lunar_of(&months, start);
                assert_eq!((mo.0, mo.1, mo.2, mo.3), (y, m, 1, leap), "{}", r.id);
                let month = months.iter().find(|x| x.start == start).expect("month");
                assert_eq!(month.len, len, "{}: month length", r.id);
            }
            for w in table.windows(2) {
                assert_eq!(w[0].3 + w[0].4, w[1].3, "{}: consecutive months", r.id);
            }
            let table_first = table[0].3;
            let last = table[table.len() - 1];
            assert!(
                table_first <= birthday.min(today),
                "{}: table starts early enough",
                r.id
            );
            assert!(
                target < last.3 + last.4,
                "{}: table reaches the answer",
                r.id
            );
        } else {
            assert!(
                table.is_empty(),
                "{}: no lunar table for a solar-only item",
                r.id
            );
        }

        // The bug class: day arithmetic on lunar dates with solar month lengths.
        if is_lunar || lunar_ask {
            let naive = if is_lunar {
                // The holiday's lunar date read as if it were a solar date.
                let (y, m, d) = from_jdn(jdn(year, hm, hd) + offset + (target - birthday));
                if lunar_ask {
                    Some(format!("{y}.{m}.{d}"))
                } else {
                    months
                        .iter()
                        .find(|x| x.year == y && x.month == m && !x.leap && d <= x.len)
                        .map(|x| dot(from_jdn(x.start + d - 1)))
                }
            } else {
                // Convert first, then add days with solar month lengths.
                let (ly, lm, ld, _) = lunar_of(&months, birthday);
                is_gregorian(ly, lm, ld)
                    .then(|| dot(from_jdn(jdn(ly, lm, ld) + (target - birthday))))
            };
            if naive.as_deref() != Some(r.answer.as_str()) {
                naive_differs += 1;
            }
        }
    }
    assert_eq!(kinds.len(), 2, "solar and lunar answers occur");
    assert_eq!(holiday_kinds.len(), 2, "solar and lunar holidays occur");
    assert!(
        leap_answers >= 10,
        "leap-month answers occur: {leap_answers}"
    );
    assert!(
        naive_differs * 2 > lunar_items,
        "the naive lunar arithmetic differs on most lunar items ({naive_differs} of {lunar_items})"
    );
}

#[test]
fn hrmcr_date_golds_follow_solar_day_counting() {
    // The tiers as shipped: 5 steps, no printed table (as HRMCR).
    let records = common::records("suites/hrmcr/hrmcr_date.puzzle", "ko", 150);
    assert!(records.iter().all(|r| steps_of(r) == 5));
    check_date_records(&records, false);
}

#[test]
fn hrmcr_date_with_the_printed_table() {
    check_date_records(
        &records_with("suites/hrmcr/hrmcr_date.puzzle", 150, &["print_table=true"]),
        true,
    );
}

#[test]
fn hrmcr_date_golds_at_other_step_counts() {
    // 150 items at each step count (50 per tier), with and without a table.
    for (steps, printed) in [(6, false), (8, true), (12, false), (25, false)] {
        let set = format!("steps={steps}");
        let table = format!("print_table={printed}");
        let records = records_with("suites/hrmcr/hrmcr_date.puzzle", 50, &[&set, &table]);
        assert_eq!(records.len(), 150);
        assert!(records.iter().all(|r| steps_of(r) == steps));
        check_date_records(&records, printed);
    }
}

#[test]
fn the_date_table_changes_the_prompt_only() {
    // The same items with and without the table: same answers, steps and
    // checkpoints; the prompt without it has no table line, the one with it
    // has one for every item that involves the lunar calendar.
    for steps in [5, 9] {
        let set = format!("steps={steps}");
        let on = records_with(
            "suites/hrmcr/hrmcr_date.puzzle",
            100,
            &[&set, "print_table=true"],
        );
        let off = records_with(
            "suites/hrmcr/hrmcr_date.puzzle",
            100,
            &[&set, "print_table=false"],
        );
        let mut lunar = 0;
        for (a, b) in on.iter().zip(&off) {
            assert_eq!(a.id, b.id);
            assert_eq!(a.answer, b.answer, "{}", a.id);
            assert_eq!(a.solution, b.solution, "{}", a.id);
            assert_eq!(checkpoints(a), checkpoints(b), "{}", a.id);
            let mut ia = a.instance.clone();
            ia["lunar_table"] = serde_json::json!([]);
            assert_eq!(ia, b.instance, "{}", a.id);
            assert!(table_lines(&b.question).is_empty(), "{}", b.id);
            let involved = a.instance["holiday_calendar"] == "lunar"
                || a.instance["asked_calendar"] == "lunar";
            if involved {
                lunar += 1;
                assert!(!table_lines(&a.question).is_empty(), "{}", a.id);
                assert_ne!(a.question, b.question, "{}", a.id);
            } else {
                assert_eq!(a.question, b.question, "{}", a.id);
            }
        }
        assert!(lunar >= 100, "{lunar} lunar items of {}", on.len());
    }
}

// ---------------------------------------------------------------- zodiac

/// 띠 by (year − 4) mod 12; 1996 was a year of the rat.
const ANIMALS: [&str; 12] = [
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

fn animal(year: i64) -> &'static str {
    ANIMALS[(year - 4).rem_euclid(12) as usize]
}

/// Years between birth and university entry beyond the usual 19.
fn shift(kind: &str) -> i64 {
    match kind {
        "early" => -1,
        "on_time" => 0,
        "jaesu" => 1,
        "samsu" => 2,
        other => panic!("unknown entry kind {other}"),
    }
}

fn noun(kind: &str) -> &'static str {
    match kind {
        "early" => "빠른 년생",
        "on_time" => "제때 입학",
        "jaesu" => "재수",
        _ => "삼수",
    }
}

/// Every birth year of the other person allowed by the stated facts.
fn candidate_years(inst: &Value, my_birth: i64, other_entry: i64, use_speech: bool) -> Vec<i64> {
    let kinds: Vec<&str> = inst["other_entry_kinds"]
        .as_array()
        .expect("kinds")
        .iter()
        .map(|k| k.as_str().expect("kind"))
        .collect();
    let speech = inst["speech_given"].as_bool().expect("speech_given") && use_speech;
    let they_polite = inst["other_speaks_polite"].as_bool().expect("polite");
    let i_polite = inst["i_speak_polite"].as_bool().expect("polite");
    (1800..2200)
        .filter(|&y| kinds.iter().any(|k| y + 19 + shift(k) == other_entry))
        .filter(|&y| {
            // 존댓말 to anyone born in an earlier year, 반말 otherwise.
            !speech || (they_polite == (my_birth < y) && i_polite == (y < my_birth))
        })
        .collect()
}

/// What changes the Zodiac answers, counted by [`check_zodiac_records`].
#[derive(Default)]
struct ZodiacStats {
    ignore_birthday_differs: usize,
    international: usize,
    ignore_shift_differs: usize,
    speech_needed: usize,
    chained: usize,
    animals: BTreeSet<String>,
}

/// Re-derives every Zodiac record from its instance: my birth and entry
/// years, the chain of 학번 relations (when there is one), the other
/// person's entry and birth years, the 띠, the checkpoints and the labels.
fn check_zodiac_records(records: &[puzzlec::dataset::Record]) -> ZodiacStats {
    let mut st = ZodiacStats::default();
    for r in records {
        let inst = &r.instance;
        let i = |k: &str| inst[k].as_i64().unwrap_or_else(|| panic!("{k}"));
        let s = |k: &str| {
            inst[k]
                .as_str()
                .unwrap_or_else(|| panic!("{k}"))
                .to_string()
        };
        let steps = i("steps");
        let now = i("current_year");
        let q = &r.question;
        assert_eq!(steps, steps_of(r), "{}", r.id);
        // The largest of 3, 5 and 7 that fits; the rest are chain links.
        let base = [7, 5, 3]
            .into_iter()
            .find(|&b| b <= steps)
            .expect("3 or more");
        assert_eq!(r.solution.lines().count() as i64, steps, "{}", r.id);

        let (my_birth, my_entry, naive_birth) = if base == 3 {
            let e = i("my_entry_year");
            assert!(
                q.contains(&format!("나는 {e}년에 대학에 입학한")),
                "{}",
                r.id
            );
            (None, e, None)
        } else {
            let age = i("my_age");
            let kind = s("my_entry_kind");
            let birth = if s("age_system") == "counting" {
                assert!(q.contains(&format!("세는 나이로 {age}살")), "{}", r.id);
                now - age + 1
            } else {
                st.international += 1;
                assert!(q.contains(&format!("만 {age}세")), "{}", r.id);
                let t: Vec<i64> = s("today")
                    .split('.')
                    .map(|x| x.parse().expect("n"))
                    .collect();
                let b: Vec<i64> = s("my_birthday")
                    .split('.')
                    .map(|x| x.parse().expect("n"))
                    .collect();
                assert_eq!(t[0], now);
                assert!(
                    q.contains(&format!("오늘은 {now}년 {}월 {}일", t[1], t[2])),
                    "{}",
                    r.id
                );
                assert!(
                    q.contains(&format!("내 생일은 {}월 {}일", b[0], b[1])),
                    "{}",
                    r.id
                );
                if kind == "early" {
                    assert!(
                        b[0] <= 2,
                        "{}: a 빠른 년생 is born in January or February",
                        r.id
                    );
                }
                let before = (t[1], t[2]) < (b[0], b[1]);
                now - age - i64::from(before)
            };
            let naive = if s("age_system") == "counting" {
                now - age + 1
            } else {
                now - age
            };
            (
                Some(birth),
                birth + 19 + shift(&kind),
                Some(naive + 19 + shift(&kind)),
            )
        };
        assert!(my_entry <= now, "{}", r.id);

        // Walk the chain of relations from me to the person asked about.
        let step_entry = |from: i64, rel: &str, gap: i64| match rel {
            "선배" => from - gap,
            "후배" => from + gap,
            "동기" => {
                assert_eq!(gap, 0);
                from
            }
            other => panic!("unknown relation {other}"),
        };
        let phrase = |who: &str, of: &str, rel: &str, gap: i64| {
            if rel == "동기" {
                format!("{who} {of} 동기입니다")
            } else {
                format!("{who} {of} {gap}년 {rel}입니다")
            }
        };
        let chain: Vec<(String, String, i64)> = inst
            .get("chain")
            .map(|c| {
                c.as_array()
                    .expect("chain")
                    .iter()
                    .map(|l| {
                        (
                            l["name"].as_str().expect("name").to_string(),
                            l["relation"].as_str().expect("relation").to_string(),
                            l["gap"].as_i64().expect("gap"),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(chain.len() as i64, steps - base, "{}: chain links", r.id);
        st.chained += usize::from(!chain.is_empty());
        let (rel, gap, name) = (s("relation"), i("gap"), s("name"));
        let (mut from, mut of) = (my_entry, "내".to_string());
        let mut chain_entries = Vec::new();
        for (who, lrel, lgap) in &chain {
            assert_ne!(who, &name, "{}: distinct names", r.id);
            let e = step_entry(from, lrel, *lgap);
            assert!(e <= now, "{}", r.id);
            let text = phrase(&topic(who), &of, lrel, *lgap);
            assert!(q.contains(&text), "{}: {text}", r.id);
            chain_entries.push((e, who.clone()));
            from = e;
            of = format!("{who}의");
        }
        let other_entry = step_entry(from, &rel, gap);
        assert!(other_entry <= now, "{}", r.id);
        let text = phrase(&topic(&name), &of, &rel, gap);
        assert!(q.contains(&text), "{}: {text}", r.id);
        assert!(
            q.contains(&format!("{name}의 띠는 무엇입니까?")),
            "{}",
            r.id
        );
        for k in inst["other_entry_kinds"].as_array().expect("kinds") {
            assert!(q.contains(noun(k.as_str().expect("kind"))), "{}", r.id);
        }
        if inst["speech_given"].as_bool() == Some(true) {
            let they = if inst["other_speaks_polite"] == true {
                "존댓말"
            } else {
                "반말"
            };
            let me = if inst["i_speak_polite"] == true {
                "존댓말"
            } else {
                "반말"
            };
            assert!(
                q.contains(&format!(
                    "나에게 {they}을 쓰고, 나는 {name}에게 {me}을 씁니다"
                )),
                "{}",
                r.id
            );
        }

        let years = candidate_years(inst, my_birth.unwrap_or(0), other_entry, true);
        let found: BTreeSet<&str> = years.iter().map(|&y| animal(y)).collect();
        assert_eq!(
            found.len(),
            1,
            "{}: the facts give one animal, got {years:?}",
            r.id
        );
        assert_eq!(r.answer, animal(years[0]), "{}", r.id);
        // The intermediate years asked for on `Step N:` lines.
        assert_eq!(years.len(), 1, "{}: one birth year", r.id);
        let mut expected_steps = Vec::new();
        if let Some(b) = my_birth {
            expected_steps.push((b, "내 출생 연도".to_string()));
            expected_steps.push((my_entry, "내 대학 입학 연도".to_string()));
        }
        for (e, who) in &chain_entries {
            expected_steps.push((*e, format!("{who}의 대학 입학 연도")));
        }
        expected_steps.push((other_entry, format!("{name}의 대학 입학 연도")));
        expected_steps.push((years[0], format!("{name}의 출생 연도")));
        assert_eq!(
            checkpoints(r),
            expected_steps
                .iter()
                .enumerate()
                .map(|(i, (y, _))| (i + 1, "int".to_string(), y.to_string()))
                .collect::<Vec<_>>(),
            "{}",
            r.id
        );
        assert_eq!(
            step_labels(q),
            expected_steps
                .iter()
                .map(|(_, l)| l.clone())
                .collect::<Vec<_>>(),
            "{}",
            r.id
        );
        st.animals.insert(r.answer.clone());

        // The checks can fail: each stated fact changes some answers.
        if base == 7 {
            let loose = candidate_years(inst, my_birth.expect("birth"), other_entry, false);
            assert!(
                loose.len() >= 2,
                "{}: without the speech rule the answer is open",
                r.id
            );
            st.speech_needed += 1;
        }
        if let Some(naive_entry) = naive_birth {
            if naive_entry != my_entry {
                st.ignore_birthday_differs += 1;
            }
        }
        let kinds = inst["other_entry_kinds"].as_array().expect("kinds");
        if kinds.len() == 1 && shift(kinds[0].as_str().expect("kind")) != 0 {
            let on_time = other_entry - 19;
            if animal(on_time) != r.answer {
                st.ignore_shift_differs += 1;
            }
        }
    }
    st
}

/// A name followed by its topic particle (은/는), as the prompt writes it.
fn topic(name: &str) -> String {
    let last = name.chars().last().expect("a name") as u32;
    let has_final = (0xAC00..=0xD7A3).contains(&last) && !(last - 0xAC00).is_multiple_of(28);
    format!("{name}{}", if has_final { "은" } else { "는" })
}

#[test]
fn hrmcr_zodiac_golds_follow_the_stated_conventions() {
    let records = common::records("suites/hrmcr/hrmcr_zodiac.puzzle", "ko", 150);
    for r in &records {
        let expected = match r.tier.as_str() {
            "easy" => 3,
            "medium" => 5,
            _ => 7,
        };
        assert_eq!(steps_of(r), expected, "{}", r.id);
    }
    let st = check_zodiac_records(&records);
    assert_eq!(st.chained, 0, "no chain at 3, 5 or 7 steps");
    assert_eq!(st.animals.len(), 12, "every animal occurs");
    assert!(
        st.speech_needed >= 100,
        "the hard tier always needs the speech rule"
    );
    assert!(
        st.ignore_birthday_differs * 3 > st.international,
        "ignoring the birthday changes many 만 나이 items ({} of {})",
        st.ignore_birthday_differs,
        st.international
    );
    assert!(
        st.ignore_shift_differs >= 50,
        "ignoring 재수/빠른 년생 changes many items"
    );
}

#[test]
fn hrmcr_zodiac_golds_at_other_step_counts() {
    // 150 items at each step count (50 per tier): a chain of 1–9 people
    // on top of the 3-, 5- or 7-step question.
    for steps in [4, 6, 8, 11, 16] {
        let set = format!("steps={steps}");
        let records = records_with("suites/hrmcr/hrmcr_zodiac.puzzle", 50, &[&set]);
        assert_eq!(records.len(), 150);
        assert!(records.iter().all(|r| steps_of(r) == steps));
        let st = check_zodiac_records(&records);
        assert_eq!(st.chained, 150, "steps={steps}: every item has a chain");
        assert!(st.animals.len() >= 10, "steps={steps}: {:?}", st.animals);
        if steps >= 7 {
            assert_eq!(st.speech_needed, 150, "steps={steps}");
        }
    }
}
