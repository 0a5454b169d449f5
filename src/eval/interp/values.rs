//! Operations on values the interpreter and the builtins share: patterns,
//! iteration, type expectations, indexing and arithmetic.

use crate::eval::env::Env;
use crate::eval::error::{EvalError, EvalErrorKind as K, EvalResult};
use crate::eval::fuel::Resource;
use crate::eval::symops;
use crate::eval::value::Value;
use crate::span::Span;
use crate::syntax::ast::*;
use std::rc::Rc;

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
                Value::Map(entries) => crate::eval::map_index::position(entries, l).is_some(),
                other => return Err(type_error("a list, string or map after `in`", other, rspan)),
            };
            Ok(Value::Bool(found == (op == In)))
        }
        Range | RangeInclusive => Ok(Value::list(
            range_ints(op, l, r, lspan, rspan, span)?
                .map(|i| Value::Int(i as i64))
                .collect(),
        )),
        And | Or => Err(operand_error(op, l, r, span)),
    }
}

/// The integers of the range `l..r` (or `l..=r` for `RangeInclusive`),
/// within the cap on the values one list may hold (`span` is the range's).
pub fn range_ints(
    op: BinOp,
    l: &Value,
    r: &Value,
    lspan: Span,
    rspan: Span,
    span: Span,
) -> EvalResult<std::ops::Range<i128>> {
    let a = expect_int(l, lspan)?;
    let b = expect_int(r, rspan)?;
    let end = b as i128 + i128::from(op == BinOp::RangeInclusive);
    let len = (end - a as i128).max(0) as u128;
    let cap = Resource::Values.max_limit();
    if len > cap as u128 {
        return Err(crate::eval::fuel::exhausted(Resource::Values, cap, span));
    }
    Ok(a as i128..end)
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
