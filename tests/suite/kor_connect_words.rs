//! KOR-Bench puzzle rule 3, connect words
//! (`suites/korbench/kor_puzzle_03_connect_words.puzzle`), re-derived from
//! the rendered prompt only: the letters, the word list and the asked word
//! lengths are parsed from the question; a listed word is spelled from the
//! letters when no letter occurs in it more often than among the letters
//! (counted here), and the words to find are the listed words of an asked
//! length that are spelled. Their number per length must be the number
//! asked, and they, shorter first and alphabetical within a length, must be
//! the gold. Every listed word must be an entry of `wordlists/en.txt` (read
//! here), no Roman numeral, listed once and in alphabetical order; the
//! letters must be those of an entry of the tier's letter count, and the
//! counts of letters, words and other listed words the tier's levers.
//!
//! Scoring: the gold in any order of its words, in capitals or with commas
//! scores as correct through the record's `accept` condition, and a word
//! left out, added, repeated or replaced by another listed word does not.
//!
//! 300 items per tier; coverage: every letter count and word count of a
//! tier occurs, and in a fifth of each tier's items or more the list holds
//! a word that needs a letter not given, a word that needs a given letter
//! more often than given, and (from medium on) a spelled word of a length
//! not asked for; from medium on the asked lengths differ in some items.

use crate::common;

use puzzlec::answer::Verdict;
use puzzlec::dataset::Record;
use puzzlec::score::{judge_record, load_dataset};
use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_03_connect_words.puzzle";

/// What a prompt states: the letters (lowercase), the listed words and the
/// asked lengths, in the order written.
struct Prompt {
    letters: Vec<u8>,
    words: Vec<String>,
    lengths: Vec<usize>,
}

fn parse(question: &str) -> Prompt {
    let letters = question
        .lines()
        .find_map(|l| l.strip_prefix("Letters: "))
        .expect("a Letters line")
        .split(' ')
        .map(|t| {
            assert!(
                t.len() == 1 && t.bytes().all(|b| b.is_ascii_uppercase()),
                "{t:?}"
            );
            t.as_bytes()[0].to_ascii_lowercase()
        })
        .collect();
    let words = question
        .lines()
        .find_map(|l| l.strip_prefix("Word list: "))
        .expect("a Word list line")
        .strip_suffix('.')
        .expect("a full stop")
        .split(", ")
        .map(str::to_string)
        .collect();
    // `N words: …` on a line of its own (the rule's example is inside a
    // sentence).
    let asked = question
        .lines()
        .find(|l| {
            l.split_once(": ").is_some_and(|(head, _)| {
                let t: Vec<&str> = head.split(' ').collect();
                t.len() == 2 && t[0].parse::<usize>().is_ok() && (t[1] == "words" || t[1] == "word")
            })
        })
        .expect("the asked words");
    let (count, list) = asked.split_once(": ").expect("a colon");
    let count: usize = count
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count");
    let lengths: Vec<usize> = list
        .strip_suffix('.')
        .expect("a full stop")
        .split(',')
        .map(|t| {
            t.strip_suffix(" letter")
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{t:?}"))
        })
        .collect();
    assert_eq!(lengths.len(), count, "{asked}");
    Prompt {
        letters,
        words,
        lengths,
    }
}

fn counts(w: &[u8]) -> [usize; 26] {
    let mut n = [0; 26];
    for b in w {
        n[(b - b'a') as usize] += 1;
    }
    n
}

fn spelled(w: &str, letters: &[u8]) -> bool {
    let (need, have) = (counts(w.as_bytes()), counts(letters));
    need.iter().zip(&have).all(|(a, b)| a <= b)
}

/// The words to find, shorter first and alphabetical within a length; an
/// error when their lengths are not the asked ones.
fn words_to_find(p: &Prompt) -> Result<Vec<String>, String> {
    let asked: BTreeSet<usize> = p.lengths.iter().copied().collect();
    let mut found: Vec<String> = p
        .words
        .iter()
        .filter(|w| asked.contains(&w.len()) && spelled(w, &p.letters))
        .cloned()
        .collect();
    found.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    let mut lengths: Vec<usize> = found.iter().map(String::len).collect();
    let mut want = p.lengths.clone();
    lengths.sort_unstable();
    want.sort_unstable();
    if lengths != want {
        return Err(format!(
            "the words {found:?} do not have the lengths {want:?}"
        ));
    }
    Ok(found)
}

#[derive(Default)]
struct Seen {
    letters: BTreeSet<usize>,
    counts: BTreeSet<usize>,
    absent: usize,
    overused: usize,
    other_length: usize,
    mixed_lengths: usize,
    repeated_letter: usize,
}

/// The verdict of `score` on each response to each record.
fn verdicts(records: &[Record], responses: &dyn Fn(&Record) -> Vec<String>) -> Vec<Vec<Verdict>> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("t.jsonl");
    let lines: String = records.iter().map(|r| r.to_json_line() + "\n").collect();
    std::fs::write(&path, lines).expect("write");
    let ds = load_dataset(&path).expect("load");
    records
        .iter()
        .map(|r| {
            let i = ds.index[&r.id];
            responses(r)
                .iter()
                .map(|resp| judge_record(&ds, i, resp).0)
                .collect()
        })
        .collect()
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let signatures: BTreeSet<Vec<u8>> = dictionary
        .iter()
        .map(|w| {
            let mut s = w.as_bytes().to_vec();
            s.sort_unstable();
            s
        })
        .collect();
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let p = parse(&r.question);
        let mut sorted = p.letters.clone();
        sorted.sort_unstable();
        assert!(
            signatures.contains(&sorted),
            "{}: the letters spell no entry",
            r.id
        );
        assert_eq!(p.letters.len(), common::lever(r, "letters"), "{}", r.id);
        let mut alphabetical = p.words.clone();
        alphabetical.sort();
        alphabetical.dedup();
        assert_eq!(alphabetical, p.words, "{}: sorted, each once", r.id);
        for w in &p.words {
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
        }
        let gold = words_to_find(&p).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        assert_eq!(r.answer, gold.join(" "), "{}", r.id);
        assert_eq!(gold.len(), common::lever(r, "words"), "{}", r.id);
        assert_eq!(
            p.words.len() - gold.len(),
            common::lever(r, "decoys"),
            "{}",
            r.id
        );

        let seen = tiers.entry(r.tier.clone()).or_default();
        seen.letters.insert(p.letters.len());
        seen.counts.insert(gold.len());
        let others: Vec<&String> = p.words.iter().filter(|w| !gold.contains(w)).collect();
        let given: BTreeSet<u8> = p.letters.iter().copied().collect();
        if others
            .iter()
            .any(|w| w.bytes().any(|b| !given.contains(&b)))
        {
            seen.absent += 1;
        }
        if others
            .iter()
            .any(|w| w.bytes().all(|b| given.contains(&b)) && !spelled(w, &p.letters))
        {
            seen.overused += 1;
        }
        if others.iter().any(|w| spelled(w, &p.letters)) {
            seen.other_length += 1;
        }
        if p.lengths.iter().any(|n| *n != p.lengths[0]) {
            seen.mixed_lengths += 1;
        }
        if given.len() < p.letters.len() {
            seen.repeated_letter += 1;
        }
    }
    let want: BTreeMap<&str, (Vec<usize>, Vec<usize>)> = BTreeMap::from([
        ("easy", (vec![3, 4], vec![2, 3])),
        ("medium", (vec![5], vec![4, 5, 6])),
        ("hard", (vec![6], vec![6, 7, 8, 9])),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    let floor = ITEMS as usize / 5;
    for (tier, (letters, counts)) in want {
        let seen = &tiers[tier];
        assert_eq!(
            seen.letters.iter().copied().collect::<Vec<_>>(),
            letters,
            "{tier}"
        );
        assert_eq!(
            seen.counts.iter().copied().collect::<Vec<_>>(),
            counts,
            "{tier}"
        );
        assert!(
            seen.absent >= floor,
            "{tier}: {} with a letter not given",
            seen.absent
        );
        assert!(
            seen.overused >= floor,
            "{tier}: {} with a letter overused",
            seen.overused
        );
        if tier != "easy" {
            assert!(
                seen.other_length >= floor,
                "{tier}: {} with other lengths",
                seen.other_length
            );
            assert!(
                seen.mixed_lengths >= floor,
                "{tier}: {} with mixed lengths",
                seen.mixed_lengths
            );
            assert!(seen.repeated_letter >= 1, "{tier}: no repeated letter");
        }
        eprintln!(
            "{tier}: letter not given {}, overused {}, other length {}, mixed lengths {}, repeated letter {} of {ITEMS}",
            seen.absent, seen.overused, seen.other_length, seen.mixed_lengths, seen.repeated_letter
        );
    }

    // Scoring, on the first 50 items of each tier.
    let sample: Vec<Record> = records
        .iter()
        .filter(|r| r.id.rsplit('/').next().and_then(|i| i.parse::<u64>().ok()) < Some(50))
        .cloned()
        .collect();
    assert_eq!(sample.len(), 150);
    let right = |r: &Record| {
        let words: Vec<&str> = r.answer.split(' ').collect();
        let mut reversed = words.clone();
        reversed.reverse();
        vec![
            format!("So the words are [[{}]].", r.answer),
            format!("[[{}]]", reversed.join(" ")),
            format!("[[{}]]", reversed.join(", ").to_uppercase()),
        ]
    };
    for (r, vs) in sample.iter().zip(verdicts(&sample, &right)) {
        assert!(
            vs.iter().all(|v| *v == Verdict::Correct),
            "{}: {vs:?}",
            r.id
        );
    }
    let wrong = |r: &Record| {
        let p = parse(&r.question);
        let words: Vec<&str> = r.answer.split(' ').collect();
        let decoy = p
            .words
            .iter()
            .find(|w| !words.contains(&w.as_str()))
            .expect("a listed word that is not to be found");
        let same_length = p
            .words
            .iter()
            .find(|w| !words.contains(&w.as_str()) && w.len() == words[0].len());
        let mut out = vec![
            format!("[[{}]]", words[1..].join(" ")),
            format!("[[{} {decoy}]]", r.answer),
            format!("[[{} {}]]", words[0], words[..words.len() - 1].join(" ")),
        ];
        if let Some(d) = same_length {
            out.push(format!("[[{d} {}]]", words[1..].join(" ")));
        }
        out
    };
    for (r, vs) in sample.iter().zip(verdicts(&sample, &wrong)) {
        assert!(
            vs.iter().all(|v| *v != Verdict::Correct),
            "{}: {vs:?}",
            r.id
        );
    }
}

const QUESTION: &str =
    "Letters: T C A\nWord list: act, arc, at, cat, tact, tic.\n2 words: 3 letter,3 letter.\nGive …";

#[test]
fn the_checker_s_parts_follow_the_rule() {
    let p = parse(QUESTION);
    assert_eq!(p.letters, b"tca");
    assert_eq!(p.lengths, [3, 3]);
    // ARC and TIC need a letter not given, TACT needs T twice, AT is not of
    // an asked length.
    assert!(spelled("act", &p.letters) && spelled("at", &p.letters));
    assert!(!spelled("arc", &p.letters) && !spelled("tact", &p.letters));
    assert_eq!(words_to_find(&p).unwrap(), ["act", "cat"]);
}

#[test]
fn a_count_that_does_not_match_is_rejected() {
    // Asking for three 3-letter words where the list spells two, or for a
    // 2-letter word as well, is an error, not a gold.
    for q in [
        QUESTION.replace(
            "2 words: 3 letter,3 letter.",
            "3 words: 3 letter,3 letter,3 letter.",
        ),
        QUESTION.replace("2 words: 3 letter,3 letter.", "2 words: 2 letter,3 letter."),
    ] {
        assert!(words_to_find(&parse(&q)).is_err(), "{q}");
    }
    // A wrong gold: another order is the same words, a decoy is not.
    let gold = words_to_find(&parse(QUESTION)).unwrap().join(" ");
    assert_eq!(gold, "act cat");
    assert_ne!(gold, "act tact");
}
