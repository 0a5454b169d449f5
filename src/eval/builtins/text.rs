//! Builtins over strings, and number and list formatting.

use super::{map_entries, non_negative, one_char, strings};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::fuel::Resource;
use crate::eval::interp::{expect_int, expect_list, expect_str, iter_values, Interp};
use crate::eval::size::display_len;
use crate::eval::value::Value;
use crate::render::{fill, format, particle};
use crate::span::Span;
use crate::stdlib::numeral;

/// Calls builtin `name` if it is one of these; `None` if it is not.
pub(super) fn call(
    interp: &mut Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    let value = match name {
        "str" => {
            interp.fuel().display(a(0), 0, span)?;
            Ok(Value::str(a(0).display()))
        }
        "int" => {
            let s = expect_str(a(0), span)?;
            s.trim()
                .parse::<i64>()
                .map(Value::Int)
                .map_err(|_| EvalError::invalid(format!("\"{s}\" is not an integer"), span))
        }
        "chars" => Ok(Value::list(
            expect_str(a(0), span)?
                .chars()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "join" => {
            let xs = iter_values(a(0), span)?;
            let sep = match args.get(1) {
                Some(s) => expect_str(s, span)?.to_string(),
                None => String::new(),
            };
            let cap = interp.fuel().limits().get(Resource::Values);
            let texts: u128 = xs.iter().map(|x| display_len(x, cap) as u128).sum();
            let seps = sep.len() as u128 * xs.len().saturating_sub(1) as u128;
            interp.fuel().size(texts + seps, span)?;
            Ok(Value::str(strings(&xs).join(&sep)))
        }
        "split" => {
            let s = expect_str(a(0), span)?;
            let sep = expect_str(a(1), span)?;
            if sep.is_empty() {
                return Err(EvalError::invalid(
                    "`split` separator must not be empty; use `chars`",
                    span,
                ));
            }
            Ok(Value::list(s.split(&*sep).map(Value::str).collect()))
        }
        "upper" => Ok(Value::str(expect_str(a(0), span)?.to_uppercase())),
        "lower" => Ok(Value::str(expect_str(a(0), span)?.to_lowercase())),
        "trim" => Ok(Value::str(expect_str(a(0), span)?.trim())),
        "trim_end" => Ok(Value::str(expect_str(a(0), span)?.trim_end())),
        "replace" => {
            let s = expect_str(a(0), span)?;
            let from = expect_str(a(1), span)?;
            if from.is_empty() {
                return Err(EvalError::invalid(
                    "`replace` needs a non-empty pattern",
                    span,
                ));
            }
            let to = expect_str(a(2), span)?;
            let hits = s.matches(&*from).count() as u128;
            let len = s.len() as u128 - hits * from.len() as u128 + hits * to.len() as u128;
            interp.fuel().size(len, span)?;
            Ok(Value::str(s.replace(&*from, &to)))
        }
        "starts_with" => Ok(Value::Bool(
            expect_str(a(0), span)?.starts_with(&*expect_str(a(1), span)?),
        )),
        "ends_with" => Ok(Value::Bool(
            expect_str(a(0), span)?.ends_with(&*expect_str(a(1), span)?),
        )),
        "pad_left" => {
            let s = expect_str(a(0), span)?;
            let width = non_negative(expect_int(a(1), span)?, "width", span)?;
            interp.fuel().alloc(width as u128, span)?;
            let fill = one_char(a(2), span)?;
            let n = s.chars().count();
            let pad: String = std::iter::repeat_n(fill, width.saturating_sub(n)).collect();
            Ok(Value::str(format!("{pad}{s}")))
        }
        "ord" => Ok(Value::Int(one_char(a(0), span)? as i64)),
        "chr" => {
            let n = expect_int(a(0), span)?;
            u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .map(|c| Value::str(c.to_string()))
                .ok_or_else(|| {
                    EvalError::invalid(format!("{n} is not a Unicode scalar value"), span)
                })
        }
        "alphabet" => Ok(Value::str("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
        "letter_index" => {
            let c = one_char(a(0), span)?;
            if c.is_ascii_alphabetic() {
                Ok(Value::Int((c.to_ascii_uppercase() as u8 - b'A') as i64))
            } else {
                Err(EvalError::invalid(
                    format!("\"{c}\" is not a letter A-Z"),
                    span,
                ))
            }
        }
        "letter" => {
            let i = expect_int(a(0), span)?.rem_euclid(26) as u8;
            Ok(Value::str(((b'A' + i) as char).to_string()))
        }
        "is_letter" => Ok(Value::Bool(
            matches!(a(0), Value::Str(s) if s.chars().count() == 1 && s.chars().all(|c| c.is_ascii_alphabetic())),
        )),
        "commas" => Ok(Value::str(format::group_thousands(
            expect_int(a(0), span)?,
            ",",
        ))),
        "plural" => {
            let n = expect_int(a(0), span)?;
            let one = expect_str(a(1), span)?;
            let many = args.get(2).map(|v| expect_str(v, span)).transpose()?;
            Ok(Value::str(format::plural_en(n, &one, many.as_deref())))
        }
        "ordinal" => Ok(Value::str(format::ordinal_en(expect_int(a(0), span)?))),
        "join_en" => Ok(Value::str(format::join_en(&strings(&iter_values(
            a(0),
            span,
        )?)))),
        "join_ko" => Ok(Value::str(format::join_ko(&strings(&iter_values(
            a(0),
            span,
        )?)))),
        "grid" => {
            let rows = expect_list(a(0), span)?;
            let rows = rows
                .iter()
                .map(|r| Ok(strings(&iter_values(r, span)?)))
                .collect::<EvalResult<Vec<_>>>()?;
            let sep = match args.get(1) {
                Some(s) => expect_str(s, span)?.to_string(),
                None => " ".to_string(),
            };
            Ok(Value::str(format::grid(&rows, &sep)))
        }
        "table" => {
            let header = strings(&iter_values(a(0), span)?);
            let rows = expect_list(a(1), span)?
                .iter()
                .map(|r| Ok(strings(&iter_values(r, span)?)))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::str(format::table(&header, &rows)))
        }
        "josa" => {
            let word = a(0).display();
            let p = expect_str(a(1), span)?;
            let kind = particle::parse_particle(&p)
                .ok_or_else(|| EvalError::invalid(format!("unknown particle \"{p}\""), span))?;
            particle::attach_read(&word, kind, interp.readings())
                .map(Value::str)
                .map_err(|e| EvalError::invalid(e.to_string(), span))
        }
        "fill_in" => {
            let pattern = expect_str(a(0), span)?;
            let entries = map_entries(a(1), span)?;
            let value = |key: &str| {
                entries
                    .iter()
                    .find(|(k, _)| k.display() == key)
                    .map(|(_, v)| v.display())
            };
            let text = fill::fill(&pattern, value, interp.readings())
                .map_err(|e| EvalError::invalid(format!("`fill_in`: {e}"), span))?;
            interp.fuel().size(text.len() as u128, span)?;
            Ok(Value::str(text))
        }
        "ko_native" => native_numeral(a(0), span, numeral::native),
        "ko_count" => {
            let counter = expect_str(a(1), span)?;
            native_numeral(a(0), span, |n| numeral::count(n, &counter))
        }
        "ko_sino" => {
            let n = expect_int(a(0), span)?;
            numeral::sino(n).map(Value::str).ok_or_else(|| {
                EvalError::invalid(
                    format!("`ko_sino` reads integers from 0 up, found {n}"),
                    span,
                )
            })
        }
        _ => return Ok(None),
    };
    value.map(Some)
}

/// A native Korean number word of the integer `v` made by `word`, or a
/// located error naming the range 1..=99 when `v` is outside it.
fn native_numeral(
    v: &Value,
    span: Span,
    word: impl Fn(i64) -> Option<String>,
) -> EvalResult<Value> {
    let n = expect_int(v, span)?;
    word(n).map(Value::str).ok_or_else(|| {
        EvalError::invalid(
            format!(
                "native Korean numerals exist for {}..={} only, found {n} \
                 (use `ko_sino` or digits for other numbers)",
                numeral::NATIVE_MIN,
                numeral::NATIVE_MAX
            ),
            span,
        )
    })
}
