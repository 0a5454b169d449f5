//! KOR-Bench operation rule 15 (`kor_operation_15_composition`): f△g =
//! (f(g(x)))′. Every gold is re-derived from the prompt alone: f and g are
//! read back from the question's text, f(g(x)) is expanded here by summing
//! c_k·g(x)^k over f's terms, differentiated, and printed with the
//! `polynomial` kind's canonical order written in
//! tests/suite/polynomial_answers.rs; a value question evaluates that
//! derivative at the stated x. 300 items per tier, both question shapes.

use crate::common;
use crate::polynomial_answers::{canonical, P};

const SPEC: &str = "suites/korbench/kor_operation_15_composition.puzzle";

/// Coefficients in x, lowest power first.
type Poly = Vec<i64>;

/// Reads `-4x^3-5x+2` (integer coefficients, powers of x, no spaces).
fn parse(text: &str) -> Poly {
    let mut p: Poly = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (sign, body) = match rest.as_bytes()[0] {
            b'-' => (-1, &rest[1..]),
            b'+' => (1, &rest[1..]),
            _ => (1, rest),
        };
        let end = body.find(['+', '-']).unwrap_or(body.len());
        let term = &body[..end];
        rest = &body[end..];
        let (coef, power) = match term.find('x') {
            None => (term.parse::<i64>().expect("a constant"), 0),
            Some(at) => {
                let c = if at == 0 {
                    1
                } else {
                    term[..at].parse::<i64>().expect("a coefficient")
                };
                let e = match term[at + 1..].strip_prefix('^') {
                    Some(e) => e.parse::<usize>().expect("a power"),
                    None => {
                        assert_eq!(&term[at + 1..], "", "a term of {text}");
                        1
                    }
                };
                (c, e)
            }
        };
        if p.len() <= power {
            p.resize(power + 1, 0);
        }
        assert_eq!(p[power], 0, "{text}: one term per power");
        p[power] = sign * coef;
    }
    p
}

fn times(a: &[i64], b: &[i64]) -> Poly {
    let mut out = vec![0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// f(g(x)) = Σ c_k · g(x)^k.
fn composed(f: &[i64], g: &[i64]) -> Poly {
    let mut out = vec![0];
    let mut g_power = vec![1];
    for &c in f {
        let term: Poly = g_power.iter().map(|v| v * c).collect();
        if out.len() < term.len() {
            out.resize(term.len(), 0);
        }
        for (k, v) in term.into_iter().enumerate() {
            out[k] += v;
        }
        g_power = times(&g_power, g);
    }
    out
}

fn derivative(p: &[i64]) -> Poly {
    p.iter()
        .enumerate()
        .skip(1)
        .map(|(k, c)| k as i64 * c)
        .collect()
}

fn at(p: &[i64], x: i64) -> i64 {
    p.iter().rev().fold(0, |acc, c| acc * x + c)
}

fn as_p(p: &[i64]) -> P {
    p.iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(k, c)| ((k as u32, 0), *c))
        .collect()
}

/// The gold the prompt's question calls for, and whether it is a value question.
fn expected(question: &str) -> (String, bool) {
    let line = question
        .lines()
        .find(|l| l.starts_with("f(x)="))
        .expect("the question line");
    let rest = line.strip_prefix("f(x)=").unwrap();
    let (ft, rest) = rest.split_once(", g(x)=").expect("g");
    let (gt, ask) = rest.split_once(", compute ").expect("the ask");
    let (f, g) = (parse(ft), parse(gt));
    let d = derivative(&composed(&f, &g));
    if ask == "f△g." {
        (canonical(&as_p(&d)), false)
    } else {
        let x = ask
            .strip_prefix("the value of f△g at x=")
            .and_then(|s| s.strip_suffix('.'))
            .expect("a value question")
            .parse::<i64>()
            .expect("a point");
        (at(&d, x).to_string(), true)
    }
}

#[test]
fn composition_golds_follow_the_stated_rule() {
    let (mut values, mut symbolic) = (0, 0);
    let mut tiers_with_values = std::collections::BTreeSet::new();
    for r in common::records(SPEC, "en", 300) {
        assert!(r.question.contains("f△g=(f(g(x)))'."), "{}", r.id);
        let (want, value) = expected(&r.question);
        assert_eq!(r.answer, want, "{}", r.id);
        assert_eq!(
            r.answer_kind,
            if value { "int" } else { "polynomial" },
            "{}",
            r.id
        );
        assert!(
            !r.question.contains(&format!("[[{}]]", r.answer)),
            "{}: the gold is shown",
            r.id
        );
        if value {
            values += 1;
            tiers_with_values.insert(r.tier.clone());
            assert_ne!(r.answer, "0", "{}", r.id);
        } else {
            symbolic += 1;
            // Readable: degree ≤ 5, as the prompt says.
            assert!(!r.answer.contains("x^6"), "{}", r.id);
        }
        common::scores_itself(&r);
    }
    assert_eq!(tiers_with_values.len(), 3, "every tier asks values");
    assert!(values >= 100 && symbolic >= 500, "{values} / {symbolic}");
}

#[test]
fn the_checker_rejects_a_wrong_composition() {
    // f = x^2 + 1, g = 2x - 3: f(g(x)) = 4x^2 - 12x + 10, (f(g(x)))' = 8x - 12.
    let q = "f(x)=x^2+1, g(x)=2x-3, compute f△g.";
    assert_eq!(expected(q).0, "8x-12");
    // Near misses: g(f(x)) differentiated, and f'(g(x)) without g'(x).
    assert_ne!(expected(q).0, "4x");
    assert_ne!(expected(q).0, "4x-6");
    let v = "f(x)=x^2+1, g(x)=2x-3, compute the value of f△g at x=2.";
    assert_eq!(expected(v), ("4".to_string(), true));
    assert_eq!(parse("-4x^3-5x+2"), vec![2, -5, 0, -4]);
    assert_eq!(parse("x"), vec![0, 1]);
}
