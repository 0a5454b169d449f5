//! The standard library callable from specs. `BUILTINS` is the one table
//! the checker (names, arity) and the evaluator (dispatch) share;
//! `docs/language.md` lists the same functions.

use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::interp::{describe, expect_list, expect_str, type_error, Interp};
use super::value::Value;
use crate::span::Span;
use std::rc::Rc;

mod jamo;
mod lists;
mod logic;
mod random;
mod table;
mod text;

pub use table::{find, Builtin, Returns, BUILTINS};

fn int_result(v: Option<i64>, what: &str, span: Span) -> EvalResult<Value> {
    v.map(Value::Int)
        .ok_or_else(|| EvalError::new(K::Overflow(what.to_string()), span))
}

fn strings(xs: &[Value]) -> Vec<String> {
    xs.iter().map(Value::display).collect()
}

fn non_negative(n: i64, what: &str, span: Span) -> EvalResult<usize> {
    if n < 0 {
        return Err(EvalError::invalid(
            format!("{what} must not be negative, found {n}"),
            span,
        ));
    }
    usize::try_from(n).map_err(|_| EvalError::invalid(format!("{what} is too large"), span))
}

fn seq_or_str(v: &Value, span: Span) -> EvalResult<Result<Rc<Vec<Value>>, Vec<char>>> {
    match v {
        Value::Str(s) => Ok(Err(s.chars().collect())),
        other => Ok(Ok(expect_list(other, span)?)),
    }
}

fn map_entries(v: &Value, span: Span) -> EvalResult<Rc<Vec<(Value, Value)>>> {
    match v {
        Value::Map(entries) => Ok(entries.clone()),
        other => Err(type_error("a map", other, span)),
    }
}

fn one_char(v: &Value, span: Span) -> EvalResult<char> {
    let s = expect_str(v, span)?;
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(EvalError::invalid(
            format!("expected one character, found \"{s}\""),
            span,
        )),
    }
}

/// Calls builtin `spec` (an entry of [`BUILTINS`]) with evaluated arguments.
pub fn call(
    interp: &mut Interp<'_>,
    spec: &'static Builtin,
    args: Vec<Value>,
    span: Span,
) -> EvalResult<Value> {
    let name = spec.name;
    if args.len() < spec.min || args.len() > spec.max {
        let expected = if spec.min == spec.max {
            spec.min.to_string()
        } else {
            format!("{} to {}", spec.min, spec.max)
        };
        return Err(EvalError::new(
            K::Arity {
                name: name.to_string(),
                expected,
                found: args.len(),
            },
            span,
        ));
    }
    if let Some(result) = super::calendar::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::optimum::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::effort::call(interp, name, &args, span) {
        return result;
    }
    if let Some(result) = super::arith::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::words::call(name, &args, span) {
        return result;
    }
    let a = |i: usize| &args[i];
    if let Some(value) = logic::call(interp, name, &args, span)? {
        return Ok(value);
    }
    if let Some(value) = lists::call(interp, name, &args, span)? {
        return Ok(value);
    }
    if let Some(value) = text::call(interp, name, &args, span)? {
        return Ok(value);
    }
    if let Some(value) = jamo::call(interp, name, &args, span)? {
        return Ok(value);
    }
    if let Some(value) = random::call(interp, name, &args, span)? {
        return Ok(value);
    }
    Err(EvalError::invalid(
        format!(
            "builtin `{name}` has no implementation ({})",
            describe(a(0))
        ),
        span,
    ))
}
