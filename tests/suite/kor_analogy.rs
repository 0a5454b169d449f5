//! KOR-Bench logic rule 18, analogical reasoning by the Ψ and ⌘ methods
//! (`suites/korbench/kor_logic_18_analogy.puzzle`), re-derived from the
//! prompt's own argument and question lines by a separate parser.
//!
//! Each argument is read back (in either layout: premises then "Therefore,",
//! or the conclusion first and the premises after "because") into object A's
//! attributes, object B's listed attributes (each "no X" marking one B
//! lacks) and the concluded attribute. The methods are written here from the
//! rule: Ψ when B has every attribute of A but the concluded d and the
//! conclusion gives B that d; ⌘ when B lacks every attribute of A but d and
//! the conclusion denies B that d. Exactly one must fit each argument. A
//! method question's gold letter is A for Ψ and B for ⌘; an attribute
//! question must name the argument's own method and offer its two kinds in
//! the rule's order, and its letter is A for an attribute compared (#Ψ, -⌘)
//! and B for d (+Ψ, +⌘). The gold must list the letters in order; the format
//! line is a placeholder. 300 items per tier; both methods occur in every
//! tier, and every (method, kind) pair is asked somewhere.

use crate::common;

use std::collections::BTreeSet;

const ITEMS: u64 = 300;

fn bare(x: &str) -> &str {
    x.strip_prefix("a ")
        .or_else(|| x.strip_prefix("an "))
        .unwrap_or(x)
}

/// The items of an English list: "x", "x and y" or "x, y, and z".
fn list(text: &str) -> Vec<String> {
    if text.contains(", ") {
        let mut items: Vec<String> = text.split(", ").map(str::to_string).collect();
        let last = items.pop().expect("items");
        items.push(last.strip_prefix("and ").expect("a serial and").to_string());
        items
    } else if let Some((x, y)) = text.split_once(" and ") {
        vec![x.to_string(), y.to_string()]
    } else {
        vec![text.to_string()]
    }
}

/// "Object has list" → (object in lower case, items).
fn has(text: &str) -> (String, Vec<String>) {
    let (object, items) = text.split_once(" has ").expect("a 'has' premise");
    (object.to_lowercase(), list(items))
}

#[derive(Debug)]
struct Argument {
    a: String,
    a_attrs: Vec<String>,
    b: String,
    b_items: Vec<String>,
    concl_object: String,
    concl: String,
}

fn parse(text: &str) -> Argument {
    let body = text.strip_suffix('.').expect("a full stop");
    let (premise_a, premise_b, conclusion) = match body.split_once(", because ") {
        Some((concl, premises)) => {
            let (pa, pb) = premises.split_once(", while ").expect("two premises");
            (pa, pb, concl)
        }
        None => {
            let (premises, concl) = body.split_once(". Therefore, ").expect("a conclusion");
            let (pa, pb) = premises.split_once(". ").expect("two premises");
            (pa, pb, concl)
        }
    };
    let (a, a_attrs) = has(premise_a);
    let (b, b_items) = has(premise_b);
    let (object, attr) = conclusion
        .split_once(" probably also has ")
        .expect("a conclusion about B");
    Argument {
        a,
        a_attrs,
        b,
        b_items,
        concl_object: object.to_lowercase(),
        concl: attr.to_string(),
    }
}

impl Argument {
    /// The concluded attribute d, without a "no ".
    fn d(&self) -> &str {
        self.concl.strip_prefix("no ").unwrap_or(&self.concl)
    }

    fn shape_ok(&self) -> bool {
        self.a != self.b && self.concl_object == self.b
    }

    /// A's attributes other than d, without articles.
    fn compared(&self) -> Option<BTreeSet<&str>> {
        let d = bare(self.d());
        let rest: BTreeSet<&str> = self
            .a_attrs
            .iter()
            .map(|x| bare(x))
            .filter(|x| *x != d)
            .collect();
        (rest.len() + 1 == self.a_attrs.len() && !rest.is_empty()).then_some(rest)
    }

    /// Ψ: B has a, b, c; hence B has d.
    fn psi(&self) -> bool {
        let b: BTreeSet<&str> = self.b_items.iter().map(|x| bare(x)).collect();
        self.shape_ok()
            && !self.concl.starts_with("no ")
            && self.b_items.iter().all(|x| !x.starts_with("no "))
            && b.len() == self.b_items.len()
            && self.compared() == Some(b)
    }

    /// ⌘: B lacks a, b, c; hence B lacks d.
    fn command(&self) -> bool {
        let lacked: Option<BTreeSet<&str>> =
            self.b_items.iter().map(|x| x.strip_prefix("no ")).collect();
        self.shape_ok()
            && self.concl.starts_with("no ")
            && lacked.is_some_and(|l| l.len() == self.b_items.len() && self.compared() == Some(l))
    }

    /// `Some(true)` for Ψ, `Some(false)` for ⌘, `None` unless exactly one fits.
    fn method(&self) -> Option<bool> {
        match (self.psi(), self.command()) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }
}

/// (argument text, question line, options line) per argument, in order.
fn questions(query: &str) -> Vec<(String, String, String)> {
    let lines: Vec<&str> = query.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("Argument ") {
            let (n, text) = rest.split_once(": ").expect("a number");
            assert_eq!(n.parse::<usize>().expect("a number"), out.len() + 1);
            let q = lines[i + 1]
                .strip_prefix(&format!("Question {n}: "))
                .expect("its question");
            out.push((text.to_string(), q.to_string(), lines[i + 2].to_string()));
        }
    }
    out
}

fn symbol(psi: bool) -> &'static str {
    if psi {
        "Ψ"
    } else {
        "⌘"
    }
}

/// The gold letter of one question, and what it asked: (method, kind letter or 'M').
fn letter(text: &str, question: &str, options: &str) -> (char, (bool, char)) {
    let arg = parse(text);
    let psi = arg
        .method()
        .unwrap_or_else(|| panic!("exactly one method fits {arg:?}"));
    if question == "Which method of reasoning does this argument follow?" {
        assert_eq!(options, "A. Ψ Method   B. ⌘ Method");
        let l = if psi { 'A' } else { 'B' };
        return (l, (psi, 'M'));
    }
    let named = question
        .strip_prefix("This argument follows the ")
        .and_then(|r| r.split_once(" Method."))
        .expect("a named method")
        .0;
    assert_eq!(
        named,
        symbol(psi),
        "the question names the argument's method"
    );
    let kinds = if psi {
        ("#Ψ", "+Ψ")
    } else {
        ("-⌘", "+⌘")
    };
    assert_eq!(
        options,
        format!("A. {} attribute   B. {} attribute", kinds.0, kinds.1)
    );
    let about = question
        .split_once("What kind of attribute is \"")
        .and_then(|(_, r)| r.split_once('"'))
        .expect("a quoted attribute")
        .0;
    assert!(
        arg.a_attrs.iter().any(|x| x == about),
        "{about:?} is one of object A's attributes"
    );
    let l = if bare(about) == bare(arg.d()) {
        'B'
    } else {
        'A'
    };
    (l, (psi, l))
}

#[test]
fn analogy_golds_are_rederived_from_the_arguments() {
    let records = common::records("suites/korbench/kor_logic_18_analogy.puzzle", "en", ITEMS);
    let mut asked = BTreeSet::new();
    let mut methods_per_tier = BTreeSet::new();
    let mut led = 0;
    for r in &records {
        common::scores_itself(r);
        let id = &r.id;
        assert!(r.question.contains(r.query.trim()), "{id}: the query");
        let qs = questions(&r.query);
        assert!(qs.len() >= 5, "{id}: the questions");
        let letters: Vec<String> = qs
            .iter()
            .map(|(text, q, o)| {
                led += usize::from(text.contains(", because "));
                let (l, what) = letter(text, q, o);
                asked.insert(what);
                methods_per_tier.insert((r.tier.clone(), what.0));
                l.to_string()
            })
            .collect();
        assert_eq!(r.answer, letters.join(";"), "{id}");
        assert!(
            r.question.contains("[[A/B;A/B;...]]")
                && !r.question.contains(&format!("[[{}]]", r.answer)),
            "{id}: the format line is a placeholder"
        );
    }
    assert_eq!(methods_per_tier.len(), 6, "both methods in every tier");
    let every: BTreeSet<(bool, char)> = [true, false]
        .into_iter()
        .flat_map(|psi| ['M', 'A', 'B'].map(|k| (psi, k)))
        .collect();
    assert_eq!(asked, every, "every (method, question) pair occurs");
    assert!(led > 300, "the hard tier states conclusions first ({led})");
}

#[test]
fn the_parser_follows_kor_bench_shaped_arguments() {
    let psi = parse(
        "Town F has a long history, a strong faculty, and a new level. Town H has a long history and a strong faculty. Therefore, town H probably also has a new level.",
    );
    assert_eq!(psi.method(), Some(true));
    let command = parse(
        "Planet Moon probably also has no natural life, because planet Earth has an atmosphere, water, and natural life, while planet Moon has no atmosphere and no water.",
    );
    assert_eq!(command.method(), Some(false));
    assert_eq!(
        letter(
            "Planet Moon probably also has no natural life, because planet Earth has an atmosphere, water, and natural life, while planet Moon has no atmosphere and no water.",
            "This argument follows the ⌘ Method. What kind of attribute is \"natural life\" in it?",
            "A. -⌘ attribute   B. +⌘ attribute"
        )
        .0,
        'B'
    );
    // B missing one compared attribute, or a mixed list, fits neither.
    let short = parse(
        "Town F has a long history, a strong faculty, and a new level. Town H has a long history. Therefore, town H probably also has a new level.",
    );
    assert_eq!(short.method(), None);
    let mixed = parse(
        "Planet Moon probably also has no natural life, because planet Earth has an atmosphere, water, and natural life, while planet Moon has an atmosphere and no water.",
    );
    assert_eq!(mixed.method(), None);
}
