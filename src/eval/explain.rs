//! The builtin `explain()`: the deduction trace of the attempt's model
//! (`crate::fd::trace`) as a record a template can render.
//!
//! The record is `{ steps, givens, open, rounds, solved, contradiction }`;
//! a step is `{ rule, at, find, cell, value, reason, round }`. A step from a
//! rule names the rule and its binding; one from a clue has `rule` `"clue"`
//! and `at` the clue's position among the clues in force (from 0, in the
//! order they were stated). docs/language.md (section 14, "Deduction
//! traces") states it precisely.

use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;
use crate::effort::{ModelNames, ModelView};
use crate::eval::sym::BoolTerm;
use crate::fd::{self, Deduction, Trace};
use crate::span::Span;
use std::rc::Rc;

/// `explain()`: the trace of the model the interpreter sees.
pub fn explain(interp: &Interp<'_>, span: Span) -> EvalResult<Value> {
    let view = interp.model("explain", span)?;
    let terms: Vec<&BoolTerm> = view.rules.iter().chain(view.clues.iter()).collect();
    let trace = fd::trace(&view.domains, &terms).ok_or_else(|| {
        EvalError::invalid(
            "`explain` handles unknowns of at most 64 values; a `find` here has more",
            span,
        )
    })?;
    Ok(record(view, &trace))
}

fn record(view: &ModelView, t: &Trace) -> Value {
    let names = &view.names;
    let steps = t.steps.iter().map(|s| step(view, s)).collect();
    let givens = t
        .givens
        .iter()
        .map(|&(x, v)| {
            let (find, cell, _) = &names.cells[x];
            map(vec![
                ("find", Value::str(find)),
                ("cell", cell.clone()),
                ("value", value(names, x, v)),
            ])
        })
        .collect();
    let open = t
        .open
        .iter()
        .map(|(x, vs)| {
            let (find, cell, _) = &names.cells[*x];
            let values = vs.iter().map(|&v| value(names, *x, v)).collect();
            map(vec![
                ("find", Value::str(find)),
                ("cell", cell.clone()),
                ("values", Value::list(values)),
            ])
        })
        .collect();
    map(vec![
        ("steps", Value::list(steps)),
        ("givens", Value::list(givens)),
        ("open", Value::list(open)),
        ("rounds", Value::Int(t.rounds.into())),
        ("solved", Value::Bool(t.solved)),
        ("contradiction", Value::Bool(t.contradiction)),
    ])
}

fn step(view: &ModelView, s: &Deduction) -> Value {
    let names = &view.names;
    let (rule, at) = match names.rules.get(s.term) {
        Some((name, at)) => (Value::str(name), at.clone()),
        None => (
            Value::str("clue"),
            Value::Int((s.term - view.rules.len()) as i64),
        ),
    };
    let (find, cell, _) = &names.cells[s.var];
    map(vec![
        ("rule", rule),
        ("at", at),
        ("find", Value::str(find)),
        ("cell", cell.clone()),
        ("value", value(names, s.var, s.value)),
        ("reason", Value::str(s.reason.name())),
        ("round", Value::Int(s.round.into())),
    ])
}

/// The value of unknown `x` as a spec sees it (`true`/`false` for a boolean
/// `find`).
fn value(names: &ModelNames, x: usize, v: i64) -> Value {
    if names.cells[x].2 {
        Value::Bool(v != 0)
    } else {
        Value::Int(v)
    }
}

fn map(fields: Vec<(&str, Value)>) -> Value {
    Value::Map(Rc::new(
        fields
            .into_iter()
            .map(|(k, v)| (Value::str(k), v))
            .collect(),
    ))
}
