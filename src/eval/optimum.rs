//! Exact optimisation builtins: `best_assignment`. The algorithm lives in
//! `crate::stdlib::assignment`; this file converts between spec values and it.

use super::error::{EvalError, EvalResult};
use super::interp::{expect_int, expect_list};
use super::value::Value;
use crate::span::Span;
use crate::stdlib::assignment::{self, Bonus};
use std::rc::Rc;

fn matrix(v: &Value, span: Span) -> EvalResult<Vec<Vec<i64>>> {
    expect_list(v, span)?
        .iter()
        .map(|row| {
            expect_list(row, span)?
                .iter()
                .map(|x| expect_int(x, span))
                .collect()
        })
        .collect()
}

fn field(entries: &Rc<Vec<(Value, Value)>>, name: &str, span: Span) -> EvalResult<Value> {
    Value::map_get(entries, &Value::str(name)).ok_or_else(|| {
        EvalError::invalid(
            format!(
                "the bonus record needs a `{name}` field (fields: `quantity`, `at_least`, `add`)"
            ),
            span,
        )
    })
}

fn bonus(v: &Value, span: Span) -> EvalResult<Bonus> {
    let Value::Map(entries) = v else {
        return Err(EvalError::invalid(
            "the third argument of `best_assignment` is a record { quantity: matrix, at_least: int, add: int }",
            span,
        ));
    };
    Ok(Bonus {
        quantity: matrix(&field(entries, "quantity", span)?, span)?,
        at_least: expect_int(&field(entries, "at_least", span)?, span)?,
        add: expect_int(&field(entries, "add", span)?, span)?,
    })
}

/// Calls the optimisation builtin `name`, or `None` if `name` is not one.
pub fn call(name: &str, args: &[Value], span: Span) -> Option<EvalResult<Value>> {
    match name {
        "best_assignment" => Some(best_assignment(args, span)),
        _ => None,
    }
}

fn best_assignment(args: &[Value], span: Span) -> EvalResult<Value> {
    let weights = matrix(&args[0], span)?;
    let query = matrix(&args[1], span)?;
    let bonus = args.get(2).map(|b| bonus(b, span)).transpose()?;
    let best = assignment::best_assignment(&weights, &query, bonus.as_ref())
        .map_err(|e| EvalError::invalid(format!("`best_assignment`: {e}"), span))?;
    let columns = best.columns.iter().map(|&c| Value::Int(c as i64)).collect();
    Ok(Value::Map(std::rc::Rc::new(vec![
        (Value::str("value"), Value::Int(best.value)),
        (Value::str("low"), Value::Int(best.low)),
        (Value::str("high"), Value::Int(best.high)),
        (Value::str("columns"), Value::list(columns)),
        (
            Value::str("optimal_columns"),
            Value::list(
                best.optimal_columns
                    .iter()
                    .map(|cs| Value::list(cs.iter().map(|&c| Value::Int(c as i64)).collect()))
                    .collect(),
            ),
        ),
    ])))
}
