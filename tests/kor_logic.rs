//! The KOR-Bench logic specs (`suites/korbench/kor_logic_*.puzzle`) checked
//! against implementations written here from the rules the prompts state,
//! sharing no code with the specs: formulas are parsed back from the text
//! the prompt shows (so a missing parenthesis would be caught) and evaluated
//! by brute-force truth tables.

mod common;

use std::collections::BTreeMap;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::record::Record;

/// Items per tier: three tiers give at least 100 items per spec.
const PER_TIER: u64 = 150;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    And,
    Or,
    Implies,
    Iff,
}

#[derive(Debug)]
enum Formula {
    Var(usize),
    Not(Box<Formula>),
    Bin(Op, Box<Formula>, Box<Formula>),
}

/// A notation: the spelling of each connective, and the variable names.
struct Notation<'a> {
    not: &'a str,
    ops: [(&'a str, Op); 4],
    vars: &'a [&'a str],
}

const SYMBOLS: Notation = Notation {
    not: "¬",
    ops: [
        ("∧", Op::And),
        ("∨", Op::Or),
        ("→", Op::Implies),
        ("↔", Op::Iff),
    ],
    vars: &["p", "q", "r", "s"],
};

/// Parses a fully parenthesised formula: every binary connective joins two
/// operands, and an operand that is itself binary must be in parentheses
/// (so `p∧q∧r` is rejected as ambiguous).
fn parse(text: &str, n: &Notation) -> Formula {
    let mut rest = text;
    let f = formula(&mut rest, n);
    assert!(rest.is_empty(), "trailing text {rest:?} in {text:?}");
    f
}

fn formula(s: &mut &str, n: &Notation) -> Formula {
    let left = operand(s, n);
    for (tok, op) in n.ops {
        if let Some(r) = s.strip_prefix(tok) {
            *s = r;
            let right = operand(s, n);
            return Formula::Bin(op, Box::new(left), Box::new(right));
        }
    }
    left
}

fn operand(s: &mut &str, n: &Notation) -> Formula {
    if let Some(r) = s.strip_prefix(n.not) {
        *s = r;
        return Formula::Not(Box::new(operand(s, n)));
    }
    if let Some(r) = s.strip_prefix('(') {
        *s = r;
        let f = formula(s, n);
        *s = s
            .strip_prefix(')')
            .unwrap_or_else(|| panic!("missing `)` at {s:?}"));
        return f;
    }
    // The longest variable name that matches (p10 before p1).
    let (i, name) = n
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| s.starts_with(**v))
        .max_by_key(|(_, v)| v.len())
        .unwrap_or_else(|| panic!("expected an operand at {s:?}"));
    *s = &s[name.len()..];
    Formula::Var(i)
}

fn eval(f: &Formula, vals: &[bool]) -> bool {
    match f {
        Formula::Var(i) => vals[*i],
        Formula::Not(g) => !eval(g, vals),
        Formula::Bin(op, a, b) => {
            let (x, y) = (eval(a, vals), eval(b, vals));
            match op {
                Op::And => x && y,
                Op::Or => x || y,
                Op::Implies => !x || y,
                Op::Iff => x == y,
            }
        }
    }
}

/// The truth table in the rule's order: row i gives the variables the bits
/// of i, the first variable as the most significant bit.
fn truth_table(f: &Formula, n: usize) -> Vec<bool> {
    (0..1usize << n)
        .map(|i| {
            let vals: Vec<bool> = (0..n).map(|v| (i >> (n - 1 - v)) & 1 == 1).collect();
            eval(f, &vals)
        })
        .collect()
}

fn records(spec: &str) -> Vec<Record> {
    common::records(&format!("suites/korbench/{spec}.puzzle"), "en", PER_TIER)
}

fn scores_itself(r: &Record) {
    let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
    assert_eq!(
        judge(
            kind,
            &r.answer,
            &format!("So the answer is [[{}]].", r.answer)
        )
        .0,
        Verdict::Correct,
        "{}",
        r.id
    );
}

#[test]
fn normal_form_golds_follow_the_truth_table() {
    let mut asks: BTreeMap<String, usize> = BTreeMap::new();
    let records = records("kor_logic_05_normal_forms");
    for r in &records {
        let id = &r.id;
        let n = r.instance["vars"].as_u64().expect("vars") as usize;
        let text = r.instance["formula"].as_str().expect("formula");
        assert!(
            r.question.contains(&format!("G = {text}, a formula over")),
            "{id}"
        );
        for line in [
            "A→B (if A then B) is false only when A is true and B is false",
            "the term is denoted mi",
            "the term is denoted Mi",
            "D. All-even formula",
        ] {
            assert!(r.question.contains(line), "{id}: the rule states {line:?}");
        }
        let names = ["p", "q", "r", "s"];
        let notation = Notation {
            vars: &names[..n],
            ..SYMBOLS
        };
        let f = parse(text, &notation);
        let table = truth_table(&f, n);
        let trues: Vec<usize> = (0..table.len()).filter(|&i| table[i]).collect();
        let falses: Vec<usize> = (0..table.len()).filter(|&i| !table[i]).collect();
        let ask = r.instance["ask"].as_str().expect("ask");
        let expected = match ask {
            "dnf" => {
                assert!(!trues.is_empty() && !falses.is_empty(), "{id}");
                let terms: Vec<String> = trues.iter().map(|i| format!("m{i:X}")).collect();
                terms.join("∨")
            }
            "cnf" => {
                assert!(!trues.is_empty() && !falses.is_empty(), "{id}");
                let terms: Vec<String> = falses.iter().map(|i| format!("M{i:X}")).collect();
                terms.join("∧")
            }
            "types" => {
                let mut letters = String::new();
                if trues.len() == table.len() {
                    letters.push('A');
                }
                if trues.is_empty() {
                    letters.push('B');
                }
                if trues.contains(&0) {
                    letters.push('C');
                }
                if !trues.is_empty() && trues.iter().all(|i| i % 2 == 0) {
                    letters.push('D');
                }
                if !trues.is_empty() && trues.iter().all(|i| i % 2 == 1) {
                    letters.push('E');
                }
                if letters.is_empty() {
                    letters.push('F');
                }
                letters
            }
            other => panic!("{id}: ask {other}"),
        };
        assert_eq!(r.answer, expected, "{id}: {text}");
        scores_itself(r);
        *asks.entry(ask.to_string()).or_default() += 1;
    }
    assert!(records.len() >= 100);
    for ask in ["dnf", "cnf", "types"] {
        assert!(asks.get(ask).copied().unwrap_or(0) >= 40, "{ask}: {asks:?}");
    }
}

const ARROWS: Notation = Notation {
    not: "~",
    // `=::>` before `=`: the longer spelling first.
    ops: [
        ("&", Op::And),
        ("||", Op::Or),
        ("=::>", Op::Implies),
        ("=", Op::Iff),
    ],
    vars: &["p1", "p2", "p3", "p4"],
};

#[test]
fn formula_type_golds_follow_the_truth_table() {
    let mut letters: BTreeMap<char, usize> = BTreeMap::new();
    let records = records("kor_logic_01_formula_types");
    for r in &records {
        let id = &r.id;
        let n = r.instance["vars"].as_u64().expect("vars") as usize;
        let formulas: Vec<&str> = r.instance["formulas"]
            .as_array()
            .expect("formulas")
            .iter()
            .map(|f| f.as_str().expect("formula"))
            .collect();
        for line in [
            "A=::>B is false only when A is true and B is false",
            "A=B is true exactly when A and B have the same truth value",
            "A. Truth Formula  B. Falsehood Formula  C. Neither",
        ] {
            assert!(r.question.contains(line), "{id}: the rule states {line:?}");
        }
        let notation = Notation {
            vars: &ARROWS.vars[..n],
            ..ARROWS
        };
        let mut expected = Vec::new();
        for (k, text) in formulas.iter().enumerate() {
            assert!(
                r.question.contains(&format!("({}) {text}\n", k + 1)),
                "{id}"
            );
            let table = truth_table(&parse(text, &notation), n);
            let letter = if table.iter().all(|&t| t) {
                'A'
            } else if table.iter().all(|&t| !t) {
                'B'
            } else {
                'C'
            };
            *letters.entry(letter).or_default() += 1;
            expected.push(letter.to_string());
        }
        assert_eq!(r.answer, expected.join(";"), "{id}");
        scores_itself(r);
    }
    assert!(records.len() >= 100);
    for l in ['A', 'B', 'C'] {
        assert!(letters.get(&l).copied().unwrap_or(0) >= 50, "{letters:?}");
    }
}
