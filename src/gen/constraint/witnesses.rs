//! The models a `reveal` knows, kept as *differences* from the hidden
//! solution: each is a set of (unknown, value) changes after which every
//! rule and every clue in force still holds.
//!
//! A model that violates a candidate proves the candidate informative; one
//! that differs from the hidden solution (or in the asked value) proves the
//! clues not yet unique. Either skips a solve, and gives the verdict the
//! solve would, so records do not change.
//!
//! A model found by a solve is split into independent parts: its changed
//! unknowns are grouped so that no clue in force mentions two groups. Each
//! group applied alone to the hidden solution leaves every clue true (a clue
//! sees only its own group's changes, as in the model, or none), so it is a
//! model of its own when the rules that mention its unknowns hold too. Parts
//! outlive the model they came from: a new clue drops only the parts it does
//! not hold in, and a part far from it keeps proving the clues not unique
//! (minesweeper's reveal, whose solver models differ from the hidden layout
//! in several separate places, solved about a seventh as many uniqueness
//! questions: 3.9 per reveal instead of 27).

use super::rule_check::RuleCheck;
use crate::eval::sym::BoolTerm;
use crate::eval::Value;

/// How many parts are kept (the oldest is dropped first).
const KEPT: usize = 64;

/// A set of candidate positions.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Positions(Vec<u64>);

impl Positions {
    /// No position among `len`.
    fn none(len: usize) -> Self {
        Positions(vec![0; len.div_ceil(64)])
    }

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

/// The terms of a reveal: the rules, the clues in force when it began and
/// its candidate clues.
pub(super) struct Terms<'a> {
    pub rules: Vec<&'a BoolTerm>,
    /// `None` when some clue in force has no condition: models are then
    /// kept whole, never split.
    pub clues: Option<Vec<&'a BoolTerm>>,
    pub candidates: &'a [(Value, BoolTerm)],
}

/// The unknowns `term` mentions, ascending.
fn unknowns_of(term: &BoolTerm) -> Vec<usize> {
    let mut vars = Vec::new();
    term.vars_into(&mut vars);
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The unknowns each term of one kind mentions, and per unknown the terms
/// that mention it.
struct Occurrences {
    by_unknown: Vec<Vec<u32>>,
    by_term: Vec<Vec<usize>>,
}

impl Occurrences {
    fn of(unknowns: usize, terms: &[&BoolTerm]) -> Self {
        let mut by_unknown = vec![Vec::new(); unknowns];
        let by_term: Vec<Vec<usize>> = terms.iter().map(|t| unknowns_of(t)).collect();
        for (i, vars) in by_term.iter().enumerate() {
            for &v in vars {
                if let Some(o) = by_unknown.get_mut(v) {
                    o.push(i as u32);
                }
            }
        }
        Occurrences {
            by_unknown,
            by_term,
        }
    }

    fn at(&self, unknown: usize) -> &[u32] {
        self.by_unknown.get(unknown).map_or(&[], Vec::as_slice)
    }
}

/// Whether the ascending `unknowns` include an unknown of `changes`
/// (ascending by unknown).
fn meets(unknowns: &[usize], changes: &[(usize, i64)]) -> bool {
    let (mut a, mut b) = (unknowns.iter().peekable(), changes.iter().peekable());
    while let (Some(&&x), Some(&&(y, _))) = (a.peek(), b.peek()) {
        match x.cmp(&y) {
            std::cmp::Ordering::Less => {
                a.next();
            }
            std::cmp::Ordering::Greater => {
                b.next();
            }
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

/// Runs `f` on `scratch` (the hidden solution `solution`) with `changes`
/// applied, and leaves `scratch` as it was.
fn applied<T>(
    scratch: &mut [i64],
    solution: &[i64],
    changes: &[(usize, i64)],
    f: impl FnOnce(&[i64]) -> T,
) -> T {
    for &(u, v) in changes {
        scratch[u] = v;
    }
    let out = f(scratch);
    for &(u, _) in changes {
        scratch[u] = solution[u];
    }
    out
}

/// One known model: the hidden solution with `changes` (ascending by
/// unknown). Candidates are evaluated in it when first asked about.
struct Part {
    changes: Vec<(usize, i64)>,
    /// The candidates evaluated so far.
    evaluated: Positions,
    /// The candidates it makes false.
    violates: Positions,
    /// The candidates it does not make true (false, or the evaluation could
    /// not tell): a clue among them drops it.
    breaks: Positions,
    /// Whether it shows the clues in force not unique.
    counterexample: bool,
}

impl Part {
    /// Evaluates candidate `i` (`term`, which mentions `unknowns`) in this
    /// model, once. A candidate that mentions no changed unknown holds, as
    /// in the hidden solution. `scratch` is the hidden solution and is left
    /// so.
    fn settle(
        &mut self,
        i: usize,
        term: &BoolTerm,
        unknowns: &[usize],
        scratch: &mut [i64],
        solution: &[i64],
    ) {
        if self.evaluated.contains(i) {
            return;
        }
        self.evaluated.insert(i);
        if !meets(unknowns, &self.changes) {
            return;
        }
        match applied(scratch, solution, &self.changes, |m| term.eval(m)) {
            Some(true) => {}
            Some(false) => {
                self.violates.insert(i);
                self.breaks.insert(i);
            }
            None => self.breaks.insert(i),
        }
    }
}

/// The known models of one reveal, over its candidate clues.
pub(super) struct Witnesses<'a, F> {
    terms: Terms<'a>,
    is_counterexample: F,
    solution: &'a [i64],
    /// The hidden solution, with a part's changes applied while it is
    /// evaluated.
    scratch: Vec<i64>,
    rules: RuleCheck<'a>,
    clue_occ: Occurrences,
    /// Per candidate, the unknowns it mentions, once asked.
    candidate_unknowns: Vec<Option<Vec<usize>>>,
    /// The candidates added as clues so far.
    chosen: Vec<usize>,
    known: Vec<Part>,
}

impl<'a, F: Fn(&[i64]) -> bool> Witnesses<'a, F> {
    /// The models of `models` (each satisfying the rules and the clues in
    /// force) as parts; `is_counterexample` tells whether a model shows the
    /// clues not unique.
    pub(super) fn new(
        terms: Terms<'a>,
        solution: &'a [i64],
        is_counterexample: F,
        models: Vec<Vec<i64>>,
    ) -> Self {
        let n = solution.len();
        let mut witnesses = Witnesses {
            rules: RuleCheck::new(terms.rules.clone(), solution),
            clue_occ: Occurrences::of(n, terms.clues.as_deref().unwrap_or(&[])),
            candidate_unknowns: vec![None; terms.candidates.len()],
            chosen: Vec::new(),
            terms,
            is_counterexample,
            solution,
            scratch: solution.to_vec(),
            known: Vec::new(),
        };
        for m in models {
            witnesses.remember(Some(m));
        }
        witnesses
    }

    /// Keeps `model` (a model of the rules and the clues in force), if any,
    /// split into its independent parts.
    pub(super) fn remember(&mut self, model: Option<Vec<i64>>) {
        let Some(model) = model else { return };
        let changes: Vec<(usize, i64)> = model
            .iter()
            .enumerate()
            .filter(|&(u, &v)| self.solution.get(u) != Some(&v))
            .map(|(u, &v)| (u, v))
            .collect();
        if changes.is_empty() {
            return;
        }
        if self.terms.clues.is_none() {
            self.keep(changes);
            return;
        }
        let groups = self.groups(&changes);
        if groups.len() == 1 {
            self.keep(changes);
            return;
        }
        // Parts whose rules hold alone; the others together (the model
        // without the parts kept), or else the whole model.
        let mut rest = Vec::new();
        for g in groups {
            if self.rules_hold(&g) {
                self.keep(g);
            } else {
                rest.extend(g);
            }
        }
        if !rest.is_empty() {
            rest.sort_unstable();
            if self.rules_hold(&rest) {
                self.keep(rest);
            } else {
                self.keep(changes);
            }
        }
    }

    /// The changes grouped so that no clue in force mentions unknowns of two
    /// groups (a union-find over the changed unknowns), each ascending.
    fn groups(&self, changes: &[(usize, i64)]) -> Vec<Vec<(usize, i64)>> {
        let mut parent: Vec<usize> = (0..changes.len()).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let mut join = |unknowns: &[usize]| {
            let mut first = None;
            for &v in unknowns {
                if let Ok(j) = changes.binary_search_by_key(&v, |c| c.0) {
                    let r = root(&mut parent, j);
                    match first {
                        None => first = Some(r),
                        Some(f) if f != r => parent[r] = f,
                        Some(_) => {}
                    }
                }
            }
        };
        let mut seen = Positions::none(self.clue_occ.by_term.len());
        for &(u, _) in changes {
            for &t in self.clue_occ.at(u) {
                if !seen.contains(t as usize) {
                    seen.insert(t as usize);
                    join(&self.clue_occ.by_term[t as usize]);
                }
            }
        }
        for &i in &self.chosen {
            if let Some(unknowns) = &self.candidate_unknowns[i] {
                join(unknowns);
            }
        }
        let mut groups: Vec<Vec<(usize, i64)>> = Vec::new();
        let mut slot = vec![usize::MAX; changes.len()];
        for (j, &change) in changes.iter().enumerate() {
            let r = root(&mut parent, j);
            if slot[r] == usize::MAX {
                slot[r] = groups.len();
                groups.push(Vec::new());
            }
            groups[slot[r]].push(change);
        }
        groups
    }

    /// Whether every rule holds with `changes` applied.
    fn rules_hold(&mut self, changes: &[(usize, i64)]) -> bool {
        let rules = &self.rules;
        applied(&mut self.scratch, self.solution, changes, |m| {
            rules.holds(m, changes)
        })
    }

    /// Keeps the part `changes` (a model of the rules and clues in force).
    fn keep(&mut self, changes: Vec<(usize, i64)>) {
        if self.known.len() >= KEPT {
            self.known.remove(0);
        }
        let is_counterexample = &self.is_counterexample;
        let counterexample = applied(&mut self.scratch, self.solution, &changes, |m| {
            is_counterexample(m)
        });
        let none = Positions::none(self.terms.candidates.len());
        self.known.push(Part {
            changes,
            evaluated: none.clone(),
            violates: none.clone(),
            breaks: none,
            counterexample,
        });
    }

    /// Evaluates candidate `i` in every known model not yet asked about it.
    fn settle(&mut self, i: usize) {
        let term = &self.terms.candidates[i].1;
        let unknowns = self.candidate_unknowns[i].get_or_insert_with(|| unknowns_of(term));
        for part in &mut self.known {
            part.settle(i, term, unknowns, &mut self.scratch, self.solution);
        }
    }

    /// Whether a known model shows the clues in force not unique.
    pub(super) fn any_counterexample(&self) -> bool {
        self.known.iter().any(|w| w.counterexample)
    }

    /// Whether a known model makes candidate `i` false (so the clues in
    /// force do not imply it).
    pub(super) fn any_violates(&mut self, i: usize) -> bool {
        let term = &self.terms.candidates[i].1;
        let unknowns = self.candidate_unknowns[i].get_or_insert_with(|| unknowns_of(term));
        self.known.iter_mut().any(|part| {
            part.settle(i, term, unknowns, &mut self.scratch, self.solution);
            part.violates.contains(i)
        })
    }

    /// Candidate `i` became a clue: only the models it holds in stay.
    pub(super) fn add_clue(&mut self, i: usize) {
        self.settle(i);
        self.chosen.push(i);
        self.known.retain(|w| !w.breaks.contains(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sym::IntTerm;
    use crate::sat::CmpOp;

    use crate::gen::constraint::tests::Rng as Gen;

    /// `Σ vars op k` with `k` such that it holds in `solution`.
    fn sum_holding(vars: &[usize], op: CmpOp, solution: &[i64]) -> BoolTerm {
        let mut t = IntTerm::constant(0);
        for &v in vars {
            t.terms.push((1, Atom::Var(v)));
        }
        let s = t.eval(solution).unwrap();
        t.constant = if op == CmpOp::Ge { -s + 1 } else { -s };
        BoolTerm::Cmp(t, op)
    }

    /// Every assignment over `n` unknowns with values `0..3`.
    fn assignments(n: usize) -> impl Iterator<Item = Vec<i64>> {
        (0..3u32.pow(n as u32)).map(move |mut k| {
            (0..n)
                .map(|_| {
                    let v = k % 3;
                    k /= 3;
                    v as i64
                })
                .collect()
        })
    }

    use crate::eval::sym::Atom;

    /// On random small problems (local clues and a global total), every
    /// part kept from a model is itself a model of the rules and clues,
    /// the models are split when clues leave their changes apart, and the
    /// answers about candidates are those of the parts.
    #[test]
    fn every_part_is_a_model() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let mut split = 0;
        for _ in 0..150 {
            let n = 4 + g.below_u64(4) as usize;
            let solution: Vec<i64> = (0..n).map(|_| g.below_u64(3) as i64).collect();
            let all: Vec<usize> = (0..n).collect();
            let op = if g.below_u64(2) == 0 {
                CmpOp::Eq
            } else {
                CmpOp::Le
            };
            let rules = [sum_holding(&all, op, &solution)];
            // Clues over neighbouring pairs, candidates over single unknowns
            // and pairs.
            let clues: Vec<BoolTerm> = (0..g.below_u64(3))
                .map(|_| {
                    let a = g.below_u64(n as u64 - 1) as usize;
                    sum_holding(&[a, a + 1], CmpOp::Eq, &solution)
                })
                .collect();
            let candidates: Vec<(Value, BoolTerm)> = (0..n)
                .map(|v| {
                    (
                        Value::Int(v as i64),
                        sum_holding(&[v], CmpOp::Eq, &solution),
                    )
                })
                .collect();
            let holds_all = |m: &[i64], extra: &[&BoolTerm]| {
                rules
                    .iter()
                    .chain(&clues)
                    .chain(extra.iter().copied())
                    .all(|t| t.eval(m) == Some(true))
            };
            let models: Vec<Vec<i64>> = assignments(n)
                .filter(|m| m != &solution && holds_all(m, &[]))
                .collect();
            let terms = Terms {
                rules: rules.iter().collect(),
                clues: Some(clues.iter().collect()),
                candidates: &candidates,
            };
            let mut w = Witnesses::new(
                terms,
                &solution,
                |m: &[i64]| m != solution.as_slice(),
                Vec::new(),
            );
            let mut chosen: Vec<&BoolTerm> = Vec::new();
            for m in models.iter().take(6) {
                if !holds_all(m, &chosen) {
                    continue;
                }
                let before = w.known.len();
                w.remember(Some(m.clone()));
                split += usize::from(w.known.len() > before + 1);
                if g.below_u64(3) == 0 {
                    let i = g.below_u64(n as u64) as usize;
                    w.add_clue(i);
                    chosen.push(&candidates[i].1);
                }
                for part in &w.known {
                    let mut model = solution.clone();
                    for &(u, v) in &part.changes {
                        model[u] = v;
                    }
                    assert!(
                        holds_all(&model, &chosen),
                        "part {:?} of {m:?}",
                        part.changes
                    );
                    assert!(part.counterexample);
                }
            }
            for (i, (_, candidate)) in candidates.iter().enumerate() {
                let want = w.known.iter().any(|part| {
                    let mut model = solution.clone();
                    for &(u, v) in &part.changes {
                        model[u] = v;
                    }
                    candidate.eval(&model) == Some(false)
                });
                assert_eq!(w.any_violates(i), want);
            }
        }
        assert!(split > 20, "models are split into parts ({split})");
    }
}
