//! Builtins over conditions that also build constraints when an argument
//! mentions a `find`: symbolic sums, counts, `all`/`any`, `alldiff`,
//! `connected`, `runs`, `table`, `regular`, connectives and `to_int`.

use crate::eval::error::EvalResult;
use crate::eval::interp::{binary_values, expect_list, iter_values, Interp};
use crate::eval::value::Value;
use crate::eval::{sequences, symops};
use crate::span::Span;
use crate::syntax::ast::BinOp;

/// Calls builtin `name` if it is one of these; `None` if it is not.
pub(super) fn call(
    interp: &mut Interp<'_>,
    name: &str,
    args: &[Value],
    span: Span,
) -> EvalResult<Option<Value>> {
    let a = |i: usize| &args[i];
    let value = match name {
        "sum" if symops::is_symbolic(a(0)) => symops::sum(&expect_list(a(0), span)?, span),
        "all" | "any" if symops::is_symbolic(a(0)) || args.len() == 2 => {
            let xs = iter_values(a(0), span)?;
            let conds = if args.len() == 2 {
                xs.into_iter()
                    .map(|x| interp.call(a(1), vec![x], span))
                    .collect::<EvalResult<Vec<_>>>()?
            } else {
                xs
            };
            symops::all_any(&conds, name == "all", span)
        }
        "count" if symops::is_symbolic(a(0)) || matches!(a(1), Value::Func(_)) => {
            let xs = iter_values(a(0), span)?;
            let mut hits = Vec::with_capacity(xs.len());
            for x in xs {
                hits.push(match a(1) {
                    f @ Value::Func(_) => interp.call(f, vec![x], span)?,
                    y => binary_values(BinOp::Eq, &x, y, span, span, span)?,
                });
            }
            symops::sum(&hits, span)
        }
        "alldiff" => symops::alldiff(&iter_values(a(0), span)?, span),
        "connected" => {
            symops::connected(&iter_values(a(0), span)?, &iter_values(a(1), span)?, span)
        }
        "runs" => symops::runs(&iter_values(a(0), span)?, &iter_values(a(1), span)?, span),
        "table" => sequences::table(&iter_values(a(0), span)?, &iter_values(a(1), span)?, span),
        "regular" => sequences::regular(
            &iter_values(a(0), span)?,
            &iter_values(a(1), span)?,
            a(2),
            &iter_values(a(3), span)?,
            span,
        ),
        "run_lengths" => {
            let mut cells = Vec::new();
            for v in iter_values(a(0), span)? {
                cells.push(crate::eval::interp::expect_bool(&v, span)?);
            }
            let lengths = crate::sat::runs::run_lengths(&cells);
            Ok(Value::List(std::rc::Rc::new(
                lengths.into_iter().map(|n| Value::Int(n as i64)).collect(),
            )))
        }
        "implies" | "iff" | "xor" => symops::connective(name, a(0), a(1), span),
        "to_int" => Ok(symops::int_value(symops::int_term(
            &Value::Sym(std::rc::Rc::new(crate::eval::sym::Sym::Bool(
                std::rc::Rc::new(symops::bool_term(a(0), span)?),
            ))),
            span,
        )?)),
        _ => return Ok(None),
    };
    value.map(Some)
}
