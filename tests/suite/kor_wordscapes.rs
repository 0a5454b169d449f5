//! KOR-Bench puzzle rule 24, Wordscapes
//! (`suites/korbench/kor_puzzle_24_wordscapes.puzzle`), re-derived from the
//! rendered prompt only: the across and down words and the X/0 mask are
//! parsed from the question, the slots (maximal runs of two or more X
//! squares in a row or a column) are found here, and a backtracking search
//! written here tries every word of the slot's direction and length in every
//! slot, each word once, crossing letters agreeing; it counts the complete
//! fillings (stopping at two), which must be exactly one, and that filling,
//! written as the prompt asks (`A B 0,…`), must be the gold. Every word must
//! be an entry of `wordlists/en.txt` (read here), no Roman numeral, listed
//! once, and all of them spelled from the letters of one entry of the
//! tier's wheel length; every X square lies in a slot, and the mask's size
//! and word count are the tier's levers. 300 items per tier; coverage: every
//! grid size and word count of a tier occurs, and from medium on some words
//! share their direction and length (so lengths alone do not place them) in
//! every item.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

const ITEMS: u64 = 300;
const SPEC: &str = "suites/korbench/kor_puzzle_24_wordscapes.puzzle";

/// What a prompt states: the across words, the down words and the mask
/// (`true` for an X square).
struct Prompt {
    across: Vec<String>,
    down: Vec<String>,
    mask: Vec<Vec<bool>>,
}

fn words_after(question: &str, label: &str) -> Vec<String> {
    question
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("a line {label:?}"))
        .split(' ')
        .map(str::to_string)
        .collect()
}

fn parse(question: &str) -> Prompt {
    let across = words_after(question, "across: ");
    let down = words_after(question, "down: ");
    let lines: Vec<&str> = question.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("down: "))
        .expect("the down line")
        + 1;
    let mask: Vec<Vec<bool>> = lines[start..]
        .iter()
        .take_while(|l| !l.is_empty() && l.split(' ').all(|t| t == "X" || t == "0"))
        .map(|l| l.split(' ').map(|t| t == "X").collect())
        .collect();
    assert!(!mask.is_empty(), "a mask follows the word lists");
    let width = mask[0].len();
    assert!(mask.iter().all(|r| r.len() == width), "a rectangular mask");
    Prompt { across, down, mask }
}

/// A slot: direction (0 across, 1 down), first row, first column, length.
type Slot = (usize, usize, usize, usize);

fn slots(mask: &[Vec<bool>]) -> Vec<Slot> {
    let (h, w) = (mask.len(), mask[0].len());
    let at = |r: isize, c: isize| {
        r >= 0 && c >= 0 && (r as usize) < h && (c as usize) < w && mask[r as usize][c as usize]
    };
    let mut out = Vec::new();
    for d in 0..2 {
        for r in 0..h {
            for c in 0..w {
                let (dr, dc) = if d == 0 { (0, 1) } else { (1, 0) };
                let (ri, ci) = (r as isize, c as isize);
                if !at(ri, ci) || at(ri - dr, ci - dc) {
                    continue;
                }
                let mut n = 0;
                while at(ri + dr * n, ci + dc * n) {
                    n += 1;
                }
                if n >= 2 {
                    out.push((d, r, c, n as usize));
                }
            }
        }
    }
    out
}

fn squares(s: Slot) -> impl Iterator<Item = (usize, usize)> {
    let (d, r, c, n) = s;
    (0..n).map(move |k| if d == 0 { (r, c + k) } else { (r + k, c) })
}

/// Every complete filling, up to `cap`: each slot in turn takes an unused
/// word of its direction and length that agrees with the letters placed.
fn fillings(p: &Prompt, cap: usize) -> Vec<Vec<Vec<char>>> {
    fn go(
        ss: &[Slot],
        lists: [&[String]; 2],
        used: &mut BTreeSet<String>,
        grid: &mut Vec<Vec<char>>,
        out: &mut Vec<Vec<Vec<char>>>,
        cap: usize,
    ) {
        if out.len() >= cap {
            return;
        }
        let Some(&s) = ss.first() else {
            out.push(grid.clone());
            return;
        };
        for w in lists[s.0] {
            if w.len() != s.3 || used.contains(w) {
                continue;
            }
            let letters: Vec<char> = w.chars().collect();
            if !squares(s)
                .zip(&letters)
                .all(|((r, c), l)| grid[r][c] == '0' || grid[r][c] == *l)
            {
                continue;
            }
            let before = grid.clone();
            for ((r, c), l) in squares(s).zip(&letters) {
                grid[r][c] = *l;
            }
            used.insert(w.clone());
            go(&ss[1..], lists, used, grid, out, cap);
            used.remove(w);
            *grid = before;
        }
    }
    let ss = slots(&p.mask);
    let mut grid = vec![vec!['0'; p.mask[0].len()]; p.mask.len()];
    let mut out = Vec::new();
    go(
        &ss,
        [&p.across, &p.down],
        &mut BTreeSet::new(),
        &mut grid,
        &mut out,
        cap,
    );
    out
}

fn written(grid: &[Vec<char>]) -> String {
    grid.iter()
        .map(|row| {
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn letter_counts(w: &str) -> [u8; 26] {
    let mut n = [0u8; 26];
    for b in w.bytes() {
        n[(b - b'a') as usize] += 1;
    }
    n
}

/// Words sharing their direction and length with another word.
fn twinned(ws: &[String]) -> usize {
    ws.iter()
        .filter(|w| ws.iter().filter(|v| v.len() == w.len()).count() > 1)
        .count()
}

/// A grid's rows and columns.
type Size = (usize, usize);

#[derive(Default)]
struct Seen {
    sizes: BTreeSet<Size>,
    counts: BTreeSet<usize>,
    twinned: usize,
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let dictionary = common::words::word_list("en");
    let records = common::korbench_records(SPEC, ITEMS);
    let mut tiers: BTreeMap<String, Seen> = BTreeMap::new();
    for r in &records {
        let p = parse(&r.question);
        let (h, w) = (p.mask.len(), p.mask[0].len());
        assert_eq!(h, common::lever(r, "rows"), "{}", r.id);
        assert_eq!(w, common::lever(r, "cols"), "{}", r.id);
        let all: Vec<String> = p.across.iter().chain(&p.down).cloned().collect();
        assert_eq!(all.len(), common::lever(r, "words"), "{}", r.id);
        let distinct: BTreeSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "{}: a word listed twice", r.id);
        let lower: Vec<String> = all.iter().map(|w| w.to_lowercase()).collect();
        for (shown, w) in all.iter().zip(&lower) {
            assert_eq!(*shown, shown.to_uppercase(), "{}: capitals", r.id);
            assert!(dictionary.contains(w), "{}: {w} is not in en.txt", r.id);
            assert!(!common::words::roman(w), "{}: {w} is a Roman numeral", r.id);
            assert!(w.len() >= 3, "{}: {w} is short", r.id);
        }
        // One wheel: an entry of the tier's wheel length whose letters
        // spell every word.
        let wheel = common::lever(r, "wheel");
        let needed = lower.iter().fold([0u8; 26], |acc, w| {
            let n = letter_counts(w);
            std::array::from_fn(|i| acc[i].max(n[i]))
        });
        assert!(
            dictionary.iter().any(|e| e.len() == wheel
                && e.bytes().all(|b| b.is_ascii_lowercase())
                && letter_counts(e).iter().zip(&needed).all(|(a, b)| a >= b)),
            "{}: no {wheel}-letter word spells {lower:?}",
            r.id
        );
        // Every X square is in a slot, and there are as many slots of each
        // direction as words.
        let ss = slots(&p.mask);
        let covered: BTreeSet<(usize, usize)> = ss.iter().flat_map(|s| squares(*s)).collect();
        for (rr, row) in p.mask.iter().enumerate() {
            for (cc, x) in row.iter().enumerate() {
                assert_eq!(
                    *x,
                    covered.contains(&(rr, cc)),
                    "{}: square {rr},{cc}",
                    r.id
                );
            }
        }
        assert_eq!(
            ss.iter().filter(|s| s.0 == 0).count(),
            p.across.len(),
            "{}",
            r.id
        );
        assert_eq!(
            ss.iter().filter(|s| s.0 == 1).count(),
            p.down.len(),
            "{}",
            r.id
        );
        // No empty row or column.
        assert!(p.mask.iter().all(|row| row.contains(&true)), "{}", r.id);
        assert!((0..w).all(|c| p.mask.iter().any(|row| row[c])), "{}", r.id);

        let found = fillings(&p, 2);
        assert_eq!(found.len(), 1, "{}: {} fillings", r.id, found.len());
        assert_eq!(r.answer, written(&found[0]), "{}", r.id);
        assert!(!r.answer.contains("C A T,0 0 0"), "{}", r.id);

        let twins = twinned(&p.across) + twinned(&p.down);
        assert!(twins >= common::lever(r, "twins"), "{}", r.id);
        let seen = tiers.entry(r.tier.clone()).or_default();
        seen.sizes.insert((h, w));
        seen.counts.insert(all.len());
        if twins > 0 {
            seen.twinned += 1;
        }
    }
    let want: BTreeMap<&str, (Vec<Size>, Vec<usize>)> = BTreeMap::from([
        ("easy", (vec![(3, 3), (3, 4), (4, 3), (4, 4)], vec![2, 3])),
        ("medium", (vec![(4, 4), (4, 5), (5, 4), (5, 5)], vec![3, 4])),
        ("hard", (vec![(5, 6)], vec![5, 6])),
    ]);
    assert_eq!(
        tiers.keys().map(String::as_str).collect::<Vec<_>>(),
        want.keys().copied().collect::<Vec<_>>()
    );
    for (tier, (sizes, counts)) in want {
        let seen = &tiers[tier];
        assert_eq!(
            seen.sizes.iter().copied().collect::<Vec<_>>(),
            sizes,
            "{tier}"
        );
        assert_eq!(
            seen.counts.iter().copied().collect::<Vec<_>>(),
            counts,
            "{tier}"
        );
        if tier == "easy" {
            assert!(
                seen.twinned >= ITEMS as usize / 10,
                "{tier}: {}",
                seen.twinned
            );
        } else {
            assert_eq!(seen.twinned, ITEMS as usize, "{tier}");
        }
        eprintln!(
            "{tier}: {} of {ITEMS} with words of one direction and length",
            seen.twinned
        );
    }
}

const CROSS: &str = "across: ACT\ndown: CAT\nX X X\n0 X 0\n0 X 0\nGive the completed grid …";

#[test]
fn the_checker_finds_the_one_filling() {
    let p = parse(CROSS);
    assert_eq!(slots(&p.mask), vec![(0, 0, 0, 3), (1, 0, 1, 3)]);
    let found = fillings(&p, 2);
    assert_eq!(found.len(), 1);
    assert_eq!(written(&found[0]), "A C T,0 A 0,0 T 0");
}

#[test]
fn the_checker_counts_a_second_filling_and_none() {
    // Two across words of one length whose crossings do not tell them apart:
    // SAP and SPA in rows 1 and 3, crossed only by a down word in column 1
    // that is S…S: both orders fit.
    let two = "across: SAP SPA\ndown: SAS\nX X X\nX 0 0\nX X X\n";
    let p = parse(two);
    assert_eq!(fillings(&p, 2).len(), 2);
    // A down word whose first and last letters differ tells them apart:
    // SAP goes where the column starts with S, PAS where it ends with P.
    let one = "across: PAS SAP\ndown: SOP\nX X X\nX 0 0\nX X X\n";
    let found = fillings(&parse(one), 2);
    assert_eq!(found.len(), 1);
    assert_eq!(written(&found[0]), "S A P,O 0 0,P A S");
    // No word fits a slot: nothing.
    let none = "across: CAT\ndown: DOG\nX X X\n0 X 0\n0 X 0\n";
    assert!(fillings(&parse(none), 2).is_empty());
}

#[test]
fn a_wrong_gold_is_rejected() {
    let found = fillings(&parse(CROSS), 2);
    // Swapping the words' places, or a grid that keeps the X marks, is not
    // what the checker derives.
    for wrong in [
        "C A T,0 C 0,0 T 0",
        "A C T,0 A 0,0 T X",
        "A C T,0 A 0,0 T 0,0 0 0",
    ] {
        assert_ne!(written(&found[0]), wrong);
    }
}
