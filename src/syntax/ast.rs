//! The abstract syntax tree of a spec. Every node carries a [`Span`].

use crate::span::Span;
use std::sync::Arc;

/// A name with the place it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A whole spec file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spec {
    /// `puzzle NAME`.
    pub name: Option<Ident>,
    /// Top-level declarations in source order.
    pub decls: Vec<Decl>,
}

/// One setting of a `limits` block: `steps 100_000_000`.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitSetting {
    /// The resource.
    pub name: Ident,
    /// The limit.
    pub value: i64,
    /// The whole setting.
    pub span: Span,
}

/// One of the two parts of a prompt a spec may declare per language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PromptPart {
    /// `context`: what the item shares with others (its rule).
    Context,
    /// `query`: the item's own question.
    Query,
}

impl PromptPart {
    /// The keyword: `context` or `query`.
    pub fn name(self) -> &'static str {
        match self {
            PromptPart::Context => "context",
            PromptPart::Query => "query",
        }
    }

    /// The other part.
    pub fn other(self) -> PromptPart {
        match self {
            PromptPart::Context => PromptPart::Query,
            PromptPart::Query => PromptPart::Context,
        }
    }
}

/// A top-level declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Decl {
    /// `title en "..." ko "..."`.
    Title(Vec<LangText>, Span),
    /// `family direct`.
    Family(Ident),
    /// `languages en ko`.
    Languages(Vec<Ident>, Span),
    /// `attempts N`.
    Attempts(i64, Span),
    /// `limits { NAME N … }`: run-time budgets; the span covers the block.
    Limits(Vec<LimitSetting>, Span),
    /// `lever NAME: TYPE`.
    Lever(Lever),
    /// `tier NAME { ... }`.
    Tier(Tier),
    /// `let NAME = EXPR` at the top level.
    Const(Ident, Expr),
    /// `fn NAME(params) = EXPR`.
    Fn(FnDecl),
    /// `find NAME[...] : DOMAIN`.
    Find(Find),
    /// `rule NAME for ...: EXPR`.
    Rule(Rule),
    /// `generate { ... }`.
    Generate(Block),
    /// `answer KIND = EXPR`, or `answer from LEVER = EXPR` (the flag is set).
    Answer(Ident, bool, Expr),
    /// `answer LANG = EXPR`: the gold of the records in one language.
    AnswerIn(Ident, Expr),
    /// `instance = EXPR`.
    Instance(Expr, Span),
    /// `choices = EXPR`.
    Choices(Expr, Span),
    /// `choices LANG = EXPR`: the options of the records in one language.
    ChoicesIn(Ident, Expr),
    /// `context LANG = EXPR` or `query LANG = EXPR`.
    Part(PromptPart, Ident, Expr),
    /// `template LANG STRING`.
    Template(Ident, Expr),
    /// `calibrate { LEVER PATH ... }`.
    Calibrate(Calibrate),
    /// `accept(PARAM) = EXPR`; the span covers the whole declaration.
    Accept(Ident, Expr, Span),
    /// `slot NAME`.
    Slot(Ident),
    /// `group NAME`.
    Group(Ident),
    /// `release FORMAT as NAME`: the format, then the task name it uses.
    Release(Ident, Ident),
}

/// A language code with a string, as in titles and steps.
#[derive(Debug, Clone, PartialEq)]
pub struct LangText {
    /// The language code.
    pub lang: Ident,
    /// The (possibly interpolated) text.
    pub text: Expr,
}

/// A lever declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Lever {
    /// The lever's name.
    pub name: Ident,
    /// Its type and domain.
    pub ty: LeverType,
    /// The whole declaration.
    pub span: Span,
}

/// The type and domain of a lever.
#[derive(Debug, Clone, PartialEq)]
pub enum LeverType {
    /// `int in lo..=hi` (bounds inclusive after lowering).
    Int { lo: i64, hi: i64, span: Span },
    /// `bool`.
    Bool(Span),
    /// `one of "a", "b"`.
    Choice(Vec<(String, Span)>, Span),
}

/// A tier declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Tier {
    /// The tier's name.
    pub name: Ident,
    /// Its lever settings.
    pub settings: Vec<TierSetting>,
    /// The whole declaration.
    pub span: Span,
}

/// `lever = value` inside a tier.
#[derive(Debug, Clone, PartialEq)]
pub struct TierSetting {
    /// The lever being set.
    pub lever: Ident,
    /// Its value.
    pub value: TierValue,
}

/// A literal value in a tier or lever declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A boolean.
    Bool(bool),
}

/// A tier's value for one lever.
#[derive(Debug, Clone, PartialEq)]
pub enum TierValue {
    /// A fixed value.
    Fixed(Literal, Span),
    /// An integer range sampled per item (bounds inclusive).
    Range { lo: i64, hi: i64, span: Span },
    /// Weighted choices sampled per item.
    Weighted(Vec<(Literal, i64, Span)>, Span),
}

impl TierValue {
    /// Where the value was written.
    pub fn span(&self) -> Span {
        match self {
            TierValue::Fixed(_, span) => *span,
            TierValue::Range { span, .. } => *span,
            TierValue::Weighted(_, span) => *span,
        }
    }
}

/// `fn name(params) = body`.
#[derive(Debug, Clone, PartialEq)]
pub struct FnDecl {
    /// The function's name.
    pub name: Ident,
    /// Parameter names.
    pub params: Vec<Ident>,
    /// The body.
    pub body: Expr,
}

/// `find name[bindings] : domain`.
#[derive(Debug, Clone, PartialEq)]
pub struct Find {
    /// The unknown's name.
    pub name: Ident,
    /// Index bindings of an array of unknowns (empty for a scalar).
    pub index: Vec<Binding>,
    /// `None` for `bool`, otherwise the integer domain.
    pub domain: Option<Expr>,
    /// The whole declaration.
    pub span: Span,
}

/// `rule name for bindings: constraint`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The rule's name.
    pub name: Ident,
    /// Loop bindings.
    pub bindings: Vec<Binding>,
    /// The constraint.
    pub body: Expr,
    /// The whole declaration.
    pub span: Span,
}

/// `pattern in expr`.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// What each element binds.
    pub pattern: Pattern,
    /// The list iterated over.
    pub source: Expr,
}

/// A binding pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// A name (`_` ignores the value).
    Name(Ident),
    /// A tuple of patterns.
    Tuple(Vec<Pattern>, Span),
}

impl Pattern {
    /// Where the pattern was written.
    pub fn span(&self) -> Span {
        match self {
            Pattern::Name(ident) => ident.span,
            Pattern::Tuple(_, span) => *span,
        }
    }

    /// Every name the pattern binds, in order.
    pub fn names(&self) -> Vec<&Ident> {
        match self {
            Pattern::Name(ident) => vec![ident],
            Pattern::Tuple(items, _) => items.iter().flat_map(Pattern::names).collect(),
        }
    }
}

/// A list of statements.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The statements.
    pub stmts: Vec<Stmt>,
    /// The braces and everything between.
    pub span: Span,
}

/// The order in which `sample solution` visits the unknowns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkOrder {
    /// A random order drawn per item (the default).
    Drawn,
    /// The order the `find`s declare them, each `find` row by row
    /// (`sample solution in order`).
    Declared,
}

/// A statement of a generate block.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `let pattern = expr`.
    Let(Pattern, Expr),
    /// `let name = sample solution [in order] [prefer F]`.
    SampleSolution(Pattern, Option<Expr>, WalkOrder, Span),
    /// `let name = plant solution EXPR`.
    PlantSolution(Pattern, Expr, Span),
    /// `let name = dig var from grid keep n symmetry s`.
    Dig(Pattern, Dig),
    /// `let name = reveal clues until unique`, or the bare statement.
    Reveal(Option<Pattern>, Reveal),
    /// `clue EXPR`.
    Clue(Expr, Span),
    /// `require cond else "why"`.
    Require(Expr, Option<Expr>, Span),
    /// `step en "..." ko "..."`.
    Step(Vec<LangText>, Span),
    /// `checkpoint KIND = expr`: an intermediate answer of an answer kind.
    Checkpoint(Ident, Expr, Span),
    /// `for binding { ... }`.
    For(Binding, Block, Span),
    /// `if cond { ... } else { ... }`.
    If(Expr, Block, Option<Block>, Span),
    /// `retry N { ... }`: run the block again (undone) when it rejects, up
    /// to N runs; its bindings stay visible after it.
    Retry(Expr, Block, Span),
    /// `unique EXPR`.
    Unique(Expr, Span),
    /// `[let p =] maximize expr` (true) or `minimize expr` (false).
    Optimize(Option<Pattern>, bool, Expr, Span),
    /// `rule NAME for ...: EXPR` inside `generate`: a layout rule, which
    /// joins the model from here on.
    Rule(Rule),
}

/// The `dig` construct.
#[derive(Debug, Clone, PartialEq)]
pub struct Dig {
    /// `cell from grid`: the unknown whose cells are the clues; `from` is then the solution.
    pub var: Option<Ident>,
    /// The solution (with `var`), or the list of `(label, constraint)` clues.
    pub from: Expr,
    /// How many clues to keep; `None` for `keep minimal`.
    pub keep: Option<Expr>,
    /// An optional symmetry name.
    pub symmetry: Option<Ident>,
    /// `while COND`: a condition every removal must keep true.
    pub while_cond: Option<Expr>,
    /// The whole construct.
    pub span: Span,
}

/// The `reveal` construct.
#[derive(Debug, Clone, PartialEq)]
pub struct Reveal {
    /// The candidate clues: a list of `(label, constraint)`.
    pub from: Expr,
    /// What must become unique (`None`: the whole solution).
    pub of: Option<Expr>,
    /// An optional limit on the number of clues.
    pub limit: Option<Expr>,
    /// The whole construct.
    pub span: Span,
}

/// An expression with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What kind of expression.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
    /// Its lowered form when evaluated on its own (compile stage; made on
    /// first evaluation and kept for the program's life; boxed, so that a
    /// node stays small).
    pub code: crate::compile::code::CodeCell<Box<crate::compile::code::Unit>>,
}

impl Expr {
    /// An expression of `kind` written at `span`.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr {
            kind,
            span,
            code: Default::default(),
        }
    }
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (floor division)
    Div,
    /// `%` (floor modulo)
    Mod,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `in`
    In,
    /// `not in`
    NotIn,
    /// `and`
    And,
    /// `or`
    Or,
    /// `..`
    Range,
    /// `..=`
    RangeInclusive,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Range => "..",
            BinOp::RangeInclusive => "..=",
        }
    }
}

/// A part of an interpolated string.
#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    /// Literal text.
    Text(String),
    /// `{expr}` or `{expr:particle}`.
    Placeholder {
        /// The expression shown.
        expr: Expr,
        /// A Korean particle attached by the value's final sound.
        particle: Option<(String, Span)>,
    },
}

/// An index inside `x[...]`.
#[derive(Debug, Clone, PartialEq)]
pub enum IndexArg {
    /// An expression.
    Expr(Expr),
    /// `*`, every value (constraint rules only).
    Wildcard(Span),
}

/// A clause of a comprehension.
#[derive(Debug, Clone, PartialEq)]
pub enum CompClause {
    /// `for x in xs`.
    For(Binding),
    /// `if cond`.
    If(Expr),
}

/// What kind of expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// A boolean literal.
    Bool(bool),
    /// A string, possibly with placeholders.
    Str(Vec<StrPart>),
    /// A name.
    Name(Ident),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `[e for x in xs if c]`.
    Comprehension(Box<Expr>, Vec<CompClause>),
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `{k: v}` with keys already evaluated to literals.
    Record(Vec<(Literal, Span, Expr)>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `-a`.
    Neg(Box<Expr>),
    /// `not a`.
    Not(Box<Expr>),
    /// `f(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `x[i, j]`.
    Index(Box<Expr>, Vec<IndexArg>),
    /// `x.name` or `x.0`.
    Field(Box<Expr>, Ident),
    /// `if c then a else b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `let p = v in body`.
    Let(Pattern, Box<Expr>, Box<Expr>),
    /// `|a, b| body`; shared, so a closure value takes it without a copy.
    Lambda(Arc<[Ident]>, Arc<Expr>),
    /// `int in range`.
    SampleInt(Box<Expr>),
    /// `pick k of xs`.
    SamplePick(Box<Expr>, Box<Expr>),
    /// `one of xs`.
    SampleOne(Box<Expr>),
    /// `weighted { v: w }`.
    SampleWeighted(Vec<(Expr, Expr)>),
}

impl Expr {
    /// Whether evaluating this expression may draw random numbers
    /// (directly, not through a called function).
    pub fn is_random_here(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::SampleInt(_)
                | ExprKind::SamplePick(..)
                | ExprKind::SampleOne(_)
                | ExprKind::SampleWeighted(_)
        )
    }
}

/// `calibrate { ... }`: the levers `puzzlec calibrate` tunes.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibrate {
    /// The calibrated levers, in written order.
    pub levers: Vec<CalibrateLever>,
    /// The whole declaration.
    pub span: Span,
}

/// One calibrated lever inside `calibrate`.
#[derive(Debug, Clone, PartialEq)]
pub struct CalibrateLever {
    /// The lever.
    pub lever: Ident,
    /// The path it moves along.
    pub path: CalibratePath,
}

/// The path of a calibrated lever, from its easiest setting to its hardest.
#[derive(Debug, Clone, PartialEq)]
pub enum CalibratePath {
    /// `in LO..=HI harder up|down`.
    Range {
        /// The search range, bounds inclusive after lowering.
        lo: i64,
        /// The upper bound (inclusive).
        hi: i64,
        /// Where the range was written.
        range_span: Span,
        /// `up` or `down` as written (the checker validates it).
        harder: Ident,
    },
    /// `in [a, b, c]`: values in order, easiest first.
    Ordered(Vec<(Literal, Span)>, Span),
    /// `from weighted { .. } to weighted { .. } steps N`.
    Mixture {
        /// The easiest weights.
        from: Vec<(Literal, i64, Span)>,
        /// The hardest weights.
        to: Vec<(Literal, i64, Span)>,
        /// `steps N` when written, with where.
        steps: Option<(i64, Span)>,
        /// The whole path.
        span: Span,
    },
}
