//! KOR-Bench logic rule 9, immediate inference
//! (`suites/korbench/kor_logic_09_immediate_inference.puzzle`), re-derived
//! from the prompt's own sentence by a parser and the three methods written
//! here from the rule: A changes the quality and negates the predicate (every
//! form), B exchanges subject and predicate (E and I only), C is A and then
//! the exchange (A, E and O only; a universal affirmative result of A becomes
//! a particular one when exchanged). A result question's gold must be the
//! method's sentence with its spaces and final full stop removed; in a "which method" question exactly
//! one applicable method must give the stated result, and the gold is its
//! letter. 300 items per tier; every (method, form) pair the rule lists occurs.

use crate::common;

use std::collections::BTreeSet;

const ITEMS: u64 = 300;

/// A categorical proposition: universal?, negative?, subject, predicate.
#[derive(Debug, Clone, PartialEq)]
struct Prop {
    all: bool,
    not: bool,
    s: String,
    p: String,
}

impl Prop {
    fn parse(text: &str) -> Prop {
        let body = text.strip_suffix('.').expect("a full stop");
        let (all, rest) = match body.split_once(' ') {
            Some(("All", rest)) => (true, rest),
            Some(("Some", rest)) => (false, rest),
            _ => panic!("no quantifier in {text:?}"),
        };
        let (not, (s, p)) = match rest.split_once(" are not ") {
            Some(parts) => (true, parts),
            None => (false, rest.split_once(" are ").expect("a copula")),
        };
        Prop {
            all,
            not,
            s: s.to_string(),
            p: p.to_string(),
        }
    }

    fn form(&self) -> char {
        match (self.all, self.not) {
            (true, false) => 'A',
            (true, true) => 'E',
            (false, false) => 'I',
            (false, true) => 'O',
        }
    }

    fn sentence(&self) -> String {
        format!(
            "{} {} are {}{}.",
            if self.all { "All" } else { "Some" },
            self.s,
            if self.not { "not " } else { "" },
            self.p
        )
    }

    /// The method's result, or `None` where the rule does not apply it.
    fn by(&self, method: char) -> Option<Prop> {
        let obverted = Prop {
            not: !self.not,
            p: format!("non-{}", self.p),
            ..self.clone()
        };
        match (method, self.form()) {
            ('A', _) => Some(obverted),
            ('B', 'E' | 'I') => Some(Prop {
                s: self.p.clone(),
                p: self.s.clone(),
                ..self.clone()
            }),
            // Obversion, then conversion: A becomes E (converts to E), E becomes
            // A (converts by limitation to I), O becomes I (converts to I).
            ('C', 'A') => Some(Prop {
                all: true,
                not: true,
                s: obverted.p,
                p: self.s.clone(),
            }),
            ('C', 'E' | 'O') => Some(Prop {
                all: false,
                not: false,
                s: obverted.p,
                p: self.s.clone(),
            }),
            _ => None,
        }
    }
}

/// The text between the first pair of double quotes after `marker`.
fn quoted_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let rest = &text[text.find(marker).expect("marker") + marker.len()..];
    let start = rest.find('"').expect("an opening quote") + 1;
    let len = rest[start..].find('"').expect("a closing quote");
    &rest[start..start + len]
}

fn compact(sentence: &str) -> String {
    sentence.trim_end_matches('.').replace(' ', "")
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let records = common::records(
        "suites/korbench/kor_logic_09_immediate_inference.puzzle",
        "en",
        ITEMS,
    );
    let mut seen = BTreeSet::new();
    let mut asked_which = 0;
    for r in &records {
        common::scores_itself(r);
        let q = &r.query;
        assert!(
            r.question.contains(q.trim()),
            "{}: the query is in the prompt",
            r.id
        );
        if q.contains("Which method") {
            asked_which += 1;
            let original = Prop::parse(quoted_after(q, "turns "));
            let result = Prop::parse(quoted_after(q, "into "));
            let fits: Vec<char> = ['A', 'B', 'C']
                .into_iter()
                .filter(|&m| original.by(m).as_ref() == Some(&result))
                .collect();
            assert_eq!(fits.len(), 1, "{}: methods {fits:?} give the result", r.id);
            assert_eq!(r.answer, fits[0].to_string(), "{}", r.id);
            seen.insert((fits[0], original.form()));
        } else {
            let method = q
                .split("applying method ")
                .nth(1)
                .and_then(|rest| rest.chars().next())
                .expect("a method");
            let original = Prop::parse(quoted_after(q, "applying method"));
            let result = original.by(method).unwrap_or_else(|| {
                panic!(
                    "{}: method {method} does not apply to {}",
                    r.id,
                    original.form()
                )
            });
            assert_eq!(r.answer, compact(&result.sentence()), "{}", r.id);
            assert_ne!(r.answer, compact("Some pebbles are not stars."), "{}", r.id);
            seen.insert((method, original.form()));
        }
    }
    let listed: BTreeSet<(char, char)> = [
        ('A', 'A'),
        ('A', 'E'),
        ('A', 'I'),
        ('A', 'O'),
        ('B', 'E'),
        ('B', 'I'),
        ('C', 'A'),
        ('C', 'E'),
        ('C', 'O'),
    ]
    .into();
    assert_eq!(
        seen, listed,
        "every (method, form) pair the rule lists occurs"
    );
    assert!(
        asked_which > 100,
        "the hard tier asks for methods ({asked_which})"
    );
}

#[test]
fn the_parser_and_methods_follow_the_rule_s_examples() {
    let a = Prop::parse("All S are P.");
    assert_eq!(a.by('A').unwrap().sentence(), "All S are not non-P.");
    assert_eq!(a.by('B'), None);
    assert_eq!(a.by('C').unwrap().sentence(), "All non-P are not S.");
    let e = Prop::parse("All S are not P.");
    assert_eq!(e.by('A').unwrap().sentence(), "All S are non-P.");
    assert_eq!(e.by('B').unwrap().sentence(), "All P are not S.");
    assert_eq!(e.by('C').unwrap().sentence(), "Some non-P are S.");
    let i = Prop::parse("Some S are P.");
    assert_eq!(i.by('A').unwrap().sentence(), "Some S are not non-P.");
    assert_eq!(i.by('B').unwrap().sentence(), "Some P are S.");
    assert_eq!(i.by('C'), None);
    let o = Prop::parse("Some S are not P.");
    assert_eq!(o.by('A').unwrap().sentence(), "Some S are non-P.");
    assert_eq!(o.by('B'), None);
    assert_eq!(o.by('C').unwrap().sentence(), "Some non-P are S.");
}
