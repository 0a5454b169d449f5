//! KOR-Bench logic rule 19, statistical reasoning by U-generalization,
//! P-generalization and C-reasoning
//! (`suites/korbench/kor_logic_19_statistics.puzzle`), re-derived from the
//! prompt's own question lines by a separate parser.
//!
//! Each numbered question is read back into its population (size, units,
//! place) or its two populations, the attribute's letter, and each sample's
//! size `n` and count `k` with the attribute ("all n had", "m had", or, where
//! a sample is reported by those lacking it, "none lacked" and "m lacked",
//! so k = n - m). The rule is chosen here as rule 19 states it: U when
//! k = n, P when 0 < k < n, C when two samples are compared (their
//! proportions differing by at most 5 percentage points, as the prompt
//! promises, checked exactly). The answer to each question is derived from
//! the rule: the rule's letter; the percentage 100·k/n (which must be whole);
//! the estimate size·k/n of the population asked about (whole, and the
//! population must be the question's own); or the symbolization `If U(A, n),
//! then ∀x ∈ P, A(x)`, `If P(A, k, n), then Pr(A) ≈ k/n` or `If C(A, k1/n1,
//! k2/n2), then Pr(A, P1) ≈ Pr(A, P2)` with spaces removed and fractions as
//! counted. The gold must join these with semicolons in order; the format
//! line is a placeholder, never the gold. 300 items per tier; every (kind,
//! rule) pair a tier's question kinds allow occurs, and samples reported by
//! those lacking the attribute occur in the hard tier only.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sample {
    n: u64,
    k: u64,
    /// Reported by the number that lacked the attribute.
    lacking: bool,
}

#[derive(Debug)]
enum Setting {
    One {
        size: u64,
        units: String,
        place: String,
        sample: Sample,
    },
    Two {
        units: String,
        s1: Sample,
        s2: Sample,
    },
}

#[derive(Debug)]
struct Question {
    letter: String,
    setting: Setting,
    ask: String,
}

/// `"all 40 had attribute F"`, `"12 lacked attribute F"`, … for a sample of `n`.
fn observation(text: &str, n: u64, letter: &str) -> Sample {
    let had = format!(" had attribute {letter}");
    let lacked = format!(" lacked attribute {letter}");
    let (k, lacking) = if let Some(count) = text.strip_suffix(&had) {
        match count.strip_prefix("all ") {
            Some(all) => {
                assert_eq!(all.parse::<u64>().expect("a count"), n, "{text}");
                (n, false)
            }
            None => (count.parse::<u64>().expect("a count"), false),
        }
    } else if let Some(count) = text.strip_suffix(&lacked) {
        if count == "none" {
            (n, true)
        } else {
            let m: u64 = count.parse().expect("a count");
            assert!(m <= n, "{text}");
            (n - m, true)
        }
    } else {
        panic!("an unexpected observation {text:?}");
    };
    assert!(k <= n, "{text}");
    Sample { n, k, lacking }
}

fn parse(block: &str) -> Question {
    let mut lines = block.lines();
    let setting = lines.next().expect("a setting line");
    let ask = lines.next().expect("a question line").to_string();
    assert!(lines.next().is_none(), "two lines: {block:?}");
    let setting = setting.strip_suffix('.').expect("a full stop");
    let parts: Vec<&str> = setting.split(". ").collect();
    let (letter, _attribute) = parts[1]
        .strip_prefix("Attribute ")
        .and_then(|a| a.split_once(": "))
        .expect("an attribute");
    let letter = letter.to_string();
    let setting = if let Some(one) = parts[0].strip_prefix("Population P: the ") {
        assert_eq!(parts.len(), 3, "{setting}");
        let (size, rest) = one.split_once(' ').expect("a size");
        let (units, place) = rest.rsplit_once(" of ").expect("a place");
        let (head, obs) = parts[2].split_once(": ").expect("an observation");
        let n: u64 = head
            .strip_prefix("A random sample of ")
            .and_then(|h| h.strip_suffix(&format!(" of these {units} was examined")))
            .expect("a sample")
            .parse()
            .expect("a sample size");
        Setting::One {
            size: size.parse().expect("a population size"),
            units: units.to_string(),
            place: place.to_string(),
            sample: observation(obs, n, &letter),
        }
    } else {
        assert_eq!(parts.len(), 4, "{setting}");
        let (p1, p2) = parts[0].split_once("; ").expect("two populations");
        let (u1, _) = p1
            .strip_prefix("Population P1: the ")
            .and_then(|p| p.rsplit_once(" of "))
            .expect("population P1");
        let (u2, _) = p2
            .strip_prefix("population P2: the ")
            .and_then(|p| p.rsplit_once(" of "))
            .expect("population P2");
        assert_eq!(u1, u2, "{setting}");
        let sample = |text: &str, name: &str, from: &str| {
            let (head, obs) = text.split_once(": ").expect("an observation");
            let n: u64 = head
                .strip_prefix(&format!("Sample {name}, drawn at random from {from}, has "))
                .and_then(|h| h.strip_suffix(&format!(" {u1}")))
                .expect("a sample")
                .parse()
                .expect("a sample size");
            observation(obs, n, &letter)
        };
        Setting::Two {
            units: u1.to_string(),
            s1: sample(parts[2], "S1", "P1"),
            s2: sample(parts[3], "S2", "P2"),
        }
    };
    Question {
        letter,
        setting,
        ask,
    }
}

/// The rule 19 applies: U when the whole sample has the attribute, P when a
/// part does, C when two samples with similar proportions are compared.
fn rule(setting: &Setting) -> char {
    match setting {
        Setting::One { sample, .. } => {
            assert!(sample.k > 0, "a sample with the attribute: {sample:?}");
            if sample.k == sample.n {
                'U'
            } else {
                'P'
            }
        }
        Setting::Two { s1, s2, .. } => {
            for s in [s1, s2] {
                assert!(0 < s.k && s.k < s.n, "a part of each sample: {s:?}");
            }
            // |100·k1/n1 − 100·k2/n2| ≤ 5, exactly.
            let a = 100 * s1.k * s2.n;
            let b = 100 * s2.k * s1.n;
            assert!(a.abs_diff(b) <= 5 * s1.n * s2.n, "similar: {s1:?} {s2:?}");
            'C'
        }
    }
}

/// The question's kind (0 rule, 1 percentage, 2 number, 3 symbolization)
/// and its answer.
fn answer(q: &Question) -> (usize, String) {
    let r = rule(&q.setting);
    let l = &q.letter;
    let exact = |num: u64, den: u64| {
        assert_eq!(num % den, 0, "a whole result {num}/{den}");
        num / den
    };
    if q.ask == "Which rule (U, P or C) applies?" {
        return (0, r.to_string());
    }
    if q.ask == "Write the symbolization of the inference by the rule that applies." {
        let s = match (&q.setting, r) {
            (Setting::One { sample, .. }, 'U') => format!("IfU({l},{}),then∀x∈P,{l}(x)", sample.n),
            (Setting::One { sample: s, .. }, 'P') => {
                format!("IfP({l},{},{}),thenPr({l})≈{}/{}", s.k, s.n, s.k, s.n)
            }
            (Setting::Two { s1, s2, .. }, 'C') => format!(
                "IfC({l},{}/{},{}/{}),thenPr({l},P1)≈Pr({l},P2)",
                s1.k, s1.n, s2.k, s2.n
            ),
            _ => unreachable!(),
        };
        return (3, s);
    }
    let Setting::One {
        size,
        units,
        place,
        sample,
    } = &q.setting
    else {
        panic!("a numeric question about two samples: {q:?}");
    };
    if q.ask == format!("By the rule that applies, what percentage of population P has attribute {l}?")
    {
        (1, format!("{}%", exact(100 * sample.k, sample.n)))
    } else if q.ask
        == format!(
            "By the rule that applies, about how many of the {size} {units} of {place} have attribute {l}?"
        )
    {
        (2, exact(size * sample.k, sample.n).to_string())
    } else {
        panic!("an unexpected question {:?}", q.ask);
    }
}

/// The question blocks of a query, in order.
fn questions(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for block in query.trim().split("\n\n") {
        if let Some(rest) = block.strip_prefix("Question ") {
            let (n, body) = rest.split_once(". ").expect("a number");
            assert_eq!(n.parse::<usize>().expect("a number"), out.len() + 1);
            out.push(body.to_string());
        }
    }
    out
}

fn lacking(setting: &Setting) -> bool {
    match setting {
        Setting::One { sample, .. } => sample.lacking,
        Setting::Two { s1, s2, .. } => s1.lacking || s2.lacking,
    }
}

#[test]
fn statistics_golds_follow_the_rule_that_applies() {
    let records = common::records(
        "suites/korbench/kor_logic_19_statistics.puzzle",
        "en",
        ITEMS,
    );
    let mut seen: BTreeMap<String, BTreeSet<(usize, char)>> = BTreeMap::new();
    let mut lacked: BTreeMap<String, usize> = BTreeMap::new();
    for r in &records {
        common::scores_itself(r);
        let id = &r.id;
        assert!(r.question.contains(r.query.trim()), "{id}: the query");
        let blocks = questions(&r.query);
        let expected = match r.tier.as_str() {
            "easy" => 3,
            "medium" => 4,
            _ => 5,
        };
        assert_eq!(blocks.len(), expected, "{id}: the questions");
        let answers: Vec<String> = blocks
            .iter()
            .map(|b| {
                let q = parse(b);
                let (kind, a) = answer(&q);
                seen.entry(r.tier.clone())
                    .or_default()
                    .insert((kind, rule(&q.setting)));
                *lacked.entry(r.tier.clone()).or_default() += usize::from(lacking(&q.setting));
                if let Setting::Two { units, .. } = &q.setting {
                    assert!(!units.is_empty());
                }
                a
            })
            .collect();
        assert_eq!(r.answer, answers.join(";"), "{id}");
        assert!(
            r.question.contains("[[answer 1;answer 2;...]]")
                && !r.question.contains(&format!("[[{}]]", r.answer)),
            "{id}: the format line is a placeholder"
        );
    }
    let pairs = |kinds: usize| -> BTreeSet<(usize, char)> {
        let mut all = BTreeSet::new();
        for kind in 0..kinds {
            let rules: &[char] = if kind == 1 || kind == 2 {
                &['U', 'P']
            } else {
                &['U', 'P', 'C']
            };
            for &r in rules {
                all.insert((kind, r));
            }
        }
        all
    };
    assert_eq!(seen.len(), 3, "three tiers");
    assert_eq!(seen["easy"], pairs(2), "easy: rule and percentage");
    assert_eq!(seen["medium"], pairs(3), "medium: and the number");
    assert_eq!(seen["hard"], pairs(4), "hard: and the symbolization");
    assert_eq!(lacked.get("easy").copied().unwrap_or(0), 0);
    assert_eq!(lacked.get("medium").copied().unwrap_or(0), 0);
    assert!(
        lacked["hard"] > 0,
        "hard reports some samples by those lacking"
    );
}

#[test]
fn the_checker_agrees_with_kor_bench_s_examples() {
    let one = |obs: &str, ask: &str| {
        answer(&parse(&format!(
            "Population P: the 1000 products of X. Attribute A: being defective. \
             A random sample of 50 of these products was examined: {obs}.\n{ask}"
        )))
        .1
    };
    let percent = "By the rule that applies, what percentage of population P has attribute A?";
    let symbol = "Write the symbolization of the inference by the rule that applies.";
    // 2 defective of 50 sampled: 4%; all 50: U and 100%.
    assert_eq!(one("2 had attribute A", percent), "4%");
    assert_eq!(one("48 lacked attribute A", percent), "4%");
    assert_eq!(one("all 50 had attribute A", percent), "100%");
    assert_eq!(
        one("none lacked attribute A", "Which rule (U, P or C) applies?"),
        "U"
    );
    assert_eq!(
        one("all 50 had attribute A", symbol),
        "IfU(A,50),then∀x∈P,A(x)"
    );
    assert_eq!(
        one("40 had attribute A", symbol),
        "IfP(A,40,50),thenPr(A)≈40/50"
    );
    assert_eq!(
        one(
            "40 had attribute A",
            "By the rule that applies, about how many of the 1000 products of X have attribute A?"
        ),
        "800"
    );
    // KOR-Bench's own C example, with proportions 5 points apart.
    let two = |k2: u64| {
        answer(&parse(&format!(
            "Population P1: the students of X; population P2: the students of Y. \
             Attribute F: being satisfied. Sample S1, drawn at random from P1, has 200 students: \
             180 had attribute F. Sample S2, drawn at random from P2, has 300 students: \
             {k2} had attribute F.\n{symbol}"
        )))
        .1
    };
    assert_eq!(two(255), "IfC(F,180/200,255/300),thenPr(F,P1)≈Pr(F,P2)");
    // 70% against 90% is not similar: the checker refuses it.
    assert!(std::panic::catch_unwind(|| two(210)).is_err());
}
