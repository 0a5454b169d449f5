//! KOR-Bench logic rule 6, symbolising propositions
//! (`suites/korbench/kor_logic_06_formalisation.puzzle`), re-derived from
//! the prompt: each numbered line's sentence is matched against the patterns
//! of the rule (written here from its text), its predicate letters are read
//! from the line's own definitions (`F(x): x is a train`, `H(x,y): x knows y`),
//! and the formula is built from them. The gold must be the formulas joined by
//! `;`. 300 items per tier; every pattern occurs.

use crate::common;

use std::collections::BTreeSet;

const ITEMS: u64 = 300;

/// The letter whose definition ends with `meaning` (`x is a train`).
fn letter<'a>(definitions: &'a str, meaning: &str) -> &'a str {
    definitions
        .split(", ")
        .find_map(|d| {
            let (head, body) = d.split_once(": ")?;
            (body == meaning).then(|| &head[..1])
        })
        .unwrap_or_else(|| panic!("no predicate means {meaning:?} in {definitions:?}"))
}

/// (pattern name, formula) of one numbered line.
fn symbolise(line: &str) -> (&'static str, String) {
    let rest = line.split_once(") ").expect("a number").1;
    let (sentence, definitions) = rest.split_once(" Using ").expect("definitions");
    let definitions = definitions.trim_end_matches('.');
    let body = sentence.trim_end_matches('.');
    // Plain patterns: "<quantifier> <plural> are [not] <property>"; the kind's
    // singular is read from its definition, found by its plural.
    let kind = |plural: &str| -> String {
        definitions
            .split(", ")
            .find_map(|d| {
                let noun = d.split_once(": x is a ")?.1;
                let plurals = [
                    format!("{noun}s"),
                    format!("{}ies", noun.trim_end_matches('y')),
                ];
                plurals
                    .contains(&plural.to_string())
                    .then(|| letter(definitions, &format!("x is a {noun}")).to_string())
            })
            .unwrap_or_else(|| panic!("no kind {plural:?} in {definitions:?}"))
    };
    let plain = |prefix: &str, negated: bool| -> Option<(String, String)> {
        let rest = body.strip_prefix(prefix)?;
        let (plural, property) = if negated {
            rest.split_once(" are not ")?
        } else {
            let (a, b) = rest.split_once(" are ")?;
            if b.starts_with("not ") {
                return None;
            }
            (a, b)
        };
        Some((
            kind(plural),
            letter(definitions, &format!("x is {property}")).to_string(),
        ))
    };
    if let Some((a, b)) = plain("Not all ", false) {
        return ("not_all_are", format!("∼Ax({a}(x)⇒{b}(x))"));
    }
    if let Some((a, b)) = plain("All ", false) {
        return ("all_are", format!("Ax({a}(x)⇒{b}(x))"));
    }
    if let Some((a, b)) = plain("Some ", true) {
        return ("some_are_not", format!("Ex({a}(x)&∼{b}(x))"));
    }
    // Relational patterns: "<Every|Some|No> <kind> <relation> <every|some|any> <kind>".
    let words: Vec<&str> = body.split(' ').collect();
    let (first, last) = (words[0], words[words.len() - 2]);
    if matches!(last, "every" | "some" | "any") && words.len() >= 5 {
        let a = letter(definitions, &format!("x is a {}", words[1]));
        let b = letter(definitions, &format!("y is a {}", words[words.len() - 1]));
        let relation = words[2..words.len() - 2].join(" ");
        let h = letter(definitions, &format!("x {relation} y"));
        return match (first, last) {
            ("Every", "every") => ("every_every", format!("AxAy({a}(x)&{b}(y)⇒{h}(x,y))")),
            ("Every", "some") => ("every_some", format!("Ax({a}(x)⇒Ey({b}(y)&{h}(x,y)))")),
            ("Some", "every") => ("some_every", format!("Ex({a}(x)&Ay({b}(y)⇒{h}(x,y)))")),
            ("No", "any") => ("no_some", format!("∼Ex({a}(x)&Ey({b}(y)&{h}(x,y)))")),
            other => panic!("no pattern {other:?}: {line}"),
        };
    }
    if let Some((a, b)) = plain("Some ", false) {
        return ("some_are", format!("Ex({a}(x)&{b}(x))"));
    }
    if let Some((a, b)) = plain("No ", false) {
        return ("no_are", format!("∼Ex({a}(x)&{b}(x))"));
    }
    panic!("no pattern matches {line:?}");
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let records = common::records(
        "suites/korbench/kor_logic_06_formalisation.puzzle",
        "en",
        ITEMS,
    );
    let mut seen = BTreeSet::new();
    for r in &records {
        common::scores_itself(r);
        let mut gold = Vec::new();
        for line in r
            .query
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('('))
        {
            let (pattern, formula) = symbolise(line);
            seen.insert(pattern);
            gold.push(formula);
        }
        assert!(!gold.is_empty(), "{}", r.id);
        assert_eq!(r.answer, gold.join(";"), "{}", r.id);
    }
    assert_eq!(seen.len(), 9, "every pattern occurs: {seen:?}");
}
