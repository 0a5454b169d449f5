//! Builtins over Hangul syllables and jamo.

use super::one_char;
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::{expect_int, expect_str, Interp};
use crate::eval::value::Value;
use crate::span::Span;
use crate::stdlib::hangul;

/// Calls builtin `name` if it is one of these; `None` if it is not.
pub(super) fn call(
    _interp: &mut Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    let value = match name {
        "initials" => Ok(Value::list(
            hangul::INITIALS
                .iter()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "medials" => Ok(Value::list(
            hangul::MEDIALS
                .iter()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "finals" => Ok(Value::list(hangul::FINALS.iter().map(Value::str).collect())),
        "is_syllable" => Ok(Value::Bool(
            matches!(a(0), Value::Str(s) if s.chars().count() == 1 && s.chars().all(hangul::is_syllable)),
        )),
        "decompose" => {
            let c = one_char(a(0), span)?;
            let s = hangul::decompose(c).ok_or_else(|| {
                EvalError::invalid(format!("\"{c}\" is not a Hangul syllable"), span)
            })?;
            Ok(Value::tuple(vec![
                Value::Int(s.initial as i64),
                Value::Int(s.medial as i64),
                Value::Int(s.final_ as i64),
            ]))
        }
        "compose" => {
            let idx = |i: usize| -> EvalResult<u8> {
                let n = expect_int(a(i), span)?;
                u8::try_from(n).map_err(|_| {
                    EvalError::invalid(format!("jamo index {n} is out of range"), span)
                })
            };
            let s = hangul::Syllable {
                initial: idx(0)?,
                medial: idx(1)?,
                final_: idx(2)?,
            };
            hangul::compose(s)
                .map(|c| Value::str(c.to_string()))
                .ok_or_else(|| {
                    EvalError::invalid(
                        format!(
                            "no syllable has indices ({}, {}, {})",
                            s.initial, s.medial, s.final_
                        ),
                        span,
                    )
                })
        }
        "jamo" => {
            let s = expect_str(a(0), span)?;
            Ok(Value::list(
                s.chars()
                    .flat_map(hangul::jamo)
                    .map(|c| Value::str(c.to_string()))
                    .collect(),
            ))
        }
        "shift_initial" => {
            let s = expect_str(a(0), span)?;
            let k = expect_int(a(1), span)?;
            Ok(Value::str(
                s.chars()
                    .map(|c| hangul::shift_initial(c, k))
                    .collect::<String>(),
            ))
        }
        "shift_medial" | "shift_final" => {
            let s = expect_str(a(0), span)?;
            let k = expect_int(a(1), span)?;
            let f = if name == "shift_medial" {
                hangul::shift_medial
            } else {
                hangul::shift_final
            };
            Ok(Value::str(s.chars().map(|c| f(c, k)).collect::<String>()))
        }
        "has_final" => {
            let c = one_char(a(0), span)?;
            hangul::has_final(c).map(Value::Bool).ok_or_else(|| {
                EvalError::invalid(format!("\"{c}\" is not a Hangul syllable"), span)
            })
        }
        "is_double_final" => {
            let t = expect_int(a(0), span)?;
            Ok(Value::Bool(
                u8::try_from(t).is_ok_and(hangul::is_double_final),
            ))
        }
        _ => return Ok(None),
    };
    value.map(Some)
}
