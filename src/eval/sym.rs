//! Symbolic values: expressions over the unknowns of a `find`, built when a
//! rule (or a clue, or an objective) applies operators to unknowns. The
//! generator encodes them into the SAT backend; nothing here knows a solver.

use std::rc::Rc;

use crate::sat::CmpOp;
use std::fmt;

/// An integer expression over unknowns: `Σ coef·atom + constant`.
#[derive(Debug, Clone, PartialEq)]
pub struct IntTerm {
    /// The weighted atoms.
    pub terms: Vec<(i64, Atom)>,
    /// The constant part.
    pub constant: i64,
}

/// An integer-valued atom of an [`IntTerm`].
#[derive(Debug, Clone, PartialEq)]
pub enum Atom {
    /// Unknown number `id` (an index into the generator's variable table).
    Var(usize),
    /// A condition used as 0 or 1 (e.g. in `sum` or `count`).
    Bool(Rc<BoolTerm>),
}

/// A condition over unknowns.
#[derive(Debug, Clone, PartialEq)]
pub enum BoolTerm {
    /// A constant.
    Const(bool),
    /// `term op 0`.
    Cmp(IntTerm, CmpOp),
    /// All hold.
    And(Vec<BoolTerm>),
    /// One holds.
    Or(Vec<BoolTerm>),
    /// Does not hold.
    Not(Box<BoolTerm>),
    /// The integer terms take pairwise different values.
    AllDiff(Vec<IntTerm>),
    /// The nodes whose condition holds form one connected subgraph of the
    /// undirected graph with these edges (indices into the nodes).
    Connected(Vec<BoolTerm>, Vec<(usize, usize)>),
    /// The conditions that hold form runs of exactly these lengths, in
    /// order, separated by conditions that do not (`runs(line, [3, 1])`).
    Runs(Vec<BoolTerm>, Vec<usize>),
    /// The automaton accepts the terms' values, in order
    /// (`regular(xs, transitions, start, accepting)`).
    Regular(Vec<IntTerm>, std::rc::Rc<crate::sat::regular::Automaton>),
}

/// A symbolic value: an integer or a condition over unknowns.
#[derive(Debug, Clone, PartialEq)]
pub enum Sym {
    /// An integer expression.
    Int(IntTerm),
    /// A condition (shared, so using it inside a sum copies nothing).
    Bool(Rc<BoolTerm>),
}

impl IntTerm {
    /// A constant term.
    pub fn constant(c: i64) -> IntTerm {
        IntTerm {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// Unknown `id`.
    pub fn var(id: usize) -> IntTerm {
        IntTerm {
            terms: vec![(1, Atom::Var(id))],
            constant: 0,
        }
    }

    /// A condition as 0/1.
    pub fn from_bool(b: BoolTerm) -> IntTerm {
        match b {
            BoolTerm::Const(v) => IntTerm::constant(v as i64),
            other => IntTerm::from_shared_bool(Rc::new(other)),
        }
    }

    /// A shared condition as 0/1 (the condition is not copied).
    pub fn from_shared_bool(b: Rc<BoolTerm>) -> IntTerm {
        match *b {
            BoolTerm::Const(v) => IntTerm::constant(v as i64),
            _ => IntTerm {
                terms: vec![(1, Atom::Bool(b))],
                constant: 0,
            },
        }
    }

    /// `self + k·other`, or `None` on overflow.
    pub fn add_scaled(&self, other: &IntTerm, k: i64) -> Option<IntTerm> {
        let mut out = self.clone();
        out.add_scaled_in_place(other, k)?;
        Some(out)
    }

    /// `self += k·other` without copying `self` (so a long sum is built in
    /// linear rather than quadratic time); `None` on overflow, leaving
    /// `self` unspecified.
    pub fn add_scaled_in_place(&mut self, other: &IntTerm, k: i64) -> Option<()> {
        let mut cancelled = false;
        for (c, a) in &other.terms {
            let c = c.checked_mul(k)?;
            match self.terms.iter_mut().find(|(_, b)| b == a) {
                Some(slot) => {
                    slot.0 = slot.0.checked_add(c)?;
                    cancelled |= slot.0 == 0;
                }
                None if c != 0 => self.terms.push((c, a.clone())),
                None => {}
            }
        }
        if cancelled {
            self.terms.retain(|(c, _)| *c != 0);
        }
        self.constant = self.constant.checked_add(other.constant.checked_mul(k)?)?;
        Some(())
    }

    /// `k·self`, or `None` on overflow.
    pub fn scale(&self, k: i64) -> Option<IntTerm> {
        IntTerm::constant(0).add_scaled(self, k)
    }

    /// The value under an assignment of the unknowns.
    pub fn eval(&self, values: &[i64]) -> Option<i64> {
        let mut total = self.constant;
        for (c, a) in &self.terms {
            let v = match a {
                Atom::Var(id) => *values.get(*id)?,
                Atom::Bool(b) => b.eval(values)? as i64,
            };
            total = total.checked_add(c.checked_mul(v)?)?;
        }
        Some(total)
    }

    /// Whether it mentions no unknown.
    pub fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }

    /// Adds the unknowns it mentions to `out` (repeats possible).
    pub fn vars_into(&self, out: &mut Vec<usize>) {
        for (_, a) in &self.terms {
            match a {
                Atom::Var(id) => out.push(*id),
                Atom::Bool(b) => b.vars_into(out),
            }
        }
    }
}

impl BoolTerm {
    /// Adds the unknowns it mentions to `out` (repeats possible).
    pub fn vars_into(&self, out: &mut Vec<usize>) {
        match self {
            BoolTerm::Const(_) => {}
            BoolTerm::Cmp(t, _) => t.vars_into(out),
            BoolTerm::And(xs) | BoolTerm::Or(xs) => xs.iter().for_each(|x| x.vars_into(out)),
            BoolTerm::Not(x) => x.vars_into(out),
            BoolTerm::AllDiff(ts) => ts.iter().for_each(|t| t.vars_into(out)),
            BoolTerm::Connected(nodes, _) | BoolTerm::Runs(nodes, _) => {
                nodes.iter().for_each(|n| n.vars_into(out))
            }
            BoolTerm::Regular(cells, _) => cells.iter().for_each(|t| t.vars_into(out)),
        }
    }

    /// The truth value under an assignment of the unknowns.
    pub fn eval(&self, values: &[i64]) -> Option<bool> {
        Some(match self {
            BoolTerm::Const(b) => *b,
            BoolTerm::Cmp(t, op) => op.eval(t.eval(values)?, 0),
            BoolTerm::And(xs) => {
                for x in xs {
                    if !x.eval(values)? {
                        return Some(false);
                    }
                }
                true
            }
            BoolTerm::Or(xs) => {
                for x in xs {
                    if x.eval(values)? {
                        return Some(true);
                    }
                }
                false
            }
            BoolTerm::Not(x) => !x.eval(values)?,
            BoolTerm::AllDiff(ts) => {
                let mut seen = Vec::with_capacity(ts.len());
                for t in ts {
                    let v = t.eval(values)?;
                    if seen.contains(&v) {
                        return Some(false);
                    }
                    seen.push(v);
                }
                true
            }
            BoolTerm::Connected(nodes, edges) => {
                let on = nodes
                    .iter()
                    .map(|n| n.eval(values))
                    .collect::<Option<Vec<bool>>>()?;
                crate::sat::connected::is_connected(&on, edges)
            }
            BoolTerm::Runs(cells, lengths) => {
                let on = cells
                    .iter()
                    .map(|n| n.eval(values))
                    .collect::<Option<Vec<bool>>>()?;
                crate::sat::runs::run_lengths(&on) == *lengths
            }
            BoolTerm::Regular(cells, automaton) => {
                let word = cells
                    .iter()
                    .map(|t| t.eval(values))
                    .collect::<Option<Vec<i64>>>()?;
                automaton.accepts(&word)
            }
        })
    }

    /// `a op b` for integer terms, folded when both are constant.
    pub fn compare(a: &IntTerm, op: CmpOp, b: &IntTerm) -> Option<BoolTerm> {
        let diff = a.add_scaled(b, -1)?;
        if diff.is_constant() {
            return Some(BoolTerm::Const(op.eval(diff.constant, 0)));
        }
        Some(BoolTerm::Cmp(diff, op))
    }

    /// Conjunction, folding constants.
    pub fn and(items: Vec<BoolTerm>) -> BoolTerm {
        let mut out = Vec::new();
        for item in items {
            match item {
                BoolTerm::Const(true) => {}
                BoolTerm::Const(false) => return BoolTerm::Const(false),
                BoolTerm::And(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => BoolTerm::Const(true),
            1 => out.pop().unwrap_or(BoolTerm::Const(true)),
            _ => BoolTerm::And(out),
        }
    }

    /// Disjunction, folding constants.
    pub fn or(items: Vec<BoolTerm>) -> BoolTerm {
        let mut out = Vec::new();
        for item in items {
            match item {
                BoolTerm::Const(false) => {}
                BoolTerm::Const(true) => return BoolTerm::Const(true),
                BoolTerm::Or(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => BoolTerm::Const(false),
            1 => out.pop().unwrap_or(BoolTerm::Const(false)),
            _ => BoolTerm::Or(out),
        }
    }

    /// Negation, folding constants.
    pub fn negated(self) -> BoolTerm {
        match self {
            BoolTerm::Const(b) => BoolTerm::Const(!b),
            BoolTerm::Not(inner) => *inner,
            other => BoolTerm::Not(Box::new(other)),
        }
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sym::Int(_) => f.write_str("<integer expression over unknowns>"),
            Sym::Bool(_) => f.write_str("<condition over unknowns>"),
        }
    }
}
