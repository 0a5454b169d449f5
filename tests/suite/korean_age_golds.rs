//! The Korean age worked example (`suites/extra/korean_age.puzzle`): every
//! gold re-derived from the dates and the system its own prompt states, in
//! English and in Korean, with the rules written here from the reference
//! (만 나이 = years − 1 before the birthday, 연 나이 = years, 세는나이 =
//! years + 1), and each tier's promised shape checked: easy dates a month or
//! more from the birthday, medium and hard ones within three days of it,
//! with 29 February births and 만 gaps that differ from the year gap.

use super::common;

type Date = (i64, i64, i64);

/// `Y.M.D` at the start of `s`.
fn date_dotted(s: &str) -> Date {
    let mut it = s.split('.').map(|p| {
        let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<i64>().expect("a number")
    });
    (it.next().unwrap(), it.next().unwrap(), it.next().unwrap())
}

/// Every `Y.M.D` date written after `marker` in `text`, in order.
fn dotted_after(text: &str, marker: &str) -> Vec<Date> {
    text.match_indices(marker)
        .map(|(i, _)| date_dotted(&text[i + marker.len()..]))
        .collect()
}

/// `Y년 M월 D일` at the start of `s`.
fn date_ko(s: &str) -> Date {
    let nums: Vec<i64> = s
        .split(['년', '월', '일'])
        .take(3)
        .map(|p| p.trim().parse().expect("a number"))
        .collect();
    (nums[0], nums[1], nums[2])
}

fn age(system: &str, b: Date, t: Date) -> i64 {
    let years = t.0 - b.0;
    match system {
        "man" => years - i64::from((t.1, t.2) < (b.1, b.2)),
        "year" => years,
        "counting" => years + 1,
        other => panic!("no system {other}"),
    }
}

/// The item as its English prompt states it: (system, birth dates, date).
fn stated_en(question: &str) -> (&'static str, Vec<Date>, Date) {
    let asked = question
        .lines()
        .find(|l| l.starts_with("What is") || l.starts_with("On "))
        .expect("a question line");
    let systems = [
        ("international age (만 나이)", "man"),
        ("year age (연 나이)", "year"),
        ("counting age (세는나이)", "counting"),
    ];
    let system = systems
        .iter()
        .find(|(name, _)| asked.contains(name))
        .expect("a named system")
        .1;
    let facts = question
        .lines()
        .find(|l| l.contains(" was born on "))
        .expect("a birth line");
    let mut born = dotted_after(facts, " born on ");
    if let Some(i) = facts.find(" and ") {
        born.extend(dotted_after(&facts[i..], " on "));
    }
    let date = match asked.strip_prefix("On ") {
        Some(rest) => date_dotted(rest),
        None => *dotted_after(asked, " on ").last().expect("a date"),
    };
    (system, born, date)
}

/// The item as its Korean prompt states it.
fn stated_ko(question: &str) -> (&'static str, Vec<Date>, Date) {
    let asked = question
        .lines()
        .find(|l| l.ends_with("몇 살입니까?") || l.contains("몇 살 많습니까?"))
        .expect("a question line");
    let system = if asked.contains("만 나이") {
        "man"
    } else if asked.contains("연 나이") {
        "year"
    } else if asked.contains("세는나이") {
        "counting"
    } else {
        panic!("no system in {asked}")
    };
    let facts = question
        .lines()
        .find(|l| l.contains("의 생일은 "))
        .expect("a birth line");
    let born: Vec<Date> = facts
        .match_indices("의 생일은 ")
        .map(|(i, m)| date_ko(&facts[i + m.len()..]))
        .collect();
    (system, born, date_ko(asked))
}

fn gold(system: &str, born: &[Date], date: Date) -> i64 {
    match born {
        [a] => age(system, *a, date),
        [a, b] => age(system, *a, date) - age(system, *b, date),
        other => panic!("{} people", other.len()),
    }
}

/// Days from `t` to the nearest day a stated birthday's 만 age goes up in
/// `t`'s year (the birthday, or 1 March for 29 February in a common year).
fn gap_to_anniversary(b: Date, t: Date) -> i64 {
    let leap = (t.0 % 4 == 0 && t.0 % 100 != 0) || t.0 % 400 == 0;
    let (m, d) = if (b.1, b.2) == (2, 29) && !leap {
        (3, 1)
    } else {
        (b.1, b.2)
    };
    (common::jdn(t.0, t.1, t.2) - common::jdn(t.0, m, d)).abs()
}

#[test]
fn korean_age_golds_follow_the_stated_rules() {
    let en = common::records("suites/extra/korean_age.puzzle", "en", 100);
    let ko = common::records("suites/extra/korean_age.puzzle", "ko", 100);
    assert_eq!(en.len(), 300);
    let mut leap_births = 0;
    let mut man_gap_differs = 0;
    for (r, k) in en.iter().zip(&ko) {
        let (system, born, date) = stated_en(&r.question);
        assert_eq!(r.answer, gold(system, &born, date).to_string(), "{}", r.id);
        assert_eq!(
            stated_ko(&k.question),
            (system, born.clone(), date),
            "{}",
            k.id
        );
        assert_eq!(k.answer, r.answer, "{}", k.id);
        let people = if r.tier == "hard" { 2 } else { 1 };
        assert_eq!(born.len(), people, "{}", r.id);
        assert!((2023..=2026).contains(&date.0), "{}", r.id);
        let gap = born
            .iter()
            .map(|b| gap_to_anniversary(*b, date))
            .min()
            .unwrap();
        match r.tier.as_str() {
            "easy" => {
                assert!(gap >= 30, "{} lies {gap} days from a birthday", r.id);
                assert_ne!(system, "year", "{}", r.id);
            }
            _ => assert!(gap <= 3, "{} lies {gap} days from a birthday", r.id),
        }
        leap_births += born.iter().filter(|b| (b.1, b.2) == (2, 29)).count();
        if people == 2 && system == "man" && gold(system, &born, date) != born[1].0 - born[0].0 {
            man_gap_differs += 1;
        }
    }
    assert!(leap_births > 0, "no 29 February birth");
    assert!(
        man_gap_differs > 0,
        "no hard item where the 만 gap differs from the year gap"
    );
}
