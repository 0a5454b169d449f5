//! The KOR-Bench logic specs (`suites/korbench/kor_logic_*.puzzle`) checked
//! against implementations written here from the rules the prompts state,
//! sharing no code with the specs: formulas are parsed back from the text
//! the prompt shows (so a missing parenthesis would be caught) and evaluated
//! by brute-force truth tables.

use crate::common;

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

#[derive(Debug, Clone, PartialEq)]
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

#[test]
fn normal_form_golds_follow_the_truth_table() {
    let mut asks: BTreeMap<String, usize> = BTreeMap::new();
    let records = records("kor_logic_03_normal_forms");
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
        common::scores_itself(r);
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
        common::scores_itself(r);
    }
    assert!(records.len() >= 100);
    for l in ['A', 'B', 'C'] {
        assert!(letters.get(&l).copied().unwrap_or(0) >= 50, "{letters:?}");
    }
}

/// A categorical sentence `All X are Y.` (A), `No X are Y.` (E), `Some X
/// are Y.` (I) or `Some X are not Y.` (O): its letter, subject and predicate.
fn categorical(s: &str) -> (char, String, String) {
    let s = s.strip_suffix('.').expect("a sentence");
    let (letter, rest) = if let Some(r) = s.strip_prefix("All ") {
        ('A', r)
    } else if let Some(r) = s.strip_prefix("No ") {
        ('E', r)
    } else {
        ('I', s.strip_prefix("Some ").expect("All, No or Some"))
    };
    if letter == 'I' {
        if let Some((x, y)) = rest.split_once(" are not ") {
            return ('O', x.to_string(), y.to_string());
        }
    }
    let (x, y) = rest.split_once(" are ").expect("are");
    (letter, x.to_string(), y.to_string())
}

/// Whether the proposition holds in a model: `regions` has bit k set when
/// the region k is non-empty, and region k contains term t when bit t of k
/// is set (terms 0, 1, 2).
fn holds(letter: char, x: usize, y: usize, regions: u8) -> bool {
    let inhabited = |f: &dyn Fn(usize) -> bool| (0..8).any(|k| regions >> k & 1 == 1 && f(k));
    let has = |k: usize, t: usize| k >> t & 1 == 1;
    match letter {
        'A' => !inhabited(&|k| has(k, x) && !has(k, y)),
        'E' => !inhabited(&|k| has(k, x) && has(k, y)),
        'I' => inhabited(&|k| has(k, x) && has(k, y)),
        'O' => inhabited(&|k| has(k, x) && !has(k, y)),
        _ => panic!("letter {letter}"),
    }
}

#[test]
fn syllogism_golds_follow_the_figures_and_a_semantic_validity_check() {
    let records = records("kor_logic_10_syllogism");
    let (mut valid, mut invalid, mut swapped) = (0, 0, 0);
    for r in &records {
        let id = &r.id;
        let premises: Vec<(char, String, String)> = r.instance["premises"]
            .as_array()
            .expect("premises")
            .iter()
            .map(|p| categorical(p.as_str().expect("premise")))
            .collect();
        let conclusion = categorical(r.instance["conclusion"].as_str().expect("conclusion"));
        for (k, p) in r.instance["premises"]
            .as_array()
            .expect("premises")
            .iter()
            .enumerate()
        {
            let line = format!("Premise {}: {}", k + 1, p.as_str().expect("premise"));
            assert!(r.question.contains(&line), "{id}: {line}");
        }
        assert!(
            r.question
                .contains("Figure 4: the middle term is the predicate of the major premise"),
            "{id}"
        );
        let (s, p) = (&conclusion.1, &conclusion.2);
        // The major premise holds the major term (the conclusion's predicate).
        let major_at = premises
            .iter()
            .position(|q| &q.1 == p || &q.2 == p)
            .expect("a major premise");
        let major = &premises[major_at];
        let minor = &premises[1 - major_at];
        assert!(
            &minor.1 == s || &minor.2 == s,
            "{id}: the minor premise holds the minor term"
        );
        if major_at == 1 {
            swapped += 1;
        }
        let m = if &major.1 == p { &major.2 } else { &major.1 };
        assert!(
            m != s && m != p && (&minor.1 == m || &minor.2 == m),
            "{id}: one middle term"
        );
        let figure = match (&major.1 == m, &minor.1 == m) {
            (true, false) => 1,
            (false, false) => 2,
            (true, true) => 3,
            (false, true) => 4,
        };
        let mood: String = [major.0, minor.0, conclusion.0].iter().collect();
        // Valid: the conclusion holds in every model of the premises, the
        // terms read as possibly empty classes (8 regions of a Venn diagram).
        let index = |t: &String| [s, p, m].iter().position(|x| *x == t).expect("a term");
        let prop =
            |q: &(char, String, String), model: u8| holds(q.0, index(&q.1), index(&q.2), model);
        let is_valid = (0..=255u8)
            .all(|model| !(prop(major, model) && prop(minor, model)) || prop(&conclusion, model));
        let ask = r.instance["ask"].as_str().expect("ask");
        let expected = if ask == "validity" {
            if is_valid {
                valid += 1;
            } else {
                invalid += 1;
            }
            format!(
                "{figure};{mood};{}",
                if is_valid { "Valid" } else { "Invalid" }
            )
        } else {
            format!("{figure};{mood}")
        };
        assert_eq!(r.answer, expected, "{id}");
        common::scores_itself(r);
    }
    assert!(records.len() >= 100);
    assert!(
        valid >= 40 && invalid >= 40,
        "{valid} valid, {invalid} invalid"
    );
    assert!(
        swapped >= 40,
        "{swapped} items give the minor premise first"
    );
}

#[test]
fn no_syllogism_format_example_is_its_own_gold() {
    // The prompt shows the answer format with a worked form ("like this:
    // [[2;EAE]]"); a model that copies it must never be right by accident.
    let records = common::records("suites/korbench/kor_logic_10_syllogism.puzzle", "en", 300);
    let mut by_tier: BTreeMap<String, usize> = BTreeMap::new();
    let mut fallback = 0;
    for r in &records {
        let (_, rest) = r
            .question
            .split_once("like this: [[")
            .unwrap_or_else(|| panic!("{}: a format example", r.id));
        let (example, _) = rest.split_once("]]").expect("a closed example");
        assert_ne!(example, r.answer, "{}: the example is the gold", r.id);
        let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
        assert_ne!(
            judge(kind, &r.answer, &format!("[[{example}]]")).0,
            Verdict::Correct,
            "{}: copying the example scores",
            r.id
        );
        // The example has the gold's shape: figure;mood[;Valid].
        assert_eq!(
            example.split(';').count(),
            r.answer.split(';').count(),
            "{}",
            r.id
        );
        fallback += usize::from(example.starts_with("1;AAA"));
        *by_tier.entry(r.tier.clone()).or_default() += 1;
    }
    assert!(by_tier.values().all(|&n| n >= 300), "{by_tier:?}");
    // Some golds are 2;EAE, so the other example is used, and not always.
    assert!(
        fallback > 0 && fallback * 10 < records.len(),
        "{fallback} fallback examples of {}",
        records.len()
    );
}

/// `Sx`, `S~x`, `Wx` or `W~x` for the strong operator S (necessity,
/// obligation, always) and the weak one W (possibility, permission,
/// sometimes): (strong?, negated?, statement name).
fn modal(text: &str, strong: &str, weak: &str) -> (bool, bool, String) {
    let (necessary, rest) = if let Some(r) = text.strip_prefix(strong) {
        (true, r)
    } else if let Some(r) = text.strip_prefix(weak) {
        (false, r)
    } else {
        panic!("modal proposition {text:?}")
    };
    match rest.strip_prefix('~') {
        Some(x) => (necessary, true, x.to_string()),
        None => (necessary, false, rest.to_string()),
    }
}

/// The proposition's value in a model of its statement: the statement is
/// true in all possible situations (0), in none (1), or in some but not all (2).
fn modal_value(necessary: bool, negated: bool, model: u8) -> bool {
    let (all_true, all_false) = (model == 0, model == 1);
    match (necessary, negated) {
        (true, false) => all_true,
        (true, true) => all_false,
        (false, false) => !all_false,
        (false, true) => !all_true,
    }
}

#[test]
fn modal_golds_follow_possible_situations() {
    let records = records("kor_logic_11_modal_square");
    let mut letters: BTreeMap<char, usize> = BTreeMap::new();
    let mut domains: BTreeMap<String, usize> = BTreeMap::new();
    for r in &records {
        let id = &r.id;
        *domains
            .entry(r.instance["domain"].as_str().expect("domain").to_string())
            .or_default() += 1;
        let strs = |key: &str| -> Vec<String> {
            r.instance[key]
                .as_array()
                .expect(key)
                .iter()
                .map(|v| v.as_str().expect("text").to_string())
                .collect()
        };
        let statements = strs("statements");
        let strong = r.instance["strong"].as_str().expect("strong");
        let weak = r.instance["weak"].as_str().expect("weak");
        let meaning = match r.instance["domain"].as_str().expect("domain") {
            "alethic" => "*p means \"p is necessarily true\"",
            "deontic" => "xp means \"p is obligatory\"",
            "temporal" => "#p means \"p is always true\"",
            other => panic!("{id}: domain {other}"),
        };
        assert!(r.question.contains(meaning), "{id}: {meaning}");
        let contrariety = format!("Contrariety: {strong}p and {strong}~p cannot both be true");
        assert!(r.question.contains(&contrariety), "{id}");
        let names = ["p", "q", "r"];
        for (name, s) in names.iter().zip(&statements) {
            assert!(
                r.question.contains(&format!("\n{name}: {s}.\n")),
                "{id}: {name}"
            );
        }
        // The models each statement may have, given its one known value.
        let mut allowed: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        for g in strs("given") {
            let (prop, value) = g.split_once('=').expect("prop=value");
            let value = value == "T";
            let (necessary, negated, x) = modal(prop, strong, weak);
            let words = format!("{prop} is {}", if value { "true" } else { "false" });
            assert!(r.question.contains(&words), "{id}: {words}");
            let models: Vec<u8> = (0..3)
                .filter(|&m| modal_value(necessary, negated, m) == value)
                .collect();
            assert!(
                allowed.insert(x, models).is_none(),
                "{id}: one given per statement"
            );
        }
        assert_eq!(allowed.len(), statements.len(), "{id}");
        let asked = strs("asked");
        let listed = match asked.len() {
            2 => format!("{} and {}", asked[0], asked[1]),
            n => format!("{}, and {}", asked[..n - 1].join(", "), asked[n - 1]),
        };
        assert!(
            r.question
                .contains(&format!("What are the truth values of {listed}? ")),
            "{id}: {listed}"
        );
        let mut expected = Vec::new();
        for a in asked {
            let (necessary, negated, x) = modal(&a, strong, weak);
            let values: Vec<bool> = allowed[&x]
                .iter()
                .map(|&m| modal_value(necessary, negated, m))
                .collect();
            let letter = if values.iter().all(|&v| v) {
                'T'
            } else if values.iter().all(|&v| !v) {
                'F'
            } else {
                'U'
            };
            *letters.entry(letter).or_default() += 1;
            expected.push(letter.to_string());
        }
        assert_eq!(r.answer, expected.join(";"), "{id}");
        common::scores_itself(r);
    }
    assert!(records.len() >= 100);
    for l in ['T', 'F', 'U'] {
        assert!(letters.get(&l).copied().unwrap_or(0) >= 100, "{letters:?}");
    }
    assert_eq!(domains.len(), 3, "{domains:?}");
    assert!(domains.values().all(|&n| n >= 100), "{domains:?}");
}

fn render(f: &Formula, vars: &[&str]) -> String {
    let operand = |g: &Formula| match g {
        Formula::Bin(..) => format!("({})", render(g, vars)),
        _ => render(g, vars),
    };
    match f {
        Formula::Var(i) => vars[*i].to_string(),
        Formula::Not(g) => format!("¬{}", operand(g)),
        Formula::Bin(op, a, b) => {
            let sym = match op {
                Op::And => "∧",
                Op::Or => "∨",
                Op::Implies => "→",
                Op::Iff => "↔",
            };
            format!("{}{sym}{}", operand(a), operand(b))
        }
    }
}

fn not(f: Formula) -> Formula {
    Formula::Not(Box::new(f))
}

fn bin(op: Op, a: Formula, b: Formula) -> Formula {
    Formula::Bin(op, Box::new(a), Box::new(b))
}

/// The law's left side rewritten to its right side at the root of `f`.
fn law_at_root(law: &str, f: &Formula) -> Option<Formula> {
    use Formula::*;
    use Op::*;
    let flip = |op: Op| if op == And { Or } else { And };
    match (law, f) {
        // ¬¬A ::=:: A
        ("E1", Not(g)) => match g.as_ref() {
            Not(a) => Some(a.as_ref().clone()),
            _ => None,
        },
        // A∧B ::=:: B∧A, A∨B ::=:: B∨A
        ("E2", Bin(op @ (And | Or), a, b)) => {
            Some(bin(*op, b.as_ref().clone(), a.as_ref().clone()))
        }
        // ¬(A∧B) ::=:: ¬A∨¬B, ¬(A∨B) ::=:: ¬A∧¬B
        ("E3", Not(g)) => match g.as_ref() {
            Bin(op @ (And | Or), a, b) => Some(bin(
                flip(*op),
                not(a.as_ref().clone()),
                not(b.as_ref().clone()),
            )),
            _ => None,
        },
        // A→B ::=:: ¬A∨B
        ("E4", Bin(Implies, a, b)) => Some(bin(Or, not(a.as_ref().clone()), b.as_ref().clone())),
        // A→B ::=:: ¬B→¬A
        ("E5", Bin(Implies, a, b)) => Some(bin(
            Implies,
            not(b.as_ref().clone()),
            not(a.as_ref().clone()),
        )),
        // A↔B ::=:: (A→B)∧(B→A)
        ("E6", Bin(Iff, a, b)) => Some(bin(
            And,
            bin(Implies, a.as_ref().clone(), b.as_ref().clone()),
            bin(Implies, b.as_ref().clone(), a.as_ref().clone()),
        )),
        // A∧(B∨C) ::=:: (A∧B)∨(A∧C), A∨(B∧C) ::=:: (A∨B)∧(A∨C)
        ("E7", Bin(op @ (And | Or), a, right)) => match right.as_ref() {
            Bin(inner, b, c) if *inner == flip(*op) => Some(bin(
                *inner,
                bin(*op, a.as_ref().clone(), b.as_ref().clone()),
                bin(*op, a.as_ref().clone(), c.as_ref().clone()),
            )),
            _ => None,
        },
        _ => None,
    }
}

/// The law applied at the first matching part in pre-order (the whole
/// formula, then inside the left operand, then inside the right one).
fn apply_law(law: &str, f: &Formula) -> Option<Formula> {
    if let Some(g) = law_at_root(law, f) {
        return Some(g);
    }
    match f {
        Formula::Var(_) => None,
        Formula::Not(g) => apply_law(law, g).map(not),
        Formula::Bin(op, a, b) => match apply_law(law, a) {
            Some(a2) => Some(bin(*op, a2, b.as_ref().clone())),
            None => apply_law(law, b).map(|b2| bin(*op, a.as_ref().clone(), b2)),
        },
    }
}

#[test]
fn equivalence_law_golds_follow_the_rewrites_and_keep_the_truth_table() {
    let records = records("kor_logic_02_equivalence_laws");
    let mut used: BTreeMap<String, usize> = BTreeMap::new();
    let vars = ["p", "q", "r"];
    let notation = Notation {
        vars: &vars,
        ..SYMBOLS
    };
    for r in &records {
        let id = &r.id;
        let text = r.instance["formula"].as_str().expect("formula");
        assert!(r.question.contains(&format!("G = {text}\n")), "{id}");
        assert!(
            r.question.contains("E3 (De Morgan): ¬(A∧B) ::=:: ¬A∨¬B"),
            "{id}"
        );
        let laws: Vec<&str> = r.instance["laws"]
            .as_array()
            .expect("laws")
            .iter()
            .map(|l| l.as_str().expect("law"))
            .collect();
        let start = parse(text, &notation);
        assert_eq!(
            render(&start, &vars),
            text,
            "{id}: the rule's way of writing"
        );
        let mut f = start.clone();
        for law in &laws {
            f = apply_law(law, &f).unwrap_or_else(|| panic!("{id}: {law} applies"));
            *used.entry(law.to_string()).or_default() += 1;
        }
        let result = render(&f, &vars);
        assert_eq!(r.answer, result, "{id}");
        // Every law keeps the meaning: the gold, read back, has G's truth table.
        let back = parse(&r.answer, &notation);
        assert_eq!(truth_table(&back, 3), truth_table(&start, 3), "{id}");
        common::scores_itself(r);
    }
    assert!(records.len() >= 100);
    for law in ["E1", "E2", "E3", "E4", "E5", "E6", "E7"] {
        assert!(used.get(law).copied().unwrap_or(0) >= 10, "{used:?}");
    }
}
