//! `yacht_dice` golds re-derived from each record's instance by code that
//! shares nothing with the spec or with `best_assignment`: the categories are
//! scored from the rules as the prompt states them, and a memoised recursion
//! over (round, used categories, upper total) collects *every* total the
//! asked rounds reach in an optimal scoring. The gold must be the only one.

use crate::common;

use puzzlec::dataset::Record;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// The score of `dice` in category `k`, in the prompt's (and the reference's)
/// order: Ones..Sixes, Three of a Kind, Four of a Kind, Full House, Small
/// Straight, Large Straight, Yacht.
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
            if count.iter().any(|&c| c >= 3) {
                total
            } else {
                0
            }
        }
        7 => {
            if count.iter().any(|&c| c >= 4) {
                total
            } else {
                0
            }
        }
        8 => {
            let three = count.contains(&3);
            let two = count.contains(&2);
            if three && two {
                25
            } else {
                0
            }
        }
        9 => {
            if has(&[1, 2, 3, 4]) || has(&[2, 3, 4, 5]) || has(&[3, 4, 5, 6]) {
                30
            } else {
                0
            }
        }
        10 => {
            if has(&[1, 2, 3, 4, 5]) || has(&[2, 3, 4, 5, 6]) {
                40
            } else {
                0
            }
        }
        11 => {
            if count.contains(&5) {
                50
            } else {
                0
            }
        }
        _ => panic!("no category {k}"),
    }
}

/// A set of asked-round totals, 0..640, as bits (twelve rounds score at most
/// 50 each, so every total fits).
#[derive(Clone, Copy)]
struct Totals([u64; 10]);

impl Totals {
    const NONE: Totals = Totals([0; 10]);

    fn only(total: usize) -> Totals {
        let mut t = Totals::NONE;
        t.0[total / 64] |= 1 << (total % 64);
        t
    }

    /// Every total of `self` raised by `by` (0..64), added to `into`.
    fn shifted_into(&self, by: usize, into: &mut Totals) {
        assert!(by < 64, "a round scores at most 50");
        assert!(
            by == 0 || self.0[9] >> (64 - by) == 0,
            "a total leaves the range"
        );
        for word in 0..10 {
            let low = self.0[word] << by;
            let carry = if by == 0 || word == 0 {
                0
            } else {
                self.0[word - 1] >> (64 - by)
            };
            into.0[word] |= low | carry;
        }
    }

    fn to_set(self) -> BTreeSet<i64> {
        (0..640)
            .filter(|t| self.0[t / 64] & (1 << (t % 64)) != 0)
            .map(|t| t as i64)
            .collect()
    }
}

struct Game {
    table: Vec<[i64; 12]>,
    asked: Vec<bool>,
    /// Indexed by (used categories, upper total); the round is the number
    /// of categories used.
    memo: Vec<Option<(i64, Totals)>>,
}

impl Game {
    /// The best score of rounds `round..` given the categories used and the
    /// upper total so far (capped at 63), with every asked-round total that
    /// an optimal completion reaches.
    fn best(&mut self, round: usize, used: u16, upper: i64) -> (i64, Totals) {
        if round == 12 {
            let bonus = if upper >= 63 { 35 } else { 0 };
            return (bonus, Totals::only(0));
        }
        let slot = usize::from(used) * 64 + upper as usize;
        if let Some(hit) = self.memo[slot] {
            return hit;
        }
        let mut best = i64::MIN;
        let mut sums = Totals::NONE;
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
                sums = Totals::NONE;
            }
            if s + rest == best {
                rest_sums.shifted_into(asked as usize, &mut sums);
            }
        }
        self.memo[slot] = Some((best, sums));
        (best, sums)
    }
}

/// The English records of items 0..200 of every tier (dataset seed 1), made
/// once for both tests that read them.
fn english_records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| common::records("puzzles/yacht_dice.puzzle", "en", 200))
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
        memo: vec![None; 4096 * 64],
    };
    let (best, sums) = game.best(0, 0, 0);
    (best, sums.to_set(), table)
}

#[test]
fn the_scoring_follows_the_stated_rules() {
    assert_eq!(score(&[3, 3, 5, 3, 1], 2), 9, "the prompt's example");
    assert_eq!(score(&[4, 4, 4, 4, 4], 8), 0, "a yacht is not a full house");
    assert_eq!(score(&[4, 4, 4, 4, 4], 7), 20);
    assert_eq!(score(&[4, 4, 4, 4, 4], 6), 20);
    assert_eq!(score(&[4, 4, 1, 4, 3], 6), 16);
    assert_eq!(score(&[4, 4, 1, 4, 3], 7), 0);
    assert_eq!(score(&[1, 3, 2, 4, 6], 9), 30);
    assert_eq!(score(&[1, 3, 2, 4, 6], 10), 0);
    assert_eq!(score(&[6, 3, 2, 4, 5], 10), 40);
    assert_eq!(score(&[2, 2, 5, 5, 5], 8), 25);
    assert_eq!(score(&[6, 6, 6, 6, 6], 11), 50);
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
    let bands = [("easy", 0, 8), ("medium", 7, 30), ("hard", 30, i64::MAX)];
    let mut checked: HashMap<String, usize> = HashMap::new();
    for r in english_records() {
        let (_, lo, hi) = *bands.iter().find(|b| b.0 == r.tier).expect("a known tier");
        // 40 per tier: 120 items, each a fresh exhaustive check.
        let seen = checked.entry(r.tier.clone()).or_default();
        if *seen == 40 {
            continue;
        }
        *seen += 1;
        let inst = &r.instance;
        let rolls = rolls_of(inst);
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

/// The reference's decision complexity of a game: each round adds
/// 1 / max(1, m), `m` its best category score minus its second best (a tie
/// at the top is m = 0). Returned with the margins as a fraction in lowest
/// terms.
fn decision_complexity(rolls: &[Vec<i64>]) -> (Vec<i64>, (i128, i128)) {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let margins: Vec<i64> = rolls
        .iter()
        .map(|d| {
            let mut row: Vec<i64> = (0..12).map(|k| score(d, k)).collect();
            row.sort_unstable_by(|a, b| b.cmp(a));
            row[0] - row[1]
        })
        .collect();
    let (mut n, mut d) = (0i128, 1i128);
    for &m in &margins {
        let m = i128::from(m.max(1));
        n = n * m + d;
        d *= m;
        let g = gcd(n, d);
        n /= g;
        d /= g;
    }
    (margins, (n, d))
}

#[test]
fn the_complexity_checker_counts_ties_as_one() {
    // A yacht of sixes: 50 against 30 (m = 20); a large straight: 40
    // against 30 (m = 10); 3 3 2 2 6: Threes and Sixes tie at 6 (m = 0,
    // counted as 1); 1 1 3 3 5: Threes 6 against Fives 5 (m = 1); 2 2 4 4 6:
    // Fours 8 against Sixes 6 (m = 2).
    let mut rolls = vec![vec![6; 5], vec![1, 2, 3, 4, 5], vec![3, 3, 2, 2, 6]];
    rolls.extend((0..4).map(|_| vec![1, 1, 3, 3, 5]));
    rolls.extend((0..5).map(|_| vec![2, 2, 4, 4, 6]));
    let (margins, cx) = decision_complexity(&rolls);
    assert_eq!(margins, [20, 10, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    // 1/20 + 1/10 + 5 + 5/2 = 153/20.
    assert_eq!(cx, (153, 20));
}

/// The reference's decision-complexity bands (tenths of a point): easy
/// 0-3.0, medium 3.5-7.0 enforced; its hard floor of 8.0 is not enforced
/// by the reference, and our hard tier records the value without a band.
/// The twelve rolls of a record's instance.
fn rolls_of(inst: &serde_json::Value) -> Vec<Vec<i64>> {
    inst["rolls"]
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
        .collect()
}

#[test]
fn yacht_dice_decision_complexity_is_in_the_reference_band() {
    let bands = [("easy", 0, 30), ("medium", 35, 70), ("hard", 0, 120)];
    let mut seen: HashMap<String, Vec<f64>> = HashMap::new();
    for r in english_records() {
        let inst = &r.instance;
        let rolls = rolls_of(inst);
        let (margins, (n, d)) = decision_complexity(&rolls);
        let recorded: Vec<i64> = inst["decision_margins"]
            .as_array()
            .expect("margins")
            .iter()
            .map(|x| x.as_i64().expect("margin"))
            .collect();
        assert_eq!(recorded, margins, "{}", r.id);
        assert_eq!(
            inst["decision_complexity"].as_str(),
            Some(format!("{n}/{d}").as_str()),
            "{}",
            r.id
        );
        let tier = r.tier.clone();
        let (_, lo, hi) = *bands.iter().find(|b| b.0 == tier).expect("a known tier");
        assert!(
            i128::from(lo) * d <= 10 * n && 10 * n <= i128::from(hi) * d,
            "{}: complexity {n}/{d} outside {lo}..={hi} tenths",
            r.id
        );
        seen.entry(tier).or_default().push(n as f64 / d as f64);
    }
    for (tier, xs) in &seen {
        assert!(xs.len() >= 200, "{tier}: {} items", xs.len());
    }
    // The bands are not empty shells: medium's items all lie above easy's.
    let easy_top = seen["easy"].iter().copied().fold(0.0, f64::max);
    let medium_low = seen["medium"].iter().copied().fold(f64::MAX, f64::min);
    assert!(
        easy_top <= 3.0 && medium_low >= 3.5,
        "{easy_top} {medium_low}"
    );
    // Hard keeps the most complex of 100 sets of rolls, as the reference
    // (its released hard items: median 7.93, 41 % at or above 8.0): its
    // median lies far above medium's band, with a good share at 8.0 or more.
    let mut hard = seen["hard"].clone();
    hard.sort_by(f64::total_cmp);
    let median = hard[hard.len() / 2];
    let at_least_8 = hard.iter().filter(|&&x| x >= 8.0).count() as f64 / hard.len() as f64;
    assert!(median >= 7.3, "hard median {median}");
    assert!(at_least_8 >= 0.2, "hard share at 8.0 or more {at_least_8}");
}
