//! Calendar builtins: Gregorian dates as `(year, month, day)` tuples, the
//! sexagenary cycle, Korean holidays and relative day words, and the Korean
//! lunar calendar. The facts live in `crate::stdlib`; this file converts
//! between spec values and those functions.

use super::error::{EvalError, EvalResult};
use super::interp::{expect_int, expect_list, expect_str};
use super::value::Value;
use crate::span::Span;
use crate::stdlib::{date, ganji, holiday, lunar};

fn small(v: &Value, span: Span) -> EvalResult<u32> {
    let n = expect_int(v, span)?;
    u32::try_from(n).map_err(|_| EvalError::invalid(format!("{n} is out of range here"), span))
}

fn year(v: &Value, span: Span) -> EvalResult<i32> {
    let n = expect_int(v, span)?;
    i32::try_from(n).map_err(|_| EvalError::invalid(format!("year {n} is out of range"), span))
}

/// A `(year, month, day)` tuple as a checked date.
fn as_date(v: &Value, span: Span) -> EvalResult<date::Date> {
    let parts = expect_list(v, span)?;
    if parts.len() != 3 {
        return Err(EvalError::invalid(
            "a date is a (year, month, day) tuple",
            span,
        ));
    }
    let (y, m, d) = (
        year(&parts[0], span)?,
        small(&parts[1], span)?,
        small(&parts[2], span)?,
    );
    date::Date::new(y, m, d)
        .ok_or_else(|| EvalError::invalid(format!("{y}-{m}-{d} is not a date"), span))
}

fn date_value(d: &date::Date) -> Value {
    Value::tuple(vec![
        Value::Int(d.year as i64),
        Value::Int(d.month as i64),
        Value::Int(d.day as i64),
    ])
}

/// Calls calendar builtin `name`; `None` if `name` is not one of them.
pub fn call(name: &str, args: &[Value], span: Span) -> Option<EvalResult<Value>> {
    dispatch(name, args, span).transpose()
}

fn dispatch(name: &str, args: &[Value], span: Span) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    Ok(Some(match name {
        "make_date" => {
            let (y, m, d) = (year(a(0), span)?, small(a(1), span)?, small(a(2), span)?);
            let dt = date::Date::new(y, m, d)
                .ok_or_else(|| EvalError::invalid(format!("{y}-{m}-{d} is not a date"), span))?;
            date_value(&dt)
        }
        "is_date" => {
            let ok = (|| {
                date::Date::new(
                    year(a(0), span).ok()?,
                    small(a(1), span).ok()?,
                    small(a(2), span).ok()?,
                )
            })();
            Value::Bool(ok.is_some())
        }
        "days_in_month" => {
            let (y, m) = (year(a(0), span)?, small(a(1), span)?);
            Value::Int(
                date::days_in_month(y, m)
                    .ok_or_else(|| EvalError::invalid(format!("month {m} does not exist"), span))?
                    as i64,
            )
        }
        "add_days" => {
            let d = as_date(a(0), span)?;
            let n = expect_int(a(1), span)?;
            date_value(
                &d.add_days(n).ok_or_else(|| {
                    EvalError::invalid("the date leaves the years 1 to 9999", span)
                })?,
            )
        }
        "days_between" => Value::Int(as_date(a(0), span)?.days_until(&as_date(a(1), span)?)),
        "weekday" => Value::Int(as_date(a(0), span)?.weekday() as i64),
        "weekday_ko" => Value::str(date::weekday_ko(small(a(0), span)?)),
        "weekday_en" => Value::str(date::weekday_en(small(a(0), span)?)),
        "format_date" => Value::str(as_date(a(0), span)?.format_dot()),
        "format_date_ko" => Value::str(as_date(a(0), span)?.format_ko()),
        "ganji" => Value::str(ganji::name(small(a(0), span)?)),
        "ganji_index" => {
            let s = expect_str(a(0), span)?;
            Value::Int(ganji::index_of(&s).ok_or_else(|| {
                EvalError::invalid(format!("\"{s}\" is not one of the 60 pairs"), span)
            })? as i64)
        }
        "day_ganji" => Value::Int(ganji::day_index(&as_date(a(0), span)?) as i64),
        "year_ganji" => Value::Int(ganji::year_index(year(a(0), span)?) as i64),
        "month_ganji" => {
            Value::Int(ganji::month_index(small(a(0), span)?, small(a(1), span)?) as i64)
        }
        "hour_ganji" => {
            Value::Int(ganji::hour_index(small(a(0), span)?, small(a(1), span)?) as i64)
        }
        "hour_branch" => Value::Int(ganji::hour_branch(small(a(0), span)?) as i64),
        "zodiac" => Value::str(ganji::zodiac_ko(year(a(0), span)?)),
        "solar_holidays" => Value::list(
            holiday::solar_holidays()
                .iter()
                .map(|(ko, en, m, d)| {
                    Value::tuple(vec![
                        Value::str(ko),
                        Value::str(en),
                        Value::Int(*m as i64),
                        Value::Int(*d as i64),
                    ])
                })
                .collect(),
        ),
        "relative_days" => Value::list(
            holiday::relative_days()
                .iter()
                .map(|(w, o)| Value::tuple(vec![Value::str(w), Value::Int(*o)]))
                .collect(),
        ),
        "solar_to_lunar" => {
            let d = as_date(a(0), span)?;
            let l = lunar::solar_to_lunar(d.year, d.month, d.day).ok_or_else(|| {
                EvalError::invalid(
                    format!(
                        "{} is outside the lunar table (1900-01-31 to 2101-01-28)",
                        d.format_dot()
                    ),
                    span,
                )
            })?;
            Value::tuple(vec![
                Value::Int(l.year as i64),
                Value::Int(l.month as i64),
                Value::Int(l.day as i64),
                Value::Bool(l.leap),
            ])
        }
        "lunar_to_solar" => {
            let ld = lunar::LunarDate {
                year: year(a(0), span)?,
                month: small(a(1), span)?,
                day: small(a(2), span)?,
                leap: matches!(a(3), Value::Bool(true)),
            };
            let (y, m, d) = lunar::lunar_to_solar(&ld).ok_or_else(|| {
                EvalError::invalid(
                    format!(
                        "lunar {}-{}-{}{} does not exist",
                        ld.year,
                        ld.month,
                        ld.day,
                        if ld.leap { " (leap)" } else { "" }
                    ),
                    span,
                )
            })?;
            date_value(
                &date::Date::new(y, m, d).ok_or_else(|| {
                    EvalError::invalid("lunar table produced an invalid date", span)
                })?,
            )
        }
        _ => return Ok(None),
    }))
}
