//! The checked program: a spec whose names, levers, tiers and templates are
//! known to be consistent. Generation runs on this, never on raw AST.

use crate::answer::AnswerKind;
use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::{Block, Expr, Find, FnDecl, Ident, LeverType, Rule, TierValue};
use std::collections::BTreeMap;

/// How a puzzle type relates its languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// One latent generator rendered in every language.
    Direct,
    /// A script-adapted type: one file per language.
    Script,
    /// Rendered in Korean only.
    KoreanOnly,
}

impl Family {
    /// The family's name as written in specs and records.
    pub fn name(self) -> &'static str {
        match self {
            Family::Direct => "direct",
            Family::Script => "script",
            Family::KoreanOnly => "korean_only",
        }
    }

    /// The family called `name`.
    pub fn from_name(name: &str) -> Option<Family> {
        match name {
            "direct" => Some(Family::Direct),
            "script" => Some(Family::Script),
            "korean_only" => Some(Family::KoreanOnly),
            _ => None,
        }
    }
}

/// Where an item's answer kind comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerKindSource {
    /// The same kind for every item.
    Fixed(AnswerKind),
    /// The value of lever number `n` (a `one of` lever of kind names).
    Lever(usize),
}

/// A lever with its domain.
#[derive(Debug, Clone)]
pub struct LeverDef {
    /// Its name.
    pub name: Ident,
    /// Its type and domain.
    pub ty: LeverType,
}

/// A tier: lever settings in lever declaration order.
#[derive(Debug, Clone)]
pub struct TierDef {
    /// The tier's name.
    pub name: Ident,
    /// One value per lever, in lever order.
    pub values: Vec<TierValue>,
    /// The declaration.
    pub span: Span,
}

/// A checked spec, ready to generate from.
#[derive(Debug, Clone)]
pub struct Program {
    /// The spec file.
    pub source: SourceFile,
    /// `puzzle NAME`.
    pub name: Ident,
    /// Display titles by language.
    pub titles: BTreeMap<String, Expr>,
    /// The family.
    pub family: Family,
    /// The rendered languages, in declaration order.
    pub languages: Vec<String>,
    /// The retry budget of `generate`.
    pub attempts: u64,
    /// The run-time budgets of one item.
    pub limits: crate::eval::Limits,
    /// Levers in declaration order.
    pub levers: Vec<LeverDef>,
    /// Tiers in declaration order.
    pub tiers: Vec<TierDef>,
    /// Top-level constants in declaration order.
    pub consts: Vec<(Ident, Expr)>,
    /// For each constant, the indices of the levers its value can depend
    /// on (through other constants and functions), in lever order: the
    /// constant has one value per setting of these levers.
    pub const_levers: Vec<Vec<usize>>,
    /// User functions.
    pub fns: Vec<FnDecl>,
    /// Constraint unknowns.
    pub finds: Vec<Find>,
    /// Constraint rules.
    pub rules: Vec<Rule>,
    /// The generate block (empty if absent).
    pub generate: Block,
    /// The answer kind, fixed or taken from a lever per item.
    pub answer_kind: AnswerKindSource,
    /// The gold expression.
    pub answer: Expr,
    /// `answer LANG = EXPR`: the gold in the records of these languages.
    pub answers_in: BTreeMap<String, Expr>,
    /// The structured instance expression.
    pub instance: Option<Expr>,
    /// Multiple-choice options.
    pub choices: Option<Expr>,
    /// `choices LANG = EXPR`: the options in the records of these languages.
    pub choices_in: BTreeMap<String, Expr>,
    /// `context LANG` and `query LANG` by language: the two parts of the
    /// prompt a bundle composes on its own.
    pub parts: BTreeMap<String, (Expr, Expr)>,
    /// Templates by language.
    pub templates: BTreeMap<String, Expr>,
    /// The `calibrate` block, if any.
    pub calibration: Option<super::calibrate::Calibration>,
    /// The `accept` condition, if any.
    pub accept: Option<AcceptDef>,
    /// Where `score` reads the answer in a response.
    pub slot: crate::answer::AnswerSlot,
    /// `group NAME`: the analysis group of the spec's tasks (`None`: the family).
    pub group: Option<String>,
    /// `release nolli as NAME`: the task name of the spec's files and ids in the
    /// `nolli` format (`None`: the puzzle name).
    pub nolli_task: Option<String>,
    /// `sha256:<hex>` of the spec's bytes.
    pub spec_hash: String,
    /// The user functions' lowered bodies (compile stage; made on first
    /// call, once per program).
    pub fn_code: crate::compile::code::CodeCell<Vec<crate::compile::code::Unit>>,
}

/// A checked `accept(r) = BODY` declaration.
#[derive(Debug, Clone)]
pub struct AcceptDef {
    /// The parameter bound to the response text.
    pub param: Ident,
    /// The condition.
    pub body: Expr,
    /// The lambda `|r| BODY` as source text, stored in every record.
    pub source: String,
}

impl Program {
    /// The tier called `name`.
    pub fn tier(&self, name: &str) -> Option<&TierDef> {
        self.tiers.iter().find(|t| t.name.name == name)
    }

    /// Tier names in declaration order.
    pub fn tier_names(&self) -> Vec<&str> {
        self.tiers.iter().map(|t| t.name.name.as_str()).collect()
    }
}

impl Program {
    /// The answer kind of an item with these lever values (in lever order).
    pub fn item_answer_kind(&self, levers: &[(String, crate::eval::Value)]) -> Option<AnswerKind> {
        match self.answer_kind {
            AnswerKindSource::Fixed(kind) => Some(kind),
            AnswerKindSource::Lever(i) => match &levers.get(i)?.1 {
                crate::eval::Value::Str(s) => AnswerKind::from_name(s),
                _ => None,
            },
        }
    }
}
