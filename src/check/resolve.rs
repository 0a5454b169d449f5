//! Name resolution and type inference for expressions.

use super::error::CheckError;
use super::model_error::ModelError;
use super::types::Ty;
use crate::eval::builtins;
use crate::render::particle;
use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::*;
use std::collections::{BTreeMap, BTreeSet};

mod call;

/// Where an expression sits, which decides what it may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Inside `generate`: randomness allowed.
    Generate,
    /// A constraint rule: wildcards allowed.
    Rule,
    /// A function body.
    Function,
    /// A top-level constant.
    Constant,
    /// The answer, instance or choices.
    Answer,
    /// A template or title.
    Template,
}

impl Place {
    fn name(self) -> &'static str {
        match self {
            Place::Generate => "generate",
            Place::Rule => "a rule",
            Place::Function => "a function",
            Place::Constant => "a constant",
            Place::Answer => "the answer",
            Place::Template => "a template",
        }
    }
}

/// The names visible at the top level of a spec.
#[derive(Default)]
pub struct Globals {
    /// User functions and their arity.
    pub fns: BTreeMap<String, usize>,
    /// Constants, levers and finds with their types.
    pub values: BTreeMap<String, Ty>,
}

/// Resolves names and infers types, collecting errors.
pub struct Resolver<'a> {
    source: &'a SourceFile,
    globals: &'a Globals,
    /// Local scopes, innermost last.
    locals: Vec<(String, Ty)>,
    /// Where the checked expression sits.
    pub place: Place,
    /// `find` names whose model is not built yet (in `generate`, before its
    /// first constraint statement).
    pub unbuilt_finds: Vec<String>,
    /// Whether a constraint statement has been checked (in `generate`, the
    /// model exists from the first one on).
    pub model_built: bool,
    /// Errors found so far.
    pub errors: Vec<CheckError>,
    /// Global names (functions, constants, levers, finds) the checked
    /// expressions refer to, for the unused-declaration warnings.
    pub used: BTreeSet<String>,
    /// Local names the checked expressions read (cleared by the caller), for
    /// the bindings of `generate` that reach the prompt.
    pub locals_used: BTreeSet<String>,
}

impl<'a> Resolver<'a> {
    /// A resolver over `globals`.
    pub fn new(source: &'a SourceFile, globals: &'a Globals, place: Place) -> Resolver<'a> {
        Resolver {
            source,
            globals,
            locals: Vec::new(),
            place,
            unbuilt_finds: Vec::new(),
            model_built: false,
            errors: Vec::new(),
            used: BTreeSet::new(),
            locals_used: BTreeSet::new(),
        }
    }

    /// Binds a local name.
    pub fn bind(&mut self, name: &str, ty: Ty) {
        self.locals.push((name.to_string(), ty));
    }

    /// Binds every name of a pattern; the whole value has type `ty`.
    pub fn bind_pattern(&mut self, pattern: &Pattern, ty: Ty) {
        match pattern {
            Pattern::Name(ident) => self.bind(&ident.name, ty),
            Pattern::Tuple(items, _) => {
                for p in items {
                    self.bind_pattern(p, Ty::Any);
                }
            }
        }
    }

    /// The number of local bindings (to restore a scope later).
    pub fn mark(&self) -> usize {
        self.locals.len()
    }

    /// Drops bindings made since `mark`.
    pub fn reset(&mut self, mark: usize) {
        self.locals.truncate(mark);
    }

    /// The local bindings visible now, outermost first.
    pub fn locals(&self) -> &[(String, Ty)] {
        &self.locals
    }

    fn lookup(&mut self, name: &str) -> Option<Ty> {
        if let Some((_, t)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            if !self.locals_used.contains(name) {
                self.locals_used.insert(name.to_string());
            }
            return Some(t.clone());
        }
        if let Some(t) = self.globals.values.get(name) {
            self.used.insert(name.to_string());
            return Some(t.clone());
        }
        if self.globals.fns.contains_key(name) {
            self.used.insert(name.to_string());
            return Some(Ty::Func);
        }
        if builtins::find(name).is_some() {
            return Some(Ty::Func);
        }
        None
    }

    fn candidates(&self) -> Vec<String> {
        let mut all: Vec<String> = self.locals.iter().map(|(n, _)| n.clone()).collect();
        all.extend(self.globals.values.keys().cloned());
        all.extend(self.globals.fns.keys().cloned());
        all.extend(builtins::BUILTINS.iter().map(|b| b.name.to_string()));
        all.sort();
        all.dedup();
        all
    }

    fn unknown(&mut self, ident: &Ident) {
        let help = match suggest(&ident.name, &self.candidates()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "define it with `let`, as a lever, or as a function; see docs/language.md for the builtins".into(),
        };
        self.errors.push(CheckError::UnknownName {
            name: ident.name.clone(),
            help,
            src: self.source.named(),
            span: ident.span,
        });
    }

    fn expect(&mut self, got: &Ty, want: Ty, span: Span, why: &str) {
        if !got.fits(&want) {
            self.errors.push(CheckError::Type {
                expected: want.described(),
                found: got.described(),
                help: why.to_string(),
                src: self.source.named(),
                span,
            });
        }
    }

    /// Checks an expression and returns its type.
    pub fn expr(&mut self, expr: &Expr) -> Ty {
        let span = expr.span;
        if expr.is_random_here() && self.place != Place::Generate {
            self.errors.push(CheckError::Randomness {
                place: self.place.name(),
                src: self.source.named(),
                span,
            });
        }
        match &expr.kind {
            ExprKind::Int(_) => Ty::Int,
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Str(parts) => {
                self.string_parts(parts);
                Ty::Str
            }
            ExprKind::Name(ident) => match self.lookup(&ident.name) {
                Some(t) => {
                    let local = self.locals.iter().any(|(n, _)| *n == ident.name);
                    if !local && self.unbuilt_finds.contains(&ident.name) {
                        self.errors
                            .push(CheckError::from(ModelError::FindBeforeModel {
                                name: ident.name.clone(),
                                src: self.source.named(),
                                span: ident.span,
                            }));
                    }
                    t
                }
                None => {
                    self.unknown(ident);
                    Ty::Any
                }
            },
            ExprKind::List(items) => {
                let tys: Vec<Ty> = items.iter().map(|e| self.expr(e)).collect();
                match tys.split_first() {
                    Some((first, rest)) if rest.iter().all(|t| t == first) => {
                        Ty::list(first.clone())
                    }
                    _ => Ty::list(Ty::Any),
                }
            }
            ExprKind::Comprehension(head, clauses) => {
                let mark = self.mark();
                for clause in clauses {
                    match clause {
                        CompClause::For(binding) => self.binding(binding),
                        CompClause::If(cond) => {
                            let t = self.expr(cond);
                            self.expect(
                                &t,
                                Ty::Bool,
                                cond.span,
                                "a comprehension filter is a condition",
                            );
                        }
                    }
                }
                let t = self.expr(head);
                self.reset(mark);
                Ty::list(t)
            }
            ExprKind::Tuple(items) => {
                for e in items {
                    self.expr(e);
                }
                Ty::Tuple
            }
            ExprKind::Record(entries) => {
                for (_, _, e) in entries {
                    self.expr(e);
                }
                Ty::Map
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b),
            ExprKind::Neg(a) => {
                let t = self.expr(a);
                self.expect(&t, Ty::Int, a.span, "`-` negates an integer");
                Ty::Int
            }
            ExprKind::Not(a) => {
                let t = self.expr(a);
                self.expect(&t, Ty::Bool, a.span, "`not` negates a condition");
                Ty::Bool
            }
            ExprKind::Call(callee, args) => self.call(callee, args, span),
            ExprKind::Index(target, args) => {
                let t = self.expr(target);
                // Iterating over a map gives (key, value) tuples, but
                // indexing it gives a value of unknown type.
                let mut elem = match t {
                    Ty::Map => Ty::Any,
                    _ => t.element(),
                };
                for arg in args {
                    match arg {
                        IndexArg::Expr(e) => {
                            self.expr(e);
                        }
                        IndexArg::Wildcard(_) => elem = Ty::Any,
                    }
                }
                if args.len() > 1 {
                    Ty::Any
                } else {
                    elem
                }
            }
            ExprKind::Field(target, _) => {
                self.expr(target);
                Ty::Any
            }
            ExprKind::If(c, a, b) => {
                let tc = self.expr(c);
                self.expect(&tc, Ty::Bool, c.span, "the condition of `if` is a bool");
                let ta = self.expr(a);
                let tb = self.expr(b);
                if ta == tb {
                    ta
                } else {
                    Ty::Any
                }
            }
            ExprKind::Let(pattern, value, body) => {
                let tv = self.expr(value);
                let mark = self.mark();
                self.bind_pattern(pattern, tv);
                let t = self.expr(body);
                self.reset(mark);
                t
            }
            ExprKind::Lambda(params, body) => {
                let mark = self.mark();
                for p in params.iter() {
                    self.bind(&p.name, Ty::Any);
                }
                self.expr(body);
                self.reset(mark);
                Ty::Func
            }
            ExprKind::SampleInt(range) => {
                let t = self.expr(range);
                self.expect(
                    &t,
                    Ty::list(Ty::Int),
                    range.span,
                    "`int in` draws from a range such as `1..=9`",
                );
                Ty::Int
            }
            ExprKind::SamplePick(k, xs) => {
                let tk = self.expr(k);
                self.expect(&tk, Ty::Int, k.span, "`pick K of XS` takes a count");
                let t = self.expr(xs);
                self.expect(
                    &t,
                    Ty::list(Ty::Any),
                    xs.span,
                    "`pick K of XS` draws from a list",
                );
                t
            }
            ExprKind::SampleOne(xs) => {
                let t = self.expr(xs);
                self.expect(
                    &t,
                    Ty::list(Ty::Any),
                    xs.span,
                    "`one of XS` draws from a list",
                );
                t.element()
            }
            ExprKind::SampleWeighted(entries) => {
                let mut first = None;
                for (v, w) in entries {
                    let tv = self.expr(v);
                    first.get_or_insert(tv);
                    let tw = self.expr(w);
                    self.expect(&tw, Ty::Int, w.span, "weights are integers");
                }
                first.unwrap_or(Ty::Any)
            }
        }
    }

    /// Checks the placeholders of an interpolated string.
    pub fn string_parts(&mut self, parts: &[StrPart]) {
        for part in parts {
            if let StrPart::Placeholder { expr, particle: p } = part {
                self.expr(expr);
                if let Some((name, pspan)) = p {
                    if particle::parse_particle(name).is_none() {
                        self.errors.push(CheckError::Particle {
                            particle: name.clone(),
                            src: self.source.named(),
                            span: *pspan,
                        });
                    }
                }
            }
        }
    }

    /// Checks a binding's source and binds its pattern.
    pub fn binding(&mut self, binding: &Binding) {
        let t = self.expr(&binding.source);
        let ok = matches!(t, Ty::Any | Ty::List(_) | Ty::Str | Ty::Map | Ty::Tuple);
        if !ok {
            self.expect(
                &t,
                Ty::list(Ty::Any),
                binding.source.span,
                "`for` iterates over a list, string or map",
            );
        }
        self.bind_pattern(&binding.pattern, t.element());
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Ty {
        let ta = self.expr(a);
        let tb = self.expr(b);
        use BinOp::*;
        match op {
            Add => match (&ta, &tb) {
                (Ty::Int, _) | (_, Ty::Int) => {
                    self.expect(
                        &ta,
                        Ty::Int,
                        a.span,
                        "`+` adds integers, or joins two strings or two lists",
                    );
                    self.expect(
                        &tb,
                        Ty::Int,
                        b.span,
                        "`+` adds integers, or joins two strings or two lists",
                    );
                    Ty::Int
                }
                (Ty::Str, _) | (_, Ty::Str) => {
                    self.expect(
                        &ta,
                        Ty::Str,
                        a.span,
                        "`+` joins two strings; use `str(x)` to convert",
                    );
                    self.expect(
                        &tb,
                        Ty::Str,
                        b.span,
                        "`+` joins two strings; use `str(x)` to convert",
                    );
                    Ty::Str
                }
                (Ty::List(_), _) => ta.clone(),
                _ => Ty::Any,
            },
            Sub | Mul | Div | Mod => {
                let why = format!("`{}` works on integers", op.symbol());
                self.expect(&ta, Ty::Int, a.span, &why);
                self.expect(&tb, Ty::Int, b.span, &why);
                Ty::Int
            }
            Eq | Ne => Ty::Bool,
            Lt | Le | Gt | Ge => {
                if ta != Ty::Any && tb != Ty::Any && !ta.fits(&tb) {
                    self.expect(
                        &tb,
                        ta.clone(),
                        b.span,
                        "both sides of a comparison have the same type",
                    );
                }
                Ty::Bool
            }
            In | NotIn => Ty::Bool,
            And | Or => {
                let why = format!("`{}` combines conditions", op.symbol());
                self.expect(&ta, Ty::Bool, a.span, &why);
                self.expect(&tb, Ty::Bool, b.span, &why);
                Ty::Bool
            }
            Range | RangeInclusive => {
                self.expect(&ta, Ty::Int, a.span, "ranges are between integers");
                self.expect(&tb, Ty::Int, b.span, "ranges are between integers");
                Ty::list(Ty::Int)
            }
        }
    }
}

/// The closest candidate to `name`, if one is close enough to be a typo.
pub fn suggest(name: &str, candidates: &[String]) -> Option<String> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|c| (strsim::osa_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, c)| c.clone())
}
