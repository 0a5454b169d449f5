//! Building the model: the unknowns of every `find` and the instances of every
//! `rule`.

use super::{sat_error, Constraints, FindLayout, RuleTerm};
use crate::check::program::Program;
use crate::effort::ModelNames;
use crate::eval::fuel::Resource;
use crate::eval::interp::{bind_pattern, expect_int, iter_values};
use crate::eval::sym::{BoolTerm, IntTerm, Sym};
use crate::eval::symops::bool_term;
use crate::eval::{Env, EvalError, EvalResult, Interp, Value};
use crate::sat::{CmpOp, Limits, Model, SatBackend};
use crate::span::Span;
use crate::syntax::ast::{Binding, Rule};
use std::rc::Rc;

impl Constraints {
    /// Builds the model over `backend`: unknowns from every `find`, then
    /// every rule, evaluated in `env`. Returns the environment with the
    /// finds bound.
    pub fn build(
        program: &Program,
        interp: &mut Interp<'_>,
        env: &Env,
        span: Span,
        backend: Box<dyn SatBackend>,
    ) -> EvalResult<(Constraints, Env)> {
        let fuel = interp.fuel().limits();
        let limits = Limits {
            max_vars: usize::try_from(fuel.get(Resource::Vars)).unwrap_or(usize::MAX),
            max_clauses: usize::try_from(fuel.get(Resource::Clauses)).unwrap_or(usize::MAX),
        };
        let model = Model::with_limits(backend, limits).map_err(|e| sat_error(e, span))?;
        let mut c = Constraints::empty(model);
        let mut env = env.clone();
        let mut names = ModelNames::default();
        for find in &program.finds {
            let domain: Vec<i64> = match &find.domain {
                None => vec![0, 1],
                Some(d) => {
                    let v = interp.eval(d, &env)?;
                    let mut ds = iter_values(&v, d.span)?
                        .iter()
                        .map(|x| expect_int(x, d.span))
                        .collect::<EvalResult<Vec<_>>>()?;
                    ds.sort_unstable();
                    ds.dedup();
                    if ds.is_empty() {
                        return Err(EvalError::invalid(
                            format!("`{}` has an empty domain", find.name.name),
                            d.span,
                        ));
                    }
                    ds
                }
            };
            let is_bool = find.domain.is_none();
            let mut layout = FindLayout {
                name: find.name.name.clone(),
                value: Value::Int(0),
                ids: Vec::new(),
                labels: Vec::new(),
                dims: Some(Vec::new()),
            };
            layout.value = c.array(
                interp,
                &env,
                &find.index,
                &[],
                &domain,
                is_bool,
                &mut layout,
                find.span,
            )?;
            env = env.bind(&find.name.name, layout.value.clone());
            for label in &layout.labels {
                names
                    .cells
                    .push((layout.name.clone(), label.clone(), is_bool));
            }
            c.finds.push(layout);
        }
        c.view.names = Rc::new(names);
        for rule in &program.rules {
            c.assert_rule(interp, &env, rule)?;
        }
        c.view.domains = Rc::new(c.domains.clone());
        c.view.rules = Rc::new(c.rule_terms.iter().map(|r| r.term.clone()).collect());
        Ok((c, env))
    }

    /// Asserts every instance of `rule` (one per combination of its
    /// bindings), evaluated in `env`, and names each for `explain`; a rule
    /// false for plain values is an error naming the binding.
    pub(super) fn assert_rule(
        &mut self,
        interp: &mut Interp<'_>,
        env: &Env,
        rule: &Rule,
    ) -> EvalResult<()> {
        let mut instances = Vec::new();
        for_each_binding(interp, env, &rule.bindings, &mut |interp, env| {
            instances.push((
                interp.eval(&rule.body, env)?,
                describe_bindings(env, &rule.bindings),
                binding_value(env, &rule.bindings),
            ));
            Ok(())
        })?;
        for (value, at, binding) in instances {
            match value {
                Value::Bool(true) => {}
                Value::Bool(false) => {
                    return Err(EvalError::invalid(
                        format!("rule `{}` can never hold{at}", rule.name.name),
                        rule.span,
                    ))
                }
                other => {
                    let t = bool_term(&other, rule.body.span)?;
                    self.assert(&t).map_err(|e| sat_error(e, rule.span))?;
                    Rc::make_mut(&mut self.view.names)
                        .rules
                        .push((rule.name.name.clone(), binding));
                    self.rule_terms.push(RuleTerm {
                        name: rule.name.name.clone(),
                        at,
                        span: rule.span,
                        term: t,
                    });
                }
            }
        }
        Ok(())
    }

    /// Creates the unknowns of one `find` level by level.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn array(
        &mut self,
        interp: &mut Interp<'_>,
        env: &Env,
        bindings: &[Binding],
        prefix: &[Value],
        domain: &[i64],
        is_bool: bool,
        layout: &mut FindLayout,
        span: Span,
    ) -> EvalResult<Value> {
        let Some((binding, rest)) = bindings.split_first() else {
            interp.fuel().steps(1, span)?;
            let id = self.vars.len();
            let var = self.model.new_int(domain).map_err(|e| sat_error(e, span))?;
            self.vars.push(var);
            self.domains.push(domain.to_vec());
            layout.ids.push(id);
            layout.labels.push(match prefix {
                [one] => one.clone(),
                many => Value::tuple(many.to_vec()),
            });
            let term = IntTerm::var(id);
            return Ok(Value::Sym(Rc::new(if is_bool {
                Sym::Bool(Rc::new(BoolTerm::Cmp(
                    term.add_scaled(&IntTerm::constant(1), -1).unwrap_or(term),
                    CmpOp::Eq,
                )))
            } else {
                Sym::Int(term)
            })));
        };
        let source = interp.eval(&binding.source, env)?;
        let items = iter_values(&source, binding.source.span)?;
        self.room_for(interp, items.len(), domain.len(), span)?;
        let is_range = items
            .iter()
            .enumerate()
            .all(|(i, v)| *v == Value::Int(i as i64));
        if let Some(dims) = layout.dims.as_mut() {
            if is_range && dims.len() == prefix.len() {
                dims.push(items.len());
            } else if !is_range {
                layout.dims = None;
            }
        }
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let inner_env = bind_pattern(env, &binding.pattern, item.clone())?;
            let mut p = prefix.to_vec();
            p.push(item.clone());
            out.push((
                item,
                self.array(interp, &inner_env, rest, &p, domain, is_bool, layout, span)?,
            ));
        }
        if is_range {
            Ok(Value::list(out.into_iter().map(|(_, v)| v).collect()))
        } else {
            Ok(Value::Map(Rc::new(out)))
        }
    }
}

/// Runs `f` once per combination of the bindings (later bindings may use earlier ones).
fn for_each_binding(
    interp: &mut Interp<'_>,
    env: &Env,
    bindings: &[Binding],
    f: &mut dyn FnMut(&mut Interp<'_>, &Env) -> EvalResult<()>,
) -> EvalResult<()> {
    let Some((first, rest)) = bindings.split_first() else {
        return f(interp, env);
    };
    let source = interp.eval(&first.source, env)?;
    for item in iter_values(&source, first.source.span)? {
        let inner = bind_pattern(env, &first.pattern, item)?;
        for_each_binding(interp, &inner, rest, f)?;
    }
    Ok(())
}

/// The values of a rule's binding names: one value, a tuple of several, or
/// the empty tuple without `for`.
fn binding_value(env: &Env, bindings: &[Binding]) -> Value {
    let mut values: Vec<Value> = bindings
        .iter()
        .flat_map(|b| b.pattern.names())
        .filter_map(|n| env.get(&n.name).cloned())
        .collect();
    if values.len() == 1 {
        values.remove(0)
    } else {
        Value::tuple(values)
    }
}

fn describe_bindings(env: &Env, bindings: &[Binding]) -> String {
    let names: Vec<String> = bindings
        .iter()
        .flat_map(|b| b.pattern.names())
        .filter_map(|n| {
            env.get(&n.name)
                .map(|v| format!("{} = {}", n.name, v.display()))
        })
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" (for {})", names.join(", "))
    }
}
