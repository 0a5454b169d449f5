//! A fixed backtracking search with forward checking, counting its nodes.
//!
//! Before the search, every constraint over a single unknown removes the
//! values under which it fails, and every unknown left with one value is
//! assigned (the givens). A node then:
//!
//! 1. counts itself;
//! 2. fails if an unassigned unknown has no candidate left;
//! 3. succeeds if every unknown is assigned (the search stops at the first
//!    solution);
//! 4. otherwise branches on the unassigned unknown with the fewest
//!    candidates (the lowest id among equals), trying its candidates in
//!    ascending order, each as a child node.
//!
//! The candidates of an unassigned unknown are its values that no constraint
//! rules out by forward checking: an all-different removes the values of
//! its assigned members, and any other constraint whose other unknowns are
//! all assigned removes the values under which it fails. Nothing cascades: an
//! unknown left with one candidate is assigned only when the search chooses
//! it (at the cost of a node), as in a plain backtracking solver.

use super::problem::{Constraint, Problem};

/// The nodes the search visits up to and including the one that finds the
/// first solution, or up to and including the last one when there is no
/// solution; `limit + 1` when that would be more than `limit`.
pub fn search_nodes(p: &Problem, limit: u64) -> u64 {
    let mut s = Search::new(p, limit);
    if s.givens() {
        s.node();
    } else {
        // The givens contradict each other: the root node fails.
        s.count = 1;
    }
    s.count.min(limit.saturating_add(1))
}

struct Search<'p> {
    p: &'p Problem,
    /// Candidate masks.
    cand: Vec<u64>,
    assigned: Vec<bool>,
    /// Values of the assigned unknowns (others: scratch).
    values: Vec<i64>,
    /// `(unknown, previous mask)` for undoing.
    trail: Vec<(usize, u64)>,
    count: u64,
    limit: u64,
}

impl<'p> Search<'p> {
    fn new(p: &'p Problem, limit: u64) -> Search<'p> {
        let n = p.domains.len();
        Search {
            p,
            cand: (0..n).map(|x| p.full(x)).collect(),
            assigned: vec![false; n],
            values: vec![0; n],
            trail: Vec::new(),
            count: 0,
            limit,
        }
    }

    /// Applies single-unknown constraints, then assigns every unknown left
    /// with one value, in id order; `false` on a contradiction.
    fn givens(&mut self) -> bool {
        let p = self.p;
        for c in 0..p.constraints.len() {
            if let [x] = p.scopes[c][..] {
                if !self.filter(c, x) {
                    return false;
                }
            }
            if p.scopes[c].is_empty() && !p.holds(c, &self.values) {
                return false;
            }
        }
        let singles: Vec<usize> = (0..self.cand.len())
            .filter(|&x| self.cand[x].count_ones() == 1)
            .collect();
        for x in singles {
            let bit = self.cand[x];
            if bit.count_ones() != 1 || !self.assign(x, bit.trailing_zeros()) {
                return false;
            }
        }
        true
    }

    /// Removes the candidates of `x` under which constraint `c` fails (its
    /// other unknowns assigned); `false` if none is left.
    fn filter(&mut self, c: usize, x: usize) -> bool {
        let before = self.cand[x];
        let mut keep = 0u64;
        let mut bits = before;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            self.values[x] = self.p.value(x, i);
            if self.p.holds(c, &self.values) {
                keep |= 1u64 << i;
            }
        }
        self.set(x, keep)
    }

    fn set(&mut self, x: usize, mask: u64) -> bool {
        if mask != self.cand[x] {
            self.trail.push((x, self.cand[x]));
            self.cand[x] = mask;
        }
        mask != 0
    }

    /// Assigns bit `i` of `x` and forward-checks; `false` on a wipe-out.
    fn assign(&mut self, x: usize, i: u32) -> bool {
        let p = self.p;
        self.assigned[x] = true;
        self.values[x] = p.value(x, i);
        self.trail.push((x, self.cand[x]));
        self.cand[x] = 1u64 << i;
        for &c in &p.watches[x] {
            if let Constraint::AllDiff(xs) = &p.constraints[c] {
                for &y in xs {
                    if y == x || self.assigned[y] {
                        continue;
                    }
                    if let Some(bit) = p.bit(y, self.values[x]) {
                        if !self.set(y, self.cand[y] & !bit) {
                            return false;
                        }
                    }
                }
                continue;
            }
            let mut open = p.scopes[c].iter().filter(|&&y| !self.assigned[y]);
            match (open.next(), open.next()) {
                (None, _) if !p.holds(c, &self.values) => return false,
                (Some(&y), None) if !self.filter(c, y) => return false,
                _ => {}
            }
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some((x, mask)) = self.trail.pop() {
                self.cand[x] = mask;
            }
        }
    }

    /// One node; `true` when the search is over (a solution, or the limit).
    fn node(&mut self) -> bool {
        self.count += 1;
        if self.count > self.limit {
            return true;
        }
        let mut best: Option<(u32, usize)> = None;
        for x in 0..self.cand.len() {
            if self.assigned[x] {
                continue;
            }
            let n = self.cand[x].count_ones();
            if n == 0 {
                return false;
            }
            if best.is_none_or(|(m, _)| n < m) {
                best = Some((n, x));
            }
        }
        let Some((_, x)) = best else {
            return true;
        };
        let mut bits = self.cand[x];
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let mark = self.trail.len();
            if self.assign(x, i) {
                if self.node() {
                    return true;
                }
            } else {
                // A child whose assignment leaves some unknown without a
                // candidate is still a node (it fails at once).
                self.count += 1;
                if self.count > self.limit {
                    return true;
                }
            }
            self.undo(mark);
            self.assigned[x] = false;
        }
        false
    }
}
