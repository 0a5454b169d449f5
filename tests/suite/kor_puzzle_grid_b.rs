//! The KOR-Bench puzzle specs of rules 5, 7, 18, 19, 20 and 23
//! (`suites/korbench/kor_puzzle_*.puzzle`) checked by solvers written here
//! from the rules their prompts state: plain backtracking that counts
//! solutions (stopping at two), sharing no code with the spec or with
//! puzzlec's constraint engine.
//!
//! For every item of every tier (seed 1; 100 per tier, 40 or 25 for the four
//! specs whose generation is slowest, to keep CI short): the givens are read
//! from the record's instance, the solver finds exactly one solution, and
//! that solution is the gold; the gold, answered in `[[…]]`, scores as
//! correct.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::Record;
use serde_json::Value;

/// Items per tier for most specs.
const PER_TIER: u64 = 100;
/// Items per tier for the specs whose generation is slowest (norinori's
/// retried region growth; vector, star battle and campsite grids): together
/// they took most of this file's time at 100.
const PER_TIER_SLOW: u64 = 40;
/// Items per tier for norinori and vector, slower still (each took minutes
/// of the suite's CI time at 40).
const PER_TIER_SLOWEST: u64 = 25;

fn records(name: &str, per_tier: u64) -> Vec<Record> {
    let recs = common::records(&format!("suites/korbench/{name}.puzzle"), "en", per_tier);
    assert_eq!(recs.len() as u64, 3 * per_tier, "{name}: three tiers");
    for r in &recs {
        let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
        let reply = format!("Let me solve it.\n\n[[{}]]", r.answer.replace('\n', ","));
        assert_eq!(
            judge(kind, &r.answer, &reply).0,
            Verdict::Correct,
            "{}: the gold in `[[…]]` scores",
            r.id
        );
        assert!(r.question.contains("### Puzzle Rule:"), "{}", r.id);
        assert!(r.question.trim_end().ends_with("### Answer:"), "{}", r.id);
    }
    recs
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}

fn int(v: &Value) -> usize {
    v.as_u64().expect("non-negative integer") as usize
}

/// `(1,2), (3,4)` as a set of 0-based cells.
fn coords(text: &str) -> BTreeSet<(usize, usize)> {
    text.split(", ")
        .map(|p| {
            let inner = p.trim_start_matches('(').trim_end_matches(')');
            let (r, c) = inner.split_once(',').expect("a pair");
            (
                r.parse::<usize>().expect("row") - 1,
                c.parse::<usize>().expect("column") - 1,
            )
        })
        .collect()
}

fn symbol_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect()
}

// ---------------------------------------------------------------- star battle

struct Stars<'a> {
    n: usize,
    k: usize,
    region: &'a [Vec<usize>],
    col: Vec<usize>,
    reg: Vec<usize>,
    /// Cells of each region in rows at or below each row.
    reg_left: Vec<Vec<usize>>,
    placed: Vec<Vec<usize>>,
    found: Vec<Vec<Vec<usize>>>,
}

impl Stars<'_> {
    fn row(&mut self, r: usize) {
        if self.found.len() >= 2 {
            return;
        }
        if r == self.n {
            if self.col.iter().all(|&c| c == self.k) && self.reg.iter().all(|&g| g == self.k) {
                self.found.push(self.placed.clone());
            }
            return;
        }
        // A region can still get its stars only from cells in rows r and below.
        for g in 0..self.n {
            if self.reg[g] + self.reg_left[r][g] < self.k {
                return;
            }
        }
        for c in 0..self.n {
            if self.col[c] + (self.n - r) < self.k {
                return;
            }
        }
        let combos: Vec<Vec<usize>> = if self.k == 1 {
            (0..self.n).map(|c| vec![c]).collect()
        } else {
            (0..self.n)
                .flat_map(|a| (a + 2..self.n).map(move |b| vec![a, b]))
                .collect()
        };
        for cs in combos {
            let prev = if r > 0 { &self.placed[r - 1] } else { &vec![] };
            if cs.iter().any(|&c| prev.iter().any(|&p| p.abs_diff(c) <= 1)) {
                continue;
            }
            if cs.iter().any(|&c| self.col[c] >= self.k) {
                continue;
            }
            let mut ok = true;
            for &c in &cs {
                self.reg[self.region[r][c]] += 1;
                self.col[c] += 1;
            }
            for &c in &cs {
                if self.reg[self.region[r][c]] > self.k {
                    ok = false;
                }
            }
            if ok {
                self.placed.push(cs.clone());
                self.row(r + 1);
                self.placed.pop();
            }
            for &c in &cs {
                self.reg[self.region[r][c]] -= 1;
                self.col[c] -= 1;
            }
        }
    }
}

#[test]
fn star_battle_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_19_star_battle", PER_TIER_SLOW) {
        let n = int(&r.instance["size"]);
        let k = int(&r.instance["stars"]);
        let rows = strings(&r.instance["regions"]);
        let region: Vec<Vec<usize>> = rows
            .iter()
            .map(|l| l.bytes().map(|b| (b - b'A') as usize).collect())
            .collect();
        assert_eq!(region.len(), n, "{}", r.id);
        let letters: BTreeSet<usize> = region.iter().flatten().copied().collect();
        assert_eq!(letters, (0..n).collect(), "{}: n regions", r.id);
        let mut reg_left = vec![vec![0; n]; n + 1];
        for row in (0..n).rev() {
            reg_left[row] = reg_left[row + 1].clone();
            for c in 0..n {
                reg_left[row][region[row][c]] += 1;
            }
        }
        let mut s = Stars {
            n,
            k,
            region: &region,
            col: vec![0; n],
            reg: vec![0; n],
            reg_left,
            placed: vec![],
            found: vec![],
        };
        s.row(0);
        assert_eq!(s.found.len(), 1, "{}: exactly one solution", r.id);
        let solved: BTreeSet<(usize, usize)> = s.found[0]
            .iter()
            .enumerate()
            .flat_map(|(row, cs)| cs.iter().map(move |&c| (row, c)))
            .collect();
        assert_eq!(coords(&r.answer), solved, "{}", r.id);
        // The reference's golds swapped rows and columns: the lettered form
        // with (row, column) scores, the swapped one does not (unless the
        // layout is symmetric).
        let lettered: Vec<String> = (0..n)
            .map(|g| {
                let cells: String = solved
                    .iter()
                    .filter(|&&(a, b)| region[a][b] == g)
                    .map(|&(a, b)| format!("({},{})", a + 1, b + 1))
                    .collect();
                format!("{}{cells}", (b'A' + g as u8) as char)
            })
            .collect();
        let reply = format!("[[{}]]", lettered.join("\n"));
        assert_eq!(
            judge(AnswerKind::Coords, &r.answer, &reply).0,
            Verdict::Correct,
            "{}",
            r.id
        );
        let transposed: BTreeSet<(usize, usize)> = solved.iter().map(|&(a, b)| (b, a)).collect();
        if transposed != solved {
            let swapped: Vec<String> = transposed
                .iter()
                .map(|&(a, b)| format!("({},{})", a + 1, b + 1))
                .collect();
            assert_eq!(
                judge(
                    AnswerKind::Coords,
                    &r.answer,
                    &format!("[[{}]]", swapped.join(""))
                )
                .0,
                Verdict::Wrong,
                "{}",
                r.id
            );
        }
    }
}

// ---------------------------------------------------------------- campsite

struct Tents<'a> {
    h: usize,
    w: usize,
    tree: &'a [Vec<bool>],
    rows: &'a [usize],
    cols: &'a [usize],
    tent: Vec<Vec<bool>>,
    row_n: Vec<usize>,
    col_n: Vec<usize>,
    found: Vec<Vec<Vec<bool>>>,
}

fn orthogonal(r: usize, c: usize, h: usize, w: usize) -> Vec<(usize, usize)> {
    let mut out = vec![];
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < h {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < w {
        out.push((r, c + 1));
    }
    out
}

/// Whether trees and tents can be paired one to one along orthogonal
/// neighbours (Kuhn's augmenting paths).
fn pairable(tree: &[Vec<bool>], tent: &[Vec<bool>]) -> bool {
    let (h, w) = (tree.len(), tree[0].len());
    let trees: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| tree[r][c])
        .collect();
    let tents = tent.iter().flatten().filter(|&&t| t).count();
    if tents != trees.len() {
        return false;
    }
    let mut owner: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    fn augment(
        t: usize,
        trees: &[(usize, usize)],
        tent: &[Vec<bool>],
        owner: &mut BTreeMap<(usize, usize), usize>,
        seen: &mut BTreeSet<(usize, usize)>,
    ) -> bool {
        let (r, c) = trees[t];
        for cell in orthogonal(r, c, tent.len(), tent[0].len()) {
            if !tent[cell.0][cell.1] || !seen.insert(cell) {
                continue;
            }
            let free = match owner.get(&cell) {
                None => true,
                Some(&o) => augment(o, trees, tent, owner, seen),
            };
            if free {
                owner.insert(cell, t);
                return true;
            }
        }
        false
    }
    (0..trees.len()).all(|t| augment(t, &trees, tent, &mut owner, &mut BTreeSet::new()))
}

impl Tents<'_> {
    fn cell(&mut self, i: usize) {
        if self.found.len() >= 2 {
            return;
        }
        let (r, c) = (i / self.w, i % self.w);
        if i == self.h * self.w {
            if self.col_n == self.cols && pairable(self.tree, &self.tent) {
                self.found.push(self.tent.clone());
            }
            return;
        }
        if c == 0 && r > 0 && self.row_n[r - 1] != self.rows[r - 1] {
            return;
        }
        // Leave the cell empty.
        self.cell(i + 1);
        // Or put a tent: empty cell next to a tree, counts not exceeded,
        // no tent among the earlier neighbours.
        let next_to_tree = orthogonal(r, c, self.h, self.w)
            .iter()
            .any(|&(a, b)| self.tree[a][b]);
        let touching = [(0i64, -1i64), (-1, -1), (-1, 0), (-1, 1)]
            .iter()
            .any(|&(dr, dc)| {
                let (a, b) = (r as i64 + dr, c as i64 + dc);
                a >= 0 && b >= 0 && (b as usize) < self.w && self.tent[a as usize][b as usize]
            });
        if !self.tree[r][c]
            && next_to_tree
            && !touching
            && self.row_n[r] < self.rows[r]
            && self.col_n[c] < self.cols[c]
        {
            self.tent[r][c] = true;
            self.row_n[r] += 1;
            self.col_n[c] += 1;
            self.cell(i + 1);
            self.tent[r][c] = false;
            self.row_n[r] -= 1;
            self.col_n[c] -= 1;
        }
    }
}

#[test]
fn campsite_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_20_campsite", PER_TIER_SLOW) {
        let grid = strings(&r.instance["grid"]);
        let tree: Vec<Vec<bool>> = grid
            .iter()
            .map(|l| l.chars().map(|c| c == 'T').collect())
            .collect();
        let rows: Vec<usize> = r.instance["row_tents"]
            .as_array()
            .unwrap()
            .iter()
            .map(int)
            .collect();
        let cols: Vec<usize> = r.instance["column_tents"]
            .as_array()
            .unwrap()
            .iter()
            .map(int)
            .collect();
        let (h, w) = (tree.len(), tree[0].len());
        assert_eq!(
            (h, w),
            (int(&r.instance["rows"]), int(&r.instance["columns"])),
            "{}",
            r.id
        );
        let mut s = Tents {
            h,
            w,
            tree: &tree,
            rows: &rows,
            cols: &cols,
            tent: vec![vec![false; w]; h],
            row_n: vec![0; h],
            col_n: vec![0; w],
            found: vec![],
        };
        s.cell(0);
        assert_eq!(s.found.len(), 1, "{}: exactly one solution", r.id);
        let want: Vec<Vec<String>> = (0..h)
            .map(|a| {
                (0..w)
                    .map(|b| {
                        if tree[a][b] {
                            "T"
                        } else if s.found[0][a][b] {
                            "C"
                        } else {
                            "X"
                        }
                        .to_string()
                    })
                    .collect()
            })
            .collect();
        assert_eq!(symbol_rows(&r.answer), want, "{}", r.id);
    }
}

// ---------------------------------------------------------------- norinori

struct Nori<'a> {
    n: usize,
    region: &'a [Vec<usize>],
    regions: usize,
    shade: Vec<Vec<bool>>,
    count: Vec<usize>,
    left: Vec<usize>,
    found: Vec<Vec<Vec<bool>>>,
}

impl Nori<'_> {
    fn shaded_neighbours(&self, r: usize, c: usize) -> usize {
        orthogonal(r, c, self.n, self.n)
            .iter()
            .filter(|&&(a, b)| self.shade[a][b])
            .count()
    }
    /// Cell (r, c) is shaded with exactly one shaded neighbour, checked once
    /// all its neighbours are decided.
    fn settled(&self, r: usize, c: usize) -> bool {
        !self.shade[r][c] || self.shaded_neighbours(r, c) == 1
    }
    fn cell(&mut self, i: usize) {
        if self.found.len() >= 2 {
            return;
        }
        let n = self.n;
        if i == n * n {
            if (0..n).all(|c| self.settled(n - 1, c)) && self.count.iter().all(|&k| k == 2) {
                self.found.push(self.shade.clone());
            }
            return;
        }
        let (r, c) = (i / n, i % n);
        let g = self.region[r][c];
        self.left[g] -= 1;
        for on in [false, true] {
            if on && self.count[g] == 2 {
                continue;
            }
            if !on && self.count[g] + self.left[g] < 2 {
                continue;
            }
            self.shade[r][c] = on;
            self.count[g] += on as usize;
            // The cell above now has all its neighbours decided; no decided
            // cell may have two shaded neighbours.
            let ok = (r == 0 || self.settled(r - 1, c))
                && (!on || self.shaded_neighbours(r, c) <= 1)
                && (c == 0 || !self.shade[r][c - 1] || self.shaded_neighbours(r, c - 1) <= 1)
                && (r == 0 || !self.shade[r - 1][c] || self.shaded_neighbours(r - 1, c) <= 1);
            if ok {
                self.cell(i + 1);
            }
            self.count[g] -= on as usize;
            self.shade[r][c] = false;
        }
        self.left[g] += 1;
        let _ = self.regions;
    }
}

#[test]
fn norinori_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_23_norinori", PER_TIER_SLOWEST) {
        let n = int(&r.instance["size"]);
        let rows = strings(&r.instance["regions"]);
        let region: Vec<Vec<usize>> = rows
            .iter()
            .map(|l| l.bytes().map(|b| (b - b'A') as usize).collect())
            .collect();
        let regions = region.iter().flatten().max().unwrap() + 1;
        let mut left = vec![0; regions];
        for &g in region.iter().flatten() {
            left[g] += 1;
        }
        let mut s = Nori {
            n,
            region: &region,
            regions,
            shade: vec![vec![false; n]; n],
            count: vec![0; regions],
            left,
            found: vec![],
        };
        s.cell(0);
        assert_eq!(s.found.len(), 1, "{}: exactly one solution", r.id);
        let solved: BTreeSet<(usize, usize)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| s.found[0][a][b])
            .collect();
        assert_eq!(coords(&r.answer), solved, "{}", r.id);
        assert!(
            r.question.contains(&format!("{regions} regions")),
            "{}",
            r.id
        );
    }
}

// ---------------------------------------------------------------- vector puzzle

const DIRS: [(i64, i64, &str); 4] = [(-1, 0, "↑"), (1, 0, "↓"), (0, -1, "←"), (0, 1, "→")];

struct Vectors {
    n: usize,
    /// Per number cell: every way to split its number over the four
    /// directions, as the list of cells covered and their arrows.
    options: Vec<Vec<Vec<(usize, usize, usize)>>>,
    /// Number cells that can reach each cell.
    reach: Vec<Vec<Vec<usize>>>,
    blank: Vec<Vec<bool>>,
    cover: Vec<Vec<Option<usize>>>,
    used: Vec<bool>,
    found: Vec<Vec<Vec<Option<usize>>>>,
}

impl Vectors {
    fn search(&mut self) {
        if self.found.len() >= 2 {
            return;
        }
        let n = self.n;
        let next =
            (0..n * n).find(|&i| self.blank[i / n][i % n] && self.cover[i / n][i % n].is_none());
        let Some(i) = next else {
            if self.used.iter().all(|&u| u) {
                self.found.push(self.cover.clone());
            }
            return;
        };
        let (r, c) = (i / n, i % n);
        for s in self.reach[r][c].clone() {
            if self.used[s] {
                continue;
            }
            for o in 0..self.options[s].len() {
                let cells = &self.options[s][o];
                if !cells.iter().any(|&(a, b, _)| (a, b) == (r, c)) {
                    continue;
                }
                if cells.iter().any(|&(a, b, _)| self.cover[a][b].is_some()) {
                    continue;
                }
                let cells = cells.clone();
                for &(a, b, d) in &cells {
                    self.cover[a][b] = Some(d);
                }
                self.used[s] = true;
                self.search();
                self.used[s] = false;
                for &(a, b, _) in &cells {
                    self.cover[a][b] = None;
                }
            }
        }
    }
}

#[test]
fn vector_puzzle_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_18_vector_puzzle", PER_TIER_SLOWEST) {
        let n = int(&r.instance["size"]);
        let grid: Vec<Vec<String>> = r.instance["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(strings)
            .collect();
        let blank: Vec<Vec<bool>> = grid
            .iter()
            .map(|row| row.iter().map(|x| x == "X").collect())
            .collect();
        let sources: Vec<(usize, usize, usize)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| !blank[a][b])
            .map(|(a, b)| (a, b, grid[a][b].parse().expect("a number")))
            .collect();
        let mut options = vec![];
        let mut reach = vec![vec![vec![]; n]; n];
        for (s, &(a, b, v)) in sources.iter().enumerate() {
            // How far each direction can go before a number or the edge.
            let room: Vec<usize> = DIRS
                .iter()
                .map(|&(dr, dc, _)| {
                    let mut k = 0;
                    loop {
                        let (x, y) = (a as i64 + dr * (k + 1), b as i64 + dc * (k + 1));
                        if x < 0
                            || y < 0
                            || x >= n as i64
                            || y >= n as i64
                            || !blank[x as usize][y as usize]
                        {
                            break;
                        }
                        reach[x as usize][y as usize].push(s);
                        k += 1;
                    }
                    k as usize
                })
                .collect();
            let mut opts = vec![];
            for u in 0..=room[0].min(v) {
                for d in 0..=room[1].min(v - u) {
                    for l in 0..=room[2].min(v - u - d) {
                        let rt = v - u - d - l;
                        if rt > room[3] {
                            continue;
                        }
                        let mut cells = vec![];
                        for (dir, len) in [u, d, l, rt].into_iter().enumerate() {
                            let (dr, dc, _) = DIRS[dir];
                            for k in 1..=len as i64 {
                                cells.push((
                                    (a as i64 + dr * k) as usize,
                                    (b as i64 + dc * k) as usize,
                                    dir,
                                ));
                            }
                        }
                        opts.push(cells);
                    }
                }
            }
            options.push(opts);
        }
        let mut s = Vectors {
            n,
            options,
            reach,
            blank: blank.clone(),
            cover: vec![vec![None; n]; n],
            used: vec![false; sources.len()],
            found: vec![],
        };
        s.search();
        assert_eq!(s.found.len(), 1, "{}: exactly one solution", r.id);
        let want: Vec<Vec<String>> = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| match s.found[0][a][b] {
                        Some(d) => DIRS[d].2.to_string(),
                        None => grid[a][b].clone(),
                    })
                    .collect()
            })
            .collect();
        assert_eq!(symbol_rows(&r.answer), want, "{}", r.id);
    }
}

// ---------------------------------------------------------------- crypto-math

struct Crypto {
    /// Letters in the order they are assigned: column by column from the
    /// right, each letter at its first appearance.
    order: Vec<char>,
    /// After how many assigned letters column j (from the right) is complete.
    ready: Vec<(usize, usize)>,
    words: [Vec<char>; 3],
    digit: BTreeMap<char, u32>,
    found: Vec<BTreeMap<char, u32>>,
}

impl Crypto {
    fn value_at(&self, w: usize, j: usize) -> u32 {
        let word = &self.words[w];
        if j < word.len() {
            self.digit[&word[word.len() - 1 - j]]
        } else {
            0
        }
    }
    /// Whether columns 0..=last agree with their carries.
    fn columns_hold(&self, last: usize) -> bool {
        let mut carry = 0;
        for j in 0..=last {
            let s = self.value_at(0, j) + self.value_at(1, j) + carry;
            if s % 10 != self.value_at(2, j) {
                return false;
            }
            carry = s / 10;
        }
        last + 1 < self.words[2].len() || carry == 0
    }
    fn assign(&mut self, i: usize) {
        if self.found.len() >= 2 {
            return;
        }
        for &(after, col) in &self.ready {
            if after == i && !self.columns_hold(col) {
                return;
            }
        }
        if i == self.order.len() {
            self.found.push(self.digit.clone());
            return;
        }
        let l = self.order[i];
        let leading = self.words.iter().any(|w| w.len() > 1 && w[0] == l);
        for d in 0..10 {
            if (d == 0 && leading) || self.digit.values().any(|&x| x == d) {
                continue;
            }
            self.digit.insert(l, d);
            self.assign(i + 1);
            self.digit.remove(&l);
        }
    }
}

#[test]
fn crypto_math_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_05_crypto_math", PER_TIER) {
        let words = ["left", "right", "total"]
            .map(|k| r.instance[k].as_str().unwrap().chars().collect::<Vec<_>>());
        assert!(
            r.question.contains(&format!(
                "{}+{}={}",
                r.instance["left"].as_str().unwrap(),
                r.instance["right"].as_str().unwrap(),
                r.instance["total"].as_str().unwrap()
            )),
            "{}",
            r.id
        );
        let width = words[2].len().max(words[0].len()).max(words[1].len());
        let mut order = vec![];
        let mut ready = vec![];
        for j in 0..width {
            for w in &words {
                if j < w.len() {
                    let l = w[w.len() - 1 - j];
                    if !order.contains(&l) {
                        order.push(l);
                    }
                }
            }
            ready.push((order.len(), j));
        }
        let mut s = Crypto {
            order,
            ready,
            words,
            digit: BTreeMap::new(),
            found: vec![],
        };
        s.assign(0);
        assert_eq!(s.found.len(), 1, "{}: exactly one solution", r.id);
        let want: Vec<String> = s.found[0].iter().map(|(l, d)| format!("{l}={d}")).collect();
        assert_eq!(r.answer, want.join(", "), "{}", r.id);
    }
}

// ---------------------------------------------------------------- logic grid

struct Clue {
    kind: String,
    a: (usize, usize),
    b: (usize, usize),
}

fn holds(clue: &Clue, house: &[Vec<Option<usize>>]) -> Option<bool> {
    let p = house[clue.a.0][clue.a.1]?;
    if clue.kind == "house" {
        return Some(p == clue.b.0);
    }
    let q = house[clue.b.0][clue.b.1]?;
    Some(match clue.kind.as_str() {
        "same" => p == q,
        "not" => p != q,
        "left" => p + 1 == q,
        "next" => p.abs_diff(q) == 1,
        other => panic!("unknown clue kind {other}"),
    })
}

struct Zebra<'a> {
    houses: usize,
    slots: Vec<(usize, usize)>,
    clues: &'a [Clue],
    house: Vec<Vec<Option<usize>>>,
    found: Vec<Vec<Vec<Option<usize>>>>,
}

impl Zebra<'_> {
    fn assign(&mut self, i: usize) {
        if self.found.len() >= 2 {
            return;
        }
        if self
            .clues
            .iter()
            .any(|c| holds(c, &self.house) == Some(false))
        {
            return;
        }
        if i == self.slots.len() {
            self.found.push(self.house.clone());
            return;
        }
        let (a, v) = self.slots[i];
        for h in 0..self.houses {
            if self.house[a].contains(&Some(h)) {
                continue;
            }
            self.house[a][v] = Some(h);
            self.assign(i + 1);
            self.house[a][v] = None;
        }
    }
}

#[test]
fn logic_grid_golds_are_the_unique_solutions() {
    for r in records("kor_puzzle_07_logic_grid", PER_TIER) {
        let houses = int(&r.instance["houses"]);
        let attrs: Vec<Vec<String>> = r.instance["attributes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| strings(&a["values"]))
            .collect();
        let pair = |v: &Value| (int(&v[0]), int(&v[1]));
        let clues: Vec<Clue> = r.instance["clues"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| Clue {
                kind: c["kind"].as_str().unwrap().to_string(),
                a: pair(&c["first"]),
                b: pair(&c["second"]),
            })
            .collect();
        if r.tier == "hard" {
            assert!(clues.iter().all(|c| c.kind != "house"), "{}", r.id);
        }
        // Values in order of how often the clues name them, so that clues
        // are checked early.
        let mut slots: Vec<(usize, usize)> = (0..attrs.len())
            .flat_map(|a| (0..houses).map(move |v| (a, v)))
            .collect();
        let weight = |s: &(usize, usize)| {
            clues
                .iter()
                .filter(|c| c.a == *s || (c.kind != "house" && c.b == *s))
                .count()
        };
        slots.sort_by_key(|s| std::cmp::Reverse(weight(s)));
        let mut z = Zebra {
            houses,
            slots,
            clues: &clues,
            house: vec![vec![None; houses]; attrs.len()],
            found: vec![],
        };
        z.assign(0);
        assert_eq!(z.found.len(), 1, "{}: exactly one solution", r.id);
        let sol = &z.found[0];
        let want: Vec<Vec<String>> = (0..houses)
            .map(|h| {
                (0..attrs.len())
                    .map(|a| {
                        let v = (0..houses).find(|&v| sol[a][v] == Some(h)).unwrap();
                        attrs[a][v].clone()
                    })
                    .collect()
            })
            .collect();
        assert_eq!(symbol_rows(&r.answer), want, "{}", r.id);
    }
}
