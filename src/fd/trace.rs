//! Deduction traces: propagation from the stated givens, recording which
//! constraint fixed which unknown, in order, until every unknown has one
//! value or propagation stalls (a branch would be needed).
//!
//! The trace uses the engine's propagators ([`super::propagate`]) over a
//! network of its own, lowered term by term so that every constraint knows
//! the rule instance or clue it came from; the search's network and its
//! propagation queue are not touched. Propagation runs in *passes*: a pass
//! revises every constraint once, in the order of the terms (rules, then
//! clues), each seeing what the ones before it removed; passes repeat until
//! one removes nothing. A pass that removes a value shrinks a domain, so
//! there are at most as many passes as values in all domains. Every step
//! is a value no solution avoids (propagation only removes values no
//! solution takes), and the order of the steps depends only on the terms.

use super::net::{full, lower, restrict, Base, Prop, Props, Question};
use super::propagate::{distinct, Narrowing, Propagator};
use crate::eval::sym::BoolTerm;

/// Why a constraint fixed an unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// All-different: the other members' values leave this one value.
    Single,
    /// All-different: the value has no other place among the members.
    Hidden,
    /// A linear sum or count: its bounds leave one value.
    Bounds,
    /// The constraint's other unknowns are fixed; one value makes it hold.
    Last,
}

impl Reason {
    /// The reason's name in a trace: `single`, `hidden`, `bounds`, `last`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Single => "single",
            Reason::Hidden => "hidden",
            Reason::Bounds => "bounds",
            Reason::Last => "last",
        }
    }
}

/// One forced value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deduction {
    /// The term (index into the terms traced) whose constraint forced it.
    pub term: usize,
    /// The unknown.
    pub var: usize,
    /// Its value.
    pub value: i64,
    /// How the constraint forced it.
    pub reason: Reason,
    /// The pass, counting only passes that fixed an unknown (1 for the
    /// first).
    pub round: u32,
}

/// The deductions propagation makes from the givens.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    /// Unknowns with one value before propagation (fixed by clues or rules
    /// over that unknown alone, or by their domain), ascending, with it.
    pub givens: Vec<(usize, i64)>,
    /// The forced values, in the order they were found.
    pub steps: Vec<Deduction>,
    /// Unknowns left with several values, ascending, with those values.
    pub open: Vec<(usize, Vec<i64>)>,
    /// The number of passes that fixed an unknown.
    pub rounds: u32,
    /// Whether every unknown ends with one value.
    pub solved: bool,
    /// Whether propagation found the terms contradictory.
    pub contradiction: bool,
}

/// Traces propagation of `terms` over unknowns with `domains` (ascending),
/// or `None` when a domain has more than 64 values.
pub fn trace(domains: &[Vec<i64>], terms: &[&BoolTerm]) -> Option<Trace> {
    if domains.iter().any(|d| d.len() > super::net::MAX_DOMAIN) {
        return None;
    }
    let mut root: Vec<u64> = domains.iter().map(|d| full(d.len())).collect();
    let mut props = Props::default();
    let mut origin = Vec::new();
    let mut empty = false;
    for (i, t) in terms.iter().enumerate() {
        match restrict(domains, &mut root, t) {
            Some(ok) => empty |= !ok,
            None => {
                lower(domains, t, &mut props);
                origin.resize(props.props.len(), i);
            }
        }
    }
    empty |= props.props.iter().any(|p| matches!(p, Prop::False));
    let base = Base {
        domains: domains.to_vec(),
        root: root.clone(),
        watches: vec![Vec::new(); domains.len()],
        rules: props,
        terms: Vec::new(),
        empty,
    };
    let mut t = Trace {
        givens: singles(&base, &root),
        ..Trace::default()
    };
    let mut dom = root;
    t.contradiction = empty || !passes(&base, &origin, &mut dom, &mut t);
    t.open = (0..dom.len())
        .filter(|&x| dom[x].count_ones() > 1)
        .map(|x| (x, values(&base, x, dom[x])))
        .collect();
    t.solved = !t.contradiction && t.open.is_empty();
    Some(t)
}

/// Runs passes to the fixpoint, recording steps; `false` on a contradiction.
fn passes(base: &Base, origin: &[usize], dom: &mut [u64], t: &mut Trace) -> bool {
    let q = Question::new(base);
    let mut p = Propagator::new(&q);
    let mut old = Vec::new();
    let mut events = Vec::new();
    loop {
        let mut shrank = false;
        let round = t.rounds + 1;
        for (c, prop) in base.rules.props.iter().enumerate() {
            let scope = &base.rules.scopes[c];
            old.clear();
            old.extend(scope.iter().map(|&x| dom[x]));
            events.clear();
            let ok = match prop {
                Prop::Distinct(xs) => distinct(xs, dom, &mut |x, d, how| match how {
                    Narrowing::Hidden => events.push((x, Reason::Hidden)),
                    Narrowing::Taken if d & (d - 1) == 0 => events.push((x, Reason::Single)),
                    Narrowing::Taken => {}
                }),
                _ => p.revise_alone(c, dom),
            };
            if !ok {
                t.rounds = last_round(t, round);
                return false;
            }
            let fixed_before = |x: usize| {
                let i = scope.binary_search(&x).unwrap_or(0);
                old[i].count_ones() == 1
            };
            if !matches!(prop, Prop::Distinct(_)) {
                for (i, &x) in scope.iter().enumerate() {
                    if old[i].count_ones() > 1 && dom[x].count_ones() == 1 {
                        let others_fixed = scope.iter().all(|&y| y == x || fixed_before(y));
                        let reason = match prop {
                            Prop::Linear(..) if !others_fixed => Reason::Bounds,
                            Prop::DistinctValues(_) => Reason::Single,
                            _ => Reason::Last,
                        };
                        events.push((x, reason));
                    }
                }
            }
            shrank |= scope.iter().zip(&old).any(|(&x, &o)| dom[x] != o);
            for &(x, reason) in &events {
                t.steps.push(Deduction {
                    term: origin[c],
                    var: x,
                    value: base.value(x, dom[x].trailing_zeros()),
                    reason,
                    round,
                });
            }
        }
        t.rounds = last_round(t, round);
        if !shrank {
            return true;
        }
    }
}

/// `round` if the pass of that number fixed an unknown, else the rounds so
/// far.
fn last_round(t: &Trace, round: u32) -> u32 {
    match t.steps.last() {
        Some(s) if s.round == round => round,
        _ => t.rounds,
    }
}

/// The unknowns with one value in `dom`, with it.
fn singles(base: &Base, dom: &[u64]) -> Vec<(usize, i64)> {
    (0..dom.len())
        .filter(|&x| dom[x].count_ones() == 1)
        .map(|x| (x, base.value(x, dom[x].trailing_zeros())))
        .collect()
}

/// The values of mask `d` of unknown `x`, ascending.
fn values(base: &Base, x: usize, d: u64) -> Vec<i64> {
    (0..64)
        .filter(|i| d & (1u64 << i) != 0)
        .map(|i| base.value(x, i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sym::IntTerm;
    use crate::sat::CmpOp;

    /// A tiny deterministic generator (the tests need no quality).
    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    fn random_terms(state: &mut u64, n: usize, d: i64) -> Vec<BoolTerm> {
        let mut terms = Vec::new();
        let mut pick = |m: u64| (next(state) % m) as usize;
        for _ in 0..1 + pick(5) {
            let a = IntTerm::var(pick(n as u64));
            let b = IntTerm::var(pick(n as u64));
            let c = IntTerm::var(pick(n as u64));
            let k = IntTerm::constant(1 + pick(d as u64) as i64);
            let t = match pick(5) {
                0 => BoolTerm::AllDiff(vec![a, b, c]),
                1 => BoolTerm::compare(&a.add_scaled(&b, 1).unwrap(), CmpOp::Le, &k).unwrap(),
                2 => BoolTerm::compare(&a, CmpOp::Lt, &b).unwrap(),
                3 => BoolTerm::or(vec![
                    BoolTerm::compare(&a, CmpOp::Eq, &k).unwrap(),
                    BoolTerm::compare(&b, CmpOp::Ne, &c).unwrap(),
                ]),
                _ => BoolTerm::compare(&a, CmpOp::Eq, &k).unwrap(),
            };
            terms.push(t);
        }
        terms
    }

    /// The domains the trace ends with, rebuilt from its record.
    fn ends(t: &Trace, domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new(); domains.len()];
        for &(x, v) in &t.givens {
            out[x] = vec![v];
        }
        for s in &t.steps {
            out[s.var] = vec![s.value];
        }
        for (x, vs) in &t.open {
            out[*x] = vs.clone();
        }
        out
    }

    #[test]
    fn the_trace_reaches_the_engines_fixpoint() {
        let mut state = 3u64;
        let mut compared = 0;
        for _ in 0..400 {
            let n = 3 + (next(&mut state) % 3) as usize;
            let d = 2 + (next(&mut state) % 3) as i64;
            let domains = vec![(1..=d).collect::<Vec<i64>>(); n];
            let terms = random_terms(&mut state, n, d);
            let refs: Vec<&BoolTerm> = terms.iter().collect();
            let t = trace(&domains, &refs).unwrap();
            // The engine's own propagation, with its queue.
            let base = Base::new(&domains, &terms).unwrap();
            let mut q = Question::new(&base);
            q.seal();
            let mut dom = q.root.clone();
            let ok = !q.empty && Propagator::new(&q).all(&mut dom);
            assert_eq!(t.contradiction, !ok, "{terms:?}");
            if ok {
                compared += 1;
                let engine: Vec<Vec<i64>> = (0..n).map(|x| values(&base, x, dom[x])).collect();
                assert_eq!(ends(&t, &domains), engine, "{terms:?}");
                assert_eq!(t.solved, dom.iter().all(|d| d.count_ones() == 1));
            }
        }
        assert!(compared > 100);
    }

    #[test]
    fn oversized_domains_are_refused() {
        let domains = vec![(0..65).collect::<Vec<i64>>()];
        assert!(trace(&domains, &[]).is_none());
    }
}
