//! Evaluating one expression node: interpolation, comprehensions and
//! binary operators.

use super::values::{
    binary_values, bind_pattern, expect_bool, expect_int, expect_list, get_field, index_all,
    iter_values, literal_value, shallow_size, type_error,
};
use super::Interp;
use crate::eval::env::Env;
use crate::eval::error::{EvalError, EvalErrorKind as K, EvalResult};
use crate::eval::symops;
use crate::eval::value::{Func, Value};
use crate::render::particle;
use crate::span::Span;
use crate::syntax::ast::*;
use std::rc::Rc;
use std::sync::Arc;

impl<'a> Interp<'a> {
    pub(super) fn eval_node(&mut self, expr: &Expr, env: &Env) -> EvalResult<Value> {
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
                params: Arc::clone(params),
                body: Arc::clone(body),
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

    /// Renders an interpolated string.
    pub fn interpolate(&mut self, parts: &[StrPart], env: &Env) -> EvalResult<String> {
        let mut out = String::new();
        for part in parts {
            let before = out.len();
            match part {
                StrPart::Text(t) => out.push_str(t),
                StrPart::Placeholder { expr, particle: p } => {
                    let v = self.eval(expr, env)?;
                    self.fuel.display(&v, out.len(), expr.span)?;
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

    pub(super) fn binary(
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
            (BinOp::Eq | BinOp::Ne, _, _) => self.fuel.compare(l, r, span),
            (BinOp::In | BinOp::NotIn, _, _) => {
                self.fuel.steps(shallow_size(l).max(shallow_size(r)), span)
            }
            _ => Ok(()),
        }
    }
}

fn expr_span(part: &StrPart) -> Span {
    match part {
        StrPart::Placeholder { expr, .. } => expr.span,
        StrPart::Text(_) => Span::default(),
    }
}
