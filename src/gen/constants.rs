//! Top-level constants, evaluated once per lever setting.
//!
//! A constant's value depends only on the spec and on the levers its
//! definition reaches ([`Program::const_levers`]): constants draw no random
//! numbers and see no item state. So each thread keeps the values it has
//! computed, keyed by the spec's `spec_hash`, the constant and the values of
//! those levers, and an item whose levers agree takes the kept value instead
//! of evaluating the definition again (a word list filtered once per build,
//! not once per item).
//!
//! The budget is charged what the evaluation spent
//! ([`crate::eval::fuel::Spent`]), so an item runs out of fuel where it
//! would have; when the replayed cost does not fit, the constant is
//! evaluated as before and fails where it would. Records never depend on the
//! cache (tests build with it off and compare bytes).

use crate::check::program::Program;
use crate::eval::fuel::Spent;
use crate::eval::{Env, EvalResult, Fuel, Interp, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Values kept per thread (the least recently used goes first).
const KEPT: usize = 64;

/// Whether constants are kept (see [`set_constant_reuse`]).
static REUSE: AtomicBool = AtomicBool::new(true);

/// Turns the reuse of constants' values on or off for later items in this
/// process. Records do not depend on it; tests use it to show that.
#[doc(hidden)]
pub fn set_constant_reuse(on: bool) {
    REUSE.store(on, Ordering::Relaxed);
}

/// One constant's value under one setting of the levers it reads.
struct Kept {
    /// The spec's `spec_hash`.
    spec: String,
    /// The constant's index in [`Program::consts`].
    index: usize,
    /// The values of the levers it reads, in lever order.
    levers: Vec<Value>,
    value: Value,
    spent: Spent,
}

thread_local! {
    /// Most recently used first.
    static KEPT_VALUES: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// The environment of levers and constants an item's evaluators see:
/// `levers` (name, value, in lever order) bound first, then every constant
/// in declaration order. A constant that fails returns its error, with the
/// constant's index.
pub(super) fn bind(
    program: &Program,
    levers: &[(String, Value)],
    fuel: &Rc<Fuel>,
) -> Result<Env, (usize, crate::eval::EvalError)> {
    let mut base = Env::new();
    for (name, value) in levers {
        base = base.bind(name, value.clone());
    }
    for (index, (ident, _)) in program.consts.iter().enumerate() {
        let value = constant(program, index, levers, &base, fuel).map_err(|e| (index, e))?;
        base = base.bind(&ident.name, value);
    }
    Ok(base)
}

/// The value of constant `index` in `base`: kept or evaluated.
fn constant(
    program: &Program,
    index: usize,
    levers: &[(String, Value)],
    base: &Env,
    fuel: &Rc<Fuel>,
) -> EvalResult<Value> {
    let reuse = REUSE.load(Ordering::Relaxed);
    let key: Vec<Value> = match program.const_levers.get(index) {
        Some(read) if reuse => read.iter().map(|&i| levers[i].1.clone()).collect(),
        _ => return evaluate(program, index, base, fuel),
    };
    if let Some((value, spent)) = recall(&program.spec_hash, index, &key) {
        if fuel.replay(spent, 0) {
            return Ok(value);
        }
        return evaluate(program, index, base, fuel);
    }
    let mark = fuel.begin(0);
    let result = evaluate(program, index, base, fuel);
    let spent = fuel.end(mark);
    let value = result?;
    keep(Kept {
        spec: program.spec_hash.clone(),
        index,
        levers: key,
        value: value.clone(),
        spent,
    });
    Ok(value)
}

/// Evaluates constant `index`'s definition in `base`.
fn evaluate(program: &Program, index: usize, base: &Env, fuel: &Rc<Fuel>) -> EvalResult<Value> {
    let expr = &program.consts[index].1;
    let mut interp = Interp::new(program, None)
        .with_globals(base.clone())
        .with_fuel(fuel.clone());
    interp.eval(expr, base)
}

/// The kept value of constant `index` under these lever values, moved to
/// the front.
fn recall(spec: &str, index: usize, levers: &[Value]) -> Option<(Value, Spent)> {
    KEPT_VALUES.with_borrow_mut(|kept| {
        let at = kept
            .iter()
            .position(|k| k.index == index && k.spec == spec && k.levers == levers)?;
        let found = kept.remove(at);
        let out = (found.value.clone(), found.spent);
        kept.insert(0, found);
        Some(out)
    })
}

fn keep(value: Kept) {
    KEPT_VALUES.with_borrow_mut(|kept| {
        kept.insert(0, value);
        kept.truncate(KEPT);
    });
}
