//! Check: names, types, levers, tiers, languages and templates. Every
//! problem is collected before failing, so one run reports them all.

pub mod calibrate;
pub mod error;
mod names;
pub mod overrides;
pub mod program;
pub mod resolve;
pub mod types;
pub mod warning;

use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::*;
use error::CheckError;
use program::Program;
use std::collections::{BTreeMap, BTreeSet};
use warning::CheckWarning;

mod answer;
mod answers_in;
mod block;
mod constant_order;
mod constraints;
mod languages;
pub mod model_error;
mod prompt_parts;
mod spec;
mod stated;
mod tiers;

/// The languages puzzlec renders.
pub const LANGUAGES: &[&str] = &["en", "ko"];
/// The symmetries `dig ... symmetry NAME` knows.
pub const SYMMETRIES: &[&str] = &["none", "rot180"];
/// The default retry budget of `generate`.
pub const DEFAULT_ATTEMPTS: u64 = 1000;

/// Checks a parsed spec.
pub fn check(source: &SourceFile, spec: &Spec) -> Result<Program, Vec<CheckError>> {
    check_with_warnings(source, spec).map(|(p, _)| p)
}

/// Checks a parsed spec; on success also returns its warnings (declarations
/// nothing uses), in source order.
pub fn check_with_warnings(
    source: &SourceFile,
    spec: &Spec,
) -> Result<(Program, Vec<CheckWarning>), Vec<CheckError>> {
    let mut c = Checker {
        source,
        errors: Vec::new(),
        find_names: Vec::new(),
        uses: Uses::default(),
        stated: stated::Stated::default(),
    };
    let program = c.program(spec);
    c.errors.extend(names::file_name_errors(source, spec));
    match program {
        Some(p) if c.errors.is_empty() => {
            let warnings = c.unused(&p);
            Ok((p, warnings))
        }
        _ => Err(c.errors),
    }
}

struct Checker<'a> {
    source: &'a SourceFile,
    errors: Vec<CheckError>,
    /// Names declared by `find`.
    find_names: Vec<String>,
    /// Which global names each part of the spec refers to.
    uses: Uses,
    /// The bindings of `generate` and the proofs that must reach the prompt.
    stated: stated::Stated,
}

/// The global names referred to: by the parts that run (generate, rules,
/// finds, answer, instance, choices, templates, titles) and by each
/// function and constant.
#[derive(Default)]
struct Uses {
    roots: BTreeSet<String>,
    fns: BTreeMap<String, BTreeSet<String>>,
    consts: BTreeMap<String, BTreeSet<String>>,
}

impl Uses {
    /// Every name reachable from the roots through function bodies and
    /// constant definitions.
    fn reachable(&self) -> BTreeSet<String> {
        self.reachable_from(self.roots.iter())
    }

    /// Every name reachable from `start` through function bodies and
    /// constant definitions, `start` included.
    fn reachable_from<'n>(&'n self, start: impl Iterator<Item = &'n String>) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut work: Vec<&String> = start.collect();
        while let Some(name) = work.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            for next in self.fns.get(name).into_iter().chain(self.consts.get(name)) {
                work.extend(next.iter());
            }
        }
        seen
    }
}

/// Declarations gathered by kind.
#[derive(Default)]
struct Parts<'s> {
    titles: Vec<(&'s [LangText], Span)>,
    family: Option<&'s Ident>,
    languages: Option<(&'s [Ident], Span)>,
    attempts: Option<(i64, Span)>,
    limits: Option<&'s [LimitSetting]>,
    levers: Vec<&'s Lever>,
    tiers: Vec<&'s Tier>,
    consts: Vec<(&'s Ident, &'s Expr)>,
    fns: Vec<&'s FnDecl>,
    finds: Vec<&'s Find>,
    rules: Vec<&'s crate::syntax::ast::Rule>,
    generate: Option<&'s Block>,
    answer: Option<(&'s Ident, bool, &'s Expr)>,
    answers_in: Vec<(&'s Ident, &'s Expr)>,
    instance: Option<&'s Expr>,
    choices: Option<&'s Expr>,
    choices_in: Vec<(&'s Ident, &'s Expr)>,
    parts: Vec<(crate::syntax::ast::PromptPart, &'s Ident, &'s Expr)>,
    templates: Vec<(&'s Ident, &'s Expr)>,
    calibrate: Option<&'s Calibrate>,
    accept: Option<(&'s Ident, &'s Expr)>,
    slot: Option<&'s Ident>,
    group: Option<&'s Ident>,
    release: Option<(&'s Ident, &'s Ident)>,
}

impl<'a> Checker<'a> {
    fn src(&self) -> miette::NamedSource<String> {
        self.source.named()
    }

    fn once<T>(&mut self, slot: &mut Option<T>, value: T, what: &'static str, span: Span) {
        if slot.is_some() {
            self.errors.push(CheckError::Repeated {
                what,
                src: self.src(),
                span,
            });
        } else {
            *slot = Some(value);
        }
    }

    /// Functions, constants and levers that nothing that runs refers to,
    /// in source order.
    fn unused(&self, program: &Program) -> Vec<CheckWarning> {
        type Make = fn(String, miette::NamedSource<String>, Span) -> CheckWarning;
        let constant: Make = |name, src, span| CheckWarning::UnusedConstant { name, src, span };
        let function: Make = |name, src, span| CheckWarning::UnusedFn { name, src, span };
        let lever: Make = |name, src, span| CheckWarning::UnusedLever { name, src, span };
        let declared = (program.consts.iter().map(|(i, _)| (i, constant)))
            .chain(program.fns.iter().map(|f| (&f.name, function)))
            .chain(program.levers.iter().map(|l| (&l.name, lever)));
        let reached = self.uses.reachable();
        let mut out: Vec<(&Ident, Make)> = declared
            .filter(|(ident, _)| !reached.contains(&ident.name))
            .filter(|(ident, _)| ident.name != crate::render::particle::READINGS_CONSTANT)
            .collect();
        out.sort_by_key(|(ident, _)| ident.span.start);
        out.into_iter()
            .map(|(ident, make)| make(ident.name.clone(), self.src(), ident.span))
            .collect()
    }

    fn duplicates<'s>(&mut self, what: &'static str, idents: impl Iterator<Item = &'s Ident>) {
        let mut seen: BTreeMap<&str, Span> = BTreeMap::new();
        for ident in idents {
            if let Some(first) = seen.get(ident.name.as_str()) {
                self.errors.push(CheckError::Duplicate {
                    what,
                    name: ident.name.clone(),
                    src: self.src(),
                    span: ident.span,
                    first: *first,
                });
            } else {
                seen.insert(&ident.name, ident.span);
            }
        }
    }
}

pub(crate) fn in_domain(ty: &LeverType, lit: &Literal) -> bool {
    match (ty, lit) {
        (LeverType::Int { lo, hi, .. }, Literal::Int(v)) => lo <= v && v <= hi,
        (LeverType::Bool(_), Literal::Bool(_)) => true,
        (LeverType::Choice(choices, _), Literal::Str(s)) => choices.iter().any(|(c, _)| c == s),
        _ => false,
    }
}

/// A literal as spec text (`41`, `"day"`, `true`).
pub fn show_literal(lit: &Literal) -> String {
    match lit {
        Literal::Int(i) => i.to_string(),
        Literal::Str(s) => format!("\"{s}\""),
        Literal::Bool(b) => b.to_string(),
    }
}

/// A lever's domain as written.
pub fn describe_domain(ty: &LeverType) -> String {
    match ty {
        LeverType::Int { lo, hi, .. } => format!("{lo}..={hi}"),
        LeverType::Bool(_) => "bool".into(),
        LeverType::Choice(choices, _) => choices
            .iter()
            .map(|(c, _)| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Names as `` `a`, `b` ``.
fn backticked(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
