//! The Nonogram worked example (`suites/extra/nonogram.puzzle`, built on
//! `runs`): every gold fits the clues the prompt states, and a line-by-line
//! search written apart from the library finds no second grid, on 100 items
//! per tier (5×5, 10×10 and 15×15).

use crate::common;
use serde_json::Value;

fn plain_runs(line: &[bool]) -> Vec<u64> {
    let text: String = line.iter().map(|&b| if b { '#' } else { '.' }).collect();
    text.split('.')
        .filter(|s| !s.is_empty())
        .map(|s| s.len() as u64)
        .collect()
}

/// Every line of `n` cells with these runs (placement of each run in turn).
fn placements(n: usize, runs: &[u64]) -> Vec<Vec<bool>> {
    fn go(n: usize, runs: &[u64], start: usize, line: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
        let Some((&first, rest)) = runs.split_first() else {
            out.push(line.clone());
            return;
        };
        let first = first as usize;
        let tail: usize = rest.iter().map(|&r| r as usize + 1).sum();
        for at in start..=n.saturating_sub(first + tail) {
            if at + first > n {
                break;
            }
            line[at..at + first].fill(true);
            go(n, rest, at + first + 1, line, out);
            line[at..at + first].fill(false);
        }
    }
    let mut out = Vec::new();
    go(n, runs, 0, &mut vec![false; n], &mut out);
    out
}

/// Whether `prefix` (the first cells of a column) can still grow into `runs`
/// in the `n - prefix.len()` cells left.
fn column_prefix_ok(prefix: &[bool], runs: &[u64], n: usize) -> bool {
    let done = plain_runs(prefix);
    let open = prefix.last() == Some(&true);
    let closed = if open { done.len() - 1 } else { done.len() };
    if closed > runs.len() || done[..closed] != runs[..closed] {
        return false;
    }
    let left = (n - prefix.len()) as u64;
    let later = |from: usize| -> u64 { runs[from..].iter().map(|&r| r + 1).sum::<u64>() };
    if open {
        let k = closed;
        if k >= runs.len() || done[k] > runs[k] {
            return false;
        }
        (runs[k] - done[k]) + later(k + 1) <= left
    } else {
        later(closed).saturating_sub(1) <= left
    }
}

/// Grids fitting every row and column clue, counted up to 2.
fn count_solutions(rows: &[Vec<u64>], cols: &[Vec<u64>]) -> usize {
    let n = rows.len();
    let options: Vec<Vec<Vec<bool>>> = rows.iter().map(|r| placements(n, r)).collect();
    let mut grid: Vec<Vec<bool>> = Vec::new();
    let mut found = 0;
    fn dfs(
        options: &[Vec<Vec<bool>>],
        cols: &[Vec<u64>],
        grid: &mut Vec<Vec<bool>>,
        found: &mut usize,
    ) {
        let n = cols.len();
        if *found >= 2 {
            return;
        }
        if grid.len() == options.len() {
            let ok = (0..n)
                .all(|c| plain_runs(&grid.iter().map(|r| r[c]).collect::<Vec<_>>()) == cols[c]);
            *found += usize::from(ok);
            return;
        }
        for line in &options[grid.len()] {
            grid.push(line.clone());
            let ok = (0..n).all(|c| {
                let prefix: Vec<bool> = grid.iter().map(|r| r[c]).collect();
                column_prefix_ok(&prefix, &cols[c], n)
            });
            if ok {
                dfs(options, cols, grid, found);
            }
            grid.pop();
        }
    }
    dfs(&options, cols, &mut grid, &mut found);
    found
}

fn clue_lists(v: &Value) -> Vec<Vec<u64>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn placements_are_every_line_with_those_runs() {
    for n in 0..=9 {
        let mut all = 0;
        let mut seen = std::collections::BTreeSet::new();
        for mask in 0u32..1 << n {
            let line: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            seen.insert(plain_runs(&line));
        }
        for runs in &seen {
            let lines = placements(n, runs);
            for l in &lines {
                assert_eq!(&plain_runs(l), runs);
            }
            all += lines.len();
        }
        assert_eq!(all, 1 << n, "n = {n}");
    }
}

#[test]
fn the_search_sees_a_second_grid() {
    // Two filled cells on a diagonal of a 2×2 grid: both diagonals fit.
    assert_eq!(count_solutions(&[vec![1], vec![1]], &[vec![1], vec![1]]), 2);
    assert_eq!(count_solutions(&[vec![2], vec![1]], &[vec![2], vec![1]]), 1);
    assert_eq!(count_solutions(&[vec![2], vec![2]], &[vec![1], vec![1]]), 0);
}

#[test]
fn nonogram_golds_fit_their_clues_and_are_the_only_grids() {
    let records = common::records("suites/extra/nonogram.puzzle", "en", 100);
    assert_eq!(records.len(), 300);
    for r in &records {
        let rows = clue_lists(&r.instance["rows"]);
        let cols = clue_lists(&r.instance["columns"]);
        let grid: Vec<Vec<bool>> = r
            .answer
            .lines()
            .map(|l| l.split(' ').map(|c| c == "1").collect())
            .collect();
        let n = grid.len();
        assert_eq!(rows.len(), n, "{}", r.id);
        for (i, row) in grid.iter().enumerate() {
            assert_eq!(plain_runs(row), rows[i], "{} row {i}", r.id);
        }
        for (c, col) in cols.iter().enumerate() {
            let line: Vec<bool> = grid.iter().map(|row| row[c]).collect();
            assert_eq!(&plain_runs(&line), col, "{} column {c}", r.id);
        }
        // Every clue is stated in the prompt.
        for (i, row) in rows.iter().enumerate() {
            let text = if row.is_empty() {
                "0".to_string()
            } else {
                row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            };
            assert!(
                r.question.contains(&format!("Row {}: {text}\n", i + 1)),
                "{}",
                r.id
            );
        }
        assert_eq!(count_solutions(&rows, &cols), 1, "{}", r.id);
    }
}
