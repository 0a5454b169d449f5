//! Sequences read by an automaton (`regular(xs, transitions, start,
//! accepting)`): a deterministic finite automaton over integer symbols reads
//! the values of a sequence of unknowns, one transition per value; the
//! sequence is accepted when the automaton ends in an accepting state.
//!
//! The encoding is the one `runs` uses (src/sat/runs.rs), for any
//! automaton: after each cell, one literal per state, the disjunction of
//! (state before ∧ cell value) over the transitions into it. The automaton
//! is deterministic and each cell takes exactly one value, so exactly one
//! state literal is true after each cell and the disjunction of the
//! accepting ones at the end is **equivalent** to the constraint: it may be
//! negated, counted or be a clue. States that cannot be reached from the
//! start, or from which no accepting state can be reached in the cells left,
//! are constant false: a sequence of `n` cells costs at most `n · t` gates
//! for `t` transitions.

use super::backend::{Lit, SatError};
use super::model::Model;
use std::collections::{BTreeMap, BTreeSet};

/// The most `cells × transitions` a `regular` constraint may encode.
pub const MAX_REGULAR_SIZE: usize = 1_000_000;

/// A deterministic finite automaton over integer symbols and states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    /// The state before the first symbol.
    pub start: i64,
    /// The states a whole word must end in.
    pub accepting: BTreeSet<i64>,
    /// `(state, symbol) → state`; a missing pair rejects the word.
    pub transitions: BTreeMap<(i64, i64), i64>,
}

impl Automaton {
    /// An automaton from `(from, symbol, to)` triples; two triples with the
    /// same `(from, symbol)` and different targets make it nondeterministic,
    /// which is an error naming them.
    pub fn new(
        start: i64,
        accepting: BTreeSet<i64>,
        triples: &[(i64, i64, i64)],
    ) -> Result<Automaton, String> {
        let mut transitions = BTreeMap::new();
        for &(from, symbol, to) in triples {
            if let Some(&other) = transitions.get(&(from, symbol)) {
                if other != to {
                    return Err(format!(
                        "state {from} on symbol {symbol} goes to both {other} and {to}; an automaton for `regular` has one transition per state and symbol"
                    ));
                }
            }
            transitions.insert((from, symbol), to);
        }
        Ok(Automaton {
            start,
            accepting,
            transitions,
        })
    }

    /// Whether the automaton accepts `word` (the plain check).
    pub fn accepts(&self, word: &[i64]) -> bool {
        let mut state = self.start;
        for symbol in word {
            match self.transitions.get(&(state, *symbol)) {
                Some(&next) => state = next,
                None => return false,
            }
        }
        self.accepting.contains(&state)
    }

    /// The symbols of its transitions, in order.
    pub fn alphabet(&self) -> BTreeSet<i64> {
        self.transitions.keys().map(|&(_, s)| s).collect()
    }

    /// For each position `0..=n`, the states from which an accepting state
    /// is reached by reading the `n − position` symbols left.
    fn can_finish(&self, n: usize) -> Vec<BTreeSet<i64>> {
        let mut out = vec![BTreeSet::new(); n + 1];
        out[n] = self.accepting.clone();
        for i in (0..n).rev() {
            let after = &out[i + 1];
            let here: BTreeSet<i64> = self
                .transitions
                .iter()
                .filter(|(_, to)| after.contains(to))
                .map(|(&(from, _), _)| from)
                .collect();
            out[i] = here;
        }
        out
    }
}

impl Model {
    /// A literal equivalent to "the automaton accepts the cells' values":
    /// `cells[i]` lists, for the symbols cell `i` may take, the literal of
    /// "cell `i` takes this symbol" (at most one true per cell; a value of
    /// no listed symbol is read as no transition).
    pub fn regular(
        &mut self,
        cells: &[BTreeMap<i64, Lit>],
        automaton: &Automaton,
    ) -> Result<Lit, SatError> {
        let size = cells.len().saturating_mul(automaton.transitions.len());
        if size > MAX_REGULAR_SIZE {
            return Err(SatError::InvalidArgument(format!(
                "`regular` over {} cells and {} transitions is {size} gates, more than the {MAX_REGULAR_SIZE} it may encode",
                cells.len(),
                automaton.transitions.len()
            )));
        }
        let finish = automaton.can_finish(cells.len());
        // The live states after the cells so far, each with its literal.
        let mut state: BTreeMap<i64, Lit> = BTreeMap::new();
        if finish[0].contains(&automaton.start) {
            state.insert(automaton.start, self.const_lit(true));
        }
        for (i, symbols) in cells.iter().enumerate() {
            let mut ways: BTreeMap<i64, Vec<Lit>> = BTreeMap::new();
            for (&(from, symbol), &to) in &automaton.transitions {
                let (Some(&before), Some(&read)) = (state.get(&from), symbols.get(&symbol)) else {
                    continue;
                };
                if finish[i + 1].contains(&to) {
                    ways.entry(to).or_default().push(self.and(&[before, read])?);
                }
            }
            state = BTreeMap::new();
            for (to, lits) in ways {
                state.insert(to, self.or(&lits)?);
            }
        }
        let accepted: Vec<Lit> = state
            .iter()
            .filter(|(q, _)| automaton.accepting.contains(q))
            .map(|(_, &l)| l)
            .collect();
        if accepted.is_empty() {
            return Ok(self.false_lit());
        }
        self.or(&accepted)
    }
}
