//! The lowered form the evaluator runs: expressions whose names are
//! resolved to frame slots, pre-resolved functions or cached outer names.
//!
//! A [`Unit`] is one body that runs in a frame of its own: a top-level
//! expression (evaluated in a statement's environment), a user function's
//! body or a lambda's body. Its frame holds `locals` slots (parameters,
//! captured variables and every `let`/`for` binding, each with a slot of
//! its own) followed by one cache slot per free name.

use crate::render::particle::Particle;
use crate::span::Span;
use crate::syntax::ast::BinOp;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// One body with its frame layout.
#[derive(Debug)]
pub struct Unit {
    /// The body.
    pub body: Code,
    /// Slots for parameters, captures and bindings.
    pub locals: u32,
    /// Names looked up in the unit's outer environment (the statement's
    /// bindings, or the levers and constants inside a function); each is
    /// looked up once per run of the unit and kept in slot `locals + k`.
    pub free: Vec<Arc<str>>,
}

impl Unit {
    /// The number of slots a run of this unit needs.
    pub fn frame(&self) -> usize {
        self.locals as usize + self.free.len()
    }
}

/// One lowered expression with its span.
#[derive(Debug)]
pub struct Code {
    /// What it does.
    pub op: Op,
    /// Where it was written (every budget charge and error names it).
    pub span: Span,
}

/// A name resolved when the spec was lowered.
#[derive(Debug, Clone)]
pub enum Resolved {
    /// The user function with this index.
    User(usize),
    /// The builtin with this name (from the builtin table).
    Builtin(&'static crate::eval::builtins::Builtin),
    /// No such name: an error when evaluated.
    Unbound(Arc<str>),
}

/// What a lowered expression does.
#[derive(Debug)]
pub enum Op {
    /// An integer literal.
    Int(i64),
    /// A boolean literal.
    Bool(bool),
    /// A string, possibly with placeholders.
    Str(Vec<Part>),
    /// A local slot of the running frame.
    Local(u32),
    /// Free name `k` of the unit (`Unit::free`), written at `Span`.
    Free(u32, Span),
    /// A function or an unknown name, resolved at lowering.
    Static(Resolved, Span),
    /// `[a, b]`.
    List(Vec<Code>),
    /// `(a, b)`.
    Tuple(Vec<Code>),
    /// `{k: v}` with literal keys.
    Record(Vec<(Key, Code)>),
    /// `[head for ... if ...]`.
    Comprehension(Box<Code>, Vec<Clause>),
    /// `a op b`.
    Binary(BinOp, Box<Code>, Box<Code>),
    /// `-a`.
    Neg(Box<Code>),
    /// `not a`.
    Not(Box<Code>),
    /// `f(args)`.
    Call(Box<Code>, Vec<Code>),
    /// `x[i, *]`: `None` is the wildcard, with its span.
    Index(Box<Code>, Vec<Result<Code, Span>>),
    /// `x.name` or `x.0`.
    Field(Box<Code>, Field),
    /// `if c then a else b`.
    If(Box<Code>, Box<Code>, Box<Code>),
    /// `let p = v in body`.
    Let(Pat, Box<Code>, Box<Code>),
    /// `|a, b| body`.
    Lambda(Arc<Lambda>),
    /// `int in lo..hi` / `lo..=hi`, drawn without building the list.
    SampleRange {
        /// `..=` rather than `..`.
        inclusive: bool,
        /// The low end.
        lo: Box<Code>,
        /// The high end.
        hi: Box<Code>,
    },
    /// `int in xs` over any other list.
    SampleInt(Box<Code>),
    /// `pick k of xs`.
    SamplePick(Box<Code>, Box<Code>),
    /// `one of xs`.
    SampleOne(Box<Code>),
    /// `weighted { v: w }`.
    SampleWeighted(Vec<(Code, Code)>),
}

/// A literal record key.
#[derive(Debug, Clone)]
pub enum Key {
    /// An integer.
    Int(i64),
    /// A string.
    Str(Arc<str>),
    /// A boolean.
    Bool(bool),
}

/// A part of an interpolated string.
#[derive(Debug)]
pub enum Part {
    /// Literal text.
    Text(Box<str>),
    /// `{code}` or `{code:particle}`.
    Hole(Code, Option<ParticleRef>),
}

/// The particle after a placeholder, parsed at lowering.
#[derive(Debug)]
pub struct ParticleRef {
    /// The particle, or `None` for an unknown name (an error when shown).
    pub kind: Option<Particle>,
    /// The name as written.
    pub name: Box<str>,
    /// Where it was written.
    pub span: Span,
}

/// `x.name`: the field's name, and its position when it is a number.
#[derive(Debug)]
pub struct Field {
    /// The name as written.
    pub name: Arc<str>,
    /// `x.0`: the position.
    pub position: Option<i64>,
    /// Where it was written.
    pub span: Span,
}

/// A binding pattern over slots.
#[derive(Debug)]
pub enum Pat {
    /// `_`: binds nothing.
    Ignore,
    /// A name, bound in this slot.
    Slot(u32),
    /// A tuple of patterns.
    Tuple(Vec<Pat>, Span),
}

/// A clause of a comprehension.
#[derive(Debug)]
pub enum Clause {
    /// `for pattern in source`.
    For(Pat, Code),
    /// `if cond`.
    If(Code),
}

/// A lambda: its parameters take slots `0..params`; each capture copies a
/// slot of the enclosing frame into one of its own when the closure is made.
#[derive(Debug)]
pub struct Lambda {
    /// How many parameters it takes.
    pub params: u32,
    /// `(enclosing slot, own slot)` pairs.
    pub captures: Vec<(u32, u32)>,
    /// The body.
    pub unit: Unit,
}

/// A lowered form kept beside the syntax it came from, made on first use
/// and shared by every thread. A clone starts empty (the copy may be
/// changed, so it lowers again), and the cell takes no part in equality.
pub struct CodeCell<T>(OnceLock<T>);

impl<T> CodeCell<T> {
    /// The lowered form, made by `lower` the first time.
    pub fn get_or_init(&self, lower: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(lower)
    }
}

impl<T> Default for CodeCell<T> {
    fn default() -> Self {
        CodeCell(OnceLock::new())
    }
}

impl<T> Clone for CodeCell<T> {
    fn clone(&self) -> Self {
        CodeCell::default()
    }
}

impl<T> PartialEq for CodeCell<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> fmt::Debug for CodeCell<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "CodeCell(lowered)"
        } else {
            "CodeCell(empty)"
        })
    }
}
