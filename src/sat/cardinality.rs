//! Cardinality: at-most-one / exactly-one (pairwise or ladder) and the
//! reified `count(lits) op k` via a sequential counter.

use super::backend::{Lit, SatError};
use super::linear::OrderSum;
use super::model::Model;
use super::order::CmpOp;

/// Domains (or literal sets) up to this size use pairwise at-most-one.
pub const PAIRWISE_AMO_MAX: usize = 10;

impl Model {
    /// Assert that at most one of `lits` is true (pairwise for ≤ 10
    /// literals, sequential ladder encoding above).
    pub fn at_most_one(&mut self, lits: &[Lit]) -> Result<(), SatError> {
        let n = lits.len();
        if n <= 1 {
            return Ok(());
        }
        if n <= PAIRWISE_AMO_MAX {
            self.reserve(0, n * (n - 1) / 2)?;
            for i in 0..n {
                for j in i + 1..n {
                    self.add_clause(&[!lits[i], !lits[j]])?;
                }
            }
            return Ok(());
        }
        // Ladder: s_i ⇔ "some of lits[0..=i] is true" (only → needed).
        self.reserve(n - 1, 3 * n)?;
        let mut prev = lits[0];
        for (i, &l) in lits.iter().enumerate().skip(1) {
            self.add_clause(&[!prev, !l])?;
            if i + 1 < n {
                let s = self.new_bool()?;
                self.add_clause(&[!prev, s])?;
                self.add_clause(&[!l, s])?;
                prev = s;
            }
        }
        Ok(())
    }

    /// Assert that exactly one of `lits` is true.
    pub fn exactly_one(&mut self, lits: &[Lit]) -> Result<(), SatError> {
        self.add_clause(lits)?;
        self.at_most_one(lits)
    }

    /// Literals `ge[j]` ⇔ "at least `j` of `lits` are true" for
    /// `j = 0..=upto` (sequential counter, full equivalence).
    pub fn at_least_lits(&mut self, lits: &[Lit], upto: usize) -> Result<Vec<Lit>, SatError> {
        let n = lits.len();
        let upto = upto.min(n + 1);
        let f = !self.t;
        // s[j] for the current prefix; prefix of length 0: s[0]=true, else false.
        let mut s: Vec<Lit> = vec![f; upto + 1];
        s[0] = self.t;
        self.reserve(0, n.saturating_mul(upto + 1))?;
        for (i, &l) in lits.iter().enumerate() {
            let mut ns = s.clone();
            // At least j among first i+1: s[j] ∨ (l ∧ s[j-1]).
            for j in 1..=upto.min(i + 1) {
                let both = self.and(&[l, s[j - 1]])?;
                ns[j] = self.or(&[s[j], both])?;
            }
            s = ns;
        }
        Ok(s)
    }

    /// A literal equivalent to `count(lits) op k` (number of true literals):
    /// a totalizer in the order encoding, clamped to the window around `k`
    /// (see `Model::order_sum`).
    pub fn count(&mut self, lits: &[Lit], op: CmpOp, k: i64) -> Result<Lit, SatError> {
        let t = self.t;
        let parts = lits
            .iter()
            .map(|&l| OrderSum {
                values: vec![0, 1],
                ge: vec![t, l],
            })
            .collect();
        self.compare_sum(parts, op, k)
    }
}
