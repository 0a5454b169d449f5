use puzzlec::stdlib::date::Date;
use puzzlec::stdlib::ganji::{self, ANIMALS_KO, BRANCHES, STEMS};

fn day(y: i32, m: u32, d: u32) -> u32 {
    ganji::day_index(&Date::new(y, m, d).unwrap())
}

#[test]
fn tables() {
    assert_eq!(
        STEMS,
        ["갑", "을", "병", "정", "무", "기", "경", "신", "임", "계"]
    );
    assert_eq!(
        BRANCHES,
        ["자", "축", "인", "묘", "진", "사", "오", "미", "신", "유", "술", "해"]
    );
    assert_eq!(
        ANIMALS_KO,
        [
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
            "돼지"
        ]
    );
}

/// korean.md §2.7 table, column by column (i = 0..9, 10..19, …).
#[test]
fn sixty_pairs_table() {
    let cols = [
        "갑자 을축 병인 정묘 무진 기사 경오 신미 임신 계유",
        "갑술 을해 병자 정축 무인 기묘 경진 신사 임오 계미",
        "갑신 을유 병술 정해 무자 기축 경인 신묘 임진 계사",
        "갑오 을미 병신 정유 무술 기해 경자 신축 임인 계묘",
        "갑진 을사 병오 정미 무신 기유 경술 신해 임자 계축",
        "갑인 을묘 병진 정사 무오 기미 경신 신유 임술 계해",
    ];
    let all: Vec<&str> = cols.iter().flat_map(|c| c.split(' ')).collect();
    assert_eq!(all.len(), 60);
    for (i, n) in all.iter().enumerate() {
        assert_eq!(ganji::name(i as u32), *n);
        assert_eq!(ganji::index_of(n), Some(i as u32));
    }
}

/// §2.2: i = (6s − 5b) mod 60, consistent with `name`; odd-parity pairs do not exist.
#[test]
fn formula_6s_minus_5b() {
    let mut seen = [false; 60];
    for s in 0..10i64 {
        for b in 0..12i64 {
            let pair = format!("{}{}", STEMS[s as usize], BRANCHES[b as usize]);
            if (s + b) % 2 == 0 {
                let i = (6 * s - 5 * b).rem_euclid(60) as u32;
                assert_eq!(ganji::name(i), pair);
                assert_eq!(ganji::index_of(&pair), Some(i));
                assert!(!seen[i as usize]);
                seen[i as usize] = true;
            } else {
                assert_eq!(ganji::index_of(&pair), None, "{pair}");
            }
        }
    }
    assert!(seen.iter().all(|&x| x));
    assert_eq!(ganji::index_of("갑술"), Some(10));
    assert_eq!(ganji::index_of("계해"), Some(59));
    assert_eq!(ganji::index_of(""), None);
    assert_eq!(ganji::index_of("갑"), None);
    assert_eq!(ganji::index_of("갑자년"), None);
    assert_eq!(ganji::index_of("ab"), None);
    assert_eq!(ganji::name(60), "갑자");
}

/// §2.3 verified anchors.
#[test]
fn day_anchors() {
    let cases = [
        ((2000, 1, 1), 54, "무오"),
        ((1949, 10, 1), 0, "갑자"),
        ((1900, 1, 1), 10, "갑술"),
        ((1900, 1, 31), 40, "갑진"),
        ((1999, 2, 28), 47, "신해"),
        ((2024, 2, 10), 40, "갑진"),
    ];
    for ((y, m, d), i, n) in cases {
        assert_eq!(day(y, m, d), i, "{y}-{m}-{d}");
        assert_eq!(ganji::name(i), n);
    }
    let d = Date::new(2024, 2, 10).unwrap();
    assert_eq!(d.weekday(), 5); // Saturday
}

/// `index = (54 + days since 2000-01-01) mod 60`, every day 1900..=2100.
#[test]
fn day_index_continuous() {
    let base = Date::new(2000, 1, 1).unwrap();
    let mut d = Date::new(1900, 1, 1).unwrap();
    let end = Date::new(2100, 12, 31).unwrap();
    while d <= end {
        let want = (54 + base.days_until(&d)).rem_euclid(60) as u32;
        assert_eq!(ganji::day_index(&d), want);
        d = d.add_days(1).unwrap();
    }
}

#[test]
fn year_pillars() {
    for (y, n) in [
        (1984, "갑자"),
        (2024, "갑진"),
        (2025, "을사"),
        (2026, "병오"),
        (1924, "갑자"),
        (2044, "갑자"),
        (2021, "신축"),
        (2023, "계묘"),
        (2020, "경자"),
        (2000, "경진"),
        (4, "갑자"),
        (3, "계해"),
        (-56, "갑자"),
    ] {
        assert_eq!(ganji::name(ganji::year_index(y)), n, "{y}");
    }
    // last digit → stem quick rule
    let rule = ["경", "신", "임", "계", "갑", "을", "병", "정", "무", "기"];
    for y in 1900..=2100 {
        let i = ganji::year_index(y);
        assert_eq!(STEMS[ganji::stem_of(i) as usize], rule[(y % 10) as usize]);
        assert_eq!(
            ganji::zodiac_ko(y),
            ANIMALS_KO[ganji::branch_of(i) as usize]
        );
    }
    assert_eq!(ganji::zodiac_ko(2024), "용");
    assert_eq!(ganji::zodiac_ko(2025), "뱀");
    assert_eq!(ganji::zodiac_ko(2026), "말");
    assert_eq!(ganji::zodiac_ko(1984), "쥐");
    let _ = ganji::year_index(i32::MIN);
    let _ = ganji::zodiac_ko(i32::MIN);
}

/// §2.5 월두법 table: the 寅 month of each year stem.
#[test]
fn month_pillars() {
    let table = [
        (["갑", "기"], "병인"),
        (["을", "경"], "무인"),
        (["병", "신"], "경인"),
        (["정", "임"], "임인"),
        (["무", "계"], "갑인"),
    ];
    for y in 1984..2044 {
        let yi = ganji::year_index(y);
        let stem = STEMS[ganji::stem_of(yi) as usize];
        let (_, want) = table.iter().find(|(s, _)| s.contains(&stem)).unwrap();
        assert_eq!(ganji::name(ganji::month_index(yi, 0)), *want, "{y}");
        // stem of 寅 month = (2·year_stem + 2) mod 10, branch = 인 + m
        for m in 0..12 {
            let mi = ganji::month_index(yi, m);
            assert_eq!(ganji::stem_of(mi), (2 * ganji::stem_of(yi) + 2 + m) % 10);
            assert_eq!(ganji::branch_of(mi), (m + 2) % 12);
        }
        // months run continuously into the next year
        assert_eq!(
            (ganji::month_index(yi, 11) + 1) % 60,
            ganji::month_index(ganji::year_index(y + 1), 0)
        );
    }
    // 2000-01-01 (기묘년 병자월 by korean-lunar-calendar): 기묘 year, 子 month = m 10
    assert_eq!(
        ganji::name(ganji::month_index(ganji::year_index(1999), 10)),
        "병자"
    );
    // 2024 갑진 year, 寅 month → 병인
    assert_eq!(ganji::name(ganji::month_index(40, 0)), "병인");
    // 1900 경자 year, lunar month 1 → 무인 (§2.5)
    assert_eq!(
        ganji::name(ganji::month_index(ganji::year_index(1900), 0)),
        "무인"
    );
    let _ = ganji::month_index(u32::MAX, u32::MAX);
}

#[test]
fn hour_branches() {
    let want = [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 0,
    ];
    for (h, b) in want.iter().enumerate() {
        assert_eq!(ganji::hour_branch(h as u32), *b, "{h}");
    }
    assert_eq!(ganji::hour_branch(24), 0);
    let _ = ganji::hour_branch(u32::MAX);
}

/// §2.6 시두법: the 子 hour (00:00–01:00) for all 10 day stems.
#[test]
fn hour_pillars_zi() {
    let table = [
        (["갑", "기"], "갑자"),
        (["을", "경"], "병자"),
        (["병", "신"], "무자"),
        (["정", "임"], "경자"),
        (["무", "계"], "임자"),
    ];
    for d in 0..60 {
        let stem = STEMS[ganji::stem_of(d) as usize];
        let (_, want) = table.iter().find(|(s, _)| s.contains(&stem)).unwrap();
        assert_eq!(
            ganji::name(ganji::hour_index(d, 0)),
            *want,
            "day {}",
            ganji::name(d)
        );
        // 23:00 is the next day's 子 hour
        assert_eq!(ganji::hour_index(d, 23), ganji::hour_index((d + 1) % 60, 0));
        for h in 0..24 {
            let hi = ganji::hour_index(d, h);
            assert_eq!(ganji::branch_of(hi), ganji::hour_branch(h));
        }
    }
    // 2024-02-10 (갑진일) 23:30 → 병자 (lunar-python); 00:30 → 갑자; 12:00 → 경오
    let di = day(2024, 2, 10);
    assert_eq!(ganji::name(ganji::hour_index(di, 23)), "병자");
    assert_eq!(ganji::name(ganji::hour_index(di, 0)), "갑자");
    assert_eq!(ganji::name(ganji::hour_index(di, 12)), "경오");
    // 계해 day 23:00 wraps to 갑자 day's 子 hour
    assert_eq!(ganji::name(ganji::hour_index(59, 23)), "갑자");
    let _ = ganji::hour_index(u32::MAX, u32::MAX);
}
