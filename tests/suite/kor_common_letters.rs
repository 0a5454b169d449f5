//! KOR-Bench puzzle rule 1, hidden members of a set
//! (`suites/korbench/kor_puzzle_01_common_letters.puzzle`), re-derived from
//! the rendered prompt only: the quoted words and the stated set are parsed
//! from the question (a number-word set must be exactly the number words
//! spelled here, in order), every occurrence of every member in every word
//! is found here (overlapping ones included), each word must hold exactly one
//! occurrence of exactly one member and not be a member itself, and the
//! members in the order of the words must be the gold. Every word must be an
//! entry of `wordlists/en.txt` (read here, not through the library), listed
//! once, no Roman numeral, and of the tier's lengths; the word count must be
//! the `words` lever. 300 items per tier; coverage: every set of a tier
//! occurs, every member of every set occurs in some gold, and four items in
//! five name at least three different members.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_01_common_letters.puzzle";
const NUMBERS: [&str; 12] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
];

/// What a prompt states: the words, the set, and whether it is number words.
struct Prompt {
    words: Vec<String>,
    set: Vec<String>,
    numbers: bool,
}

fn parse(question: &str) -> Prompt {
    let line = question
        .lines()
        .find(|l| l.starts_with('"') && l.contains("\": the common feature of these "))
        .expect("the line of the words");
    let (quoted, rest) = line[1..].split_once("\": ").expect("closing quote");
    let words: Vec<String> = quoted.split(' ').map(str::to_string).collect();
    let stated = format!(
        "the common feature of these {} words is that each one contains one of ",
        words.len()
    );
    let set_text = rest
        .strip_prefix(&stated)
        .expect("the word count and the feature")
        .strip_suffix('.')
        .expect("a full stop");
    let (set, numbers) = if let Some(list) = set_text.strip_prefix("the number words from one to ")
    {
        let (upto, list) = list.split_once(" (").expect("the listed numbers");
        let set: Vec<String> = list
            .strip_suffix(')')
            .expect("a closing parenthesis")
            .split(", ")
            .map(str::to_string)
            .collect();
        let n = NUMBERS
            .iter()
            .position(|w| *w == upto)
            .expect("a number word")
            + 1;
        assert_eq!(set, NUMBERS[..n], "the listed numbers are one to {upto}");
        (set, true)
    } else {
        let list = set_text.strip_prefix("the ").expect("the animal set");
        let (n, list) = list.split_once(" animal names ").expect("the animal names");
        let set: Vec<String> = list.split(", ").map(str::to_string).collect();
        assert_eq!(
            set.len(),
            n.parse::<usize>().expect("a count"),
            "{set_text}"
        );
        (set, false)
    };
    let kind = if numbers {
        "number word"
    } else {
        "animal name"
    };
    assert!(
        question.contains(&format!("Output the {kind} contained in each word.")),
        "the question asks for the {kind}"
    );
    Prompt {
        words,
        set,
        numbers,
    }
}

/// Every (member, start) occurrence in `word`, overlapping ones included.
fn occurrences<'a>(word: &str, set: &'a [String]) -> Vec<(&'a str, usize)> {
    let mut out = Vec::new();
    for m in set {
        for i in 0..word.len() {
            if word[i..].starts_with(m.as_str()) {
                out.push((m.as_str(), i));
            }
        }
    }
    out
}

/// What one tier showed.
#[derive(Default)]
struct Seen {
    /// The sets by their size, with the members found in their items.
    sets: BTreeMap<usize, BTreeSet<String>>,
    varied: usize,
    lengths: BTreeSet<usize>,
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let p = parse(&r.question);
        assert_eq!(p.words.len(), common::lever(r, "words"), "{}", r.id);
        let unique: BTreeSet<&String> = p.words.iter().collect();
        assert_eq!(unique.len(), p.words.len(), "{}: a word twice", r.id);
        let (lo, hi) = (common::lever(r, "shortest"), common::lever(r, "longest"));
        let mut gold = Vec::new();
        for w in &p.words {
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert!(
                (lo..=hi).contains(&w.len()),
                "{}: {w} is not {lo} to {hi} letters",
                r.id
            );
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
            assert!(!p.set.contains(w), "{}: {w} is a member itself", r.id);
            let found = occurrences(w, &p.set);
            assert_eq!(found.len(), 1, "{}: {w} holds {found:?}", r.id);
            gold.push(found[0].0);
        }
        assert_eq!(r.answer, gold.join(" "), "{}", r.id);
        assert_ne!(r.answer, "word1 word2 ...", "{}", r.id);
        let seen = tiers.entry(r.tier.clone()).or_default();
        let members: BTreeSet<&str> = gold.iter().copied().collect();
        if members.len() >= 3 {
            seen.varied += 1;
        }
        seen.lengths.extend(p.words.iter().map(String::len));
        let numbers_set = p.numbers;
        let entry = seen.sets.entry(p.set.len()).or_default();
        entry.extend(gold.iter().map(|m| m.to_string()));
        if numbers_set {
            assert!(p.set.len() == 10 || p.set.len() == 12, "{}", r.id);
        }
    }
    // Sizes of the tier's sets, and how many of each set's members must occur.
    let want: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::from([
        ("easy", vec![(10, 10)]),
        ("medium", vec![(12, 12), (31, 31)]),
        ("hard", vec![(53, 53)]),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    for (tier, sets) in want {
        let seen = &tiers[tier];
        assert_eq!(
            seen.sets.keys().copied().collect::<Vec<_>>(),
            sets.iter().map(|s| s.0).collect::<Vec<_>>(),
            "{tier}: the set sizes"
        );
        for (size, floor) in sets {
            let found = &seen.sets[&size];
            assert!(
                found.len() >= floor,
                "{tier}: only {} of {size} members occur: {found:?}",
                found.len()
            );
        }
        assert!(
            seen.varied >= ITEMS as usize * 8 / 10,
            "{tier}: only {} items with three different members",
            seen.varied
        );
        eprintln!(
            "{tier}: members seen {:?}, three or more members {} of {ITEMS}, lengths {:?}",
            seen.sets
                .iter()
                .map(|(k, v)| (k, v.len()))
                .collect::<Vec<_>>(),
            seen.varied,
            seen.lengths
        );
    }
}

#[test]
fn the_checker_s_parts_follow_the_rule() {
    let q = "### Question:\n\"feminine often network\": the common feature of these 3 words is that each one contains one of the number words from one to ten (one, two, three, four, five, six, seven, eight, nine, ten).\nOutput the number word contained in each word.\n";
    let p = parse(q);
    assert_eq!(p.words, ["feminine", "often", "network"]);
    assert!(p.numbers && p.set.len() == 10);
    assert_eq!(occurrences("feminine", &p.set), [("nine", 4)]);
    assert_eq!(occurrences("network", &p.set), [("two", 2)]);
    // "seventeen" holds seven only (teen is no ten); "ewewe" holds ewe twice, overlapping.
    assert_eq!(occurrences("seventeen", &p.set), [("seven", 0)]);
    assert_eq!(occurrences("stonewall", &p.set), [("one", 2)]);
    assert_eq!(occurrences("oneten", &p.set), [("one", 0), ("ten", 3)]);
    let ewe = ["ewe".to_string()];
    assert_eq!(occurrences("ewewe", &ewe), [("ewe", 0), ("ewe", 2)]);
    assert!(
        common::words::roman("xxiv")
            && common::words::roman("mix")
            && !common::words::roman("civil")
            && !common::words::roman("mild")
    );
}
