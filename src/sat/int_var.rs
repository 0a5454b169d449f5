//! Finite-domain integer variables: one-hot literals with exactly-one,
//! plus lazily created order literals `[x ≤ v]`.

use super::backend::{Lit, SatError};
use super::model::Model;

/// Handle to an integer variable of a [`Model`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntVar(pub(crate) usize);

/// Internal data of an integer variable.
#[derive(Clone)]
pub(crate) struct IntData {
    /// Sorted, deduplicated domain.
    pub(crate) values: Vec<i64>,
    /// `lits[i]` ⇔ `x = values[i]`.
    pub(crate) lits: Vec<Lit>,
    /// `order[i]` ⇔ `x ≤ values[i]`, created on demand.
    pub(crate) order: Vec<Option<Lit>>,
    /// Whether the one-hot literals were made for this variable (not a view
    /// sharing another's literals).
    pub(crate) owned: bool,
    /// Whether its exactly-one clauses wait for the first clause, assumption
    /// or connectivity node that uses one of its literals (see
    /// [`Model::new_int`]).
    pub(crate) pending: bool,
}

impl Model {
    pub(crate) fn data(&self, x: IntVar) -> Result<&IntData, SatError> {
        self.ints
            .get(x.0)
            .ok_or_else(|| SatError::InvalidArgument(format!("unknown integer variable {}", x.0)))
    }

    /// A new integer variable whose domain is the set of `values`
    /// (duplicates ignored). An empty domain makes the model UNSAT.
    ///
    /// Its one-hot literals are made at once, but their exactly-one clauses
    /// only when a clause, an assumption or a connectivity node first uses
    /// one of them: an unknown nothing mentions (a `find` entry no rule or
    /// clue reads) costs the solver no clauses. Until then no clause holds
    /// its literals, so every model extends to it; models read it as its
    /// least value.
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
            lits
        };
        if n == 0 {
            self.add_clause(&[])?;
        }
        let x = self.push_int(vals, lits);
        if n > 1 {
            let data = &mut self.ints[x.0];
            data.owned = true;
            data.pending = true;
            for l in &data.lits {
                self.owner[l.var().index()] = x.0 as u32;
            }
            self.pending += 1;
        }
        Ok(x)
    }

    /// Adds the exactly-one clauses of the integer whose one-hot literal
    /// `lit` is, if they are still pending.
    pub(crate) fn use_lit(&mut self, lit: Lit) -> Result<(), SatError> {
        let Some(owner) = self.pending_owner(lit) else {
            return Ok(());
        };
        let data = &mut self.ints[owner];
        data.pending = false;
        let lits = data.lits.clone();
        self.pending -= 1;
        self.defining += 1;
        let r = self.exactly_one(&lits);
        self.defining -= 1;
        r
    }

    /// For a literal of an integer whose exactly-one clauses are pending,
    /// the integer's first literal (the one models read as true).
    pub(crate) fn pending_first(&self, lit: Lit) -> Option<Lit> {
        let owner = self.pending_owner(lit)?;
        self.ints[owner].lits.first().copied()
    }

    /// The integer whose one-hot literal `lit` is, while its exactly-one
    /// clauses are pending.
    fn pending_owner(&self, lit: Lit) -> Option<usize> {
        if self.pending == 0 {
            return None;
        }
        let owner = *self.owner.get(lit.var().index())? as usize;
        self.ints.get(owner).filter(|d| d.pending).map(|_| owner)
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
            owned: false,
            pending: false,
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

    /// The order literal `[x ≤ values[idx]]`. On first use every order
    /// literal of `x` is created at once and channelled to the one-hot
    /// literals in both directions (`[x ≤ vᵢ] → [x ≤ vᵢ₊₁]` and
    /// `[x = vᵢ] ⇔ [x ≤ vᵢ] ∧ ¬[x ≤ vᵢ₋₁]`), so unit propagation moves
    /// freely between bounds and values. A two-valued variable needs no new
    /// literal: `[x ≤ v₀]` is `[x = v₀]`.
    pub(crate) fn order_lit_idx(&mut self, x: IntVar, idx: usize) -> Result<Lit, SatError> {
        let d = self.data(x)?;
        let n = d.values.len();
        if idx + 1 >= n {
            return Ok(self.t);
        }
        if let Some(l) = d.order[idx] {
            return Ok(l);
        }
        if n == 2 {
            let e = d.lits[0];
            self.ints[x.0].order[0] = Some(e);
            return Ok(e);
        }
        let lits = d.lits.clone();
        // A view's channelling constrains the literals it shares.
        let defining = u32::from(d.owned);
        self.reserve(n - 1, 4 * n)?;
        let mut order = Vec::with_capacity(n);
        for _ in 0..n - 1 {
            order.push(self.new_bool()?);
        }
        order.push(self.t);
        self.defining += defining;
        let r = self.channel_order(&lits, &order);
        self.defining -= defining;
        r?;
        order.pop();
        let slots = &mut self.ints[x.0].order;
        for (slot, o) in slots.iter_mut().zip(order) {
            *slot = Some(o);
        }
        Ok(self.ints[x.0].order[idx].unwrap_or(self.t))
    }

    /// The clauses tying order literals (`order[n-1]` is true) to one-hot ones.
    fn channel_order(&mut self, lits: &[Lit], order: &[Lit]) -> Result<(), SatError> {
        let n = lits.len();
        for i in 0..n {
            let below = if i == 0 { !self.t } else { order[i - 1] };
            if i + 1 < n - 1 {
                self.add_clause(&[!order[i], order[i + 1]])?;
            }
            self.add_clause(&[!lits[i], order[i]])?;
            self.add_clause(&[!lits[i], !below])?;
            self.add_clause(&[!order[i], below, lits[i]])?;
        }
        Ok(())
    }

    /// Whether `x` is unconstrained: no clause mentions its literals except
    /// the ones defining them, and no literal in `assumptions` is one of
    /// them. Then any of its values extends any model of the rest.
    pub fn is_free(&self, x: IntVar, assumptions: &[Lit]) -> bool {
        let Some(d) = self.ints.get(x.0).filter(|d| d.owned) else {
            return false;
        };
        let mine = d.lits.iter().chain(d.order.iter().flatten());
        let mut vars = Vec::new();
        for l in mine {
            if self.const_value(*l).is_some() {
                continue;
            }
            if self.touched.get(l.var().index()).copied().unwrap_or(true) {
                return false;
            }
            vars.push(l.var());
        }
        !assumptions.iter().any(|a| vars.contains(&a.var()))
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
