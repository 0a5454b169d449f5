//! Exact optimal assignment by dynamic programming over subsets.
//!
//! Rows are assigned to distinct columns (every row gets one column; with
//! more columns than rows some stay unused). The objective is the sum of the
//! chosen weights, plus an optional threshold bonus: a second, non-negative
//! quantity accumulates over the chosen cells, and a fixed amount is added
//! when its total reaches a threshold. Besides the optimum, the solver
//! reports the least and the greatest value of a query sum (another matrix
//! over the same cells) over *all* optimal assignments, so a caller can
//! prove that a question about the optimum has one answer, and one optimal
//! assignment: the lexicographically first by column index.
//!
//! The state is (set of used columns, accumulated bonus quantity capped at
//! the threshold); the number of rows done is the set's size. That is
//! `2^columns × (threshold + 1)` states, bounded by [`MAX_STATES`]. One
//! pass fills every state's best completion; the query's range is then
//! read off the states on optimal assignments alone, so a second question
//! about the same weights and bonus (the last problem is kept per thread)
//! costs only that.

/// The most DP states one call may use (a table of 16 MB).
pub const MAX_STATES: usize = 1 << 22;

/// The most columns (the state holds a bit set of them).
pub const MAX_COLUMNS: usize = 20;

/// Weights, query values and the bonus amount stay within ± this bound, so
/// that no sum over [`MAX_COLUMNS`] cells plus a bonus leaves `i32`.
pub const MAX_WEIGHT: i64 = 100_000_000;

/// A bonus paid when a quantity summed over the chosen cells reaches a threshold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bonus {
    /// The quantity of each cell, same shape as the weights, each ≥ 0.
    pub quantity: Vec<Vec<i64>>,
    /// The threshold the summed quantity must reach.
    pub at_least: i64,
    /// What is added to the objective when it does.
    pub add: i64,
}

/// The optimum of an assignment problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Optimum {
    /// The greatest objective over all assignments.
    pub value: i64,
    /// The least query sum over the optimal assignments.
    pub low: i64,
    /// The greatest query sum over the optimal assignments.
    pub high: i64,
    /// One optimal assignment, the lexicographically first: the column of each row.
    pub columns: Vec<usize>,
    /// For each row, every column it takes in some optimal assignment, ascending.
    pub optimal_columns: Vec<Vec<usize>>,
}

/// Why a problem cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssignmentError {
    /// A matrix is ragged or its shape differs from the weights'.
    Shape(String),
    /// More rows than columns: no assignment exists.
    TooManyRows { rows: usize, columns: usize },
    /// The state space exceeds [`MAX_STATES`] or [`MAX_COLUMNS`].
    TooLarge { columns: usize, threshold: i64 },
    /// A value outside its allowed range.
    Value(String),
}

impl std::fmt::Display for AssignmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AssignmentError::Shape(m) | AssignmentError::Value(m) => f.write_str(m),
            AssignmentError::TooManyRows { rows, columns } => write!(
                f,
                "{rows} rows cannot take distinct columns among {columns}"
            ),
            AssignmentError::TooLarge { columns, threshold } => write!(
                f,
                "{columns} columns with a bonus threshold of {threshold} need more than {MAX_STATES} states (at most {MAX_COLUMNS} columns, and 2^columns × (threshold + 1) ≤ {MAX_STATES})"
            ),
        }
    }
}

fn check_shape(
    name: &str,
    m: &[Vec<i64>],
    rows: usize,
    cols: usize,
) -> Result<(), AssignmentError> {
    if m.len() != rows || m.iter().any(|r| r.len() != cols) {
        return Err(AssignmentError::Shape(format!(
            "the {name} matrix must have {rows} rows of {cols} columns like the weights"
        )));
    }
    if m.iter().flatten().any(|v| v.abs() > MAX_WEIGHT) {
        return Err(AssignmentError::Value(format!(
            "the {name} matrix has a value beyond ±{MAX_WEIGHT}"
        )));
    }
    Ok(())
}

/// A state not computed (or not reachable).
const UNSET: i32 = i32::MIN;

/// Solves the problem exactly. `weights` and `query` are `rows × columns`.
pub fn best_assignment(
    weights: &[Vec<i64>],
    query: &[Vec<i64>],
    bonus: Option<&Bonus>,
) -> Result<Optimum, AssignmentError> {
    let rows = weights.len();
    let cols = weights.first().map_or(0, Vec::len);
    check_shape("weight", weights, rows, cols)?;
    check_shape("query", query, rows, cols)?;
    if rows > cols {
        return Err(AssignmentError::TooManyRows {
            rows,
            columns: cols,
        });
    }
    let (cap, add) = match bonus {
        Some(b) => {
            check_shape("bonus quantity", &b.quantity, rows, cols)?;
            if b.quantity.iter().flatten().any(|&v| v < 0) {
                return Err(AssignmentError::Value(
                    "bonus quantities must be 0 or more".to_string(),
                ));
            }
            if b.at_least < 0 || b.add.abs() > MAX_WEIGHT {
                return Err(AssignmentError::Value(format!(
                    "the bonus threshold must be 0 or more and its amount within ±{MAX_WEIGHT}"
                )));
            }
            (b.at_least, b.add)
        }
        None => (0, 0),
    };
    let too_large = AssignmentError::TooLarge {
        columns: cols,
        threshold: cap,
    };
    if cols > MAX_COLUMNS {
        return Err(too_large);
    }
    let width = usize::try_from(cap).map_err(|_| too_large.clone())? + 1;
    let states = (1usize << cols)
        .checked_mul(width)
        .filter(|&s| s <= MAX_STATES)
        .ok_or(too_large)?;

    // A bonus that no assignment reaches changes nothing: solve without it
    // (a far smaller state space).
    if let Some(b) = bonus {
        if max_total(&b.quantity, rows, cols) < b.at_least {
            return best_assignment(weights, query, None);
        }
    }

    // table[mask * width + s]: the greatest objective of the rows not yet
    // assigned, from the state. Filled from full masks down, so successors
    // come first. It does not depend on the query: a call with the weights
    // and bonus of the one before (another question about the same problem)
    // reuses it.
    TABLE.with_borrow_mut(|memo| {
        let fresh = memo
            .problem
            .as_ref()
            .is_none_or(|(w, b)| w.as_slice() != weights || b.as_ref() != bonus);
        if fresh {
            // Stale cells from an earlier call are fine: `fill` resets every
            // cell it reads before writing it.
            if memo.table.len() < states {
                memo.table.resize(states, UNSET);
            }
            memo.problem = None;
            fill(
                weights,
                bonus,
                cols,
                rows,
                cap,
                add,
                &mut memo.table[..states],
            );
            memo.problem = Some((weights.to_vec(), bonus.cloned()));
        }
        Ok(read_off(
            weights,
            query,
            bonus,
            cols,
            rows,
            cap,
            &memo.table[..states],
        ))
    })
}

/// The greatest sum of `m` over assignments of the rows to distinct columns
/// (rows ≤ columns ≤ [`MAX_COLUMNS`]). Columns that are 0 in every row are
/// interchangeable, so the DP runs over the sets of the other columns
/// (`k` of them) row by row, counting the zero columns used: `rows × 2^k`
/// states (a bonus quantity often lives in a few columns).
fn max_total(m: &[Vec<i64>], rows: usize, cols: usize) -> i64 {
    let live: Vec<usize> = (0..cols)
        .filter(|&c| m.iter().any(|row| row[c] != 0))
        .collect();
    let zeros = cols - live.len();
    // best[mask]: the greatest sum of the rows so far with the live
    // columns `mask` taken (the others took zero columns).
    let mut best = vec![i64::MIN; 1 << live.len()];
    let mut next = best.clone();
    best[0] = 0;
    for (row, weights) in m.iter().enumerate().take(rows) {
        next.fill(i64::MIN);
        for (mask, &b) in best.iter().enumerate() {
            if b == i64::MIN {
                continue;
            }
            if row - (mask.count_ones() as usize) < zeros {
                next[mask] = next[mask].max(b);
            }
            for (j, &c) in live.iter().enumerate() {
                if mask & (1 << j) == 0 {
                    let to = &mut next[mask | 1 << j];
                    *to = (*to).max(b + weights[c]);
                }
            }
        }
        std::mem::swap(&mut best, &mut next);
    }
    best.into_iter().max().unwrap_or(i64::MIN)
}

/// The DP table of the last problem solved on this thread.
#[derive(Default)]
struct Memo {
    table: Vec<i32>,
    /// The weights and bonus the table was filled for.
    problem: Option<(Vec<Vec<i64>>, Option<Bonus>)>,
}

thread_local! {
    /// The DP table, kept between calls to spare the allocation and, for
    /// the same problem, the work.
    static TABLE: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// The bonus levels reachable from the start in each state, as one bit set
/// per column set, when the levels fit in 64 bits; `None` means "assume all".
/// Only about a quarter of the states are reachable in typical problems, so
/// the DP skips the rest.
fn reachable(bonus: Option<&Bonus>, cols: usize, rows: usize, cap: i64) -> Option<Vec<u64>> {
    let bonus = bonus?;
    if cap >= 64 {
        return None;
    }
    let cap_bit = 1u64 << cap;
    let advance = |bits: u64, k: i64| -> u64 {
        if k == 0 {
            return bits;
        }
        let shifted = if k < 64 {
            (bits << k) & (cap_bit - 1)
        } else {
            0
        };
        let saturates = if k >= cap {
            bits != 0
        } else {
            bits >> (cap - k) != 0
        };
        shifted | if saturates { cap_bit } else { 0 }
    };
    let mut reach = vec![0u64; 1 << cols];
    reach[0] = 1;
    for mask in 0..1usize << cols {
        let row = mask.count_ones() as usize;
        let bits = reach[mask];
        if row >= rows || bits == 0 {
            continue;
        }
        for c in (0..cols).filter(|c| mask & (1 << c) == 0) {
            reach[mask | 1 << c] |= advance(bits, bonus.quantity[row][c]);
        }
    }
    Some(reach)
}

/// The DP proper, over a table of `2^cols × (cap + 1)` cells: the best
/// completion of every reachable state.
fn fill(
    weights: &[Vec<i64>],
    bonus: Option<&Bonus>,
    cols: usize,
    rows: usize,
    cap: i64,
    add: i64,
    table: &mut [i32],
) {
    let width = cap as usize + 1;
    let quantity = |r: usize, c: usize| bonus.map_or(0, |b| b.quantity[r][c]);
    let reach = reachable(bonus, cols, rows, cap);
    let mut free = Vec::with_capacity(cols);
    let mut levels: Vec<usize> = Vec::with_capacity(width);
    for mask in (0..1usize << cols).rev() {
        let row = mask.count_ones() as usize;
        if row > rows {
            continue;
        }
        let here = mask * width;
        if row == rows {
            for (s, cell) in table[here..here + width].iter_mut().enumerate() {
                let paid = bonus.is_some() && s as i64 >= cap;
                *cell = if paid { add as i32 } else { 0 };
            }
            continue;
        }
        fill_levels(reach.as_deref(), mask, width, &mut levels);
        for &s in &levels {
            table[here + s] = UNSET;
        }
        free.clear();
        free.extend((0..cols).filter(|c| mask & (1 << c) == 0));
        // Column by column, each over every reachable bonus level: the
        // inner loop reads one run of the successor's levels.
        for &c in &free {
            let next = (mask | 1 << c) * width;
            let (w, k) = (weights[row][c] as i32, quantity(row, c));
            let (head, tail) = table.split_at_mut(next);
            let succ = &tail[..width];
            let cur = &mut head[here..here + width];
            if k == 0 {
                // Every level at once, which vectorises: a level not
                // reachable holds a value nothing reads (wrapping, so a
                // stale cell cannot overflow).
                for (cell, &to) in cur.iter_mut().zip(succ) {
                    *cell = (*cell).max(to.wrapping_add(w));
                }
            } else {
                for &s in &levels {
                    let v = succ[(s as i64 + k).min(cap) as usize] + w;
                    cur[s] = cur[s].max(v);
                }
            }
        }
    }
}

/// The optimum, its first assignment, the query's range over the optimal
/// assignments and each row's optimal columns, from a filled table.
///
/// The optimal assignments are the paths from the start that take only
/// optimal steps (a step's weight plus the best completion after it equals
/// the best completion before it). A forward pass collects the states on
/// them, row by row; a backward pass over those states alone gives the
/// least and greatest query sum of their optimal completions.
fn read_off(
    weights: &[Vec<i64>],
    query: &[Vec<i64>],
    bonus: Option<&Bonus>,
    cols: usize,
    rows: usize,
    cap: i64,
    table: &[i32],
) -> Optimum {
    let width = cap as usize + 1;
    let step = |state: usize, row: usize, c: usize| {
        let (mask, s) = (state / width, state % width);
        let k = bonus.map_or(0, |b| b.quantity[row][c]);
        (mask | 1 << c) * width + (s as i64 + k).min(cap) as usize
    };
    // The optimal steps out of `state` (on row `row`), by column.
    let optimal = |state: usize, row: usize| {
        let mask = state / width;
        (0..cols)
            .filter(move |c| mask & (1 << c) == 0)
            .map(move |c| (c, step(state, row, c)))
            .filter(move |&(c, to)| table[to] + weights[row][c] as i32 == table[state])
    };

    let mut layers: Vec<Vec<usize>> = vec![vec![0]];
    let mut on = vec![0u32; rows];
    for (row, on_row) in on.iter_mut().enumerate() {
        let mut next: Vec<usize> = Vec::new();
        for &state in &layers[row] {
            for (c, to) in optimal(state, row) {
                *on_row |= 1 << c;
                next.push(to);
            }
        }
        next.sort_unstable();
        next.dedup();
        layers.push(next);
    }

    // (least, greatest) query sum of the optimal completions, per state of
    // the layer below, found by binary search in it.
    let mut below: Vec<(i32, i32)> = vec![(0, 0); layers[rows].len()];
    for row in (0..rows).rev() {
        let mut here = Vec::with_capacity(layers[row].len());
        for &state in &layers[row] {
            let mut range = (i32::MAX, i32::MIN);
            for (c, to) in optimal(state, row) {
                let at = layers[row + 1]
                    .binary_search(&to)
                    .expect("an optimal step leads to a state of the next layer");
                let q = query[row][c] as i32;
                range = (range.0.min(below[at].0 + q), range.1.max(below[at].1 + q));
            }
            here.push(range);
        }
        below = here;
    }

    let mut columns = Vec::with_capacity(rows);
    let mut state = 0;
    for row in 0..rows {
        let (c, to) = optimal(state, row)
            .next()
            .expect("an optimal state has an optimal successor");
        columns.push(c);
        state = to;
    }
    Optimum {
        value: table[0].into(),
        low: below[0].0.into(),
        high: below[0].1.into(),
        columns,
        optimal_columns: on
            .iter()
            .map(|bits| (0..cols).filter(|c| bits & (1 << c) != 0).collect())
            .collect(),
    }
}

/// The bonus levels to visit in the states of column set `mask`: the
/// reachable ones, or all of them without reachability bit sets.
fn fill_levels(reach: Option<&[u64]>, mask: usize, width: usize, levels: &mut Vec<usize>) {
    levels.clear();
    match reach {
        Some(reach) => {
            let mut bits = reach[mask];
            while bits != 0 {
                levels.push(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        None => levels.extend(0..width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every injective row → column map, by recursion.
    fn all_assignments(rows: usize, cols: usize) -> Vec<Vec<usize>> {
        fn go(rows: usize, cols: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if cur.len() == rows {
                out.push(cur.clone());
                return;
            }
            for c in 0..cols {
                if !cur.contains(&c) {
                    cur.push(c);
                    go(rows, cols, cur, out);
                    cur.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(rows, cols, &mut Vec::new(), &mut out);
        out
    }

    fn brute(w: &[Vec<i64>], q: &[Vec<i64>], bonus: Option<&Bonus>) -> Optimum {
        let cols = w[0].len();
        let mut scored: Vec<(i64, i64, Vec<usize>)> = all_assignments(w.len(), cols)
            .into_iter()
            .map(|a| {
                let mut v: i64 = a.iter().enumerate().map(|(r, &c)| w[r][c]).sum();
                if let Some(b) = bonus {
                    let t: i64 = a.iter().enumerate().map(|(r, &c)| b.quantity[r][c]).sum();
                    if t >= b.at_least {
                        v += b.add;
                    }
                }
                let qs = a.iter().enumerate().map(|(r, &c)| q[r][c]).sum();
                (v, qs, a)
            })
            .collect();
        let value = scored.iter().map(|x| x.0).max().unwrap();
        scored.retain(|x| x.0 == value);
        let optimal_columns = (0..w.len())
            .map(|r| {
                let mut cs: Vec<usize> = scored.iter().map(|x| x.2[r]).collect();
                cs.sort_unstable();
                cs.dedup();
                cs
            })
            .collect();
        Optimum {
            value,
            low: scored.iter().map(|x| x.1).min().unwrap(),
            high: scored.iter().map(|x| x.1).max().unwrap(),
            columns: scored.iter().map(|x| x.2.clone()).min().unwrap(),
            optimal_columns,
        }
    }

    /// A small deterministic generator (xorshift) for test matrices.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self, n: i64) -> i64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as i64
        }
        /// Up to 6 columns and up to as many rows.
        fn shape(&mut self) -> (usize, usize) {
            let cols = 1 + self.next(6) as usize;
            (1 + self.next(cols as i64) as usize, cols)
        }
        fn matrix(&mut self, rows: usize, cols: usize, n: i64) -> Vec<Vec<i64>> {
            (0..rows)
                .map(|_| (0..cols).map(|_| self.next(n)).collect())
                .collect()
        }
    }

    #[test]
    fn agrees_with_brute_force_on_random_problems() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let mut tied = 0;
        for case in 0..600 {
            let (rows, cols) = g.shape();
            // Small value ranges make ties between optimal assignments common.
            let range = 1 + g.next(6);
            let w = g.matrix(rows, cols, range);
            let q = g.matrix(rows, cols, 5);
            // Every fourth bonus has thresholds beyond 63: the dense path
            // without the reachability bit sets.
            let scale = if case % 4 == 0 { 20 } else { 1 };
            let bonus = (case % 2 == 0).then(|| Bonus {
                quantity: g
                    .matrix(rows, cols, 4)
                    .into_iter()
                    .map(|r| r.into_iter().map(|v| v * scale).collect())
                    .collect(),
                at_least: g.next(3 * rows as i64 * scale + 1),
                add: g.next(7) - 2,
            });
            let got = best_assignment(&w, &q, bonus.as_ref()).unwrap();
            let want = brute(&w, &q, bonus.as_ref());
            assert_eq!(got, want, "case {case}: w {w:?} q {q:?} bonus {bonus:?}");
            tied += usize::from(want.low != want.high);
            // Another question about the same problem reuses its table.
            let q2 = g.matrix(rows, cols, 7);
            let got = best_assignment(&w, &q2, bonus.as_ref()).unwrap();
            assert_eq!(
                got,
                brute(&w, &q2, bonus.as_ref()),
                "case {case}, second query"
            );
        }
        assert!(tied > 50, "the cases exercise ties ({tied})");
    }

    /// `max_total` (which merges the columns that are 0 in every row)
    /// agrees with the best of every assignment, on random matrices where
    /// zero columns are common.
    #[test]
    fn max_total_agrees_with_brute_force() {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        let mut merged = 0;
        for case in 0..400 {
            let (rows, cols) = g.shape();
            let zero: Vec<bool> = (0..cols).map(|_| g.next(3) == 0).collect();
            let m: Vec<Vec<i64>> = g
                .matrix(rows, cols, 7)
                .into_iter()
                .map(|r| {
                    r.into_iter()
                        .zip(&zero)
                        .map(|(v, &z)| if z { 0 } else { v - 2 })
                        .collect()
                })
                .collect();
            let want = all_assignments(rows, cols)
                .iter()
                .map(|a| a.iter().enumerate().map(|(r, &c)| m[r][c]).sum::<i64>())
                .max()
                .unwrap();
            assert_eq!(max_total(&m, rows, cols), want, "case {case}: {m:?}");
            merged += usize::from(zero.contains(&true));
        }
        assert!(merged > 100, "zero columns in {merged} cases");
    }

    #[test]
    fn the_bonus_can_change_the_optimum() {
        // Without the bonus row 0 takes column 0 (5 > 1); the bonus of 10 needs
        // quantity 2, which only row 0 in column 1 provides.
        let w = vec![vec![5, 1], vec![0, 0]];
        let q = vec![vec![1, 0], vec![0, 0]];
        let plain = best_assignment(&w, &q, None).unwrap();
        assert_eq!((plain.value, plain.columns.clone()), (5, vec![0, 1]));
        let bonus = Bonus {
            quantity: vec![vec![0, 2], vec![0, 0]],
            at_least: 2,
            add: 10,
        };
        let with = best_assignment(&w, &q, Some(&bonus)).unwrap();
        assert_eq!((with.value, with.columns, with.low), (11, vec![1, 0], 0));
    }

    #[test]
    fn bad_shapes_and_sizes_are_refused() {
        let w = vec![vec![1, 2], vec![3]];
        assert!(matches!(
            best_assignment(&w, &w, None),
            Err(AssignmentError::Shape(_))
        ));
        let w = vec![vec![1], vec![2]];
        assert!(matches!(
            best_assignment(&w, &w, None),
            Err(AssignmentError::TooManyRows { .. })
        ));
        let w = vec![vec![MAX_WEIGHT + 1, 0]];
        assert!(matches!(
            best_assignment(&w, &w, None),
            Err(AssignmentError::Value(_))
        ));
        let w = vec![vec![0; 21]];
        assert!(matches!(
            best_assignment(&w, &w, None),
            Err(AssignmentError::TooLarge { .. })
        ));
        let w = vec![vec![0; 12]];
        let bonus = Bonus {
            quantity: vec![vec![0; 12]],
            at_least: 5000,
            add: 1,
        };
        assert!(matches!(
            best_assignment(&w, &w, Some(&bonus)),
            Err(AssignmentError::TooLarge { .. })
        ));
    }
}
