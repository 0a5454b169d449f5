//! The golds of `time` and `saju` re-derived from each record's instance with
//! formulas written here (JDN day count, Zeller's weekday, the 60-pair
//! order), sharing no code with `stdlib`.

mod common;

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

#[test]
fn time_golds_follow_the_stated_arithmetic() {
    let mut kinds = std::collections::BTreeSet::new();
    for r in common::records("puzzles/time.puzzle", "ko", 200) {
        let inst = &r.instance;
        let holiday = inst["holiday"].as_str().expect("holiday");
        let (_, hm, hd) = common::SOLAR_HOLIDAYS
            .iter()
            .find(|h| h.0 == holiday)
            .copied()
            .expect("a known holiday");
        let year = inst["year"].as_i64().expect("year");
        let offset = match inst["relative_word"].as_str().expect("word") {
            "그끄저께" | "그끄제" => -3,
            "그저께" | "그제" => -2,
            "어제" | "어저께" => -1,
            "오늘" => 0,
            "내일" => 1,
            "모레" => 2,
            "글피" => 3,
            "그글피" => 4,
            other => panic!("unexpected relative word {other}"),
        };
        assert_eq!(inst["relative_offset"].as_i64(), Some(offset), "{}", r.id);
        let n = inst["days_after"].as_i64().expect("n");
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
        kinds.insert(r.answer_kind.clone());
        assert_eq!(r.answer, expected, "{}", r.id);
        assert!(
            r.question.contains(&format!("{year}년 {holiday}")),
            "{}",
            r.id
        );
        assert!(r.question.contains(&format!("{n}일 뒤")), "{}", r.id);
    }
    assert_eq!(kinds.len(), 3, "every question type occurs");
}

#[test]
fn saju_golds_follow_the_stated_conventions() {
    let mut tasks = std::collections::BTreeSet::new();
    for r in common::records("puzzles/saju.puzzle", "ko", 200) {
        let inst = &r.instance;
        let task = inst["task"].as_str().expect("task");
        tasks.insert(task.to_string());
        let (y, m, d) = parse_date(inst["date"].as_str().expect("date"));
        let day_index = (jdn(y, m, d) + 49).rem_euclid(60);
        let expected = if task == "day" {
            pair(day_index)
        } else {
            let time = inst["time"].as_str().expect("time");
            let hour: i64 = time
                .split('시')
                .next()
                .expect("hour")
                .trim()
                .parse()
                .expect("hour");
            // From 23:00 the hour belongs to the next day's 자시.
            let base = if task == "hour_from_day" {
                pair_index(inst["day_pillar"].as_str().expect("pillar"))
            } else {
                day_index
            };
            let day_for_hour = if hour == 23 { base + 1 } else { base };
            let branch = ((hour + 1) / 2) % 12;
            let stem = (2 * (day_for_hour % 10) + branch) % 10;
            let name = format!("{}{}", STEMS[stem as usize], BRANCHES[branch as usize]);
            if task == "hour_from_day" {
                assert!(
                    r.question.contains(&format!(
                        "일주가 {}",
                        inst["day_pillar"].as_str().unwrap_or("")
                    )),
                    "{}",
                    r.id
                );
            }
            name
        };
        assert_eq!(r.answer, expected, "{}", r.id);
    }
    assert_eq!(tasks.len(), 3, "every task occurs");
}

#[test]
fn the_formulas_here_match_the_reference_anchors() {
    assert_eq!(pair(jdn(2000, 1, 1) + 49), "무오");
    assert_eq!(pair(jdn(1949, 10, 1) + 49), "갑자");
    assert_eq!(pair(jdn(2024, 2, 10) + 49), "갑진");
    assert_eq!(weekday(2024, 2, 10), 5, "a Saturday");
    assert_eq!(from_jdn(jdn(2100, 12, 31)), (2100, 12, 31));
}
