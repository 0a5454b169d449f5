//! The Kakuro worked example (`suites/extra/kakuro.puzzle`: a layout drawn in
//! `generate`, its run rules as layout rules, no digit given). A checker
//! written apart from the library reads each English prompt (the grid and
//! the stated runs with their sums), finds the runs of the grid itself, and
//! counts by backtracking every filling with digits 1–9, all different in
//! each run and adding up to its sum: there must be exactly one, and it
//! must be the gold. The Korean prompt states the same grid and sums. On 40
//! items per tier (4×4, 5×5, 6×6), dataset seed 1.

use crate::common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

/// Items checked per tier.
const PER_TIER: u64 = 40;

/// A run: its cells in order, and its stated sum.
struct Run {
    cells: Vec<(usize, usize)>,
    total: u32,
}

/// The grid rows of a prompt: lines of `.` and `#` separated by spaces.
fn grid_of(prompt: &str) -> Vec<Vec<bool>> {
    prompt
        .lines()
        .filter(|l| !l.is_empty() && l.split(' ').all(|t| t == "." || t == "#"))
        .map(|l| l.split(' ').map(|t| t == ".").collect())
        .collect()
}

/// The stated runs after the line `header` until a blank line: `(r, c) len:
/// total`, 1-based.
fn stated(prompt: &str, header: &str) -> Vec<((usize, usize), usize, u32)> {
    prompt
        .lines()
        .skip_while(|l| *l != header)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (at, rest) = l.split_once(") ").expect("a run line");
            let (r, c) = at.trim_start_matches('(').split_once(", ").expect("a cell");
            let (len, total) = rest.split_once(": ").expect("length and sum");
            let cell = (
                r.parse::<usize>().unwrap() - 1,
                c.parse::<usize>().unwrap() - 1,
            );
            (cell, len.parse().unwrap(), total.parse().unwrap())
        })
        .collect()
}

/// The maximal runs of two or more white cells of the grid, across
/// (`dr, dc = 0, 1`) or down (`1, 0`), in reading order of their first cell.
fn grid_runs(grid: &[Vec<bool>], (dr, dc): (usize, usize)) -> Vec<Vec<(usize, usize)>> {
    let n = grid.len();
    let white = |r: usize, c: usize| r < n && c < n && grid[r][c];
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let after_white = if dr == 1 {
                r > 0 && white(r - 1, c)
            } else {
                c > 0 && white(r, c - 1)
            };
            if !white(r, c) || after_white {
                continue;
            }
            let mut cells = vec![(r, c)];
            while let Some(&(a, b)) = cells.last() {
                if !white(a + dr, b + dc) {
                    break;
                }
                cells.push((a + dr, b + dc));
            }
            if cells.len() >= 2 {
                out.push(cells);
            }
        }
    }
    if dr == 1 {
        out.sort_by_key(|cells| (cells[0].1, cells[0].0));
    }
    out
}

/// The runs of the grid with the sums the prompt states for them; the
/// stated runs must be exactly the grid's.
fn runs(grid: &[Vec<bool>], prompt: &str, header: &str, dir: (usize, usize)) -> Vec<Run> {
    let found = grid_runs(grid, dir);
    let told = stated(prompt, header);
    assert_eq!(found.len(), told.len(), "{header} runs:\n{prompt}");
    found
        .into_iter()
        .zip(told)
        .map(|(cells, (first, len, total))| {
            assert_eq!((cells[0], cells.len()), (first, len), "{header}:\n{prompt}");
            Run { cells, total }
        })
        .collect()
}

/// Fillings of the white cells (`cells`, in order) fitting every run,
/// counted up to 2; the first one found.
fn fillings(n: usize, cells: &[(usize, usize)], runs: &[Run]) -> (usize, Vec<Vec<u32>>) {
    struct Search<'a> {
        cells: &'a [(usize, usize)],
        runs: &'a [Run],
        of: Vec<Vec<Vec<usize>>>,
        grid: Vec<Vec<u32>>,
        found: usize,
        first: Vec<Vec<u32>>,
    }
    impl Search<'_> {
        /// Whether the run's filled digits differ and can still reach its
        /// total, each open cell adding 1 to 9.
        fn fits(&self, run: &Run) -> bool {
            let (mut seen, mut sum, mut open) = (0u32, 0u32, 0u32);
            for &(r, c) in &run.cells {
                let v = self.grid[r][c];
                if v == 0 {
                    open += 1;
                } else if seen & (1 << v) != 0 {
                    return false;
                } else {
                    seen |= 1 << v;
                    sum += v;
                }
            }
            sum + open <= run.total && run.total <= sum + 9 * open
        }
        fn go(&mut self, k: usize) {
            if self.found >= 2 {
                return;
            }
            let Some(&(r, c)) = self.cells.get(k) else {
                self.found += 1;
                if self.found == 1 {
                    self.first = self.grid.clone();
                }
                return;
            };
            for v in 1..=9 {
                self.grid[r][c] = v;
                if self.of[r][c].iter().all(|&i| self.fits(&self.runs[i])) {
                    self.go(k + 1);
                }
            }
            self.grid[r][c] = 0;
        }
    }
    let mut of = vec![vec![Vec::new(); n]; n];
    for (i, run) in runs.iter().enumerate() {
        for &(r, c) in &run.cells {
            of[r][c].push(i);
        }
    }
    let mut s = Search {
        cells,
        runs,
        of,
        grid: vec![vec![0; n]; n],
        found: 0,
        first: Vec::new(),
    };
    s.go(0);
    (s.found, s.first)
}

/// Checks one English prompt and its gold: exactly one filling, the gold.
fn check(prompt: &str, answer: &str) {
    let grid = grid_of(prompt);
    let n = grid.len();
    assert!(n >= 4 && grid.iter().all(|row| row.len() == n), "{prompt}");
    let mut all = runs(&grid, prompt, "Across:", (0, 1));
    all.extend(runs(&grid, prompt, "Down:", (1, 0)));
    let whites: Vec<(usize, usize)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c])
        .collect();
    for &p in &whites {
        let lies = |dir| grid_runs(&grid, dir).iter().any(|run| run.contains(&p));
        assert!(
            lies((0, 1)) && lies((1, 0)),
            "{p:?} is in a run both ways:\n{prompt}"
        );
    }
    let (count, filling) = fillings(n, &whites, &all);
    assert_eq!(count, 1, "the stated sums allow one filling:\n{prompt}");
    let gold: Vec<Vec<u32>> = answer
        .lines()
        .map(|l| l.split(' ').map(|d| d.parse().unwrap()).collect())
        .collect();
    assert_eq!(gold, filling, "{prompt}");
}

#[test]
fn the_checker_sees_a_second_filling_and_none() {
    let prompt = |a: u32, d: u32| {
        format!(". .\n. .\n\nAcross:\n(1, 1) 2: {a}\n(2, 1) 2: {a}\n\nDown:\n(1, 1) 2: {d}\n(1, 2) 2: {d}\n")
    };
    let count = |p: &str| {
        let grid = grid_of(p);
        let mut all = runs(&grid, p, "Across:", (0, 1));
        all.extend(runs(&grid, p, "Down:", (1, 0)));
        let whites = [(0, 0), (0, 1), (1, 0), (1, 1)];
        fillings(2, &whites, &all).0
    };
    // 1 2 / 2 1 and 2 1 / 1 2 both add to 3 everywhere.
    assert_eq!(count(&prompt(3, 3)), 2);
    // Two different digits cannot add up to 2.
    assert_eq!(count(&prompt(2, 3)), 0);
}

#[test]
fn every_gold_is_the_only_filling_of_the_stated_sums() {
    let program = common::load(&common::root().join("suites/extra/kakuro.puzzle"));
    let mut checked = 0;
    for tier in program.tier_names() {
        for i in 0..PER_TIER {
            let item = generate(&program, tier, i, 1).expect("generate");
            let en = record(&program, &item, "en");
            let ko = record(&program, &item, "ko");
            check(&en.question, &en.answer);
            assert_eq!(grid_of(&en.question), grid_of(&ko.question));
            let sums = |q: &str, header: &str| stated(q, header);
            assert_eq!(sums(&en.question, "Across:"), sums(&ko.question, "가로:"));
            assert_eq!(sums(&en.question, "Down:"), sums(&ko.question, "세로:"));
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked} items");
}
