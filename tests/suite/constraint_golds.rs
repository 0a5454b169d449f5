//! The golds of the constraint specs (sudoku, inequality, minesweeper,
//! number_baseball, sat_puzzle) confirmed to be the UNIQUE answer by
//! independent solvers written here: plain backtracking or brute force over
//! the record's structured `instance` (plus the rules stated in the prompt),
//! sharing no code with the crate's SAT path or with the spec language.
//!
//! Each checker is also shown able to fail: a real instance with clues
//! removed is reported as having several solutions, and a wrong gold is
//! rejected.

use crate::common;

use puzzlec::dataset::build::record;
use puzzlec::dataset::Record;
use puzzlec::gen::generate;
use serde_json::Value as J;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use std::time::Instant;

/// Items checked per spec, split evenly over its tiers (rounded up).
const ITEMS_PER_TYPE: u64 = 200;

const SPECS: [&str; 5] = [
    "sudoku",
    "inequality",
    "minesweeper",
    "number_baseball",
    "sat_puzzle",
];

/// Specs checked on at least 200 items of every tier (their settings
/// changed with the reference parity work).
const FULL_TIERS: [&str; 4] = ["number_baseball", "sat_puzzle", "minesweeper", "inequality"];

/// Items of minesweeper's easy tier: its board mix is measured on them.
const MINESWEEPER_EASY: u64 = 200;

/// The English records of a spec, generated once per test process.
fn records(name: &str) -> &'static [Record] {
    &both(name).0
}

/// The Korean records of a spec, the same items as [`records`].
fn korean(name: &str) -> &'static [Record] {
    &both(name).1
}

/// The English and Korean records of a spec, generated once per process.
fn both(name: &str) -> &'static (Vec<Record>, Vec<Record>) {
    static CACHE: [OnceLock<(Vec<Record>, Vec<Record>)>; 5] = [const { OnceLock::new() }; 5];
    let slot = SPECS
        .iter()
        .position(|s| *s == name)
        .expect("a spec of this file");
    CACHE[slot].get_or_init(|| {
        let start = Instant::now();
        let program = common::load(&common::root().join(format!("puzzles/{name}.puzzle")));
        let tiers = program.tier_names();
        let mut per_tier = ITEMS_PER_TYPE.div_ceil(tiers.len() as u64);
        if FULL_TIERS.contains(&name) {
            per_tier = ITEMS_PER_TYPE;
        }
        let (mut out, mut ko) = (Vec::new(), Vec::new());
        for tier in tiers {
            let n = if name == "minesweeper" && tier == "easy" {
                MINESWEEPER_EASY
            } else {
                per_tier
            };
            for i in 0..n {
                let item = generate(&program, tier, i, 1)
                    .unwrap_or_else(|e| panic!("{name}/{tier}/{i} does not generate: {e:?}"));
                out.push(record(&program, &item, "en"));
                ko.push(record(&program, &item, "ko"));
            }
        }
        eprintln!(
            "{name}: generated {} items in {:.2?}",
            out.len(),
            start.elapsed()
        );
        (out, ko)
    })
}

/// Runs `check` on every record of `name`, listing every failure.
fn check_all(name: &str, check: fn(&Record) -> Result<(), String>) {
    let recs = records(name);
    assert!(
        recs.len() as u64 >= ITEMS_PER_TYPE,
        "{name}: only {} items",
        recs.len()
    );
    let start = Instant::now();
    let failures: Vec<String> = recs
        .iter()
        .filter_map(|r| check(r).err().map(|e| format!("{}: {e}", r.id)))
        .collect();
    eprintln!(
        "{name}: checked {} items in {:.2?}",
        recs.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{name}: {} of {} items fail:\n{}",
        failures.len(),
        recs.len(),
        failures.join("\n")
    );
}

/// A spread of records over every tier, for the meta-tests.
fn sample(name: &str, n: usize) -> Vec<&'static Record> {
    let recs = records(name);
    let step = (recs.len() / n).max(1);
    recs.iter().step_by(step).take(n).collect()
}

/// Meta-test: `count` (solutions, capped at 2) must report non-uniqueness for
/// some `broken` variant (clues removed) of at least one sampled item; `wrong` golds must
/// be rejected by `check` for every sampled item.
fn checker_can_fail(
    name: &str,
    count: fn(&J) -> Result<usize, String>,
    broken: fn(&J) -> Vec<J>,
    check: fn(&Record) -> Result<(), String>,
    wrong: fn(&str) -> String,
) {
    let items = sample(name, 12);
    let mut breakable = 0;
    for r in &items {
        assert_eq!(
            count(&r.instance),
            Ok(1),
            "{}: the real item is unique",
            r.id
        );
        if broken(&r.instance)
            .iter()
            .any(|inst| count(inst).expect("a broken instance still parses") >= 2)
        {
            breakable += 1;
        }
        let mut bad = (*r).clone();
        bad.answer = wrong(&r.answer);
        assert_ne!(bad.answer, r.answer, "{}: the wrong gold differs", r.id);
        let verdict = check(&bad);
        assert!(
            verdict.as_ref().is_err_and(|e| e.contains("gold")),
            "{}: the wrong gold {:?} is not rejected as a gold mismatch: {verdict:?}",
            r.id,
            bad.answer
        );
    }
    eprintln!(
        "{name}: {breakable} of {} sampled items lose uniqueness by removing clues",
        items.len()
    );
    assert!(
        breakable > 0,
        "{name}: no clue removal made any sampled item ambiguous"
    );
}

/// `inst` with element `i` of the array at `key` removed, for every `i`.
fn without_each(inst: &J, key: &str) -> Vec<J> {
    let n = inst[key].as_array().map_or(0, Vec::len);
    (0..n)
        .map(|i| {
            let mut b = inst.clone();
            b[key].as_array_mut().expect("array").remove(i);
            b
        })
        .collect()
}

// ---- JSON helpers.

fn int(v: &J, what: &str) -> Result<i64, String> {
    v.as_i64()
        .ok_or_else(|| format!("{what} is not an integer: {v}"))
}

fn arr<'a>(v: &'a J, what: &str) -> Result<&'a Vec<J>, String> {
    v.as_array()
        .ok_or_else(|| format!("{what} is not an array: {v}"))
}

fn lever(r: &Record, name: &str) -> Result<i64, String> {
    int(&r.levers[name], &format!("lever {name}"))
}

fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(msg())
    }
}

fn unique<T>(mut sols: Vec<T>) -> Result<T, String> {
    match sols.len() {
        0 => Err("no solution".into()),
        1 => Ok(sols.pop().expect("one")),
        _ => Err("not unique: at least 2 solutions".into()),
    }
}

// ---- Sudoku: bitmask backtracking, most constrained cell first.

struct Sudoku {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Sudoku {
    fn new(grid: &[u8; 81]) -> Option<Sudoku> {
        let mut s = Sudoku {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in grid.iter().enumerate() {
            if v != 0 {
                if s.free(i) & (1 << v) == 0 {
                    return None;
                }
                s.set(i, v);
            }
        }
        Some(s)
    }

    fn free(&self, i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[(r / 3) * 3 + c / 3]) & 0b11_1111_1110
    }

    fn set(&mut self, i: usize, v: u8) {
        let (r, c) = (i / 9, i % 9);
        self.cells[i] = v;
        self.rows[r] ^= 1 << v;
        self.cols[c] ^= 1 << v;
        self.boxes[(r / 3) * 3 + c / 3] ^= 1 << v;
    }

    fn unset(&mut self, i: usize) {
        let v = self.cells[i];
        self.set(i, v);
        self.cells[i] = 0;
    }

    fn search(&mut self, out: &mut Vec<[u8; 81]>, limit: usize) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..81 {
            if self.cells[i] == 0 {
                let m = self.free(i);
                if m == 0 {
                    return;
                }
                if best.is_none_or(|(_, bm)| m.count_ones() < bm.count_ones()) {
                    best = Some((i, m));
                }
            }
        }
        let Some((i, m)) = best else {
            out.push(self.cells);
            return;
        };
        for v in 1..=9u8 {
            if m & (1 << v) != 0 {
                self.set(i, v);
                self.search(out, limit);
                self.unset(i);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}

fn sudoku_grid(inst: &J) -> Result<[u8; 81], String> {
    let rows = arr(&inst["grid"], "grid")?;
    ensure(rows.len() == 9, || format!("{} rows", rows.len()))?;
    let mut grid = [0u8; 81];
    for (r, row) in rows.iter().enumerate() {
        let row = arr(row, "grid row")?;
        ensure(row.len() == 9, || {
            format!("row {r} has {} cells", row.len())
        })?;
        for (c, v) in row.iter().enumerate() {
            let v = int(v, "cell")?;
            ensure((0..=9).contains(&v), || format!("cell value {v}"))?;
            grid[r * 9 + c] = v as u8;
        }
    }
    Ok(grid)
}

fn sudoku_solutions(grid: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
    let mut out = Vec::new();
    if let Some(mut s) = Sudoku::new(grid) {
        s.search(&mut out, limit);
    }
    out
}

fn sudoku_count(inst: &J) -> Result<usize, String> {
    Ok(sudoku_solutions(&sudoku_grid(inst)?, 2).len())
}

fn check_sudoku(r: &Record) -> Result<(), String> {
    let grid = sudoku_grid(&r.instance)?;
    let solution = unique(sudoku_solutions(&grid, 2))?;
    let mut queried = Vec::new();
    for q in arr(&r.instance["queried"], "queried")? {
        let q = arr(q, "queried cell")?;
        ensure(q.len() == 2, || format!("queried cell {q:?}"))?;
        let (row, col) = (int(&q[0], "row")?, int(&q[1], "column")?);
        ensure((1..=9).contains(&row) && (1..=9).contains(&col), || {
            format!("queried cell ({row}, {col}) is off the grid")
        })?;
        let i = (row as usize - 1) * 9 + col as usize - 1;
        ensure(grid[i] == 0, || {
            format!("queried cell ({row}, {col}) is a given")
        })?;
        ensure(!queried.contains(&i), || {
            format!("queried cell ({row}, {col}) is repeated")
        })?;
        queried.push(i);
    }
    let expected: Vec<String> = queried.iter().map(|&i| solution[i].to_string()).collect();
    let expected = expected.join(" ");
    ensure(r.answer == expected, || {
        format!(
            "gold {:?} but the unique solution gives {expected:?}",
            r.answer
        )
    })?;
    // Levers: the exact number of givens, within the tier's range.
    let givens = grid.iter().filter(|&&v| v != 0).count() as i64;
    ensure(givens == lever(r, "givens")?, || {
        format!("{givens} givens but lever givens = {}", r.levers["givens"])
    })?;
    let range = match r.tier.as_str() {
        "easy" => 40..=43,
        "medium" => 37..=39,
        "hard" => 31..=35,
        t => return Err(format!("unknown tier {t}")),
    };
    ensure(range.contains(&givens), || {
        format!("{givens} givens outside the tier range {range:?}")
    })?;
    ensure(queried.len() as i64 == lever(r, "queried")?, || {
        format!(
            "{} queried cells but lever queried = {}",
            queried.len(),
            r.levers["queried"]
        )
    })?;
    // The prompt shows this grid and asks for these cells in this order.
    let board: Vec<String> = (0..9)
        .map(|row| {
            let cells: Vec<String> = (0..9)
                .map(|c| match grid[row * 9 + c] {
                    0 => ".".to_string(),
                    v => v.to_string(),
                })
                .collect();
            cells.join(" ")
        })
        .collect();
    ensure(
        r.question
            .contains(&format!("\n\n{}\n\n", board.join("\n"))),
        || "the prompt does not show the instance grid".into(),
    )?;
    let asked: Vec<String> = queried
        .iter()
        .map(|i| format!("(row {}, column {})", i / 9 + 1, i % 9 + 1))
        .collect();
    ensure(
        r.question
            .contains(&format!("in this order: {}?", asked.join(", "))),
        || "the prompt does not ask for the queried cells".into(),
    )
}

#[test]
fn sudoku_golds_are_unique() {
    check_all("sudoku", check_sudoku);
}

#[test]
fn sudoku_checker_can_fail() {
    checker_can_fail(
        "sudoku",
        sudoku_count,
        |inst| {
            let mut out = Vec::new();
            for r in 0..9 {
                for c in 0..9 {
                    if inst["grid"][r][c].as_i64() != Some(0) {
                        let mut b = inst.clone();
                        b["grid"][r][c] = J::from(0);
                        out.push(b);
                    }
                }
            }
            out
        },
        check_sudoku,
        |gold| {
            let mut d: Vec<u32> = gold.split(' ').map(|t| t.parse().expect("digit")).collect();
            d[0] = d[0] % 9 + 1;
            let d: Vec<String> = d.iter().map(u32::to_string).collect();
            d.join(" ")
        },
    );
}

// ---- Inequality (Futoshiki): Latin-square backtracking with the signs.

struct Futoshiki {
    n: usize,
    givens: Vec<(usize, usize, u8)>,
    /// (smaller cell, larger cell), 0-based (row, column).
    less: Vec<((usize, usize), (usize, usize))>,
}

fn cell_of(v: &J, n: usize) -> Result<(usize, usize), String> {
    let p = arr(v, "cell")?;
    ensure(p.len() == 2, || format!("cell {v}"))?;
    let (r, c) = (int(&p[0], "row")?, int(&p[1], "column")?);
    ensure(
        (1..=n as i64).contains(&r) && (1..=n as i64).contains(&c),
        || format!("cell {v} is off the {n}×{n} grid"),
    )?;
    Ok((r as usize - 1, c as usize - 1))
}

fn futoshiki(inst: &J) -> Result<Futoshiki, String> {
    let n = int(&inst["size"], "size")?;
    ensure((2..=9).contains(&n), || format!("size {n}"))?;
    let n = n as usize;
    let mut givens = Vec::new();
    for g in arr(&inst["givens"], "givens")? {
        let (r, c) = (int(&g["row"], "row")?, int(&g["column"], "column")?);
        let v = int(&g["value"], "value")?;
        ensure(
            (1..=n as i64).contains(&r)
                && (1..=n as i64).contains(&c)
                && (1..=n as i64).contains(&v),
            || format!("given {g} is out of range"),
        )?;
        givens.push((r as usize - 1, c as usize - 1, v as u8));
    }
    let mut less = Vec::new();
    for q in arr(&inst["inequalities"], "inequalities")? {
        let a = cell_of(&q["smaller"], n)?;
        let b = cell_of(&q["larger"], n)?;
        ensure(a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1, || {
            format!("inequality {q} does not join orthogonal neighbours")
        })?;
        less.push((a, b));
    }
    Ok(Futoshiki { n, givens, less })
}

struct Latin<'a> {
    p: &'a Futoshiki,
    cells: Vec<u8>,
    rows: Vec<u16>,
    cols: Vec<u16>,
    /// Per cell: (other cell, whether this cell is the smaller one).
    rel: Vec<Vec<(usize, bool)>>,
}

impl Latin<'_> {
    fn domain(&self, i: usize) -> u16 {
        let n = self.p.n;
        let full: u16 = ((1u16 << (n + 1)) - 1) & !1;
        let mut m = full & !(self.rows[i / n] | self.cols[i % n]);
        for &(o, smaller) in &self.rel[i] {
            let w = self.cells[o];
            for v in 1..=n as u8 {
                let ok = match (w, smaller) {
                    (0, true) => (v as usize) < n,
                    (0, false) => v > 1,
                    (w, true) => v < w,
                    (w, false) => v > w,
                };
                if !ok {
                    m &= !(1 << v);
                }
            }
        }
        m
    }

    fn set(&mut self, i: usize, v: u8) {
        let n = self.p.n;
        self.cells[i] = v;
        self.rows[i / n] ^= 1 << v;
        self.cols[i % n] ^= 1 << v;
    }

    fn unset(&mut self, i: usize) {
        let v = self.cells[i];
        self.set(i, v);
        self.cells[i] = 0;
    }

    fn holds(&self) -> bool {
        let n = self.p.n;
        self.p
            .less
            .iter()
            .all(|&(a, b)| self.cells[a.0 * n + a.1] < self.cells[b.0 * n + b.1])
    }

    fn search(&mut self, out: &mut Vec<Vec<u8>>, limit: usize) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let m = self.domain(i);
                if m == 0 {
                    return;
                }
                if best.is_none_or(|(_, bm)| m.count_ones() < bm.count_ones()) {
                    best = Some((i, m));
                }
            }
        }
        let Some((i, m)) = best else {
            if self.holds() {
                out.push(self.cells.clone());
            }
            return;
        };
        for v in 1..=self.p.n as u8 {
            if m & (1 << v) != 0 {
                self.set(i, v);
                self.search(out, limit);
                self.unset(i);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}

fn inequality_solutions(p: &Futoshiki, limit: usize) -> Vec<Vec<u8>> {
    let n = p.n;
    let mut rel = vec![Vec::new(); n * n];
    for &(a, b) in &p.less {
        rel[a.0 * n + a.1].push((b.0 * n + b.1, true));
        rel[b.0 * n + b.1].push((a.0 * n + a.1, false));
    }
    let mut s = Latin {
        p,
        cells: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        rel,
    };
    for &(r, c, v) in &p.givens {
        let i = r * n + c;
        if s.cells[i] == v {
            continue;
        }
        if s.cells[i] != 0 || (s.rows[r] | s.cols[c]) & (1 << v) != 0 {
            return Vec::new();
        }
        s.set(i, v);
    }
    let mut out = Vec::new();
    s.search(&mut out, limit);
    out
}

fn inequality_count(inst: &J) -> Result<usize, String> {
    Ok(inequality_solutions(&futoshiki(inst)?, 2).len())
}

/// Reads the board of the prompt back: the given digits and the signs, as
/// (smaller, larger) 0-based cell pairs.
#[allow(clippy::type_complexity)]
fn parse_board(
    question: &str,
    n: usize,
) -> Result<(Vec<Option<u8>>, BTreeSet<((usize, usize), (usize, usize))>), String> {
    let head = "The puzzle has exactly one solution.\n\n";
    let start = question
        .find(head)
        .ok_or("the prompt has no board header")?
        + head.len();
    let len = question[start..]
        .find("\n\nGive the completed grid")
        .ok_or("the prompt has no board end")?;
    let lines: Vec<&str> = question[start..start + len].split('\n').collect();
    ensure(lines.len() == 2 * n - 1, || {
        format!("the board has {} lines, not {}", lines.len(), 2 * n - 1)
    })?;
    let mut digits = vec![None; n * n];
    let mut signs = BTreeSet::new();
    for (k, line) in lines.iter().enumerate() {
        let b = line.as_bytes();
        ensure(line.is_ascii(), || {
            format!("board line {line:?} is not ASCII")
        })?;
        let r = k / 2;
        if k % 2 == 0 {
            ensure(b.len() == 4 * (n - 1) + 1, || format!("board row {line:?}"))?;
            for c in 0..n {
                match b[4 * c] {
                    b'.' => {}
                    d @ b'1'..=b'9' => digits[r * n + c] = Some(d - b'0'),
                    _ => return Err(format!("board row {line:?}: bad cell {}", c + 1)),
                }
                if c + 1 < n {
                    match &line[4 * c + 1..4 * c + 4] {
                        " < " => signs.insert(((r, c), (r, c + 1))),
                        " > " => signs.insert(((r, c + 1), (r, c))),
                        "   " => false,
                        s => return Err(format!("board row {line:?}: bad sign {s:?}")),
                    };
                }
            }
        } else {
            ensure(b.len() <= 4 * (n - 1) + 1, || format!("separator {line:?}"))?;
            for (x, &ch) in b.iter().enumerate() {
                match (ch, x % 4 == 0) {
                    (b' ', _) => {}
                    (b'^', true) => {
                        signs.insert(((r, x / 4), (r + 1, x / 4)));
                    }
                    (b'v', true) => {
                        signs.insert(((r + 1, x / 4), (r, x / 4)));
                    }
                    _ => return Err(format!("separator {line:?}: bad character at {x}")),
                }
            }
            ensure(b.last() != Some(&b' '), || {
                format!("separator {line:?} has trailing spaces")
            })?;
        }
    }
    Ok((digits, signs))
}

fn check_inequality(r: &Record) -> Result<(), String> {
    let p = futoshiki(&r.instance)?;
    let n = p.n;
    let solution = unique(inequality_solutions(&p, 2))?;
    let rows: Vec<String> = solution
        .chunks(n)
        .map(|row| {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            row.join(" ")
        })
        .collect();
    let expected = rows.join("\n");
    ensure(r.answer == expected, || {
        format!(
            "gold {:?} but the unique solution is {expected:?}",
            r.answer
        )
    })?;
    // Levers and the shape of the clues.
    ensure(n as i64 == lever(r, "size")?, || {
        format!("size {n} but lever size = {}", r.levers["size"])
    })?;
    // The reference's givens depend on the size: 2-6 on 5×5, 3-5 on 6×6.
    let (givens_lever, range) = if n == 5 {
        ("givens_5x5", 2..=6)
    } else {
        ("givens_6x6", 3..=5)
    };
    ensure(p.givens.len() as i64 == lever(r, givens_lever)?, || {
        format!(
            "{} givens but lever {givens_lever} = {}",
            p.givens.len(),
            r.levers[givens_lever]
        )
    })?;
    ensure(range.contains(&p.givens.len()), || {
        format!(
            "{} givens on a {n}×{n} board, not {range:?}",
            p.givens.len()
        )
    })?;
    ensure(!p.less.is_empty(), || "no inequality at all".into())?;
    let set: BTreeSet<_> = p.less.iter().copied().collect();
    ensure(set.len() == p.less.len(), || "a repeated inequality".into())?;
    let pairs: BTreeSet<_> = p.less.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    ensure(pairs.len() == p.less.len(), || {
        "two signs between the same cells".into()
    })?;
    // The board of the prompt encodes exactly these givens and signs.
    let (digits, signs) = parse_board(&r.question, n)?;
    let mut given = vec![None; n * n];
    for &(row, c, v) in &p.givens {
        given[row * n + c] = Some(v);
    }
    ensure(digits == given, || {
        "the board's digits differ from the givens".into()
    })?;
    ensure(signs == set, || {
        format!("the board's signs {signs:?} differ from the instance's {set:?}")
    })
}

#[test]
fn inequality_golds_are_unique() {
    check_all("inequality", check_inequality);
}

/// The reference's givens depend on the size, at every tier: 5×5 boards of
/// the medium and hard tiers show every count of 2-6 and 6×6 boards every
/// count of 3-5 (each item's count is checked by `check_inequality`).
#[test]
fn inequality_givens_depend_on_the_size() {
    let mut seen: BTreeSet<(usize, usize)> = BTreeSet::new();
    for r in records("inequality").iter().filter(|r| r.tier != "easy") {
        let p = futoshiki(&r.instance).expect("an instance");
        seen.insert((p.n, p.givens.len()));
    }
    let wanted: BTreeSet<(usize, usize)> = (2..=6)
        .map(|g| (5, g))
        .chain((3..=5).map(|g| (6, g)))
        .collect();
    assert_eq!(seen, wanted, "(size, givens) of the medium and hard items");
}

#[test]
fn inequality_checker_can_fail() {
    checker_can_fail(
        "inequality",
        inequality_count,
        |inst| {
            let mut out = without_each(inst, "inequalities");
            out.extend(without_each(inst, "givens"));
            out
        },
        check_inequality,
        |gold| {
            // Swapping two rows keeps a Latin square but is not the solution.
            let mut rows: Vec<&str> = gold.split('\n').collect();
            rows.swap(0, 1);
            rows.join("\n")
        },
    );
}

// ---- Minesweeper: cell-by-cell backtracking with per-count pruning.

struct Board {
    rows: usize,
    cols: usize,
    mines: usize,
    revealed: Vec<(usize, usize, usize)>,
}

fn board(inst: &J) -> Result<Board, String> {
    let rows = int(&inst["rows"], "rows")?;
    let cols = int(&inst["columns"], "columns")?;
    let mines = int(&inst["mines"], "mines")?;
    ensure(rows > 0 && cols > 0 && mines >= 0, || {
        "bad board size".into()
    })?;
    let (rows, cols) = (rows as usize, cols as usize);
    let mut revealed = Vec::new();
    let mut seen = BTreeSet::new();
    for v in arr(&inst["revealed"], "revealed")? {
        let (r, c) = (int(&v["row"], "row")?, int(&v["column"], "column")?);
        let k = int(&v["count"], "count")?;
        ensure(
            (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) && (0..=8).contains(&k),
            || format!("revealed cell {v} is out of range"),
        )?;
        ensure(seen.insert((r, c)), || {
            format!("revealed cell {v} is repeated")
        })?;
        revealed.push((r as usize, c as usize, k as usize));
    }
    Ok(Board {
        rows,
        cols,
        mines: mines as usize,
        revealed,
    })
}

fn neighbours(rows: usize, cols: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            let (a, b) = (r as i64 + dr, c as i64 + dc);
            if (dr, dc) != (0, 0) && a >= 0 && b >= 0 && a < rows as i64 && b < cols as i64 {
                out.push((a as usize, b as usize));
            }
        }
    }
    out
}

struct Sweep {
    /// Unrevealed cells: those next to a revealed cell first, then the rest.
    order: Vec<(usize, usize)>,
    /// Per unrevealed cell of `order`: the revealed cells around it.
    touches: Vec<Vec<usize>>,
    need: Vec<usize>,
    placed: Vec<usize>,
    left: Vec<usize>,
    mine: Vec<bool>,
}

impl Sweep {
    fn search(
        &mut self,
        k: usize,
        mines_left: usize,
        out: &mut Vec<Vec<(usize, usize)>>,
        limit: usize,
    ) {
        if mines_left > self.order.len() - k {
            return;
        }
        if k == self.order.len() {
            debug_assert!(self.placed == self.need);
            let mut layout: Vec<(usize, usize)> = (0..k)
                .filter(|&i| self.mine[i])
                .map(|i| self.order[i])
                .collect();
            layout.sort();
            out.push(layout);
            return;
        }
        for place in [true, false] {
            if place && mines_left == 0 {
                continue;
            }
            let mut ok = true;
            for &t in &self.touches[k] {
                self.left[t] -= 1;
                if place {
                    self.placed[t] += 1;
                }
                ok &=
                    self.placed[t] <= self.need[t] && self.placed[t] + self.left[t] >= self.need[t];
            }
            if ok {
                self.mine[k] = place;
                self.search(k + 1, mines_left - place as usize, out, limit);
                self.mine[k] = false;
            }
            for &t in &self.touches[k] {
                self.left[t] += 1;
                if place {
                    self.placed[t] -= 1;
                }
            }
            if out.len() >= limit {
                return;
            }
        }
    }
}

fn minesweeper_solutions(b: &Board, limit: usize) -> Vec<Vec<(usize, usize)>> {
    let mut index = vec![None; b.rows * b.cols];
    for (i, &(r, c, _)) in b.revealed.iter().enumerate() {
        index[r * b.cols + c] = Some(i);
    }
    let mut frontier = Vec::new();
    let mut rest = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            if index[r * b.cols + c].is_some() {
                continue;
            }
            let t: Vec<usize> = neighbours(b.rows, b.cols, r, c)
                .into_iter()
                .filter_map(|(a, d)| index[a * b.cols + d])
                .collect();
            if t.is_empty() {
                rest.push(((r, c), t));
            } else {
                frontier.push(((r, c), t));
            }
        }
    }
    let (order, touches): (Vec<_>, Vec<_>) = frontier.into_iter().chain(rest).unzip();
    let mut left = vec![0; b.revealed.len()];
    for t in touches.iter().flatten() {
        left[*t] += 1;
    }
    let need: Vec<usize> = b.revealed.iter().map(|&(_, _, k)| k).collect();
    if need.iter().zip(&left).any(|(n, l)| n > l) {
        return Vec::new();
    }
    let mut s = Sweep {
        mine: vec![false; order.len()],
        order,
        touches,
        placed: vec![0; need.len()],
        need,
        left,
    };
    let mut out = Vec::new();
    s.search(0, b.mines, &mut out, limit);
    out
}

fn minesweeper_count(inst: &J) -> Result<usize, String> {
    Ok(minesweeper_solutions(&board(inst)?, 2).len())
}

fn check_minesweeper(r: &Record) -> Result<(), String> {
    let b = board(&r.instance)?;
    let layout = unique(minesweeper_solutions(&b, 2))?;
    let expected: Vec<String> = layout.iter().map(|(r, c)| format!("({r},{c})")).collect();
    let expected = expected.join(", ");
    ensure(r.answer == expected, || {
        format!("gold {:?} but the unique layout is {expected:?}", r.answer)
    })?;
    // The board is the reference's configuration the `config` lever names.
    let config = lever(r, "config")?;
    let &(size, mines, shown) = MINESWEEPER_BOARDS
        .get(config as usize)
        .ok_or_else(|| format!("lever config = {config} names no board"))?;
    ensure(b.rows == size && b.cols == size && b.mines == mines, || {
        format!(
            "{}×{} board with {} mines, but config {config} is {size}×{size} with {mines}",
            b.rows, b.cols, b.mines
        )
    })?;
    let safe = size * size - mines;
    let revealed_ok = match shown {
        Revealed::Exactly(k) => b.revealed.len() == k,
        Revealed::AtMostPercent(p) => b.revealed.len() * 100 <= p * safe,
    };
    ensure(revealed_ok, || {
        format!(
            "{} revealed cells, but config {config} wants {shown:?}",
            b.revealed.len()
        )
    })?;
    // The prompt shows this board and this total.
    let mut cells = vec!["#".to_string(); b.rows * b.cols];
    for &(row, c, k) in &b.revealed {
        cells[row * b.cols + c] = k.to_string();
    }
    let lines: Vec<String> = cells.chunks(b.cols).map(|row| row.join(" ")).collect();
    ensure(
        r.question
            .contains(&format!("\n\n{}\n\n", lines.join("\n"))),
        || "the prompt does not show the instance board".into(),
    )?;
    ensure(
        r.question
            .contains(&format!("hides exactly {} mines", b.mines)),
        || "the prompt does not state the total".into(),
    )
}

/// How many cells a minesweeper board of the reference shows.
#[derive(Debug, Clone, Copy)]
enum Revealed {
    /// Exactly this many (the easy boards).
    Exactly(usize),
    /// As many as uniqueness needs, at most this percent of the safe cells.
    AtMostPercent(usize),
}

/// The reference benchmark's boards (size, mines, revealed cells), indexed
/// by the spec's `config` lever: the five easy boards, then medium and hard.
const MINESWEEPER_BOARDS: [(usize, usize, Revealed); 7] = [
    (7, 6, Revealed::Exactly(24)),
    (8, 7, Revealed::Exactly(30)),
    (8, 8, Revealed::Exactly(28)),
    (11, 21, Revealed::Exactly(42)),
    (12, 24, Revealed::Exactly(48)),
    (9, 14, Revealed::AtMostPercent(45)),
    (9, 18, Revealed::AtMostPercent(58)),
];

/// The reference's weights of the easy boards, in percent.
const MINESWEEPER_EASY_WEIGHTS: [f64; 5] = [0.28, 0.28, 0.24, 0.10, 0.10];

#[test]
fn minesweeper_golds_are_unique() {
    check_all("minesweeper", check_minesweeper);
}

/// The easy boards follow the reference's weights: each board's share over
/// 200 items within 0.08 of its weight (2.5 standard deviations at 0.28),
/// read from the instance (size and mines), not from the lever; medium and
/// hard are always their one board.
#[test]
fn minesweeper_boards_follow_the_reference_mix() {
    let mut easy = [0usize; 5];
    for r in records("minesweeper") {
        let b = board(&r.instance).expect("a board");
        let config = MINESWEEPER_BOARDS
            .iter()
            .position(|&(size, mines, _)| b.rows == size && b.mines == mines)
            .unwrap_or_else(|| {
                panic!(
                    "{}: {}×{} with {} mines is no reference board",
                    r.id, b.rows, b.cols, b.mines
                )
            });
        match r.tier.as_str() {
            "easy" => {
                assert!(config < 5, "{}: an easy item on board {config}", r.id);
                easy[config] += 1;
            }
            "medium" => assert_eq!(config, 5, "{}", r.id),
            _ => assert_eq!(config, 6, "{}", r.id),
        }
    }
    let total: usize = easy.iter().sum();
    assert_eq!(total as u64, MINESWEEPER_EASY);
    for (i, (&n, &w)) in easy.iter().zip(&MINESWEEPER_EASY_WEIGHTS).enumerate() {
        let share = n as f64 / total as f64;
        eprintln!("minesweeper easy board {i}: {share:.4} (reference {w})");
        assert!(
            (share - w).abs() <= 0.08,
            "easy board {i}: share {share:.3}, reference {w}"
        );
    }
}

#[test]
fn minesweeper_checker_can_fail() {
    checker_can_fail(
        "minesweeper",
        minesweeper_count,
        |inst| without_each(inst, "revealed"),
        check_minesweeper,
        |gold| {
            // Drop the last mine.
            let cut = gold.rfind(", ").expect("two mines at least");
            gold[..cut].to_string()
        },
    );
}

// ---- Number baseball: position-by-position search with count pruning.

struct Baseball {
    len: usize,
    known: Vec<u8>,
    pinned: Vec<Option<u8>>,
    /// (digits, strikes, strikes + balls).
    guesses: Vec<(Vec<u8>, usize, usize)>,
}

fn digits_of(s: &str) -> Result<Vec<u8>, String> {
    s.chars()
        .map(|ch| {
            ch.to_digit(10)
                .map(|d| d as u8)
                .ok_or_else(|| format!("{s:?} is not digits"))
        })
        .collect()
}

fn distinct(d: &[u8]) -> bool {
    d.iter().collect::<BTreeSet<_>>().len() == d.len()
}

fn baseball(inst: &J) -> Result<Baseball, String> {
    let len = int(&inst["length"], "length")?;
    ensure((1..=10).contains(&len), || format!("length {len}"))?;
    let len = len as usize;
    let mut known = Vec::new();
    for d in arr(&inst["known_digits"], "known_digits")? {
        let d = int(d, "known digit")?;
        ensure((0..=9).contains(&d), || format!("known digit {d}"))?;
        known.push(d as u8);
    }
    ensure(distinct(&known), || "repeated known digit".into())?;
    let mut pinned = vec![None; len];
    for p in arr(&inst["pinned"], "pinned")? {
        let (i, d) = (int(&p["position"], "position")?, int(&p["digit"], "digit")?);
        ensure(
            (1..=len as i64).contains(&i) && (0..=9).contains(&d),
            || format!("pin {p} is out of range"),
        )?;
        ensure(pinned[i as usize - 1].is_none(), || {
            format!("pin {p} is repeated")
        })?;
        pinned[i as usize - 1] = Some(d as u8);
    }
    let mut guesses = Vec::new();
    for g in arr(&inst["guesses"], "guesses")? {
        let digits = digits_of(g["guess"].as_str().ok_or("guess is not a string")?)?;
        ensure(digits.len() == len && distinct(&digits), || {
            format!("guess {g} is not {len} distinct digits")
        })?;
        let (s, b) = (int(&g["strikes"], "strikes")?, int(&g["balls"], "balls")?);
        ensure(s >= 0 && b >= 0 && s + b <= len as i64, || {
            format!("guess {g} counts")
        })?;
        guesses.push((digits, s as usize, (s + b) as usize));
    }
    Ok(Baseball {
        len,
        known,
        pinned,
        guesses,
    })
}

struct Secret<'a> {
    p: &'a Baseball,
    digits: Vec<u8>,
    used: [bool; 10],
    strikes: Vec<usize>,
    common: Vec<usize>,
    in_guess: Vec<[bool; 10]>,
}

impl Secret<'_> {
    fn search(&mut self, out: &mut Vec<String>, limit: usize) {
        let pos = self.digits.len();
        if pos == self.p.len {
            out.push(self.digits.iter().map(|d| char::from(b'0' + d)).collect());
            return;
        }
        let rest = self.p.len - pos - 1;
        for d in 0..10u8 {
            if self.used[d as usize] || self.p.pinned[pos].is_some_and(|x| x != d) {
                continue;
            }
            self.used[d as usize] = true;
            let missing = self
                .p
                .known
                .iter()
                .filter(|&&k| !self.used[k as usize])
                .count();
            let mut ok = missing <= rest;
            for (g, (digits, s, sb)) in self.p.guesses.iter().enumerate() {
                self.strikes[g] += (digits[pos] == d) as usize;
                self.common[g] += self.in_guess[g][d as usize] as usize;
                ok &= self.strikes[g] <= *s
                    && self.strikes[g] + rest >= *s
                    && self.common[g] <= *sb
                    && self.common[g] + rest >= *sb;
            }
            if ok {
                self.digits.push(d);
                self.search(out, limit);
                self.digits.pop();
            }
            for (g, (digits, _, _)) in self.p.guesses.iter().enumerate() {
                self.strikes[g] -= (digits[pos] == d) as usize;
                self.common[g] -= self.in_guess[g][d as usize] as usize;
            }
            self.used[d as usize] = false;
            if out.len() >= limit {
                return;
            }
        }
    }
}

fn baseball_solutions(p: &Baseball, limit: usize) -> Vec<String> {
    let in_guess = p
        .guesses
        .iter()
        .map(|(digits, _, _)| {
            let mut m = [false; 10];
            for &d in digits {
                m[d as usize] = true;
            }
            m
        })
        .collect();
    let mut s = Secret {
        p,
        digits: Vec::new(),
        used: [false; 10],
        strikes: vec![0; p.guesses.len()],
        common: vec![0; p.guesses.len()],
        in_guess,
    };
    let mut out = Vec::new();
    s.search(&mut out, limit);
    out
}

fn baseball_count(inst: &J) -> Result<usize, String> {
    Ok(baseball_solutions(&baseball(inst)?, 2).len())
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn check_number_baseball(r: &Record) -> Result<(), String> {
    let p = baseball(&r.instance)?;
    let secret = unique(baseball_solutions(&p, 2))?;
    ensure(r.answer == secret, || {
        format!("gold {:?} but the unique secret is {secret:?}", r.answer)
    })?;
    ensure(p.len as i64 == lever(r, "length")?, || {
        "length differs from its lever".into()
    })?;
    ensure(p.known.len() as i64 == lever(r, "known_digits")?, || {
        "known digits differ from their lever".into()
    })?;
    let pins = p.pinned.iter().flatten().count();
    ensure(pins as i64 == lever(r, "pinned")?, || {
        "pins differ from their lever".into()
    })?;
    // The prompt states every guess, the known digits and the pins.
    for (digits, s, sb) in &p.guesses {
        let g: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        let line = format!(
            "\n{g}: {}, {}\n",
            plural(*s, "strike"),
            plural(sb - s, "ball")
        );
        ensure(r.question.contains(&line), || {
            format!("the prompt lacks {line:?}")
        })?;
    }
    if !p.known.is_empty() {
        let known: Vec<String> = p.known.iter().map(u8::to_string).collect();
        let line = format!(
            "The secret contains the digits {} (positions",
            known.join(", ")
        );
        ensure(r.question.contains(&line), || {
            format!("the prompt lacks {line:?}")
        })?;
    }
    // Pins count from the left, and the prompt says so.
    let numbering = format!("Positions are numbered 1 to {} from the left.", p.len);
    ensure(r.question.contains(&numbering), || {
        format!("the prompt lacks {numbering:?}")
    })?;
    let shown = p.guesses.len() as i64;
    let (lo, hi) = (lever(r, "min_hints")?, lever(r, "max_hints")?);
    ensure((lo..=hi).contains(&shown), || {
        format!("{shown} guesses, outside {lo}..={hi}")
    })?;
    for (i, d) in p.pinned.iter().enumerate() {
        if let Some(d) = d {
            let line = format!("Position {} holds {d}.", i + 1);
            ensure(r.question.contains(&line), || {
                format!("the prompt lacks {line:?}")
            })?;
        }
    }
    Ok(())
}

#[test]
fn number_baseball_golds_are_unique() {
    check_all("number_baseball", check_number_baseball);
}

#[test]
fn number_baseball_checker_can_fail() {
    checker_can_fail(
        "number_baseball",
        baseball_count,
        |inst| {
            let mut out = without_each(inst, "guesses");
            out.extend(without_each(inst, "pinned"));
            out.extend(without_each(inst, "known_digits"));
            out
        },
        check_number_baseball,
        |gold| {
            // Swap the first two digits.
            let mut d: Vec<char> = gold.chars().collect();
            d.swap(0, 1);
            d.into_iter().collect()
        },
    );
}

/// Whether the Sino-Korean reading of digit `d` (영 일 이 삼 사 오 육 칠 팔
/// 구) ends in a consonant, written out here rather than taken from the crate.
fn digit_reading_has_final(d: u8) -> bool {
    ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"][usize::from(d)]
        .chars()
        .all(|c| (u32::from(c) - 0xAC00) % 28 != 0)
}

#[test]
fn number_baseball_korean_known_digits_take_the_fitting_subject_particle() {
    let ko = korean("number_baseball");
    let en = records("number_baseball");
    let mut with_known = 0;
    for (k, e) in ko.iter().zip(en) {
        let p = baseball(&e.instance).expect("instance");
        let Some(&last) = p.known.last() else {
            continue;
        };
        with_known += 1;
        let digits: Vec<String> = p.known.iter().map(u8::to_string).collect();
        let particle = if digit_reading_has_final(last) {
            "이"
        } else {
            "가"
        };
        let phrase = format!("숫자 {}{particle} 들어 있습니다", digits.join(", "));
        assert!(k.question.contains(&phrase), "{}: lacks {phrase:?}", k.id);
    }
    assert!(
        with_known >= 200,
        "only {with_known} items state known digits"
    );
}

#[test]
fn number_baseball_medium_pins_one_position_in_about_sixty_percent() {
    let medium: Vec<&Record> = records("number_baseball")
        .iter()
        .filter(|r| r.tier == "medium")
        .collect();
    let pins: Vec<usize> = medium
        .iter()
        .map(|r| {
            baseball(&r.instance)
                .expect("instance")
                .pinned
                .iter()
                .flatten()
                .count()
        })
        .collect();
    assert!(pins.iter().all(|&n| n <= 1), "medium pins 0 or 1 positions");
    let share = pins.iter().sum::<usize>() as f64 / pins.len() as f64;
    // 200 items: the binomial standard deviation at p = 0.6 is 0.035.
    assert!((0.45..=0.75).contains(&share), "share {share}");
}

#[test]
fn sat_puzzle_korean_topic_particle_fits_the_letter_name() {
    // The Korean names of the letters A–T; those ending in a final consonant
    // (엘 엠 엔 알) take 은, the rest 는.
    let names = [
        "에이",
        "비",
        "씨",
        "디",
        "이",
        "에프",
        "지",
        "에이치",
        "아이",
        "제이",
        "케이",
        "엘",
        "엠",
        "엔",
        "오",
        "피",
        "큐",
        "알",
        "에스",
        "티",
    ];
    for k in korean("sat_puzzle") {
        for (i, name) in names.iter().enumerate() {
            let letter = char::from(b'A' + i as u8);
            let last = name.chars().last().expect("a name");
            let right = if (u32::from(last) - 0xAC00) % 28 == 0 {
                "는"
            } else {
                "은"
            };
            let wrong = if right == "는" { "은" } else { "는" };
            let bad = format!("용의자 {letter}{wrong} ");
            assert!(!k.question.contains(&bad), "{}: has {bad:?}", k.id);
            assert!(!k.solution.contains(&bad), "{}: solution has {bad:?}", k.id);
        }
        assert!(
            k.solution.contains("용의자 A는 "),
            "{}: no verdict on A",
            k.id
        );
    }
}

// ---- Guilty or innocent: brute force over every assignment.

struct Cnf {
    people: Vec<String>,
    clauses: Vec<Vec<(usize, bool)>>,
}

fn cnf(inst: &J) -> Result<Cnf, String> {
    let people: Vec<String> = arr(&inst["people"], "people")?
        .iter()
        .map(|p| {
            p.as_str()
                .map(str::to_string)
                .ok_or("person is not a string")
        })
        .collect::<Result<_, _>>()?;
    ensure((1..=20).contains(&people.len()), || {
        format!("{} people", people.len())
    })?;
    let mut clauses = Vec::new();
    for cl in arr(&inst["clauses"], "clauses")? {
        let mut lits = Vec::new();
        for l in arr(cl, "clause")? {
            let name = l["person"].as_str().ok_or("person is not a string")?;
            let p = people
                .iter()
                .position(|x| x == name)
                .ok_or_else(|| format!("unknown person {name}"))?;
            let g = l["guilty"].as_bool().ok_or("guilty is not a boolean")?;
            lits.push((p, g));
        }
        clauses.push(lits);
    }
    Ok(Cnf { people, clauses })
}

fn sat_solutions(f: &Cnf, limit: usize) -> Vec<u32> {
    let n = f.people.len();
    let clauses: Vec<(u32, u32)> = f
        .clauses
        .iter()
        .map(|cl| {
            // (mask of people named, mask of those claimed guilty)
            cl.iter().fold((0, 0), |(m, g), &(p, guilty)| {
                (m | 1 << p, g | (guilty as u32) << p)
            })
        })
        .collect();
    let mut out = Vec::new();
    for a in 0..1u32 << n {
        // A clause holds when some named person's guilt matches the claim.
        if clauses.iter().all(|&(m, g)| !(a ^ g) & m != 0) {
            out.push(a);
            if out.len() >= limit {
                break;
            }
        }
    }
    out
}

fn sat_count(inst: &J) -> Result<usize, String> {
    Ok(sat_solutions(&cnf(inst)?, 2).len())
}

fn check_sat_puzzle(r: &Record) -> Result<(), String> {
    let f = cnf(&r.instance)?;
    let a = unique(sat_solutions(&f, 2))?;
    let expected: Vec<String> = f
        .people
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{p}={}", a >> i & 1 == 1))
        .collect();
    let expected = expected.join(", ");
    ensure(r.answer == expected, || {
        format!(
            "gold {:?} but the unique assignment is {expected:?}",
            r.answer
        )
    })?;
    // Shapes and levers.
    let letters: Vec<String> = ('A'..='T').take(f.people.len()).map(String::from).collect();
    ensure(f.people == letters, || format!("people {:?}", f.people))?;
    ensure(f.people.len() as i64 == lever(r, "people")?, || {
        "people differ from their lever".into()
    })?;
    for (i, cl) in f.clauses.iter().enumerate() {
        let named: BTreeSet<usize> = cl.iter().map(|l| l.0).collect();
        ensure(
            (3..=4).contains(&cl.len()) && named.len() == cl.len(),
            || format!("clause {} is not 3–4 literals over distinct people", i + 1),
        )?;
    }
    let k = f.clauses.len() as i64;
    let (lo, hi) = (lever(r, "min_clauses")?, lever(r, "max_clauses")?);
    ensure(lo <= k && k <= hi, || {
        format!("{k} clauses outside [{lo}, {hi}]")
    })?;
    // The prompt states exactly these statements, numbered.
    ensure(
        r.question
            .contains(&format!("The following {k} statements are all true:\n\n")),
        || "the prompt does not state the number of statements".into(),
    )?;
    for (i, cl) in f.clauses.iter().enumerate() {
        let facts: Vec<String> = cl
            .iter()
            .map(|&(p, g)| {
                let v = if g { "guilty" } else { "innocent" };
                format!("suspect {} is {v}", f.people[p])
            })
            .collect();
        let line = format!("\n{}. At least one is true: {}.", i + 1, facts.join("; "));
        ensure(r.question.contains(&line), || {
            format!("the prompt lacks {line:?}")
        })?;
    }
    Ok(())
}

#[test]
fn sat_puzzle_golds_are_unique() {
    check_all("sat_puzzle", check_sat_puzzle);
}

#[test]
fn sat_puzzle_checker_can_fail() {
    checker_can_fail(
        "sat_puzzle",
        sat_count,
        |inst| {
            // Drop one clause, or more and more clauses from the end: some
            // prefix of the statements no longer forces the assignment.
            let n = inst["clauses"].as_array().map_or(0, Vec::len);
            let mut out = without_each(inst, "clauses");
            out.extend((2..=n).map(|k| {
                let mut b = inst.clone();
                b["clauses"]
                    .as_array_mut()
                    .expect("clauses")
                    .truncate(n - k);
                b
            }));
            out
        },
        check_sat_puzzle,
        |gold| {
            // Flip suspect A.
            match gold.strip_prefix("A=true") {
                Some(rest) => format!("A=false{rest}"),
                None => format!("A=true{}", &gold["A=false".len()..]),
            }
        },
    );
}

// ------------------------------------------------------------ search effort

/// The reference rater's sudoku node count, written here on the grid: each
/// node picks the empty cell with the fewest candidates (digits no placed
/// row, column or box peer holds; the first such cell in reading order) and
/// tries them in ascending order; it stops at the first full grid. A node
/// that finds an empty cell without candidates fails.
fn sudoku_rater_nodes(grid: &[u8; 81]) -> u64 {
    fn candidates(g: &[u8; 81], i: usize) -> Vec<u8> {
        let (r, c) = (i / 9, i % 9);
        (1..=9u8)
            .filter(|&v| {
                (0..9).all(|k| {
                    g[r * 9 + k] != v
                        && g[k * 9 + c] != v
                        && g[(3 * (r / 3) + k / 3) * 9 + 3 * (c / 3) + k % 3] != v
                })
            })
            .collect()
    }
    fn node(g: &mut [u8; 81], count: &mut u64) -> bool {
        *count += 1;
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..81 {
            if g[i] == 0 {
                let c = candidates(g, i);
                if c.is_empty() {
                    return false;
                }
                if best.as_ref().is_none_or(|(_, b)| c.len() < b.len()) {
                    best = Some((i, c));
                }
            }
        }
        let Some((i, cands)) = best else { return true };
        for v in cands {
            g[i] = v;
            if node(g, count) {
                return true;
            }
            g[i] = 0;
        }
        false
    }
    let mut g = *grid;
    let mut count = 0;
    node(&mut g, &mut count);
    count
}

#[test]
fn sudoku_search_nodes_are_the_raters_count_within_the_tier_cap() {
    check_all("sudoku", |r| {
        let nodes = sudoku_rater_nodes(&sudoku_grid(&r.instance)?);
        let recorded = int(&r.instance["search_nodes"], "search_nodes")?;
        ensure(recorded as u64 == nodes, || {
            format!("instance says {recorded} search nodes, the rater counts {nodes}")
        })?;
        let cap = lever(r, "max_nodes")?;
        ensure(nodes as i64 <= cap, || format!("{nodes} nodes > cap {cap}"))
    });
}

/// The reference's Futoshiki propagation on the grid: a cell with one
/// candidate removes it from its row and column, and each sign keeps the
/// smaller cell below the larger cell's largest candidate and the larger
/// cell above the smaller's least, to a fixpoint. Whether every cell ends
/// with one candidate.
fn futoshiki_propagation_solves(p: &Futoshiki) -> bool {
    let n = p.n;
    let mut cand: Vec<Vec<u8>> = vec![(1..=n as u8).collect(); n * n];
    for &(r, c, v) in &p.givens {
        cand[r * n + c].retain(|&x| x == v);
    }
    loop {
        let before = cand.clone();
        for i in 0..n * n {
            if let [v] = cand[i][..] {
                for j in (0..n * n).filter(|&j| j != i && (j / n == i / n || j % n == i % n)) {
                    cand[j].retain(|&x| x != v);
                }
            }
        }
        for &((ar, ac), (br, bc)) in &p.less {
            let (a, b) = (ar * n + ac, br * n + bc);
            let (Some(&hi), Some(&lo)) = (cand[b].iter().max(), cand[a].iter().min()) else {
                return false;
            };
            cand[a].retain(|&x| x < hi);
            cand[b].retain(|&x| x > lo);
        }
        if cand.iter().any(Vec::is_empty) {
            return false;
        }
        if cand == before {
            return cand.iter().all(|c| c.len() == 1);
        }
    }
}

#[test]
fn inequality_needs_backtracking_as_recorded_and_tier_shares_hold() {
    check_all("inequality", |r| {
        let p = futoshiki(&r.instance)?;
        let needs = !futoshiki_propagation_solves(&p);
        let recorded = r.instance["needs_backtracking"].as_bool() == Some(true);
        ensure(needs == recorded, || {
            format!("instance says needs_backtracking = {recorded}, propagation here says {needs}")
        })
    });
    // Shares per tier: 1.0 / .82 / .92 in the reference; the binomial
    // standard error at 200 items is at most .035, so allow .10.
    for (tier, want) in [("easy", 1.0), ("medium", 0.82), ("hard", 0.92)] {
        let recs: Vec<&Record> = records("inequality")
            .iter()
            .filter(|r| r.tier == tier)
            .collect();
        let share = recs
            .iter()
            .filter(|r| r.instance["needs_backtracking"].as_bool() == Some(true))
            .count() as f64
            / recs.len() as f64;
        assert!(
            (share - want).abs() <= 0.10,
            "inequality {tier}: backtracking share {share:.2}, reference {want}"
        );
    }
}
