//! KOR-Bench puzzle rule 4, anagrams
//! (`suites/korbench/kor_puzzle_04_anagram.puzzle`), re-derived from the
//! rendered prompt only: the word list, the given word and how many of its
//! letters to use are parsed from the question; the listed words spelled with
//! exactly that many of the given word's letters (each used at most as often
//! as it occurs; with all the letters, not the given word itself) are found
//! here. They must be exactly the record's accepted answers, the gold must be
//! the first of them, and they must be every entry of `wordlists/en.txt`
//! (read here, not through the library) that answers the question, so the
//! list agrees with the shipped words. Every listed word must be an entry of
//! en.txt, listed once, no Roman numeral; the list is sorted; the levers must
//! match the prompt. 300 items per tier; coverage: both kinds of question
//! and every word length of a tier occur, every number of answers up to the
//! tier's most, and lists hold each kind of distractor (a word of the
//! answer's length with one letter changed, a longer word holding every
//! needed letter, and in "all letters" questions the given word). `score`
//! judges every accepted word right and every other listed word wrong on the
//! first items of each tier. Near misses: the parts reject a letter the word
//! lacks, a letter used too often, the wrong length and the given word.

use crate::common;

use puzzlec::answer::Verdict;
use puzzlec::score::{judge_record, load_dataset};
use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_04_anagram.puzzle";
const NUMBERS: [&str; 8] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven",
];

/// What a prompt states: the list, the given word and the answer's length.
struct Prompt {
    words: Vec<String>,
    given: String,
    size: usize,
}

fn parse(question: &str) -> Prompt {
    let words = common::words::listed(question, "Word list: ");
    let line = question
        .lines()
        .find_map(|l| l.strip_prefix("Word: "))
        .expect("a word line");
    let (given, task) = line.split_once(". ").expect("the word and the task");
    let given = given.to_lowercase();
    let size = if task == "Use all of its letters." {
        given.len()
    } else {
        let rest = task.strip_prefix("Use ").expect("Use");
        let (some, rest) = rest.split_once(" of its ").expect("of its");
        let all = rest.strip_suffix(" letters.").expect("letters");
        let number = |w: &str| NUMBERS.iter().position(|n| *n == w).expect("a number word");
        assert_eq!(number(all), given.len(), "the letter count is the word's");
        number(some)
    };
    Prompt { words, given, size }
}

fn counts(w: &str) -> [usize; 26] {
    let mut c = [0; 26];
    for b in w.bytes() {
        c[(b - b'a') as usize] += 1;
    }
    c
}

/// Whether `w` answers the question: `size` letters, none used more often
/// than in `given`, and not `given` itself.
fn answers(given: &str, size: usize, w: &str) -> bool {
    let (have, need) = (counts(given), counts(w));
    w.len() == size && w != given && (0..26).all(|i| need[i] <= have[i])
}

/// What one tier showed.
#[derive(Default)]
struct Seen {
    all: usize,
    drop: usize,
    lengths: BTreeSet<usize>,
    answers: BTreeSet<usize>,
    changed: usize,
    longer: usize,
    itself: usize,
    golds: BTreeSet<String>,
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let p = parse(&r.question);
        let unique: BTreeSet<&String> = p.words.iter().collect();
        assert_eq!(unique.len(), p.words.len(), "{}: a word listed twice", r.id);
        assert!(p.words.is_sorted(), "{}: the list is sorted", r.id);
        assert!(dictionary.contains(&p.given), "{}: the given word", r.id);
        for w in &p.words {
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
        }
        let valid: Vec<String> = p
            .words
            .iter()
            .filter(|w| answers(&p.given, p.size, w))
            .cloned()
            .collect();
        assert!(!valid.is_empty(), "{}: no listed word answers", r.id);
        assert_eq!(r.answer, valid[0].to_uppercase(), "{}: the gold", r.id);
        let accepted: Vec<String> = r.instance["accepted"]
            .as_array()
            .expect("accepted")
            .iter()
            .map(|v| v.as_str().expect("a word").to_lowercase())
            .collect();
        assert_eq!(accepted, valid, "{}: the accepted answers", r.id);
        let everywhere: Vec<&String> = dictionary
            .iter()
            .filter(|w| answers(&p.given, p.size, w))
            .collect();
        assert_eq!(
            everywhere,
            valid.iter().collect::<Vec<_>>(),
            "{}: the list holds every answer of en.txt",
            r.id
        );
        assert!(
            !r.question.contains(&format!("[[{}]]", r.answer)),
            "{}",
            r.id
        );

        let all = p.size == p.given.len();
        assert_eq!(
            r.levers["mode"].as_str().expect("mode") == "all",
            all,
            "{}",
            r.id
        );
        assert_eq!(p.given.len(), common::lever(r, "letters"), "{}", r.id);
        assert_eq!(p.words.len(), common::lever(r, "words"), "{}", r.id);
        assert!(valid.len() <= common::lever(r, "accepted"), "{}", r.id);

        // Distractors: one letter off at the answer's length, one letter more
        // holding every needed letter, the given word.
        let have = counts(&p.given);
        let changed = p.words.iter().any(|w| {
            let c = counts(w);
            let over: usize = (0..26).map(|i| c[i].saturating_sub(have[i])).sum();
            w.len() == p.size && over == 1
        });
        let longer = p.words.iter().any(|w| {
            w.len() == p.size + 1
                && valid.iter().any(|v| {
                    let (cv, cw) = (counts(v), counts(w));
                    (0..26).all(|i| cv[i] <= cw[i])
                })
        });
        let seen = tiers.entry(r.tier.clone()).or_default();
        if all {
            seen.all += 1;
            assert!(
                p.words.contains(&p.given),
                "{}: the given word is listed",
                r.id
            );
            seen.itself += 1;
        } else {
            seen.drop += 1;
        }
        seen.changed += usize::from(changed);
        seen.longer += usize::from(longer);
        seen.lengths.insert(p.given.len());
        seen.answers.insert(valid.len());
        seen.golds.insert(r.answer.clone());
    }
    let want: BTreeMap<&str, (Vec<usize>, Vec<usize>)> = BTreeMap::from([
        ("easy", (vec![4, 5], vec![1, 2, 3])),
        ("medium", (vec![5, 6], vec![1, 2])),
        ("hard", (vec![6, 7], vec![1])),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    for (tier, (lengths, counts)) in want {
        let seen = &tiers[tier];
        let floor = ITEMS as usize / 10;
        assert!(
            seen.all >= floor && seen.drop >= floor,
            "{tier}: both kinds"
        );
        assert_eq!(
            seen.lengths.iter().copied().collect::<Vec<_>>(),
            lengths,
            "{tier}"
        );
        assert_eq!(
            seen.answers.iter().copied().collect::<Vec<_>>(),
            counts,
            "{tier}"
        );
        assert!(
            seen.changed >= ITEMS as usize * 8 / 10,
            "{tier}: changed {}",
            seen.changed
        );
        assert!(seen.longer >= floor, "{tier}: longer {}", seen.longer);
        assert!(
            seen.golds.len() >= 100,
            "{tier}: only {} golds",
            seen.golds.len()
        );
        eprintln!(
            "{tier}: all {} drop {}, a changed word {}, a longer word {}, {} golds of {ITEMS}",
            seen.all,
            seen.drop,
            seen.changed,
            seen.longer,
            seen.golds.len()
        );
    }
}

#[test]
fn score_takes_every_accepted_word_and_no_other_listed_word() {
    let records = common::records(SPEC, "en", 10);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("t.jsonl");
    let lines: String = records.iter().map(|r| r.to_json_line() + "\n").collect();
    std::fs::write(&path, lines).expect("write");
    let ds = load_dataset(&path).expect("load");
    let (mut right, mut wrong) = (0, 0);
    for (i, r) in records.iter().enumerate() {
        let p = parse(&r.question);
        for w in p.words.iter().chain([&p.given]) {
            let verdict = judge_record(&ds, i, &format!("So: [[{}]]", w.to_uppercase())).0;
            let want = answers(&p.given, p.size, w);
            assert_eq!(verdict == Verdict::Correct, want, "{}: {w}", r.id);
            if want {
                right += 1;
            } else {
                wrong += 1;
            }
        }
        // Lowercase is the same answer; the format example is not one.
        let lower = judge_record(&ds, i, &format!("[[{}]]", r.answer.to_lowercase())).0;
        assert_eq!(lower, Verdict::Correct, "{}", r.id);
        assert_ne!(
            judge_record(&ds, i, "[[your word]]").0,
            Verdict::Correct,
            "{}",
            r.id
        );
    }
    assert!(right >= 30 && wrong >= 200, "{right} right, {wrong} wrong");
}

#[test]
fn the_checker_s_parts_follow_the_rule() {
    let q = "Word list: ENLIST, LISTEN, SILENT, TINSEL, GLISTEN, LISTED.\n\
             Word: LISTEN. Use all of its letters.\n";
    let p = parse(q);
    assert_eq!((p.given.as_str(), p.size), ("listen", 6));
    let valid: Vec<&String> = p.words.iter().filter(|w| answers("listen", 6, w)).collect();
    assert_eq!(valid, ["enlist", "silent", "tinsel"]);
    // The given word, a longer word and a changed letter are not answers.
    assert!(!answers("listen", 6, "listen"));
    assert!(!answers("listen", 6, "glisten"));
    assert!(!answers("listen", 6, "listed"));
    let q =
        "Word list: DENY, DONE, NODE, NONE, DOYEN.\nWord: DOYEN. Use four of its five letters.\n";
    let p = parse(q);
    assert_eq!((p.given.as_str(), p.size), ("doyen", 4));
    // NONE uses N twice; DOYEN uses all five letters.
    assert!(answers("doyen", 4, "deny") && answers("doyen", 4, "node"));
    assert!(!answers("doyen", 4, "none"));
    assert!(!answers("doyen", 4, "doyen"));
    assert!(!answers("doyen", 4, "dyed"));
}
