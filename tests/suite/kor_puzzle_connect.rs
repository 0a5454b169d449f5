//! KOR-Bench puzzle rules 13 (Numbrix) and 14 (Number wall): the givens are read back from the question text each item shows,
//! every solution of the rules the prompt states is counted by plain
//! backtracking written here (no SAT, no code shared with the specs or the
//! library), and the gold must be the only one. The gold, answered in
//! `[[…]]`, must score as correct.

use crate::common;

use puzzlec::answer::{judge, AnswerKind, Verdict};

const PER_TIER: u64 = 40;
/// Items per tier for number wall, whose generation is the slowest here.
const PER_TIER_NUMBER_WALL: u64 = 25;

/// The grid lines between `### Question:` and the first blank line.
fn question_grid(question: &str) -> Vec<Vec<String>> {
    let start = question.find("### Question:\n").expect("question header") + 14;
    question[start..]
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The gold as rows of cells.
fn gold_rows(answer: &str) -> Vec<Vec<String>> {
    answer
        .split(',')
        .map(|r| r.split(' ').map(str::to_string).collect())
        .collect()
}

fn check_scores(answer: &str) {
    let response = format!("Working...\n[[{answer}]]");
    assert_eq!(
        judge(AnswerKind::Rows, answer, &response).0,
        Verdict::Correct,
        "the gold, answered in [[…]], scores"
    );
}

fn side_neighbours(p: usize, n: usize) -> Vec<usize> {
    let (r, c) = (p / n, p % n);
    let mut v = Vec::new();
    if r > 0 {
        v.push(p - n);
    }
    if r + 1 < n {
        v.push(p + n);
    }
    if c > 0 {
        v.push(p - 1);
    }
    if c + 1 < n {
        v.push(p + 1);
    }
    v
}

// ------------------------------------------------------------------ Numbrix

/// Counts (up to 2) the ways to place 1..n² as a side-adjacent chain that
/// keeps the givens; returns the count and the first solution found.
fn numbrix_solutions(given: &[Option<usize>], n: usize) -> (usize, Vec<usize>) {
    let total = n * n;
    // where[k] = the square given number k, if any
    let mut where_given = vec![None; total + 1];
    for (p, g) in given.iter().enumerate() {
        if let Some(k) = g {
            where_given[*k] = Some(p);
        }
    }
    // the next given number at or after k, for distance pruning
    let mut next_given = vec![None; total + 2];
    for k in (1..=total).rev() {
        next_given[k] = match where_given[k] {
            Some(p) => Some((k, p)),
            None => next_given[k + 1],
        };
    }
    struct S<'a> {
        n: usize,
        total: usize,
        given: &'a [Option<usize>],
        where_given: Vec<Option<usize>>,
        next_given: Vec<Option<(usize, usize)>>,
        grid: Vec<usize>,
        count: usize,
        first: Vec<usize>,
    }
    fn dist(a: usize, b: usize, n: usize) -> usize {
        (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)
    }
    fn go(s: &mut S, p: usize, k: usize) {
        if s.count >= 2 {
            return;
        }
        if k == s.total {
            s.count += 1;
            if s.count == 1 {
                s.first = s.grid.clone();
            }
            return;
        }
        let k1 = k + 1;
        let cands: Vec<usize> = match s.where_given[k1] {
            Some(q) => vec![q],
            None => side_neighbours(p, s.n),
        };
        for q in cands {
            if dist(p, q, s.n) != 1 || s.grid[q] != 0 {
                continue;
            }
            if s.given[q].is_some() && s.given[q] != Some(k1) {
                continue;
            }
            if let Some((g, gp)) = s.next_given[k1 + 1] {
                if dist(q, gp, s.n) > g - k1 {
                    continue;
                }
            }
            s.grid[q] = k1;
            go(s, q, k1);
            s.grid[q] = 0;
        }
    }
    let mut s = S {
        n,
        total,
        given,
        where_given: where_given.clone(),
        next_given,
        grid: vec![0; total],
        count: 0,
        first: Vec::new(),
    };
    let starts: Vec<usize> = match where_given[1] {
        Some(p) => vec![p],
        None => (0..total).filter(|&p| given[p].is_none()).collect(),
    };
    for p in starts {
        if let Some((g, gp)) = s.next_given[2] {
            if dist(p, gp, n) > g - 1 {
                continue;
            }
        }
        s.grid[p] = 1;
        go(&mut s, p, 1);
        s.grid[p] = 0;
    }
    (s.count, s.first)
}

#[test]
fn numbrix_golds_are_the_only_chains() {
    let records = common::records(
        "suites/korbench/kor_puzzle_13_numbrix.puzzle",
        "en",
        PER_TIER,
    );
    assert_eq!(records.len() as u64, 3 * PER_TIER);
    for rec in &records {
        let grid = question_grid(&rec.question);
        let n = grid.len();
        assert!(
            rec.question.contains(&format!("Here n = {n}.")),
            "{}",
            rec.id
        );
        let given: Vec<Option<usize>> = grid
            .iter()
            .flatten()
            .map(|c| {
                if c == "X" {
                    None
                } else {
                    Some(c.parse().expect("a number"))
                }
            })
            .collect();
        assert_eq!(given.len(), n * n, "{}: square grid", rec.id);
        let (count, sol) = numbrix_solutions(&given, n);
        assert_eq!(count, 1, "{}: exactly one chain", rec.id);
        let gold: Vec<usize> = gold_rows(&rec.answer)
            .iter()
            .flatten()
            .map(|c| c.parse().expect("a number"))
            .collect();
        assert_eq!(gold, sol, "{}: the gold is that chain", rec.id);
        let givens = given.iter().flatten().count();
        let (lo, hi) = match rec.tier.as_str() {
            "easy" => (9, 11),
            "medium" => (13, 15),
            _ => (8, 10),
        };
        assert!((lo..=hi).contains(&givens), "{}: {givens} givens", rec.id);
        check_scores(&rec.answer);
    }
}

// ------------------------------------------------------------- Number wall

/// Every connected set of `size` squares containing `start` that avoids
/// `blocked` squares, as sorted square lists.
fn polyominoes(start: usize, size: usize, n: usize, blocked: &[bool]) -> Vec<Vec<usize>> {
    let mut out = std::collections::BTreeSet::new();
    fn grow(
        cur: &mut Vec<usize>,
        size: usize,
        n: usize,
        blocked: &[bool],
        out: &mut std::collections::BTreeSet<Vec<usize>>,
        seen: &mut std::collections::HashSet<Vec<usize>>,
    ) {
        let mut key = cur.clone();
        key.sort_unstable();
        if !seen.insert(key.clone()) {
            return;
        }
        if cur.len() == size {
            out.insert(key);
            return;
        }
        let frontier: Vec<usize> = cur
            .iter()
            .flat_map(|&p| side_neighbours(p, n))
            .filter(|q| !cur.contains(q) && !blocked[*q])
            .collect();
        for q in frontier {
            cur.push(q);
            grow(cur, size, n, blocked, out, seen);
            cur.pop();
        }
    }
    let mut seen = std::collections::HashSet::new();
    grow(&mut vec![start], size, n, blocked, &mut out, &mut seen);
    out.into_iter().collect()
}

/// Counts (up to 2) the layouts: one island per number, of that size,
/// islands not touching, the rest one connected wall with no 2×2 block.
/// Returns the count and the first layout (true = island).
fn wall_solutions(numbers: &[(usize, usize)], n: usize) -> (usize, Vec<bool>) {
    let total = n * n;
    let mut shapes: Vec<Vec<Vec<usize>>> = Vec::new();
    for (i, &(p, k)) in numbers.iter().enumerate() {
        // an island may not hold or touch another number
        let mut blocked = vec![false; total];
        for (j, &(q, _)) in numbers.iter().enumerate() {
            if j != i {
                blocked[q] = true;
                for r in side_neighbours(q, n) {
                    blocked[r] = true;
                }
            }
        }
        blocked[p] = false;
        shapes.push(polyominoes(p, k, n, &blocked));
    }
    let mut order: Vec<usize> = (0..numbers.len()).collect();
    order.sort_by_key(|&i| shapes[i].len());
    // the squares each number could still cover
    let reach: Vec<Vec<bool>> = shapes
        .iter()
        .map(|ss| {
            let mut r = vec![false; total];
            for s in ss {
                for &p in s {
                    r[p] = true;
                }
            }
            r
        })
        .collect();
    struct S<'a> {
        n: usize,
        order: Vec<usize>,
        shapes: &'a [Vec<Vec<usize>>],
        reach: &'a [Vec<bool>],
        island: Vec<bool>,
        count: usize,
        first: Vec<bool>,
    }
    fn block_dead(s: &S, depth: usize) -> bool {
        // a 2×2 block no island covers and none still to place can reach
        let n = s.n;
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let sq = [
                    r * n + c,
                    r * n + c + 1,
                    (r + 1) * n + c,
                    (r + 1) * n + c + 1,
                ];
                let open = sq
                    .iter()
                    .any(|&p| s.island[p] || s.order[depth..].iter().any(|&i| s.reach[i][p]));
                if !open {
                    return true;
                }
            }
        }
        false
    }
    fn walls_ok(s: &S) -> bool {
        let n = s.n;
        let walls: Vec<usize> = (0..n * n).filter(|&p| !s.island[p]).collect();
        let Some(&first) = walls.first() else {
            return true;
        };
        let mut seen = vec![false; n * n];
        let mut stack = vec![first];
        seen[first] = true;
        let mut reached = 1;
        while let Some(p) = stack.pop() {
            for q in side_neighbours(p, n) {
                if !s.island[q] && !seen[q] {
                    seen[q] = true;
                    reached += 1;
                    stack.push(q);
                }
            }
        }
        reached == walls.len()
    }
    fn go(s: &mut S, depth: usize) {
        if s.count >= 2 || block_dead(s, depth) {
            return;
        }
        if depth == s.order.len() {
            if walls_ok(s) {
                s.count += 1;
                if s.count == 1 {
                    s.first = s.island.clone();
                }
            }
            return;
        }
        let i = s.order[depth];
        for k in 0..s.shapes[i].len() {
            let shape = &s.shapes[i][k];
            // no overlap and no side contact with islands placed so far
            let clash = shape
                .iter()
                .any(|&p| s.island[p] || side_neighbours(p, s.n).iter().any(|&q| s.island[q]));
            if clash {
                continue;
            }
            let shape = shape.clone();
            for &p in &shape {
                s.island[p] = true;
            }
            go(s, depth + 1);
            for &p in &shape {
                s.island[p] = false;
            }
        }
    }
    let mut s = S {
        n,
        order,
        shapes: &shapes,
        reach: &reach,
        island: vec![false; total],
        count: 0,
        first: Vec::new(),
    };
    go(&mut s, 0);
    (s.count, s.first)
}

#[test]
fn number_wall_golds_are_the_only_layouts() {
    let records = common::records(
        "suites/korbench/kor_puzzle_14_number_wall.puzzle",
        "en",
        PER_TIER_NUMBER_WALL,
    );
    assert_eq!(records.len() as u64, 3 * PER_TIER_NUMBER_WALL);
    for rec in &records {
        let grid = question_grid(&rec.question);
        let n = grid.len();
        let cells: Vec<&String> = grid.iter().flatten().collect();
        assert_eq!(cells.len(), n * n, "{}: square grid", rec.id);
        let numbers: Vec<(usize, usize)> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.as_str() != "X")
            .map(|(p, c)| (p, c.parse().expect("a number")))
            .collect();
        let (count, island) = wall_solutions(&numbers, n);
        assert_eq!(count, 1, "{}: exactly one layout", rec.id);
        let want: Vec<String> = (0..n * n)
            .map(|p| match numbers.iter().find(|(q, _)| *q == p) {
                Some((_, k)) => k.to_string(),
                None if island[p] => "X".into(),
                None => "A".into(),
            })
            .collect();
        let gold: Vec<String> = gold_rows(&rec.answer).into_iter().flatten().collect();
        assert_eq!(gold, want, "{}: the gold is that layout", rec.id);
        let (size, lo, hi) = match rec.tier.as_str() {
            "easy" => (5, 3, 5),
            "medium" => (6, 5, 7),
            _ => (7, 7, 9),
        };
        assert_eq!(n, size, "{}", rec.id);
        assert!(
            (lo..=hi).contains(&numbers.len()),
            "{}: {} numbers",
            rec.id,
            numbers.len()
        );
        check_scores(&rec.answer);
    }
}
