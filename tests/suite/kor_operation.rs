//! The KOR-Bench operation spec (`suites/korbench/kor_operation.puzzle`)
//! checked against an independent implementation of each operator, written
//! here from the rule definitions (KOR-Bench's operation `rule.jsonl`, as
//! summarised in the project's reference notes, section 5), sharing no code
//! with the spec.
//!
//! Rules 13 and 14 are recomputed over exact complex rationals, rules 23-25
//! on 2×2 integer matrices; rule 8 takes integer square roots and rule 10
//! finds its logarithms as the ratios p/q with a^q = b^p.
//!
//! 1500 items per tier are generated; every operator must appear on at least
//! 100 of them. For each item: the prompt states the operator's definition and
//! shows the expression (re-rendered here from the instance); a computed
//! gold equals this file's value of the expression; a solved gold is the only
//! integer in the stated range that gives the stated value; the number of
//! chained applications follows the tier; and the gold, answered in `[[…]]`,
//! scores as correct.

use crate::common;

use std::collections::BTreeMap;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use serde_json::Value;

const ITEMS: u64 = 1500;
const PER_OPERATOR: usize = 100;

use crate::common::rational::Q;

fn power(base: i128, exp: i128) -> i128 {
    assert!(exp >= 0);
    (0..exp).fold(1i128, |acc, _| acc.checked_mul(base).expect("no overflow"))
}

/// One application `a SYM b…`, or `None` where the rule leaves it undefined.
fn apply(op: &str, sym: &str, a: Q, rest: &[i128]) -> Option<Q> {
    let b = rest[0];
    if op == "10" {
        // a￠b = log_b(a) + log_a(b): log_b(a) = p/q exactly when a^q = b^p.
        let (a, b) = (a.as_int(), b);
        let r = (1..=40)
            .flat_map(|q| (1..=40).map(move |p| (p, q)))
            .find(|&(p, q)| a.checked_pow(q as u32) == b.checked_pow(p as u32))
            .map(|(p, q)| Q::new(p, q))
            .expect("rule 10: a rational logarithm");
        return Some(r.add(r.inv()));
    }
    if op == "7" {
        // a♀b = (a+b)/2, a♂b = 4a+b, on rationals.
        return Some(match sym {
            "♀" => a.add(Q::int(b)).mul(Q::new(1, 2)),
            "♂" => Q::int(4).mul(a).add(Q::int(b)),
            _ => panic!("rule 7 symbol {sym}"),
        });
    }
    let a = a.as_int();
    let v = match op {
        // a※b: a/b+2 when b divides a, else b/a+2 when a divides b, else 24.
        "1" => {
            assert!(a > 0 && b > 0, "positive operands");
            if a % b == 0 {
                a / b + 2
            } else if b % a == 0 {
                b / a + 2
            } else {
                24
            }
        }
        // A○B = (A+3B)(A+B).
        "2" => (a + 3 * b) * (a + b),
        // ⟨a,b,c,d⟩ = 2ab+c−d.
        "3" => 2 * a * b + rest[1] - rest[2],
        // a#b: the mean of the even numbers in [a, b].
        "4" => {
            if a > b {
                return None;
            }
            let evens: Vec<i128> = (a..=b).filter(|x| x % 2 == 0).collect();
            if evens.is_empty() {
                return None;
            }
            let sum: i128 = evens.iter().sum();
            let n = evens.len() as i128;
            assert_eq!(sum % n, 0, "the mean of evens of a range is an integer");
            sum / n
        }
        // a∞b = a²+b².
        "5" => a * a + b * b,
        // § = max, $ = min.
        "6" => match sym {
            "§" => a.max(b),
            "$" => a.min(b),
            _ => panic!("rule 6 symbol {sym}"),
        },
        // a①b = √a+b², a②b = √a·b, for a perfect square a.
        "8" => {
            let root = (0..=a).find(|r| r * r == a)?;
            match sym {
                "①" => root + b * b,
                "②" => root * b,
                _ => panic!("rule 8 symbol {sym}"),
            }
        }
        // a◇b = a^b.
        "9" => power(a, b),
        // a¥b = a^b − b^a.
        "11" => power(a, b) - power(b, a),
        // a%b = a^b + √(ab), defined here only for a perfect square ab.
        "12" => {
            let p = a * b;
            let r = (0..=p).find(|r| r * r == p)?;
            power(a, b) + r
        }
        // a★b = ∫ₐᵇ 2x dx = [x²]ₐᵇ.
        "19" => {
            let antiderivative = |x: i128| x * x;
            antiderivative(b) - antiderivative(a)
        }
        _ => panic!("operator {op} is not checked here"),
    };
    Some(Q::int(v))
}

fn chain(op: &str, x0: i128, syms: &[String], rest: &[Vec<i128>]) -> Option<Q> {
    let mut acc = Q::int(x0);
    for (sym, xs) in syms.iter().zip(rest) {
        acc = apply(op, sym, acc, xs)?;
    }
    Some(acc)
}

fn operand(x: i128) -> String {
    if x < 0 {
        format!("({x})")
    } else {
        x.to_string()
    }
}

/// The expression as KOR-Bench writes it: a left-to-right chain, or nested
/// angle brackets for rule 3.
fn expression(op: &str, first: &str, syms: &[String], rest: &[Vec<i128>]) -> String {
    if op == "3" {
        rest.iter().fold(first.to_string(), |acc, xs| {
            let tail: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
            format!("⟨{acc},{}⟩", tail.join(","))
        })
    } else {
        let mut s = first.to_string();
        for (sym, xs) in syms.iter().zip(rest) {
            s += sym;
            s += &operand(xs[0]);
        }
        s
    }
}

/// Lines of the rule that the prompt must state for each operator.
fn definition(op: &str) -> &'static [&'static str] {
    match op {
        "1" => &[
            "a※b=a/b+2 if b divides a",
            "a※b=b/a+2 if a divides b",
            "a※b=24",
        ],
        "2" => &["A○B=(A+3B)×(A+B)"],
        "3" => &["⟨a,b,c,d⟩=2ab+c-d"],
        "4" => &["a#b is the average of all even numbers between a and b (a and b included)"],
        "5" => &["a∞b=a²+b²"],
        "6" => &[
            "a§b is the larger of a and b",
            "a$b is the smaller of a and b",
        ],
        "7" => &["a♀b=(a+b)/2", "a♂b=4a+b"],
        "8" => &["a①b=√a+b²", "a②b=√a×b"],
        "10" => &["a￠b=log_b(a)+log_a(b)"],
        "13" => &["a⊕b=a+bi", "i²=-1"],
        "14" => &["a◎b=(a+bi)²", "i²=-1"],
        "23" => &["Cij=Aij^Bij", "((a,b),(c,d))"],
        "24" => &["Cij=max(Aij,Bij)", "((a,b),(c,d))"],
        "25" => &["A€B=2A+3B", "((a,b),(c,d))"],
        "9" => &["a◇b=a^b"],
        "11" => &["a¥b=a^b-b^a"],
        "12" => &["a%b=a^b+√(ab)"],
        "19" => &["a★b=∫[a,b] 2x dx"],
        _ => panic!("operator {op} is not checked here"),
    }
}

/// A complex number with rational parts (rules 13 and 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct C {
    re: Q,
    im: Q,
}

impl C {
    fn combine(self, o: &str, w: C) -> C {
        match o {
            "+" => C {
                re: self.re.add(w.re),
                im: self.im.add(w.im),
            },
            "-" => C {
                re: self.re.sub(w.re),
                im: self.im.sub(w.im),
            },
            "×" => C {
                re: self.re.mul(w.re).sub(self.im.mul(w.im)),
                im: self.re.mul(w.im).add(self.im.mul(w.re)),
            },
            "÷" => {
                // z/w = z·conj(w)/|w|².
                let norm = w.re.mul(w.re).add(w.im.mul(w.im));
                assert!(!norm.is_zero(), "no division by zero");
                let conj = C {
                    re: w.re,
                    im: w.im.neg(),
                };
                let p = self.combine("×", conj);
                C {
                    re: p.re.mul(norm.inv()),
                    im: p.im.mul(norm.inv()),
                }
            }
            _ => panic!("complex operation {o}"),
        }
    }

    /// `a+bi` as the prompt asks: a zero part left out, `i` for `1i`.
    fn show(self) -> String {
        let coefficient = |q: Q| match q.show().as_str() {
            "1" => "i".to_string(),
            "-1" => "-i".to_string(),
            t => format!("{t}i"),
        };
        if self.im.is_zero() {
            self.re.show()
        } else if self.re.is_zero() {
            coefficient(self.im)
        } else if self.im.n > 0 {
            format!("{}+{}", self.re.show(), coefficient(self.im))
        } else {
            format!("{}-{}", self.re.show(), coefficient(self.im.neg()))
        }
    }
}

/// One term: a⊕b = a+bi (rule 13), a◎b = (a+bi)² (rule 14).
fn complex_term(op: &str, a: i128, b: i128) -> C {
    let z = C {
        re: Q::int(a),
        im: Q::int(b),
    };
    match op {
        "13" => z,
        "14" => z.combine("×", z),
        _ => panic!("operator {op}"),
    }
}

type Matrix = [[i128; 2]; 2];

fn matrix_of(v: &Value) -> Matrix {
    let rows: Vec<Vec<i128>> = v.as_array().expect("rows").iter().map(ints).collect();
    assert_eq!(rows.len(), 2);
    [[rows[0][0], rows[0][1]], [rows[1][0], rows[1][1]]]
}

fn matrix_text(m: &Matrix) -> String {
    format!("(({},{}),({},{}))", m[0][0], m[0][1], m[1][0], m[1][1])
}

/// A&B (entrywise power), A@B (entrywise max), A€B = 2A+3B.
fn matrix_apply(op: &str, a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = [[0; 2]; 2];
    for r in 0..2 {
        for c in 0..2 {
            let (x, y) = (a[r][c], b[r][c]);
            out[r][c] = match op {
                "23" => {
                    assert!(y >= 0, "a non-negative exponent");
                    assert!(x != 0 || y != 0, "no 0^0");
                    power(x, y)
                }
                "24" => x.max(y),
                "25" => 2 * x + 3 * y,
                _ => panic!("operator {op}"),
            };
        }
    }
    out
}

/// Checks a rule 13/14 or 23-25 item; returns false for other rules.
fn check_structured(
    op: &str,
    inst: &Value,
    r_question: &str,
    answer: &str,
    id: &str,
    tier: usize,
) -> bool {
    if op == "13" || op == "14" {
        let terms: Vec<Vec<i128>> = inst["terms"]
            .as_array()
            .expect("terms")
            .iter()
            .map(ints)
            .collect();
        let ops: Vec<String> = inst["cops"]
            .as_array()
            .expect("cops")
            .iter()
            .map(|s| s.as_str().expect("operation").to_string())
            .collect();
        let expected_terms = if op == "13" { tier + 2 } else { tier + 1 };
        assert_eq!(terms.len(), expected_terms, "{id}: terms per tier");
        assert_eq!(ops.len() + 1, terms.len(), "{id}");
        let symbol = if op == "13" { "⊕" } else { "◎" };
        let inner = |t: &[i128]| format!("{}{symbol}{}", operand(t[0]), operand(t[1]));
        let mut shown = if terms.len() == 1 {
            inner(&terms[0])
        } else {
            format!("({})", inner(&terms[0]))
        };
        let mut value = complex_term(op, terms[0][0], terms[0][1]);
        for (k, (o, t)) in ops.iter().zip(&terms[1..]).enumerate() {
            if op == "14" {
                assert!(o == "+" || o == "-", "{id}: rule 14 adds and subtracts");
            }
            if k > 0 {
                shown = format!("({shown})");
            }
            shown = format!("{shown}{o}({})", inner(t));
            value = value.combine(o, complex_term(op, t[0], t[1]));
        }
        assert!(
            r_question.contains(&format!("Compute {shown}.")),
            "{id}: the prompt shows {shown}"
        );
        assert_eq!(answer, value.show(), "{id}: {shown}");
        return true;
    }
    if op == "23" || op == "24" || op == "25" {
        let mats: Vec<Matrix> = inst["mats"]
            .as_array()
            .expect("mats")
            .iter()
            .map(matrix_of)
            .collect();
        let expected = if op == "23" {
            (tier + 1).min(2)
        } else {
            tier + 1
        };
        assert_eq!(mats.len(), expected + 1, "{id}: matrices per tier");
        let symbol = match op {
            "23" => "&",
            "24" => "@",
            _ => "€",
        };
        let names: Vec<String> = (0..mats.len())
            .map(|k| ((b'A' + k as u8) as char).to_string())
            .collect();
        let given: Vec<String> = names
            .iter()
            .zip(&mats)
            .map(|(n, m)| format!("{n}={}", matrix_text(m)))
            .collect();
        let given = format!("{}.", given.join(", "));
        assert!(
            r_question.contains(&given),
            "{id}: the prompt gives {given}"
        );
        let shown = names.join(symbol);
        assert!(
            r_question.contains(&format!("Compute {shown}.")),
            "{id}: the prompt shows {shown}"
        );
        let value = mats[1..]
            .iter()
            .fold(mats[0], |acc, m| matrix_apply(op, &acc, m));
        assert_eq!(answer, matrix_text(&value), "{id}");
        return true;
    }
    false
}

fn ints(v: &Value) -> Vec<i128> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_i64().expect("an integer") as i128)
        .collect()
}

#[test]
fn every_operation_gold_is_recomputed() {
    let program = common::load(&common::root().join("suites/korbench/kor_operation.puzzle"));
    let mut per_op: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (t, tier) in program.tier_names().into_iter().enumerate() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let inst = &r.instance;
            let id = &r.id;
            let op = inst["op"].as_str().expect("op").to_string();
            let shape = inst["shape"].as_str().expect("shape");
            let x0 = inst["x0"].as_i64().expect("x0") as i128;
            let syms: Vec<String> = inst["syms"]
                .as_array()
                .expect("syms")
                .iter()
                .map(|s| s.as_str().expect("symbol").to_string())
                .collect();
            let rest: Vec<Vec<i128>> = inst["rest"]
                .as_array()
                .expect("rest")
                .iter()
                .map(ints)
                .collect();
            for line in definition(&op) {
                assert!(
                    r.question.contains(line),
                    "{id}: the prompt states {line:?}"
                );
            }
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(
                judge(kind, &r.answer, &format!("The answer is [[{}]]", r.answer)).0,
                Verdict::Correct,
                "{id}"
            );
            // Spacing is free; a lost minus sign is wrong (KOR-Bench's own
            // matrix grading reads only the digits).
            assert_eq!(
                judge(
                    kind,
                    &r.answer,
                    &format!("[[{}]]", r.answer.replace(',', ", "))
                )
                .0,
                Verdict::Correct,
                "{id}"
            );
            if r.answer.contains('-') {
                assert_eq!(
                    judge(
                        kind,
                        &r.answer,
                        &format!("[[{}]]", r.answer.replace('-', ""))
                    )
                    .0,
                    Verdict::Wrong,
                    "{id}"
                );
            }
            if check_structured(&op, inst, &r.question, &r.answer, id, t) {
                assert_eq!(shape, "compute", "{id}");
                per_op.entry(op.clone()).or_default().0 += 1;
                continue;
            }
            assert_eq!(syms.len(), rest.len(), "{id}");
            let single = ["8", "10", "11", "12"].contains(&op.as_str());
            let expected_apps = if single { 1 } else { t + 1 };
            assert_eq!(syms.len(), expected_apps, "{id}: applications per tier");
            let value = chain(&op, x0, &syms, &rest).unwrap_or_else(|| panic!("{id}: defined"));
            let counts = per_op.entry(op.clone()).or_default();
            if shape == "compute" {
                counts.0 += 1;
                let first = if op == "3" {
                    x0.to_string()
                } else {
                    operand(x0)
                };
                let shown = expression(&op, &first, &syms, &rest);
                assert!(
                    r.question.contains(&format!("Compute {shown}.")),
                    "{id}: the prompt shows {shown}"
                );
                assert_eq!(r.answer, value.show(), "{id}: {shown}");
            } else {
                assert_eq!(shape, "solve", "{id}");
                counts.1 += 1;
                let lo = inst["lo"].as_i64().expect("lo") as i128;
                let hi = inst["hi"].as_i64().expect("hi") as i128;
                let shown = expression(&op, "X", &syms, &rest);
                let stated = format!(
                    "If {shown}={}, find X. X is an integer from {lo} to {hi}",
                    value.show()
                );
                assert!(
                    r.question.contains(&stated),
                    "{id}: the prompt states {stated}"
                );
                let roots: Vec<i128> = (lo..=hi)
                    .filter(|&x| chain(&op, x, &syms, &rest) == Some(value))
                    .collect();
                assert_eq!(roots, vec![x0], "{id}: exactly one X");
                assert_eq!(r.answer, x0.to_string(), "{id}");
            }
        }
    }
    let expected = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "19", "23",
        "24", "25",
    ];
    assert_eq!(
        per_op.keys().cloned().collect::<Vec<_>>(),
        {
            let mut e: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
            e.sort();
            e
        },
        "every implemented operator is asked"
    );
    for (op, (computed, solved)) in &per_op {
        assert!(
            computed + solved >= PER_OPERATOR,
            "operator {op}: {computed} + {solved} items, fewer than {PER_OPERATOR}"
        );
        if ["1", "2", "3", "5", "9", "19"].contains(&op.as_str()) {
            assert!(
                *solved >= 30 && *computed >= 30,
                "operator {op}: both shapes are asked ({computed} / {solved})"
            );
        }
    }
}

/// Rule 18 (`suites/korbench/kor_operation_18_sets.puzzle`): A￡B =
/// (A∪B)−(A∩B), recomputed with ordered sets from the union and the
/// intersection as the rule states them; the prompt lists every set; the
/// gold, and the same set written in reverse order, score as correct, and
/// the set with one element left out as wrong.
#[test]
fn every_set_difference_gold_is_recomputed() {
    use std::collections::BTreeSet;
    let program =
        common::load(&common::root().join("suites/korbench/kor_operation_18_sets.puzzle"));
    let mut seen = 0;
    for (t, tier) in program.tier_names().into_iter().enumerate() {
        for i in 0..(ITEMS / 4) {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let sets: Vec<BTreeSet<i128>> = r.instance["sets"]
                .as_array()
                .expect("sets")
                .iter()
                .map(|s| ints(s).into_iter().collect())
                .collect();
            assert_eq!(sets.len(), t + 2, "{id}: sets per tier");
            assert!(r.question.contains("A￡B=(A∪B)-(A∩B)"), "{id}: the rule");
            let text = |s: &BTreeSet<i128>| {
                let items: Vec<String> = s.iter().map(|x| x.to_string()).collect();
                format!("{{{}}}", items.join(","))
            };
            for (k, s) in sets.iter().enumerate() {
                let name = (b'A' + k as u8) as char;
                assert!(
                    r.question.contains(&format!("{name}={}", text(s))),
                    "{id}: the prompt gives {name}"
                );
            }
            let value = sets[1..].iter().fold(sets[0].clone(), |acc, s| {
                let union: BTreeSet<i128> = acc.union(s).copied().collect();
                let both: BTreeSet<i128> = acc.intersection(s).copied().collect();
                union.difference(&both).copied().collect()
            });
            assert_eq!(r.answer, text(&value), "{id}");
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(kind, AnswerKind::Set, "{id}");
            let reversed: Vec<String> = value.iter().rev().map(|x| x.to_string()).collect();
            assert_eq!(
                judge(kind, &r.answer, &format!("[[{{{}}}]]", reversed.join(", "))).0,
                Verdict::Correct,
                "{id}"
            );
            if let Some(first) = value.iter().next() {
                let mut fewer = value.clone();
                fewer.remove(first);
                assert_eq!(
                    judge(kind, &r.answer, &format!("[[{}]]", text(&fewer))).0,
                    Verdict::Wrong,
                    "{id}"
                );
            }
            seen += 1;
        }
    }
    assert!(seen >= 3 * PER_OPERATOR, "{seen} items");
}
