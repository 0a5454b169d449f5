//! KOR-Bench logic rule 8, direct propositions
//! (`suites/korbench/kor_logic_08_direct_propositions.puzzle`), re-derived
//! from each prompt by a separate sentence parser:
//! - the parts: the subject, predicate, connective and quantifier read off
//!   the sentence, matched with the lettered choices, and the form from the
//!   quantifier and the connective;
//! - the relations: "no relation" when two subjects or predicates differ,
//!   else the relation of the two forms written here from the square of
//!   opposition;
//! - the truth values: every model of the two terms in which the subject's
//!   objects exist (a common object, one outside the predicate, or both) where
//!   the given proposition has the given value; the asked one must take the
//!   same value in all of them, and that value is the gold.
//!
//! 300 items per tier; the format example is never the gold.

use crate::common;

const ITEMS: u64 = 300;

/// (form letter, subject, predicate) of "All|Some|No S are [not] P.".
fn parse(sentence: &str) -> (char, String, String) {
    let body = sentence.trim().strip_suffix('.').expect("a full stop");
    let (q, rest) = body.split_once(' ').expect("a quantifier");
    let (negative, (s, p)) = match rest.split_once(" are not ") {
        Some(parts) => (true, parts),
        None => (false, rest.split_once(" are ").expect("a copula")),
    };
    let form = match (q, negative) {
        ("All", false) => 'A',
        ("All", true) | ("No", false) => 'E',
        ("Some", false) => 'I',
        ("Some", true) => 'O',
        _ => panic!("not a direct proposition: {sentence:?}"),
    };
    (form, s.to_string(), p.to_string())
}

/// The letter of the relation between two different forms (A. * B. # C. & D. %).
fn relation(f: char, g: char) -> char {
    let mut pair = [f, g];
    pair.sort_unstable();
    match pair {
        ['A', 'O'] | ['E', 'I'] => 'A',
        ['A', 'E'] => 'B',
        ['I', 'O'] => 'C',
        ['A', 'I'] | ['E', 'O'] => 'D',
        other => panic!("no relation between {other:?}"),
    }
}

/// Whether form `f` holds when some subject object is a P (`common`) and
/// some is not (`outside`).
fn holds(f: char, common: bool, outside: bool) -> bool {
    match f {
        'A' => !outside,
        'E' => !common,
        'I' => common,
        'O' => outside,
        _ => unreachable!(),
    }
}

/// The value of `g` in every model where `f` has value `v`, if they agree.
fn settled(f: char, v: bool, g: char) -> Option<bool> {
    let models = [(true, false), (false, true), (true, true)];
    let values: Vec<bool> = models
        .iter()
        .filter(|&&(c, o)| holds(f, c, o) == v)
        .map(|&(c, o)| holds(g, c, o))
        .collect();
    (values.iter().all(|&x| x == values[0]) && !values.is_empty()).then(|| values[0])
}

fn form_of(code: &str) -> char {
    code.chars().nth(1).expect("SxP")
}

fn check_parts(query: &str) -> String {
    let sentence = query
        .lines()
        .find(|l| l.starts_with('"'))
        .expect("the sentence");
    let sentence = sentence.trim_matches('"');
    let (form, s, p) = parse(sentence);
    let connective = if matches!(form, 'A' | 'I') {
        "are"
    } else {
        "are not"
    };
    let quantifier = if matches!(form, 'A' | 'E') {
        "all"
    } else {
        "some"
    };
    let choices_line = query
        .lines()
        .find(|l| l.starts_with("A. "))
        .expect("choices");
    let mut choices = Vec::new();
    for (k, letter) in ["A. ", "B. ", "C. ", "D. "].iter().enumerate() {
        let start = choices_line.find(letter).expect("a choice") + 3;
        let end = ["  B. ", "  C. ", "  D. "]
            .get(k)
            .and_then(|next| choices_line.find(next))
            .unwrap_or(choices_line.len());
        choices.push(choices_line[start..end].to_string());
    }
    let letter = |x: &str| {
        let i = choices
            .iter()
            .position(|c| c == x)
            .unwrap_or_else(|| panic!("{x:?} not among {choices:?}"));
        ["A", "B", "C", "D"][i]
    };
    format!(
        "{};{};{};{};S{form}P",
        letter(&s),
        letter(&p),
        letter(connective),
        letter(quantifier)
    )
}

fn check_relations(query: &str) -> String {
    let props: Vec<(char, String, String)> = query
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| parse(l.split_once("] ").expect("a numbered line").1))
        .collect();
    assert_eq!(props.len(), 4);
    let mut out = Vec::new();
    for line in query
        .lines()
        .filter(|l| l.starts_with("What is the relationship between ["))
    {
        let nums: Vec<usize> = line
            .split(['[', ']'])
            .filter_map(|t| t.parse().ok())
            .collect();
        let (a, b) = (&props[nums[0] - 1], &props[nums[1] - 1]);
        if a.1 != b.1 || a.2 != b.2 {
            out.push('E');
        } else {
            assert_ne!(a.0, b.0, "a pair of the same form is asked");
            out.push(relation(a.0, b.0));
        }
    }
    assert_eq!(out.len(), 3);
    out.iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(";")
}

fn check_truth(query: &str) -> String {
    let mut out = Vec::new();
    for line in query
        .lines()
        .filter(|l| l.starts_with("If the proposition "))
    {
        let words: Vec<&str> = line.split(' ').collect();
        // If the proposition SXP is V, then the proposition SYP is what?
        let given = form_of(words[3]);
        let value = words[5].trim_end_matches(',') == "true";
        let asked = form_of(words[9]);
        let v = settled(given, value, asked).unwrap_or_else(|| panic!("{line}: not settled"));
        out.push(if v { "true" } else { "false" });
    }
    assert_eq!(out.len(), 5);
    out.join(";")
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let records = common::records(
        "suites/korbench/kor_logic_08_direct_propositions.puzzle",
        "en",
        ITEMS,
    );
    let mut kinds = [0; 3];
    for r in &records {
        common::scores_itself(r);
        let q = &r.query;
        let (kind, gold) = if q.contains("1. S is what?") {
            (0, check_parts(q))
        } else if q.contains("What is the relationship") {
            (1, check_relations(q))
        } else {
            (2, check_truth(q))
        };
        kinds[kind] += 1;
        assert_eq!(r.answer, gold, "{}", r.id);
        let example = q
            .split("like this: [[")
            .nth(1)
            .and_then(|t| t.split("]]").next());
        assert_ne!(
            example,
            Some(r.answer.as_str()),
            "{}: the format example is the gold",
            r.id
        );
    }
    assert_eq!(kinds, [ITEMS as usize; 3], "each tier asks its own kind");
}

#[test]
fn the_square_of_opposition_is_what_the_models_give() {
    // Contradictories settle each other both ways; contraries only from
    // true, subcontraries only from false; subalternation downwards from
    // true and upwards from false.
    assert_eq!(settled('A', true, 'O'), Some(false));
    assert_eq!(settled('A', false, 'O'), Some(true));
    assert_eq!(settled('A', true, 'E'), Some(false));
    assert_eq!(settled('A', false, 'E'), None);
    assert_eq!(settled('I', false, 'O'), Some(true));
    assert_eq!(settled('I', true, 'O'), None);
    assert_eq!(settled('A', true, 'I'), Some(true));
    assert_eq!(settled('I', false, 'A'), Some(false));
    assert_eq!(settled('I', true, 'A'), None);
    let determined = ['A', 'E', 'I', 'O']
        .iter()
        .flat_map(|&f| [true, false].map(move |v| (f, v)))
        .flat_map(|(f, v)| ['A', 'E', 'I', 'O'].map(move |g| (f, v, g)))
        .filter(|&(f, v, g)| f != g && settled(f, v, g).is_some())
        .count();
    assert_eq!(determined, 16);
}
