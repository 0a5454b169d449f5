//! The search: depth first over propagated domains, with a node budget.
//!
//! A node propagates, then branches on the open unknown with the fewest
//! values (the lowest id among equals), one child per value, ascending
//! (with a solution to avoid, that solution's value comes last, so a
//! different solution tends to be met first). A node where every unknown
//! has one value is a candidate solution; it counts only once every rule
//! and condition evaluates to true on it and it is not the one avoided.

use super::net::Question;
use super::propagate::Propagator;

/// The engine's answer to a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A solution (checked on every rule and condition).
    Sat(Vec<i64>),
    /// No solution: the search covered every branch.
    Unsat,
    /// The engine cannot tell (the budget ran out, or a condition could
    /// not be evaluated on a candidate solution).
    Unknown,
}

/// What one node of a search found.
pub(super) enum Step {
    /// A solution.
    Found(Vec<i64>),
    /// No solution below it.
    Exhausted,
    /// The budget ran out, or a candidate could not be evaluated.
    GaveUp,
}

struct Search<'q, 'a> {
    q: &'q Question<'a>,
    prop: Propagator<'q, 'a>,
    nodes: u64,
    budget: u64,
    /// Storage of finished nodes' domains, reused for new children.
    spare: Vec<Vec<u64>>,
}

impl From<Step> for Answer {
    /// The answer of the search's root node.
    fn from(step: Step) -> Answer {
        match step {
            Step::Found(m) => Answer::Sat(m),
            Step::Exhausted => Answer::Unsat,
            Step::GaveUp => Answer::Unknown,
        }
    }
}

/// Answers `q`, visiting at most `budget` search nodes.
pub fn solve(mut q: Question<'_>, budget: u64) -> Answer {
    if q.empty {
        return Answer::Unsat;
    }
    q.seal();
    let mut dom = q.root.clone();
    let mut s = Search {
        q: &q,
        prop: Propagator::new(&q),
        nodes: 0,
        budget,
        spare: Vec::new(),
    };
    if !s.prop.all(&mut dom) {
        return Answer::Unsat;
    }
    s.node(dom).into()
}

impl Search<'_, '_> {
    /// Visits `dom`, then keeps its storage for a later child.
    fn node(&mut self, dom: Vec<u64>) -> Step {
        let step = self.visit(&dom);
        self.spare.push(dom);
        step
    }

    fn visit(&mut self, dom: &[u64]) -> Step {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::GaveUp;
        }
        let mut best: Option<(u32, usize)> = None;
        for (x, d) in dom.iter().enumerate() {
            let n = d.count_ones();
            if n > 1 && best.is_none_or(|(m, _)| n < m) {
                best = Some((n, x));
                if n == 2 {
                    break;
                }
            }
        }
        let Some((_, x)) = best else {
            return self.leaf(dom);
        };
        let mut bits = dom[x];
        let last = self
            .q
            .avoid
            .and_then(|s| self.q.base.bit(x, s[x]))
            .filter(|b| bits & b != 0);
        if let Some(b) = last {
            bits &= !b;
        }
        let children = std::iter::from_fn(|| {
            (bits != 0).then(|| {
                let b = bits & bits.wrapping_neg();
                bits &= !b;
                b
            })
        })
        .chain(last);
        for bit in children {
            let mut child = self.spare.pop().unwrap_or_default();
            child.clear();
            child.extend_from_slice(dom);
            child[x] = bit;
            if !self.prop.after(x, &mut child) {
                self.spare.push(child);
                continue;
            }
            match self.node(child) {
                Step::Exhausted => {}
                other => return other,
            }
        }
        Step::Exhausted
    }

    fn leaf(&self, dom: &[u64]) -> Step {
        judge(self.q, dom)
    }
}

/// A node where every unknown has one value: a solution once every rule
/// and condition evaluates to true on it and it is not the one avoided.
pub(super) fn judge(q: &Question<'_>, dom: &[u64]) -> Step {
    let b = q.base;
    let values: Vec<i64> = dom
        .iter()
        .enumerate()
        .map(|(x, d)| b.value(x, d.trailing_zeros()))
        .collect();
    if q.avoid == Some(values.as_slice()) {
        return Step::Exhausted;
    }
    match q.verify(&values) {
        Some(true) => Step::Found(values),
        Some(false) => Step::Exhausted,
        None => Step::GaveUp,
    }
}
