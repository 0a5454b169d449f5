//! KOR-Bench logic rule 5, simple circuit diagrams
//! (`suites/korbench/kor_logic_05_circuits.puzzle`), re-derived here with a
//! separately written parser and evaluator.
//!
//! For each item the expression is parsed back from the prompt (`¬`, `∧`,
//! `∨`, parentheses; a binary operand that is itself binary must be in
//! parentheses, so the parse is unambiguous), evaluated on every input row
//! (I1, I2, … = p, q, …; rows from all `+` down as a binary count), and the
//! gold must be: the output for the stated inputs, every row giving the
//! stated output, or the header plus all rows. The prompt's format examples
//! are never the gold, and the gold scores as correct in `[[…]]`. 300 items
//! per tier, every question shape on at least 30 of them.

use crate::common;

use std::collections::BTreeMap;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 300;

enum Expr {
    Var(usize),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }
    fn next(&mut self) -> char {
        let c = self.peek().expect("more input");
        self.at += 1;
        c
    }
    fn binary(&mut self) -> Expr {
        let left = self.unary();
        match self.peek() {
            Some('∧') | Some('∨') => {
                let op = self.next();
                let right = self.unary();
                assert!(
                    !matches!(self.peek(), Some('∧') | Some('∨')),
                    "binary operands are parenthesised"
                );
                if op == '∧' {
                    Expr::And(Box::new(left), Box::new(right))
                } else {
                    Expr::Or(Box::new(left), Box::new(right))
                }
            }
            _ => left,
        }
    }
    fn unary(&mut self) -> Expr {
        match self.next() {
            '¬' => Expr::Not(Box::new(self.unary())),
            '(' => {
                let e = self.binary();
                assert_eq!(self.next(), ')', "a closing parenthesis");
                e
            }
            v => Expr::Var(
                ['p', 'q', 'r']
                    .iter()
                    .position(|&x| x == v)
                    .unwrap_or_else(|| panic!("unexpected {v:?}")),
            ),
        }
    }
}

fn parse(text: &str) -> Expr {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let e = p.binary();
    assert_eq!(p.at, p.chars.len(), "the whole expression is read");
    e
}

fn eval(e: &Expr, inputs: &[bool]) -> bool {
    match e {
        Expr::Var(v) => inputs[*v],
        Expr::Not(a) => !eval(a, inputs),
        Expr::And(a, b) => eval(a, inputs) && eval(b, inputs),
        Expr::Or(a, b) => eval(a, inputs) || eval(b, inputs),
    }
}

fn sign(b: bool) -> &'static str {
    if b {
        "+"
    } else {
        "-"
    }
}

/// The input rows in the diagram's order: all `+` first, counting down.
fn rows(n: usize) -> Vec<Vec<bool>> {
    (0..1usize << n)
        .rev()
        .map(|k| (0..n).rev().map(|bit| k >> bit & 1 == 1).collect())
        .collect()
}

fn row_text(r: &[bool]) -> String {
    r.iter().map(|&b| sign(b)).collect::<Vec<_>>().join(",")
}

#[test]
fn circuit_golds_follow_the_expression() {
    let program =
        common::load(&common::root().join("suites/korbench/kor_logic_05_circuits.puzzle"));
    for tier in program.tier_names() {
        let mut asks: BTreeMap<String, usize> = BTreeMap::new();
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let id = &r.id;
            let n = r.instance["vars"].as_u64().expect("vars") as usize;
            let formula = r.instance["formula"].as_str().expect("formula");
            let ask = r.instance["ask"].as_str().expect("ask").to_string();
            assert!(
                r.question
                    .contains(&format!("the logical expression {formula}")),
                "{id}: the prompt shows the expression"
            );
            let e = parse(formula);
            let table = rows(n);
            let outs: Vec<bool> = table.iter().map(|row| eval(&e, row)).collect();
            let expected = match ask.as_str() {
                "output" => {
                    let inputs = r.instance["inputs"].as_str().expect("inputs");
                    let row: Vec<bool> = inputs.split(',').map(|s| s == "+").collect();
                    assert_eq!(row.len(), n, "{id}");
                    let shown: Vec<String> = row
                        .iter()
                        .enumerate()
                        .map(|(v, &b)| format!("I{} as \"{}\"", v + 1, sign(b)))
                        .collect();
                    for s in &shown {
                        assert!(r.question.contains(s.as_str()), "{id}: {s}");
                    }
                    sign(eval(&e, &row)).to_string()
                }
                "inputs" => {
                    let want = r.instance["output"].as_str().expect("output") == "+";
                    let stated = format!("with output O as \"{}\"", sign(want));
                    assert!(r.question.contains(&stated), "{id}: {stated}");
                    table
                        .iter()
                        .zip(&outs)
                        .filter(|(_, &o)| o == want)
                        .map(|(row, _)| row_text(row))
                        .collect::<Vec<_>>()
                        .join(";")
                }
                "table" => {
                    let mut parts = vec![(1..=n)
                        .map(|v| format!("I{v}"))
                        .chain(["O".to_string()])
                        .collect::<Vec<_>>()
                        .join(",")];
                    for (row, &o) in table.iter().zip(&outs) {
                        parts.push(format!("{},{}", row_text(row), sign(o)));
                    }
                    parts.join(";")
                }
                other => panic!("{id}: unknown ask {other}"),
            };
            assert_eq!(r.answer, expected, "{id}");
            assert!(outs.iter().any(|&o| o) && outs.iter().any(|&o| !o), "{id}");
            let examples: Vec<&str> = r
                .question
                .split("[[")
                .skip(1)
                .filter_map(|s| s.split("]]").next())
                .collect();
            assert!(!examples.is_empty(), "{id}: a format example");
            assert!(examples.iter().all(|x| *x != r.answer), "{id}: example");
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(
                judge(kind, &r.answer, &format!("Answer: [[{}]]", r.answer)).0,
                Verdict::Correct,
                "{id}"
            );
            *asks.entry(ask).or_default() += 1;
        }
        for ask in ["output", "inputs", "table"] {
            let k = asks.get(ask).copied().unwrap_or(0);
            assert!(k >= 30, "{tier}: {ask} on {k} items");
        }
    }
}

#[test]
fn circuit_rows_match_kor_bench_examples() {
    // KOR-Bench's AND gate: +,+,+ / +,-,- / -,+,- / -,-,-; and
    // (p∧q)∨(¬p∧r) with inputs +,-,+ gives - .
    let and = parse("p∧q");
    let got: Vec<String> = rows(2)
        .iter()
        .map(|r| format!("{},{}", row_text(r), sign(eval(&and, r))))
        .collect();
    assert_eq!(got, vec!["+,+,+", "+,-,-", "-,+,-", "-,-,-"]);
    assert!(!eval(&parse("(p∧q)∨(¬p∧r)"), &[true, false, true]));
}
