//! `sample solution`: the oracle walk that picks the hidden solution by
//! SAT/UNSAT verdicts alone.

use super::{sat_error, Constraints, Outcome};
use crate::eval::interp::expect_int;
use crate::eval::sym::BoolTerm;
use crate::eval::{EvalError, EvalResult, Interp, Value};
use crate::fd::{self, Answer, Question};
use crate::sat::{Lit, SatError};
use crate::span::Span;
use crate::syntax::ast::WalkOrder;
use std::collections::HashMap;

/// Search nodes per unknown the finite-domain engine may visit to find the
/// walk's solution before the SAT walk takes over.
const WALK_NODES_PER_UNKNOWN: u64 = 8;

impl Constraints {
    /// `sample solution`: a random solution by an oracle walk.
    ///
    /// The walk visits the unknowns in a random order (with
    /// [`WalkOrder::Declared`], in the order of their ids: the `find`s'
    /// declaration order, each row by row) and gives each the
    /// first value of its own random order that keeps the model satisfiable;
    /// the result is determined by SAT/UNSAT verdicts alone. Which solves
    /// establish those verdicts is chosen for speed (see `Walk`).
    ///
    /// With `prefer` (a function of one value, or of an unknown's index
    /// label and a value), each unknown's value order is drawn by weights
    /// instead: repeated draws without replacement among the values of
    /// positive weight `prefer(value)` (`prefer(label, value)`), then the
    /// values of weight 0 in uniform order.
    pub fn sample(
        &mut self,
        interp: &mut Interp<'_>,
        prefer: Option<&Value>,
        unknowns: WalkOrder,
        span: Span,
    ) -> EvalResult<Outcome> {
        let fixed = self.clues.clone();
        let stated = self.clue_terms.clone();
        // With no clue and no layout rule, a model without solutions is the
        // spec's error whatever is drawn, and the walk below finds out
        // itself; otherwise the clues are checked before anything is drawn.
        let unconditional = self.clues.is_empty() && self.layout == 0;
        if !unconditional || stated.is_none() {
            let satisfiable = match &stated {
                Some(ts) => {
                    self.decide(&fixed, &ts.iter().collect::<Vec<_>>(), None, span)?
                        .0
                }
                None => self.model.solve(&fixed).map_err(|e| sat_error(e, span))?,
            };
            if !satisfiable {
                // Rules drawn in `generate` may leave no solution: that
                // sample is rejected, like one whose clues leave none.
                if unconditional {
                    return Err(self.contradiction(span));
                }
                return Ok(Outcome::Reject);
            }
        }
        let labels = match prefer {
            Some(f) if prefers_by_unknown(interp, f, span)? => Some(self.labels()),
            _ => None,
        };
        // Every draw happens up front, in the order the walk uses them.
        let order = match unknowns {
            WalkOrder::Drawn => interp.sampler(span)?.permutation(self.vars.len()),
            WalkOrder::Declared => (0..self.vars.len()).collect(),
        };
        let mut prefs = Vec::with_capacity(order.len());
        let mut weights = Weights::default();
        for &id in &order {
            let domain = &self.domains[id];
            let perm = match (prefer, &labels) {
                (None, _) => interp.sampler(span)?.permutation(domain.len()),
                (Some(f), None) => {
                    let w = weights.of(interp, f, domain, span)?;
                    weighted_order(interp, &w, span)?
                }
                (Some(f), Some(labels)) => {
                    let w = weights_at(interp, f, &labels[id], domain, span)?;
                    weighted_order(interp, &w, span)?
                }
            };
            prefs.push(perm.iter().map(|&i| domain[i]).collect());
        }
        let found = match &stated {
            Some(ts) => self.first_by_fd(ts, &order, &prefs),
            None => Answer::Unknown,
        };
        let solution = match found {
            Answer::Sat(s) => {
                self.known = vec![s.clone()];
                s
            }
            Answer::Unsat if unconditional => return Err(self.contradiction(span)),
            _ => {
                // The walk starts from a model of the clues.
                if !self.model.solve(&fixed).map_err(|e| sat_error(e, span))? {
                    if unconditional {
                        return Err(self.contradiction(span));
                    }
                    return Err(sat_error(
                        SatError::Solver("the clues lost their model".into()),
                        span,
                    ));
                }
                self.walk(order, prefs).map_err(|e| sat_error(e, span))?
            }
        };
        self.solution = Some(solution);
        Ok(Outcome::Value(self.solution_value()))
    }

    /// The walk's result found by the finite-domain engine (the first
    /// solution of the rules and the clues `stated` in the walk's order),
    /// `Unsat` when there is none, `Unknown` when it cannot tell within its
    /// budget.
    fn first_by_fd(&mut self, stated: &[BoolTerm], order: &[usize], prefs: &[Vec<i64>]) -> Answer {
        let Some(base) = self.fd_base() else {
            return Answer::Unknown;
        };
        let mut q = Question::new(&base);
        for t in stated {
            q.condition(t);
        }
        if !q.is_propagated() {
            return Answer::Unknown;
        }
        let budget = WALK_NODES_PER_UNKNOWN.saturating_mul(order.len() as u64);
        let answer = fd::first(q, order, prefs, budget);
        if answer == Answer::Unknown {
            self.fd_record.1 += 1;
        } else {
            self.fd_record.0 += 1;
        }
        answer
    }

    /// Each unknown's index label (`(r, c)`, a key, or `()` for a scalar
    /// `find`), by unknown id.
    fn labels(&self) -> Vec<Value> {
        let mut out = vec![Value::tuple(Vec::new()); self.vars.len()];
        for f in &self.finds {
            for (&id, label) in f.ids.iter().zip(&f.labels) {
                out[id] = label.clone();
            }
        }
        out
    }

    /// The oracle walk over the unknowns `order` with value orders `prefs`,
    /// after a SAT verdict on the clues (its model is the first witness).
    pub(super) fn walk(
        &mut self,
        order: Vec<usize>,
        prefs: Vec<Vec<i64>>,
    ) -> Result<Vec<i64>, SatError> {
        let fixed = self.clues.clone();
        let free = order
            .iter()
            .map(|&id| self.model.is_free(self.vars[id], &fixed))
            .collect();
        let mut walk = Walk {
            occurs: self.occurrences(),
            free,
            witness: self.model_values(),
            pool: Vec::new(),
            found: Vec::new(),
            refuted: prefs
                .iter()
                .map(|p: &Vec<i64>| vec![false; p.len()])
                .collect(),
            prefs,
            order,
            fixed,
        };
        let solution = walk.run(self)?;
        self.known = std::mem::take(&mut walk.found);
        Ok(solution)
    }

    /// Per unknown, the rule terms (`(false, i)`) and clue terms (`(true,
    /// i)`) that mention it.
    fn occurrences(&self) -> Vec<Vec<(bool, usize)>> {
        let mut occ = vec![Vec::new(); self.vars.len()];
        let mut vars = Vec::new();
        let rules = self.rule_terms.iter().map(|r| (false, &r.term));
        let clues = self.clue_terms.iter().flatten().map(|t| (true, t));
        for (i, (is_clue, t)) in rules.enumerate().chain(clues.enumerate()) {
            vars.clear();
            t.vars_into(&mut vars);
            vars.sort_unstable();
            vars.dedup();
            for &v in &vars {
                if let Some(o) = occ.get_mut(v) {
                    o.push((is_clue, i));
                }
            }
        }
        occ
    }

    /// Whether `m`, which differs only on `changed` from an assignment that
    /// satisfies every rule and clue, does too: only the terms that mention
    /// a changed unknown are evaluated. `false` when that cannot be told
    /// from the terms.
    fn satisfies_changed(&self, m: &[i64], changed: &[usize], occ: &[Vec<(bool, usize)>]) -> bool {
        let Some(clue_terms) = &self.clue_terms else {
            return false;
        };
        changed.iter().all(|&x| {
            self.domains[x].binary_search(&m[x]).is_ok()
                && occ[x].iter().all(|&(is_clue, i)| {
                    let t = if is_clue {
                        &clue_terms[i]
                    } else {
                        &self.rule_terms[i].term
                    };
                    t.eval(m) == Some(true)
                })
        })
    }
}

/// The state of the oracle walk of `sample solution`.
///
/// Position `k` of the walk gives unknown `order[k]` the first value of
/// `prefs[k]` that is consistent with `fixed` (the clues and the values
/// chosen so far). A value is skipped only once a solve proved it
/// inconsistent (`refuted`, which stays true as `fixed` grows); it is chosen
/// once it is the last value left or a model of `fixed` takes it (`witness`,
/// or one of the earlier models in `pool` that still agree with `fixed`).
/// The solves that establish this are picked for speed (they change how
/// many solves the walk needs, never which values it picks):
///
/// - after a variable that was not forced, assume the next one takes its
///   first remaining value (one SAT verdict settles it);
/// - otherwise ask whether the variable can take one of the values it
///   prefers to the witness's (assumptions that rule out the others); UNSAT
///   refutes all of them at once, SAT gives a better witness;
/// - after a run of forced variables, ask whether any unknown left on
///   which all known models agree can take a value it prefers to that one
///   (a temporary clause); UNSAT refutes all those values. A failed check
///   doubles the run needed before the next one.
struct Walk {
    order: Vec<usize>,
    /// Per unknown, the rule and clue terms that mention it.
    occurs: Vec<Vec<(bool, usize)>>,
    /// Unknowns no rule or clue mentions: any value extends any model.
    free: Vec<bool>,
    prefs: Vec<Vec<i64>>,
    refuted: Vec<Vec<bool>>,
    witness: Vec<Option<i64>>,
    /// Further models of `fixed` (the witness is one of the best of them).
    pool: Vec<Vec<Option<i64>>>,
    /// The last complete models found (all satisfy the clues).
    found: Vec<Vec<i64>>,
    fixed: Vec<Lit>,
}

impl Walk {
    pub(super) fn run(&mut self, c: &mut Constraints) -> Result<Vec<i64>, SatError> {
        let mut solution = vec![0i64; c.vars.len()];
        // Consecutive positions settled by an UNSAT verdict (forced).
        let mut forced_run = 0usize;
        // After a failed whole-rest check, wait this many forced positions.
        let mut rest_wait = 2usize;
        for k in 0..self.order.len() {
            let id = self.order[k];
            let mut first_try = true;
            let value = loop {
                if self.free[k] {
                    // The first value extends every known model.
                    let v = self.prefs[k][0];
                    self.witness[id] = Some(v);
                    for m in &mut self.pool {
                        m[id] = Some(v);
                    }
                    break v;
                }
                let left: Vec<usize> = (0..self.prefs[k].len())
                    .filter(|&i| !self.refuted[k][i])
                    .collect();
                let Some(&p) = left.first() else {
                    return Err(SatError::Solver("the walk lost its model".into()));
                };
                let pv = self.prefs[k][p];
                // The known model whose value comes first in the order.
                let rank = |m: &[Option<i64>]| {
                    m[id].and_then(|v| left.iter().position(|&i| self.prefs[k][i] == v))
                };
                let best = self
                    .pool
                    .iter()
                    .enumerate()
                    .filter_map(|(i, m)| rank(m).map(|r| (r, i)))
                    .min();
                if let Some((r, i)) = best {
                    if rank(&self.witness).is_none_or(|wr| r < wr) {
                        std::mem::swap(&mut self.witness, &mut self.pool[i]);
                    }
                }
                let w = self.witness[id];
                if left.len() == 1 || w == Some(pv) {
                    if first_try {
                        forced_run = 0;
                    }
                    break pv;
                }
                if forced_run >= rest_wait {
                    // Can any unknown left that every known model gives the
                    // same value take a value it prefers to that one? If
                    // not, all those values are refuted at once.
                    let mut clause = Vec::new();
                    let mut refutes = Vec::new();
                    for j in (k..self.order.len()).filter(|&j| !self.free[j]) {
                        let y = self.order[j];
                        let Some(wy) = self.witness[y] else { continue };
                        if self.pool.iter().any(|m| m[y] != Some(wy)) {
                            continue;
                        }
                        for (i, &v) in self.prefs[j].iter().enumerate() {
                            if v == wy {
                                break;
                            }
                            if !self.refuted[j][i] {
                                clause.push(c.model.eq_lit(c.vars[y], v));
                                refutes.push((j, i));
                            }
                        }
                    }
                    if !clause.is_empty() {
                        if !c.model.solve_with_clause(&self.fixed, &clause)? {
                            for (j, i) in refutes {
                                self.refuted[j][i] = true;
                            }
                            continue;
                        }
                        self.replace_witness(c.model_values());
                        first_try = false;
                    }
                    rest_wait = rest_wait.saturating_mul(2);
                    continue;
                }
                let wpos = w.and_then(|w| left.iter().position(|&i| self.prefs[k][i] == w));
                let greedy = (first_try && forced_run == 0) || wpos.is_none();
                first_try = false;
                if greedy {
                    // The first remaining value.
                    if let Some(m) = self.repair(c, k, pv) {
                        self.replace_witness(m);
                        forced_run = 0;
                        break pv;
                    }
                    let lit = c.model.eq_lit(c.vars[id], pv);
                    self.fixed.push(lit);
                    let sat = c.model.solve(&self.fixed)?;
                    self.fixed.pop();
                    if sat {
                        self.replace_witness(c.model_values());
                        forced_run = 0;
                        break pv;
                    }
                    self.refuted[k][p] = true;
                    continue;
                }
                // Can the variable take a value it prefers to the witness's?
                // (With exactly one value per unknown, "one of these values"
                // is "none of the others", a set of assumptions.)
                let Some(wpos) = wpos else { continue };
                if let Some(m) = left[..wpos]
                    .iter()
                    .find_map(|&i| self.repair(c, k, self.prefs[k][i]))
                {
                    self.replace_witness(m);
                    continue;
                }
                let before = self.fixed.len();
                for (i, &v) in self.prefs[k].iter().enumerate() {
                    if !left[..wpos].contains(&i) {
                        let lit = c.model.eq_lit(c.vars[id], v);
                        self.fixed.push(!lit);
                    }
                }
                let sat = c.model.solve(&self.fixed)?;
                self.fixed.truncate(before);
                if sat {
                    self.replace_witness(c.model_values());
                } else {
                    for &i in &left[..wpos] {
                        self.refuted[k][i] = true;
                    }
                    forced_run += 1;
                    break self.prefs[k][left[wpos]];
                }
            };
            solution[id] = value;
            self.fixed.push(c.model.eq_lit(c.vars[id], value));
            if self.witness[id] != Some(value) {
                return Err(SatError::Solver("the walk lost its model".into()));
            }
            self.pool.retain(|m| m[id] == Some(value));
        }
        Ok(solution)
    }

    /// A model of `fixed` in which the unknown at position `k` takes `v`,
    /// found without a solve: the witness with that value, alone or swapped
    /// with an unknown not yet placed, when every rule and clue holds in it.
    fn repair(&self, c: &Constraints, k: usize, v: i64) -> Option<Vec<Option<i64>>> {
        let id = self.order[k];
        // The witness satisfies every rule and clue, so only the terms of
        // the unknowns changed need evaluating.
        let mut m: Vec<i64> = self.witness.iter().copied().collect::<Option<_>>()?;
        let old = m[id];
        m[id] = v;
        if c.satisfies_changed(&m, &[id], &self.occurs) {
            return Some(m.into_iter().map(Some).collect());
        }
        for &y in &self.order[k + 1..] {
            if m[y] == v && c.domains[y].binary_search(&old).is_ok() {
                m[y] = old;
                if c.satisfies_changed(&m, &[id, y], &self.occurs) {
                    return Some(m.into_iter().map(Some).collect());
                }
                m[y] = v;
            }
        }
        None
    }

    /// A new model of `fixed` becomes the witness; the old one joins the
    /// pool of known models.
    fn replace_witness(&mut self, model: Vec<Option<i64>>) {
        const POOL: usize = 16;
        remember(&mut self.found, model.iter().copied().collect());
        let old = std::mem::replace(&mut self.witness, model);
        if self.pool.len() >= POOL {
            self.pool.remove(0);
        }
        self.pool.push(old);
    }
}

/// Keeps a model in a bounded pool of known models (the oldest goes first).
pub(super) fn remember(pool: &mut Vec<Vec<i64>>, model: Option<Vec<i64>>) {
    const POOL: usize = 32;
    if let Some(m) = model {
        if pool.len() >= POOL {
            pool.remove(0);
        }
        pool.push(m);
    }
}

/// The weights `prefer(value)` computed so far, by value (each value's
/// weight is computed once per sample).
#[derive(Default)]
struct Weights {
    known: HashMap<i64, u64>,
}

impl Weights {
    /// The weight of each value of `domain`, in order.
    fn of(
        &mut self,
        interp: &mut Interp<'_>,
        prefer: &Value,
        domain: &[i64],
        span: Span,
    ) -> EvalResult<Vec<u64>> {
        let mut out = Vec::with_capacity(domain.len());
        for &v in domain {
            if let Some(&w) = self.known.get(&v) {
                out.push(w);
                continue;
            }
            let w = expect_int(&interp.call(prefer, vec![Value::Int(v)], span)?, span)?;
            let Ok(w) = u64::try_from(w) else {
                return Err(EvalError::invalid(
                    format!(
                        "`prefer` gave the value {v} the weight {w}; weights must be 0 or more"
                    ),
                    span,
                ));
            };
            self.known.insert(v, w);
            out.push(w);
        }
        Ok(out)
    }
}

/// Whether `prefer` weighs an unknown's index and a value (two
/// parameters) rather than a value alone (one, or a builtin).
fn prefers_by_unknown(interp: &Interp<'_>, prefer: &Value, span: Span) -> EvalResult<bool> {
    match interp.arity(prefer) {
        None | Some(1) => Ok(false),
        Some(2) => Ok(true),
        Some(n) => Err(EvalError::invalid(
            format!("`prefer` takes a function of a value (`|v|`) or of an unknown's index and a value (`|x, v|`), not of {n} arguments"),
            span,
        )),
    }
}

/// The weight `prefer(label, value)` of each value of `domain` for the
/// unknown with index `label`, in order.
fn weights_at(
    interp: &mut Interp<'_>,
    prefer: &Value,
    label: &Value,
    domain: &[i64],
    span: Span,
) -> EvalResult<Vec<u64>> {
    let mut out = Vec::with_capacity(domain.len());
    for &v in domain {
        let w = expect_int(
            &interp.call(prefer, vec![label.clone(), Value::Int(v)], span)?,
            span,
        )?;
        let Ok(w) = u64::try_from(w) else {
            return Err(EvalError::invalid(
                format!(
                    "`prefer` gave the value {v} of the unknown at {} the weight {w}; weights must be 0 or more",
                    label.display()
                ),
                span,
            ));
        };
        out.push(w);
    }
    Ok(out)
}

/// Indices `0..weights.len()` in a weighted random order: repeated draws
/// without replacement among the positive weights, then the zero weights
/// in uniform order.
fn weighted_order(interp: &mut Interp<'_>, weights: &[u64], span: Span) -> EvalResult<Vec<usize>> {
    let mut left: Vec<usize> = (0..weights.len()).filter(|&i| weights[i] > 0).collect();
    let zero: Vec<usize> = (0..weights.len()).filter(|&i| weights[i] == 0).collect();
    let mut out = Vec::with_capacity(weights.len());
    while !left.is_empty() {
        let w: Vec<u64> = left.iter().map(|&i| weights[i]).collect();
        let k = interp
            .sampler(span)?
            .weighted(&w)
            .map_err(|e| EvalError::invalid(format!("`prefer`: {e}"), span))?;
        out.push(left.remove(k));
    }
    let perm = interp.sampler(span)?.permutation(zero.len());
    out.extend(perm.into_iter().map(|i| zero[i]));
    Ok(out)
}
