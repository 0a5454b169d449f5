//! Finite-domain integer variables: one-hot literals with exactly-one,
//! plus lazily created order literals `[x ≤ v]`.

use super::backend::{Lit, SatError};
use super::model::Model;

/// Handle to an integer variable of a [`Model`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntVar(pub(crate) usize);

/// Internal data of an integer variable.
pub(crate) struct IntData {
    /// Sorted, deduplicated domain.
    pub(crate) values: Vec<i64>,
    /// `lits[i]` ⇔ `x = values[i]`.
    pub(crate) lits: Vec<Lit>,
    /// `order[i]` ⇔ `x ≤ values[i]`, created on demand.
    pub(crate) order: Vec<Option<Lit>>,
}

impl Model {
    pub(crate) fn data(&self, x: IntVar) -> Result<&IntData, SatError> {
        self.ints
            .get(x.0)
            .ok_or_else(|| SatError::InvalidArgument(format!("unknown integer variable {}", x.0)))
    }

    /// A new integer variable whose domain is the set of `values`
    /// (duplicates ignored). An empty domain makes the model UNSAT.
    pub fn new_int(&mut self, values: &[i64]) -> Result<IntVar, SatError> {
        let mut vals = values.to_vec();
        vals.sort_unstable();
        vals.dedup();
        let n = vals.len();
        self.reserve(2 * n, 4 * n + 1)?;
        let lits = if n == 1 {
            vec![self.t]
        } else {
            let mut lits = Vec::with_capacity(n);
            for _ in 0..n {
                lits.push(self.new_bool()?);
            }
            self.exactly_one(&lits)?;
            lits
        };
        if n == 0 {
            self.add_clause(&[])?;
        }
        Ok(self.push_int(vals, lits))
    }

    /// An integer variable fixed to `value`.
    pub fn int_const(&mut self, value: i64) -> IntVar {
        let t = self.t;
        self.push_int(vec![value], vec![t])
    }

    /// The 0/1 integer view of a boolean literal (no new variables).
    pub fn int_from_bool(&mut self, lit: Lit) -> IntVar {
        self.push_int(vec![0, 1], vec![!lit, lit])
    }

    /// Register an integer whose one-hot literals already satisfy
    /// exactly-one. `values` must be sorted and distinct.
    pub(crate) fn push_int(&mut self, values: Vec<i64>, lits: Vec<Lit>) -> IntVar {
        let n = values.len();
        self.ints.push(IntData {
            values,
            lits,
            order: vec![None; n],
        });
        IntVar(self.ints.len() - 1)
    }

    /// The sorted domain of `x` (empty for an unknown handle).
    pub fn domain(&self, x: IntVar) -> &[i64] {
        self.ints.get(x.0).map_or(&[], |d| &d.values)
    }

    /// The literal `[x = v]` (the false literal if `v` is not in the domain).
    pub fn eq_lit(&self, x: IntVar, v: i64) -> Lit {
        match self.ints.get(x.0) {
            Some(d) => match d.values.binary_search(&v) {
                Ok(i) => d.lits[i],
                Err(_) => !self.t,
            },
            None => !self.t,
        }
    }

    /// The order literal `[x ≤ values[idx]]`, created and channelled to the
    /// one-hot literals on first use.
    pub(crate) fn order_lit_idx(&mut self, x: IntVar, idx: usize) -> Result<Lit, SatError> {
        let d = self.data(x)?;
        let n = d.values.len();
        if idx + 1 >= n {
            return Ok(self.t);
        }
        if let Some(l) = d.order[idx] {
            return Ok(l);
        }
        let lits = d.lits.clone();
        self.reserve(1, n)?;
        let o = self.new_bool()?;
        for (i, &e) in lits.iter().enumerate() {
            if i <= idx {
                self.add_clause(&[!e, o])?;
            } else {
                self.add_clause(&[!e, !o])?;
            }
        }
        self.ints[x.0].order[idx] = Some(o);
        Ok(o)
    }

    /// The literal `[x ≤ v]` for any integer `v`.
    pub fn le_lit(&mut self, x: IntVar, v: i64) -> Result<Lit, SatError> {
        let cnt = self.data(x)?.values.partition_point(|&w| w <= v);
        if cnt == 0 {
            Ok(!self.t)
        } else {
            self.order_lit_idx(x, cnt - 1)
        }
    }

    /// The literal `[x < v]` for any integer `v`.
    pub fn lt_lit(&mut self, x: IntVar, v: i64) -> Result<Lit, SatError> {
        let cnt = self.data(x)?.values.partition_point(|&w| w < v);
        if cnt == 0 {
            Ok(!self.t)
        } else {
            self.order_lit_idx(x, cnt - 1)
        }
    }

    /// Value of `x` in the last satisfying model.
    pub fn value_of(&self, x: IntVar) -> Option<i64> {
        let d = self.ints.get(x.0)?;
        d.lits
            .iter()
            .position(|&l| self.lit_value(l) == Some(true))
            .map(|i| d.values[i])
    }
}
