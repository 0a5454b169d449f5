//! Constraints over sequences of integers: `table(xs, rows)` (the values
//! of `xs` are one of the rows) and `regular(xs, transitions, start,
//! accepting)` (an automaton accepts them). Over plain values they are
//! checked at once; over unknowns `table` is the disjunction of one
//! conjunction of equalities per row, and `regular` an exact automaton
//! encoding (src/sat/regular.rs). Both are conditions that may be negated,
//! counted or be clues.

use super::error::{EvalError, EvalResult};
use super::interp::{expect_int, iter_values};
use super::sym::{BoolTerm, IntTerm};
use super::symops::{bool_value, int_term};
use super::value::Value;
use crate::sat::regular::Automaton;
use crate::sat::CmpOp;
use crate::span::Span;
use std::collections::BTreeSet;
use std::rc::Rc;

/// The integers of one list or tuple.
fn ints(v: &Value, span: Span) -> EvalResult<Vec<i64>> {
    iter_values(v, span)?
        .iter()
        .map(|x| expect_int(x, span))
        .collect()
}

/// The terms of `xs`, and their values when every one is a plain integer.
fn terms(xs: &[Value], span: Span) -> EvalResult<(Vec<IntTerm>, Option<Vec<i64>>)> {
    let terms = xs
        .iter()
        .map(|x| int_term(x, span))
        .collect::<EvalResult<Vec<_>>>()?;
    let plain = terms
        .iter()
        .map(|t| t.is_constant().then_some(t.constant))
        .collect();
    Ok((terms, plain))
}

/// `table(xs, rows)`: the values of `xs` are one of `rows`, each a list of
/// `len(xs)` integers.
pub fn table(xs: &[Value], rows: &[Value], span: Span) -> EvalResult<Value> {
    let (terms, plain) = terms(xs, span)?;
    let mut table = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let row = ints(row, span)?;
        if row.len() != terms.len() {
            return Err(EvalError::invalid(
                format!(
                    "`table` row {i} has {} values, but the sequence has {}; every row gives one value per element",
                    row.len(),
                    terms.len()
                ),
                span,
            ));
        }
        table.push(row);
    }
    if let Some(values) = plain {
        return Ok(Value::Bool(table.contains(&values)));
    }
    let mut options = Vec::with_capacity(table.len());
    for row in &table {
        let mut equal = Vec::with_capacity(row.len());
        for (t, &v) in terms.iter().zip(row) {
            equal.push(
                BoolTerm::compare(t, CmpOp::Eq, &IntTerm::constant(v))
                    .ok_or_else(|| EvalError::invalid("`table`: integer overflow", span))?,
            );
        }
        options.push(BoolTerm::and(equal));
    }
    Ok(bool_value(BoolTerm::or(options)))
}

/// `regular(xs, transitions, start, accepting)`: the automaton with these
/// `(from, symbol, to)` transitions, start state and accepting states
/// accepts the values of `xs`.
pub fn regular(
    xs: &[Value],
    transitions: &[Value],
    start: &Value,
    accepting: &[Value],
    span: Span,
) -> EvalResult<Value> {
    let mut triples = Vec::with_capacity(transitions.len());
    for (i, t) in transitions.iter().enumerate() {
        match ints(t, span)?.as_slice() {
            &[from, symbol, to] => triples.push((from, symbol, to)),
            other => {
                return Err(EvalError::invalid(
                    format!(
                        "`regular` transition {i} has {} values; each is (from, symbol, to)",
                        other.len()
                    ),
                    span,
                ))
            }
        }
    }
    let accepting: BTreeSet<i64> = accepting
        .iter()
        .map(|v| expect_int(v, span))
        .collect::<EvalResult<_>>()?;
    let automaton = Automaton::new(expect_int(start, span)?, accepting, &triples)
        .map_err(|message| EvalError::invalid(message, span))?;
    let (terms, plain) = terms(xs, span)?;
    if let Some(word) = plain {
        return Ok(Value::Bool(automaton.accepts(&word)));
    }
    Ok(bool_value(BoolTerm::Regular(terms, Rc::new(automaton))))
}
