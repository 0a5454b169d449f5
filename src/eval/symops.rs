//! Operators and builtins applied to symbolic values (expressions over
//! unknowns). Plain values mix in as constants.

use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::interp::describe;
use super::sym::{BoolTerm, IntTerm, Sym};
use super::value::Value;
use crate::sat::CmpOp;
use crate::span::Span;
use crate::syntax::ast::BinOp;
use std::borrow::Cow;
use std::rc::Rc;

/// Whether a value is, or (for lists) holds, an expression over unknowns.
pub fn is_symbolic(v: &Value) -> bool {
    match v {
        Value::Sym(_) => true,
        Value::List(xs) | Value::Tuple(xs) => xs.iter().any(is_symbolic),
        _ => false,
    }
}

/// A symbolic integer.
pub fn int_value(t: IntTerm) -> Value {
    if t.is_constant() {
        return Value::Int(t.constant);
    }
    Value::Sym(Rc::new(Sym::Int(t)))
}

/// A symbolic condition.
pub fn bool_value(t: BoolTerm) -> Value {
    match t {
        BoolTerm::Const(b) => Value::Bool(b),
        other => Value::Sym(Rc::new(Sym::Bool(Rc::new(other)))),
    }
}

fn overflow(span: Span) -> EvalError {
    EvalError::new(K::Overflow("an expression over unknowns".into()), span)
}

/// The value as an integer term (integers, integer unknowns, and conditions as 0/1).
pub fn int_term(v: &Value, span: Span) -> EvalResult<IntTerm> {
    match v {
        Value::Int(i) => Ok(IntTerm::constant(*i)),
        Value::Sym(s) => Ok(match &**s {
            Sym::Int(t) => t.clone(),
            Sym::Bool(b) => IntTerm::from_shared_bool(b.clone()),
        }),
        Value::Bool(b) => Ok(IntTerm::constant(*b as i64)),
        other => Err(EvalError::new(
            K::Type {
                expected: "an integer or an unknown".into(),
                found: describe(other),
            },
            span,
        )),
    }
}

/// The value as a condition.
pub fn bool_term(v: &Value, span: Span) -> EvalResult<BoolTerm> {
    match v {
        Value::Bool(b) => Ok(BoolTerm::Const(*b)),
        Value::Sym(s) => match &**s {
            Sym::Bool(b) => Ok(BoolTerm::clone(b)),
            Sym::Int(_) => Err(EvalError::new(
                K::Type {
                    expected: "a condition".into(),
                    found: "an integer expression over unknowns".into(),
                },
                span,
            )),
        },
        other => Err(EvalError::new(
            K::Type {
                expected: "a condition".into(),
                found: describe(other),
            },
            span,
        )),
    }
}

fn is_bool_like(v: &Value) -> bool {
    matches!(v, Value::Bool(_)) || matches!(v, Value::Sym(s) if matches!(**s, Sym::Bool(_)))
}

/// The value as an integer term, borrowed when it is one already.
fn int_term_ref(v: &Value, span: Span) -> EvalResult<Cow<'_, IntTerm>> {
    match v {
        Value::Sym(s) => match &**s {
            Sym::Int(t) => Ok(Cow::Borrowed(t)),
            Sym::Bool(b) => Ok(Cow::Owned(IntTerm::from_shared_bool(b.clone()))),
        },
        other => int_term(other, span).map(Cow::Owned),
    }
}

/// `l o r` as a condition; two conditions compare as truth values.
fn compare(o: CmpOp, l: &Value, r: &Value, span: Span) -> EvalResult<BoolTerm> {
    if matches!(o, CmpOp::Eq | CmpOp::Ne) && is_bool_like(l) && is_bool_like(r) {
        let (a, b) = (bool_term(l, span)?, bool_term(r, span)?);
        let same = BoolTerm::or(vec![
            BoolTerm::and(vec![a.clone(), b.clone()]),
            BoolTerm::and(vec![a.negated(), b.negated()]),
        ]);
        return Ok(if o == CmpOp::Eq { same } else { same.negated() });
    }
    let (a, b) = (int_term_ref(l, span)?, int_term_ref(r, span)?);
    BoolTerm::compare(&a, o, &b).ok_or_else(|| overflow(span))
}

/// A binary operator where at least one side is symbolic.
pub fn binary(op: BinOp, l: &Value, r: &Value, span: Span) -> EvalResult<Value> {
    let cmp = |o: CmpOp| compare(o, l, r, span).map(bool_value);
    match op {
        BinOp::Add => int_term_ref(l, span)?
            .add_scaled(&*int_term_ref(r, span)?, 1)
            .map(int_value)
            .ok_or_else(|| overflow(span)),
        BinOp::Sub => int_term_ref(l, span)?
            .add_scaled(&*int_term_ref(r, span)?, -1)
            .map(int_value)
            .ok_or_else(|| overflow(span)),
        BinOp::Mul => {
            let (a, b) = (int_term_ref(l, span)?, int_term_ref(r, span)?);
            let product = if a.is_constant() {
                b.scale(a.constant)
            } else if b.is_constant() {
                a.scale(b.constant)
            } else {
                return Err(EvalError::new(
                    K::Invalid("two unknowns cannot be multiplied (constraints are linear)".into()),
                    span,
                ));
            };
            product.map(int_value).ok_or_else(|| overflow(span))
        }
        BinOp::Eq => cmp(CmpOp::Eq),
        BinOp::Ne => cmp(CmpOp::Ne),
        BinOp::Lt => cmp(CmpOp::Lt),
        BinOp::Le => cmp(CmpOp::Le),
        BinOp::Gt => cmp(CmpOp::Gt),
        BinOp::Ge => cmp(CmpOp::Ge),
        BinOp::And => Ok(bool_value(BoolTerm::and(vec![
            bool_term(l, span)?,
            bool_term(r, span)?,
        ]))),
        BinOp::Or => Ok(bool_value(BoolTerm::or(vec![
            bool_term(l, span)?,
            bool_term(r, span)?,
        ]))),
        BinOp::In | BinOp::NotIn => {
            let items = match r {
                Value::List(xs) | Value::Tuple(xs) => xs,
                other => {
                    return Err(EvalError::new(
                        K::Type {
                            expected: "a list after `in`".into(),
                            found: describe(other),
                        },
                        span,
                    ))
                }
            };
            let mut any = Vec::with_capacity(items.len());
            for x in items.iter() {
                any.push(compare(CmpOp::Eq, l, x, span)?);
            }
            let t = BoolTerm::or(any);
            Ok(bool_value(if op == BinOp::In { t } else { t.negated() }))
        }
        BinOp::Div | BinOp::Mod | BinOp::Range | BinOp::RangeInclusive => Err(EvalError::new(
            K::Invalid(format!("`{}` is not available on unknowns", op.symbol())),
            span,
        )),
    }
}

/// `sum(xs)` over integers and unknowns.
pub fn sum(xs: &[Value], span: Span) -> EvalResult<Value> {
    let mut total = IntTerm::constant(0);
    for x in xs {
        total
            .add_scaled_in_place(&int_term(x, span)?, 1)
            .ok_or_else(|| overflow(span))?;
    }
    Ok(int_value(total))
}

/// `all(xs)` / `any(xs)` over conditions.
pub fn all_any(xs: &[Value], all: bool, span: Span) -> EvalResult<Value> {
    let terms = xs
        .iter()
        .map(|x| bool_term(x, span))
        .collect::<EvalResult<Vec<_>>>()?;
    Ok(bool_value(if all {
        BoolTerm::and(terms)
    } else {
        BoolTerm::or(terms)
    }))
}

/// `alldiff(xs)`: pairwise different values.
pub fn alldiff(xs: &[Value], span: Span) -> EvalResult<Value> {
    let terms = xs
        .iter()
        .map(|x| int_term(x, span))
        .collect::<EvalResult<Vec<_>>>()?;
    if terms.iter().all(IntTerm::is_constant) {
        let mut seen: Vec<i64> = terms.iter().map(|t| t.constant).collect();
        seen.sort_unstable();
        let n = seen.len();
        seen.dedup();
        return Ok(Value::Bool(seen.len() == n));
    }
    Ok(bool_value(BoolTerm::AllDiff(terms)))
}

/// `connected(conds, edges)`: the nodes whose condition holds form one
/// connected subgraph; `edges` are pairs of indices into `conds`.
pub fn connected(conds: &[Value], edges: &[Value], span: Span) -> EvalResult<Value> {
    let mut pairs = Vec::with_capacity(edges.len());
    for e in edges {
        let ends = match e {
            Value::Tuple(xs) | Value::List(xs) if xs.len() == 2 => [&xs[0], &xs[1]],
            other => {
                return Err(EvalError::invalid(
                    format!(
                        "`connected` takes edges as pairs `(i, j)` of node indices, found `{}`",
                        other.display()
                    ),
                    span,
                ))
            }
        };
        let mut ij = [0usize; 2];
        for (slot, v) in ij.iter_mut().zip(ends) {
            let i = crate::eval::interp::expect_int(v, span)?;
            if i < 0 || i as usize >= conds.len() {
                return Err(EvalError::invalid(
                    format!(
                        "`connected` edge {} names node {i}, but there are {} conditions",
                        e.display(),
                        conds.len()
                    ),
                    span,
                ));
            }
            *slot = i as usize;
        }
        pairs.push((ij[0], ij[1]));
    }
    let terms = bool_terms(conds, span)?;
    if let Some(on) = constant_bools(&terms) {
        return Ok(Value::Bool(crate::sat::connected::is_connected(
            &on, &pairs,
        )));
    }
    Ok(bool_value(BoolTerm::Connected(terms, pairs)))
}

/// `runs(conds, lengths)`: the conditions that hold form runs of exactly
/// `lengths` (positive integers), in order, separated by at least one that
/// does not.
pub fn runs(conds: &[Value], lengths: &[Value], span: Span) -> EvalResult<Value> {
    let mut want = Vec::with_capacity(lengths.len());
    for v in lengths {
        let n = crate::eval::interp::expect_int(v, span)?;
        if n < 1 {
            return Err(EvalError::invalid(
                format!("`runs` takes run lengths of at least 1, found {n}"),
                span,
            ));
        }
        want.push(n as usize);
    }
    let terms = bool_terms(conds, span)?;
    if let Some(on) = constant_bools(&terms) {
        return Ok(Value::Bool(crate::sat::runs::run_lengths(&on) == want));
    }
    Ok(bool_value(BoolTerm::Runs(terms, want)))
}

/// Every value as a condition.
fn bool_terms(conds: &[Value], span: Span) -> EvalResult<Vec<BoolTerm>> {
    conds.iter().map(|c| bool_term(c, span)).collect()
}

/// The conditions' values when every one is a constant.
fn constant_bools(terms: &[BoolTerm]) -> Option<Vec<bool>> {
    terms
        .iter()
        .map(|t| match t {
            BoolTerm::Const(b) => Some(*b),
            _ => None,
        })
        .collect()
}

/// `implies(a, b)`, `iff(a, b)`, `xor(a, b)` over conditions.
pub fn connective(name: &str, a: &Value, b: &Value, span: Span) -> EvalResult<Value> {
    let (x, y) = (bool_term(a, span)?, bool_term(b, span)?);
    let both = BoolTerm::and(vec![x.clone(), y.clone()]);
    let neither = BoolTerm::and(vec![x.clone().negated(), y.clone().negated()]);
    Ok(bool_value(match name {
        "implies" => BoolTerm::or(vec![x.negated(), y]),
        "iff" => BoolTerm::or(vec![both, neither]),
        _ => BoolTerm::or(vec![both, neither]).negated(),
    }))
}
