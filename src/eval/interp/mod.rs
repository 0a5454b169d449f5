//! The tree-walking evaluator of spec expressions.

use super::builtins;
use super::env::Env;
use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::fuel::Fuel;
use super::value::{Func, Value};
use super::Sampler;
use crate::effort::ModelView;
use crate::render::particle;
use crate::span::Span;
use crate::syntax::ast::*;
use std::rc::Rc;

mod node;
mod values;

pub use values::{
    binary_values, bind_pattern, describe, expect_bool, expect_int, expect_list, expect_str,
    floor_div, floor_mod, index, index_all, iter_values, literal_value, shallow_size, type_error,
};

/// How often (in levels of nesting) the evaluator makes sure that the
/// stack has room, growing it on the heap when it has not: the depth
/// budget, not the thread's stack size, bounds recursion.
const STACK_CHECK_EVERY: u64 = 8;
/// The stack room kept free below the current frame.
const STACK_RED_ZONE: usize = 512 * 1024;
/// The size of each stack segment added.
const STACK_SEGMENT: usize = 8 * 1024 * 1024;

/// The user functions a program defines, by name and index.
pub trait Functions {
    /// The index of the user function `name`.
    fn lookup(&self, name: &str) -> Option<usize>;
    /// The declaration of user function `index`, if `lookup` gave it.
    fn get(&self, index: usize) -> Option<&FnDecl>;
}

/// Evaluates expressions against user functions and an optional sampler.
pub struct Interp<'a> {
    fns: &'a dyn Functions,
    sampler: Option<&'a mut dyn Sampler>,
    /// The current nesting of evaluation.
    depth: u64,
    /// Levers and constants, visible inside user functions.
    globals: Env,
    /// The item's run-time budget.
    fuel: Rc<Fuel>,
    /// The constraint model of the current attempt, for the search-effort
    /// builtins (set by the generator once the model exists).
    model: Option<ModelView>,
}

impl<'a> Interp<'a> {
    /// An evaluator that may draw random numbers from `sampler`.
    pub fn new(fns: &'a dyn Functions, sampler: Option<&'a mut dyn Sampler>) -> Interp<'a> {
        Interp {
            fns,
            sampler,
            depth: 0,
            globals: Env::new(),
            fuel: Rc::new(Fuel::default()),
            model: None,
        }
    }

    /// Charges evaluation to `fuel` (by default each evaluator has a full
    /// budget of the default limits of its own).
    pub fn with_fuel(mut self, fuel: Rc<Fuel>) -> Interp<'a> {
        self.fuel = fuel;
        self
    }

    /// The budget this evaluator charges.
    pub fn fuel(&self) -> &Fuel {
        &self.fuel
    }

    /// Makes levers and constants (`globals`) visible inside user functions.
    pub fn with_globals(mut self, globals: Env) -> Interp<'a> {
        self.globals = globals;
        self
    }

    /// The spec's `READINGS` map (Latin word → Korean reading), if any.
    pub fn readings(&self) -> particle::Readings {
        match self.globals.get(particle::READINGS_CONSTANT) {
            Some(Value::Map(entries)) => {
                particle::Readings::new(entries.iter().map(|(k, v)| (k.display(), v.display())))
            }
            _ => particle::Readings::default(),
        }
    }

    /// The sampler, or the error for randomness outside `generate`.
    pub fn sampler(&mut self, span: Span) -> EvalResult<&mut dyn Sampler> {
        match self.sampler.as_mut() {
            Some(s) => Ok(&mut **s),
            None => Err(EvalError::new(K::NoRandomness, span)),
        }
    }

    /// Makes the attempt's constraint model visible to the search-effort
    /// builtins.
    pub fn set_model(&mut self, model: Option<ModelView>) {
        self.model = model;
    }

    /// The constraint model, or the error for a builtin that needs one.
    pub fn model(&self, name: &str, span: Span) -> EvalResult<&ModelView> {
        self.model.as_ref().ok_or_else(|| {
            EvalError::invalid(
                format!(
                    "`{name}` measures the constraint model, which does not exist yet here: \
                     use it after a statement that builds it (`sample solution`, `dig`, `reveal`, `clue`)"
                ),
                span,
            )
        })
    }

    /// Evaluates `expr` in `env`, charging one step and one level of nesting.
    pub fn eval(&mut self, expr: &Expr, env: &Env) -> EvalResult<Value> {
        self.fuel.steps(1, expr.span)?;
        self.depth += 1;
        let result = match self.fuel.nest(self.depth, expr.span) {
            Err(e) => Err(e),
            Ok(()) if self.depth.is_multiple_of(STACK_CHECK_EVERY) => {
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.eval_node(expr, env))
            }
            Ok(()) => self.eval_node(expr, env),
        };
        self.depth -= 1;
        result
    }

    fn lookup(&mut self, ident: &Ident, env: &Env) -> EvalResult<Value> {
        if let Some(v) = env.get(&ident.name) {
            return Ok(v.clone());
        }
        if let Some(i) = self.fns.lookup(&ident.name) {
            return Ok(Value::Func(Rc::new(Func::User(i))));
        }
        if let Some(b) = builtins::find(&ident.name) {
            return Ok(Value::Func(Rc::new(Func::Builtin(b.name))));
        }
        Err(EvalError::new(K::Unbound(ident.name.clone()), ident.span))
    }

    /// Calls a function value with evaluated arguments.
    pub fn call(&mut self, f: &Value, args: Vec<Value>, span: Span) -> EvalResult<Value> {
        let Value::Func(func) = f else {
            return Err(EvalError::new(
                K::Type {
                    expected: "a function".into(),
                    found: describe(f),
                },
                span,
            ));
        };
        let result = match &**func {
            Func::Builtin(name) => self.call_builtin(name, args, span),
            Func::User(i) => {
                let fns = self.fns;
                let Some(decl) = fns.get(*i) else {
                    return Err(EvalError::new(
                        K::Invalid(format!("no user function has index {i}")),
                        span,
                    ));
                };
                let globals = self.globals.clone();
                self.call_with(
                    &decl.name.name,
                    &decl.params,
                    &decl.body,
                    &globals,
                    args,
                    span,
                )
            }
            Func::Closure { params, body, env } => {
                self.call_with("lambda", params, body, env, args, span)
            }
        };
        result
    }

    /// A builtin call costs a step per element of its arguments and of its
    /// result, and its result must fit the value limit.
    fn call_builtin(&mut self, name: &str, args: Vec<Value>, span: Span) -> EvalResult<Value> {
        let read: u64 = args.iter().map(shallow_size).sum();
        self.fuel.steps(read, span)?;
        let result = builtins::call(self, name, args, span)?;
        self.fuel.alloc(shallow_size(&result) as u128, span)?;
        Ok(result)
    }

    fn call_with(
        &mut self,
        name: &str,
        params: &[Ident],
        body: &Expr,
        env: &Env,
        args: Vec<Value>,
        span: Span,
    ) -> EvalResult<Value> {
        if params.len() != args.len() {
            return Err(EvalError::new(
                K::Arity {
                    name: name.to_string(),
                    expected: params.len().to_string(),
                    found: args.len(),
                },
                span,
            ));
        }
        let mut env = env.clone();
        for (p, v) in params.iter().zip(args) {
            env = env.bind(&p.name, v);
        }
        self.eval(body, &env)
    }
}
