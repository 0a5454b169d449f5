//! KOR-Bench operation rules 20 and 21
//! (`suites/korbench/kor_operation_20_21_integrals.puzzle`) checked by an
//! independent implementation sharing no code with the spec.
//!
//! For each item the polynomial is parsed back from the text the prompt
//! shows (`3x^2-x+4`, `x^2y-5`), and the bounds from the instance (checked
//! against the prompt). A computed gold equals the exact rational value of
//! the integral (plus 6 for rule 20) computed here. A solved gold ("find a"
//! with a●b = v or b●a = v) lists every real root of the integer polynomial
//! L·(F(a) - F(b) - 6 + v) (or L·(F(a) - F(b) + 6 - v)), F an antiderivative
//! of f: rational roots are found by the rational root theorem and divided
//! out with their multiplicity, and what remains must have no real root (degree 0, or a
//! quadratic with a negative discriminant), so the list is complete. Golds
//! are in lowest terms, listed from the largest down, never the prompt's
//! format example, and score as correct in `[[…]]`.
//!
//! 600 items per tier; every question shape occurs on at least 100 of them.

use crate::common;

use std::collections::BTreeMap;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 600;
const PER_SHAPE: usize = 100;

use crate::common::rational::{gcd, Q};

/// A monomial c·x^i·y^j.
#[derive(Clone, Copy, Debug)]
struct Term {
    c: i128,
    i: u32,
    j: u32,
}

/// Parses a polynomial text such as `-3x^2y+2xy^2-4` into its monomials.
fn parse_poly(text: &str) -> Vec<Term> {
    let mut pieces = Vec::new();
    let mut cur = String::new();
    for ch in text.chars() {
        if (ch == '+' || ch == '-') && !cur.is_empty() {
            pieces.push(std::mem::take(&mut cur));
        }
        cur.push(ch);
    }
    pieces.push(cur);
    pieces.iter().map(|p| parse_term(p)).collect()
}

fn parse_term(piece: &str) -> Term {
    let (sign, body) = match piece.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, piece.strip_prefix('+').unwrap_or(piece)),
    };
    let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
    let mut rest = &body[digits.len()..];
    let c = if digits.is_empty() {
        assert!(
            !rest.is_empty(),
            "a term {piece:?} has a coefficient or a variable"
        );
        1
    } else {
        assert!(
            digits != "1" || rest.is_empty(),
            "coefficient 1 is left out: {piece:?}"
        );
        digits.parse::<i128>().expect("a coefficient")
    };
    let mut exps = [0u32; 2];
    while let Some(v) = rest.chars().next() {
        let slot = match v {
            'x' => 0,
            'y' => 1,
            _ => panic!("unexpected {v:?} in {piece:?}"),
        };
        rest = &rest[1..];
        let mut e = 1;
        if let Some(after) = rest.strip_prefix('^') {
            let ds: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
            e = ds.parse::<u32>().expect("an exponent");
            assert!(e >= 2, "x^1 is written x: {piece:?}");
            rest = &after[ds.len()..];
        }
        assert_eq!(exps[slot], 0, "each variable once in {piece:?}");
        exps[slot] = e;
    }
    Term {
        c: sign * c,
        i: exps[0],
        j: exps[1],
    }
}

/// ∫_a^b x^e dx, exactly.
fn integral(e: u32, a: i128, b: i128) -> Q {
    Q::new(b.pow(e + 1) - a.pow(e + 1), (e + 1) as i128)
}

fn rule20(f: &[Term], a: i128, b: i128) -> Q {
    f.iter().fold(Q::int(6), |acc, t| {
        assert_eq!(t.j, 0, "f depends on x only");
        acc.add(Q::int(t.c).mul(integral(t.i, a, b)))
    })
}

fn rule21(f: &[Term], r: &[i128]) -> Q {
    f.iter().fold(Q::int(0), |acc, t| {
        let x = integral(t.i, r[0], r[1]);
        let y = integral(t.j, r[2], r[3]);
        acc.add(Q::int(t.c).mul(x).mul(y))
    })
}

/// p(x) for integer coefficients (lowest degree first) at a rational x,
/// scaled by x.d^deg so it stays an integer.
fn eval_scaled(p: &[i128], x: Q) -> i128 {
    let deg = p.len() as u32 - 1;
    p.iter()
        .enumerate()
        .map(|(k, &c)| c * x.n.pow(k as u32) * x.d.pow(deg - k as u32))
        .sum()
}

/// p divided by (x - r) for a root r, by synthetic division over the
/// rationals, then scaled back to coprime integer coefficients.
fn deflate(p: &[i128], x: Q) -> Vec<i128> {
    let mut out = vec![Q::int(0); p.len() - 1];
    let mut carry = Q::int(0);
    for k in (1..p.len()).rev() {
        carry = carry.mul(x).add(Q::int(p[k]));
        out[k - 1] = carry;
    }
    assert_eq!(
        carry.mul(x).add(Q::int(p[0])),
        Q::int(0),
        "the remainder is zero"
    );
    let l = out.iter().fold(1i128, |l, q| l / gcd(l, q.d) * q.d);
    let ints: Vec<i128> = out.iter().map(|q| q.n * (l / q.d)).collect();
    let g = ints.iter().fold(0, |g, &c| gcd(g, c)).max(1);
    ints.iter().map(|c| c / g).collect()
}

fn divisors(n: i128) -> Vec<i128> {
    let n = n.abs();
    (1..=n).filter(|k| n % k == 0).collect()
}

/// Every distinct real root of the integer polynomial p (lowest degree
/// first, nonzero leading coefficient), which must all be rational.
fn real_roots(mut p: Vec<i128>) -> Vec<Q> {
    let mut roots = Vec::new();
    loop {
        while p.len() > 1 && *p.last().expect("a coefficient") == 0 {
            p.pop();
        }
        let deg = p.len() - 1;
        if deg == 0 {
            break;
        }
        let root = if p[0] == 0 {
            Some(Q::int(0))
        } else {
            let lead = p[deg];
            divisors(p[0])
                .into_iter()
                .flat_map(|n| divisors(lead).into_iter().map(move |d| (n, d)))
                .flat_map(|(n, d)| [Q::new(n, d), Q::new(-n, d)])
                .find(|&x| eval_scaled(&p, x) == 0)
        };
        match root {
            Some(r) => {
                if !roots.contains(&r) {
                    roots.push(r);
                }
                p = deflate(&p, r);
            }
            None => {
                assert_eq!(
                    deg, 2,
                    "a remaining factor of degree {deg} is not certified"
                );
                assert!(
                    p[1] * p[1] - 4 * p[0] * p[2] < 0,
                    "a quadratic without rational roots has no real ones"
                );
                break;
            }
        }
    }
    roots.sort_by(|a, b| {
        if a.less(*b) {
            std::cmp::Ordering::Greater
        } else if b.less(*a) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    });
    roots
}

/// lo●hi = ∫_lo^hi f(x) dx + 6 at rational bounds.
fn rule20_at(f: &[Term], lo: Q, hi: Q) -> Q {
    let pow = |x: Q, e: u32| Q::new(x.n.pow(e), x.d.pow(e));
    f.iter().fold(Q::int(6), |acc, t| {
        let e = t.i + 1;
        let diff = pow(hi, e).add(pow(lo, e).mul(Q::int(-1)));
        acc.add(Q::new(t.c, e as i128).mul(diff))
    })
}

/// The golds of "a●b = v, find a" (or "b●a = v" when `right`): the real
/// roots of F(a) - r, F(x) = Σ c/(e+1)·x^(e+1) (so F(0) = 0 and
/// 0●b = F(b) + 6), r = F(b) + 6 - v on the left and F(b) - 6 + v on the
/// right, scaled to integer coefficients.
fn rule20_solutions(f: &[Term], b: i128, v: i128, right: bool) -> Vec<Q> {
    let deg = f.iter().map(|t| t.i + 1).max().expect("a term") as usize;
    let l: i128 = (1..=deg as i128).fold(1, |l, k| l / gcd(l, k) * k);
    let mut p = vec![0i128; deg + 1];
    for t in f {
        p[t.i as usize + 1] += t.c * l / (t.i as i128 + 1);
    }
    let fb = rule20(f, 0, b).add(Q::int(-6));
    let rhs = if right {
        fb.add(Q::int(v - 6))
    } else {
        fb.add(Q::int(6 - v))
    };
    let mut q: Vec<i128> = p.iter().map(|c| c * rhs.d).collect();
    q[0] -= rhs.n * l;
    real_roots(q)
}

fn bracket_examples(question: &str) -> Vec<String> {
    question
        .split("[[")
        .skip(1)
        .filter_map(|s| s.split("]]").next())
        .map(str::to_string)
        .collect()
}

#[test]
fn integral_golds_are_recomputed_exactly() {
    let program =
        common::load(&common::root().join("suites/korbench/kor_operation_20_21_integrals.puzzle"));
    for tier in program.tier_names() {
        let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
        let mut sides: BTreeMap<bool, usize> = BTreeMap::new();
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let ask = r.instance["ask"].as_str().expect("ask").to_string();
            let ftext = r.instance["f"].as_str().expect("f");
            let bounds: Vec<i128> = r.instance["bounds"]
                .as_array()
                .expect("bounds")
                .iter()
                .map(|v| v.as_i64().expect("a bound") as i128)
                .collect();
            let f = parse_poly(ftext);
            let expected = match ask.as_str() {
                "compute20" => {
                    let (a, b) = (bounds[0], bounds[1]);
                    assert!(a < b, "{id}");
                    let shown = format!("Given f(x)={ftext}, compute {a}●{b}.");
                    assert!(r.question.contains(&shown), "{id}: {shown}");
                    rule20(&f, a, b).show()
                }
                "solve20" => {
                    let v = r.instance["value"].as_i64().expect("value") as i128;
                    let b = bounds[0];
                    let right = r.instance["unknown"] == "right";
                    let eq = if right {
                        format!("{b}●a")
                    } else {
                        format!("a●{b}")
                    };
                    let shown = format!("Given f(x)={ftext} and {eq}={v}, find every real");
                    assert!(r.question.contains(&shown), "{id}: {shown}");
                    let roots = rule20_solutions(&f, b, v, right);
                    assert!(roots.len() >= 2, "{id}: several solutions");
                    for &x in &roots {
                        let (lo, hi) = if right {
                            (Q::int(b), x)
                        } else {
                            (x, Q::int(b))
                        };
                        assert_eq!(rule20_at(&f, lo, hi), Q::int(v), "{id}: {}", x.show());
                    }
                    *sides.entry(right).or_default() += 1;
                    roots
                        .iter()
                        .map(|x| x.show())
                        .collect::<Vec<_>>()
                        .join("or")
                }
                "compute21" => {
                    let shown = format!(
                        "f(x,y)={ftext}, D: {}≤x≤{}, {}≤y≤{}. Compute f◆D.",
                        bounds[0], bounds[1], bounds[2], bounds[3]
                    );
                    assert!(r.question.contains(&shown), "{id}: {shown}");
                    assert!(bounds[0] < bounds[1] && bounds[2] < bounds[3], "{id}");
                    rule21(&f, &bounds).show()
                }
                other => panic!("{id}: unknown ask {other}"),
            };
            assert_eq!(r.answer, expected, "{id}");
            let rule = if ask == "compute21" {
                "f◆D=\\iint_{D} f(x, y) \\, dx \\, dy."
            } else {
                "a●b=\\int_{a}^{b} f(x) \\, dx+6."
            };
            assert!(r.question.contains(rule), "{id}: the rule is stated");
            let examples = bracket_examples(&r.question);
            assert!(!examples.is_empty(), "{id}: a format example");
            assert!(
                examples.iter().all(|e| *e != r.answer),
                "{id}: the format example is not the gold"
            );
            common::scores_itself(&r);
            *shapes.entry(ask).or_default() += 1;
        }
        for shape in ["compute20", "solve20", "compute21"] {
            let n = shapes.get(shape).copied().unwrap_or(0);
            assert!(n >= PER_SHAPE, "{tier}: {shape} on {n} items");
        }
        assert!(
            sides.len() == 2 && sides.values().all(|&n| n >= 30),
            "{tier}: {sides:?}"
        );
    }
}

#[test]
fn polynomial_texts_parse_as_written() {
    let t = parse_poly("-3x^2y+2xy^2-4y^3+x-1");
    let got: Vec<(i128, u32, u32)> = t.iter().map(|t| (t.c, t.i, t.j)).collect();
    assert_eq!(
        got,
        vec![(-3, 2, 1), (2, 1, 2), (-4, 0, 3), (1, 1, 0), (-1, 0, 0)]
    );
    // KOR-Bench's own examples: 0●2 with f(x)=x^2 is 26/3; x^2+y^2 over
    // [0,1]² is 2/3; a●3=10 with f(x)=x has a = 1 or -1.
    assert_eq!(rule20(&parse_poly("x^2"), 0, 2).show(), "26/3");
    assert_eq!(rule21(&parse_poly("x^2+y^2"), &[0, 1, 0, 1]).show(), "2/3");
    let roots = rule20_solutions(&parse_poly("x"), 3, 10, false);
    assert_eq!(
        roots.iter().map(|q| q.show()).collect::<Vec<_>>(),
        vec!["1", "-1"]
    );
    // f(x)=x^2: a^3 = 8 has the one real root 2 (the quadratic factor has none).
    let roots = rule20_solutions(&parse_poly("x^2"), 2, 6, false);
    assert_eq!(
        roots.iter().map(|q| q.show()).collect::<Vec<_>>(),
        vec!["2"]
    );
    // 1●a = ln 2 + 6 for 1/x is KOR-Bench's; for f(x)=2x, 1●a = 9 means a^2 = 4.
    let roots = rule20_solutions(&parse_poly("2x"), 1, 9, true);
    assert_eq!(
        roots.iter().map(|q| q.show()).collect::<Vec<_>>(),
        vec!["2", "-2"]
    );
}
