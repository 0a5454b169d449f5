//! The constraint half of generation: the unknowns of `find`, the rules, and
//! the statements that use the SAT backend (`sample solution`, `dig`,
//! `reveal`, `clue`, `unique`, `maximize`/`minimize`).
//!
//! Determinism: only SAT/UNSAT verdicts steer generation. The hidden solution
//! comes from an oracle walk (unknowns and values in RNG order, keep a value
//! while the model stays satisfiable), never from a model the solver returns,
//! so records do not change when the backend does. Clues are assumptions on
//! one incremental solver per attempt.

use crate::check::program::Program;
use crate::effort::ModelView;
use crate::eval::fuel::{exhausted, Resource};
use crate::eval::interp::{bind_pattern, expect_bool, expect_int, iter_values};
use crate::eval::sym::{Atom, BoolTerm, IntTerm, Sym};
use crate::eval::symops::{bool_term, int_term};
use crate::eval::{Env, EvalError, EvalErrorKind as K, EvalResult, Interp, Value};
use crate::sat::{current_backend, CmpOp, IntVar, Limits, LinExpr, Lit, Model, SatError};
use crate::span::Span;
use crate::syntax::ast::{Binding, Expr};
use std::rc::Rc;

/// One `find`: its name, its array of unknowns, and each cell's label.
struct FindLayout {
    name: String,
    /// Nested lists/maps of symbolic unknowns, as specs index them.
    value: Value,
    /// Unknown ids in index order.
    ids: Vec<usize>,
    /// The index tuple of each cell (a single value for one index).
    labels: Vec<Value>,
    /// Index ranges when every index is `0..n` (for symmetries).
    dims: Option<Vec<usize>>,
}

/// The constraint model of one generation attempt.
pub struct Constraints {
    model: Model,
    vars: Vec<IntVar>,
    domains: Vec<Vec<i64>>,
    finds: Vec<FindLayout>,
    /// The hidden solution, once sampled.
    solution: Option<Vec<i64>>,
    /// Active clue literals (assumptions of every solve).
    clues: Vec<Lit>,
    /// Every rule instance asserted, to name the culprit of a contradiction.
    rule_terms: Vec<RuleTerm>,
    /// Full assignments known to satisfy the rules and the current clues
    /// (models the walk of `sample solution` met), used only as proofs of
    /// satisfiability; emptied when the clues change.
    known: Vec<Vec<i64>>,
    /// The condition of each clue, while every clue has one: with the rule
    /// terms, an assignment that satisfies them all is a model.
    clue_terms: Option<Vec<BoolTerm>>,
    /// The model as the search-effort builtins see it (rules, domains and
    /// every clue in force as a condition).
    view: ModelView,
}

/// One instance of a rule, as asserted.
struct RuleTerm {
    /// The rule's name.
    name: String,
    /// Its bindings, as ` (for g = 0..9)`, or empty.
    at: String,
    span: Span,
    term: BoolTerm,
}

/// What the statements of a `retry` block may change in a model, saved so
/// that a run that rejects can be undone (see [`Constraints::save`]).
pub struct Saved {
    clues: Vec<Lit>,
    clue_terms: Option<Vec<BoolTerm>>,
    stated: Rc<Vec<BoolTerm>>,
    known: Vec<Vec<i64>>,
    solution: Option<Vec<i64>>,
}

/// The result of a constraint statement.
pub enum Outcome {
    /// A value to bind (or nothing).
    Value(Value),
    /// The attempt is rejected (e.g. digging could not reach `keep`).
    Reject,
}

fn sat_error(e: SatError, span: Span) -> EvalError {
    match e {
        SatError::TooManyVars { limit } => exhausted(Resource::Vars, limit as u64, span),
        SatError::TooManyClauses { limit } => exhausted(Resource::Clauses, limit as u64, span),
        e => EvalError::new(K::Invalid(format!("constraint model: {e}")), span),
    }
}

impl Constraints {
    /// Fails before building `count` more unknowns of a domain of `values`
    /// values (one variable per value when there are two or more) if
    /// they cannot fit the variable limit, so a huge grid stops at once.
    fn room_for(
        &self,
        interp: &Interp<'_>,
        count: usize,
        values: usize,
        span: Span,
    ) -> EvalResult<()> {
        let per = if values > 1 { values as u128 } else { 0 };
        let needed = self.model.num_vars() as u128 + count as u128 * per;
        let limit = interp.fuel().limits().get(Resource::Vars);
        if needed > limit as u128 {
            return Err(exhausted(Resource::Vars, limit, span));
        }
        Ok(())
    }

    /// The model's variables and clauses.
    pub fn size(&self) -> (usize, usize) {
        (self.model.num_vars(), self.model.num_clauses())
    }

    /// A model with no unknowns, rules or clues yet.
    fn empty(model: Model) -> Constraints {
        Constraints {
            model,
            vars: Vec::new(),
            domains: Vec::new(),
            finds: Vec::new(),
            solution: None,
            clues: Vec::new(),
            rule_terms: Vec::new(),
            known: Vec::new(),
            clue_terms: Some(Vec::new()),
            view: ModelView::default(),
        }
    }

    /// The model for the search-effort builtins: shared, not copied.
    pub fn view(&self) -> ModelView {
        self.view.clone()
    }

    /// Adds conditions to the clues the effort view states.
    fn state(&mut self, terms: impl IntoIterator<Item = BoolTerm>) {
        Rc::make_mut(&mut self.view.clues).extend(terms);
    }

    /// Builds the model: unknowns from every `find`, then every rule,
    /// evaluated in `env`. Returns the environment with the finds bound.
    pub fn build(
        program: &Program,
        interp: &mut Interp<'_>,
        env: &Env,
        span: Span,
    ) -> EvalResult<(Constraints, Env)> {
        let fuel = interp.fuel().limits();
        let limits = Limits {
            max_vars: usize::try_from(fuel.get(Resource::Vars)).unwrap_or(usize::MAX),
            max_clauses: usize::try_from(fuel.get(Resource::Clauses)).unwrap_or(usize::MAX),
        };
        let model =
            Model::with_limits(current_backend(), limits).map_err(|e| sat_error(e, span))?;
        let mut c = Constraints::empty(model);
        let mut env = env.clone();
        for find in &program.finds {
            let domain: Vec<i64> = match &find.domain {
                None => vec![0, 1],
                Some(d) => {
                    let v = interp.eval(d, &env)?;
                    let mut ds = iter_values(&v, d.span)?
                        .iter()
                        .map(|x| expect_int(x, d.span))
                        .collect::<EvalResult<Vec<_>>>()?;
                    ds.sort_unstable();
                    ds.dedup();
                    if ds.is_empty() {
                        return Err(EvalError::invalid(
                            format!("`{}` has an empty domain", find.name.name),
                            d.span,
                        ));
                    }
                    ds
                }
            };
            let is_bool = find.domain.is_none();
            let mut layout = FindLayout {
                name: find.name.name.clone(),
                value: Value::Int(0),
                ids: Vec::new(),
                labels: Vec::new(),
                dims: Some(Vec::new()),
            };
            layout.value = c.array(
                interp,
                &env,
                &find.index,
                &[],
                &domain,
                is_bool,
                &mut layout,
                find.span,
            )?;
            env = env.bind(&find.name.name, layout.value.clone());
            c.finds.push(layout);
        }
        for rule in &program.rules {
            let mut instances = Vec::new();
            for_each_binding(interp, &env, &rule.bindings, &mut |interp, env| {
                instances.push((
                    interp.eval(&rule.body, env)?,
                    describe_bindings(env, &rule.bindings),
                ));
                Ok(())
            })?;
            for (value, at) in instances {
                match value {
                    Value::Bool(true) => {}
                    Value::Bool(false) => {
                        return Err(EvalError::invalid(
                            format!("rule `{}` can never hold{at}", rule.name.name),
                            rule.span,
                        ))
                    }
                    other => {
                        let t = bool_term(&other, rule.body.span)?;
                        c.assert(&t).map_err(|e| sat_error(e, rule.span))?;
                        c.rule_terms.push(RuleTerm {
                            name: rule.name.name.clone(),
                            at,
                            span: rule.span,
                            term: t,
                        });
                    }
                }
            }
        }
        c.view.domains = Rc::new(c.domains.clone());
        c.view.rules = Rc::new(c.rule_terms.iter().map(|r| r.term.clone()).collect());
        Ok((c, env))
    }

    /// Creates the unknowns of one `find` level by level.
    #[allow(clippy::too_many_arguments)]
    fn array(
        &mut self,
        interp: &mut Interp<'_>,
        env: &Env,
        bindings: &[Binding],
        prefix: &[Value],
        domain: &[i64],
        is_bool: bool,
        layout: &mut FindLayout,
        span: Span,
    ) -> EvalResult<Value> {
        let Some((binding, rest)) = bindings.split_first() else {
            interp.fuel().steps(1, span)?;
            let id = self.vars.len();
            let var = self.model.new_int(domain).map_err(|e| sat_error(e, span))?;
            self.vars.push(var);
            self.domains.push(domain.to_vec());
            layout.ids.push(id);
            layout.labels.push(match prefix {
                [one] => one.clone(),
                many => Value::tuple(many.to_vec()),
            });
            let term = IntTerm::var(id);
            return Ok(Value::Sym(Rc::new(if is_bool {
                Sym::Bool(BoolTerm::Cmp(
                    term.add_scaled(&IntTerm::constant(1), -1).unwrap_or(term),
                    CmpOp::Eq,
                ))
            } else {
                Sym::Int(term)
            })));
        };
        let source = interp.eval(&binding.source, env)?;
        let items = iter_values(&source, binding.source.span)?;
        self.room_for(interp, items.len(), domain.len(), span)?;
        let is_range = items
            .iter()
            .enumerate()
            .all(|(i, v)| *v == Value::Int(i as i64));
        if let Some(dims) = layout.dims.as_mut() {
            if is_range && dims.len() == prefix.len() {
                dims.push(items.len());
            } else if !is_range {
                layout.dims = None;
            }
        }
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let inner_env = bind_pattern(env, &binding.pattern, item.clone())?;
            let mut p = prefix.to_vec();
            p.push(item.clone());
            out.push((
                item,
                self.array(interp, &inner_env, rest, &p, domain, is_bool, layout, span)?,
            ));
        }
        if is_range {
            Ok(Value::list(out.into_iter().map(|(_, v)| v).collect()))
        } else {
            Ok(Value::Map(Rc::new(out)))
        }
    }

    // ---------------------------------------------------------------- encoding

    /// Asserts a condition at the top level.
    fn assert(&mut self, t: &BoolTerm) -> Result<(), SatError> {
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
    fn lit(&mut self, t: &BoolTerm) -> Result<Lit, SatError> {
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
    fn lin_expr(&mut self, term: &IntTerm) -> Result<LinExpr, SatError> {
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

    // ---------------------------------------------------------------- statements

    /// `sample solution`: a random solution by an oracle walk.
    ///
    /// The walk visits the unknowns in a random order and gives each the
    /// first value of its own random order that keeps the model satisfiable;
    /// the result is determined by SAT/UNSAT verdicts alone. Which solves
    /// establish those verdicts is chosen for speed (see `Walk`).
    pub fn sample(&mut self, interp: &mut Interp<'_>, span: Span) -> EvalResult<Outcome> {
        let fixed = self.clues.clone();
        if !self.model.solve(&fixed).map_err(|e| sat_error(e, span))? {
            if self.clues.is_empty() {
                return Err(self.contradiction(span));
            }
            return Ok(Outcome::Reject);
        }
        // Every draw happens up front, in the order the walk uses them.
        let order = interp.sampler(span)?.permutation(self.vars.len());
        let mut prefs = Vec::with_capacity(order.len());
        for &id in &order {
            let perm = interp.sampler(span)?.permutation(self.domains[id].len());
            prefs.push(perm.iter().map(|&i| self.domains[id][i]).collect());
        }
        let solution = self.walk(order, prefs).map_err(|e| sat_error(e, span))?;
        self.solution = Some(solution);
        Ok(Outcome::Value(self.solution_value()))
    }

    /// The clues, known models and hidden solution, to undo what a
    /// `retry` run added. Everything else a statement adds to the solver is
    /// a definition (a literal and the clauses that define it) or a clause
    /// the rules imply, which stays sound whatever the clues are.
    pub fn save(&self) -> Saved {
        Saved {
            clues: self.clues.clone(),
            clue_terms: self.clue_terms.clone(),
            stated: self.view.clues.clone(),
            known: self.known.clone(),
            solution: self.solution.clone(),
        }
    }

    /// Returns to a [`Constraints::save`].
    pub fn restore(&mut self, point: &Saved) {
        self.clues = point.clues.clone();
        self.clue_terms = point.clue_terms.clone();
        self.view.clues = point.stated.clone();
        self.known = point.known.clone();
        self.solution = point.solution.clone();
    }

    /// `plant solution EXPR`: the spec's own assignment `given` (a map from
    /// each `find` name to values shaped like the `find`) becomes the hidden
    /// solution. It must give every unknown a value of its domain and satisfy
    /// every rule and every clue so far; anything else is an error in the
    /// spec, reported with the first rule or unknown at fault. No solver
    /// model is involved, so this is as deterministic as the spec itself.
    pub fn plant(&mut self, given: &Value, span: Span) -> EvalResult<Value> {
        let Value::Map(entries) = given else {
            return Err(EvalError::invalid(
                format!(
                    "`plant solution` takes a map from each `find` to its values, not a {}",
                    given.type_name()
                ),
                span,
            ));
        };
        let mut values: Vec<Option<i64>> = vec![None; self.vars.len()];
        for (key, _) in entries.iter() {
            let known = matches!(key, Value::Str(k) if self.finds.iter().any(|f| *f.name == **k));
            if !known {
                return Err(EvalError::invalid(
                    format!(
                        "the planted solution names {}, which is not a `find`",
                        key.display()
                    ),
                    span,
                ));
            }
        }
        for f in &self.finds {
            let Some((_, v)) = entries
                .iter()
                .find(|(k, _)| matches!(k, Value::Str(k) if **k == *f.name))
            else {
                return Err(EvalError::invalid(
                    format!("the planted solution leaves out `{}`", f.name),
                    span,
                ));
            };
            let mut leaves = Vec::with_capacity(f.ids.len());
            planted_leaves(&f.value, v, &f.name, &mut leaves)
                .map_err(|why| EvalError::invalid(why, span))?;
            for (i, (&id, x)) in f.ids.iter().zip(leaves).enumerate() {
                if self.domains[id].binary_search(&x).is_err() {
                    return Err(EvalError::invalid(
                        format!(
                            "the planted value of `{}` is {x}, outside its domain ({})",
                            cell_name(&f.name, &f.labels[i]),
                            describe_values(&self.domains[id])
                        ),
                        span,
                    ));
                }
                values[id] = Some(x);
            }
        }
        let Some(m) = values.into_iter().collect::<Option<Vec<i64>>>() else {
            return Err(EvalError::invalid(
                "the planted solution does not set every unknown",
                span,
            ));
        };
        if let Some(r) = self
            .rule_terms
            .iter()
            .find(|r| r.term.eval(&m) != Some(true))
        {
            return Err(EvalError::invalid(
                format!("the planted solution breaks rule `{}`{}", r.name, r.at),
                span,
            ));
        }
        let holds = match &self.clue_terms {
            Some(ts) => ts.iter().all(|t| t.eval(&m) == Some(true)),
            None => {
                let mut fixed = self.clues.clone();
                for (&x, &v) in self.vars.iter().zip(&m) {
                    fixed.push(self.model.eq_lit(x, v));
                }
                self.model.solve(&fixed).map_err(|e| sat_error(e, span))?
            }
        };
        if !holds {
            return Err(EvalError::invalid(
                "the planted solution breaks a clue given before it",
                span,
            ));
        }
        self.known = vec![m.clone()];
        self.solution = Some(m);
        Ok(self.solution_value())
    }

    /// The oracle walk over the unknowns `order` with value orders `prefs`,
    /// after a SAT verdict on the clues (its model is the first witness).
    fn walk(&mut self, order: Vec<usize>, prefs: Vec<Vec<i64>>) -> Result<Vec<i64>, SatError> {
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

    /// The rules alone have no solution: name the first rule that, added to
    /// the ones before it, leaves none (by re-adding them one at a time).
    fn contradiction(&self, span: Span) -> EvalError {
        let culprit = (|| -> Result<Option<(String, Span)>, SatError> {
            let mut probe = Constraints::empty(Model::new(current_backend())?);
            probe.domains = self.domains.clone();
            for d in &self.domains {
                let x = probe.model.new_int(d)?;
                probe.vars.push(x);
            }
            for r in &self.rule_terms {
                probe.assert(&r.term)?;
                if !probe.model.solve(&[])? {
                    return Ok(Some((r.name.clone(), r.span)));
                }
            }
            Ok(None)
        })();
        match culprit {
            Ok(Some((name, rule_span))) => EvalError::invalid(
                format!(
                    "the rules have no solution: rule `{name}` contradicts the rules before it"
                ),
                rule_span,
            ),
            _ => EvalError::invalid("the rules have no solution", span),
        }
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

    /// The last model as a full assignment, if it assigns every unknown.
    fn complete_model(&self) -> Option<Vec<i64>> {
        self.model_values().into_iter().collect()
    }

    /// The value of every unknown in the last model (after a SAT verdict).
    fn model_values(&self) -> Vec<Option<i64>> {
        self.vars.iter().map(|&x| self.model.value_of(x)).collect()
    }

    /// The solution as a map from each `find` name to its array of values.
    fn solution_value(&self) -> Value {
        let sol = self.solution.clone().unwrap_or_default();
        Value::Map(Rc::new(
            self.finds
                .iter()
                .map(|f| (Value::str(&f.name), substitute(&f.value, &sol)))
                .collect(),
        ))
    }

    fn hidden(&self, what: &str, span: Span) -> EvalResult<Vec<i64>> {
        self.solution.clone().ok_or_else(|| {
            EvalError::invalid(
                format!(
                    "`{what}` needs a hidden solution: write `let s = sample solution` before it"
                ),
                span,
            )
        })
    }

    fn unique_under(
        &mut self,
        assumptions: &[Lit],
        solution: &[i64],
        span: Span,
    ) -> EvalResult<bool> {
        let vars = self.vars.clone();
        self.model
            .is_unique_under(assumptions, &vars, solution)
            .map_err(|e| sat_error(e, span))
    }

    /// `(label, constraint)` candidates as terms, each checked to hold in
    /// the hidden solution; encoding waits until a candidate is used.
    fn candidate_terms(
        &mut self,
        v: &Value,
        solution: &[i64],
        span: Span,
    ) -> EvalResult<Vec<(Value, BoolTerm)>> {
        let mut out = Vec::new();
        for item in iter_values(v, span)? {
            let (label, cond) = match &item {
                Value::Tuple(pair) if pair.len() == 2 => (pair[0].clone(), pair[1].clone()),
                other => (other.clone(), other.clone()),
            };
            let t = bool_term(&cond, span)?;
            if t.eval(solution) != Some(true) {
                return Err(EvalError::invalid(
                    format!(
                        "the clue labelled `{}` is false in the hidden solution",
                        label.display()
                    ),
                    span,
                ));
            }
            out.push((label, t));
        }
        Ok(out)
    }

    /// `dig cell from grid keep n` / `dig CLUES keep n`, optionally `while
    /// COND` (evaluated in `env` with the model as it would be after each
    /// removal; a removal that makes it false is undone, and a condition
    /// false before digging rejects the attempt).
    #[allow(clippy::too_many_arguments)]
    pub fn dig(
        &mut self,
        interp: &mut Interp<'_>,
        var: Option<&str>,
        from: Value,
        keep: Option<i64>,
        symmetry: Option<&str>,
        while_cond: Option<(&Expr, &Env)>,
        span: Span,
    ) -> EvalResult<Outcome> {
        let solution = self.hidden("dig", span)?;
        let mut cands: Vec<(Value, Lit)> = Vec::new();
        let mut terms: Vec<BoolTerm> = Vec::new();
        let mut partner: Option<Vec<usize>> = None;
        if let Some(name) = var {
            let find = self
                .finds
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| EvalError::invalid(format!("`{name}` is not a `find`"), span))?;
            let (ids, labels) = (
                self.finds[find].ids.clone(),
                self.finds[find].labels.clone(),
            );
            for (id, label) in ids.iter().zip(labels) {
                cands.push((label, self.model.eq_lit(self.vars[*id], solution[*id])));
                terms.push(BoolTerm::Cmp(
                    IntTerm::var(*id)
                        .add_scaled(&IntTerm::constant(solution[*id]), -1)
                        .ok_or_else(|| EvalError::new(K::Overflow("dig".into()), span))?,
                    CmpOp::Eq,
                ));
            }
            if symmetry == Some("rot180") {
                let dims = self.finds[find]
                    .dims
                    .clone()
                    .filter(|d| d.len() == 2)
                    .ok_or_else(|| {
                        EvalError::invalid("`symmetry rot180` needs a find over `0..n, 0..m`", span)
                    })?;
                let (h, w) = (dims[0], dims[1]);
                partner = Some(
                    (0..ids.len())
                        .map(|i| (h - 1 - i / w) * w + (w - 1 - i % w))
                        .collect(),
                );
            }
        } else {
            for (label, t) in self.candidate_terms(&from, &solution, span)? {
                let lit = self.lit(&t).map_err(|e| sat_error(e, span))?;
                cands.push((label, lit));
                terms.push(t);
            }
        }
        // `keep minimal` removes every clue that can go.
        let (keep, exact) = match keep {
            Some(k) if k < 0 => {
                return Err(EvalError::invalid(
                    format!("`keep` is {k}; it cannot be negative"),
                    span,
                ))
            }
            Some(k) => (k, true),
            None => (0, false),
        };
        let base = self.clues.clone();
        let mut active = vec![true; cands.len()];
        let assumptions = |active: &[bool]| -> Vec<Lit> {
            base.iter()
                .copied()
                .chain(
                    cands
                        .iter()
                        .zip(active)
                        .filter(|(_, a)| **a)
                        .map(|((_, l), _)| *l),
                )
                .collect()
        };
        // Whether the `while` condition holds with the active candidates.
        let stated = self.view.clues.clone();
        let holds = |interp: &mut Interp<'_>, view: &ModelView, active: &[bool]| {
            let Some((cond, env)) = while_cond else {
                return Ok(true);
            };
            let mut clues = (*stated).clone();
            clues.extend(
                terms
                    .iter()
                    .zip(active)
                    .filter(|(_, a)| **a)
                    .map(|(t, _)| t.clone()),
            );
            let trial = ModelView {
                clues: Rc::new(clues),
                ..view.clone()
            };
            interp.set_model(Some(trial));
            let v = interp.eval(cond, env);
            interp.set_model(Some(view.clone()));
            expect_bool(&v?, cond.span)
        };
        let view = self.view.clone();
        if !self.unique_under(&assumptions(&active), &solution, span)?
            || !holds(interp, &view, &active)?
        {
            return Ok(Outcome::Reject);
        }
        let mut count = cands.len() as i64;
        let order = interp.sampler(span)?.permutation(cands.len());
        for i in order {
            if count <= keep {
                break;
            }
            if !active[i] {
                continue;
            }
            let mut group = vec![i];
            if let Some(p) = &partner {
                if p[i] != i {
                    group.push(p[i]);
                }
            }
            if count - (group.len() as i64) < keep {
                continue;
            }
            for &g in &group {
                active[g] = false;
            }
            // The condition first: it is often cheaper than the solve, and
            // both must hold, so the order changes no verdict.
            if holds(interp, &view, &active)?
                && self.unique_under(&assumptions(&active), &solution, span)?
            {
                count -= group.len() as i64;
            } else {
                for &g in &group {
                    active[g] = true;
                }
            }
        }
        if exact && count > keep {
            return Ok(Outcome::Reject);
        }
        self.clues = assumptions(&active);
        self.known.clear();
        self.clue_terms = None;
        self.state(
            terms
                .into_iter()
                .zip(&active)
                .filter(|(_, a)| **a)
                .map(|(t, _)| t),
        );
        Ok(Outcome::Value(Value::list(
            cands
                .iter()
                .zip(&active)
                .filter(|(_, a)| **a)
                .map(|((label, _), _)| label.clone())
                .collect(),
        )))
    }

    /// `reveal CLUES until unique [limit n]`.
    pub fn reveal(
        &mut self,
        interp: &mut Interp<'_>,
        from: Value,
        of: Option<Value>,
        limit: Option<i64>,
        span: Span,
    ) -> EvalResult<Outcome> {
        let solution = self.hidden("reveal", span)?;
        let cands = self.candidate_terms(&from, &solution, span)?;
        let order = interp.sampler(span)?.permutation(cands.len());
        let mut active = self.clues.clone();
        let mut chosen = Vec::new();
        let mut chosen_terms = Vec::new();
        // With `of EXPR`, uniqueness is that of the expression's value.
        let differs_term = match &of {
            Some(v) => Some(self.differs(v, &solution, span)?),
            None => None,
        };
        let differs = match &differs_term {
            Some(t) => Some(self.lit(t).map_err(|e| sat_error(e, span))?),
            None => None,
        };
        // Whether a model of `active` shows that it is not yet unique.
        let counterexample = |m: &[i64]| match &differs_term {
            None => m != solution.as_slice(),
            Some(t) => t.eval(m) == Some(true),
        };
        // Full assignments known to satisfy `active` (models found after SAT
        // verdicts, dropped when a new clue rules them out). A candidate one
        // of them violates is certainly not implied, and one that differs
        // from the hidden solution shows it is not unique, so those solves
        // are skipped; the verdicts, and so the item, are the same.
        let mut pool: Vec<Vec<i64>> = std::mem::take(&mut self.known);
        let mut unique = if pool.iter().any(|w| counterexample(w)) {
            false
        } else {
            let u = self.unique_check(&active, differs, &solution, span)?;
            if !u {
                remember(&mut pool, self.complete_model());
            }
            u
        };
        for i in order {
            if unique {
                break;
            }
            // At the limit and not unique: the next informative clue would
            // exceed it, and without one the value stays ambiguous.
            if limit.is_some_and(|l| chosen.len() as i64 >= l) {
                return Ok(Outcome::Reject);
            }
            let (label, term) = &cands[i];
            let lit = &self.lit(term).map_err(|e| sat_error(e, span))?;
            // Skip a clue the current ones already imply.
            let informative = if pool.iter().any(|w| term.eval(w) == Some(false)) {
                true
            } else {
                active.push(!*lit);
                let sat = self.model.solve(&active).map_err(|e| sat_error(e, span))?;
                active.pop();
                if sat {
                    remember(&mut pool, self.complete_model());
                }
                sat
            };
            if !informative {
                continue;
            }
            if limit.is_some_and(|l| chosen.len() as i64 >= l) {
                return Ok(Outcome::Reject);
            }
            active.push(*lit);
            chosen.push(label.clone());
            chosen_terms.push(term.clone());
            pool.retain(|w| term.eval(w) == Some(true));
            unique = if pool.iter().any(|w| counterexample(w)) {
                false
            } else {
                let u = self.unique_check(&active, differs, &solution, span)?;
                if !u {
                    remember(&mut pool, self.complete_model());
                }
                u
            };
        }
        if !unique {
            return Ok(Outcome::Reject);
        }
        self.clues = active;
        self.known.clear();
        self.state(chosen_terms.iter().cloned());
        if let Some(ts) = &mut self.clue_terms {
            ts.extend(chosen_terms);
        }
        Ok(Outcome::Value(Value::list(chosen)))
    }

    /// `clue EXPR`: add clues that hold in the hidden solution (if sampled).
    pub fn clue(&mut self, v: Value, span: Span) -> EvalResult<Outcome> {
        let items = match &v {
            Value::List(_) => iter_values(&v, span)?,
            other => vec![other.clone()],
        };
        for item in items {
            let cond = match &item {
                Value::Tuple(pair) if pair.len() == 2 => pair[1].clone(),
                other => other.clone(),
            };
            let t = bool_term(&cond, span)?;
            if let Some(sol) = &self.solution {
                if t.eval(sol) != Some(true) {
                    return Err(EvalError::invalid(
                        "a clue is false in the hidden solution",
                        span,
                    ));
                }
            }
            let lit = self.lit(&t).map_err(|e| sat_error(e, span))?;
            self.clues.push(lit);
            self.known.retain(|m| t.eval(m) == Some(true));
            self.state([t.clone()]);
            if let Some(ts) = &mut self.clue_terms {
                ts.push(t);
            }
        }
        // The hidden solution satisfies the rules and the earlier clues, and
        // these hold in it: the verdict is SAT without a solve.
        if self.solution.is_none()
            && !self
                .model
                .solve(&self.clues)
                .map_err(|e| sat_error(e, span))?
        {
            return Ok(Outcome::Reject);
        }
        Ok(Outcome::Value(Value::Bool(true)))
    }

    /// Whether the solution (with `differs = None`) or an expression (its
    /// "differs from the hidden value" literal) is unique under `active`.
    fn unique_check(
        &mut self,
        active: &[Lit],
        differs: Option<Lit>,
        solution: &[i64],
        span: Span,
    ) -> EvalResult<bool> {
        match differs {
            None => self.unique_under(active, solution, span),
            Some(lit) => {
                let mut a = active.to_vec();
                a.push(lit);
                Ok(!self.model.solve(&a).map_err(|e| sat_error(e, span))?)
            }
        }
    }

    /// The condition "the expression differs from its value in `solution`".
    fn differs(&mut self, v: &Value, solution: &[i64], span: Span) -> EvalResult<BoolTerm> {
        let overflow = || EvalError::new(K::Overflow("unique".into()), span);
        Ok(match v {
            Value::Sym(s) => match &**s {
                Sym::Int(t) => {
                    let g = t.eval(solution).ok_or_else(|| {
                        EvalError::invalid("cannot evaluate the expression", span)
                    })?;
                    BoolTerm::compare(t, CmpOp::Ne, &IntTerm::constant(g)).ok_or_else(overflow)?
                }
                Sym::Bool(b) => {
                    let g = b
                        .eval(solution)
                        .ok_or_else(|| EvalError::invalid("cannot evaluate the condition", span))?;
                    if g {
                        b.clone().negated()
                    } else {
                        b.clone()
                    }
                }
            },
            Value::List(_) | Value::Tuple(_) => {
                let mut any = Vec::new();
                for x in iter_values(v, span)? {
                    any.push(self.differs(&x, solution, span)?);
                }
                BoolTerm::or(any)
            }
            _ => BoolTerm::Const(false),
        })
    }

    /// `unique EXPR`: the expression has one value over all solutions.
    pub fn unique(&mut self, v: Value, span: Span) -> EvalResult<Outcome> {
        let solution = self.hidden("unique", span)?;
        let differs = self.differs(&v, &solution, span)?;
        let lit = self.lit(&differs).map_err(|e| sat_error(e, span))?;
        if self.unique_check(&self.clues.clone(), Some(lit), &solution, span)? {
            Ok(Outcome::Value(Value::Bool(true)))
        } else {
            Ok(Outcome::Reject)
        }
    }

    /// `maximize EXPR` / `minimize EXPR`: the optimum under the clues, which
    /// then becomes a clue, so later solutions are optimal.
    pub fn optimize(&mut self, v: Value, maximize: bool, span: Span) -> EvalResult<Outcome> {
        if self.solution.is_some() {
            return Err(EvalError::invalid(
                "`maximize`/`minimize` must come before `sample solution`",
                span,
            ));
        }
        let t = int_term(&v, span)?;
        let lin = self.lin_expr(&t).map_err(|e| sat_error(e, span))?;
        let best = if maximize {
            self.model.maximize(&lin, &self.clues.clone())
        } else {
            self.model.minimize(&lin, &self.clues.clone())
        }
        .map_err(|e| sat_error(e, span))?;
        let Some(best) = best else {
            return Ok(Outcome::Reject);
        };
        let at = BoolTerm::compare(&t, CmpOp::Eq, &IntTerm::constant(best))
            .ok_or_else(|| EvalError::new(K::Overflow("optimum".into()), span))?;
        let lit = self.lit(&at).map_err(|e| sat_error(e, span))?;
        self.clues.push(lit);
        self.known.clear();
        self.state([at.clone()]);
        if let Some(ts) = &mut self.clue_terms {
            ts.push(at);
        }
        Ok(Outcome::Value(Value::Int(best)))
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
    fn run(&mut self, c: &mut Constraints) -> Result<Vec<i64>, SatError> {
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
fn remember(pool: &mut Vec<Vec<i64>>, model: Option<Vec<i64>>) {
    const POOL: usize = 32;
    if let Some(m) = model {
        if pool.len() >= POOL {
            pool.remove(0);
        }
        pool.push(m);
    }
}

/// Replaces every expression over unknowns by its value in `solution`.
pub fn substitute(v: &Value, solution: &[i64]) -> Value {
    match v {
        Value::Sym(s) => match &**s {
            Sym::Int(t) => t.eval(solution).map_or(Value::Int(0), Value::Int),
            Sym::Bool(b) => Value::Bool(b.eval(solution).unwrap_or(false)),
        },
        Value::List(xs) => Value::list(xs.iter().map(|x| substitute(x, solution)).collect()),
        Value::Tuple(xs) => Value::tuple(xs.iter().map(|x| substitute(x, solution)).collect()),
        Value::Map(entries) => Value::Map(Rc::new(
            entries
                .iter()
                .map(|(k, x)| (k.clone(), substitute(x, solution)))
                .collect(),
        )),
        other => other.clone(),
    }
}

/// The planted values of one `find`, in the order of its unknowns: `given`
/// must have the shape of `layout` (lists of the same lengths, maps with the
/// same keys) with an integer, or a bool for a `bool` find, at each leaf.
fn planted_leaves(
    layout: &Value,
    given: &Value,
    at: &str,
    out: &mut Vec<i64>,
) -> Result<(), String> {
    match (layout, given) {
        (Value::Sym(s), _) => {
            let v = match (&**s, given) {
                (Sym::Int(_), Value::Int(v)) => *v,
                (Sym::Bool(_), Value::Bool(b)) => i64::from(*b),
                (Sym::Int(_), other) => {
                    return Err(format!(
                        "the planted value of `{at}` is a {}, not an integer",
                        other.type_name()
                    ))
                }
                (Sym::Bool(_), other) => {
                    return Err(format!(
                        "the planted value of `{at}` is a {}, not a bool",
                        other.type_name()
                    ))
                }
            };
            out.push(v);
            Ok(())
        }
        (Value::List(xs), Value::List(ys)) => {
            if xs.len() != ys.len() {
                return Err(format!(
                    "the planted value of `{at}` has {} entries, but the `find` has {}",
                    ys.len(),
                    xs.len()
                ));
            }
            for (i, (x, y)) in xs.iter().zip(ys.iter()).enumerate() {
                planted_leaves(x, y, &format!("{at}[{i}]"), out)?;
            }
            Ok(())
        }
        (Value::Map(xs), Value::Map(ys)) => {
            for (k, x) in xs.iter() {
                let Some((_, y)) = ys.iter().find(|(key, _)| key == k) else {
                    return Err(format!(
                        "the planted value of `{at}` has no entry for {}",
                        k.display()
                    ));
                };
                planted_leaves(x, y, &format!("{at}[{}]", k.display()), out)?;
            }
            if ys.len() != xs.len() {
                return Err(format!(
                    "the planted value of `{at}` has {} entries, but the `find` has {}",
                    ys.len(),
                    xs.len()
                ));
            }
            Ok(())
        }
        (Value::List(_), other) => Err(format!(
            "the planted value of `{at}` is a {}, but the `find` is indexed there (a list)",
            other.type_name()
        )),
        (_, other) => Err(format!(
            "the planted value of `{at}` is a {}, but the `find` is indexed there (a map)",
            other.type_name()
        )),
    }
}

/// `name[label]` for an unknown's index label (a value or a tuple).
fn cell_name(name: &str, label: &Value) -> String {
    match label {
        Value::Tuple(xs) => format!(
            "{name}[{}]",
            xs.iter().map(Value::display).collect::<Vec<_>>().join(", ")
        ),
        one => format!("{name}[{}]", one.display()),
    }
}

/// A domain as `a..=b` when it is a run of integers, else a list.
fn describe_values(d: &[i64]) -> String {
    match (d.first(), d.last()) {
        (Some(&a), Some(&b)) if b - a + 1 == d.len() as i64 => format!("{a}..={b}"),
        _ => d.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// Runs `f` once per combination of the bindings (later bindings may use earlier ones).
fn for_each_binding(
    interp: &mut Interp<'_>,
    env: &Env,
    bindings: &[Binding],
    f: &mut dyn FnMut(&mut Interp<'_>, &Env) -> EvalResult<()>,
) -> EvalResult<()> {
    let Some((first, rest)) = bindings.split_first() else {
        return f(interp, env);
    };
    let source = interp.eval(&first.source, env)?;
    for item in iter_values(&source, first.source.span)? {
        let inner = bind_pattern(env, &first.pattern, item)?;
        for_each_binding(interp, &inner, rest, f)?;
    }
    Ok(())
}

fn describe_bindings(env: &Env, bindings: &[Binding]) -> String {
    let names: Vec<String> = bindings
        .iter()
        .flat_map(|b| b.pattern.names())
        .filter_map(|n| {
            env.get(&n.name)
                .map(|v| format!("{} = {}", n.name, v.display()))
        })
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" (for {})", names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::default_backend;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
        fn shuffled<T: Clone>(&mut self, xs: &[T]) -> Vec<T> {
            let mut v = xs.to_vec();
            for i in (1..v.len()).rev() {
                v.swap(i, self.below(i + 1));
            }
            v
        }
    }

    /// Asserts `t` as a rule of `c`.
    fn add_rule(c: &mut Constraints, t: BoolTerm) {
        c.assert(&t).unwrap();
        c.rule_terms.push(RuleTerm {
            name: "r".into(),
            at: String::new(),
            span: Span::default(),
            term: t,
        });
    }

    /// The walk's definition, one solve per value tried.
    fn naive_walk(c: &mut Constraints, order: &[usize], prefs: &[Vec<i64>]) -> Vec<i64> {
        let mut fixed = c.clues.clone();
        let mut out = vec![0; c.vars.len()];
        for (&id, pref) in order.iter().zip(prefs) {
            let v = *pref
                .iter()
                .find(|&&v| {
                    let mut a = fixed.clone();
                    a.push(c.model.eq_lit(c.vars[id], v));
                    c.model.solve(&a).unwrap()
                })
                .expect("some value extends the model");
            out[id] = v;
            fixed.push(c.model.eq_lit(c.vars[id], v));
        }
        out
    }

    /// The walk picks exactly the values of its definition, on random
    /// models with sums, all-different groups (some of whose members
    /// appear nowhere else), unconstrained unknowns and clues; the models it
    /// hands on satisfy the clues.
    #[test]
    fn walk_matches_its_definition() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for _ in 0..600 {
            let mut c = Constraints::empty(Model::new(default_backend()).unwrap());
            let n = 4 + rng.below(6);
            for _ in 0..n {
                let size = 2 + rng.below(5);
                let d: Vec<i64> = (0..size as i64).collect();
                c.vars.push(c.model.new_int(&d).unwrap());
                c.domains.push(d);
            }
            // Some unknowns stay out of every constraint, some are only in
            // an all-different group.
            let ids = rng.shuffled(&(0..n).collect::<Vec<_>>());
            let used: Vec<usize> = ids[..n / 2 + 1].to_vec();
            if rng.below(3) > 0 {
                let group: Vec<IntTerm> = ids[..n - 1].iter().map(|&i| IntTerm::var(i)).collect();
                add_rule(&mut c, BoolTerm::AllDiff(group));
            }
            for _ in 0..1 + rng.below(3) {
                let mut e = IntTerm::constant(0);
                for &i in &used {
                    if rng.below(3) > 0 {
                        e = e
                            .add_scaled(&IntTerm::var(i), rng.below(5) as i64 - 2)
                            .unwrap();
                    }
                }
                let op = [CmpOp::Eq, CmpOp::Le, CmpOp::Ge, CmpOp::Ne][rng.below(4)];
                let k = IntTerm::constant(rng.below(7) as i64 - 2);
                let t = BoolTerm::compare(&e, op, &k).unwrap();
                if rng.below(3) == 0 {
                    let lit = c.lit(&t).unwrap();
                    c.clues.push(lit);
                    c.clue_terms.as_mut().unwrap().push(t);
                } else {
                    add_rule(&mut c, t);
                }
            }
            if !c.model.solve(&c.clues.clone()).unwrap() {
                continue;
            }
            let order = rng.shuffled(&(0..n).collect::<Vec<_>>());
            let prefs: Vec<Vec<i64>> = order
                .iter()
                .map(|&id| rng.shuffled(&c.domains[id]))
                .collect();
            let got = c.walk(order.clone(), prefs.clone()).unwrap();
            for m in &c.known {
                let mut a = c.clues.clone();
                a.extend(c.vars.iter().zip(m).map(|(&x, &v)| c.model.eq_lit(x, v)));
                assert!(c.model.solve(&a).unwrap(), "a known model breaks the clues");
            }
            assert_eq!(got, naive_walk(&mut c, &order, &prefs));
            checked += 1;
        }
        assert!(checked > 200, "only {checked} satisfiable cases");
    }

    /// `plant solution` accepts an assignment exactly when the SAT model
    /// (rules, clues, the assignment as assumptions) is satisfiable: the
    /// check by evaluation agrees with the encoding, on random models with
    /// sums, all-different groups and clues, for random assignments (some
    /// outside a domain) and the walk's own solutions.
    #[test]
    fn plant_accepts_exactly_the_solutions() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let span = Span::default();
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..300 {
            let mut c = Constraints::empty(Model::new(default_backend()).unwrap());
            let n = 3 + rng.below(4);
            for _ in 0..n {
                let d: Vec<i64> = (0..2 + rng.below(3) as i64).collect();
                c.vars.push(c.model.new_int(&d).unwrap());
                c.domains.push(d);
            }
            c.finds.push(FindLayout {
                name: "x".into(),
                value: Value::list(
                    (0..n)
                        .map(|i| Value::Sym(Rc::new(Sym::Int(IntTerm::var(i)))))
                        .collect(),
                ),
                ids: (0..n).collect(),
                labels: (0..n).map(|i| Value::Int(i as i64)).collect(),
                dims: Some(vec![n]),
            });
            let ids = rng.shuffled(&(0..n).collect::<Vec<_>>());
            let group: Vec<IntTerm> = ids[..2 + rng.below(n - 1)]
                .iter()
                .map(|&i| IntTerm::var(i))
                .collect();
            add_rule(&mut c, BoolTerm::AllDiff(group));
            let mut e = IntTerm::constant(0);
            for i in 0..n {
                e = e
                    .add_scaled(&IntTerm::var(i), rng.below(3) as i64 - 1)
                    .unwrap();
            }
            let op = [CmpOp::Le, CmpOp::Ge, CmpOp::Ne][rng.below(3)];
            let t = BoolTerm::compare(&e, op, &IntTerm::constant(rng.below(3) as i64 - 1)).unwrap();
            let lit = c.lit(&t).unwrap();
            c.clues.push(lit);
            c.clue_terms.as_mut().unwrap().push(t);
            let mut candidates: Vec<Vec<i64>> = (0..12)
                .map(|_| (0..n).map(|_| rng.below(5) as i64 - 1).collect())
                .collect();
            if c.model.solve(&c.clues.clone()).unwrap() {
                let order = rng.shuffled(&(0..n).collect::<Vec<_>>());
                let prefs: Vec<Vec<i64>> = order
                    .iter()
                    .map(|&id| rng.shuffled(&c.domains[id]))
                    .collect();
                candidates.push(c.walk(order, prefs).unwrap());
            }
            for m in candidates {
                let in_domains = m.iter().zip(&c.domains).all(|(v, d)| d.contains(v));
                let sat = in_domains && {
                    let mut a = c.clues.clone();
                    a.extend(c.vars.iter().zip(&m).map(|(&x, &v)| c.model.eq_lit(x, v)));
                    c.model.solve(&a).unwrap()
                };
                let given = Value::Map(Rc::new(vec![(
                    Value::str("x"),
                    Value::list(m.iter().map(|&v| Value::Int(v)).collect()),
                )]));
                let planted = c.plant(&given, span);
                assert_eq!(planted.is_ok(), sat, "{m:?}");
                if let Ok(v) = planted {
                    assert_eq!(c.solution.as_deref(), Some(m.as_slice()));
                    assert_eq!(
                        substitute(&c.finds[0].value, &m),
                        match &v {
                            Value::Map(e) => e[0].1.clone(),
                            _ => panic!("a map"),
                        }
                    );
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
        }
        assert!(
            accepted > 100 && refused > 100,
            "{accepted} accepted, {refused} refused"
        );
    }
}
