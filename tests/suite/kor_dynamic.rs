//! KOR-Bench logic rule 15, dynamic logic
//! (`suites/korbench/kor_logic_15_dynamic.puzzle`), re-derived from the
//! prompt alone by a parser, a printer and the twelve rules written here.
//!
//! The nine side conditions are read back from the query's lines; every
//! formula is parsed into a tree (p, q, R; `[P]`, `⟨P⟩`; one `∨` or `∧` per
//! parenthesis level; programs of commands with `;`, `+`, `||` and a
//! postfix `*`, compound operands in parentheses) and must print back to
//! the same text. A rule is applied as the prompt states it: left side to
//! right side, at the first part that has the form of its left side (the
//! whole formula first, then inside its parts, left to right), the
//! conditional rules only on single commands their condition names. A
//! rewriting question's gold is the printed result of its one or two rules;
//! a rule question's gold is the letter of the one rule, among the twelve
//! options A–L, whose application turns the first formula into the second
//! (exactly one must). The gold joins the answers with `;`; the format line
//! is a placeholder, and the gold (which may open with `[`) is read from
//! the first `[[…]]`. 300 items per tier; in every tier all twelve rules
//! occur both as a rewriting rule and as a rule question's answer, rules
//! apply at the root and deeper (in the hard tier three levels down, and
//! all twelve as a second rule), and there are at least 20 distinct golds
//! among the first 100 items.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;

const RULES: [&str; 12] = [
    "Substitution Rule",
    "Sequence Rule",
    "Choice Rule",
    "Loop Rule",
    "Concurrent Rule",
    "Interruption Rule",
    "Exception Rule",
    "Resource Limitation Rule",
    "Dependency Rule",
    "Priority Rule",
    "History Rule",
    "Prediction Rule",
];

#[derive(Debug, Clone, PartialEq, Eq)]
enum P {
    Cmd(String),
    Bin(&'static str, Box<P>, Box<P>),
    Star(Box<P>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum F {
    Atom(char),
    Nec(P, Box<F>),
    Pos(P, Box<F>),
    Bin(char, Box<F>, Box<F>),
}

fn cmd(c: &str) -> P {
    P::Cmd(c.to_string())
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
    fn formula(&mut self) -> F {
        let left = self.unit();
        match self.peek() {
            Some(op @ ('∨' | '∧')) => {
                self.at += 1;
                let right = self.unit();
                assert!(
                    !matches!(self.peek(), Some('∨' | '∧')),
                    "an unparenthesised chain in {:?}",
                    self.text()
                );
                F::Bin(op, Box::new(left), Box::new(right))
            }
            _ => left,
        }
    }
    fn unit(&mut self) -> F {
        match self.peek().expect("a formula") {
            '(' => {
                self.at += 1;
                let f = self.formula();
                self.eat(')');
                assert!(matches!(f, F::Bin(..)), "needless parentheses");
                f
            }
            '[' => {
                self.at += 1;
                let p = self.program();
                self.eat(']');
                F::Nec(p, Box::new(self.unit()))
            }
            '⟨' => {
                self.at += 1;
                let p = self.program();
                self.eat('⟩');
                F::Pos(p, Box::new(self.unit()))
            }
            c @ ('p' | 'q' | 'R') => {
                self.at += 1;
                F::Atom(c)
            }
            other => panic!("unexpected {other:?} in {:?}", self.text()),
        }
    }
    fn program(&mut self) -> P {
        let left = self.postfix();
        let op = if self.peek() == Some(';') {
            ";"
        } else if self.peek() == Some('+') {
            "+"
        } else if self.peek() == Some('|') {
            self.at += 1;
            assert_eq!(self.peek(), Some('|'), "|| in {:?}", self.text());
            "||"
        } else {
            return left;
        };
        self.at += 1;
        let right = self.postfix();
        assert!(
            !matches!(self.peek(), Some(';' | '+' | '|')),
            "an unparenthesised program chain in {:?}",
            self.text()
        );
        P::Bin(op, Box::new(left), Box::new(right))
    }
    fn postfix(&mut self) -> P {
        let base = if self.peek() == Some('(') {
            self.at += 1;
            let p = self.program();
            self.eat(')');
            assert!(!matches!(p, P::Cmd(_)), "needless parentheses");
            p
        } else {
            self.command()
        };
        if self.peek() == Some('*') {
            self.at += 1;
            P::Star(Box::new(base))
        } else {
            base
        }
    }
    fn command(&mut self) -> P {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.at += 1;
        }
        let name: String = self.chars[start..self.at].iter().collect();
        if name == "predict" {
            self.eat('(');
            let P::Cmd(inner) = self.command() else {
                unreachable!()
            };
            self.eat(')');
            return P::Cmd(format!("predict({inner})"));
        }
        assert!(
            ["c1", "c2", "c3", "d", "e", "h"].contains(&name.as_str()),
            "a command {name:?} in {:?}",
            self.text()
        );
        P::Cmd(name)
    }
}

fn parse(text: &str) -> F {
    let mut p = Parser {
        chars: text.trim().chars().collect(),
        at: 0,
    };
    let f = p.formula();
    assert_eq!(p.at, p.chars.len(), "trailing text in {text:?}");
    assert_eq!(show(&f), text.trim(), "prints back");
    f
}

fn prog(p: &P) -> String {
    let operand = |q: &P| match q {
        P::Cmd(c) => c.clone(),
        other => format!("({})", prog(other)),
    };
    match p {
        P::Cmd(c) => c.clone(),
        P::Star(q) => format!("{}*", operand(q)),
        P::Bin(op, a, b) => format!("{}{op}{}", operand(a), operand(b)),
    }
}

fn show(f: &F) -> String {
    let unit = |g: &F| match g {
        F::Bin(..) => format!("({})", show(g)),
        other => show(other),
    };
    match f {
        F::Atom(a) => a.to_string(),
        F::Nec(p, g) => format!("[{}]{}", prog(p), unit(g)),
        F::Pos(p, g) => format!("⟨{}⟩{}", prog(p), unit(g)),
        F::Bin(op, a, b) => format!("{}{op}{}", unit(a), unit(b)),
    }
}

#[derive(Debug, Default)]
struct Facts {
    same_as_d: String,
    concurrent: (String, String),
    interrupts: (String, String),
    exception: String,
    resource: String,
    depends: (String, String),
    priority: (String, String),
    history: String,
    predict: String,
}

fn facts(query: &str) -> Facts {
    let mut f = Facts::default();
    let mut seen = 0;
    let two = |s: &str, sep: &str| -> (String, String) {
        let (a, b) = s.split_once(sep).expect("two commands");
        (a.to_string(), b.to_string())
    };
    for line in query.lines().map(str::trim) {
        let Some(body) = line.strip_prefix("- ").and_then(|l| l.strip_suffix('.')) else {
            continue;
        };
        seen += 1;
        if let Some(c) = body.strip_suffix(" behaves the same as d") {
            f.same_as_d = c.to_string();
        } else if let Some(s) = body.strip_suffix(" can be executed concurrently") {
            f.concurrent = two(s, " and ");
        } else if body.contains(" can interrupt ") {
            f.interrupts = two(body, " can interrupt ");
        } else if let Some(c) = body.strip_suffix(" may trigger the exception e") {
            f.exception = c.to_string();
        } else if let Some(c) = body.strip_suffix(" is subject to the resource limitation R") {
            f.resource = c.to_string();
        } else if let Some(s) = body.strip_prefix("The execution of ") {
            match s.strip_suffix(" depends on the historical command h") {
                Some(c) => f.history = c.to_string(),
                None => f.depends = two(s, " depends on "),
            }
        } else if body.contains(" has higher priority than ") {
            f.priority = two(body, " has higher priority than ");
        } else if let Some(c) = body.strip_prefix("The system can predict the outcome of ") {
            f.predict = c.to_string();
        } else {
            panic!("an unknown side condition {body:?}");
        }
    }
    assert_eq!(seen, 9, "nine side conditions");
    for c in [
        &f.same_as_d,
        &f.exception,
        &f.resource,
        &f.history,
        &f.predict,
    ] {
        assert!(["c1", "c2", "c3"].contains(&c.as_str()), "{f:?}");
    }
    f
}

/// Rule `r` (an index into RULES) at the root of `f`, left side to right side.
fn rewrite(r: usize, f: &F, k: &Facts) -> Option<F> {
    let is = |p: &P, c: &str| *p == cmd(c);
    let seq_of = |p: &P, pair: &(String, String)| matches!(p, P::Bin(";", a, b) if is(a, &pair.0) && is(b, &pair.1));
    let nec = |p: P, g: F| F::Nec(p, Box::new(g));
    let pos = |p: P, g: F| F::Pos(p, Box::new(g));
    let bin = |op: char, a: F, b: F| F::Bin(op, Box::new(a), Box::new(b));
    match (RULES[r], f) {
        ("Substitution Rule", F::Nec(p, g)) if is(p, &k.same_as_d) => {
            Some(nec(cmd("d"), *g.clone()))
        }
        ("Sequence Rule", F::Nec(P::Bin(";", a, b), g)) => {
            Some(nec(*a.clone(), nec(*b.clone(), *g.clone())))
        }
        ("Choice Rule", F::Nec(P::Bin("+", a, b), g)) => Some(bin(
            '∨',
            nec(*a.clone(), *g.clone()),
            nec(*b.clone(), *g.clone()),
        )),
        ("Loop Rule", F::Nec(P::Star(a), g)) => {
            Some(bin('∨', *g.clone(), nec(*a.clone(), f.clone())))
        }
        ("Concurrent Rule", F::Pos(P::Bin("||", a, b), g))
            if (is(a, &k.concurrent.0) && is(b, &k.concurrent.1))
                || (is(a, &k.concurrent.1) && is(b, &k.concurrent.0)) =>
        {
            Some(bin(
                '∨',
                pos(*a.clone(), pos(*b.clone(), *g.clone())),
                pos(*b.clone(), pos(*a.clone(), *g.clone())),
            ))
        }
        ("Interruption Rule", F::Pos(p @ P::Bin(_, a, _), g)) if seq_of(p, &k.interrupts) => {
            Some(pos(*a.clone(), *g.clone()))
        }
        ("Exception Rule", F::Nec(p, g)) if is(p, &k.exception) => {
            Some(bin('∧', f.clone(), nec(cmd("e"), *g.clone())))
        }
        ("Resource Limitation Rule", F::Nec(p, _)) if is(p, &k.resource) => {
            Some(bin('∧', F::Atom('R'), f.clone()))
        }
        ("Dependency Rule", F::Nec(p, _)) if is(p, &k.depends.0) => {
            Some(nec(cmd(&k.depends.1), f.clone()))
        }
        ("Priority Rule", F::Pos(p @ P::Bin(_, a, b), g)) if seq_of(p, &k.priority) => {
            Some(pos(*a.clone(), pos(*b.clone(), *g.clone())))
        }
        ("History Rule", F::Nec(p, _)) if is(p, &k.history) => Some(nec(cmd("h"), f.clone())),
        ("Prediction Rule", F::Nec(p, g)) if is(p, &k.predict) => {
            Some(nec(cmd(&format!("predict({})", k.predict)), *g.clone()))
        }
        _ => None,
    }
}

/// Rule `r` at the first place it matches, in pre-order; with the depth of that place.
fn apply_first(r: usize, f: &F, k: &Facts) -> Option<(F, usize)> {
    if let Some(g) = rewrite(r, f, k) {
        return Some((g, 0));
    }
    match f {
        F::Atom(_) => None,
        F::Nec(p, g) => apply_first(r, g, k).map(|(h, d)| (F::Nec(p.clone(), Box::new(h)), d + 1)),
        F::Pos(p, g) => apply_first(r, g, k).map(|(h, d)| (F::Pos(p.clone(), Box::new(h)), d + 1)),
        F::Bin(op, a, b) => match apply_first(r, a, k) {
            Some((h, d)) => Some((F::Bin(*op, Box::new(h), b.clone()), d + 1)),
            None => apply_first(r, b, k).map(|(h, d)| (F::Bin(*op, a.clone(), Box::new(h)), d + 1)),
        },
    }
}

fn rule(name: &str) -> usize {
    RULES
        .iter()
        .position(|r| *r == name)
        .unwrap_or_else(|| panic!("no rule {name:?}"))
}

#[derive(Default)]
struct Seen {
    rewritten: BTreeSet<usize>,
    second: BTreeSet<usize>,
    answered: BTreeSet<usize>,
    depths: BTreeSet<usize>,
    golds: BTreeSet<String>,
    items: usize,
}

/// The answers to a query's questions, in order.
fn answers(query: &str, seen: &mut Seen) -> Vec<String> {
    let k = facts(query);
    let lines: Vec<&str> = query.lines().map(str::trim).collect();
    let letters: Vec<String> = (b'A'..=b'L').map(|c| (c as char).to_string()).collect();
    let options: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(". "))
        .filter(|(n, _)| letters.iter().any(|x| x == n))
        .map(|(_, r)| r)
        .collect();
    assert_eq!(options, RULES, "the twelve rules are the options, in order");
    let mut out = Vec::new();
    let mut rewrites = 0;
    for line in &lines {
        let Some((n, rest)) = line.split_once(". ") else {
            continue;
        };
        if n.parse::<usize>().ok() != Some(out.len() + 1) {
            continue;
        }
        if let Some(rest) = rest.strip_prefix("Apply the ") {
            assert_eq!(rewrites, out.len(), "rewriting questions come first");
            rewrites += 1;
            let rest = rest
                .strip_suffix(". What formula results?")
                .expect("the ask");
            let (names, text) = match rest.split_once(" once to ") {
                Some((r, t)) => (vec![r], t),
                None => {
                    let (r1, tail) = rest.split_once(" once, then the ").expect("two rules");
                    let (r2, t) = tail.split_once(" once, to ").expect("the formula");
                    (vec![r1, r2], t)
                }
            };
            let mut f = parse(text);
            for (i, name) in names.iter().enumerate() {
                let r = rule(name);
                if i == 0 {
                    seen.rewritten.insert(r);
                } else {
                    seen.second.insert(r);
                }
                let (g, d) = apply_first(r, &f, &k)
                    .unwrap_or_else(|| panic!("{name} applies to {}", show(&f)));
                seen.depths.insert(d);
                f = g;
            }
            assert_ne!(show(&f), text, "the result differs from the start");
            out.push(show(&f));
        } else {
            let rest = rest
                .strip_prefix("Which rule, applied once, turns ")
                .and_then(|r| r.strip_suffix('?'))
                .expect("a rule question");
            let (from, to) = rest.split_once(" into ").expect("two formulas");
            let (from, to) = (parse(from), parse(to));
            let hits: Vec<usize> = (0..12)
                .filter(|&r| apply_first(r, &from, &k).is_some_and(|(g, _)| g == to))
                .collect();
            assert_eq!(hits.len(), 1, "exactly one rule: {hits:?} for {rest}");
            seen.answered.insert(hits[0]);
            out.push(letters[hits[0]].clone());
        }
    }
    assert!(
        rewrites >= 1 && out.len() > rewrites,
        "both kinds of question: {out:?}"
    );
    out
}

/// The gold, which may open with `[`, is read from the first `[[…]]`.
fn scores_itself(r: &puzzlec::dataset::Record) {
    use puzzlec::answer::{judge_in, AnswerKind, AnswerSlot, Verdict};
    assert_eq!(r.slot.as_deref(), Some("first_brackets"), "{}", r.id);
    let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
    let response = format!("So the answer is [[{}]].", r.answer);
    let verdict = judge_in(kind, AnswerSlot::FirstBrackets, &r.answer, &response).0;
    assert_eq!(verdict, Verdict::Correct, "{}", r.id);
    let wrong = format!("[[{}X]]", r.answer);
    let verdict = judge_in(kind, AnswerSlot::FirstBrackets, &r.answer, &wrong).0;
    assert_eq!(verdict, Verdict::Wrong, "{}", r.id);
}

#[test]
fn dynamic_golds_are_rederived_from_the_stated_rules() {
    let records = common::records("suites/korbench/kor_logic_15_dynamic.puzzle", "en", ITEMS);
    let mut seen: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        scores_itself(r);
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
        assert_eq!(s.rewritten.len(), 12, "{tier}: every rule rewritten");
        assert_eq!(s.answered.len(), 12, "{tier}: every rule an answer");
        assert!(
            s.depths.contains(&0) && s.depths.contains(&1),
            "{tier}: rules apply at the root and deeper: {:?}",
            s.depths
        );
        assert!(
            s.golds.len() >= 20,
            "{tier}: {} distinct golds",
            s.golds.len()
        );
    }
    assert_eq!(seen["hard"].second.len(), 12, "hard: every second rule");
    assert!(
        seen["hard"].depths.len() >= 4,
        "hard: rules apply three levels deep"
    );
}

#[test]
fn the_rules_rewrite_as_stated() {
    let query = "- c2 behaves the same as d.\n\
                 - c1 and c3 can be executed concurrently.\n\
                 - c3 can interrupt c1.\n\
                 - c1 may trigger the exception e.\n\
                 - c1 is subject to the resource limitation R.\n\
                 - The execution of c1 depends on c2.\n\
                 - c2 has higher priority than c3.\n\
                 - The execution of c3 depends on the historical command h.\n\
                 - The system can predict the outcome of c3.\n";
    let k = facts(query);
    let once = |r: &str, f: &str| apply_first(rule(r), &parse(f), &k).map(|(g, _)| show(&g));
    let cases = [
        ("Substitution Rule", "p∨[c2](p∧q)", "p∨[d](p∧q)"),
        ("Sequence Rule", "⟨c1⟩[(c1+c2);c3]q", "⟨c1⟩[c1+c2][c3]q"),
        ("Choice Rule", "[c2+c1](q∧p)", "[c2](q∧p)∨[c1](q∧p)"),
        ("Loop Rule", "q∧[(c2;c3)*]p", "q∧(p∨[c2;c3][(c2;c3)*]p)"),
        ("Concurrent Rule", "⟨c3||c1⟩p", "⟨c3⟩⟨c1⟩p∨⟨c1⟩⟨c3⟩p"),
        ("Interruption Rule", "[c1]⟨c3;c1⟩q", "[c1]⟨c3⟩q"),
        ("Exception Rule", "[c2]p∨[c1]q", "[c2]p∨([c1]q∧[e]q)"),
        ("Resource Limitation Rule", "[c1][c1]p", "R∧[c1][c1]p"),
        ("Dependency Rule", "⟨c1⟩[c1]p", "⟨c1⟩[c2][c1]p"),
        ("Priority Rule", "⟨c2;c3⟩(p∨q)", "⟨c2⟩⟨c3⟩(p∨q)"),
        ("History Rule", "[c3]q", "[h][c3]q"),
        ("Prediction Rule", "⟨c3⟩q∧[c3]p", "⟨c3⟩q∧[predict(c3)]p"),
    ];
    for (r, from, to) in cases {
        assert_eq!(once(r, from).as_deref(), Some(to), "{r} on {from}");
    }
    // Conditions and forms are respected.
    assert_eq!(once("Concurrent Rule", "⟨c1||c2⟩p"), None);
    assert_eq!(once("Interruption Rule", "⟨c1;c3⟩p"), None);
    assert_eq!(once("Sequence Rule", "⟨c1;c2⟩p"), None);
    assert_eq!(once("Priority Rule", "[c2;c3]p"), None);
    assert_eq!(once("Substitution Rule", "[c1]p"), None);
}
