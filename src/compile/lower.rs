//! Lowering checked expressions into [`Unit`]s: every name is resolved
//! once, here, to a frame slot, a capture, a user function, a builtin or
//! a free name of the unit's outer environment.
//!
//! Resolution follows the evaluator's lookup order exactly: the innermost
//! local binding, then the enclosing bindings a lambda closes over, then
//! the outer environment, then user functions, then builtins. Inside a
//! user function the outer environment holds only levers and constants,
//! so a name that is neither is resolved to its function or builtin here;
//! in a top-level expression any name may be bound by a statement, so the
//! outer names stay free (looked up once per run of the unit).

use super::code::{Clause, Code, Field, Key, Lambda, Op, Part, ParticleRef, Pat, Resolved, Unit};
use crate::eval::builtins;
use crate::eval::Functions;
use crate::render::particle;
use crate::syntax::ast::*;
use std::collections::HashSet;
use std::sync::Arc;

/// What a user function's body may see besides its parameters.
pub struct Statics<'a> {
    /// The levers' and constants' names (the function's outer environment).
    pub globals: HashSet<&'a str>,
    /// The program's user functions.
    pub fns: &'a dyn Functions,
}

/// Lowers a top-level expression, evaluated in a statement's environment.
pub fn lower_root(expr: &Expr) -> Unit {
    let mut l = Lowerer {
        scopes: vec![Scope::default()],
        statics: None,
    };
    let body = l.expr(expr);
    l.finish(body)
}

/// Lowers a user function's body; its parameters take slots `0..n`.
pub fn lower_fn(decl: &FnDecl, statics: &Statics<'_>) -> Unit {
    let mut l = Lowerer {
        scopes: vec![Scope::default()],
        statics: Some(statics),
    };
    for p in &decl.params {
        l.bind(&p.name);
    }
    let body = l.expr(&decl.body);
    l.finish(body)
}

/// The bindings of one unit being lowered.
#[derive(Default)]
struct Scope {
    /// Names in scope with their slots, innermost last.
    names: Vec<(String, u32)>,
    /// Names of enclosing units this lambda closes over, with own slots.
    captured: Vec<(String, u32)>,
    /// `(enclosing slot, own slot)` for each capture.
    captures: Vec<(u32, u32)>,
    /// Slots handed out so far.
    slots: u32,
    /// Free names, in first-use order.
    free: Vec<Arc<str>>,
}

struct Lowerer<'s, 'a> {
    /// The unit being lowered and the units enclosing it, outermost first.
    scopes: Vec<Scope>,
    statics: Option<&'s Statics<'a>>,
}

impl Lowerer<'_, '_> {
    fn scope(&mut self) -> &mut Scope {
        self.scopes.last_mut().expect("a unit is being lowered")
    }

    fn finish(&mut self, body: Code) -> Unit {
        let scope = self.scopes.pop().expect("a unit is being lowered");
        Unit {
            body,
            locals: scope.slots,
            free: scope.free,
        }
    }

    /// A fresh slot for `name`, in scope until the scope is cut back.
    fn bind(&mut self, name: &str) -> u32 {
        let scope = self.scope();
        let slot = scope.slots;
        scope.slots += 1;
        scope.names.push((name.to_string(), slot));
        slot
    }

    fn mark(&mut self) -> usize {
        self.scope().names.len()
    }

    fn cut(&mut self, mark: usize) {
        self.scope().names.truncate(mark);
    }

    /// The slot of a local binding of `name` visible from unit `u`,
    /// capturing it through every lambda in between.
    fn local(&mut self, u: usize, name: &str) -> Option<u32> {
        let scope = &self.scopes[u];
        let own = scope.names.iter().rev().chain(scope.captured.iter());
        if let Some((_, slot)) = own.clone().find(|(n, _)| n == name) {
            return Some(*slot);
        }
        let outer = self.local(u.checked_sub(1)?, name)?;
        let scope = &mut self.scopes[u];
        let slot = scope.slots;
        scope.slots += 1;
        scope.captured.push((name.to_string(), slot));
        scope.captures.push((outer, slot));
        Some(slot)
    }

    fn name(&mut self, ident: &Ident) -> Op {
        let u = self.scopes.len() - 1;
        if let Some(slot) = self.local(u, &ident.name) {
            return Op::Local(slot);
        }
        if let Some(statics) = self.statics {
            if !statics.globals.contains(ident.name.as_str()) {
                return Op::Static(resolve_static(statics.fns, &ident.name), ident.span);
            }
        }
        let scope = self.scope();
        let k = match scope.free.iter().position(|n| **n == *ident.name) {
            Some(k) => k,
            None => {
                scope.free.push(Arc::from(ident.name.as_str()));
                scope.free.len() - 1
            }
        };
        Op::Free(k as u32, ident.span)
    }

    /// Binds a pattern's names (after its value was lowered).
    fn pattern(&mut self, pattern: &Pattern) -> Pat {
        match pattern {
            Pattern::Name(ident) if ident.name == "_" => Pat::Ignore,
            Pattern::Name(ident) => Pat::Slot(self.bind(&ident.name)),
            Pattern::Tuple(items, span) => {
                Pat::Tuple(items.iter().map(|p| self.pattern(p)).collect(), *span)
            }
        }
    }

    fn boxed(&mut self, expr: &Expr) -> Box<Code> {
        Box::new(self.expr(expr))
    }

    fn all(&mut self, exprs: &[Expr]) -> Vec<Code> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    fn expr(&mut self, expr: &Expr) -> Code {
        let op = match &expr.kind {
            ExprKind::Int(i) => Op::Int(*i),
            ExprKind::Bool(b) => Op::Bool(*b),
            ExprKind::Str(parts) => Op::Str(parts.iter().map(|p| self.part(p)).collect()),
            ExprKind::Name(ident) => self.name(ident),
            ExprKind::List(items) => Op::List(self.all(items)),
            ExprKind::Tuple(items) => Op::Tuple(self.all(items)),
            ExprKind::Record(entries) => Op::Record(
                entries
                    .iter()
                    .map(|(key, _, value)| (literal_key(key), self.expr(value)))
                    .collect(),
            ),
            ExprKind::Comprehension(head, clauses) => {
                let mark = self.mark();
                let clauses = clauses.iter().map(|c| self.clause(c)).collect();
                let head = self.boxed(head);
                self.cut(mark);
                Op::Comprehension(head, clauses)
            }
            ExprKind::Binary(op, a, b) => Op::Binary(*op, self.boxed(a), self.boxed(b)),
            ExprKind::Neg(a) => Op::Neg(self.boxed(a)),
            ExprKind::Not(a) => Op::Not(self.boxed(a)),
            ExprKind::Call(callee, args) => Op::Call(self.boxed(callee), self.all(args)),
            ExprKind::Index(target, args) => Op::Index(
                self.boxed(target),
                args.iter()
                    .map(|a| match a {
                        IndexArg::Expr(e) => Ok(self.expr(e)),
                        IndexArg::Wildcard(span) => Err(*span),
                    })
                    .collect(),
            ),
            ExprKind::Field(target, field) => Op::Field(
                self.boxed(target),
                Field {
                    name: Arc::from(field.name.as_str()),
                    position: field.name.parse::<i64>().ok(),
                    span: field.span,
                },
            ),
            ExprKind::If(c, a, b) => Op::If(self.boxed(c), self.boxed(a), self.boxed(b)),
            ExprKind::Let(pattern, value, body) => {
                let value = self.boxed(value);
                let mark = self.mark();
                let pat = self.pattern(pattern);
                let body = self.boxed(body);
                self.cut(mark);
                Op::Let(pat, value, body)
            }
            ExprKind::Lambda(params, body) => Op::Lambda(Arc::new(self.lambda(params, body))),
            ExprKind::SampleInt(range) => match &range.kind {
                ExprKind::Binary(op @ (BinOp::Range | BinOp::RangeInclusive), lo, hi) => {
                    Op::SampleRange {
                        inclusive: *op == BinOp::RangeInclusive,
                        lo: self.boxed(lo),
                        hi: self.boxed(hi),
                    }
                }
                _ => Op::SampleInt(self.boxed(range)),
            },
            ExprKind::SamplePick(k, xs) => Op::SamplePick(self.boxed(k), self.boxed(xs)),
            ExprKind::SampleOne(xs) => Op::SampleOne(self.boxed(xs)),
            ExprKind::SampleWeighted(entries) => Op::SampleWeighted(
                entries
                    .iter()
                    .map(|(v, w)| (self.expr(v), self.expr(w)))
                    .collect(),
            ),
        };
        Code {
            op,
            span: expr.span,
        }
    }

    fn clause(&mut self, clause: &CompClause) -> Clause {
        match clause {
            CompClause::If(cond) => Clause::If(self.expr(cond)),
            CompClause::For(binding) => {
                let source = self.expr(&binding.source);
                Clause::For(self.pattern(&binding.pattern), source)
            }
        }
    }

    fn part(&mut self, part: &StrPart) -> Part {
        match part {
            StrPart::Text(t) => Part::Text(t.as_str().into()),
            StrPart::Placeholder { expr, particle: p } => Part::Hole(
                self.expr(expr),
                p.as_ref().map(|(name, span)| ParticleRef {
                    kind: particle::parse_particle(name),
                    name: name.as_str().into(),
                    span: *span,
                }),
            ),
        }
    }

    fn lambda(&mut self, params: &[Ident], body: &Expr) -> Lambda {
        self.scopes.push(Scope::default());
        for p in params {
            self.bind(&p.name);
        }
        let body = self.expr(body);
        let captures = std::mem::take(&mut self.scope().captures);
        Lambda {
            params: params.len() as u32,
            captures,
            unit: self.finish(body),
        }
    }
}

/// A name outside every local scope of a function body, where only
/// functions and builtins are left to find.
fn resolve_static(fns: &dyn Functions, name: &str) -> Resolved {
    if let Some(i) = fns.lookup(name) {
        return Resolved::User(i);
    }
    match builtins::find(name) {
        Some(b) => Resolved::Builtin(b),
        None => Resolved::Unbound(Arc::from(name)),
    }
}

fn literal_key(lit: &Literal) -> Key {
    match lit {
        Literal::Int(i) => Key::Int(*i),
        Literal::Str(s) => Key::Str(Arc::from(s.as_str())),
        Literal::Bool(b) => Key::Bool(*b),
    }
}
