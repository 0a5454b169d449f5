//! Encoding conditions over unknowns as literals, linear expressions and
//! clauses of the SAT model.

use super::Constraints;
use crate::eval::sym::{Atom, BoolTerm, IntTerm};
use crate::sat::{CmpOp, IntVar, LinExpr, Lit, SatError};

impl Constraints {
    /// Asserts a condition at the top level.
    pub(super) fn assert(&mut self, t: &BoolTerm) -> Result<(), SatError> {
        match t {
            BoolTerm::Const(true) => Ok(()),
            BoolTerm::And(items) => items.iter().try_for_each(|i| self.assert(i)),
            BoolTerm::AllDiff(terms) if terms.iter().all(|t| self.single_var(t).is_some()) => {
                let xs: Vec<IntVar> = terms.iter().filter_map(|t| self.single_var(t)).collect();
                self.model.alldiff(&xs)
            }
            BoolTerm::Connected(nodes, edges) => {
                let lits = nodes
                    .iter()
                    .map(|n| self.lit(n))
                    .collect::<Result<Vec<_>, _>>()?;
                self.model.connected(&lits, edges)
            }
            other => {
                let l = self.lit(other)?;
                self.model.add(l)
            }
        }
    }

    /// The unknown if the term is exactly one unknown.
    fn single_var(&self, t: &IntTerm) -> Option<IntVar> {
        match t.terms.as_slice() {
            [(1, Atom::Var(id))] if t.constant == 0 => self.vars.get(*id).copied(),
            _ => None,
        }
    }

    /// A literal equivalent to the condition.
    pub(super) fn lit(&mut self, t: &BoolTerm) -> Result<Lit, SatError> {
        match t {
            BoolTerm::Const(b) => Ok(self.model.const_lit(*b)),
            BoolTerm::Not(x) => Ok(!self.lit(x)?),
            BoolTerm::And(xs) => {
                let lits = xs
                    .iter()
                    .map(|x| self.lit(x))
                    .collect::<Result<Vec<_>, _>>()?;
                self.model.and(&lits)
            }
            BoolTerm::Or(xs) => {
                let lits = xs
                    .iter()
                    .map(|x| self.lit(x))
                    .collect::<Result<Vec<_>, _>>()?;
                self.model.or(&lits)
            }
            BoolTerm::AllDiff(terms) => {
                let mut pairs = Vec::new();
                for i in 0..terms.len() {
                    for j in i + 1..terms.len() {
                        let ne = BoolTerm::compare(&terms[i], CmpOp::Ne, &terms[j])
                            .ok_or(SatError::Overflow)?;
                        pairs.push(self.lit(&ne)?);
                    }
                }
                self.model.and(&pairs)
            }
            BoolTerm::Cmp(term, op) => self.cmp(term, *op),
            BoolTerm::Runs(cells, lengths) => {
                let lits = cells
                    .iter()
                    .map(|c| self.lit(c))
                    .collect::<Result<Vec<_>, _>>()?;
                self.model.runs(&lits, lengths)
            }
            BoolTerm::Regular(cells, automaton) => {
                let alphabet = automaton.alphabet();
                let mut symbols = Vec::with_capacity(cells.len());
                for cell in cells {
                    let mut lits = std::collections::BTreeMap::new();
                    for &v in &alphabet {
                        let eq = BoolTerm::compare(cell, CmpOp::Eq, &IntTerm::constant(v))
                            .ok_or(SatError::Overflow)?;
                        lits.insert(v, self.lit(&eq)?);
                    }
                    symbols.push(lits);
                }
                self.model.regular(&symbols, automaton)
            }
            BoolTerm::Connected(..) => Err(SatError::InvalidArgument(
                "`connected(…)` over unknowns must be a whole rule (or one part of `and` in a rule); it cannot be negated, be part of `or`, be counted, or be a clue".into(),
            )),
        }
    }

    /// `term op 0`.
    fn cmp(&mut self, term: &IntTerm, op: CmpOp) -> Result<Lit, SatError> {
        // One unknown with coefficient ±1: an order or equality literal.
        if let [(coef, Atom::Var(id))] = term.terms.as_slice() {
            if *coef == 1 || *coef == -1 {
                let x = self.vars[*id];
                let (op, k) = if *coef == 1 {
                    (op, -term.constant)
                } else {
                    (op.flip(), term.constant)
                };
                return self.model.cmp_const(x, op, k);
            }
        }
        // `x = y + c` or `x ≠ y + c` (an all-different clue's pairs): two
        // clauses per value of `y` over the one-hot literals, instead of an
        // order-encoded sum.
        if let [(a, Atom::Var(i)), (b, Atom::Var(j))] = term.terms.as_slice() {
            if matches!(op, CmpOp::Eq | CmpOp::Ne) && *a == -*b && a.abs() == 1 {
                let (x, y) = if *a == 1 { (*i, *j) } else { (*j, *i) };
                // x - y + constant = 0 ⇔ x = y - constant.
                let shift = term.constant.checked_neg().ok_or(SatError::Overflow)?;
                return self
                    .model
                    .cmp_shifted(self.vars[x], op, self.vars[y], shift);
            }
        }
        // A count of conditions: a totalizer.
        if term
            .terms
            .iter()
            .all(|(c, a)| *c == 1 && matches!(a, Atom::Bool(_)))
        {
            let mut lits = Vec::with_capacity(term.terms.len());
            for (_, a) in &term.terms {
                if let Atom::Bool(b) = a {
                    lits.push(self.lit(b)?);
                }
            }
            return self.model.count(&lits, op, -term.constant);
        }
        let lin = self.lin_expr(term)?;
        self.model.linear(&lin, op, 0)
    }

    /// The term as a linear expression of integer unknowns (conditions
    /// become 0/1 unknowns).
    pub(super) fn lin_expr(&mut self, term: &IntTerm) -> Result<LinExpr, SatError> {
        let mut lin = LinExpr::new();
        for (c, a) in &term.terms {
            let x = match a {
                Atom::Var(id) => self.vars[*id],
                Atom::Bool(b) => {
                    let l = self.lit(b)?;
                    self.model.int_from_bool(l)
                }
            };
            lin = lin.term(*c, x);
        }
        Ok(lin.plus(term.constant))
    }
}
