//! The `polynomial` answer kind: random polynomials in x and y, written in
//! random spellings (terms shuffled, `*` or juxtaposition, `^` or `**`,
//! LaTeX fractions, a product of two factors), normalize to the canonical
//! text this file prints from its own expansion; and `score` takes any
//! spelling of the gold as correct and a different polynomial as wrong.

use crate::common::XorShift;
use puzzlec::answer::{normalize, AnswerKind};
use std::collections::BTreeMap;

/// Exponents of (x, y) → integer coefficient.
pub(crate) type P = BTreeMap<(u32, u32), i64>;

fn random_poly(rng: &mut XorShift, terms: usize) -> P {
    let mut p = P::new();
    for _ in 0..terms {
        let e = (rng.below(3) as u32, rng.below(3) as u32);
        let c = rng.below(11) as i64 - 5;
        *p.entry(e).or_insert(0) += c;
    }
    p.retain(|_, c| *c != 0);
    p
}

fn product(a: &P, b: &P) -> P {
    let mut out = P::new();
    for (&(ax, ay), &ca) in a {
        for (&(bx, by), &cb) in b {
            *out.entry((ax + bx, ay + by)).or_insert(0) += ca * cb;
        }
    }
    out.retain(|_, c| *c != 0);
    out
}

/// The canonical text, printed here: by total degree, then x's exponent,
/// highest first.
pub(crate) fn canonical(p: &P) -> String {
    let mut terms: Vec<(&(u32, u32), &i64)> = p.iter().collect();
    terms.sort_by_key(|(&(x, y), _)| (std::cmp::Reverse(x + y), std::cmp::Reverse(x)));
    let mut out = String::new();
    for (i, (&(x, y), &c)) in terms.iter().enumerate() {
        let vars = format!(
            "{}{}",
            match x {
                0 => String::new(),
                1 => "x".into(),
                k => format!("x^{k}"),
            },
            match y {
                0 => String::new(),
                1 => "y".into(),
                k => format!("y^{k}"),
            }
        );
        let sign = if c < 0 {
            "-"
        } else if i > 0 {
            "+"
        } else {
            ""
        };
        let size = c.abs();
        let coef = if size == 1 && !vars.is_empty() {
            String::new()
        } else {
            size.to_string()
        };
        out.push_str(&format!("{sign}{coef}{vars}"));
    }
    if out.is_empty() {
        "0".into()
    } else {
        out
    }
}

/// One spelling of `p`, terms in a random order, each in a random style.
fn spelled(rng: &mut XorShift, p: &P) -> String {
    let mut terms: Vec<(&(u32, u32), &i64)> = p.iter().collect();
    for i in (1..terms.len()).rev() {
        terms.swap(i, rng.below(i + 1));
    }
    let mut out = String::new();
    for (&(x, y), &c) in terms {
        let power = |v: &str, k: u32, style: usize| match (k, style) {
            (0, _) => String::new(),
            (1, _) => v.to_string(),
            (k, 0) => format!("{v}^{k}"),
            (k, 1) => format!("{v}**{k}"),
            (k, _) => format!("{v}^{{{k}}}"),
        };
        let vars = [power("x", x, rng.below(3)), power("y", y, rng.below(3))]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>();
        let coef = match rng.below(3) {
            0 => format!("{}", c.abs()),
            1 => format!("\\frac{{{}}}{{2}}", 2 * c.abs()),
            _ => format!("({})", c.abs()),
        };
        let body = if vars.is_empty() {
            coef
        } else {
            format!(
                "{coef}{}{}",
                if rng.below(2) == 0 { "*" } else { " " },
                vars.join("*")
            )
        };
        out.push_str(if c < 0 { " - " } else { " + " });
        out.push_str(&body);
    }
    if out.is_empty() {
        "0".into()
    } else {
        out
    }
}

#[test]
fn random_spellings_normalize_to_the_expanded_polynomial() {
    let mut rng = XorShift(0x0bad_cafe_1234);
    for case in 0..400 {
        let terms = 1 + rng.below(5);
        let p = random_poly(&mut rng, terms);
        let want = canonical(&p);
        let text = spelled(&mut rng, &p);
        assert_eq!(
            normalize(AnswerKind::Polynomial, &text).as_deref(),
            Ok(want.as_str()),
            "case {case}: {text}"
        );
        // A product of two factors, expanded by the kind.
        let (ka, kb) = (1 + rng.below(3), 1 + rng.below(3));
        let a = random_poly(&mut rng, ka);
        let b = random_poly(&mut rng, kb);
        let text = format!("({})({})", canonical(&a), canonical(&b));
        let want = canonical(&product(&a, &b));
        assert_eq!(
            normalize(AnswerKind::Polynomial, &text).as_deref(),
            Ok(want.as_str()),
            "case {case}: {text}"
        );
    }
}

#[test]
fn score_takes_any_spelling_of_the_gold() {
    use puzzlec::answer::{judge, Verdict};
    let gold = normalize(AnswerKind::Polynomial, "(x+1)(x-1) + 2y").unwrap();
    assert_eq!(gold, "x^2+2y-1");
    for (response, verdict) in [
        ("Answer: x^2 + 2y - 1", Verdict::Correct),
        ("[[2*y + x**2 - 1]]", Verdict::Correct),
        (
            "Answer: \\left(x+1\\right)\\cdot\\left(x-1\\right)+2y",
            Verdict::Correct,
        ),
        ("Answer: x^2 + 2y + 1", Verdict::Wrong),
        ("Answer: \\sin(x)", Verdict::Unparseable),
    ] {
        assert_eq!(
            judge(AnswerKind::Polynomial, &gold, response).0,
            verdict,
            "{response}"
        );
    }
}
