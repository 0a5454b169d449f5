//! KOR-Bench puzzle rule 22 (Arrow maze,
//! `suites/korbench/kor_puzzle_22_arrow_maze.puzzle`), checked by a solver
//! written here that shares no code with the spec or puzzlec's SAT model:
//! the arrows are read back from the question text (and must match the
//! record's instance), every path from the top-left square is enumerated by
//! plain backtracking under the rules the prompt states (jump any number of
//! squares along the arrow, never land on a square twice, stop on ○), and
//! exactly one must reach ○, with its visit orders equal to the gold. For
//! 50 items per tier (at 100 this was among the slowest tests); every gold, answered in `[[…]]`, must score as
//! correct.

use crate::common;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::Record;

const PER_TIER: u64 = 50;

/// The grid lines between `### Question:` and the first blank line.
fn question_grid(question: &str) -> Vec<Vec<String>> {
    let start = question.find("### Question:\n").expect("question header") + 14;
    question[start..]
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The (row, column) step of an arrow symbol, `None` for anything else.
fn step(symbol: &str) -> Option<(i64, i64)> {
    Some(match symbol {
        "↑" => (-1, 0),
        "↗" => (-1, 1),
        "→" => (0, 1),
        "↘" => (1, 1),
        "↓" => (1, 0),
        "↙" => (1, -1),
        "←" => (0, -1),
        "↖" => (-1, -1),
        _ => return None,
    })
}

/// Every path from the top-left square to ○ under the prompt's rules, each
/// as its squares (row, column) in visit order.
fn all_paths(grid: &[Vec<String>]) -> Vec<Vec<(usize, usize)>> {
    fn go(
        grid: &[Vec<String>],
        here: (usize, usize),
        landed: &mut Vec<Vec<bool>>,
        path: &mut Vec<(usize, usize)>,
        found: &mut Vec<Vec<(usize, usize)>>,
    ) {
        let n = grid.len() as i64;
        let cell = &grid[here.0][here.1];
        if cell == "○" {
            found.push(path.clone());
            return;
        }
        let (dr, dc) = step(cell).unwrap_or_else(|| panic!("not an arrow: {cell}"));
        let (mut r, mut c) = (here.0 as i64 + dr, here.1 as i64 + dc);
        while r >= 0 && r < n && c >= 0 && c < n {
            let q = (r as usize, c as usize);
            if !landed[q.0][q.1] {
                landed[q.0][q.1] = true;
                path.push(q);
                go(grid, q, landed, path, found);
                path.pop();
                landed[q.0][q.1] = false;
            }
            r += dr;
            c += dc;
        }
    }
    let n = grid.len();
    let mut landed = vec![vec![false; n]; n];
    landed[0][0] = true;
    let mut path = vec![(0, 0)];
    let mut found = Vec::new();
    go(grid, (0, 0), &mut landed, &mut path, &mut found);
    found
}

/// The answer text of a path: visit orders row by row, `a b c,d e f`.
fn orders_text(path: &[(usize, usize)], n: usize) -> String {
    let mut order = vec![vec![0usize; n]; n];
    for (i, &(r, c)) in path.iter().enumerate() {
        order[r][c] = i + 1;
    }
    order
        .iter()
        .map(|row| {
            row.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn grid(rows: &[&str]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.split(' ').map(str::to_string).collect())
        .collect()
}

#[test]
fn the_solver_counts_every_path() {
    // Only the jump straight to ○ gets there: from (1,2) every way leads
    // back to (1,2) or the start, squares already landed on.
    let one = grid(&["→ ↓ ○", "↗ ↑ ↖", "↑ ↗ ↖"]);
    let paths: Vec<String> = all_paths(&one).iter().map(|p| orders_text(p, 3)).collect();
    assert_eq!(paths, ["1 0 2,0 0 0,0 0 0"]);
    // (1,1) → may land on (1,2) or ○; (1,2) ↓ lands on (2,2), whose ↗
    // lands on ○ again: two paths.
    let two = grid(&["→ ↓ ○", "↗ ↗ ↖", "↑ ↗ ↖"]);
    let mut paths: Vec<String> = all_paths(&two).iter().map(|p| orders_text(p, 3)).collect();
    paths.sort();
    assert_eq!(paths, ["1 0 2,0 0 0,0 0 0", "1 2 4,0 3 0,0 0 0"]);
    // Never land twice: (1,1) ↓ (2,1) ↑ would land on the start again.
    let stuck = grid(&["↓ → ○", "↑ ↑ ↑", "↑ ↑ ↑"]);
    assert!(all_paths(&stuck).is_empty());
}

fn check(rec: &Record) {
    let g = question_grid(&rec.question);
    let n = g.len();
    let (size, lengths) = match rec.tier.as_str() {
        "easy" => (4, 5..=6),
        "medium" => (5, 7..=9),
        _ => (7, 12..=15),
    };
    assert_eq!(n, size, "{}: grid size", rec.id);
    assert!(
        g.iter().all(|row| row.len() == n),
        "{}: square grid",
        rec.id
    );
    let shown: Vec<Vec<String>> = serde_json::from_value(rec.instance["arrows"].clone())
        .unwrap_or_else(|e| panic!("{}: instance arrows: {e}", rec.id));
    assert_eq!(
        shown, g,
        "{}: the instance shows the question's grid",
        rec.id
    );
    let ends = g.iter().flatten().filter(|c| *c == "○").count();
    assert_eq!(ends, 1, "{}: one ○", rec.id);
    // Every arrow points at a square inside the grid.
    for (r, row) in g.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if cell == "○" {
                continue;
            }
            let (dr, dc) = step(cell).unwrap_or_else(|| panic!("{}: {cell}", rec.id));
            let (r2, c2) = (r as i64 + dr, c as i64 + dc);
            assert!(
                r2 >= 0 && r2 < n as i64 && c2 >= 0 && c2 < n as i64,
                "{}: the arrow at ({}, {}) points off the grid",
                rec.id,
                r + 1,
                c + 1
            );
        }
    }
    assert!(
        rec.question
            .contains("never land on a square you have already landed on"),
        "{}: the prompt states the no-revisit rule",
        rec.id
    );
    assert!(
        rec.question.contains("any number of squares"),
        "{}: the prompt states the jump rule",
        rec.id
    );
    let paths = all_paths(&g);
    assert_eq!(
        paths.len(),
        1,
        "{}: exactly one path, found {paths:?}",
        rec.id
    );
    assert_eq!(
        orders_text(&paths[0], n),
        rec.answer,
        "{}: the gold is that path",
        rec.id
    );
    assert!(
        lengths.contains(&paths[0].len()),
        "{}: {} squares landed on",
        rec.id,
        paths[0].len()
    );
    let response = format!("Following the arrows...\n\n[[{}]]", rec.answer);
    assert_eq!(
        judge(AnswerKind::Rows, &rec.answer, &response).0,
        Verdict::Correct,
        "{}: the gold, answered in [[…]], scores",
        rec.id
    );
}

#[test]
fn arrow_maze_golds_are_the_only_paths() {
    let records = common::records(
        "suites/korbench/kor_puzzle_22_arrow_maze.puzzle",
        "en",
        PER_TIER,
    );
    assert_eq!(records.len() as u64, 3 * PER_TIER);
    for rec in &records {
        assert_eq!(rec.answer_kind, "rows", "{}", rec.id);
        check(rec);
    }
}
