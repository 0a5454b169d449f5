//! KOR-Bench puzzle rule 6, word ladder
//! (`suites/korbench/kor_puzzle_06_word_ladder.puzzle`), re-derived from the
//! rendered prompt only: the word list and the start and end words are parsed
//! from the question, and a breadth-first search written here over the listed
//! words (two words adjacent when they differ in exactly one position) gives
//! the fewest steps, which must be the gold. Every listed word must be an
//! entry of `wordlists/en.txt` (read here, not through the library), of the
//! start word's length, listed once, and no Roman numeral; the list's size,
//! the word length and the gold must be the tier's levers. 300 items per
//! tier; every distance of a tier occurs, and in at least a tenth of each
//! tier's items the ladder is longer than the start and end words' letter
//! difference, a longer ladder remains without some word of a shortest one,
//! and a listed word reached from the start has one neighbour (a dead end).

use crate::common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_06_word_ladder.puzzle";

/// The word list, the start word and the end word of a prompt, lowercase.
fn parse(question: &str) -> (Vec<String>, String, String) {
    let words = common::words::listed(question, "Word list: ");
    let from = question
        .lines()
        .find_map(|l| l.strip_prefix("From \""))
        .expect("a From line");
    let (start, rest) = from.split_once("\" to \"").expect("two quoted words");
    let end = rest.strip_suffix("\".").expect("a closing quote");
    (words, start.to_lowercase(), end.to_lowercase())
}

fn differ(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count()
}

/// Steps from `from` to every listed word it reaches.
fn distances(words: &[String], from: &str) -> BTreeMap<String, usize> {
    let mut dist = BTreeMap::from([(from.to_string(), 0)]);
    let mut queue = VecDeque::from([from.to_string()]);
    while let Some(w) = queue.pop_front() {
        let d = dist[&w];
        for v in words {
            if differ(&w, v) == 1 && !dist.contains_key(v) {
                dist.insert(v.clone(), d + 1);
                queue.push_back(v.clone());
            }
        }
    }
    dist
}

/// What one tier showed.
#[derive(Default)]
struct Seen {
    golds: BTreeSet<usize>,
    lengths: BTreeSet<usize>,
    longer_than_difference: usize,
    detours: usize,
    dead_ends: usize,
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let (words, start, end) = parse(&r.question);
        let n = start.len();
        let unique: BTreeSet<&String> = words.iter().collect();
        assert_eq!(
            unique.len(),
            words.len(),
            "{}: a word is listed twice",
            r.id
        );
        for w in &words {
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert_eq!(w.len(), n, "{}: {w} is not {n} letters", r.id);
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
        }
        assert!(words.contains(&start) && words.contains(&end), "{}", r.id);
        assert_ne!(start, end, "{}", r.id);

        let from_start = distances(&words, &start);
        let from_end = distances(&words, &end);
        let gold = *from_start
            .get(&end)
            .unwrap_or_else(|| panic!("{}: {end} is not reachable", r.id));
        assert_eq!(r.answer, gold.to_string(), "{}", r.id);
        assert_ne!(r.answer, "N", "{}", r.id);
        assert_eq!(gold, common::lever(r, "distance"), "{}", r.id);
        assert_eq!(n, common::lever(r, "letters"), "{}", r.id);
        assert_eq!(words.len(), common::lever(r, "words"), "{}", r.id);

        let seen = tiers.entry(r.tier.clone()).or_default();
        seen.golds.insert(gold);
        seen.lengths.insert(n);
        if gold > differ(&start, &end) {
            seen.longer_than_difference += 1;
        }
        // A longer ladder: without some word of a shortest ladder, the end
        // is still reached, in more steps. A dead end: a word of the start's
        // component with one neighbour.
        let on_shortest = from_start.iter().filter(|(w, d)| {
            **w != start && **w != end && from_end.get(*w).is_some_and(|e| **d + e == gold)
        });
        if on_shortest.clone().count() == 0 {
            panic!("{}: no word between start and end", r.id);
        }
        if on_shortest.into_iter().any(|(x, _)| {
            let without: Vec<String> = words.iter().filter(|w| *w != x).cloned().collect();
            distances(&without, &start)
                .get(&end)
                .is_some_and(|&d| d > gold)
        }) {
            seen.detours += 1;
        }
        if from_start.keys().any(|w| {
            *w != start && *w != end && words.iter().filter(|v| differ(w, v) == 1).count() == 1
        }) {
            seen.dead_ends += 1;
        }
    }
    let want: BTreeMap<&str, (Vec<usize>, Vec<usize>)> = BTreeMap::from([
        ("easy", (vec![2, 3, 4], vec![3, 4])),
        ("medium", (vec![3, 4, 5], vec![4])),
        ("hard", (vec![4, 5, 6], vec![5])),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    for (tier, (golds, lengths)) in want {
        let seen = &tiers[tier];
        assert_eq!(
            seen.golds.iter().copied().collect::<Vec<_>>(),
            golds,
            "{tier}"
        );
        assert_eq!(
            seen.lengths.iter().copied().collect::<Vec<_>>(),
            lengths,
            "{tier}"
        );
        let floor = ITEMS as usize / 10;
        assert!(
            seen.longer_than_difference >= floor,
            "{tier}: only {} ladders longer than the letter difference",
            seen.longer_than_difference
        );
        assert!(
            seen.detours >= floor,
            "{tier}: only {} lists with a longer alternative ladder",
            seen.detours
        );
        assert!(
            seen.dead_ends >= floor,
            "{tier}: only {} lists with a dead end",
            seen.dead_ends
        );
        eprintln!(
            "{tier}: longer than the difference {}, detours {}, dead ends {} of {ITEMS}",
            seen.longer_than_difference, seen.detours, seen.dead_ends
        );
    }
}

#[test]
fn the_checker_s_parts_follow_the_rule() {
    let q = "Word list: COLD, CORD, CARD, WARD, WARM, WORM.\nFrom \"COLD\" to \"WARM\".\n";
    let (words, start, end) = parse(q);
    assert_eq!(words, ["cold", "cord", "card", "ward", "warm", "worm"]);
    assert_eq!((start.as_str(), end.as_str()), ("cold", "warm"));
    // COLD → CORD → CARD → WARD → WARM; WORM is one letter from WARM and from
    // no other word but WORD, which is not listed.
    assert_eq!(distances(&words, "cold")["warm"], 4);
    assert_eq!(distances(&words, "cold")["worm"], 5);
    assert!(
        common::words::roman("xxiv")
            && common::words::roman("mix")
            && common::words::roman("clvii")
    );
    assert!(
        !common::words::roman("civil")
            && !common::words::roman("mild")
            && !common::words::roman("iiii")
            && !common::words::roman("vivid")
    );
}
