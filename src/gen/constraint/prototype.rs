//! Models built once: the unknowns and rules of a spec depend only on the
//! values their expressions read, so a model built from the same values is
//! the same model. Each thread remembers the inputs of its last few builds;
//! when the same inputs come again, it builds the model once more, keeps it
//! unsolved, and every later attempt with those inputs gets a copy instead
//! (the SAT front end's clause store, shared until a copy changes it, and the
//! finite-domain engine's view). Inputs that change with every item cost one
//! comparison, never a copy.
//!
//! A copy is the model a build would make, clause for clause, so verdicts
//! and records do not change; the budget is charged what the build spent
//! ([`crate::eval::fuel::Spent`]), so an item runs out of fuel where it
//! would have. A build that drew random numbers is never reused.

use super::Constraints;
use crate::check::program::Program;
use crate::eval::fuel::Spent;
use crate::eval::value::Func;
use crate::eval::{Env, EvalResult, Interp, Value};
use crate::sat::propagate::propagation;
use crate::sat::{current_backend, prototype_backend, selected_backend};
use crate::span::Span;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Models kept per thread.
const KEPT: usize = 4;

/// Whether built models are reused (see [`set_model_reuse`]).
static REUSE: AtomicBool = AtomicBool::new(true);

/// Turns the reuse of built models on or off for later builds in this
/// process. Records do not depend on it; tests use it to show that.
#[doc(hidden)]
pub fn set_model_reuse(on: bool) {
    REUSE.store(on, Ordering::Relaxed);
}

/// One model built once, with what identifies it.
struct Prototype {
    /// The spec's `spec_hash`.
    spec: String,
    /// The SAT backend it was built for, and whether behind the front end.
    backend: (usize, bool),
    /// The value of each name its expressions mention, in the statement's
    /// environment and among the globals (`None`: unbound).
    inputs: Vec<(Option<Value>, Option<Value>)>,
    /// What is kept of the model.
    model: Kept,
    spent: Spent,
}

/// What a thread keeps of a model it built.
enum Kept {
    /// Nothing yet: the inputs were seen once.
    Seen,
    /// The build drew random numbers: never reused.
    Drawn,
    /// The model, unsolved, to copy.
    Built(Box<Constraints>),
}

thread_local! {
    static PROTOTYPES: RefCell<Vec<Prototype>> = const { RefCell::new(Vec::new()) };
    /// The names each spec's model reads, by `spec_hash`.
    static INPUTS: RefCell<Vec<(String, Rc<Vec<String>>)>> = const { RefCell::new(Vec::new()) };
}

impl Constraints {
    /// [`Constraints::build`], or a copy of the model this thread last
    /// built from the same inputs.
    pub fn build_shared(
        program: &Program,
        interp: &mut Interp<'_>,
        env: &Env,
        span: Span,
    ) -> EvalResult<(Constraints, Env)> {
        if !REUSE.load(Ordering::Relaxed) {
            return Constraints::build(program, interp, env, span, current_backend());
        }
        let names = input_names(program);
        let inputs: Vec<_> = names
            .iter()
            .map(|n| (env.get(n).cloned(), interp.global(n).cloned()))
            .collect();
        let backend = (selected_backend(), propagation());
        let found = PROTOTYPES.with_borrow(|ps| {
            ps.iter().position(|p| {
                p.spec == program.spec_hash && p.backend == backend && same(&p.inputs, &inputs)
            })
        });
        let Some(at) = found else {
            // Inputs seen for the first time: built as usual, kept only
            // once they come again (inputs that change with every item
            // never pay for a copy).
            let draws = interp.draws();
            let built = Constraints::build(program, interp, env, span, current_backend())?;
            let kept = if interp.draws() == draws {
                Kept::Seen
            } else {
                Kept::Drawn
            };
            remember(Prototype {
                spec: program.spec_hash.clone(),
                backend,
                inputs,
                model: kept,
                spent: Spent::default(),
            });
            return Ok(built);
        };
        let copy = PROTOTYPES.with_borrow(|ps| match &ps[at].model {
            Kept::Built(model) => model.fork().map(|c| (c, ps[at].spent)),
            _ => None,
        });
        if let Some((copy, spent)) = copy {
            if interp.fuel().replay(spent, interp.depth()) {
                let env = copy.bind_finds(env);
                return Ok((copy, env));
            }
            return Constraints::build(program, interp, env, span, current_backend());
        }
        if PROTOTYPES.with_borrow(|ps| matches!(ps[at].model, Kept::Drawn)) {
            return Constraints::build(program, interp, env, span, current_backend());
        }
        // Inputs seen before: the model is built once more, kept, and copied.
        let mark = interp.fuel().begin(interp.depth());
        let built = Constraints::build(program, interp, env, span, prototype_backend());
        let spent = interp.fuel().end(mark);
        let (mut proto, bound) = built?;
        // The finite-domain view is shared by every copy.
        proto.fd_base();
        let Some(copy) = proto.fork() else {
            // The backend cannot be copied: the model is used as built.
            return Ok((proto, bound));
        };
        PROTOTYPES.with_borrow_mut(|ps| {
            ps[at].model = Kept::Built(Box::new(proto));
            ps[at].spent = spent;
        });
        Ok((copy, bound))
    }

    /// A copy that has answered nothing (see [`crate::sat::Model::fork`]).
    fn fork(&self) -> Option<Constraints> {
        Some(Constraints {
            model: self.model.fork()?,
            vars: self.vars.clone(),
            domains: self.domains.clone(),
            finds: self.finds.clone(),
            solution: self.solution.clone(),
            clues: self.clues.clone(),
            rule_terms: self.rule_terms.clone(),
            known: self.known.clone(),
            clue_terms: self.clue_terms.clone(),
            view: self.view.clone(),
            fd: self.fd.clone(),
            fd_record: self.fd_record,
            layout: self.layout,
            held: self.held,
        })
    }

    /// `env` with every `find` bound to its array of unknowns.
    fn bind_finds(&self, env: &Env) -> Env {
        self.finds
            .iter()
            .fold(env.clone(), |env, f| env.bind(&f.name, f.value.clone()))
    }
}

/// Keeps `p`, dropping the oldest model beyond [`KEPT`].
fn remember(p: Prototype) {
    PROTOTYPES.with_borrow_mut(|ps| {
        if ps.len() >= KEPT {
            ps.remove(0);
        }
        ps.push(p);
    });
}

/// Every name the finds and rules of `program` mention, and when one of
/// them is a user function, every lever and constant too (what functions
/// read).
fn input_names(program: &Program) -> Rc<Vec<String>> {
    if let Some(names) = INPUTS.with_borrow(|all| {
        all.iter()
            .find(|(spec, _)| *spec == program.spec_hash)
            .map(|(_, n)| n.clone())
    }) {
        return names;
    }
    let mut names = BTreeSet::new();
    for find in &program.finds {
        for b in &find.index {
            b.source.mentions(&mut names);
        }
        if let Some(d) = &find.domain {
            d.mentions(&mut names);
        }
    }
    for rule in &program.rules {
        for b in &rule.bindings {
            b.source.mentions(&mut names);
        }
        rule.body.mentions(&mut names);
    }
    if program.fns.iter().any(|f| names.contains(&f.name.name)) {
        names.extend(program.levers.iter().map(|l| l.name.name.clone()));
        names.extend(program.consts.iter().map(|(n, _)| n.name.clone()));
    }
    let names = Rc::new(names.into_iter().collect::<Vec<_>>());
    INPUTS.with_borrow_mut(|all| {
        if all.len() >= KEPT {
            all.remove(0);
        }
        all.push((program.spec_hash.clone(), names.clone()));
    });
    names
}

fn same(a: &[(Option<Value>, Option<Value>)], b: &[(Option<Value>, Option<Value>)]) -> bool {
    let opt = |x: &Option<Value>, y: &Option<Value>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => same_value(x, y),
        _ => false,
    };
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| opt(&x.0, &y.0) && opt(&x.1, &y.1))
}

/// Whether two values are the same input: equal data, the same function.
/// Expressions over unknowns are never the same input.
fn same_value(a: &Value, b: &Value) -> bool {
    let all = |x: &[Value], y: &[Value]| {
        x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_value(x, y))
    };
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::List(x), Value::List(y)) | (Value::Tuple(x), Value::Tuple(y)) => {
            Rc::ptr_eq(x, y) || all(x, y)
        }
        (Value::Map(x), Value::Map(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((k, v), (l, w))| same_value(k, l) && same_value(v, w)))
        }
        (Value::Func(x), Value::Func(y)) => {
            Rc::ptr_eq(x, y)
                || match (&**x, &**y) {
                    (Func::User(i), Func::User(j)) => i == j,
                    (Func::Builtin(m), Func::Builtin(n)) => m.name == n.name,
                    _ => false,
                }
        }
        _ => false,
    }
}
