//! `plant solution`: the spec's own assignment as the hidden solution,
//! checked by evaluation.

use super::{sat_error, Constraints};
use crate::eval::sym::Sym;
use crate::eval::{EvalError, EvalResult, Value};
use crate::span::Span;

impl Constraints {
    /// `plant solution EXPR`: the spec's own assignment `given` (a map from
    /// each `find` name to values shaped like the `find`) becomes the hidden
    /// solution. It must give every unknown a value of its domain and satisfy
    /// every rule and every clue so far; anything else is an error in the
    /// spec, reported with the first rule or unknown at fault. No solver
    /// model is involved, so this is as deterministic as the spec itself.
    pub fn plant(&mut self, given: &Value, span: Span) -> EvalResult<Value> {
        let Value::Map(entries) = given else {
            return Err(EvalError::invalid(
                format!(
                    "`plant solution` takes a map from each `find` to its values, not a {}",
                    given.type_name()
                ),
                span,
            ));
        };
        let mut values: Vec<Option<i64>> = vec![None; self.vars.len()];
        for (key, _) in entries.iter() {
            let known = matches!(key, Value::Str(k) if self.finds.iter().any(|f| *f.name == **k));
            if !known {
                return Err(EvalError::invalid(
                    format!(
                        "the planted solution names {}, which is not a `find`",
                        key.display()
                    ),
                    span,
                ));
            }
        }
        for f in &self.finds {
            let Some((_, v)) = entries
                .iter()
                .find(|(k, _)| matches!(k, Value::Str(k) if **k == *f.name))
            else {
                return Err(EvalError::invalid(
                    format!("the planted solution leaves out `{}`", f.name),
                    span,
                ));
            };
            let mut leaves = Vec::with_capacity(f.ids.len());
            planted_leaves(&f.value, v, &f.name, &mut leaves)
                .map_err(|why| EvalError::invalid(why, span))?;
            for (i, (&id, x)) in f.ids.iter().zip(leaves).enumerate() {
                if self.domains[id].binary_search(&x).is_err() {
                    return Err(EvalError::invalid(
                        format!(
                            "the planted value of `{}` is {x}, outside its domain ({})",
                            cell_name(&f.name, &f.labels[i]),
                            describe_values(&self.domains[id])
                        ),
                        span,
                    ));
                }
                values[id] = Some(x);
            }
        }
        let Some(m) = values.into_iter().collect::<Option<Vec<i64>>>() else {
            return Err(EvalError::invalid(
                "the planted solution does not set every unknown",
                span,
            ));
        };
        if let Some(r) = self
            .rule_terms
            .iter()
            .find(|r| r.term.eval(&m) != Some(true))
        {
            return Err(EvalError::invalid(
                format!("the planted solution breaks rule `{}`{}", r.name, r.at),
                span,
            ));
        }
        let holds = match &self.clue_terms {
            Some(ts) => ts.iter().all(|t| t.eval(&m) == Some(true)),
            None => {
                let mut fixed = self.clues.clone();
                for (&x, &v) in self.vars.iter().zip(&m) {
                    fixed.push(self.model.eq_lit(x, v));
                }
                self.model.solve(&fixed).map_err(|e| sat_error(e, span))?
            }
        };
        if !holds {
            return Err(EvalError::invalid(
                "the planted solution breaks a clue given before it",
                span,
            ));
        }
        self.known = vec![m.clone()];
        self.solution = Some(m);
        Ok(self.solution_value())
    }
}

/// The planted values of one `find`, in the order of its unknowns: `given`
/// must have the shape of `layout` (lists of the same lengths, maps with the
/// same keys) with an integer, or a bool for a `bool` find, at each leaf.
fn planted_leaves(
    layout: &Value,
    given: &Value,
    at: &str,
    out: &mut Vec<i64>,
) -> Result<(), String> {
    match (layout, given) {
        (Value::Sym(s), _) => {
            let v = match (&**s, given) {
                (Sym::Int(_), Value::Int(v)) => *v,
                (Sym::Bool(_), Value::Bool(b)) => i64::from(*b),
                (Sym::Int(_), other) => {
                    return Err(format!(
                        "the planted value of `{at}` is a {}, not an integer",
                        other.type_name()
                    ))
                }
                (Sym::Bool(_), other) => {
                    return Err(format!(
                        "the planted value of `{at}` is a {}, not a bool",
                        other.type_name()
                    ))
                }
            };
            out.push(v);
            Ok(())
        }
        (Value::List(xs), Value::List(ys)) => {
            if xs.len() != ys.len() {
                return Err(format!(
                    "the planted value of `{at}` has {} entries, but the `find` has {}",
                    ys.len(),
                    xs.len()
                ));
            }
            for (i, (x, y)) in xs.iter().zip(ys.iter()).enumerate() {
                planted_leaves(x, y, &format!("{at}[{i}]"), out)?;
            }
            Ok(())
        }
        (Value::Map(xs), Value::Map(ys)) => {
            for (k, x) in xs.iter() {
                let Some((_, y)) = ys.iter().find(|(key, _)| key == k) else {
                    return Err(format!(
                        "the planted value of `{at}` has no entry for {}",
                        k.display()
                    ));
                };
                planted_leaves(x, y, &format!("{at}[{}]", k.display()), out)?;
            }
            if ys.len() != xs.len() {
                return Err(format!(
                    "the planted value of `{at}` has {} entries, but the `find` has {}",
                    ys.len(),
                    xs.len()
                ));
            }
            Ok(())
        }
        (Value::List(_), other) => Err(format!(
            "the planted value of `{at}` is a {}, but the `find` is indexed there (a list)",
            other.type_name()
        )),
        (_, other) => Err(format!(
            "the planted value of `{at}` is a {}, but the `find` is indexed there (a map)",
            other.type_name()
        )),
    }
}

/// `name[label]` for an unknown's index label (a value or a tuple).
fn cell_name(name: &str, label: &Value) -> String {
    match label {
        Value::Tuple(xs) => format!(
            "{name}[{}]",
            xs.iter().map(Value::display).collect::<Vec<_>>().join(", ")
        ),
        one => format!("{name}[{}]", one.display()),
    }
}

/// A domain as `a..=b` when it is a run of integers, else a list.
fn describe_values(d: &[i64]) -> String {
    match (d.first(), d.last()) {
        (Some(&a), Some(&b)) if b - a + 1 == d.len() as i64 => format!("{a}..={b}"),
        _ => d.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
    }
}
