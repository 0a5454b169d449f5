//! What propagation alone proves about every solution of a question.
//!
//! Propagation removes only values that no solution takes, so an unknown
//! left with one value after propagation has that value in every solution,
//! and a condition that evaluates to true on such values alone holds in
//! every solution: it is implied, and the question "the conditions and its
//! negation" has no solution. `reveal` asks that question of most
//! candidates it skips, and a candidate implied this way needs no search
//! and no SAT call; the verdict is the one a solver gives.
//!
//! Conditions only join (`reveal` adds clues), so the domains before a
//! condition joins are a sound start after it: [`Propagation::add`]
//! propagates the new condition and what it shrinks, nothing else.

use super::net::{Base, Question};
use super::propagate::Propagator;
use crate::eval::sym::BoolTerm;

/// The domains propagation leaves under the rules and the conditions added
/// so far, without search.
pub struct Propagation<'a> {
    q: Question<'a>,
    dom: Vec<u64>,
    /// The value of each unknown with one value left (else 0).
    values: Vec<i64>,
    /// Propagation found no solution (conditions a solution meets never
    /// lead here).
    failed: bool,
}

impl<'a> Propagation<'a> {
    /// The propagation of the rules of `base` alone.
    pub fn new(base: &'a Base) -> Propagation<'a> {
        let mut q = Question::new(base);
        q.seal();
        let mut dom = q.root.clone();
        let failed = q.empty || !Propagator::new(&q).all(&mut dom);
        let mut p = Propagation {
            q,
            dom,
            values: vec![0; base.len()],
            failed,
        };
        p.read_values();
        p
    }

    /// Adds a condition and propagates what it changes.
    pub fn add(&mut self, t: &'a BoolTerm) {
        if self.failed {
            return;
        }
        let first = self.q.extra.props.len();
        self.q.condition(t);
        self.q.seal_from(first);
        let mut shrunk = Vec::new();
        for (x, d) in self.dom.iter_mut().enumerate() {
            let nd = *d & self.q.root[x];
            if nd != *d {
                *d = nd;
                shrunk.push(x);
            }
        }
        let from = self.q.base.rules.props.len() + first;
        self.failed = self.q.empty
            || self.dom.contains(&0)
            || !Propagator::new(&self.q).resume(from, &shrunk, &mut self.dom);
        self.read_values();
    }

    fn read_values(&mut self) {
        for (x, d) in self.dom.iter().enumerate() {
            if d.count_ones() == 1 {
                self.values[x] = self.q.base.value(x, d.trailing_zeros());
            }
        }
    }

    /// Whether every unknown has one value left.
    pub fn all_fixed(&self) -> bool {
        !self.failed && self.dom.iter().all(|d| d.count_ones() == 1)
    }

    /// Whether `t` holds in every solution because the unknowns it mentions
    /// are all fixed and it evaluates to true on them (`false` means only
    /// that propagation does not show it).
    pub fn entails(&self, t: &BoolTerm) -> bool {
        if self.failed {
            return false;
        }
        let mut vars = Vec::new();
        t.vars_into(&mut vars);
        vars.iter()
            .all(|&x| self.dom.get(x).is_some_and(|d| d.count_ones() == 1))
            && t.eval(&self.values) == Some(true)
    }
}
