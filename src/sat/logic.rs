//! Boolean connectives as Tseitin-reified literals, with constant folding.

use super::backend::{Lit, SatError};
use super::model::Model;

impl Model {
    /// `¬a` (no new variables).
    pub fn not(&self, a: Lit) -> Lit {
        !a
    }

    /// A literal equivalent to the conjunction of `lits` (true if empty).
    ///
    /// A gate's clauses define it in both directions and are never
    /// removed, so the same set of inputs asked for again (also as a
    /// disjunction, through [`Model::or`]) returns the gate already made:
    /// fewer variables and clauses, and the solver sees equal conditions as
    /// one literal.
    pub fn and(&mut self, lits: &[Lit]) -> Result<Lit, SatError> {
        let mut xs: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            match self.const_value(l) {
                Some(true) => {}
                Some(false) => return Ok(!self.t),
                None => xs.push(l),
            }
        }
        xs.sort_unstable();
        xs.dedup();
        if xs.windows(2).any(|w| w[0].var() == w[1].var()) {
            return Ok(!self.t);
        }
        match xs.len() {
            0 => Ok(self.t),
            1 => Ok(xs[0]),
            n => {
                if let Some(&r) = self.gates.get(&xs) {
                    return Ok(r);
                }
                self.reserve(1, n + 1)?;
                let r = self.new_bool()?;
                let mut big = Vec::with_capacity(n + 1);
                big.push(r);
                for &l in &xs {
                    self.add_clause(&[!r, l])?;
                    big.push(!l);
                }
                self.add_clause(&big)?;
                self.gates.insert(xs, r);
                Ok(r)
            }
        }
    }

    /// A literal equivalent to the disjunction of `lits` (false if empty).
    pub fn or(&mut self, lits: &[Lit]) -> Result<Lit, SatError> {
        let neg: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        Ok(!self.and(&neg)?)
    }

    /// A literal equivalent to `a → b`.
    pub fn implies(&mut self, a: Lit, b: Lit) -> Result<Lit, SatError> {
        self.or(&[!a, b])
    }

    /// A literal equivalent to `a ⊕ b`.
    pub fn xor(&mut self, a: Lit, b: Lit) -> Result<Lit, SatError> {
        match (self.const_value(a), self.const_value(b)) {
            (Some(x), _) => return Ok(if x { !b } else { b }),
            (_, Some(y)) => return Ok(if y { !a } else { a }),
            _ => {}
        }
        if a == b {
            return Ok(!self.t);
        }
        if a == !b {
            return Ok(self.t);
        }
        self.reserve(1, 4)?;
        let r = self.new_bool()?;
        self.add_clause(&[!r, a, b])?;
        self.add_clause(&[!r, !a, !b])?;
        self.add_clause(&[r, !a, b])?;
        self.add_clause(&[r, a, !b])?;
        Ok(r)
    }

    /// A literal equivalent to `a ↔ b`.
    pub fn iff(&mut self, a: Lit, b: Lit) -> Result<Lit, SatError> {
        Ok(!self.xor(a, b)?)
    }

    /// A literal equivalent to `if c then a else b`.
    pub fn ite(&mut self, c: Lit, a: Lit, b: Lit) -> Result<Lit, SatError> {
        match self.const_value(c) {
            Some(true) => return Ok(a),
            Some(false) => return Ok(b),
            None => {}
        }
        if a == b {
            return Ok(a);
        }
        self.reserve(1, 4)?;
        let r = self.new_bool()?;
        self.add_clause(&[!c, !a, r])?;
        self.add_clause(&[!c, a, !r])?;
        self.add_clause(&[c, !b, r])?;
        self.add_clause(&[c, b, !r])?;
        Ok(r)
    }
}
