//! An incremental unit-propagation front end in front of any backend.
//!
//! Generation asks many small questions of one solver, and consecutive
//! questions share most of their assumptions (an oracle walk adds one value
//! at a time; a dig drops one clue at a time). A CDCL solver starts every
//! solve from scratch: it re-propagates all assumptions and rebuilds its
//! decision heap. [`Propagating`] keeps its own trail of unit propagation
//! over the original clauses, one level per assumption, and on the next solve
//! backtracks only to the first assumption that changed. Above the
//! assumptions it runs a small chronological search without learning
//! (decisions follow the last model found, true literals first) with a
//! budget of `SEARCH_CONFLICTS` conflicts:
//!
//! - a conflict that no decision explains means the clauses and
//!   assumptions are unsatisfiable;
//! - a conflict-free fixpoint that assigns every variable occurring in a
//!   clause is a model (each clause keeps two watched literals, and a clause
//!   whose last watched literal turns false is always visited).
//!
//! Otherwise the inner backend solves as before; it receives the clauses
//! only when first asked. When the search gives up often on a model, the
//! front end steps aside for the rest of that model, and after a run of
//! such models on one thread, new models start stepped aside (every
//! `PROBE_EVERY`-th tries again).
//!
//! Every answer is an exact verdict, so a generator that follows verdicts
//! only produces the same records with or without this layer (checked by
//! `tests/suite/sat_propagate.rs`). Propagation may miss some implications of
//! clauses added while assumptions are in force; that only means fewer
//! questions are settled here, never a wrong answer.

use super::backend::{BackendCtor, Lit, SatBackend, SatError, Var};

mod shared;
pub(crate) use shared::prototype;

/// Whether models are built over a propagating front end (see
/// [`set_propagation`]).
static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the propagating front end on or off for models created later in
/// this process. Records do not depend on it; tests use it to show that.
#[doc(hidden)]
pub fn set_propagation(on: bool) {
    ENABLED.store(on, std::sync::atomic::Ordering::Relaxed);
}

thread_local! {
    /// How many models in a row on this thread ended with the front end
    /// stepped aside, and how many models this thread has created. After a
    /// run of such models (attempts of one hard spec), new models start
    /// stepped aside too, except every [`PROBE_EVERY`]th, which tries again.
    static STEPPED_ASIDE: std::cell::Cell<(u32, u32)> = const { std::cell::Cell::new((0, 0)) };
}

/// See [`STEPPED_ASIDE`].
const PROBE_EVERY: u32 = 16;

/// Whether models are built over the front end (see [`set_propagation`]).
pub fn propagation() -> bool {
    ENABLED.load(std::sync::atomic::Ordering::Relaxed)
}

/// A backend made by `ctor`, behind the front end unless it has been
/// turned off.
pub(crate) fn wrap(ctor: BackendCtor) -> Box<dyn SatBackend> {
    if ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
        let mut front = Propagating::new(ctor());
        front.ctor = Some(ctor);
        Box::new(front)
    } else {
        ctor()
    }
}

/// A watch on a clause, stored under one of its two watched literals and
/// visited when that literal turns false.
#[derive(Clone, Copy)]
struct Watch {
    /// Index into `clauses`, or `u32::MAX` for a binary clause.
    clause: u32,
    /// A literal of the clause: for a binary clause the other literal,
    /// otherwise any literal whose truth satisfies the clause.
    blocker: Lit,
}

const BINARY: u32 = u32::MAX;

/// Conflicts the front end's own search may meet before it hands a
/// question to the inner backend.
const SEARCH_CONFLICTS: usize = 30;

/// Give-ups of the own search after which (if they are more than a fifth
/// of its questions) the front end steps aside for good.
const BYPASS_AFTER: u32 = 3;

/// Unassigned, true, false (per variable).
const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// The value of `l` (unassigned, true or false) under per-variable `values`.
fn lit_value(values: &[u8], l: Lit) -> u8 {
    match values[l.var().index()] {
        UNSET => UNSET,
        v if (v == TRUE) == l.is_positive() => TRUE,
        _ => FALSE,
    }
}

/// The unit-propagation front end over an inner backend.
pub struct Propagating {
    inner: Box<dyn SatBackend>,
    /// How `inner` was made, when a fresh copy can be made for a fork.
    ctor: Option<BackendCtor>,
    /// Whether `inner` has the clauses: it gets them only when it first has
    /// to answer (many models never need it), rebuilt from the front end's
    /// own clause store, and from then on as they come.
    synced: bool,
    n_vars: usize,
    n_clauses: usize,
    scratch: Vec<Lit>,
    /// Questions the own search settled and gave up on. When it gives up
    /// often, the model is one for the inner solver (whose learnt clauses
    /// also speed up the questions that follow), and every later question
    /// goes straight to it.
    settled: u32,
    given_up: u32,
    bypass: bool,
    /// Clauses of three or more literals; the first two are watched.
    clauses: Vec<Box<[Lit]>>,
    /// Per literal code: the watches visited when that literal turns false.
    watches: Vec<Vec<Watch>>,
    values: Vec<u8>,
    occurs: Vec<bool>,
    trail: Vec<Lit>,
    /// Trail length at the start of level `i + 1` (level 0 has no entry).
    level_start: Vec<usize>,
    /// The assumption of each level above 0.
    assumed: Vec<Lit>,
    qhead: usize,
    /// The clauses alone are unsatisfiable.
    inconsistent: bool,
    /// The last solve was answered here, with this model if satisfiable.
    answered: bool,
    model: Vec<bool>,
    /// Per variable: its value in the last model found here (the phase a
    /// decision tries first).
    phase: Vec<bool>,
}

impl Propagating {
    /// A front end over `inner`, which must be empty.
    pub fn new(inner: Box<dyn SatBackend>) -> Propagating {
        let bypass = Self::count_model();
        Propagating::bare(inner, bypass)
    }

    /// Counts a new model of this thread; whether it starts stepped aside.
    fn count_model() -> bool {
        let (streak, created) = STEPPED_ASIDE.get();
        STEPPED_ASIDE.set((streak, created.wrapping_add(1)));
        streak >= 2 && created % PROBE_EVERY != 0
    }

    fn bare(inner: Box<dyn SatBackend>, bypass: bool) -> Propagating {
        Propagating {
            inner,
            ctor: None,
            synced: bypass,
            n_vars: 0,
            n_clauses: 0,
            scratch: Vec::new(),
            settled: 0,
            given_up: 0,
            bypass,
            clauses: Vec::new(),
            watches: Vec::new(),
            values: Vec::new(),
            occurs: Vec::new(),
            trail: Vec::new(),
            level_start: Vec::new(),
            assumed: Vec::new(),
            qhead: 0,
            inconsistent: false,
            answered: false,
            model: Vec::new(),
            phase: Vec::new(),
        }
    }

    /// Whether this front end can be copied: it can make a fresh inner
    /// backend, holds every clause, and has answered nothing.
    fn is_pristine(&self) -> bool {
        self.ctor.is_some()
            && !self.synced
            && !self.bypass
            && !self.answered
            && self.level_start.is_empty()
    }

    /// A copy over a fresh inner backend, counted as a new model of this
    /// thread, while this front end still holds every clause and has
    /// answered nothing.
    fn copy(&self) -> Option<Propagating> {
        let ctor = self.ctor?;
        if !self.is_pristine() {
            return None;
        }
        let mut fork = Propagating {
            inner: ctor(),
            ctor: Some(ctor),
            synced: false,
            n_vars: self.n_vars,
            n_clauses: self.n_clauses,
            scratch: Vec::new(),
            settled: 0,
            given_up: 0,
            bypass: false,
            clauses: self.clauses.clone(),
            watches: self.watches.clone(),
            values: self.values.clone(),
            occurs: self.occurs.clone(),
            trail: self.trail.clone(),
            level_start: Vec::new(),
            assumed: Vec::new(),
            qhead: self.qhead,
            inconsistent: self.inconsistent,
            answered: false,
            model: Vec::new(),
            phase: self.phase.clone(),
        };
        if Self::count_model() {
            // A model that starts stepped aside hands its clauses over now.
            fork.sync();
            fork.bypass = true;
        }
        Some(fork)
    }

    fn code(l: Lit) -> usize {
        l.var().index() * 2 + usize::from(!l.is_positive())
    }

    fn value(&self, l: Lit) -> u8 {
        lit_value(&self.values, l)
    }

    fn assign(&mut self, l: Lit) {
        let v = l.var().index();
        self.values[v] = if l.is_positive() { TRUE } else { FALSE };
        self.trail.push(l);
    }

    fn backtrack(&mut self, level: usize) {
        if level >= self.level_start.len() {
            return;
        }
        let start = self.level_start[level];
        for l in &self.trail[start..] {
            self.values[l.var().index()] = UNSET;
        }
        self.trail.truncate(start);
        self.qhead = start;
        self.level_start.truncate(level);
        self.assumed.truncate(level);
    }

    /// Propagates the trail to a fixpoint; `false` on a conflict.
    fn propagate(&mut self) -> bool {
        while self.qhead < self.trail.len() {
            let falsified = !self.trail[self.qhead];
            self.qhead += 1;
            let code = Self::code(falsified);
            let mut ws = std::mem::take(&mut self.watches[code]);
            let mut keep = 0;
            let mut i = 0;
            let mut ok = true;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                let b = self.value(w.blocker);
                if b == TRUE {
                    ws[keep] = w;
                    keep += 1;
                    continue;
                }
                if w.clause == BINARY {
                    ws[keep] = w;
                    keep += 1;
                    if b == FALSE {
                        ok = false;
                        break;
                    }
                    self.assign(w.blocker);
                    continue;
                }
                let c = w.clause as usize;
                let lits = &mut self.clauses[c];
                if lits[0] == falsified {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let first_value = lit_value(&self.values, first);
                if first_value == TRUE {
                    ws[keep] = Watch {
                        clause: w.clause,
                        blocker: first,
                    };
                    keep += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..lits.len() {
                    let l = lits[k];
                    if lit_value(&self.values, l) != FALSE {
                        lits.swap(1, k);
                        self.watches[Self::code(l)].push(Watch {
                            clause: w.clause,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[keep] = w;
                keep += 1;
                if first_value == FALSE {
                    ok = false;
                    break;
                }
                self.assign(first);
            }
            while i < ws.len() {
                ws[keep] = ws[i];
                keep += 1;
                i += 1;
            }
            ws.truncate(keep);
            // Watches pushed to this list while it was taken out (none: a
            // clause never moves a watch to the literal it is leaving).
            let added = std::mem::replace(&mut self.watches[code], ws);
            self.watches[code].extend(added);
            if !ok {
                self.qhead = self.trail.len();
                return false;
            }
        }
        true
    }

    fn mark_occurring(&mut self, l: Lit) {
        let v = l.var().index();
        self.occurs[v] = true;
    }

    fn watch(&mut self, lits: &[Lit]) {
        if lits.len() == 2 {
            self.watches[Self::code(lits[0])].push(Watch {
                clause: BINARY,
                blocker: lits[1],
            });
            self.watches[Self::code(lits[1])].push(Watch {
                clause: BINARY,
                blocker: lits[0],
            });
            return;
        }
        let c = self.clauses.len() as u32;
        self.watches[Self::code(lits[0])].push(Watch {
            clause: c,
            blocker: lits[1],
        });
        self.watches[Self::code(lits[1])].push(Watch {
            clause: c,
            blocker: lits[0],
        });
        self.clauses.push(lits.into());
    }

    /// Moves the literals that are not false to the front; returns how many.
    fn order_non_false(&self, lits: &mut [Lit]) -> usize {
        let mut n = 0;
        for i in 0..lits.len() {
            if self.value(lits[i]) != FALSE {
                lits.swap(n, i);
                n += 1;
            }
        }
        n
    }

    /// Gives `inner` every variable and the clauses (as stored here: facts
    /// of level 0, binary and longer clauses); from then on it gets them as
    /// they come.
    fn sync(&mut self) {
        if self.synced {
            return;
        }
        self.synced = true;
        for _ in 0..self.n_vars {
            self.inner.new_var();
        }
        if self.inconsistent {
            self.inner.add_clause(&[]);
            return;
        }
        let facts = self
            .level_start
            .first()
            .copied()
            .unwrap_or(self.trail.len());
        for &l in &self.trail[..facts] {
            self.inner.add_clause(&[l]);
        }
        for (code, ws) in self.watches.iter().enumerate() {
            let a = Lit::new(Var((code / 2) as u32), code % 2 == 0);
            for w in ws {
                if w.clause == BINARY && code < Self::code(w.blocker) {
                    self.inner.add_clause(&[a, w.blocker]);
                }
            }
        }
        for c in &self.clauses {
            self.inner.add_clause(c);
        }
    }

    fn add(&mut self, lits: &[Lit]) {
        // The common case first: two distinct variables, neither false.
        if let [a, b] = *lits {
            if a.var() != b.var() {
                self.mark_occurring(a);
                self.mark_occurring(b);
                if self.inconsistent {
                    return;
                }
                if self.value(a) != FALSE && self.value(b) != FALSE {
                    self.watch(&[a, b]);
                    return;
                }
            }
        }
        let mut c = std::mem::take(&mut self.scratch);
        c.clear();
        for &l in lits {
            if c.contains(&!l) {
                self.scratch = c;
                return; // a tautology
            }
            if !c.contains(&l) {
                c.push(l);
            }
        }
        for &l in &c {
            self.mark_occurring(l);
        }
        if self.inconsistent {
            self.scratch = c;
            return;
        }
        let mut non_false = self.order_non_false(&mut c);
        if non_false == 0 || c.len() == 1 {
            // Settle it at level 0.
            self.backtrack(0);
            non_false = self.order_non_false(&mut c);
        }
        match (non_false, c.len()) {
            (0, _) => self.inconsistent = true,
            (_, 1) => {
                if self.value(c[0]) == UNSET {
                    self.assign(c[0]);
                    if !self.propagate() {
                        self.inconsistent = true;
                    }
                }
            }
            (1, _) if self.level_start.is_empty() => {
                let unit = self.value(c[0]) == UNSET;
                let first = c[0];
                self.watch(&c);
                if unit {
                    self.assign(first);
                    if !self.propagate() {
                        self.inconsistent = true;
                    }
                }
            }
            // Above level 0 a clause with one literal not false is watched
            // on it and a false one: sound, and settled when that literal
            // is assigned.
            _ => self.watch(&c),
        }
        self.scratch = c;
    }

    /// A small chronological search (no learning) above the assumption
    /// levels: decisions follow the last model's values. `Some(verdict)`
    /// when it finishes within [`SEARCH_CONFLICTS`] conflicts (a model is
    /// kept in `model`), `None` to hand the question to the inner backend.
    fn search(&mut self) -> Option<bool> {
        let base = self.level_start.len();
        let mut decisions: Vec<(Lit, bool)> = Vec::new();
        let mut conflicts = 0usize;
        // Two passes over the variables: first those true in the last
        // model (a true literal usually implies many), then the rest.
        let mut cursor = 0usize;
        let mut pass = 0;
        loop {
            // The next unassigned variable that occurs in a clause.
            while cursor < self.values.len()
                && (self.values[cursor] != UNSET
                    || !self.occurs[cursor]
                    || (pass == 0 && !self.phase[cursor]))
            {
                cursor += 1;
            }
            if cursor == self.values.len() && pass == 0 {
                pass = 1;
                cursor = 0;
                continue;
            }
            if cursor == self.values.len() {
                self.model = self.values.iter().map(|&v| v == TRUE).collect();
                self.phase.clone_from(&self.model);
                self.backtrack(base);
                return Some(true);
            }
            let lit = Lit::new(Var(cursor as u32), self.phase[cursor]);
            self.level_start.push(self.trail.len());
            self.assign(lit);
            decisions.push((lit, false));
            while !self.propagate() {
                conflicts += 1;
                if conflicts > SEARCH_CONFLICTS {
                    self.backtrack(base);
                    return None;
                }
                // Flip the last decision not yet flipped.
                while decisions.last().is_some_and(|d| d.1) {
                    decisions.pop();
                }
                let Some((d, _)) = decisions.pop() else {
                    self.backtrack(base);
                    return Some(false);
                };
                self.backtrack(base + decisions.len());
                self.level_start.push(self.trail.len());
                self.assign(!d);
                decisions.push((!d, true));
                cursor = 0;
                pass = 0;
            }
        }
    }
}

impl Drop for Propagating {
    fn drop(&mut self) {
        let (streak, created) = STEPPED_ASIDE.get();
        let streak = if self.bypass {
            streak.saturating_add(1)
        } else if self.settled > 0 {
            0
        } else {
            streak
        };
        STEPPED_ASIDE.set((streak, created));
    }
}

impl SatBackend for Propagating {
    fn new_var(&mut self) -> Var {
        let v = Var(self.n_vars as u32);
        self.n_vars += 1;
        if self.synced {
            self.inner.new_var();
        }
        self.values.push(UNSET);
        self.phase.push(false);
        self.occurs.push(false);
        self.watches.push(Vec::new());
        self.watches.push(Vec::new());
        v
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.n_clauses += 1;
        if self.synced {
            self.inner.add_clause(lits);
        }
        if !self.bypass {
            self.add(lits);
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError> {
        if self.bypass {
            self.answered = false;
            self.sync();
            return self.inner.solve(assumptions);
        }
        self.answered = true;
        if self.inconsistent {
            return Ok(false);
        }
        let shared = self
            .assumed
            .iter()
            .zip(assumptions)
            .take_while(|(a, b)| a == b)
            .count();
        self.backtrack(shared);
        for (i, &l) in assumptions.iter().enumerate().skip(shared) {
            self.level_start.push(self.trail.len());
            self.assumed.push(l);
            match self.value(l) {
                TRUE => {}
                FALSE => {
                    self.backtrack(i);
                    return Ok(false);
                }
                _ => {
                    self.assign(l);
                    if !self.propagate() {
                        self.backtrack(i);
                        return Ok(false);
                    }
                }
            }
        }
        let verdict = self.search();
        if verdict.is_some() {
            self.settled += 1;
        } else {
            self.given_up += 1;
            if self.given_up >= BYPASS_AFTER && self.given_up * 4 > self.settled {
                // The store stops growing: hand it over now.
                self.sync();
                self.bypass = true;
            }
        }
        match verdict {
            Some(sat) => Ok(sat),
            None => {
                self.answered = false;
                self.sync();
                self.inner.solve(assumptions)
            }
        }
    }

    fn value(&self, var: Var) -> Option<bool> {
        if self.answered {
            self.model.get(var.index()).copied()
        } else {
            self.inner.value(var)
        }
    }

    fn num_vars(&self) -> usize {
        self.n_vars
    }

    fn num_clauses(&self) -> usize {
        self.n_clauses
    }
}
