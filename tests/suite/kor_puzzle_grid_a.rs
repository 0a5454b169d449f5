//! The KOR-Bench grid puzzle specs (`suites/korbench/kor_puzzle_{08,11,12,16,17,21,25}_*.puzzle`)
//! checked by independent solvers written here: plain backtracking or brute
//! force over the instance's givens, sharing no code with puzzlec's SAT
//! model or the specs. For 100 items per tier (300 per spec), each solver
//! counts the solutions of the rules the prompt states (stopping at two) and
//! must find exactly one, equal to the gold; for word search, each listed
//! word is searched in all 8 directions and must occur exactly once, where
//! the gold says. Every gold, answered in `[[…]]`, must score as correct,
//! and the prompt must show the puzzle's givens.

use crate::common;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::Record;
use serde_json::Value;

const PER_TIER: u64 = 100;

fn records(spec: &str) -> Vec<Record> {
    let rs = common::records(&format!("suites/korbench/{spec}.puzzle"), "en", PER_TIER);
    assert_eq!(rs.len() as u64, 3 * PER_TIER, "{spec}");
    for r in &rs {
        let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
        assert_eq!(
            judge(kind, &r.answer, &format!("So:\n\n[[{}]]", r.answer)).0,
            Verdict::Correct,
            "{}",
            r.id
        );
        assert!(r.question.contains("### Puzzle Rule:"), "{}", r.id);
        assert!(r.question.contains("double square brackets"), "{}", r.id);
    }
    rs
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not an integer: {v}"))
}
fn ints(v: &Value) -> Vec<i64> {
    v.as_array().expect("array").iter().map(int).collect()
}
fn int_grid(v: &Value) -> Vec<Vec<i64>> {
    v.as_array().expect("array").iter().map(ints).collect()
}

fn rows_text(g: &[Vec<i64>]) -> String {
    g.iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(",")
}

// ------------------------------------------------------------------ Survo

/// Fills the blanks (0) with the missing numbers of 1..=m·n so that every
/// row and column sum holds; returns the number of solutions (at most 2)
/// and the first one.
fn survo(grid: &[Vec<i64>], rs: &[i64], cs: &[i64]) -> (usize, Option<Vec<Vec<i64>>>) {
    let (m, n) = (grid.len(), grid[0].len());
    let shown: Vec<i64> = grid.iter().flatten().copied().filter(|&v| v != 0).collect();
    let missing: Vec<i64> = (1..=(m * n) as i64)
        .filter(|v| !shown.contains(v))
        .collect();
    let blanks: Vec<(usize, usize)> = (0..m)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == 0)
        .collect();
    assert_eq!(missing.len(), blanks.len());
    struct S<'a> {
        g: Vec<Vec<i64>>,
        blanks: &'a [(usize, usize)],
        missing: &'a [i64],
        used: Vec<bool>,
        rs: &'a [i64],
        cs: &'a [i64],
        found: usize,
        first: Option<Vec<Vec<i64>>>,
    }
    fn ok(s: &S, r: usize, c: usize) -> bool {
        let row_open = s.g[r].contains(&0);
        let row_sum: i64 = s.g[r].iter().sum();
        let col_open = s.g.iter().any(|row| row[c] == 0);
        let col_sum: i64 = s.g.iter().map(|row| row[c]).sum();
        (if row_open {
            row_sum < s.rs[r]
        } else {
            row_sum == s.rs[r]
        }) && (if col_open {
            col_sum < s.cs[c]
        } else {
            col_sum == s.cs[c]
        })
    }
    fn go(s: &mut S, k: usize) {
        if s.found >= 2 {
            return;
        }
        if k == s.blanks.len() {
            s.found += 1;
            if s.first.is_none() {
                s.first = Some(s.g.clone());
            }
            return;
        }
        let (r, c) = s.blanks[k];
        for i in 0..s.missing.len() {
            if s.used[i] {
                continue;
            }
            s.used[i] = true;
            s.g[r][c] = s.missing[i];
            if ok(s, r, c) {
                go(s, k + 1);
            }
            s.g[r][c] = 0;
            s.used[i] = false;
        }
    }
    let mut s = S {
        g: grid.to_vec(),
        blanks: &blanks,
        missing: &missing,
        used: vec![false; missing.len()],
        rs,
        cs,
        found: 0,
        first: None,
    };
    go(&mut s, 0);
    (s.found, s.first)
}

#[test]
fn survo_golds_are_the_unique_fillings() {
    for r in records("kor_puzzle_11_survo") {
        let inst = &r.instance;
        let grid = int_grid(&inst["grid"]);
        let (rs, cs) = (ints(&inst["row_sums"]), ints(&inst["column_sums"]));
        let (m, n) = (int(&inst["rows"]) as usize, int(&inst["columns"]) as usize);
        assert_eq!((grid.len(), grid[0].len()), (m, n), "{}", r.id);
        let want = match r.tier.as_str() {
            "easy" => (3, 4),
            "medium" => (4, 4),
            _ => (3, 7),
        };
        assert_eq!((m, n), want, "{}", r.id);
        let (count, sol) = survo(&grid, &rs, &cs);
        assert_eq!(count, 1, "{}: {count} fillings", r.id);
        let sol = sol.expect("solution");
        assert_eq!(rows_text(&sol), r.answer, "{}", r.id);
        for (row, s) in grid.iter().zip(&rs) {
            let line: Vec<String> = row
                .iter()
                .map(|&v| {
                    if v == 0 {
                        "X".to_string()
                    } else {
                        v.to_string()
                    }
                })
                .chain([s.to_string()])
                .collect();
            assert!(r.question.contains(&line.join("  ")), "{}", r.id);
        }
    }
}

// --------------------------------------------------------------- Kukurasu

fn kukurasu(rs: &[i64], cs: &[i64]) -> (usize, Option<Vec<u32>>) {
    let n = rs.len();
    let weight = |mask: u32| {
        (0..n)
            .filter(|&c| mask >> c & 1 == 1)
            .map(|c| c as i64 + 1)
            .sum::<i64>()
    };
    let options: Vec<Vec<u32>> = rs
        .iter()
        .map(|&s| (0..1u32 << n).filter(|&m| weight(m) == s).collect())
        .collect();
    fn go(
        r: usize,
        options: &[Vec<u32>],
        cs: &[i64],
        col: &mut Vec<i64>,
        rows: &mut Vec<u32>,
        found: &mut (usize, Option<Vec<u32>>),
    ) {
        let n = cs.len();
        if found.0 >= 2 {
            return;
        }
        if r == options.len() {
            if col == cs {
                found.0 += 1;
                if found.1.is_none() {
                    found.1 = Some(rows.clone());
                }
            }
            return;
        }
        for &m in &options[r] {
            let add: Vec<i64> = (0..n)
                .map(|c| if m >> c & 1 == 1 { r as i64 + 1 } else { 0 })
                .collect();
            if (0..n).all(|c| col[c] + add[c] <= cs[c]) {
                (0..n).for_each(|c| col[c] += add[c]);
                rows.push(m);
                go(r + 1, options, cs, col, rows, found);
                rows.pop();
                (0..n).for_each(|c| col[c] -= add[c]);
            }
        }
    }
    let mut found = (0, None);
    go(
        0,
        &options,
        cs,
        &mut vec![0; n],
        &mut Vec::new(),
        &mut found,
    );
    found
}

#[test]
fn kukurasu_golds_are_the_unique_shadings() {
    for r in records("kor_puzzle_12_kukurasu") {
        let inst = &r.instance;
        let n = int(&inst["size"]) as usize;
        let want = match r.tier.as_str() {
            "easy" => 4,
            "medium" => 5,
            _ => 6,
        };
        assert_eq!(n, want, "{}", r.id);
        let (rs, cs) = (ints(&inst["row_sums"]), ints(&inst["column_sums"]));
        let (count, sol) = kukurasu(&rs, &cs);
        assert_eq!(count, 1, "{}: {count} shadings", r.id);
        let text = sol
            .expect("solution")
            .iter()
            .map(|&m| {
                (0..n)
                    .map(|c| if m >> c & 1 == 1 { "1" } else { "X" })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(text, r.answer, "{}", r.id);
        let last: Vec<String> = cs.iter().map(|v| v.to_string()).collect();
        assert!(r.question.contains(&last.join("  ")), "{}", r.id);
    }
}

// ------------------------------------------------------------ Latin squares

/// A partial-grid check: the grid and the cell just filled.
type Check<'a> = &'a dyn Fn(&[Vec<i64>], usize, usize) -> bool;

/// Counts the n×n Latin squares (at most 2) that agree with `fixed` (0 =
/// free) and pass `check(grid, r, c)` after each placement (the cell just
/// filled, cells filled in row-major order).
fn latin(n: usize, fixed: &[Vec<i64>], check: Check) -> (usize, Option<Vec<Vec<i64>>>) {
    fn go(
        k: usize,
        n: usize,
        g: &mut Vec<Vec<i64>>,
        fixed: &[Vec<i64>],
        check: Check,
        found: &mut (usize, Option<Vec<Vec<i64>>>),
    ) {
        if found.0 >= 2 {
            return;
        }
        if k == n * n {
            found.0 += 1;
            if found.1.is_none() {
                found.1 = Some(g.clone());
            }
            return;
        }
        let (r, c) = (k / n, k % n);
        for v in 1..=n as i64 {
            if fixed[r][c] != 0 && fixed[r][c] != v {
                continue;
            }
            if (0..c).any(|j| g[r][j] == v) || (0..r).any(|i| g[i][c] == v) {
                continue;
            }
            g[r][c] = v;
            if check(g, r, c) {
                go(k + 1, n, g, fixed, check, found);
            }
            g[r][c] = 0;
        }
    }
    let mut g = vec![vec![0; n]; n];
    let mut found = (0, None);
    go(0, n, &mut g, fixed, check, &mut found);
    found
}

// -------------------------------------------------------------- Calcudoku

struct Cage {
    cells: Vec<(usize, usize)>,
    target: i64,
    op: String,
}

/// Whether the cage can still be satisfied (all of it filled: satisfied).
fn cage_ok(g: &[Vec<i64>], cage: &Cage) -> bool {
    let vals: Vec<i64> = cage
        .cells
        .iter()
        .map(|&(r, c)| g[r][c])
        .filter(|&v| v != 0)
        .collect();
    let mut seen = vals.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != vals.len() {
        return false;
    }
    let complete = vals.len() == cage.cells.len();
    let t = cage.target;
    match cage.op.as_str() {
        "+" => {
            let s: i64 = vals.iter().sum();
            if complete {
                s == t
            } else {
                s < t
            }
        }
        "*" => {
            let p: i64 = vals.iter().product();
            if complete {
                p == t
            } else {
                t % p == 0
            }
        }
        "-" => !complete || (vals[0] - vals[1]).abs() == t,
        "÷" => {
            !complete || {
                let (a, b) = (vals[0].max(vals[1]), vals[0].min(vals[1]));
                a == t * b
            }
        }
        other => panic!("unknown operator {other}"),
    }
}

#[test]
fn calcudoku_golds_are_the_unique_squares() {
    for r in records("kor_puzzle_16_calcudoku") {
        let inst = &r.instance;
        let n = int(&inst["size"]) as usize;
        let want = match r.tier.as_str() {
            "easy" => 4,
            "medium" => 5,
            _ => 6,
        };
        assert_eq!(n, want, "{}", r.id);
        let cages: Vec<Cage> = inst["cages"]
            .as_array()
            .expect("cages")
            .iter()
            .map(|k| Cage {
                cells: k["cells"]
                    .as_array()
                    .expect("cells")
                    .iter()
                    .map(|p| {
                        let p = ints(p);
                        (p[0] as usize - 1, p[1] as usize - 1)
                    })
                    .collect(),
                target: int(&k["target"]),
                op: k["op"].as_str().expect("op").to_string(),
            })
            .collect();
        // The cages partition the grid; - and ÷ cages have two cells.
        let mut owner = vec![vec![usize::MAX; n]; n];
        for (i, k) in cages.iter().enumerate() {
            assert!(k.cells.len() >= 2, "{}", r.id);
            if k.op == "-" || k.op == "÷" {
                assert_eq!(k.cells.len(), 2, "{}", r.id);
            }
            for &(a, b) in &k.cells {
                assert_eq!(owner[a][b], usize::MAX, "{}: cell in two cages", r.id);
                owner[a][b] = i;
            }
            let line = k
                .cells
                .iter()
                .map(|&(a, b)| format!("({},{})", a + 1, b + 1))
                .collect::<String>()
                + &format!(":{}{}", k.target, k.op);
            assert!(r.question.contains(&line), "{}: {line}", r.id);
        }
        assert!(owner.iter().flatten().all(|&o| o != usize::MAX), "{}", r.id);
        let check = |g: &[Vec<i64>], a: usize, b: usize| cage_ok(g, &cages[owner[a][b]]);
        let (count, sol) = latin(n, &vec![vec![0; n]; n], &check);
        assert_eq!(count, 1, "{}: {count} squares", r.id);
        assert_eq!(rows_text(&sol.expect("solution")), r.answer, "{}", r.id);
    }
}

// -------------------------------------------------------------- Futoshiki

#[test]
fn futoshiki_golds_are_the_unique_squares() {
    for r in records("kor_puzzle_17_futoshiki") {
        let inst = &r.instance;
        let n = int(&inst["size"]) as usize;
        assert_eq!(n, if r.tier == "easy" { 4 } else { 5 }, "{}", r.id);
        let mut fixed = vec![vec![0; n]; n];
        for g in inst["givens"].as_array().expect("givens") {
            fixed[int(&g["row"]) as usize - 1][int(&g["column"]) as usize - 1] = int(&g["value"]);
        }
        let ineqs: Vec<((usize, usize), (usize, usize))> = inst["inequalities"]
            .as_array()
            .expect("inequalities")
            .iter()
            .map(|q| {
                let (a, b) = (ints(&q["smaller"]), ints(&q["larger"]));
                (
                    (a[0] as usize - 1, a[1] as usize - 1),
                    (b[0] as usize - 1, b[1] as usize - 1),
                )
            })
            .collect();
        for &((a, b), (c, d)) in &ineqs {
            assert_eq!(a.abs_diff(c) + b.abs_diff(d), 1, "{}: not neighbours", r.id);
            let line = format!("({},{})<({},{})", a + 1, b + 1, c + 1, d + 1);
            assert!(r.question.contains(&line), "{}: {line}", r.id);
        }
        let check = |g: &[Vec<i64>], _: usize, _: usize| {
            ineqs
                .iter()
                .all(|&((a, b), (c, d))| g[a][b] == 0 || g[c][d] == 0 || g[a][b] < g[c][d])
        };
        let (count, sol) = latin(n, &fixed, &check);
        assert_eq!(count, 1, "{}: {count} squares", r.id);
        assert_eq!(rows_text(&sol.expect("solution")), r.answer, "{}", r.id);
    }
}

// ------------------------------------------------------------ Skyscrapers

fn seen(line: &[i64]) -> i64 {
    let mut top = 0;
    let mut count = 0;
    for &h in line {
        if h > top {
            top = h;
            count += 1;
        }
    }
    count
}

#[test]
fn skyscrapers_golds_are_the_unique_squares() {
    for r in records("kor_puzzle_25_skyscrapers") {
        let inst = &r.instance;
        let n = int(&inst["size"]) as usize;
        assert_eq!(n, if r.tier == "easy" { 4 } else { 5 }, "{}", r.id);
        let clues: Vec<(String, usize, i64)> = inst["clues"]
            .as_array()
            .expect("clues")
            .iter()
            .map(|k| {
                (
                    k["side"].as_str().expect("side").to_string(),
                    int(&k["index"]) as usize - 1,
                    int(&k["visible"]),
                )
            })
            .collect();
        let (lo, hi) = match r.tier.as_str() {
            "easy" => (11, 13),
            "medium" => (13, 15),
            _ => (9, 11),
        };
        assert!(
            (lo..=hi).contains(&clues.len()),
            "{}: {} clues",
            r.id,
            clues.len()
        );
        // A clue is checked once its whole line is filled.
        let check = |g: &[Vec<i64>], a: usize, b: usize| {
            clues.iter().all(|(side, i, v)| {
                let line: Vec<i64> = match side.as_str() {
                    "left" if *i == a && b == n - 1 => g[a].clone(),
                    "right" if *i == a && b == n - 1 => g[a].iter().rev().copied().collect(),
                    "top" if *i == b && a == n - 1 => (0..n).map(|x| g[x][b]).collect(),
                    "bottom" if *i == b && a == n - 1 => (0..n).rev().map(|x| g[x][b]).collect(),
                    "left" | "right" | "top" | "bottom" => return true,
                    other => panic!("unknown side {other}"),
                };
                seen(&line) == *v
            })
        };
        let (count, sol) = latin(n, &vec![vec![0; n]; n], &check);
        assert_eq!(count, 1, "{}: {count} squares", r.id);
        assert_eq!(rows_text(&sol.expect("solution")), r.answer, "{}", r.id);
        // The prompt's top line shows the top clues (or `-`).
        let top: Vec<String> = (0..n)
            .map(|c| {
                clues
                    .iter()
                    .find(|(s, i, _)| s == "top" && *i == c)
                    .map_or("-".to_string(), |k| k.2.to_string())
            })
            .collect();
        assert!(
            r.question.contains(&format!("\n  {}\n", top.join(" "))),
            "{}",
            r.id
        );
    }
}

// ------------------------------------------------------------ Minesweeper

#[test]
fn minesweeper_golds_are_the_unique_layouts() {
    for r in records("kor_puzzle_21_minesweeper") {
        let inst = &r.instance;
        let n = int(&inst["size"]) as usize;
        assert_eq!(n, if r.tier == "easy" { 5 } else { 7 }, "{}", r.id);
        let mines = int(&inst["mines"]);
        let mut number = vec![vec![-1i64; n]; n];
        for k in inst["numbers"].as_array().expect("numbers") {
            number[int(&k["row"]) as usize - 1][int(&k["column"]) as usize - 1] = int(&k["count"]);
        }
        let near = |a: usize, b: usize| -> Vec<(usize, usize)> {
            let mut out = Vec::new();
            for x in a.saturating_sub(1)..=(a + 1).min(n - 1) {
                for y in b.saturating_sub(1)..=(b + 1).min(n - 1) {
                    if (x, y) != (a, b) {
                        out.push((x, y));
                    }
                }
            }
            out
        };
        let free: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| number[a][b] < 0)
            .collect();
        let index: Vec<Vec<usize>> = {
            let mut ix = vec![vec![usize::MAX; n]; n];
            for (k, &(a, b)) in free.iter().enumerate() {
                ix[a][b] = k;
            }
            ix
        };
        // Brute force over mine placements with the numbers and the total as bounds.
        let numbered: Vec<((usize, usize), i64)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| number[a][b] >= 0)
            .map(|(a, b)| ((a, b), number[a][b]))
            .collect();
        let feasible = |mine: &[Option<bool>]| -> bool {
            let placed = mine.iter().filter(|m| **m == Some(true)).count() as i64;
            let open = mine.iter().filter(|m| m.is_none()).count() as i64;
            if placed > mines || placed + open < mines {
                return false;
            }
            numbered.iter().all(|&((a, b), k)| {
                let ns = near(a, b);
                let on = ns
                    .iter()
                    .filter(|&&(x, y)| index[x][y] != usize::MAX && mine[index[x][y]] == Some(true))
                    .count() as i64;
                let un = ns
                    .iter()
                    .filter(|&&(x, y)| index[x][y] != usize::MAX && mine[index[x][y]].is_none())
                    .count() as i64;
                on <= k && on + un >= k
            })
        };
        fn go(
            k: usize,
            mine: &mut Vec<Option<bool>>,
            feasible: &dyn Fn(&[Option<bool>]) -> bool,
            found: &mut (usize, Option<Vec<Option<bool>>>),
        ) {
            if found.0 >= 2 || !feasible(mine) {
                return;
            }
            if k == mine.len() {
                found.0 += 1;
                if found.1.is_none() {
                    found.1 = Some(mine.clone());
                }
                return;
            }
            for v in [false, true] {
                mine[k] = Some(v);
                go(k + 1, mine, feasible, found);
            }
            mine[k] = None;
        }
        let mut found = (0, None);
        go(0, &mut vec![None; free.len()], &feasible, &mut found);
        assert_eq!(found.0, 1, "{}: {} layouts", r.id, found.0);
        let sol = found.1.expect("layout");
        let text = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        if number[a][b] >= 0 {
                            number[a][b].to_string()
                        } else if sol[index[a][b]] == Some(true) {
                            "A".to_string()
                        } else {
                            "X".to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(text, r.answer, "{}", r.id);
        for row in &number {
            let line: Vec<String> = row
                .iter()
                .map(|&k| if k >= 0 { k.to_string() } else { "X".into() })
                .collect();
            assert!(r.question.contains(&line.join("\t")), "{}", r.id);
        }
        assert!(
            r.question.contains(&format!("exactly {mines} mines")),
            "{}",
            r.id
        );
    }
}

// ------------------------------------------------------------ Word search

#[test]
fn word_search_golds_are_the_unique_locations() {
    const DIRS: [(i64, i64); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    for r in records("kor_puzzle_08_word_search") {
        let inst = &r.instance;
        let grid: Vec<Vec<char>> = inst["grid"]
            .as_array()
            .expect("grid")
            .iter()
            .map(|row| row.as_str().expect("row").chars().collect())
            .collect();
        let n = grid.len();
        let want = match r.tier.as_str() {
            "easy" => 11,
            "medium" => 12,
            _ => 13,
        };
        assert_eq!(n, want, "{}", r.id);
        assert!(
            grid.iter()
                .all(|row| row.len() == n && row.iter().all(char::is_ascii_uppercase)),
            "{}",
            r.id
        );
        let words: Vec<String> = inst["words"]
            .as_array()
            .expect("words")
            .iter()
            .map(|w| w.as_str().expect("word").to_string())
            .collect();
        let mut located = Vec::new();
        for w in &words {
            let w: Vec<char> = w.chars().collect();
            let mut hits = Vec::new();
            for a in 0..n as i64 {
                for b in 0..n as i64 {
                    for (dr, dc) in DIRS {
                        let end = (a + dr * (w.len() as i64 - 1), b + dc * (w.len() as i64 - 1));
                        if end.0 < 0 || end.0 >= n as i64 || end.1 < 0 || end.1 >= n as i64 {
                            continue;
                        }
                        if (0..w.len() as i64).all(|k| {
                            grid[(a + dr * k) as usize][(b + dc * k) as usize] == w[k as usize]
                        }) {
                            hits.push(format!(
                                "({},{})({},{})",
                                a + 1,
                                b + 1,
                                end.0 + 1,
                                end.1 + 1
                            ));
                        }
                    }
                }
            }
            assert_eq!(
                hits.len(),
                1,
                "{}: {} occurs {} times",
                r.id,
                w.iter().collect::<String>(),
                hits.len()
            );
            located.push(format!("{} {}", w.iter().collect::<String>(), hits[0]));
        }
        assert_eq!(located.join(","), r.answer, "{}", r.id);
        for row in &grid {
            let spaced: Vec<String> = row.iter().map(char::to_string).collect();
            assert!(r.question.contains(&spaced.join("  ")), "{}", r.id);
        }
        assert!(
            r.question
                .contains(&format!("Word List:\n{}.", words.join(" "))),
            "{}",
            r.id
        );
    }
}
