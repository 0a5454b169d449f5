//! Propagation to a fixpoint over domain masks.
//!
//! Three rules remove values, each from one constraint:
//!
//! - all-different: a member with one value left removes that value from
//!   every other member;
//! - `Σ aᵢ·xᵢ + k ≤ 0` (every comparison of a linear sum of unknowns; `=` is
//!   two of them): each term keeps only the values that leave room for the
//!   smallest sum of the other terms (bounds reasoning);
//! - any other condition: when all of its unknowns but one have one value
//!   left, the last keeps only the values under which it holds (and when all
//!   have one value, it must hold).
//!
//! Each rule removes at least as much from smaller domains, so the rules
//! applied in any order until none removes anything reach the same fixpoint;
//! the order used here (a queue of constraints whose unknowns changed) only
//! affects speed.

use super::problem::{Constraint, Problem};
use std::collections::VecDeque;

/// Whether propagation from the full domains leaves exactly one value for
/// every unknown (and no unknown without values).
pub fn propagation_solves(p: &Problem) -> bool {
    let mut dom: Vec<u64> = (0..p.domains.len()).map(|x| p.full(x)).collect();
    propagate(p, &mut dom) && dom.iter().all(|d| d.count_ones() == 1)
}

/// Prunes `dom` to the fixpoint of the rules; `false` when a domain empties
/// or a constraint fails.
pub fn propagate(p: &Problem, dom: &mut [u64]) -> bool {
    let mut queue: VecDeque<usize> = (0..p.constraints.len()).collect();
    let mut queued = vec![true; p.constraints.len()];
    let mut values = vec![0i64; dom.len()];
    let mut changed = Vec::new();
    while let Some(c) = queue.pop_front() {
        queued[c] = false;
        changed.clear();
        if !revise(p, c, dom, &mut values, &mut changed) {
            return false;
        }
        for &x in &changed {
            for &d in &p.watches[x] {
                if !queued[d] {
                    queued[d] = true;
                    queue.push_back(d);
                }
            }
        }
    }
    true
}

/// Applies constraint `c`'s rule once; records the unknowns it pruned.
fn revise(
    p: &Problem,
    c: usize,
    dom: &mut [u64],
    values: &mut [i64],
    changed: &mut Vec<usize>,
) -> bool {
    match &p.constraints[c] {
        Constraint::AllDiff(xs) => all_different(p, xs, dom, changed),
        Constraint::Linear(ts, k) => bounds(p, ts, *k, dom, changed),
        Constraint::Test(_) => last_unknown(p, c, dom, values, changed),
        Constraint::False => false,
    }
}

/// Removes `bits` from `dom[x]`; `false` if nothing is left.
fn remove(dom: &mut [u64], x: usize, bits: u64, changed: &mut Vec<usize>) -> bool {
    if dom[x] & bits != 0 {
        dom[x] &= !bits;
        changed.push(x);
    }
    dom[x] != 0
}

fn all_different(p: &Problem, xs: &[usize], dom: &mut [u64], changed: &mut Vec<usize>) -> bool {
    for (i, &x) in xs.iter().enumerate() {
        if dom[x].count_ones() != 1 {
            continue;
        }
        let v = p.value(x, dom[x].trailing_zeros());
        for (j, &y) in xs.iter().enumerate() {
            if j != i {
                if let Some(bit) = p.bit(y, v) {
                    if !remove(dom, y, bit, changed) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The smallest value of `a·x` over the mask `d` (not empty).
fn least(p: &Problem, a: i64, x: usize, d: u64) -> i128 {
    let lo = p.value(x, d.trailing_zeros()) as i128;
    let hi = p.value(x, 63 - d.leading_zeros()) as i128;
    (a as i128 * lo).min(a as i128 * hi)
}

fn bounds(
    p: &Problem,
    ts: &[(i64, usize)],
    k: i64,
    dom: &mut [u64],
    changed: &mut Vec<usize>,
) -> bool {
    let lows: Vec<i128> = ts.iter().map(|&(a, x)| least(p, a, x, dom[x])).collect();
    let min_sum: i128 = lows.iter().sum::<i128>() + k as i128;
    if min_sum > 0 {
        return false;
    }
    for (&(a, x), low) in ts.iter().zip(&lows) {
        // a·v may be at most this much above its own least value.
        let room = -min_sum;
        let mut drop = 0u64;
        let mut bits = dom[x];
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            if a as i128 * p.value(x, i) as i128 - low > room {
                drop |= 1u64 << i;
            }
        }
        if !remove(dom, x, drop, changed) {
            return false;
        }
    }
    true
}

fn last_unknown(
    p: &Problem,
    c: usize,
    dom: &mut [u64],
    values: &mut [i64],
    changed: &mut Vec<usize>,
) -> bool {
    let mut open = None;
    for &x in &p.scopes[c] {
        if dom[x].count_ones() == 1 {
            values[x] = p.value(x, dom[x].trailing_zeros());
        } else if open.is_some() {
            return true;
        } else {
            open = Some(x);
        }
    }
    let Some(x) = open else {
        return p.holds(c, values);
    };
    let mut drop = 0u64;
    let mut bits = dom[x];
    while bits != 0 {
        let i = bits.trailing_zeros();
        bits &= bits - 1;
        values[x] = p.value(x, i);
        if !p.holds(c, values) {
            drop |= 1u64 << i;
        }
    }
    remove(dom, x, drop, changed)
}
