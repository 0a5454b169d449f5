//! The scale benchmark specs (`bench/scale/`) checked by solvers written
//! here: every 16×16 sudoku and 9×9 Futoshiki item has exactly one solution
//! (counted up to two by a separate backtracking search over the prompt's
//! own clues), and the gold is read off that solution (a Futoshiki without
//! any one of its inequalities has two); every Minesweeper
//! item's gold agrees with each revealed count and the stated total, and on
//! the 9×9 tier its layout is the only one (counted by enumeration). The
//! floor spec (`bench/floor.puzzle`) builds, and its gold is the sum its
//! prompt asks for.

use crate::common;
use puzzlec::gen::generate;
use serde_json::Value as Json;

const ITEMS: u64 = 4;

fn items(name: &str) -> Vec<(String, puzzlec::gen::Item)> {
    let program = common::load(&common::root().join("bench/scale").join(name));
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for index in 0..ITEMS {
            let item = generate(&program, tier, index, 1)
                .unwrap_or_else(|e| panic!("{name} {tier} {index}: {e}"));
            out.push((format!("{name} {tier} {index}"), item));
        }
    }
    out
}

fn int(v: &Json) -> usize {
    v.as_u64().expect("a whole number") as usize
}

/// A finite-domain puzzle over cells `0..cells` with values `1..=n`:
/// all-different groups and inequalities between cells.
struct Grid {
    n: usize,
    groups_of: Vec<Vec<usize>>,
    groups: Vec<Vec<usize>>,
    /// Per cell, the inequalities `(a, b)` (`a` < `b`) it takes part in.
    less_of: Vec<Vec<(usize, usize)>>,
}

impl Grid {
    /// The values `cell` can take: none its groups hold (`used`: a bit per
    /// value, per group), in order with its fixed neighbours.
    fn candidates(&self, values: &[usize], used: &[u64], cell: usize) -> Vec<usize> {
        let taken = self.groups_of[cell].iter().fold(0u64, |m, &g| m | used[g]);
        (1..=self.n)
            .filter(|&v| {
                taken & (1 << v) == 0
                    && self.less_of[cell].iter().all(|&(a, b)| {
                        (a != cell || values[b] == 0 || v < values[b])
                            && (b != cell || values[a] == 0 || values[a] < v)
                    })
            })
            .collect()
    }

    /// Solutions extending `values` (0 = open), counted up to `limit`; the
    /// first one found is left in `found`.
    fn count(&self, values: &mut [usize], limit: usize, found: &mut Option<Vec<usize>>) -> usize {
        let mut used = vec![0u64; self.groups.len()];
        for (g, members) in self.groups.iter().enumerate() {
            for &c in members {
                used[g] |= 1 << values[c];
            }
            used[g] &= !1;
        }
        self.count_from(values, &mut used, limit, found)
    }

    fn count_from(
        &self,
        values: &mut [usize],
        used: &mut [u64],
        limit: usize,
        found: &mut Option<Vec<usize>>,
    ) -> usize {
        let open = (0..values.len())
            .filter(|&c| values[c] == 0)
            .map(|c| (self.candidates(values, used, c), c))
            .min_by_key(|(cands, _)| cands.len());
        let Some((cands, cell)) = open else {
            found.get_or_insert_with(|| values.to_vec());
            return 1;
        };
        let mut total = 0;
        for v in cands {
            values[cell] = v;
            self.groups_of[cell].iter().for_each(|&g| used[g] |= 1 << v);
            total += self.count_from(values, used, limit - total, found);
            self.groups_of[cell]
                .iter()
                .for_each(|&g| used[g] &= !(1 << v));
            values[cell] = 0;
            if total >= limit {
                break;
            }
        }
        total
    }
}

/// Rows, columns and (when `box_side` > 0) boxes of an n×n grid.
fn latin(n: usize, box_side: usize, less: Vec<(usize, usize)>) -> Grid {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        groups.push((0..n).map(|j| i * n + j).collect());
        groups.push((0..n).map(|j| j * n + i).collect());
    }
    if box_side > 0 {
        for b in 0..n {
            let (r0, c0) = (box_side * (b / box_side), box_side * (b % box_side));
            groups.push(
                (0..n)
                    .map(|k| (r0 + k / box_side) * n + c0 + k % box_side)
                    .collect(),
            );
        }
    }
    let mut groups_of = vec![Vec::new(); n * n];
    for (g, members) in groups.iter().enumerate() {
        for &c in members {
            groups_of[c].push(g);
        }
    }
    let mut less_of = vec![Vec::new(); n * n];
    for &(a, b) in &less {
        less_of[a].push((a, b));
        less_of[b].push((a, b));
    }
    Grid {
        n,
        groups_of,
        groups,
        less_of,
    }
}

/// The one solution of `grid` from `values`, or a panic naming `what`.
fn only_solution(grid: &Grid, mut values: Vec<usize>, what: &str) -> Vec<usize> {
    let mut found = None;
    let count = grid.count(&mut values, 2, &mut found);
    assert_eq!(count, 1, "{what}: {count} solutions of the stated clues");
    found.expect("one solution")
}

#[test]
fn sudoku16_items_have_one_solution_and_its_values_are_the_gold() {
    for (what, item) in items("sudoku16.puzzle") {
        let values: Vec<usize> = item.instance["grid"]
            .as_array()
            .expect("grid")
            .iter()
            .flat_map(|row| row.as_array().expect("row").iter().map(int))
            .collect();
        assert_eq!(values.len(), 256, "{what}");
        let solution = only_solution(&latin(16, 4, Vec::new()), values, &what);
        let asked: Vec<String> = item.instance["queried"]
            .as_array()
            .expect("queried")
            .iter()
            .map(|p| solution[(int(&p[0]) - 1) * 16 + int(&p[1]) - 1].to_string())
            .collect();
        assert_eq!(item.answer, asked.join(" "), "{what}");
    }
}

#[test]
fn futoshiki9_items_have_one_solution_and_it_is_the_gold() {
    for (what, item) in items("futoshiki9.puzzle") {
        let n = int(&item.instance["size"]);
        let mut values = vec![0; n * n];
        for g in item.instance["givens"].as_array().expect("givens") {
            values[(int(&g["row"]) - 1) * n + int(&g["column"]) - 1] = int(&g["value"]);
        }
        let cell = |p: &Json| (int(&p[0]) - 1) * n + int(&p[1]) - 1;
        let less: Vec<(usize, usize)> = item.instance["inequalities"]
            .as_array()
            .expect("inequalities")
            .iter()
            .map(|q| (cell(&q["smaller"]), cell(&q["larger"])))
            .collect();
        // `dig … keep minimal`: without any one kept inequality the square
        // is no longer unique (which also shows this count can see two).
        if let Some((_, rest)) = less.split_first() {
            let mut open = values.clone();
            let count = latin(n, 0, rest.to_vec()).count(&mut open, 2, &mut None);
            assert_eq!(count, 2, "{what}: the first inequality was not needed");
        }
        let solution = only_solution(&latin(n, 0, less), values, &what);
        let rows: Vec<String> = solution
            .chunks(n)
            .map(|r| r.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(item.answer, rows.join(","), "{what}");
    }
}

/// Mine layouts (row-major booleans) consistent with `revealed` (cell →
/// count) and `mines`, counted up to `limit`.
fn layouts(
    rows: usize,
    cols: usize,
    mines: usize,
    revealed: &[(usize, usize)],
    limit: usize,
) -> usize {
    let shown: std::collections::HashMap<usize, usize> = revealed.iter().copied().collect();
    let around = |c: usize| -> Vec<usize> {
        let (r, k) = ((c / cols) as i64, (c % cols) as i64);
        let mut out = Vec::new();
        for dr in -1..=1i64 {
            for dk in -1..=1i64 {
                let (a, b) = (r + dr, k + dk);
                if (dr, dk) != (0, 0) && a >= 0 && b >= 0 && a < rows as i64 && b < cols as i64 {
                    out.push(a as usize * cols + b as usize);
                }
            }
        }
        out
    };
    let neighbours: Vec<Vec<usize>> = (0..rows * cols).map(around).collect();
    fn go(
        c: usize,
        left: usize,
        mine: &mut Vec<bool>,
        ctx: &(
            usize,
            &std::collections::HashMap<usize, usize>,
            &Vec<Vec<usize>>,
        ),
        limit: usize,
    ) -> usize {
        let (cells, shown, nb) = *ctx;
        // Every revealed cell whose neighbours are all decided must match.
        let fits = |m: &Vec<bool>, decided: usize| {
            shown.iter().all(|(&s, &want)| {
                let have = nb[s].iter().filter(|&&o| o < decided && m[o]).count();
                let open = nb[s].iter().filter(|&&o| o >= decided).count();
                have <= want && want <= have + open
            })
        };
        if !fits(mine, c) {
            return 0;
        }
        if c == cells {
            return usize::from(left == 0);
        }
        if left > cells - c {
            return 0;
        }
        let mut total = 0;
        for put in [false, true] {
            if put && (left == 0 || shown.contains_key(&c)) {
                continue;
            }
            mine[c] = put;
            total += go(c + 1, left - usize::from(put), mine, ctx, limit - total);
            mine[c] = false;
            if total >= limit {
                break;
            }
        }
        total
    }
    go(
        0,
        mines,
        &mut vec![false; rows * cols],
        &(rows * cols, &shown, &neighbours),
        limit,
    )
}

#[test]
fn minesweeper_golds_fit_the_board_and_the_small_board_has_one_layout() {
    for (what, item) in items("minesweeper16x30.puzzle") {
        let (rows, cols) = (int(&item.instance["rows"]), int(&item.instance["columns"]));
        let mines = int(&item.instance["mines"]);
        let gold: std::collections::HashSet<(usize, usize)> = item
            .answer
            .split("), (")
            .map(|p| {
                let p = p.trim_matches(|c| c == '(' || c == ')');
                let (r, c) = p.split_once(',').expect("r,c");
                (r.trim().parse().unwrap(), c.trim().parse().unwrap())
            })
            .collect();
        assert_eq!(gold.len(), mines, "{what}: the gold lists every mine once");
        let mut revealed = Vec::new();
        for cell in item.instance["revealed"].as_array().expect("revealed") {
            let (r, c, want) = (int(&cell["row"]), int(&cell["column"]), int(&cell["count"]));
            assert!(!gold.contains(&(r, c)), "{what}: a revealed cell is a mine");
            let near = gold
                .iter()
                .filter(|&&(a, b)| (a, b) != (r, c) && a.abs_diff(r) <= 1 && b.abs_diff(c) <= 1)
                .count();
            assert_eq!(near, want, "{what}: the count at ({r}, {c})");
            revealed.push((r * cols + c, want));
        }
        if rows * cols <= 81 {
            assert_eq!(
                layouts(rows, cols, mines, &revealed, 2),
                1,
                "{what}: layouts"
            );
        }
    }
}

#[test]
fn the_floor_spec_answers_the_sum_it_asks_for() {
    let program = common::load(&common::root().join("bench/floor.puzzle"));
    for index in 0..50 {
        let item = generate(&program, "easy", index, 1).expect("the floor spec builds");
        let question = &item.renders["en"].question;
        let numbers: Vec<i64> = question
            .trim_start_matches("What is ")
            .split(['?', ' '])
            .filter_map(|w| w.parse().ok())
            .take(2)
            .collect();
        let [a, k] = numbers[..] else {
            panic!("two numbers in {question:?}")
        };
        assert_eq!(item.answer, (a + k).to_string(), "{question}");
    }
}
