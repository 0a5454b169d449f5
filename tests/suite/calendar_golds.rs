//! The golds of `time` and `saju` re-derived from each record's instance with
//! formulas written here (JDN day count, Zeller's weekday, the 60-pair
//! order), sharing no code with `stdlib`; the question mix, year and day
//! ranges checked against the reference settings, and the anchor date stated
//! only when the `anchor` lever asks for it.

use crate::common;

use common::{from_jdn, jdn};

const STEMS: [&str; 10] = ["갑", "을", "병", "정", "무", "기", "경", "신", "임", "계"];
const BRANCHES: [&str; 12] = [
    "자", "축", "인", "묘", "진", "사", "오", "미", "신", "유", "술", "해",
];

fn pair(i: i64) -> String {
    let i = i.rem_euclid(60);
    format!(
        "{}{}",
        STEMS[(i % 10) as usize],
        BRANCHES[(i % 12) as usize]
    )
}

fn pair_index(name: &str) -> i64 {
    (0..60)
        .find(|&i| pair(i) == name)
        .expect("a sexagenary name")
}

/// Zeller's congruence, 0 = Monday.
fn weekday(y: i64, m: i64, d: i64) -> i64 {
    let (y, m) = if m < 3 { (y - 1, m + 12) } else { (y, m) };
    let h = (d + (13 * (m + 1)) / 5 + y % 100 + (y % 100) / 4 + (y / 100) / 4 + 5 * (y / 100)) % 7;
    (h + 5) % 7
}

fn parse_date(s: &str) -> (i64, i64, i64) {
    let p: Vec<i64> = s.split('.').map(|x| x.parse().expect("number")).collect();
    (p[0], p[1], p[2])
}

const ITEMS: u64 = 300;

/// The share of each value in `values`.
fn shares<'a>(values: impl Iterator<Item = &'a str>) -> std::collections::BTreeMap<String, f64> {
    let mut counts = std::collections::BTreeMap::new();
    let mut n = 0.0;
    for v in values {
        *counts.entry(v.to_string()).or_insert(0.0) += 1.0;
        n += 1.0;
    }
    counts.into_iter().map(|(k, c)| (k, c / n)).collect()
}

/// Asserts that the observed shares match the reference ones within 0.07.
fn assert_mix(tier: &str, got: &std::collections::BTreeMap<String, f64>, want: &[(&str, f64)]) {
    for (kind, share) in want {
        let g = got.get(*kind).copied().unwrap_or(0.0);
        assert!(
            (g - share).abs() <= 0.07,
            "{tier}: {kind} share {g:.3}, reference {share:.3} (all: {got:?})"
        );
    }
    let known: f64 = want
        .iter()
        .map(|(k, _)| got.get(*k).copied().unwrap_or(0.0))
        .sum();
    assert!(
        (known - 1.0).abs() < 1e-9,
        "{tier}: only the reference kinds occur: {got:?}"
    );
}

/// The records of the spec at `rel` with its text changed by `edit`
/// (first `per_tier` items of every tier, dataset seed 1).
fn records_edited(
    rel: &str,
    edit: impl Fn(&str) -> String,
    per_tier: u64,
) -> Vec<puzzlec::dataset::Record> {
    let text = edit(&std::fs::read_to_string(common::root().join(rel)).expect("spec"));
    let source = puzzlec::source::SourceFile::new(rel.to_string(), text);
    let program = puzzlec::compile::compile(&source).expect("the edited spec compiles");
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..per_tier {
            let item = puzzlec::gen::generate(&program, tier, i, 1).expect("generate");
            out.push(puzzlec::dataset::build::record(&program, &item, "ko"));
        }
    }
    out
}

const TIME_ANCHOR: &str = "2000년 1월 1일의 일진은 무오(戊午)입니다";
const SAJU_ANCHOR: &str = "2000년 1월 1일의 일주는 무오(戊午)입니다";

#[test]
fn time_golds_follow_the_stated_arithmetic_at_the_reference_settings() {
    let records = common::records("puzzles/time.puzzle", "ko", ITEMS);
    for r in &records {
        let inst = &r.instance;
        let holiday = inst["holiday"].as_str().expect("holiday");
        let (_, hm, hd) = common::SOLAR_HOLIDAYS
            .iter()
            .find(|h| h.0 == holiday)
            .copied()
            .expect("a known holiday");
        let year = inst["year"].as_i64().expect("year");
        assert!((1990..=2025).contains(&year), "{}: year {year}", r.id);
        let offset = match inst["relative_word"].as_str().expect("word") {
            "오늘" => 0,
            "내일" => 1,
            "모레" => 2,
            other => panic!("{}: a relative word beyond 오늘-모레: {other}", r.id),
        };
        assert_eq!(inst["relative_offset"].as_i64(), Some(offset), "{}", r.id);
        let n = inst["days_after"].as_i64().expect("n");
        assert!((2..=30).contains(&n), "{}: N = {n} at every tier", r.id);
        let (y, m, d) = from_jdn(jdn(year, hm, hd) + offset + n);
        let expected = match r.answer_kind.as_str() {
            "date" => format!("{y}.{m}.{d}"),
            "weekday" => [
                "월요일",
                "화요일",
                "수요일",
                "목요일",
                "금요일",
                "토요일",
                "일요일",
            ][weekday(y, m, d) as usize]
                .to_string(),
            "ganji" => pair(jdn(y, m, d) + 49),
            other => panic!("unexpected kind {other}"),
        };
        assert_eq!(r.answer, expected, "{}", r.id);
        assert!(
            r.question.contains(&format!("{year}년 {holiday}")),
            "{}",
            r.id
        );
        assert!(r.question.contains(&format!("{n}일 뒤")), "{}", r.id);
        assert!(!r.question.contains("戊午"), "{}: no anchor stated", r.id);
    }
    for (tier, want) in [
        ("easy", [("ganji", 0.34), ("date", 0.66)]),
        ("medium", [("ganji", 0.60), ("weekday", 0.40)]),
        ("hard", [("ganji", 0.91), ("date", 0.09)]),
    ] {
        let got = shares(
            records
                .iter()
                .filter(|r| r.tier == tier)
                .map(|r| r.answer_kind.as_str()),
        );
        assert_mix(tier, &got, &want);
    }
}

#[test]
fn time_states_the_anchor_only_when_asked_to() {
    let records = records_edited(
        "puzzles/time.puzzle",
        |s| s.replace("anchor = false", "anchor = true"),
        40,
    );
    for r in records {
        assert_eq!(
            r.question.contains(TIME_ANCHOR),
            r.answer_kind == "ganji",
            "{}",
            r.id
        );
    }
}

#[test]
fn saju_golds_follow_the_stated_conventions_at_the_reference_mix() {
    let records = common::records("puzzles/saju.puzzle", "ko", ITEMS);
    for r in &records {
        let inst = &r.instance;
        let task = inst["task"].as_str().expect("task");
        let (y, m, d) = parse_date(inst["date"].as_str().expect("date"));
        assert!((1950..=2015).contains(&y), "{}: year {y}", r.id);
        let day_index = (jdn(y, m, d) + 49).rem_euclid(60);
        let expected = if task == "day" {
            pair(day_index)
        } else {
            let hour = inst["hour"].as_i64().expect("hour");
            let minute = inst["minute"].as_i64().expect("minute");
            assert!(
                (0..=23).contains(&hour) && (0..=59).contains(&minute),
                "{}",
                r.id
            );
            assert!(
                r.question.contains(&format!(" {hour}시 {minute}분의 시주")),
                "{}",
                r.id
            );
            // The ranges are half-open, as the gold below assumes.
            assert!(
                r.question.contains("축시는 01:00 이상 03:00 미만"),
                "{}",
                r.id
            );
            // From 23:00 the hour belongs to the next day's 자시.
            let base = if task == "hour_from_day" {
                let pillar = inst["day_pillar"].as_str().expect("pillar");
                assert!(r.question.contains(&format!("일주가 {pillar}")), "{}", r.id);
                // The date stated beside the pillar has that pillar.
                assert_eq!(pair_index(pillar), day_index, "{}", r.id);
                pair_index(pillar)
            } else {
                day_index
            };
            let day_for_hour = if hour == 23 { base + 1 } else { base };
            let branch = ((hour + 1) / 2) % 12;
            let stem = (2 * (day_for_hour % 10) + branch) % 10;
            format!("{}{}", STEMS[stem as usize], BRANCHES[branch as usize])
        };
        assert_eq!(r.answer, expected, "{}", r.id);
        assert!(!r.question.contains("戊午"), "{}: no anchor stated", r.id);
    }
    for (tier, want) in [
        (
            "easy",
            [
                ("day", 0.20),
                ("hour_from_day", 0.80),
                ("hour_from_date", 0.0),
            ],
        ),
        (
            "medium",
            [
                ("day", 0.40),
                ("hour_from_day", 0.40),
                ("hour_from_date", 0.20),
            ],
        ),
        (
            "hard",
            [
                ("day", 4.0 / 9.0),
                ("hour_from_day", 1.0 / 9.0),
                ("hour_from_date", 4.0 / 9.0),
            ],
        ),
    ] {
        let got = shares(
            records
                .iter()
                .filter(|r| r.tier == tier)
                .map(|r| r.instance["task"].as_str().expect("task")),
        );
        assert_mix(tier, &got, &want);
    }
}

#[test]
fn saju_states_the_anchor_only_when_asked_to() {
    let records = records_edited(
        "puzzles/saju.puzzle",
        |s| s.replace("anchor = false", "anchor = true"),
        40,
    );
    for r in records {
        let from_day_pillar = r.instance["task"] == "hour_from_day";
        assert_eq!(
            r.question.contains(SAJU_ANCHOR),
            !from_day_pillar,
            "{}",
            r.id
        );
    }
}

#[test]
fn the_formulas_here_match_the_reference_anchors() {
    assert_eq!(pair(jdn(2000, 1, 1) + 49), "무오");
    assert_eq!(pair(jdn(1949, 10, 1) + 49), "갑자");
    assert_eq!(pair(jdn(2024, 2, 10) + 49), "갑진");
    assert_eq!(weekday(2024, 2, 10), 5, "a Saturday");
    assert_eq!(from_jdn(jdn(2100, 12, 31)), (2100, 12, 31));
}
