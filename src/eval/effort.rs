//! The search-effort builtins `propagation_solves` and `search_nodes` (and
//! the dispatch of `explain`, in `super::explain`). The
//! measures live in `crate::effort`; this file reads the attempt's model
//! from the evaluator and converts the results.

use super::error::{EvalError, EvalResult};
use super::interp::{expect_int, Interp};
use super::value::Value;
use crate::effort;
use crate::span::Span;

/// The most nodes `search_nodes` may be asked to count.
pub const MAX_SEARCH_NODES: i64 = 10_000_000;

/// Calls the search-effort builtin `name`, or `None` if `name` is not one.
pub fn call(
    interp: &Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> Option<EvalResult<Value>> {
    match name {
        "propagation_solves" => {
            Some(problem(interp, name, span).map(|p| Value::Bool(effort::propagation_solves(&p))))
        }
        "search_nodes" => Some(search_nodes(interp, args, span)),
        "explain" => Some(super::explain::explain(interp, span)),
        _ => None,
    }
}

fn problem(interp: &Interp<'_>, name: &str, span: Span) -> EvalResult<effort::Problem> {
    interp
        .model(name, span)?
        .problem()
        .map_err(|e| EvalError::invalid(format!("`{name}`: {e}"), span))
}

fn search_nodes(interp: &Interp<'_>, args: &[Value], span: Span) -> EvalResult<Value> {
    let limit = expect_int(&args[0], span)?;
    if !(0..=MAX_SEARCH_NODES).contains(&limit) {
        return Err(EvalError::invalid(
            format!("`search_nodes` counts at most {MAX_SEARCH_NODES} nodes; the limit is {limit}"),
            span,
        ));
    }
    let p = problem(interp, "search_nodes", span)?;
    Ok(Value::Int(effort::search_nodes(&p, limit as u64) as i64))
}
