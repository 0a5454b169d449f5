//! Run-length constraints (`runs(cells, [3, 1, 2])`), encoded through the
//! automaton that reads the line.
//!
//! The true cells of a line form runs of the given lengths, in order, each
//! separated from the next by at least one false cell, with any number of
//! false cells before the first run and after the last. The pattern is the
//! word `w = 1^a₁ 0 1^a₂ 0 … 1^aₖ` with extra `0`s allowed before it, in each
//! gap and after it; a deterministic automaton with one state per prefix of
//! `w` (state `j` after reading `j` symbols of it) reads the line:
//!
//! * on a true cell: `j → j + 1` when `w[j] = 1`, else the line is rejected;
//! * on a false cell: stay at `j` before the first run (`j = 0`), in a gap
//!   (`w[j − 1] = 0`) and after the last run (`j = |w|`); `j → j + 1` when
//!   the run just read is complete (`w[j] = 0`); else rejected.
//!
//! The line matches when the automaton ends in state `|w|`. Each state after
//! cell `i` is a literal, the disjunction of (state before ∧ cell value)
//! over the transitions into it; since the automaton is deterministic
//! exactly one path is true, so the final state's literal is **equivalent**
//! to the constraint: it can be negated, counted or be a clue. States that
//! cannot be reached from the start, or from which the end cannot be
//! reached in the cells left, are constant false and cost nothing: a line of
//! `n` cells costs at most `2 · n · (|w| + 1)` gates.

use super::backend::{Lit, SatError};
use super::model::Model;

/// The plain check: the run lengths of `cells`, in order.
pub fn run_lengths(cells: &[bool]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut current = 0;
    for &c in cells {
        if c {
            current += 1;
        } else if current > 0 {
            out.push(current);
            current = 0;
        }
    }
    if current > 0 {
        out.push(current);
    }
    out
}

impl Model {
    /// A literal equivalent to "the true `cells` form runs of exactly
    /// `lengths`, in order" (see the module docs). Lengths must be positive.
    pub fn runs(&mut self, cells: &[Lit], lengths: &[usize]) -> Result<Lit, SatError> {
        if lengths.contains(&0) {
            return Err(SatError::InvalidArgument(
                "run lengths must be at least 1".into(),
            ));
        }
        let word = pattern(lengths);
        let m = word.len();
        let n = cells.len();
        if m > n {
            return Ok(self.false_lit());
        }
        // `state[j]`: the automaton is in state j after the cells so far.
        let mut state: Vec<Lit> = (0..=m).map(|j| self.const_lit(j == 0)).collect();
        for (i, &cell) in cells.iter().enumerate() {
            let left = n - i - 1;
            let mut next = Vec::with_capacity(m + 1);
            for j in 0..=m {
                // Reachable after i + 1 cells, and the end reachable after.
                if j > i + 1 || m - j > left {
                    next.push(self.false_lit());
                    continue;
                }
                let mut ways = Vec::with_capacity(2);
                if j > 0 && word[j - 1] {
                    ways.push(self.and(&[state[j - 1], cell])?);
                }
                if j > 0 && !word[j - 1] {
                    ways.push(self.and(&[state[j - 1], !cell])?);
                }
                if j == 0 || j == m || !word[j - 1] {
                    ways.push(self.and(&[state[j], !cell])?);
                }
                next.push(self.or(&ways)?);
            }
            state = next;
        }
        Ok(state[m])
    }
}

/// `1^a₁ 0 1^a₂ 0 … 1^aₖ` as booleans.
fn pattern(lengths: &[usize]) -> Vec<bool> {
    let mut w = Vec::new();
    for (k, &a) in lengths.iter().enumerate() {
        if k > 0 {
            w.push(false);
        }
        w.extend(std::iter::repeat_n(true, a));
    }
    w
}
