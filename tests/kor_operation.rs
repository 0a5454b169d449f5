//! The KOR-Bench operation spec (`suites/korbench/kor_operation.puzzle`)
//! checked against an independent implementation of each operator, written
//! here from the rule definitions (KOR-Bench's operation `rule.jsonl`, as
//! summarised in the project's reference notes, section 5), sharing no code
//! with the spec.
//!
//! 1000 items per tier are generated; every operator must appear on at least
//! 100 of them. For each item: the prompt states the operator's definition and
//! shows the expression (re-rendered here from the instance); a computed
//! gold equals this file's value of the expression; a solved gold is the only
//! integer in the stated range that gives the stated value; the number of
//! chained applications follows the tier; and the gold, answered in `[[…]]`,
//! scores as correct.

mod common;

use std::collections::BTreeMap;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use serde_json::Value;

const ITEMS: u64 = 1000;
const PER_OPERATOR: usize = 100;

/// An exact rational number, always in lowest terms with a positive
/// denominator (rule 7 halves its operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        assert!(d != 0);
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }
    fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    fn as_int(self) -> i128 {
        assert_eq!(self.d, 1, "an integer operand");
        self.n
    }
    fn show(self) -> String {
        if self.d == 1 {
            self.n.to_string()
        } else {
            format!("{}/{}", self.n, self.d)
        }
    }
}

fn power(base: i128, exp: i128) -> i128 {
    assert!(exp >= 0);
    (0..exp).fold(1i128, |acc, _| acc.checked_mul(base).expect("no overflow"))
}

/// One application `a SYM b…`, or `None` where the rule leaves it undefined.
fn apply(op: &str, sym: &str, a: Q, rest: &[i128]) -> Option<Q> {
    let b = rest[0];
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
        "9" => &["a◇b=a^b"],
        "11" => &["a¥b=a^b-b^a"],
        "12" => &["a%b=a^b+√(ab)"],
        "19" => &["a★b=∫[a,b] 2x dx"],
        _ => panic!("operator {op} is not checked here"),
    }
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
            assert_eq!(syms.len(), rest.len(), "{id}");
            let expected_apps = if op == "11" || op == "12" { 1 } else { t + 1 };
            assert_eq!(syms.len(), expected_apps, "{id}: applications per tier");
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
    let expected = ["1", "2", "3", "4", "5", "6", "7", "9", "11", "12", "19"];
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
