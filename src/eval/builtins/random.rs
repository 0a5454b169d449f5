//! Builtins that draw random numbers (allowed only in `generate`).

use super::non_negative;
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::{expect_int, expect_list, Interp};
use crate::eval::value::Value;
use crate::span::Span;

/// Calls builtin `name` if it is one of these; `None` if it is not.
pub(super) fn call(
    interp: &mut Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    let value = match name {
        "shuffle" => {
            let xs = expect_list(a(0), span)?;
            let order = interp.sampler(span)?.permutation(xs.len());
            Ok(Value::list(
                order.into_iter().map(|i| xs[i].clone()).collect(),
            ))
        }
        "permutation" => {
            let n = non_negative(expect_int(a(0), span)?, "permutation size", span)?;
            interp.fuel().alloc(n as u128, span)?;
            let order = interp.sampler(span)?.permutation(n);
            Ok(Value::list(
                order.into_iter().map(|i| Value::Int(i as i64)).collect(),
            ))
        }
        "coin" => {
            let p = expect_int(a(0), span)?;
            let q = expect_int(a(1), span)?;
            if q <= 0 || p < 0 || p > q {
                return Err(EvalError::invalid(
                    format!("`coin({p}, {q})` needs 0 <= p <= q and q > 0"),
                    span,
                ));
            }
            Ok(Value::Bool(
                (interp.sampler(span)?.below(q as u64) as i64) < p,
            ))
        }
        _ => return Ok(None),
    };
    value.map(Some)
}
