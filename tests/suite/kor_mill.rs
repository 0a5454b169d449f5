//! KOR-Bench logic rule 17, five methods for exploring causal relationships
//! (`suites/korbench/kor_logic_17_causal_methods.puzzle`), re-derived from the
//! prompt's own description lines by a separate parser and classifier.
//!
//! Each numbered description is read back into its trials (the set of
//! circumstances present and whether the phenomenon occurred, or the amount
//! of the circumstance, the other circumstances and the amount measured), its
//! "Already known" relations and its conclusion (S and P). Five tests are
//! written here from the rule's definitions: ⸮ (A) several trials, all with S
//! and P, the other circumstances pairwise disjoint; ؆ (B) two trials with
//! the same other circumstances, S and P in one, neither in the other; ꙮ (C)
//! a positive group (S and P, others pairwise disjoint) and a negative group
//! (no S, no P, others pairwise disjoint), at least two of each; ⵣ (D) at
//! least three trials with the same other circumstances, distinct amounts of
//! S, and amounts of P strictly monotone in S's; ⚘ (E) a compound effect and
//! a set of circumstances where the known relations pair every circumstance
//! but S with every effect but P, one to one. Exactly one test must pass for
//! each description, and the gold must list its letters in order; the format
//! line is a placeholder, never the gold. 300 items per tier; every method
//! occurs in every tier.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;

type Set = BTreeSet<String>;

#[derive(Debug, Default)]
struct Description {
    /// (circumstances present, the phenomenon named, occurred?)
    presence: Vec<(Set, String, bool)>,
    /// (circumstance, its amount, other circumstances, phenomenon, its amount)
    amounts: Vec<(String, i64, Set, String, i64)>,
    observed: Set,
    present: Set,
    known: Vec<(String, String)>,
    /// The conclusion: S and P ("changes in …" stripped).
    s: String,
    p: String,
}

fn set(list: &str) -> Set {
    list.split(", ").map(str::to_string).collect()
}

/// `"the dose was 5 milligrams"` → ("the dose", 5).
fn amount(text: &str) -> (String, i64) {
    let (name, rest) = text.split_once(" was ").expect("an amount");
    let n = rest.split(' ').next().expect("a number");
    (name.to_string(), n.parse().expect("an integer amount"))
}

fn parse(block: &str) -> Description {
    let mut d = Description::default();
    for line in block.lines() {
        let line = line.strip_prefix("- ").unwrap_or(line);
        if let Some(rest) = line.strip_prefix("Trial ") {
            let (_, body) = rest.split_once(": ").expect("a trial number");
            let body = body.strip_suffix('.').expect("a full stop");
            if let Some(listed) = body.strip_prefix("present: ") {
                let (items, outcome) = listed.rsplit_once("; ").expect("an outcome");
                let (p, occurred) = match outcome.strip_suffix(" did not occur") {
                    Some(p) => (p, false),
                    None => (outcome.strip_suffix(" occurred").expect("occurred"), true),
                };
                d.presence.push((set(items), p.to_string(), occurred));
            } else {
                let parts: Vec<&str> = body.split("; ").collect();
                assert_eq!(parts.len(), 3, "an amount trial: {body:?}");
                let (c, level) = amount(parts[0]);
                let others = set(parts[1].strip_prefix("also present: ").expect("others"));
                let (e, value) = amount(parts[2]);
                d.amounts.push((c, level, others, e, value));
            }
        } else if let Some(rest) = line.strip_prefix("Observed together, as one combined effect: ")
        {
            d.observed = set(rest.strip_suffix('.').expect("a full stop"));
        } else if let Some(rest) = line.strip_prefix("Present: ") {
            d.present = set(rest.strip_suffix('.').expect("a full stop"));
        } else if let Some(rest) = line.strip_prefix("Already known: ") {
            let (c, e) = rest
                .strip_suffix('.')
                .and_then(|r| r.split_once(" is causally related to "))
                .expect("a known relation");
            d.known.push((c.to_string(), e.to_string()));
        } else if let Some(rest) = line.strip_prefix("Conclusion: ") {
            let (s, p) = rest
                .strip_suffix('.')
                .and_then(|r| r.split_once(" may be causally related to "))
                .expect("a conclusion");
            let strip = |t: &str| t.strip_prefix("changes in ").unwrap_or(t).to_string();
            d.s = strip(s);
            d.p = strip(p);
        } else if !line.trim().is_empty() {
            panic!("an unexpected line {line:?}");
        }
    }
    d
}

/// The sets, with `s` removed from each, are pairwise disjoint.
fn disjoint_others(sets: &[&Set], s: &str) -> bool {
    let mut seen = BTreeSet::new();
    sets.iter()
        .flat_map(|x| x.iter().filter(|c| *c != s))
        .all(|c| seen.insert(c.clone()))
}

fn about_p(d: &Description) -> bool {
    d.presence.iter().all(|t| t.1 == d.p)
}

/// ⸮: P in several cases, S in each, the other circumstances differing.
fn agreement(d: &Description) -> bool {
    let sets: Vec<&Set> = d.presence.iter().map(|t| &t.0).collect();
    d.amounts.is_empty()
        && d.known.is_empty()
        && d.presence.len() >= 3
        && about_p(d)
        && d.presence.iter().all(|t| t.2 && t.0.contains(&d.s))
        && disjoint_others(&sets, &d.s)
}

/// ؆: two cases alike but for S; P where S is, not where it is not.
fn difference(d: &Description) -> bool {
    if !d.amounts.is_empty() || !d.known.is_empty() || d.presence.len() != 2 || !about_p(d) {
        return false;
    }
    let yes: Vec<_> = d.presence.iter().filter(|t| t.2).collect();
    let no: Vec<_> = d.presence.iter().filter(|t| !t.2).collect();
    if yes.len() != 1 || no.len() != 1 {
        return false;
    }
    let mut without = yes[0].0.clone();
    without.remove(&d.s) && !no[0].0.contains(&d.s) && without == no[0].0 && !without.is_empty()
}

/// ꙮ: a positive group (S and P, others differing) and a negative group
/// (no S, no P, others differing).
fn joint(d: &Description) -> bool {
    if !d.amounts.is_empty() || !d.known.is_empty() || !about_p(d) {
        return false;
    }
    let pos: Vec<&Set> = d.presence.iter().filter(|t| t.2).map(|t| &t.0).collect();
    let neg: Vec<&Set> = d.presence.iter().filter(|t| !t.2).map(|t| &t.0).collect();
    pos.len() >= 2
        && neg.len() >= 2
        && pos.iter().all(|x| x.contains(&d.s))
        && neg.iter().all(|x| !x.contains(&d.s) && !x.is_empty())
        && disjoint_others(&pos, &d.s)
        && disjoint_others(&neg, &d.s)
}

/// ⵣ: the others fixed, S's amount changing and P's changing with it.
fn concomitant(d: &Description) -> bool {
    if !d.presence.is_empty() || !d.known.is_empty() || d.amounts.len() < 3 {
        return false;
    }
    let first = &d.amounts[0];
    if !d
        .amounts
        .iter()
        .all(|t| t.0 == d.s && t.3 == d.p && t.2 == first.2 && !t.2.contains(&d.s))
    {
        return false;
    }
    let mut rows: Vec<(i64, i64)> = d.amounts.iter().map(|t| (t.1, t.4)).collect();
    rows.sort_unstable();
    let levels_distinct = rows.windows(2).all(|w| w[0].0 < w[1].0);
    let rising = rows.windows(2).all(|w| w[0].1 < w[1].1);
    let falling = rows.windows(2).all(|w| w[0].1 > w[1].1);
    levels_distinct && (rising || falling)
}

/// ⚘: every circumstance but S explains, as already known, exactly one part
/// of the compound effect, and every part but P is so explained.
fn residues(d: &Description) -> bool {
    if !d.presence.is_empty() || !d.amounts.is_empty() || d.known.is_empty() {
        return false;
    }
    let causes: BTreeMap<&str, &str> = d
        .known
        .iter()
        .map(|(c, e)| (c.as_str(), e.as_str()))
        .collect();
    let effects: Set = d.known.iter().map(|k| k.1.clone()).collect();
    let mut rest_c = d.present.clone();
    let mut rest_e = d.observed.clone();
    causes.len() == d.known.len()
        && effects.len() == d.known.len()
        && rest_c.remove(&d.s)
        && rest_e.remove(&d.p)
        && rest_c == causes.keys().map(|c| c.to_string()).collect::<Set>()
        && rest_e == effects
}

/// One method's structural test.
type Test = fn(&Description) -> bool;

/// The letters of every method whose structure the description has.
fn methods(d: &Description) -> Vec<char> {
    let tests: [(char, Test); 5] = [
        ('A', agreement),
        ('B', difference),
        ('C', joint),
        ('D', concomitant),
        ('E', residues),
    ];
    tests
        .iter()
        .filter(|(_, f)| f(d))
        .map(|(c, _)| *c)
        .collect()
}

/// The description blocks of a query, in order.
fn descriptions(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in query.lines() {
        if let Some(rest) = line.strip_prefix("Description ") {
            let (n, tail) = rest.split_once(':').expect("a number");
            assert_eq!(n.parse::<usize>().expect("a number"), out.len() + 1);
            assert!(tail.is_empty());
            out.push(String::new());
        } else if line.starts_with("- ") {
            let block = out.last_mut().expect("a description before its lines");
            block.push_str(line);
            block.push('\n');
        }
    }
    out
}

#[test]
fn causal_method_golds_are_the_one_matching_structure() {
    let records = common::records(
        "suites/korbench/kor_logic_17_causal_methods.puzzle",
        "en",
        ITEMS,
    );
    let mut seen: BTreeMap<String, BTreeSet<char>> = BTreeMap::new();
    for r in &records {
        common::scores_itself(r);
        let id = &r.id;
        assert!(r.question.contains(r.query.trim()), "{id}: the query");
        let blocks = descriptions(&r.query);
        assert!(blocks.len() >= 3, "{id}: the descriptions");
        let letters: Vec<String> = blocks
            .iter()
            .map(|b| {
                let m = methods(&parse(b));
                assert_eq!(m.len(), 1, "{id}: exactly one method fits {b}: {m:?}");
                seen.entry(r.tier.clone()).or_default().insert(m[0]);
                m[0].to_string()
            })
            .collect();
        assert_eq!(r.answer, letters.join(";"), "{id}");
        assert!(
            r.question.contains("[[A/B/C/D/E;A/B/C/D/E;...]]")
                && !r.question.contains(&format!("[[{}]]", r.answer)),
            "{id}: the format line is a placeholder"
        );
    }
    assert_eq!(seen.len(), 3, "three tiers");
    for (tier, letters) in &seen {
        assert_eq!(letters.len(), 5, "{tier}: every method occurs: {letters:?}");
    }
}

#[test]
fn the_classifier_follows_the_rule_s_tables() {
    let agreement = "- Trial 1: present: S, A, B; P occurred.\n\
                     - Trial 2: present: S, C, D; P occurred.\n\
                     - Trial 3: present: E, S, F; P occurred.\n\
                     - Conclusion: S may be causally related to P.\n";
    assert_eq!(methods(&parse(agreement)), vec!['A']);
    let difference = "- Trial 1: present: A, B; P did not occur.\n\
                      - Trial 2: present: B, S, A; P occurred.\n\
                      - Conclusion: S may be causally related to P.\n";
    assert_eq!(methods(&parse(difference)), vec!['B']);
    let joint = "- Trial 1: present: S, A, B; P occurred.\n\
                 - Trial 2: present: S, C, D; P occurred.\n\
                 - Trial 3: present: A, C; P did not occur.\n\
                 - Trial 4: present: D, B; P did not occur.\n\
                 - Conclusion: S may be causally related to P.\n";
    assert_eq!(methods(&parse(joint)), vec!['C']);
    let concomitant = "- Trial 1: S was 3 units; also present: A, B; P was 9 units.\n\
                       - Trial 2: S was 1 units; also present: A, B; P was 4 units.\n\
                       - Trial 3: S was 2 units; also present: A, B; P was 7 units.\n\
                       - Conclusion: changes in S may be causally related to changes in P.\n";
    assert_eq!(methods(&parse(concomitant)), vec!['D']);
    let residues = "- Observed together, as one combined effect: X, P, Y.\n\
                    - Present: A, B, S.\n\
                    - Already known: A is causally related to X.\n\
                    - Already known: B is causally related to Y.\n\
                    - Conclusion: S may be causally related to P.\n";
    assert_eq!(methods(&parse(residues)), vec!['E']);
    // Near misses fit no method: an agreement whose trials share A, a
    // difference whose trials differ in more than S, amounts out of step.
    let shared = agreement.replace("S, C, D", "S, A, D");
    assert_eq!(methods(&parse(&shared)), Vec::<char>::new());
    let two = difference.replace("B, S, A", "B, S, C");
    assert_eq!(methods(&parse(&two)), Vec::<char>::new());
    let wobble = concomitant.replace("P was 7", "P was 2");
    assert_eq!(methods(&parse(&wobble)), Vec::<char>::new());
}
