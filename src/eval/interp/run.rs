//! Running lowered code: one function per operation, each charging the
//! budget exactly as the expression it was lowered from.

use super::values::{
    binary_values, expect_bool, expect_int, expect_list, index, index_all, iter_values, range_ints,
    shallow_size, type_error,
};
use super::{Interp, Unit};
use crate::compile::code::{Clause, Code, Field, Key, Op, Part, Pat};
use crate::eval::builtins;
use crate::eval::env::Env;
use crate::eval::error::{EvalError, EvalErrorKind as K, EvalResult};
use crate::eval::symops;
use crate::eval::value::{Func, Value};
use crate::render::particle;
use crate::span::Span;
use crate::syntax::ast::BinOp;
use std::ops::Range;
use std::rc::Rc;

/// What the running unit resolves its free names against.
pub(super) struct Cx<'c> {
    /// The outer environment.
    pub outer: &'c Env,
    /// The unit (its frame layout and free names).
    pub unit: &'c Unit,
}

impl<'a> Interp<'a> {
    pub(super) fn run_op(&mut self, code: &Code, cx: &Cx<'_>) -> EvalResult<Value> {
        let span = code.span;
        match &code.op {
            // Plain text: charged as `interpolate` charges it, without the
            // intermediate `String`.
            Op::Str(parts) => match parts.as_slice() {
                [Part::Text(t)] => {
                    self.fuel.steps(t.len() as u64, Span::default())?;
                    self.fuel.size(t.len() as u128, Span::default())?;
                    Ok(Value::str(&**t))
                }
                _ => Ok(Value::str(self.interpolate(parts, cx)?)),
            },
            Op::Int(_) | Op::Bool(_) | Op::Local(_) => {
                unreachable!("`run` evaluates leaves itself")
            }
            Op::Free(k, name_span) => self.free(*k, *name_span, cx),
            Op::Static(resolved, name_span) => resolved_value(resolved, *name_span),
            Op::List(items) => Ok(Value::list(self.run_all(items, cx)?)),
            Op::Tuple(items) => Ok(Value::tuple(self.run_all(items, cx)?)),
            Op::Record(entries) => {
                let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
                for (key, value) in entries {
                    let key = key_value(key);
                    let value = self.run(value, cx)?;
                    match out.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = value,
                        None => out.push((key, value)),
                    }
                }
                Ok(Value::Map(Rc::new(out)))
            }
            Op::Comprehension(head, clauses) => {
                let mut out = Vec::new();
                self.comprehension(head, clauses, cx, &mut out)?;
                Ok(Value::list(out))
            }
            Op::Binary(op, a, b) => self.binary(*op, a, b, cx, span),
            Op::Neg(a) => {
                let v = self.run(a, cx)?;
                if let Value::Sym(_) = v {
                    return symops::binary(BinOp::Mul, &v, &Value::Int(-1), span);
                }
                let i = expect_int(&v, a.span)?;
                i.checked_neg()
                    .map(Value::Int)
                    .ok_or_else(|| EvalError::new(K::Overflow(format!("-{i}")), span))
            }
            Op::Not(a) => {
                let v = self.run(a, cx)?;
                if let Value::Sym(_) = v {
                    return Ok(symops::bool_value(symops::bool_term(&v, a.span)?.negated()));
                }
                Ok(Value::Bool(!expect_bool(&v, a.span)?))
            }
            Op::Call(callee, args) => self.run_call(callee, args, cx, span),
            Op::Index(target, args) => {
                let t = self.run(target, cx)?;
                // One index, the common case, without a list of indices.
                if let [Ok(e)] = args.as_slice() {
                    let i = self.run(e, cx)?;
                    return index(&t, &i, e.span);
                }
                let mut indices = Vec::with_capacity(args.len());
                for arg in args {
                    indices.push(match arg {
                        Ok(e) => Some((self.run(e, cx)?, e.span)),
                        Err(_) => None,
                    });
                }
                index_all(&t, &indices, span)
            }
            Op::Field(target, field) => {
                let t = self.run(target, cx)?;
                get_field(&t, field)
            }
            Op::If(c, a, b) => {
                let cond = self.run(c, cx)?;
                if let Value::Sym(_) = cond {
                    return Err(EvalError::new(
                        K::Invalid("a condition over unknowns cannot choose a branch; write `implies(c, a)` or `(c and a) or (not c and b)`".into()),
                        c.span,
                    ));
                }
                if expect_bool(&cond, c.span)? {
                    self.run(a, cx)
                } else {
                    self.run(b, cx)
                }
            }
            Op::Let(pat, value, body) => {
                let v = self.run(value, cx)?;
                self.bind(pat, v)?;
                self.run(body, cx)
            }
            Op::Lambda(lambda) => {
                let captured = lambda
                    .captures
                    .iter()
                    .map(|(outer, _)| self.local(*outer))
                    .collect();
                Ok(Value::Func(Rc::new(Func::Lambda {
                    code: Arc::clone(lambda),
                    captured,
                    env: cx.outer.clone(),
                })))
            }
            Op::SampleRange { inclusive, lo, hi } => {
                let lo_v = expect_int(&self.run(lo, cx)?, lo.span)?;
                let hi_v = expect_int(&self.run(hi, cx)?, hi.span)?;
                let hi_v = if *inclusive {
                    hi_v as i128
                } else {
                    hi_v as i128 - 1
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
                Ok(Value::Int((lo_v as i128 + k as i128) as i64))
            }
            Op::SampleInt(range) => {
                let r = self.run(range, cx)?;
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
            Op::SamplePick(k, xs) => {
                let kv = self.run(k, cx)?;
                let k = expect_int(&kv, k.span)?;
                let xsv = self.run(xs, cx)?;
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
            Op::SampleOne(xs) => {
                let xsv = self.run(xs, cx)?;
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
            Op::SampleWeighted(entries) => {
                let mut values = Vec::with_capacity(entries.len());
                let mut weights = Vec::with_capacity(entries.len());
                for (v, w) in entries {
                    values.push(self.run(v, cx)?);
                    let wv = self.run(w, cx)?;
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

    fn run_all(&mut self, items: &[Code], cx: &Cx<'_>) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for e in items {
            out.push(self.run(e, cx)?);
        }
        Ok(out)
    }

    /// A call. A callee resolved at lowering is charged as the name it was
    /// (one step, one level) and called without making a function value.
    fn run_call(
        &mut self,
        callee: &Code,
        args: &[Code],
        cx: &Cx<'_>,
        span: Span,
    ) -> EvalResult<Value> {
        match &callee.op {
            Op::Static(super::Resolved::User(i), _) => {
                self.charge_leaf(callee.span)?;
                let args = self.run_all(args, cx)?;
                self.call_user(*i, args, span)
            }
            Op::Static(super::Resolved::Builtin(b), _) => {
                self.charge_leaf(callee.span)?;
                let args = self.run_all(args, cx)?;
                self.call_builtin(b, args, span)
            }
            _ => {
                let f = self.run(callee, cx)?;
                let args = self.run_all(args, cx)?;
                self.call(&f, args, span)
            }
        }
    }

    /// The value of slot `slot` of the running frame.
    pub(super) fn local(&self, slot: u32) -> Value {
        match &self.stack[self.base + slot as usize] {
            Some(v) => v.clone(),
            None => unreachable!("slot {slot} is read before it is bound"),
        }
    }

    /// Free name `k`: found in the outer environment (once per run of the
    /// unit), else a user function, else a builtin.
    fn free(&mut self, k: u32, name_span: Span, cx: &Cx<'_>) -> EvalResult<Value> {
        let at = self.base + cx.unit.locals as usize + k as usize;
        if let Some(v) = &self.stack[at] {
            return Ok(v.clone());
        }
        let name = &cx.unit.free[k as usize];
        let v = if let Some(v) = cx.outer.get(name) {
            v.clone()
        } else if let Some(i) = self.fns.lookup(name) {
            Value::Func(Rc::new(Func::User(i)))
        } else if let Some(b) = builtins::find(name) {
            Value::Func(Rc::new(Func::Builtin(b)))
        } else {
            return Err(EvalError::new(K::Unbound(name.to_string()), name_span));
        };
        self.stack[at] = Some(v.clone());
        Ok(v)
    }

    /// Binds a pattern to a value in the running frame.
    pub(super) fn bind(&mut self, pat: &Pat, value: Value) -> EvalResult<()> {
        match pat {
            Pat::Ignore => Ok(()),
            Pat::Slot(slot) => {
                self.stack[self.base + *slot as usize] = Some(value);
                Ok(())
            }
            Pat::Tuple(items, span) => {
                let values = match &value {
                    Value::Tuple(v) | Value::List(v) => v.clone(),
                    other => {
                        return Err(EvalError::new(
                            K::Type {
                                expected: format!("a tuple of {}", items.len()),
                                found: super::describe(other),
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
                for (p, v) in items.iter().zip(values.iter()) {
                    self.bind(p, v.clone())?;
                }
                Ok(())
            }
        }
    }

    /// Renders an interpolated string.
    fn interpolate(&mut self, parts: &[Part], cx: &Cx<'_>) -> EvalResult<String> {
        let mut out = String::new();
        for part in parts {
            let before = out.len();
            let at = match part {
                Part::Text(t) => {
                    out.push_str(t);
                    Span::default()
                }
                Part::Hole(code, p) => {
                    let v = self.run(code, cx)?;
                    self.fuel.display(&v, out.len(), code.span)?;
                    let text = v.display();
                    match p {
                        None => out.push_str(&text),
                        Some(p) => {
                            let kind = p.kind.ok_or_else(|| {
                                EvalError::new(
                                    K::Invalid(format!("unknown particle `{}`", p.name)),
                                    p.span,
                                )
                            })?;
                            let joined = particle::attach_read(&text, kind, self.readings())
                                .map_err(|e| {
                                    EvalError::new(K::Invalid(e.to_string()), code.span)
                                })?;
                            out.push_str(&joined);
                        }
                    }
                    code.span
                }
            };
            self.fuel.steps((out.len() - before) as u64, at)?;
            self.fuel.size(out.len() as u128, at)?;
        }
        Ok(out)
    }

    fn comprehension(
        &mut self,
        head: &Code,
        clauses: &[Clause],
        cx: &Cx<'_>,
        out: &mut Vec<Value>,
    ) -> EvalResult<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.run(head, cx)?);
            return self.fuel.size(out.len() as u128, head.span);
        };
        match clause {
            Clause::If(cond) => {
                let c = self.run(cond, cx)?;
                if expect_bool(&c, cond.span)? {
                    self.comprehension(head, rest, cx, out)?;
                }
            }
            Clause::For(pat, source) => {
                if let Some(ints) = self.int_range(source, cx)? {
                    for i in ints {
                        self.fuel.steps(1, source.span)?;
                        self.bind(pat, Value::Int(i as i64))?;
                        self.comprehension(head, rest, cx, out)?;
                    }
                    return Ok(());
                }
                let items = self.run(source, cx)?;
                // A list or tuple is walked in place, without a copy.
                let items = match items {
                    Value::List(items) | Value::Tuple(items) => items,
                    other => Rc::new(iter_values(&other, source.span)?),
                };
                for item in items.iter() {
                    self.fuel.steps(1, source.span)?;
                    self.bind(pat, item.clone())?;
                    self.comprehension(head, rest, cx, out)?;
                }
            }
        }
        Ok(())
    }

    /// The integers of `source` when it is a range of two integers, charged
    /// as running it would charge (a step, a level, its operands, the
    /// list's allocation) but without building the list; `None` for any
    /// other source, which has not been run.
    fn int_range(&mut self, source: &Code, cx: &Cx<'_>) -> EvalResult<Option<Range<i128>>> {
        let Op::Binary(op @ (BinOp::Range | BinOp::RangeInclusive), a, b) = &source.op else {
            return Ok(None);
        };
        self.fuel.steps(1, source.span)?;
        self.depth += 1;
        let operands = self.range_operands(*op, a, b, cx, source.span);
        self.depth -= 1;
        let (l, r) = operands?;
        range_ints(*op, &l, &r, a.span, b.span, source.span).map(Some)
    }

    /// The operands of a range at the level of its node, charged as
    /// [`Interp::binary`] charges them.
    fn range_operands(
        &mut self,
        op: BinOp,
        a: &Code,
        b: &Code,
        cx: &Cx<'_>,
        span: Span,
    ) -> EvalResult<(Value, Value)> {
        self.fuel.nest(self.depth, span)?;
        let l = self.run(a, cx)?;
        let r = self.run(b, cx)?;
        self.charge_binary(op, &l, &r, span)?;
        Ok((l, r))
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Code,
        b: &Code,
        cx: &Cx<'_>,
        span: Span,
    ) -> EvalResult<Value> {
        // Short-circuit boolean operators; conditions over unknowns combine.
        if matches!(op, BinOp::And | BinOp::Or) {
            let lv = self.run(a, cx)?;
            if let Value::Bool(l) = lv {
                if (op == BinOp::And && !l) || (op == BinOp::Or && l) {
                    return Ok(Value::Bool(l));
                }
                let rv = self.run(b, cx)?;
                if let Value::Sym(_) = rv {
                    return symops::binary(op, &lv, &rv, span);
                }
                return Ok(Value::Bool(expect_bool(&rv, b.span)?));
            }
            if let Value::Sym(_) = lv {
                let rv = self.run(b, cx)?;
                return symops::binary(op, &lv, &rv, span);
            }
            return Err(type_error("a bool", &lv, a.span));
        }
        let l = self.run(a, cx)?;
        if matches!(op, BinOp::In | BinOp::NotIn) && !matches!(l, Value::Sym(_)) {
            if let Op::List(items) = &b.op {
                if items.iter().all(|e| literal(e).is_some()) {
                    return self.in_literals(op, &l, b, items, span);
                }
            }
        }
        let r = self.run(b, cx)?;
        self.charge_binary(op, &l, &r, span)?;
        binary_values(op, &l, &r, a.span, b.span, span)
    }

    /// `l in [literals]` without building the list: the list's nodes are
    /// charged as running them would charge (a step and a level each, and a
    /// text's length), then the search as `charge_binary` charges it.
    fn in_literals(
        &mut self,
        op: BinOp,
        l: &Value,
        list: &Code,
        items: &[Code],
        span: Span,
    ) -> EvalResult<Value> {
        self.fuel.steps(1, list.span)?;
        self.fuel.nest(self.depth + 1, list.span)?;
        let mut found = false;
        // Every item is a literal (the caller checked).
        for (item, lit) in items.iter().filter_map(|e| literal(e).map(|l| (e, l))) {
            self.fuel.steps(1, item.span)?;
            self.fuel.nest(self.depth + 2, item.span)?;
            if let Literal::Str(t) = lit {
                self.fuel.steps(t.len() as u64, Span::default())?;
                self.fuel.size(t.len() as u128, Span::default())?;
            }
            found = found || lit.matches(l);
        }
        self.fuel
            .steps(shallow_size(l).max(items.len() as u64), span)?;
        Ok(Value::Bool(found == (op == BinOp::In)))
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

use std::sync::Arc;

/// The value of a name resolved at lowering.
fn resolved_value(resolved: &super::Resolved, span: Span) -> EvalResult<Value> {
    match resolved {
        super::Resolved::User(i) => Ok(Value::Func(Rc::new(Func::User(*i)))),
        super::Resolved::Builtin(b) => Ok(Value::Func(Rc::new(Func::Builtin(b)))),
        super::Resolved::Unbound(name) => Err(EvalError::new(K::Unbound(name.to_string()), span)),
    }
}

/// A literal list element: a number, a truth value or plain text.
#[derive(Clone, Copy)]
enum Literal<'c> {
    Int(i64),
    Bool(bool),
    Str(&'c str),
}

impl Literal<'_> {
    /// Whether `v` equals the value the literal evaluates to.
    fn matches(self, v: &Value) -> bool {
        match (self, v) {
            (Literal::Int(a), Value::Int(b)) => a == *b,
            (Literal::Bool(a), Value::Bool(b)) => a == *b,
            (Literal::Str(a), Value::Str(b)) => a == &**b,
            _ => false,
        }
    }
}

fn literal(code: &Code) -> Option<Literal<'_>> {
    match &code.op {
        Op::Int(i) => Some(Literal::Int(*i)),
        Op::Bool(b) => Some(Literal::Bool(*b)),
        Op::Str(parts) => match parts.as_slice() {
            [Part::Text(t)] => Some(Literal::Str(t)),
            [] => Some(Literal::Str("")),
            _ => None,
        },
        _ => None,
    }
}

fn key_value(key: &Key) -> Value {
    match key {
        Key::Int(i) => Value::Int(*i),
        Key::Str(s) => Value::str(&**s),
        Key::Bool(b) => Value::Bool(*b),
    }
}

fn get_field(t: &Value, field: &Field) -> EvalResult<Value> {
    if let Some(i) = field.position {
        return index(t, &Value::Int(i), field.span);
    }
    match t {
        // The first key equal to the name as a string, found without
        // making that string.
        Value::Map(entries) => entries
            .iter()
            .find(|(k, _)| matches!(k, Value::Str(s) if **s == *field.name))
            .map(|(_, v)| v.clone())
            .ok_or_else(|| {
                EvalError::new(K::MissingKey(format!("\"{}\"", field.name)), field.span)
            }),
        other => Err(type_error("a map with named fields", other, field.span)),
    }
}
