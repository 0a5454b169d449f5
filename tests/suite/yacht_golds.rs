//! `yacht_dice` golds re-derived from each record's instance by code that
//! shares nothing with the spec or with `best_assignment`: the categories are
//! scored from the rules as the prompt states them, and a memoised recursion
//! over (round, used categories, upper total) collects *every* total the
//! asked rounds reach in an optimal scoring. The gold must be the only one.

use crate::common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use std::collections::{BTreeSet, HashMap};

/// The score of `dice` in category `k`, in the prompt's order: Ones..Sixes,
/// Four of a Kind, Full House, Small Straight, Large Straight, Yacht, Chance.
fn score(dice: &[i64], k: usize) -> i64 {
    let mut count = [0usize; 7];
    for &d in dice {
        count[d as usize] += 1;
    }
    let total: i64 = dice.iter().sum();
    let has = |faces: &[usize]| faces.iter().all(|&f| count[f] > 0);
    match k {
        0..=5 => (k as i64 + 1) * count[k + 1] as i64,
        6 => {
            if count.iter().any(|&c| c >= 4) {
                total
            } else {
                0
            }
        }
        7 => {
            let three = count.contains(&3);
            let two = count.contains(&2);
            if three && two {
                25
            } else {
                0
            }
        }
        8 => {
            if has(&[1, 2, 3, 4]) || has(&[2, 3, 4, 5]) || has(&[3, 4, 5, 6]) {
                30
            } else {
                0
            }
        }
        9 => {
            if has(&[1, 2, 3, 4, 5]) || has(&[2, 3, 4, 5, 6]) {
                40
            } else {
                0
            }
        }
        10 => {
            if count.contains(&5) {
                50
            } else {
                0
            }
        }
        _ => total,
    }
}

struct Game {
    table: Vec<[i64; 12]>,
    asked: Vec<bool>,
    memo: HashMap<(usize, u16, i64), (i64, BTreeSet<i64>)>,
}

impl Game {
    /// The best score of rounds `round..` given the categories used and the
    /// upper total so far (capped at 63), with every asked-round total that
    /// an optimal completion reaches.
    fn best(&mut self, round: usize, used: u16, upper: i64) -> (i64, BTreeSet<i64>) {
        if round == 12 {
            let bonus = if upper >= 63 { 35 } else { 0 };
            return (bonus, BTreeSet::from([0]));
        }
        if let Some(hit) = self.memo.get(&(round, used, upper)) {
            return hit.clone();
        }
        let mut best = i64::MIN;
        let mut sums = BTreeSet::new();
        for k in 0..12 {
            if used & (1 << k) != 0 {
                continue;
            }
            let s = self.table[round][k];
            let up = if k < 6 { (upper + s).min(63) } else { upper };
            let (rest, rest_sums) = self.best(round + 1, used | (1 << k), up);
            let asked = if self.asked[round] { s } else { 0 };
            if s + rest > best {
                best = s + rest;
                sums.clear();
            }
            if s + rest == best {
                sums.extend(rest_sums.iter().map(|x| x + asked));
            }
        }
        self.memo.insert((round, used, upper), (best, sums.clone()));
        (best, sums)
    }
}

/// The greedy player's final score: each round in its best free category,
/// the first such category on a tie.
fn greedy(table: &[[i64; 12]]) -> i64 {
    let mut used = [false; 12];
    let (mut total, mut upper) = (0, 0);
    for row in table {
        let k = (0..12)
            .filter(|&k| !used[k])
            .max_by_key(|&k| (row[k], std::cmp::Reverse(k)))
            .expect("a free category");
        used[k] = true;
        total += row[k];
        if k < 6 {
            upper += row[k];
        }
    }
    total + if upper >= 63 { 35 } else { 0 }
}

/// The set of totals the asked rounds reach over all optimal scorings.
fn asked_totals(rolls: &[Vec<i64>], asked: &[usize]) -> (i64, BTreeSet<i64>, Vec<[i64; 12]>) {
    let table: Vec<[i64; 12]> = rolls
        .iter()
        .map(|d| std::array::from_fn(|k| score(d, k)))
        .collect();
    let mut game = Game {
        table: table.clone(),
        asked: (1..=12).map(|r| asked.contains(&r)).collect(),
        memo: HashMap::new(),
    };
    let (best, sums) = game.best(0, 0, 0);
    (best, sums, table)
}

#[test]
fn the_scoring_follows_the_stated_rules() {
    assert_eq!(score(&[3, 3, 5, 3, 1], 2), 9, "the prompt's example");
    assert_eq!(score(&[4, 4, 4, 4, 4], 7), 0, "a yacht is not a full house");
    assert_eq!(score(&[4, 4, 4, 4, 4], 6), 20);
    assert_eq!(score(&[1, 3, 2, 4, 6], 8), 30);
    assert_eq!(score(&[1, 3, 2, 4, 6], 9), 0);
    assert_eq!(score(&[6, 3, 2, 4, 5], 9), 40);
    assert_eq!(score(&[2, 2, 5, 5, 5], 7), 25);
}

#[test]
fn the_checker_sees_ties_between_optimal_scorings() {
    // Two identical rolls: whichever of them is asked, swapping their
    // categories is also optimal, so the asked total has two values.
    let mut rolls = vec![vec![1, 2, 3, 4, 5]; 2];
    rolls.extend((0..10).map(|i| vec![1 + i % 6; 5]));
    let (_, sums, _) = asked_totals(&rolls, &[1]);
    assert!(sums.len() > 1, "{sums:?}");
}

#[test]
fn yacht_dice_golds_are_the_one_total_of_every_optimal_scoring() {
    let program = common::load(&common::root().join("puzzles/yacht_dice.puzzle"));
    let bands = [("easy", 0, 8), ("medium", 7, 30), ("hard", 30, i64::MAX)];
    for tier in program.tier_names() {
        let (_, lo, hi) = *bands.iter().find(|b| b.0 == tier).expect("a known tier");
        // 40 per tier: 120 items, each a fresh exhaustive check (at 70 per
        // tier this was among the slowest tests).
        for i in 0..40 {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let inst = &r.instance;
            let rolls: Vec<Vec<i64>> = inst["rolls"]
                .as_array()
                .expect("rolls")
                .iter()
                .map(|d| {
                    d.as_array()
                        .expect("dice")
                        .iter()
                        .map(|x| x.as_i64().expect("die"))
                        .collect()
                })
                .collect();
            assert_eq!(rolls.len(), 12);
            assert!(rolls
                .iter()
                .all(|d| d.len() == 5 && d.iter().all(|x| (1..=6).contains(x))));
            let asked: Vec<usize> = inst["asked_rounds"]
                .as_array()
                .expect("asked")
                .iter()
                .map(|x| x.as_u64().expect("round") as usize)
                .collect();
            let (best, sums, table) = asked_totals(&rolls, &asked);
            assert_eq!(inst["optimum"].as_i64(), Some(best), "{}", r.id);
            assert_eq!(
                sums.len(),
                1,
                "{}: the asked total is not unique: {sums:?}",
                r.id
            );
            assert_eq!(r.answer, sums.first().expect("one").to_string(), "{}", r.id);
            let gap = best - greedy(&table);
            assert!(
                lo <= gap && gap <= hi,
                "{}: gap {gap} outside {lo}..={hi}",
                r.id
            );
            assert_eq!(inst["greedy_gap"].as_i64(), Some(gap), "{}", r.id);
            for d in &rolls {
                let shown = d.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
                assert!(
                    r.question.contains(&shown),
                    "{}: roll {shown} is in the prompt",
                    r.id
                );
            }
        }
    }
}
