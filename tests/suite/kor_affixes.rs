//! KOR-Bench puzzle rule 2, roots and affixes
//! (`suites/korbench/kor_puzzle_02_affixes.puzzle`), re-derived from the
//! rendered prompt only: the word list, the stems, the side (prefix or
//! suffix) and the affix length are parsed from the question; every group of
//! letters of that length that joined to each stem makes a listed word is
//! found here, and it must be exactly the gold. The same search over all of
//! `wordlists/en.txt` (read here, not through the library) must find the gold
//! alone too. Every listed word and every stem must be an entry of en.txt,
//! listed once, no Roman numeral; the list is sorted; the levers must match
//! what the prompt shows. 300 items per tier; coverage: both sides and every
//! affix length and stem count of a tier occur, and every item has a rival
//! in its list that fits every stem but one (its word for that stem is no
//! entry of en.txt). Near misses: the parts reject a rival, a list without
//! one gold word and a list with a second affix.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_02_affixes.puzzle";

/// What a prompt states.
struct Prompt {
    words: Vec<String>,
    stems: Vec<String>,
    prefix: bool,
    length: usize,
}

fn parse(question: &str) -> Prompt {
    let words = common::words::listed(question, "Word list: ");
    let stems = common::words::listed(question, "Stems: ");
    let ask = question
        .lines()
        .find_map(|l| l.strip_prefix("Find the "))
        .expect("the question line");
    let (length, rest) = ask.split_once("-letter ").expect("the affix length");
    let prefix = if rest.starts_with("prefix that makes a word of the list from every stem.") {
        true
    } else if rest.starts_with("suffix that makes a word of the list from every stem.") {
        false
    } else {
        panic!("neither prefix nor suffix: {ask}")
    };
    Prompt {
        words,
        stems,
        prefix,
        length: length.parse().expect("a length"),
    }
}

fn join(prefix: bool, affix: &str, stem: &str) -> String {
    if prefix {
        format!("{affix}{stem}")
    } else {
        format!("{stem}{affix}")
    }
}

/// Words by length.
type Words = BTreeMap<usize, Vec<String>>;

fn by_length<'a>(words: impl IntoIterator<Item = &'a String>) -> Words {
    let mut out = Words::new();
    for w in words {
        out.entry(w.len()).or_default().push(w.clone());
    }
    out
}

/// The groups of `k` letters that make a word of `words` with `stem`.
fn fitting(words: &Words, prefix: bool, k: usize, stem: &str) -> BTreeSet<String> {
    words
        .get(&(stem.len() + k))
        .into_iter()
        .flatten()
        .filter_map(|w| {
            if prefix {
                w.strip_suffix(stem)
            } else {
                w.strip_prefix(stem)
            }
        })
        .map(str::to_string)
        .collect()
}

/// Every group of `k` letters that makes a word of `words` from every stem.
fn solve(words: &Words, prefix: bool, k: usize, stems: &[String]) -> BTreeSet<String> {
    let mut sets = stems.iter().map(|s| fitting(words, prefix, k, s));
    let first = sets.next().expect("a stem");
    sets.fold(first, |acc, s| acc.intersection(&s).cloned().collect())
}

/// The affixes of `k` letters other than `gold` that fit every stem but one,
/// each with the stem it misses.
fn rivals(
    words: &Words,
    prefix: bool,
    k: usize,
    stems: &[String],
    gold: &str,
) -> Vec<(String, String)> {
    let mut fits: BTreeMap<String, Vec<&String>> = BTreeMap::new();
    for s in stems {
        for a in fitting(words, prefix, k, s) {
            fits.entry(a).or_default().push(s);
        }
    }
    fits.into_iter()
        .filter(|(a, f)| a != gold && f.len() + 1 == stems.len())
        .map(|(a, f)| {
            let miss = stems.iter().find(|s| !f.contains(s)).expect("a miss");
            (a, miss.clone())
        })
        .collect()
}

/// What one tier showed.
#[derive(Default)]
struct Seen {
    sides: BTreeSet<bool>,
    lengths: BTreeSet<usize>,
    stems: BTreeSet<usize>,
    golds: BTreeSet<String>,
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let lexicon = by_length(&dictionary);
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let p = parse(&r.question);
        let listed = by_length(&p.words);
        let unique: BTreeSet<&String> = p.words.iter().collect();
        assert_eq!(unique.len(), p.words.len(), "{}: a word listed twice", r.id);
        assert!(p.words.is_sorted(), "{}: the list is sorted", r.id);
        for w in p.words.iter().chain(&p.stems) {
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
        }
        for s in &p.stems {
            assert!(s.len() >= 3, "{}: stem {s} is shorter than 3", r.id);
        }
        let stems: BTreeSet<&String> = p.stems.iter().collect();
        assert_eq!(stems.len(), p.stems.len(), "{}: a stem twice", r.id);

        let gold = r.answer.to_lowercase();
        assert_eq!(
            solve(&listed, p.prefix, p.length, &p.stems),
            BTreeSet::from([gold.clone()]),
            "{}: the listed words allow exactly the gold",
            r.id
        );
        assert_eq!(
            solve(&lexicon, p.prefix, p.length, &p.stems),
            BTreeSet::from([gold.clone()]),
            "{}: en.txt allows exactly the gold",
            r.id
        );
        assert_eq!(gold.len(), p.length, "{}", r.id);
        let near = rivals(&listed, p.prefix, p.length, &p.stems, &gold);
        assert!(
            !near.is_empty(),
            "{}: no rival fits all stems but one",
            r.id
        );
        for (a, miss) in &near {
            assert!(
                !dictionary.contains(&join(p.prefix, a, miss)),
                "{}: the rival {a} misses {miss} only through the list",
                r.id
            );
        }

        let side = r.levers["side"].as_str().expect("side");
        assert_eq!(side == "prefix", p.prefix, "{}", r.id);
        assert_eq!(p.length, common::lever(r, "affix"), "{}", r.id);
        assert_eq!(p.stems.len(), common::lever(r, "stems"), "{}", r.id);
        assert_eq!(p.words.len(), common::lever(r, "words"), "{}", r.id);
        assert!(
            !r.question.contains(&format!("[[{}]]", r.answer)),
            "{}",
            r.id
        );

        let seen = tiers.entry(r.tier.clone()).or_default();
        seen.sides.insert(p.prefix);
        seen.lengths.insert(p.length);
        seen.stems.insert(p.stems.len());
        seen.golds.insert(gold);
    }
    let want: BTreeMap<&str, (Vec<usize>, Vec<usize>)> = BTreeMap::from([
        ("easy", (vec![2, 3], vec![3])),
        ("medium", (vec![3, 4], vec![4])),
        ("hard", (vec![3, 4], vec![5, 6])),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    for (tier, (lengths, stems)) in want {
        let seen = &tiers[tier];
        assert_eq!(seen.sides.len(), 2, "{tier}: prefixes and suffixes");
        assert_eq!(
            seen.lengths.iter().copied().collect::<Vec<_>>(),
            lengths,
            "{tier}"
        );
        assert_eq!(
            seen.stems.iter().copied().collect::<Vec<_>>(),
            stems,
            "{tier}"
        );
        assert!(
            seen.golds.len() >= 20,
            "{tier}: only {} different golds",
            seen.golds.len()
        );
        eprintln!("{tier}: {} different golds in {ITEMS}", seen.golds.len());
    }
}

#[test]
fn the_checker_s_parts_follow_the_rule() {
    let q = "Word list: DEFORM, DETRACT, REFORM, REPRESS, RETRACT, UNDO.\n\
             Stems: FORM, TRACT, PRESS.\n\
             Find the 2-letter prefix that makes a word of the list from every stem.\n";
    let p = parse(q);
    assert_eq!(p.words.len(), 6);
    assert_eq!(p.stems, ["form", "tract", "press"]);
    assert!(p.prefix && p.length == 2);
    let listed = by_length(&p.words);
    assert_eq!(
        solve(&listed, true, 2, &p.stems),
        BTreeSet::from(["re".to_string()])
    );
    // DE fits FORM and TRACT but not PRESS: a rival, and not an answer.
    assert_eq!(
        rivals(&listed, true, 2, &p.stems, "re"),
        [("de".to_string(), "press".to_string())]
    );
    // Without REPRESS nothing fits; with DEPRESS two affixes fit.
    let without = by_length(p.words.iter().filter(|w| *w != "repress"));
    assert!(solve(&without, true, 2, &p.stems).is_empty());
    let depress = "depress".to_string();
    let with = by_length(p.words.iter().chain([&depress]));
    assert_eq!(solve(&with, true, 2, &p.stems).len(), 2);
    // A suffix reads the stem at the start; the length must match.
    let s = "Word list: DARKNESS, KINDNESS, KINDLY.\nStems: KIND, DARK.\n\
             Find the 4-letter suffix that makes a word of the list from every stem.\n";
    let p = parse(s);
    let listed = by_length(&p.words);
    assert!(!p.prefix);
    assert_eq!(
        solve(&listed, false, 4, &p.stems),
        BTreeSet::from(["ness".to_string()])
    );
    assert!(solve(&listed, false, 2, &p.stems).is_empty());
    assert_eq!(join(false, "ness", "kind"), "kindness");
}
