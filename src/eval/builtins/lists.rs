//! Builtins over lists, maps and integers.

use super::{int_result, map_entries, non_negative, seq_or_str};
use crate::eval::error::{EvalError, EvalErrorKind as K, EvalResult};
use crate::eval::interp::{expect_bool, expect_int, expect_list, expect_str, iter_values, Interp};
use crate::eval::map_index::group_positions;
use crate::eval::value::Value;
use crate::span::Span;

use std::rc::Rc;

/// Calls builtin `name` if it is one of these; `None` if it is not.
pub(super) fn call(
    interp: &mut Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    let value = match name {
        "len" => Ok(Value::Int(match a(0) {
            Value::Str(s) => s.chars().count() as i64,
            Value::Map(m) => m.len() as i64,
            other => expect_list(other, span)?.len() as i64,
        })),
        "sum" | "product" => {
            let xs = expect_list(a(0), span)?;
            let mut acc: i64 = if name == "sum" { 0 } else { 1 };
            for x in xs.iter() {
                let v = expect_int(x, span)?;
                acc = if name == "sum" {
                    acc.checked_add(v)
                } else {
                    acc.checked_mul(v)
                }
                .ok_or_else(|| EvalError::new(K::Overflow(format!("{name} of a list")), span))?;
            }
            Ok(Value::Int(acc))
        }
        "min" | "max" => {
            let items: Vec<Value> = if args.len() == 2 {
                args.to_vec()
            } else {
                expect_list(a(0), span)?.to_vec()
            };
            let mut best: Option<Value> = None;
            for x in items {
                best = Some(match best {
                    None => x,
                    Some(b) => {
                        let better = if name == "min" {
                            x.cmp_total(&b).is_lt()
                        } else {
                            x.cmp_total(&b).is_gt()
                        };
                        if better {
                            x
                        } else {
                            b
                        }
                    }
                });
            }
            best.ok_or_else(|| EvalError::invalid(format!("`{name}` of an empty list"), span))
        }
        "sort" => {
            let mut xs = expect_list(a(0), span)?.to_vec();
            xs.sort_by(|x, y| x.cmp_total(y));
            Ok(Value::list(xs))
        }
        "sort_by" => {
            let xs = expect_list(a(0), span)?;
            let mut keyed = Vec::with_capacity(xs.len());
            for x in xs.iter() {
                keyed.push((interp.call(a(1), vec![x.clone()], span)?, x.clone()));
            }
            keyed.sort_by(|p, q| p.0.cmp_total(&q.0));
            Ok(Value::list(keyed.into_iter().map(|(_, x)| x).collect()))
        }
        "argsort" => {
            let xs = expect_list(a(0), span)?;
            let mut idx: Vec<usize> = (0..xs.len()).collect();
            idx.sort_by(|&i, &j| xs[i].cmp_total(&xs[j]));
            Ok(Value::list(
                idx.into_iter().map(|i| Value::Int(i as i64)).collect(),
            ))
        }
        "reverse" => match seq_or_str(a(0), span)? {
            Ok(xs) => Ok(Value::list(xs.iter().rev().cloned().collect())),
            Err(cs) => Ok(Value::str(cs.iter().rev().collect::<String>())),
        },
        "range" => {
            let ints = args
                .iter()
                .map(|v| expect_int(v, span))
                .collect::<EvalResult<Vec<_>>>()?;
            let (lo, hi, step) = match ints.as_slice() {
                [n] => (0, *n, 1),
                [lo, hi] => (*lo, *hi, 1),
                [lo, hi, step] => (*lo, *hi, *step),
                _ => (0, 0, 1),
            };
            if step == 0 {
                return Err(EvalError::invalid("`range` step must not be 0", span));
            }
            let len = if step > 0 {
                ((hi as i128 - lo as i128).max(0) + step as i128 - 1) / step as i128
            } else {
                ((lo as i128 - hi as i128).max(0) + (-(step as i128)) - 1) / (-(step as i128))
            };
            interp.fuel().alloc(len as u128, span)?;
            Ok(Value::list(
                (0..len)
                    .map(|i| Value::Int((lo as i128 + i * step as i128) as i64))
                    .collect(),
            ))
        }
        "zip" => {
            let xs = expect_list(a(0), span)?;
            let ys = expect_list(a(1), span)?;
            Ok(Value::list(
                xs.iter()
                    .zip(ys.iter())
                    .map(|(x, y)| Value::tuple(vec![x.clone(), y.clone()]))
                    .collect(),
            ))
        }
        "enumerate" => {
            let xs = iter_values(a(0), span)?;
            Ok(Value::list(
                xs.into_iter()
                    .enumerate()
                    .map(|(i, x)| Value::tuple(vec![Value::Int(i as i64), x]))
                    .collect(),
            ))
        }
        "map" => {
            let xs = iter_values(a(0), span)?;
            let out = xs
                .into_iter()
                .map(|x| interp.call(a(1), vec![x], span))
                .collect::<EvalResult<_>>()?;
            Ok(Value::list(out))
        }
        "filter" => {
            let xs = iter_values(a(0), span)?;
            let mut out = Vec::new();
            for x in xs {
                if expect_bool(&interp.call(a(1), vec![x.clone()], span)?, span)? {
                    out.push(x);
                }
            }
            Ok(Value::list(out))
        }
        "any" | "all" => {
            let xs = iter_values(a(0), span)?;
            let want = name == "any";
            for x in xs {
                let t = if args.len() == 2 {
                    interp.call(a(1), vec![x], span)?
                } else {
                    x
                };
                if expect_bool(&t, span)? == want {
                    return Ok(Some(Value::Bool(want)));
                }
            }
            Ok(Value::Bool(!want))
        }
        "count" => {
            let xs = iter_values(a(0), span)?;
            let mut n = 0i64;
            for x in xs {
                let hit = match a(1) {
                    f @ Value::Func(_) => expect_bool(&interp.call(f, vec![x], span)?, span)?,
                    y => x == *y,
                };
                n += hit as i64;
            }
            Ok(Value::Int(n))
        }
        "index_of" => match a(0) {
            Value::Str(s) => {
                let needle = expect_str(a(1), span)?;
                Ok(Value::Int(match s.find(&*needle) {
                    Some(byte) => s[..byte].chars().count() as i64,
                    None => -1,
                }))
            }
            other => {
                let xs = expect_list(other, span)?;
                Ok(Value::Int(
                    xs.iter().position(|x| x == a(1)).map_or(-1, |i| i as i64),
                ))
            }
        },
        "contains" => match a(0) {
            Value::Str(s) => Ok(Value::Bool(s.contains(&*expect_str(a(1), span)?))),
            Value::Map(m) => Ok(Value::Bool(m.iter().any(|(k, _)| k == a(1)))),
            other => Ok(Value::Bool(
                expect_list(other, span)?.iter().any(|x| x == a(1)),
            )),
        },
        "unique" => {
            let xs = expect_list(a(0), span)?;
            let out = group_positions(&xs)
                .into_iter()
                .map(|g| xs[g[0]].clone())
                .collect();
            Ok(Value::list(out))
        }
        "group_count" => {
            let xs = iter_values(a(0), span)?;
            let out = group_positions(&xs)
                .into_iter()
                .map(|g| (xs[g[0]].clone(), Value::Int(g.len() as i64)))
                .collect();
            Ok(Value::Map(Rc::new(out)))
        }
        "group_by" => {
            let xs = expect_list(a(0), span)?;
            let mut keys = Vec::with_capacity(xs.len());
            for x in xs.iter() {
                keys.push(interp.call(a(1), vec![x.clone()], span)?);
            }
            let out = group_positions(&keys)
                .into_iter()
                .map(|g| {
                    let members = g.iter().map(|&p| xs[p].clone()).collect();
                    (keys[g[0]].clone(), Value::list(members))
                })
                .collect();
            Ok(Value::Map(Rc::new(out)))
        }
        "group_sum" => {
            let keys = iter_values(a(0), span)?;
            let values = expect_list(a(1), span)?;
            if keys.len() != values.len() {
                return Err(EvalError::invalid(
                    format!(
                        "`group_sum` needs as many values as keys, got {} keys and {} values",
                        keys.len(),
                        values.len()
                    ),
                    span,
                ));
            }
            let groups = group_positions(&keys);
            let mut group_of = vec![0; keys.len()];
            for (g, members) in groups.iter().enumerate() {
                for &p in members {
                    group_of[p] = g;
                }
            }
            // Summed in the values' order, so that the first value that is
            // not an integer, or the first sum that overflows, is the one
            // reported.
            let mut sums = vec![0i64; groups.len()];
            for (v, &g) in values.iter().zip(&group_of) {
                let v = expect_int(v, span)?;
                sums[g] = sums[g].checked_add(v).ok_or_else(|| {
                    EvalError::new(K::Overflow("group_sum of a list".to_string()), span)
                })?;
            }
            let out = groups
                .iter()
                .zip(sums)
                .map(|(g, n)| (keys[g[0]].clone(), Value::Int(n)))
                .collect();
            Ok(Value::Map(Rc::new(out)))
        }
        "flatten" => {
            let xs = expect_list(a(0), span)?;
            let mut out = Vec::new();
            for x in xs.iter() {
                out.extend(expect_list(x, span)?.iter().cloned());
                interp.fuel().size(out.len() as u128, span)?;
            }
            Ok(Value::list(out))
        }
        "concat" => {
            let xs = expect_list(a(0), span)?;
            let mut out = String::new();
            for x in xs.iter() {
                out.push_str(&expect_str(x, span)?);
            }
            Ok(Value::str(out))
        }
        "take" | "drop" | "slice" => {
            let (lo, hi) = match name {
                "take" => (0, expect_int(a(1), span)?),
                "drop" => (expect_int(a(1), span)?, i64::MAX),
                _ => (expect_int(a(1), span)?, expect_int(a(2), span)?),
            };
            let clamp = |n: usize, i: i64| i.clamp(0, n as i64) as usize;
            match seq_or_str(a(0), span)? {
                Ok(xs) => {
                    let (l, h) = (clamp(xs.len(), lo), clamp(xs.len(), hi));
                    Ok(Value::list(xs[l..h.max(l)].to_vec()))
                }
                Err(cs) => {
                    let (l, h) = (clamp(cs.len(), lo), clamp(cs.len(), hi));
                    Ok(Value::str(cs[l..h.max(l)].iter().collect::<String>()))
                }
            }
        }
        "first" | "last" => {
            let xs = expect_list(a(0), span)?;
            let item = if name == "first" {
                xs.first()
            } else {
                xs.last()
            };
            item.cloned()
                .ok_or_else(|| EvalError::invalid(format!("`{name}` of an empty list"), span))
        }
        "chunks" => {
            let xs = expect_list(a(0), span)?;
            let n = non_negative(expect_int(a(1), span)?, "chunk size", span)?;
            if n == 0 {
                return Err(EvalError::invalid("chunk size must be at least 1", span));
            }
            Ok(Value::list(
                xs.chunks(n).map(|c| Value::list(c.to_vec())).collect(),
            ))
        }
        "transpose" => {
            let rows = expect_list(a(0), span)?;
            let rows = rows
                .iter()
                .map(|r| expect_list(r, span))
                .collect::<EvalResult<Vec<_>>>()?;
            let width = rows.first().map_or(0, |r| r.len());
            if rows.iter().any(|r| r.len() != width) {
                return Err(EvalError::invalid(
                    "`transpose` needs rows of equal length",
                    span,
                ));
            }
            Ok(Value::list(
                (0..width)
                    .map(|c| Value::list(rows.iter().map(|r| r[c].clone()).collect()))
                    .collect(),
            ))
        }
        "rotate" => {
            let k = expect_int(a(1), span)?;
            match seq_or_str(a(0), span)? {
                Ok(xs) => {
                    let mut v = xs.to_vec();
                    if !v.is_empty() {
                        let s = k.rem_euclid(v.len() as i64) as usize;
                        v.rotate_left(s);
                    }
                    Ok(Value::list(v))
                }
                Err(mut cs) => {
                    if !cs.is_empty() {
                        let s = k.rem_euclid(cs.len() as i64) as usize;
                        cs.rotate_left(s);
                    }
                    Ok(Value::str(cs.into_iter().collect::<String>()))
                }
            }
        }
        "repeat" => {
            let n = non_negative(expect_int(a(1), span)?, "repeat count", span)?;
            match a(0) {
                Value::Str(s) => {
                    interp.fuel().alloc(s.len() as u128 * n as u128, span)?;
                    Ok(Value::str(s.repeat(n)))
                }
                x => {
                    interp.fuel().alloc(n as u128, span)?;
                    Ok(Value::list(vec![x.clone(); n]))
                }
            }
        }
        "set_at" => {
            let mut xs = expect_list(a(0), span)?.to_vec();
            let i = expect_int(a(1), span)?;
            if i < 0 || i as u128 >= xs.len() as u128 {
                return Err(EvalError::new(
                    K::IndexOutOfRange {
                        index: i,
                        len: xs.len(),
                        what: "list",
                    },
                    span,
                ));
            }
            xs[i as usize] = a(2).clone();
            Ok(Value::list(xs))
        }
        "fold" => {
            let xs = iter_values(a(0), span)?;
            let mut acc = a(1).clone();
            for x in xs {
                acc = interp.call(a(2), vec![acc, x], span)?;
            }
            Ok(acc)
        }
        "keys" => Ok(Value::list(
            map_entries(a(0), span)?
                .iter()
                .map(|(k, _)| k.clone())
                .collect(),
        )),
        "values" => Ok(Value::list(
            map_entries(a(0), span)?
                .iter()
                .map(|(_, v)| v.clone())
                .collect(),
        )),
        "get" => {
            let m = map_entries(a(0), span)?;
            Ok(Value::map_get(&m, a(1)).unwrap_or_else(|| a(2).clone()))
        }
        "insert" => {
            let mut m = map_entries(a(0), span)?.to_vec();
            match m.iter_mut().find(|(k, _)| k == a(1)) {
                Some(slot) => slot.1 = a(2).clone(),
                None => m.push((a(1).clone(), a(2).clone())),
            }
            Ok(Value::Map(Rc::new(m)))
        }
        "to_map" => {
            let pairs = expect_list(a(0), span)?;
            let mut kvs = Vec::with_capacity(pairs.len());
            for p in pairs.iter() {
                let kv = expect_list(p, span)?;
                if kv.len() != 2 {
                    return Err(EvalError::invalid(
                        "`to_map` needs (key, value) pairs",
                        span,
                    ));
                }
                kvs.push((kv[0].clone(), kv[1].clone()));
            }
            let m = crate::eval::map_index::collect_entries(kvs);
            Ok(Value::Map(Rc::new(m)))
        }
        "abs" => {
            let n = expect_int(a(0), span)?;
            int_result(n.checked_abs(), "abs", span)
        }
        "pow" => {
            let base = expect_int(a(0), span)?;
            let e = expect_int(a(1), span)?;
            let e = u32::try_from(e)
                .map_err(|_| EvalError::invalid(format!("exponent {e} must be 0 or more"), span))?;
            int_result(base.checked_pow(e), "pow", span)
        }
        "div" | "mod" => {
            let x = expect_int(a(0), span)?;
            let y = expect_int(a(1), span)?;
            if y == 0 {
                return Err(EvalError::new(K::DivideByZero, span));
            }
            let v = if name == "div" {
                crate::eval::interp::floor_div(x, y)
            } else {
                crate::eval::interp::floor_mod(x, y)
            };
            int_result(v, name, span)
        }
        "sign" => Ok(Value::Int(expect_int(a(0), span)?.signum())),
        "digits" => {
            let n = expect_int(a(0), span)?;
            Ok(Value::list(
                n.unsigned_abs()
                    .to_string()
                    .chars()
                    .map(|c| Value::Int(c as i64 - '0' as i64))
                    .collect(),
            ))
        }
        _ => return Ok(None),
    };
    value.map(Some)
}
