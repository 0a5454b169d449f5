//! `wordlist(name, lengths?)`: the shipped word lists as spec values.
//!
//! The lists are parsed once per process (`stdlib::wordlist`); the list
//! values built from them are kept per thread (values hold `Rc`s), so a
//! spec that asks for the same words in every item pays for them once.

use super::error::{EvalError, EvalResult};
use super::interp::{expect_int, expect_str, type_error};
use super::value::Value;
use crate::span::Span;
use crate::stdlib::wordlist;
use std::cell::RefCell;

/// Values kept per thread before the cache starts over.
const CACHE_ENTRIES: usize = 64;

/// One earlier call: the list's index, the lengths asked for (`None` =
/// all) and the value it gave.
struct Cached {
    list: usize,
    lengths: Option<Vec<usize>>,
    value: Value,
}

thread_local! {
    static CACHE: RefCell<Vec<Cached>> = const { RefCell::new(Vec::new()) };
}

/// The builtins of this module, or `None` for another name.
pub fn call(name: &str, args: &[Value], span: Span) -> Option<EvalResult<Value>> {
    match name {
        "wordlist" => Some(words(args, span)),
        _ => None,
    }
}

fn words(args: &[Value], span: Span) -> EvalResult<Value> {
    let name = expect_str(&args[0], span)?;
    let Some(index) = wordlist::index(&name) else {
        let names: Vec<&str> = wordlist::names().collect();
        return Err(EvalError::invalid(
            format!(
                "there is no word list \"{name}\"; the lists are {}",
                names.join(", ")
            ),
            span,
        ));
    };
    let lengths = args.get(1).map(|l| lengths(l, span)).transpose()?;
    if let Some(v) = cached(index, &lengths) {
        return Ok(v);
    }
    let list = wordlist::get(index);
    let chosen: Vec<Value> = match &lengths {
        None => list.all().iter().map(|w| Value::str(*w)).collect(),
        Some(ns) => ns
            .iter()
            .flat_map(|&n| list.of_length(n))
            .map(|w| Value::str(*w))
            .collect(),
    };
    let value = Value::list(chosen);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_ENTRIES {
            c.clear();
        }
        c.push(Cached {
            list: index,
            lengths,
            value: value.clone(),
        });
    });
    Ok(value)
}

fn cached(index: usize, lengths: &Option<Vec<usize>>) -> Option<Value> {
    CACHE.with(|c| {
        c.borrow()
            .iter()
            .find(|c| c.list == index && c.lengths == *lengths)
            .map(|c| c.value.clone())
    })
}

/// The lengths asked for: one int, or a list of ints (a range), sorted
/// and without repeats so that the words come shortest first.
fn lengths(v: &Value, span: Span) -> EvalResult<Vec<usize>> {
    let raw = match v {
        Value::Int(n) => vec![*n],
        Value::List(items) => items
            .iter()
            .map(|x| expect_int(x, span))
            .collect::<EvalResult<_>>()?,
        other => return Err(type_error("a length or a list of lengths", other, span)),
    };
    let mut out = Vec::with_capacity(raw.len());
    for n in raw {
        let n = usize::try_from(n).map_err(|_| {
            EvalError::invalid(
                format!("a word length must not be negative, found {n}"),
                span,
            )
        })?;
        out.push(n);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
