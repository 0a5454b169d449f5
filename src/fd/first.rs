//! The first solution in a given order: depth first over propagated
//! domains, the unknowns in a fixed order and each one's values in its own
//! order, with a node budget.
//!
//! Propagation only removes values no solution takes, so the first leaf
//! this search accepts is the lexicographically first solution for that
//! order: exactly the solution the oracle walk of `sample solution` picks
//! by SAT verdicts, one unknown at a time. The generator may therefore ask
//! this engine for the walk's result and get the same record.

use super::net::Question;
use super::propagate::Propagator;
use super::search::{judge, Answer, Step};

struct Ordered<'q, 'a> {
    q: &'q Question<'a>,
    prop: Propagator<'q, 'a>,
    order: &'q [usize],
    prefs: &'q [Vec<i64>],
    nodes: u64,
    budget: u64,
    /// Storage of finished nodes' domains, reused for new children.
    spare: Vec<Vec<u64>>,
}

/// The first solution of `q` when unknown `order[k]` takes the first value
/// of `prefs[k]` that some solution extends, for `k` = 0, 1, …; `Unsat`
/// when there is none, `Unknown` after `budget` nodes or when a candidate
/// cannot be evaluated. `order` must list every unknown once.
pub fn first(mut q: Question<'_>, order: &[usize], prefs: &[Vec<i64>], budget: u64) -> Answer {
    if q.empty {
        return Answer::Unsat;
    }
    if order.len() != q.base.len() || prefs.len() != order.len() {
        return Answer::Unknown;
    }
    q.seal();
    let mut dom = q.root.clone();
    let mut s = Ordered {
        q: &q,
        prop: Propagator::new(&q),
        order,
        prefs,
        nodes: 0,
        budget,
        spare: Vec::new(),
    };
    if !s.prop.all(&mut dom) {
        return Answer::Unsat;
    }
    s.node(dom, 0).into()
}

impl Ordered<'_, '_> {
    /// The first solution below `dom`, where the unknowns before position
    /// `k` of the order have one value each.
    /// Visits `dom`, then keeps its storage for a later child.
    fn node(&mut self, dom: Vec<u64>, k: usize) -> Step {
        let step = self.visit(&dom, k);
        self.spare.push(dom);
        step
    }

    fn visit(&mut self, dom: &[u64], mut k: usize) -> Step {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::GaveUp;
        }
        while k < self.order.len() && dom[self.order[k]].count_ones() == 1 {
            k += 1;
        }
        if k == self.order.len() {
            return judge(self.q, dom);
        }
        let x = self.order[k];
        for &v in &self.prefs[k] {
            let Some(bit) = self.q.base.bit(x, v).filter(|b| dom[x] & b != 0) else {
                continue;
            };
            let mut child = self.spare.pop().unwrap_or_default();
            child.clear();
            child.extend_from_slice(dom);
            child[x] = bit;
            if !self.prop.after(x, &mut child) {
                self.spare.push(child);
                continue;
            }
            match self.node(child, k + 1) {
                Step::Exhausted => {}
                other => return other,
            }
        }
        Step::Exhausted
    }
}
