//! The tree-walking evaluator of spec expressions.

use super::builtins;
use super::env::Env;
use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::fuel::Fuel;
use super::value::{Func, Value};
use super::Sampler;
use crate::compile::code::{Code, Op, Resolved, Unit};
use crate::compile::lower::lower_root;
use crate::effort::ModelView;
use crate::render::particle;
use crate::span::Span;
use crate::syntax::ast::*;
use run::Cx;
use std::cell::OnceCell;
use std::rc::Rc;

mod run;
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
    /// The lowered body of user function `index` (lowered once).
    fn code(&self, index: usize) -> Option<&Unit>;
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
    /// The frames of the running units: locals, then free-name caches.
    stack: Vec<Option<Value>>,
    /// Where the running unit's frame starts in `stack`.
    base: usize,
    /// How many times the sampler was asked for (a draw may follow each).
    draws: u64,
    /// The `READINGS` map of `globals`, built when a particle first needs it.
    readings: OnceCell<particle::Readings>,
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
            stack: Vec::new(),
            base: 0,
            draws: 0,
            readings: OnceCell::new(),
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

    /// How many times randomness was asked for so far: work that leaves
    /// this unchanged drew nothing.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// The current nesting of evaluation.
    pub fn depth(&self) -> u64 {
        self.depth
    }

    /// The lever or constant `name`, as user functions see it.
    pub fn global(&self, name: &str) -> Option<&Value> {
        self.globals.get(name)
    }

    /// Makes levers and constants (`globals`) visible inside user functions.
    pub fn with_globals(mut self, globals: Env) -> Interp<'a> {
        self.globals = globals;
        self.readings = OnceCell::new();
        self
    }

    /// The spec's `READINGS` map (Latin word → Korean reading), if any.
    pub fn readings(&self) -> &particle::Readings {
        self.readings
            .get_or_init(|| match self.globals.get(particle::READINGS_CONSTANT) {
                Some(Value::Map(entries)) => {
                    particle::Readings::new(entries.iter().map(|(k, v)| (k.display(), v.display())))
                }
                _ => particle::Readings::default(),
            })
    }

    /// The sampler, or the error for randomness outside `generate`.
    pub fn sampler(&mut self, span: Span) -> EvalResult<&mut dyn Sampler> {
        self.draws += 1;
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
    /// The expression is lowered on first use (once per program) and runs
    /// in a frame of its own.
    pub fn eval(&mut self, expr: &Expr, env: &Env) -> EvalResult<Value> {
        let unit = expr.code.get_or_init(|| Box::new(lower_root(expr)));
        self.run_unit(unit, env, |_| {})
    }

    /// Runs `unit` in a new frame, filled by `fill`, against `outer`.
    fn run_unit(
        &mut self,
        unit: &Unit,
        outer: &Env,
        fill: impl FnOnce(&mut [Option<Value>]),
    ) -> EvalResult<Value> {
        let saved = self.base;
        let base = self.stack.len();
        self.stack.resize(base + unit.frame(), None);
        fill(&mut self.stack[base..]);
        self.base = base;
        let result = self.run(&unit.body, &Cx { outer, unit });
        self.stack.truncate(base);
        self.base = saved;
        result
    }

    /// Runs lowered code, charging one step and one level of nesting.
    fn run(&mut self, code: &Code, cx: &Cx<'_>) -> EvalResult<Value> {
        self.fuel.steps(1, code.span)?;
        // Leaves are charged the same level without entering `run_op`,
        // which never sees them.
        let leaf = match &code.op {
            Op::Local(slot) => Some(self.local(*slot)),
            Op::Int(i) => Some(Value::Int(*i)),
            Op::Bool(b) => Some(Value::Bool(*b)),
            _ => None,
        };
        if let Some(v) = leaf {
            self.fuel.nest(self.depth + 1, code.span)?;
            return Ok(v);
        }
        self.depth += 1;
        let result = match self.fuel.nest(self.depth, code.span) {
            Err(e) => Err(e),
            Ok(()) if self.depth.is_multiple_of(STACK_CHECK_EVERY) => {
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.run_op(code, cx))
            }
            Ok(()) => self.run_op(code, cx),
        };
        self.depth -= 1;
        result
    }

    /// Charges what evaluating a name costs (one step, one level).
    fn charge_leaf(&mut self, span: Span) -> EvalResult<()> {
        self.fuel.steps(1, span)?;
        self.fuel.nest(self.depth + 1, span)
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
        match &**func {
            Func::Builtin(b) => self.call_builtin(b, args, span),
            Func::User(i) => self.call_user(*i, args, span),
            Func::Lambda {
                code,
                captured,
                env,
            } => {
                check_arity("lambda", code.params as usize, args.len(), span)?;
                self.run_unit(&code.unit, env, |frame| {
                    for (slot, v) in frame.iter_mut().zip(args) {
                        *slot = Some(v);
                    }
                    for ((_, own), v) in code.captures.iter().zip(captured) {
                        frame[*own as usize] = Some(v.clone());
                    }
                })
            }
        }
    }

    /// How many arguments a function value takes, when that is one number
    /// (a lambda or a user function; `None` for a builtin or a non-function).
    pub fn arity(&self, f: &Value) -> Option<usize> {
        let Value::Func(func) = f else { return None };
        match &**func {
            Func::Lambda { code, .. } => Some(code.params as usize),
            Func::User(i) => self.fns.get(*i).map(|d| d.params.len()),
            Func::Builtin(_) => None,
        }
    }

    /// Calls user function `i`: its parameters, then its body against the
    /// levers and constants.
    fn call_user(&mut self, i: usize, args: Vec<Value>, span: Span) -> EvalResult<Value> {
        let fns = self.fns;
        let (Some(decl), Some(unit)) = (fns.get(i), fns.code(i)) else {
            return Err(EvalError::new(
                K::Invalid(format!("no user function has index {i}")),
                span,
            ));
        };
        check_arity(&decl.name.name, decl.params.len(), args.len(), span)?;
        let globals = self.globals.clone();
        self.run_unit(unit, &globals, |frame| {
            for (slot, v) in frame.iter_mut().zip(args) {
                *slot = Some(v);
            }
        })
    }

    /// A builtin call costs a step per element of its arguments and of its
    /// result, and its result must fit the value limit.
    fn call_builtin(
        &mut self,
        b: &'static builtins::Builtin,
        args: Vec<Value>,
        span: Span,
    ) -> EvalResult<Value> {
        let read: u64 = args.iter().map(shallow_size).sum();
        self.fuel.steps(read, span)?;
        let result = builtins::call(self, b, args, span)?;
        self.fuel.alloc(shallow_size(&result) as u128, span)?;
        Ok(result)
    }
}

fn check_arity(name: &str, expected: usize, found: usize, span: Span) -> EvalResult<()> {
    if expected == found {
        return Ok(());
    }
    Err(EvalError::new(
        K::Arity {
            name: name.to_string(),
            expected: expected.to_string(),
            found,
        },
        span,
    ))
}
