//! The tree-walking evaluator of spec expressions.

use super::builtins;
use super::env::Env;
use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::fuel::{Fuel, Resource};
use super::symops;
use super::value::{Func, Value};
use super::Sampler;
use crate::effort::ModelView;
use crate::render::particle;
use crate::span::Span;
use crate::syntax::ast::*;
use std::rc::Rc;

/// How often (in levels of nesting) the evaluator makes sure that the
/// stack has room, growing it on the heap when it has not: the depth
/// budget, not the thread's stack size, bounds recursion.
const STACK_CHECK_EVERY: u64 = 8;
/// The stack room kept free below the current frame.
const STACK_RED_ZONE: usize = 512 * 1024;
/// The size of each stack segment added.
const STACK_SEGMENT: usize = 8 * 1024 * 1024;

/// The user functions a program defines, by name and index.
pub trait Functions {
    /// The index of the user function `name`.
    fn lookup(&self, name: &str) -> Option<usize>;
    /// The declaration of user function `index`, if `lookup` gave it.
    fn get(&self, index: usize) -> Option<&FnDecl>;
}

/// Evaluates expressions against user functions and an optional sampler.
pub struct Interp<'a> {
    fns: &'a dyn Functions,
    sampler: Option<&'a mut dyn Sampler>,
    /// The current nesting of evaluation.
    depth: u64,
    /// Levers and constants, visible inside user functions.
    globals: Env,
    /// The item's run-time budget.
    fuel: Rc<Fuel>,
    /// The constraint model of the current attempt, for the search-effort
    /// builtins (set by the generator once the model exists).
    model: Option<ModelView>,
}

impl<'a> Interp<'a> {
    /// An evaluator that may draw random numbers from `sampler`.
    pub fn new(fns: &'a dyn Functions, sampler: Option<&'a mut dyn Sampler>) -> Interp<'a> {
        Interp {
            fns,
            sampler,
            depth: 0,
            globals: Env::new(),
            fuel: Rc::new(Fuel::default()),
            model: None,
        }
    }

    /// Charges evaluation to `fuel` (by default each evaluator has a full
    /// budget of the default limits of its own).
    pub fn with_fuel(mut self, fuel: Rc<Fuel>) -> Interp<'a> {
        self.fuel = fuel;
        self
    }

    /// The budget this evaluator charges.
    pub fn fuel(&self) -> &Fuel {
        &self.fuel
    }

    /// Makes levers and constants (`globals`) visible inside user functions.
    pub fn with_globals(mut self, globals: Env) -> Interp<'a> {
        self.globals = globals;
        self
    }

    /// The spec's `READINGS` map (Latin word → Korean reading), if any.
    pub fn readings(&self) -> particle::Readings {
        match self.globals.get(particle::READINGS_CONSTANT) {
            Some(Value::Map(entries)) => {
                particle::Readings::new(entries.iter().map(|(k, v)| (k.display(), v.display())))
            }
            _ => particle::Readings::default(),
        }
    }

    /// The sampler, or the error for randomness outside `generate`.
    pub fn sampler(&mut self, span: Span) -> EvalResult<&mut dyn Sampler> {
        match self.sampler.as_mut() {
            Some(s) => Ok(&mut **s),
            None => Err(EvalError::new(K::NoRandomness, span)),
        }
    }

    /// Makes the attempt's constraint model visible to the search-effort
    /// builtins.
    pub fn set_model(&mut self, model: Option<ModelView>) {
        self.model = model;
    }

    /// The constraint model, or the error for a builtin that needs one.
    pub fn model(&self, name: &str, span: Span) -> EvalResult<&ModelView> {
        self.model.as_ref().ok_or_else(|| {
            EvalError::invalid(
                format!(
                    "`{name}` measures the constraint model, which does not exist yet here: \
                     use it after a statement that builds it (`sample solution`, `dig`, `reveal`, `clue`)"
                ),
                span,
            )
        })
    }

    /// Evaluates `expr` in `env`, charging one step and one level of nesting.
    pub fn eval(&mut self, expr: &Expr, env: &Env) -> EvalResult<Value> {
        self.fuel.steps(1, expr.span)?;
        self.depth += 1;
        let result = match self.fuel.nest(self.depth, expr.span) {
            Err(e) => Err(e),
            Ok(()) if self.depth.is_multiple_of(STACK_CHECK_EVERY) => {
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.eval_node(expr, env))
            }
            Ok(()) => self.eval_node(expr, env),
        };
        self.depth -= 1;
        result
    }

    fn eval_node(&mut self, expr: &Expr, env: &Env) -> EvalResult<Value> {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(parts) => Ok(Value::str(self.interpolate(parts, env)?)),
            ExprKind::Name(ident) => self.lookup(ident, env),
            ExprKind::List(items) => {
                let values = items
                    .iter()
                    .map(|e| self.eval(e, env))
                    .collect::<EvalResult<_>>()?;
                Ok(Value::list(values))
            }
            ExprKind::Tuple(items) => {
                let values = items
                    .iter()
                    .map(|e| self.eval(e, env))
                    .collect::<EvalResult<_>>()?;
                Ok(Value::tuple(values))
            }
            ExprKind::Record(entries) => {
                let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
                for (key, _, value) in entries {
                    let key = literal_value(key);
                    let value = self.eval(value, env)?;
                    match out.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = value,
                        None => out.push((key, value)),
                    }
                }
                Ok(Value::Map(Rc::new(out)))
            }
            ExprKind::Comprehension(head, clauses) => {
                let mut out = Vec::new();
                self.comprehension(head, clauses, env, &mut out)?;
                Ok(Value::list(out))
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, env, span),
            ExprKind::Neg(a) => {
                let v = self.eval(a, env)?;
                if let Value::Sym(_) = v {
                    return symops::binary(BinOp::Mul, &v, &Value::Int(-1), span);
                }
                let i = expect_int(&v, a.span)?;
                i.checked_neg()
                    .map(Value::Int)
                    .ok_or_else(|| EvalError::new(K::Overflow(format!("-{i}")), span))
            }
            ExprKind::Not(a) => {
                let v = self.eval(a, env)?;
                if let Value::Sym(_) = v {
                    return Ok(symops::bool_value(symops::bool_term(&v, a.span)?.negated()));
                }
                Ok(Value::Bool(!expect_bool(&v, a.span)?))
            }
            ExprKind::Call(callee, args) => {
                let f = self.eval(callee, env)?;
                let args = args
                    .iter()
                    .map(|e| self.eval(e, env))
                    .collect::<EvalResult<Vec<_>>>()?;
                self.call(&f, args, span)
            }
            ExprKind::Index(target, args) => {
                let t = self.eval(target, env)?;
                let mut indices = Vec::with_capacity(args.len());
                for arg in args {
                    indices.push(match arg {
                        IndexArg::Expr(e) => Some((self.eval(e, env)?, e.span)),
                        IndexArg::Wildcard(_) => None,
                    });
                }
                index_all(&t, &indices, span)
            }
            ExprKind::Field(target, field) => {
                let t = self.eval(target, env)?;
                get_field(&t, field)
            }
            ExprKind::If(c, a, b) => {
                let cond = self.eval(c, env)?;
                if let Value::Sym(_) = cond {
                    return Err(EvalError::new(
                        K::Invalid("a condition over unknowns cannot choose a branch; write `implies(c, a)` or `(c and a) or (not c and b)`".into()),
                        c.span,
                    ));
                }
                if expect_bool(&cond, c.span)? {
                    self.eval(a, env)
                } else {
                    self.eval(b, env)
                }
            }
            ExprKind::Let(pattern, value, body) => {
                let v = self.eval(value, env)?;
                let env = bind_pattern(env, pattern, v)?;
                self.eval(body, &env)
            }
            ExprKind::Lambda(params, body) => Ok(Value::Func(Rc::new(Func::Closure {
                params: params.clone(),
                body: Rc::new((**body).clone()),
                env: env.clone(),
            }))),
            ExprKind::SampleInt(range) => {
                // `int in a..b` / `a..=b` draws without building the list.
                if let ExprKind::Binary(op @ (BinOp::Range | BinOp::RangeInclusive), lo, hi) =
                    &range.kind
                {
                    let lo_v = expect_int(&self.eval(lo, env)?, lo.span)?;
                    let hi_v = expect_int(&self.eval(hi, env)?, hi.span)?;
                    let hi_v = if *op == BinOp::Range {
                        hi_v as i128 - 1
                    } else {
                        hi_v as i128
                    };
                    if hi_v < lo_v as i128 {
                        return Err(EvalError::new(
                            K::Invalid("`int in` over an empty range".into()),
                            span,
                        ));
                    }
                    let n = (hi_v - lo_v as i128 + 1) as u128;
                    if n > u64::MAX as u128 {
                        return Err(EvalError::new(
                            K::Invalid("`int in` over a range wider than 2^64".into()),
                            span,
                        ));
                    }
                    let k = self.sampler(span)?.below(n as u64);
                    return Ok(Value::Int((lo_v as i128 + k as i128) as i64));
                }
                let r = self.eval(range, env)?;
                let items = expect_list(&r, range.span)?;
                if items.is_empty() {
                    return Err(EvalError::new(
                        K::Invalid("`int in` over an empty range".into()),
                        span,
                    ));
                }
                let i = self.sampler(span)?.below(items.len() as u64);
                Ok(items[i as usize].clone())
            }
            ExprKind::SamplePick(k, xs) => {
                let kv = self.eval(k, env)?;
                let k = expect_int(&kv, k.span)?;
                let xsv = self.eval(xs, env)?;
                let items = expect_list(&xsv, xs.span)?;
                if k < 0 || k as u128 > items.len() as u128 {
                    return Err(EvalError::new(
                        K::Invalid(format!("cannot pick {k} of {} elements", items.len())),
                        span,
                    ));
                }
                let picked = self.sampler(span)?.pick_indices(items.len(), k as usize);
                Ok(Value::list(
                    picked.into_iter().map(|i| items[i].clone()).collect(),
                ))
            }
            ExprKind::SampleOne(xs) => {
                let xsv = self.eval(xs, env)?;
                let items = expect_list(&xsv, xs.span)?;
                if items.is_empty() {
                    return Err(EvalError::new(
                        K::Invalid("`one of` an empty list".into()),
                        span,
                    ));
                }
                let i = self.sampler(span)?.below(items.len() as u64);
                Ok(items[i as usize].clone())
            }
            ExprKind::SampleWeighted(entries) => {
                let mut values = Vec::with_capacity(entries.len());
                let mut weights = Vec::with_capacity(entries.len());
                for (v, w) in entries {
                    values.push(self.eval(v, env)?);
                    let wv = self.eval(w, env)?;
                    let w_int = expect_int(&wv, w.span)?;
                    if w_int < 0 {
                        return Err(EvalError::new(
                            K::Invalid(format!("weight {w_int} is negative")),
                            w.span,
                        ));
                    }
                    weights.push(w_int as u64);
                }
                let i = self
                    .sampler(span)?
                    .weighted(&weights)
                    .map_err(|m| EvalError::new(K::Invalid(m), span))?;
                Ok(values[i].clone())
            }
        }
    }

    fn lookup(&mut self, ident: &Ident, env: &Env) -> EvalResult<Value> {
        if let Some(v) = env.get(&ident.name) {
            return Ok(v.clone());
        }
        if let Some(i) = self.fns.lookup(&ident.name) {
            return Ok(Value::Func(Rc::new(Func::User(i))));
        }
        if let Some(b) = builtins::find(&ident.name) {
            return Ok(Value::Func(Rc::new(Func::Builtin(b.name))));
        }
        Err(EvalError::new(K::Unbound(ident.name.clone()), ident.span))
    }

    /// Renders an interpolated string.
    pub fn interpolate(&mut self, parts: &[StrPart], env: &Env) -> EvalResult<String> {
        let mut out = String::new();
        for part in parts {
            let before = out.len();
            match part {
                StrPart::Text(t) => out.push_str(t),
                StrPart::Placeholder { expr, particle: p } => {
                    let v = self.eval(expr, env)?;
                    let text = v.display();
                    match p {
                        None => out.push_str(&text),
                        Some((name, pspan)) => {
                            let kind = particle::parse_particle(name).ok_or_else(|| {
                                EvalError::new(
                                    K::Invalid(format!("unknown particle `{name}`")),
                                    *pspan,
                                )
                            })?;
                            let readings = self.readings();
                            let joined =
                                particle::attach_read(&text, kind, &readings).map_err(|e| {
                                    EvalError::new(K::Invalid(e.to_string()), expr.span)
                                })?;
                            out.push_str(&joined);
                        }
                    }
                }
            }
            self.fuel
                .steps((out.len() - before) as u64, expr_span(part))?;
            self.fuel.size(out.len() as u128, expr_span(part))?;
        }
        Ok(out)
    }

    fn comprehension(
        &mut self,
        head: &Expr,
        clauses: &[CompClause],
        env: &Env,
        out: &mut Vec<Value>,
    ) -> EvalResult<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.eval(head, env)?);
            return self.fuel.size(out.len() as u128, head.span);
        };
        match clause {
            CompClause::If(cond) => {
                let c = self.eval(cond, env)?;
                if expect_bool(&c, cond.span)? {
                    self.comprehension(head, rest, env, out)?;
                }
            }
            CompClause::For(binding) => {
                let source = self.eval(&binding.source, env)?;
                for item in iter_values(&source, binding.source.span)? {
                    self.fuel.steps(1, binding.source.span)?;
                    let inner = bind_pattern(env, &binding.pattern, item)?;
                    self.comprehension(head, rest, &inner, out)?;
                }
            }
        }
        Ok(())
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        env: &Env,
        span: Span,
    ) -> EvalResult<Value> {
        // Short-circuit boolean operators; conditions over unknowns combine.
        if matches!(op, BinOp::And | BinOp::Or) {
            let lv = self.eval(a, env)?;
            if let Value::Bool(l) = lv {
                if (op == BinOp::And && !l) || (op == BinOp::Or && l) {
                    return Ok(Value::Bool(l));
                }
                let rv = self.eval(b, env)?;
                if let Value::Sym(_) = rv {
                    return symops::binary(op, &lv, &rv, span);
                }
                return Ok(Value::Bool(expect_bool(&rv, b.span)?));
            }
            if let Value::Sym(_) = lv {
                let rv = self.eval(b, env)?;
                return symops::binary(op, &lv, &rv, span);
            }
            return Err(type_error("a bool", &lv, a.span));
        }
        let l = self.eval(a, env)?;
        let r = self.eval(b, env)?;
        self.charge_binary(op, &l, &r, span)?;
        binary_values(op, &l, &r, a.span, b.span, span)
    }

    /// What an operator costs before it runs: joining strings or lists and
    /// building a range allocate their result; comparing and searching
    /// read their operands.
    fn charge_binary(&self, op: BinOp, l: &Value, r: &Value, span: Span) -> EvalResult<()> {
        match (op, l, r) {
            (BinOp::Add, Value::Str(_) | Value::List(_), _) => self
                .fuel
                .alloc(shallow_size(l) as u128 + shallow_size(r) as u128, span),
            (BinOp::Range | BinOp::RangeInclusive, Value::Int(a), Value::Int(b)) => {
                let end = *b as i128 + i128::from(op == BinOp::RangeInclusive);
                self.fuel.alloc((end - *a as i128).max(0) as u128, span)
            }
            (BinOp::Eq | BinOp::Ne | BinOp::In | BinOp::NotIn, _, _) => {
                self.fuel.steps(shallow_size(l).max(shallow_size(r)), span)
            }
            _ => Ok(()),
        }
    }

    /// Calls a function value with evaluated arguments.
    pub fn call(&mut self, f: &Value, args: Vec<Value>, span: Span) -> EvalResult<Value> {
        let Value::Func(func) = f else {
            return Err(EvalError::new(
                K::Type {
                    expected: "a function".into(),
                    found: describe(f),
                },
                span,
            ));
        };
        let result = match &**func {
            Func::Builtin(name) => self.call_builtin(name, args, span),
            Func::User(i) => {
                let fns = self.fns;
                let Some(decl) = fns.get(*i) else {
                    return Err(EvalError::new(
                        K::Invalid(format!("no user function has index {i}")),
                        span,
                    ));
                };
                let globals = self.globals.clone();
                self.call_with(
                    &decl.name.name,
                    &decl.params,
                    &decl.body,
                    &globals,
                    args,
                    span,
                )
            }
            Func::Closure { params, body, env } => {
                self.call_with("lambda", params, body, env, args, span)
            }
        };
        result
    }

    /// A builtin call costs a step per element of its arguments and of its
    /// result, and its result must fit the value limit.
    fn call_builtin(&mut self, name: &str, args: Vec<Value>, span: Span) -> EvalResult<Value> {
        let read: u64 = args.iter().map(shallow_size).sum();
        self.fuel.steps(read, span)?;
        let result = builtins::call(self, name, args, span)?;
        self.fuel.alloc(shallow_size(&result) as u128, span)?;
        Ok(result)
    }

    fn call_with(
        &mut self,
        name: &str,
        params: &[Ident],
        body: &Expr,
        env: &Env,
        args: Vec<Value>,
        span: Span,
    ) -> EvalResult<Value> {
        if params.len() != args.len() {
            return Err(EvalError::new(
                K::Arity {
                    name: name.to_string(),
                    expected: params.len().to_string(),
                    found: args.len(),
                },
                span,
            ));
        }
        let mut env = env.clone();
        for (p, v) in params.iter().zip(args) {
            env = env.bind(&p.name, v);
        }
        self.eval(body, &env)
    }
}

/// The elements of a list, tuple or map, or the bytes of a string: what
/// copying the value one level deep costs.
pub fn shallow_size(v: &Value) -> u64 {
    match v {
        Value::List(items) | Value::Tuple(items) => items.len() as u64,
        Value::Str(s) => s.len() as u64,
        Value::Map(entries) => entries.len() as u64,
        _ => 0,
    }
}

fn expr_span(part: &StrPart) -> Span {
    match part {
        StrPart::Placeholder { expr, .. } => expr.span,
        StrPart::Text(_) => Span::default(),
    }
}

/// The value of a literal.
pub fn literal_value(lit: &Literal) -> Value {
    match lit {
        Literal::Int(i) => Value::Int(*i),
        Literal::Str(s) => Value::str(s),
        Literal::Bool(b) => Value::Bool(*b),
    }
}

/// Binds a pattern to a value.
pub fn bind_pattern(env: &Env, pattern: &Pattern, value: Value) -> EvalResult<Env> {
    match pattern {
        Pattern::Name(ident) if ident.name == "_" => Ok(env.clone()),
        Pattern::Name(ident) => Ok(env.bind(&ident.name, value)),
        Pattern::Tuple(items, span) => {
            let values = match &value {
                Value::Tuple(v) | Value::List(v) => v.clone(),
                other => {
                    return Err(EvalError::new(
                        K::Type {
                            expected: format!("a tuple of {}", items.len()),
                            found: describe(other),
                        },
                        *span,
                    ))
                }
            };
            if values.len() != items.len() {
                return Err(EvalError::new(
                    K::Type {
                        expected: format!("a tuple of {}", items.len()),
                        found: format!("{} values", values.len()),
                    },
                    *span,
                ));
            }
            let mut env = env.clone();
            for (p, v) in items.iter().zip(values.iter()) {
                env = bind_pattern(&env, p, v.clone())?;
            }
            Ok(env)
        }
    }
}

/// The elements iterated over by `for`: a list's or tuple's items, a
/// string's characters, or a map's `(key, value)` pairs.
pub fn iter_values(v: &Value, span: Span) -> EvalResult<Vec<Value>> {
    match v {
        Value::List(items) | Value::Tuple(items) => Ok(items.to_vec()),
        Value::Str(s) => Ok(s.chars().map(|c| Value::str(c.to_string())).collect()),
        Value::Map(entries) => Ok(entries
            .iter()
            .map(|(k, v)| Value::tuple(vec![k.clone(), v.clone()]))
            .collect()),
        other => Err(EvalError::new(
            K::Type {
                expected: "a list, string or map to iterate".into(),
                found: describe(other),
            },
            span,
        )),
    }
}

/// A value's type and a short rendering, for messages.
pub fn describe(v: &Value) -> String {
    let mut text = v.display();
    if text.chars().count() > 40 {
        text = text.chars().take(37).collect::<String>() + "...";
    }
    match v {
        Value::Str(_) => format!("string \"{text}\""),
        Value::Func(_) => "a function".into(),
        _ => format!("{} `{text}`", v.type_name()),
    }
}

/// The integer inside `v`.
pub fn expect_int(v: &Value, span: Span) -> EvalResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        other => Err(type_error("an int", other, span)),
    }
}

/// The boolean inside `v`.
pub fn expect_bool(v: &Value, span: Span) -> EvalResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(type_error("a bool", other, span)),
    }
}

/// The string inside `v`.
pub fn expect_str(v: &Value, span: Span) -> EvalResult<Rc<str>> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(type_error("a string", other, span)),
    }
}

/// The elements of a list or tuple.
pub fn expect_list(v: &Value, span: Span) -> EvalResult<Rc<Vec<Value>>> {
    match v {
        Value::List(items) | Value::Tuple(items) => Ok(items.clone()),
        other => Err(type_error("a list", other, span)),
    }
}

/// A type error.
pub fn type_error(expected: &str, found: &Value, span: Span) -> EvalError {
    EvalError::new(
        K::Type {
            expected: expected.to_string(),
            found: describe(found),
        },
        span,
    )
}

fn get_field(t: &Value, field: &Ident) -> EvalResult<Value> {
    if let Ok(i) = field.name.parse::<i64>() {
        return index(t, &Value::Int(i), field.span);
    }
    match t {
        Value::Map(entries) => Value::map_get(entries, &Value::str(&field.name)).ok_or_else(|| {
            EvalError::new(K::MissingKey(format!("\"{}\"", field.name)), field.span)
        }),
        other => Err(type_error("a map with named fields", other, field.span)),
    }
}

/// `target[i, j, ...]`; a `None` index is the wildcard `*`, which keeps every
/// element along that position.
pub fn index_all(
    target: &Value,
    indices: &[Option<(Value, Span)>],
    span: Span,
) -> EvalResult<Value> {
    let Some((first, rest)) = indices.split_first() else {
        return Ok(target.clone());
    };
    match first {
        Some((i, ispan)) => index_all(&index(target, i, *ispan)?, rest, span),
        None => {
            let items = match target {
                Value::Map(entries) => entries.iter().map(|(_, v)| v.clone()).collect(),
                other => iter_values(other, span)?,
            };
            let out = items
                .iter()
                .map(|x| index_all(x, rest, span))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::list(out))
        }
    }
}

/// `target[i]` for lists, tuples, strings (by character) and maps.
pub fn index(target: &Value, i: &Value, span: Span) -> EvalResult<Value> {
    let position = |len: usize, what: &'static str| -> EvalResult<usize> {
        let idx = expect_int(i, span)?;
        if idx < 0 || idx as u128 >= len as u128 {
            return Err(EvalError::new(
                K::IndexOutOfRange {
                    index: idx,
                    len,
                    what,
                },
                span,
            ));
        }
        Ok(idx as usize)
    };
    match target {
        Value::List(items) => Ok(items[position(items.len(), "list")?].clone()),
        Value::Tuple(items) => Ok(items[position(items.len(), "tuple")?].clone()),
        Value::Str(s) => {
            let n = s.chars().count();
            let p = position(n, "string")?;
            Ok(Value::str(
                s.chars().nth(p).map(String::from).unwrap_or_default(),
            ))
        }
        Value::Map(entries) => Value::map_get(entries, i)
            .ok_or_else(|| EvalError::new(K::MissingKey(i.display()), span)),
        other => Err(type_error(
            "a list, tuple, string or map to index",
            other,
            span,
        )),
    }
}

/// Applies a binary operator (other than `and`/`or`) to two values.
pub fn binary_values(
    op: BinOp,
    l: &Value,
    r: &Value,
    lspan: Span,
    rspan: Span,
    span: Span,
) -> EvalResult<Value> {
    use BinOp::*;
    let symbolic = matches!(l, Value::Sym(_))
        || matches!(r, Value::Sym(_))
        || (matches!(op, In | NotIn) && symops::is_symbolic(r) && !matches!(l, Value::Str(_)));
    if symbolic {
        return symops::binary(op, l, r, span);
    }
    let overflow = || {
        EvalError::new(
            K::Overflow(format!("{} {} {}", l.display(), op.symbol(), r.display())),
            span,
        )
    };
    match op {
        Add => match (l, r) {
            (Value::Int(a), Value::Int(b)) => {
                a.checked_add(*b).map(Value::Int).ok_or_else(overflow)
            }
            (Value::Str(a), Value::Str(b)) => Ok(Value::str(format!("{a}{b}"))),
            (Value::List(a), Value::List(b)) => {
                let mut v = a.to_vec();
                v.extend(b.iter().cloned());
                Ok(Value::list(v))
            }
            _ => Err(operand_error(op, l, r, span)),
        },
        Sub | Mul | Div | Mod => {
            let a = expect_int(l, lspan)?;
            let b = expect_int(r, rspan)?;
            let result = match op {
                Sub => a.checked_sub(b),
                Mul => a.checked_mul(b),
                Div | Mod if b == 0 => return Err(EvalError::new(K::DivideByZero, span)),
                Div => floor_div(a, b),
                _ => floor_mod(a, b),
            };
            result.map(Value::Int).ok_or_else(overflow)
        }
        Eq => Ok(Value::Bool(l == r)),
        Ne => Ok(Value::Bool(l != r)),
        Lt | Le | Gt | Ge => {
            if l.type_name() != r.type_name() {
                return Err(operand_error(op, l, r, span));
            }
            let o = l.cmp_total(r);
            Ok(Value::Bool(match op {
                Lt => o.is_lt(),
                Le => o.is_le(),
                Gt => o.is_gt(),
                _ => o.is_ge(),
            }))
        }
        In | NotIn => {
            let found = match r {
                Value::List(items) | Value::Tuple(items) => items.iter().any(|x| x == l),
                Value::Str(s) => s.contains(&*expect_str(l, lspan)?),
                Value::Map(entries) => entries.iter().any(|(k, _)| k == l),
                other => return Err(type_error("a list, string or map after `in`", other, rspan)),
            };
            Ok(Value::Bool(found == (op == In)))
        }
        Range | RangeInclusive => {
            let a = expect_int(l, lspan)?;
            let b = expect_int(r, rspan)?;
            let end = if op == Range {
                b as i128
            } else {
                b as i128 + 1
            };
            let len = (end - a as i128).max(0) as u128;
            let cap = Resource::Values.max_limit();
            if len > cap as u128 {
                return Err(super::fuel::exhausted(Resource::Values, cap, span));
            }
            Ok(Value::list(
                (a as i128..end).map(|i| Value::Int(i as i64)).collect(),
            ))
        }
        And | Or => Err(operand_error(op, l, r, span)),
    }
}

fn operand_error(op: BinOp, l: &Value, r: &Value, span: Span) -> EvalError {
    EvalError::new(
        K::Type {
            expected: format!("operands that `{}` accepts", op.symbol()),
            found: format!("{} and {}", describe(l), describe(r)),
        },
        span,
    )
}

/// Floor division (rounds toward negative infinity).
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// Floor modulo (the result has the sign of the divisor).
pub fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        r.checked_add(b)
    } else {
        Some(r)
    }
}
