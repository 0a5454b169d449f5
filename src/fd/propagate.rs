//! Propagation to a fixpoint over domain masks. Every rule removes only
//! values that no solution of its constraint (given the other domains)
//! takes, which is what makes an exhausted search a proof:
//!
//! - all-different: a member with one value left removes it from the
//!   others; when the members (sharing one domain) have exactly as many
//!   values between them as there are members, every value is taken, so a
//!   value only one member can take is that member's (and fewer values
//!   than members is a contradiction);
//! - `Σ parts + k ≤ 0`: each part keeps only the values that leave room
//!   for the smallest sum of the others (exact, in 128-bit arithmetic);
//! - any other condition: when all of its unknowns but one have one value,
//!   the last keeps the values under which it does not evaluate to false
//!   (and with none open, one that evaluates to false fails).

use super::net::{Part, Prop, Question};
use crate::eval::sym::BoolTerm;
use std::collections::VecDeque;

/// The propagation state of one question, reused across search nodes.
pub(super) struct Propagator<'q, 'a> {
    q: &'q Question<'a>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    values: Vec<i64>,
    changed: Vec<usize>,
}

impl<'q, 'a> Propagator<'q, 'a> {
    pub fn new(q: &'q Question<'a>) -> Propagator<'q, 'a> {
        let n = q.base.rules.props.len() + q.extra.props.len();
        Propagator {
            q,
            queue: VecDeque::with_capacity(n),
            queued: vec![false; n],
            values: vec![0; q.base.len()],
            changed: Vec::new(),
        }
    }

    /// Propagates every constraint; `false` on a contradiction.
    pub fn all(&mut self, dom: &mut [u64]) -> bool {
        for c in 0..self.queued.len() {
            self.enqueue(c);
        }
        self.run(dom)
    }

    /// Propagates after `x`'s domain shrank; `false` on a contradiction.
    pub fn after(&mut self, x: usize, dom: &mut [u64]) -> bool {
        self.wake(x);
        self.run(dom)
    }

    /// Propagates the constraints numbered `from..` (the rules' first, then
    /// the question's own) and those on the unknowns `shrunk`, whose domains
    /// shrank; `false` on a contradiction.
    pub fn resume(&mut self, from: usize, shrunk: &[usize], dom: &mut [u64]) -> bool {
        for c in from..self.queued.len() {
            self.enqueue(c);
        }
        for &x in shrunk {
            self.wake(x);
        }
        self.run(dom)
    }

    /// Revises constraint `c` alone, waking no other; `false` on a
    /// contradiction (for the deduction trace).
    pub fn revise_alone(&mut self, c: usize, dom: &mut [u64]) -> bool {
        self.changed.clear();
        self.revise(c, dom)
    }

    fn enqueue(&mut self, c: usize) {
        if !self.queued[c] {
            self.queued[c] = true;
            self.queue.push_back(c);
        }
    }

    fn wake(&mut self, x: usize) {
        self.wake_except(x, usize::MAX);
    }

    /// Wakes the constraints on `x` other than `done`.
    fn wake_except(&mut self, x: usize, done: usize) {
        let q = self.q;
        let base = q.base.rules.props.len();
        for &c in &q.base.watches[x] {
            if c != done {
                self.enqueue(c);
            }
        }
        if let Some(w) = q.watches.get(x) {
            for &c in w {
                if base + c != done {
                    self.enqueue(base + c);
                }
            }
        }
    }

    /// Whether revising constraint `c` again right after it changed
    /// domains changes nothing (its revision runs to its own fixpoint).
    fn idempotent(&self, c: usize) -> bool {
        let n = self.q.base.rules.props.len();
        let prop = if c < n {
            &self.q.base.rules.props[c]
        } else {
            &self.q.extra.props[c - n]
        };
        matches!(prop, Prop::Distinct(_))
    }

    fn run(&mut self, dom: &mut [u64]) -> bool {
        while let Some(c) = self.queue.pop_front() {
            self.queued[c] = false;
            self.changed.clear();
            if !self.revise(c, dom) {
                for c in self.queue.drain(..) {
                    self.queued[c] = false;
                }
                return false;
            }
            let changed = std::mem::take(&mut self.changed);
            let done = if self.idempotent(c) { c } else { usize::MAX };
            for &x in &changed {
                self.wake_except(x, done);
            }
            self.changed = changed;
        }
        true
    }

    fn revise(&mut self, c: usize, dom: &mut [u64]) -> bool {
        let q = self.q;
        let n = q.base.rules.props.len();
        let (prop, scope) = if c < n {
            (&q.base.rules.props[c], &q.base.rules.scopes[c])
        } else {
            (&q.extra.props[c - n], &q.extra.scopes[c - n])
        };
        match prop {
            Prop::Distinct(xs) => narrow_distinct(xs, dom, &mut self.changed),
            Prop::DistinctValues(xs) => self.distinct_values(xs, dom),
            Prop::Linear(parts, k) => self.bounds(parts, *k, dom),
            Prop::Test(t) => self.last_open(t, scope, dom),
            Prop::False => false,
        }
    }

    fn distinct_values(&mut self, xs: &[usize], dom: &mut [u64]) -> bool {
        let b = self.q.base;
        for (i, &x) in xs.iter().enumerate() {
            let d = dom[x];
            if d.count_ones() != 1 {
                continue;
            }
            let v = b.value(x, d.trailing_zeros());
            for (j, &y) in xs.iter().enumerate() {
                if j == i {
                    continue;
                }
                if let Some(bit) = b.bit(y, v) {
                    if !remove(dom, y, bit, &mut self.changed) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The least and greatest value of a part over the mask `d` (not empty).
    fn range(&self, p: &Part, d: u64) -> (i128, i128) {
        let b = self.q.base;
        let a = p.coef as i128;
        match p.eq {
            None => {
                let lo = a * b.value(p.var, d.trailing_zeros()) as i128;
                let hi = a * b.value(p.var, 63 - d.leading_zeros()) as i128;
                (lo.min(hi), lo.max(hi))
            }
            Some(v) => match b.bit(p.var, v) {
                Some(bit) if d == bit => (a, a),
                Some(bit) if d & bit != 0 => (a.min(0), a.max(0)),
                _ => (0, 0),
            },
        }
    }

    /// The part's value when its unknown takes bit `i`.
    fn at(&self, p: &Part, i: u32) -> i128 {
        let v = self.q.base.value(p.var, i);
        match p.eq {
            None => p.coef as i128 * v as i128,
            Some(e) if e == v => p.coef as i128,
            Some(_) => 0,
        }
    }

    fn bounds(&mut self, parts: &[Part], k: i64, dom: &mut [u64]) -> bool {
        let mut min_sum = k as i128;
        for p in parts {
            min_sum += self.range(p, dom[p.var]).0;
        }
        if min_sum > 0 {
            return false;
        }
        let room = -min_sum;
        for p in parts {
            let d = dom[p.var];
            let (lo, hi) = self.range(p, d);
            if hi - lo <= room {
                continue;
            }
            let mut drop = 0u64;
            let mut bits = d;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                if self.at(p, i) - lo > room {
                    drop |= 1u64 << i;
                }
            }
            if !remove(dom, p.var, drop, &mut self.changed) {
                return false;
            }
        }
        true
    }

    fn last_open(&mut self, t: &BoolTerm, scope: &[usize], dom: &mut [u64]) -> bool {
        let b = self.q.base;
        let mut open = None;
        for &x in scope {
            let d = dom[x];
            if d.count_ones() == 1 {
                self.values[x] = b.value(x, d.trailing_zeros());
            } else if open.is_some() {
                return true;
            } else {
                open = Some(x);
            }
        }
        let Some(x) = open else {
            return t.eval(&self.values) != Some(false);
        };
        let mut drop = 0u64;
        let mut bits = dom[x];
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            self.values[x] = b.value(x, i);
            if t.eval(&self.values) == Some(false) {
                drop |= 1u64 << i;
            }
        }
        remove(dom, x, drop, &mut self.changed)
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

/// The values of all-different members, as masks.
struct Tally {
    /// The values of the members with one value left.
    fixed: u64,
    /// The values some member holds.
    once: u64,
    /// The values two or more members hold.
    twice: u64,
}

/// The members' values; `None` when a member has none left or two have the
/// same single value.
fn tally(xs: &[usize], dom: &[u64]) -> Option<Tally> {
    let mut t = Tally {
        fixed: 0,
        once: 0,
        twice: 0,
    };
    for &x in xs {
        let d = dom[x];
        if d == 0 {
            return None;
        }
        if d & (d - 1) == 0 {
            if t.fixed & d != 0 {
                return None;
            }
            t.fixed |= d;
        }
        t.twice |= t.once & d;
        t.once |= d;
    }
    Some(t)
}

/// All-different over members that share one domain, to the same fixpoint
/// as [`distinct`] but in fewer passes (each pass gathers the taken values
/// and the values held once and twice together, then narrows every member
/// by both rules); the members whose domains shrink go to `changed`.
fn narrow_distinct(xs: &[usize], dom: &mut [u64], changed: &mut Vec<usize>) -> bool {
    loop {
        let Some(Tally { fixed, once, twice }) = tally(xs, dom) else {
            return false;
        };
        let values = once.count_ones() as usize;
        if values < xs.len() {
            return false;
        }
        // With as many values as members, a value one member alone holds
        // is that member's.
        let single = if values == xs.len() { once & !twice } else { 0 };
        let mut again = false;
        for &x in xs {
            let d = dom[x];
            if d & (d - 1) == 0 {
                continue;
            }
            let mut nd = d & !fixed;
            let h = nd & single;
            if h != 0 {
                if h & (h - 1) != 0 {
                    return false;
                }
                nd = h;
            }
            if nd == d {
                continue;
            }
            if nd == 0 {
                return false;
            }
            dom[x] = nd;
            changed.push(x);
            again |= nd & (nd - 1) == 0;
        }
        if !again {
            return true;
        }
    }
}

/// How [`distinct`] narrowed a member's domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Narrowing {
    /// Values fixed in other members were removed.
    Taken,
    /// The member is the only place left for one value (hidden single).
    Hidden,
}

/// All-different over members that share one domain; `narrowed` hears of
/// each member whose domain shrinks, with the new domain and the rule that
/// shrank it, in the order the rules apply (taken values until no member
/// becomes fixed, then hidden values). The deduction trace reports these
/// steps; propagation uses [`narrow_distinct`], which reaches the same
/// domains in fewer passes.
pub(super) fn distinct(
    xs: &[usize],
    dom: &mut [u64],
    narrowed: &mut impl FnMut(usize, u64, Narrowing),
) -> bool {
    loop {
        // Values already taken; two members with the same single value fail.
        let Some(Tally { fixed, .. }) = tally(xs, dom) else {
            return false;
        };
        let mut again = false;
        for &x in xs {
            let d = dom[x];
            if d & (d - 1) != 0 && d & fixed != 0 {
                let nd = d & !fixed;
                if nd == 0 {
                    return false;
                }
                dom[x] = nd;
                narrowed(x, nd, Narrowing::Taken);
                again |= nd & (nd - 1) == 0;
            }
        }
        if again {
            continue;
        }
        // Values in at least one domain, and in at least two.
        let (mut once, mut twice) = (0u64, 0u64);
        for &x in xs {
            twice |= once & dom[x];
            once |= dom[x];
        }
        let (values, members) = (once.count_ones() as usize, xs.len());
        if values < members {
            return false;
        }
        if values == members {
            // Every value is taken; one only a single member can take is its.
            let single = once & !twice;
            for &x in xs {
                let d = dom[x];
                let h = d & single;
                if h == 0 {
                    continue;
                }
                if h & (h - 1) != 0 {
                    return false;
                }
                if h == d {
                    continue;
                }
                dom[x] = h;
                narrowed(x, h, Narrowing::Hidden);
                again = true;
            }
        }
        if !again {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny deterministic generator (the test needs no quality).
    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    /// Every assignment of distinct values to the members, by their bits.
    fn distinct_assignments(doms: &[u64]) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        for &d in doms {
            out = out
                .into_iter()
                .flat_map(|a: Vec<u64>| {
                    (0..64)
                        .map(|i| 1u64 << i)
                        .filter(|b| d & b != 0 && !a.contains(b))
                        .map(|b| [a.as_slice(), &[b]].concat())
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        out
    }

    #[test]
    fn fused_all_different_reaches_the_reference_fixpoint() {
        let mut state = 7;
        let (mut failed, mut narrowed) = (0, 0);
        for _ in 0..4000 {
            let n = 2 + next(&mut state) as usize % 5;
            let values = n as u64 - 1 + next(&mut state) % 3;
            let xs: Vec<usize> = (0..n).collect();
            let dom: Vec<u64> = (0..n)
                .map(|_| next(&mut state) & ((1u64 << values) - 1))
                .collect();
            let (mut fused, mut reference) = (dom.clone(), dom.clone());
            let mut changed = Vec::new();
            let ok = narrow_distinct(&xs, &mut fused, &mut changed);
            let ok_ref = distinct(&xs, &mut reference, &mut |_, _, _| {});
            assert_eq!(ok, ok_ref, "verdicts differ on {dom:?}");
            let solutions = distinct_assignments(&dom);
            if !ok {
                failed += 1;
                assert!(solutions.is_empty(), "a solution exists for {dom:?}");
                continue;
            }
            assert_eq!(fused, reference, "domains differ on {dom:?}");
            for s in &solutions {
                assert!(s.iter().zip(&fused).all(|(b, d)| b & d != 0), "{s:?} lost");
            }
            for x in 0..n {
                assert_eq!(changed.contains(&x), fused[x] != dom[x], "member {x}");
            }
            narrowed += usize::from(fused != dom);
        }
        assert!(
            failed > 200 && narrowed > 200,
            "{failed} failed, {narrowed} narrowed"
        );
    }
}
