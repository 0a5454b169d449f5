//! KOR-Bench logic rule 14, cognitive (belief) logic
//! (`suites/korbench/kor_logic_14_belief.puzzle`), re-derived from the
//! prompt alone by a parser and an evaluator written here.
//!
//! The model is read back from the query's lines (the worlds, the
//! individuals, the valuation of each atom at each world, the worlds each
//! individual considers possible from each world), and each model question's
//! formula is parsed into a tree (atoms, `¬`, `∧`, `∨`, `→`, `B_i(…)`,
//! `H_i(…)`, `G(…)`, `⊥`; at most one binary connective per parenthesis
//! level) and evaluated world by world, as the prompt states it: `B_i(φ)`
//! holds at w when φ holds at every world i considers possible from w,
//! `G(φ)` when every individual believes φ there, `H_i(φ)` when φ holds at
//! one such world and fails at another. Each axiom question's premises are
//! parsed and the named axiom's schema applied to them; exactly one option
//! must be that conclusion, every option distinct and none a premise. The
//! gold must be True/False and the letters joined by `;`; the format line is
//! a placeholder. 300 items per tier; in every tier every operator, both
//! truth values, both question kinds and all seven axioms occur, and there
//! are at least 20 distinct golds among the first 100 items.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
enum F {
    Atom(char),
    Not(Box<F>),
    Bin(char, Box<F>, Box<F>),
    B(String, Box<F>),
    H(String, Box<F>),
    G(Box<F>),
    Bot,
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }
    fn eat(&mut self, c: char) {
        assert_eq!(self.peek(), Some(c), "{:?} at {}", self.text(), self.at);
        self.at += 1;
    }
    fn text(&self) -> String {
        self.chars.iter().collect()
    }
    /// A unit, optionally one binary connective and a second unit.
    fn formula(&mut self) -> F {
        let left = self.unary();
        match self.peek() {
            Some(op @ ('∧' | '∨' | '→')) => {
                self.at += 1;
                let right = self.unary();
                assert!(
                    !matches!(self.peek(), Some('∧' | '∨' | '→')),
                    "an unparenthesised chain in {:?}",
                    self.text()
                );
                F::Bin(op, Box::new(left), Box::new(right))
            }
            _ => left,
        }
    }
    fn inner(&mut self) -> F {
        self.eat('(');
        let f = self.formula();
        self.eat(')');
        f
    }
    fn name(&mut self) -> String {
        self.eat('_');
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }
    fn unary(&mut self) -> F {
        let c = self.peek().expect("a formula");
        self.at += 1;
        match c {
            '¬' => F::Not(Box::new(self.unary())),
            '⊥' => F::Bot,
            '(' => {
                self.at -= 1;
                self.inner()
            }
            'B' => {
                let i = self.name();
                F::B(i, Box::new(self.inner()))
            }
            'H' => {
                let i = self.name();
                F::H(i, Box::new(self.inner()))
            }
            'G' => F::G(Box::new(self.inner())),
            c if c.is_ascii_lowercase() => F::Atom(c),
            other => panic!("unexpected {other:?} in {:?}", self.text()),
        }
    }
}

fn parse(text: &str) -> F {
    let mut p = Parser {
        chars: text.trim().chars().collect(),
        at: 0,
    };
    let f = p.formula();
    assert_eq!(p.at, p.chars.len(), "trailing text in {text:?}");
    f
}

#[derive(Debug, Default)]
struct Model {
    worlds: Vec<String>,
    individuals: Vec<String>,
    /// (atom, world) → value.
    val: BTreeMap<(char, usize), bool>,
    /// individual → for each world, the worlds considered possible.
    acc: BTreeMap<String, Vec<Vec<usize>>>,
}

impl Model {
    fn world(&self, name: &str) -> usize {
        self.worlds
            .iter()
            .position(|w| w == name.trim())
            .unwrap_or_else(|| panic!("no world {name:?}"))
    }
    fn reach(&self, i: &str, w: usize) -> &[usize] {
        &self
            .acc
            .get(i)
            .unwrap_or_else(|| panic!("no individual {i:?}"))[w]
    }
    fn holds(&self, f: &F, w: usize) -> bool {
        match f {
            F::Atom(a) => self.val[&(*a, w)],
            F::Not(g) => !self.holds(g, w),
            F::Bin('∧', a, b) => self.holds(a, w) && self.holds(b, w),
            F::Bin('∨', a, b) => self.holds(a, w) || self.holds(b, w),
            F::Bin(_, a, b) => !self.holds(a, w) || self.holds(b, w),
            F::B(i, g) => self.reach(i, w).iter().all(|&u| self.holds(g, u)),
            F::H(i, g) => {
                let seen: BTreeSet<bool> =
                    self.reach(i, w).iter().map(|&u| self.holds(g, u)).collect();
                seen.len() == 2
            }
            F::G(g) => self
                .individuals
                .iter()
                .all(|i| self.holds(&F::B(i.clone(), g.clone()), w)),
            F::Bot => false,
        }
    }
}

fn model(query: &str) -> Model {
    let mut m = Model::default();
    let mut section = "";
    for line in query.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("- Worlds: W = {") {
            let list = rest.strip_suffix("}.").expect("the worlds");
            m.worlds = list.split(", ").map(str::to_string).collect();
        } else if let Some(rest) = line.strip_prefix("- Individuals: ") {
            let (list, tail) = rest.split_once("; ").expect("the group");
            assert_eq!(tail, "the group G is all of them.");
            m.individuals = list.split(", ").map(str::to_string).collect();
        } else if line == "Valuation V:" {
            section = "val";
        } else if line == "Worlds each individual considers possible:" {
            section = "acc";
        } else if let Some(rest) = line.strip_prefix("- ").filter(|_| !section.is_empty()) {
            let (head, body) = rest.split_once(": ").expect("a model line");
            if section == "val" {
                let w = m.world(head);
                for part in body.split(", ") {
                    let (atom, value) = part.split_once(' ').expect("an atom's value");
                    let atom = atom.chars().next().expect("an atom");
                    let value = match value {
                        "true" => true,
                        "false" => false,
                        other => panic!("a truth value {other:?}"),
                    };
                    assert!(m.val.insert((atom, w), value).is_none());
                }
            } else {
                let mut rows = vec![Vec::new(); m.worlds.len()];
                for part in body.split("; ") {
                    let rest = part.strip_prefix("from ").expect("from");
                    let (from, to) = rest.split_once(": ").expect("the worlds reached");
                    rows[m.world(from)] = to.split(", ").map(|u| m.world(u)).collect();
                }
                assert!(
                    rows.iter().all(|r| !r.is_empty()),
                    "{head}: every world reaches one"
                );
                m.acc.insert(head.to_string(), rows);
            }
        } else {
            section = "";
        }
    }
    assert!(m.worlds.len() >= 3 && m.individuals.len() >= 2, "{m:?}");
    assert_eq!(
        m.acc.len(),
        m.individuals.len(),
        "every individual's relation"
    );
    m
}

/// The conclusion of the named axiom's schema applied to the premises.
fn apply(axiom: &str, premises: &[&str], individuals: &[String]) -> F {
    let relation = |p: &str| -> (String, String) {
        let (i, j) = p.split_once(" R ").expect("i R j");
        (i.to_string(), j.to_string())
    };
    match (axiom, premises) {
        ("Belief Axiom", [p]) => match parse(p) {
            F::B(_, phi) => *phi,
            other => panic!("not a belief: {other:?}"),
        },
        ("Axiom of Reflexivity", [p]) => match parse(p) {
            F::B(i, phi) => F::B(i.clone(), Box::new(F::B(i, phi))),
            other => panic!("not a belief: {other:?}"),
        },
        ("Axiom of Transitivity", [r, p]) => {
            let (i, j) = relation(r);
            match parse(p) {
                F::B(k, phi) if k == i => F::B(j, phi),
                other => panic!("not {i}'s belief: {other:?}"),
            }
        }
        ("Axiom of Consistent Belief", [p, q]) => match (parse(p), parse(q)) {
            (F::B(i, phi), F::B(k, neg)) if i == k && *neg == F::Not(phi.clone()) => F::Bot,
            other => panic!("not a belief and its negation: {other:?}"),
        },
        ("Introduction of Doubt", [p]) => match parse(p) {
            F::H(i, phi) => F::Not(Box::new(F::B(i, phi))),
            other => panic!("not a doubt: {other:?}"),
        },
        ("Spread of Doubt", [r, p]) => {
            let (i, j) = relation(r);
            match parse(p) {
                F::H(k, phi) if k == i => F::H(j, phi),
                other => panic!("not {i}'s doubt: {other:?}"),
            }
        }
        ("Definition of Common Belief", [p, member]) => {
            let j = member.strip_suffix(" is a member of G").expect("a member");
            assert!(individuals.iter().any(|i| i == j), "{j} is an individual");
            match parse(p) {
                F::G(phi) => F::B(j.to_string(), phi),
                other => panic!("not a common belief: {other:?}"),
            }
        }
        other => panic!("an unknown axiom question {other:?}"),
    }
}

#[derive(Default)]
struct Seen {
    operators: BTreeSet<&'static str>,
    truths: BTreeSet<bool>,
    axioms: BTreeSet<String>,
    golds: BTreeSet<String>,
    items: usize,
}

fn operators(f: &F, out: &mut BTreeSet<&'static str>) {
    match f {
        F::Atom(_) | F::Bot => {}
        F::Not(g) => {
            out.insert("¬");
            operators(g, out);
        }
        F::Bin(op, a, b) => {
            out.insert(match op {
                '∧' => "∧",
                '∨' => "∨",
                _ => "→",
            });
            operators(a, out);
            operators(b, out);
        }
        F::B(_, g) => {
            out.insert("B");
            operators(g, out);
        }
        F::H(_, g) => {
            out.insert("H");
            operators(g, out);
        }
        F::G(g) => {
            out.insert("G");
            operators(g, out);
        }
    }
}

/// The answers to a query's questions, in order.
fn answers(query: &str, seen: &mut Seen) -> Vec<String> {
    let m = model(query);
    // The relations are reflexive, so the model agrees with the Belief Axiom.
    for (i, rows) in &m.acc {
        assert!(rows.iter().enumerate().all(|(w, r)| r.contains(&w)), "{i}");
    }
    let lines: Vec<&str> = query.lines().map(str::trim).collect();
    let mut out = Vec::new();
    let mut evals = 0;
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k];
        k += 1;
        let Some((n, rest)) = line.split_once(". ") else {
            continue;
        };
        if n.parse::<usize>().ok() != Some(out.len() + 1) {
            continue;
        }
        if let Some(rest) = rest.strip_prefix("At ") {
            assert_eq!(evals, out.len(), "model questions come first");
            evals += 1;
            let (w, text) = rest.split_once(": ").expect("a world and a formula");
            let f = parse(text);
            operators(&f, &mut seen.operators);
            let t = m.holds(&f, m.world(w));
            seen.truths.insert(t);
            out.push(if t { "True" } else { "False" }.to_string());
        } else {
            let rest = rest.strip_prefix("By the ").expect("an axiom question");
            let (axiom, tail) = rest
                .split_once(" alone, which option follows from ")
                .expect("the axiom");
            let tail = tail.strip_suffix('?').expect("a question mark");
            let premises: Vec<&str> = match tail.strip_prefix("the premise ") {
                Some(one) => vec![one],
                None => tail
                    .strip_prefix("the premises ")
                    .expect("premises")
                    .split(" and ")
                    .collect(),
            };
            let right = apply(axiom, &premises, &m.individuals);
            let options: Vec<F> = ["A. ", "B. ", "C. "]
                .iter()
                .enumerate()
                .map(|(o, letter)| {
                    let text = lines[k + o].strip_prefix(letter).expect("an option");
                    parse(text)
                })
                .collect();
            k += 3;
            let parsed: Vec<F> = premises
                .iter()
                .filter(|p| !p.contains(" R ") && !p.ends_with(" of G"))
                .map(|p| parse(p))
                .collect();
            for (o, f) in options.iter().enumerate() {
                assert!(!parsed.contains(f), "option {o} is a premise");
                assert!(!options[..o].contains(f), "options differ");
            }
            let hits: Vec<usize> = (0..3).filter(|&o| options[o] == right).collect();
            assert_eq!(
                hits.len(),
                1,
                "exactly one option is {right:?}: {options:?}"
            );
            seen.axioms.insert(axiom.to_string());
            out.push(["A", "B", "C"][hits[0]].to_string());
        }
    }
    assert!(
        evals >= 3 && out.len() > evals,
        "both kinds of question: {out:?}"
    );
    out
}

#[test]
fn belief_golds_are_rederived_from_the_model_and_the_schemas() {
    let records = common::records("suites/korbench/kor_logic_14_belief.puzzle", "en", ITEMS);
    let mut seen: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        common::scores_itself(r);
        let id = &r.id;
        assert!(r.question.contains(r.query.trim()), "{id}: the query");
        assert!(r.question.contains(r.context.trim()), "{id}: the rule");
        let s = seen.entry(r.tier.clone()).or_default();
        let gold = answers(&r.query, s).join(";");
        assert_eq!(r.answer, gold, "{id}");
        if s.items < 100 {
            s.golds.insert(gold);
        }
        s.items += 1;
        assert!(
            r.question.contains("[[answer 1;answer 2;...]]")
                && !r.question.contains(&format!("[[{}]]", r.answer)),
            "{id}: the format line is a placeholder"
        );
    }
    assert_eq!(seen.len(), 3, "three tiers");
    for (tier, s) in &seen {
        assert_eq!(
            s.operators.len(),
            7,
            "{tier}: every operator: {:?}",
            s.operators
        );
        assert_eq!(s.truths.len(), 2, "{tier}: both truth values");
        assert_eq!(s.axioms.len(), 7, "{tier}: every axiom: {:?}", s.axioms);
        assert!(
            s.golds.len() >= 20,
            "{tier}: {} distinct golds",
            s.golds.len()
        );
    }
}

#[test]
fn the_evaluator_follows_the_stated_clauses() {
    let query = "The model M:\n\
                 - Worlds: W = {w1, w2, w3}.\n\
                 - Individuals: Alice, Bob; the group G is all of them.\n\
                 Valuation V:\n\
                 - w1: p true, q false\n\
                 - w2: p true, q true\n\
                 - w3: p false, q true\n\
                 Worlds each individual considers possible:\n\
                 - Alice: from w1: w1, w2; from w2: w2; from w3: w2, w3\n\
                 - Bob: from w1: w1; from w2: w2, w3; from w3: w3\n";
    let m = model(query);
    let at = |f: &str, w: usize| m.holds(&parse(f), w);
    assert!(at("B_Alice(p)", 0));
    assert!(!at("B_Alice(p)", 2));
    assert!(at("H_Alice(q)", 0) && !at("H_Alice(q)", 1));
    assert!(at("H_Bob(p)", 1) && !at("B_Bob(p)", 1));
    assert!(at("G(p)", 0) && !at("G(p)", 1));
    assert!(at("B_Alice(B_Bob(q))", 2) && !at("B_Bob(B_Alice(q))", 0));
    assert!(at("¬G(q)→B_Alice(p∨q)", 2));
    assert!(at("B_Alice(¬q→p)", 0) && !at("B_Alice(¬(p∧q))", 0));
    assert_eq!(
        apply(
            "Spread of Doubt",
            &["Alice R Bob", "H_Alice(p∧¬q)"],
            &m.individuals
        ),
        parse("H_Bob(p∧¬q)")
    );
    assert_eq!(
        apply(
            "Axiom of Consistent Belief",
            &["B_Bob(¬p)", "B_Bob(¬¬p)"],
            &m.individuals
        ),
        F::Bot
    );
    assert_eq!(
        apply(
            "Definition of Common Belief",
            &["G(q)", "Bob is a member of G"],
            &m.individuals
        ),
        parse("B_Bob(q)")
    );
}
