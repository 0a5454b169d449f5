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

use crate::answer::AnswerKind;
use crate::dataset::spec_hash;
use crate::eval::{Limits, Resource};
use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::*;
use error::CheckError;
use program::{AnswerKindSource, Family, LeverDef, Program, TierDef};
use resolve::{suggest, Globals, Place, Resolver};
use std::collections::{BTreeMap, BTreeSet};
use types::Ty;
use warning::CheckWarning;

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
        let mut seen = BTreeSet::new();
        let mut work: Vec<&String> = self.roots.iter().collect();
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
    instance: Option<&'s Expr>,
    choices: Option<&'s Expr>,
    templates: Vec<(&'s Ident, &'s Expr)>,
    calibrate: Option<&'s Calibrate>,
    accept: Option<(&'s Ident, &'s Expr)>,
    slot: Option<&'s Ident>,
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

    fn gather<'s>(&mut self, spec: &'s Spec) -> Parts<'s> {
        let mut p = Parts::default();
        for decl in &spec.decls {
            match decl {
                Decl::Title(texts, span) => p.titles.push((texts, *span)),
                Decl::Family(ident) => self.once(&mut p.family, ident, "family", ident.span),
                Decl::Languages(langs, span) => self.once(
                    &mut p.languages,
                    (langs.as_slice(), *span),
                    "languages",
                    *span,
                ),
                Decl::Attempts(n, span) => {
                    self.once(&mut p.attempts, (*n, *span), "attempts", *span)
                }
                Decl::Limits(settings, span) => {
                    self.once(&mut p.limits, settings.as_slice(), "limits", *span)
                }
                Decl::Lever(l) => p.levers.push(l),
                Decl::Tier(t) => p.tiers.push(t),
                Decl::Const(name, e) => p.consts.push((name, e)),
                Decl::Fn(f) => p.fns.push(f),
                Decl::Find(f) => p.finds.push(f),
                Decl::Rule(r) => p.rules.push(r),
                Decl::Generate(b) => self.once(&mut p.generate, b, "generate", b.span),
                Decl::Answer(kind, from_lever, e) => {
                    self.once(&mut p.answer, (kind, *from_lever, e), "answer", kind.span)
                }
                Decl::Instance(e, span) => self.once(&mut p.instance, e, "instance", *span),
                Decl::Choices(e, span) => self.once(&mut p.choices, e, "choices", *span),
                Decl::Template(lang, e) => p.templates.push((lang, e)),
                Decl::Calibrate(c) => self.once(&mut p.calibrate, c, "calibrate", c.span),
                Decl::Accept(param, e, span) => {
                    self.once(&mut p.accept, (param, e), "accept", *span)
                }
                Decl::Slot(ident) => self.once(&mut p.slot, ident, "slot", ident.span),
            }
        }
        p
    }

    /// The run-time limits: the defaults with the spec's settings; an
    /// unknown name, a repeated one or a value out of range is an error.
    fn limits(&mut self, settings: &[LimitSetting]) -> Limits {
        let mut limits = Limits::default();
        let mut seen = std::collections::BTreeSet::new();
        for setting in settings {
            let name = &setting.name.name;
            let Some(resource) = Resource::from_name(name) else {
                let names: Vec<String> =
                    Resource::ALL.iter().map(|r| r.name().to_string()).collect();
                let hint = suggest(name, &names)
                    .map_or(String::new(), |s| format!("did you mean `{s}`? "));
                self.errors.push(CheckError::UnknownLimit {
                    name: name.clone(),
                    help: format!("{hint}the limits are: {}", names.join(", ")),
                    src: self.src(),
                    span: setting.name.span,
                });
                continue;
            };
            if !seen.insert(resource) {
                self.errors.push(CheckError::Repeated {
                    what: resource.name(),
                    src: self.src(),
                    span: setting.span,
                });
                continue;
            }
            let hi = resource.max_limit();
            if !(1..=hi as i64).contains(&setting.value) {
                self.errors.push(CheckError::OutOfRange {
                    what: resource.name(),
                    lo: 1,
                    hi: hi as i64,
                    value: setting.value,
                    src: self.src(),
                    span: setting.span,
                });
                continue;
            }
            limits.set(resource, setting.value as u64);
        }
        limits
    }

    fn program(&mut self, spec: &Spec) -> Option<Program> {
        let name = spec.name.clone()?;
        let parts = self.gather(spec);
        self.duplicates("lever", parts.levers.iter().map(|l| &l.name));
        self.duplicates("tier", parts.tiers.iter().map(|t| &t.name));
        // Names shared across kinds (a lever and a function, say); a lever
        // declared twice is reported once, above.
        let mut lever_names = std::collections::BTreeSet::new();
        self.duplicates(
            "name",
            parts
                .consts
                .iter()
                .map(|c| c.0)
                .chain(parts.fns.iter().map(|f| &f.name))
                .chain(
                    parts
                        .levers
                        .iter()
                        .map(|l| &l.name)
                        .filter(|n| lever_names.insert(n.name.clone())),
                )
                .chain(parts.finds.iter().map(|f| &f.name)),
        );
        self.duplicates("rule", parts.rules.iter().map(|r| &r.name));
        self.duplicates("template", parts.templates.iter().map(|t| t.0));
        for ident in parts
            .consts
            .iter()
            .map(|c| c.0)
            .chain(parts.fns.iter().map(|f| &f.name))
            .chain(parts.levers.iter().map(|l| &l.name))
        {
            if crate::eval::builtins::find(&ident.name).is_some() {
                self.errors.push(CheckError::Shadow {
                    name: ident.name.clone(),
                    what: "builtin function",
                    src: self.src(),
                    span: ident.span,
                });
            }
        }

        let family = self.family(parts.family, &name);
        let languages = self.languages(family, parts.languages, &name);
        let attempts = match parts.attempts {
            None => DEFAULT_ATTEMPTS,
            Some((n, span)) if !(1..=1_000_000).contains(&n) => {
                self.errors.push(CheckError::OutOfRange {
                    what: "attempts",
                    lo: 1,
                    hi: 1_000_000,
                    value: n,
                    src: self.src(),
                    span,
                });
                DEFAULT_ATTEMPTS
            }
            Some((n, _)) => n as u64,
        };
        let limits = self.limits(parts.limits.unwrap_or_default());
        // A duplicated lever is reported above; keep its first declaration.
        let mut seen_levers = std::collections::BTreeSet::new();
        let levers: Vec<LeverDef> = parts
            .levers
            .iter()
            .filter(|l| seen_levers.insert(l.name.name.clone()))
            .map(|l| LeverDef {
                name: l.name.clone(),
                ty: l.ty.clone(),
            })
            .collect();
        let tiers = self.tiers(&parts.tiers, &levers, &name);
        let calibration = parts.calibrate.and_then(|block| {
            let (c, errors) = calibrate::check_calibrate(self.source, block, &levers);
            self.errors.extend(errors.into_iter().map(CheckError::from));
            c
        });

        // Globals: functions, levers and finds are visible everywhere;
        // constants in declaration order.
        let mut globals = Globals::default();
        for f in &parts.fns {
            globals.fns.insert(f.name.name.clone(), f.params.len());
        }
        for l in &levers {
            let ty = match l.ty {
                LeverType::Int { .. } => Ty::Int,
                LeverType::Bool(_) => Ty::Bool,
                LeverType::Choice(..) => Ty::Str,
            };
            globals.values.insert(l.name.name.clone(), ty);
        }
        for (ident, expr) in &parts.consts {
            let mut r = Resolver::new(self.source, &globals, Place::Constant);
            let ty = r.expr(expr);
            self.errors.append(&mut r.errors);
            self.uses.consts.insert(ident.name.clone(), r.used);
            globals.values.insert(ident.name.clone(), ty);
        }
        for f in &parts.fns {
            let mut r = Resolver::new(self.source, &globals, Place::Function);
            for p in &f.params {
                r.bind(&p.name, Ty::Any);
            }
            r.expr(&f.body);
            self.errors.append(&mut r.errors);
            self.uses.fns.insert(f.name.name.clone(), r.used);
        }
        self.constraints(&parts, &mut globals);

        // The generate block, then everything that sees its bindings.
        let mut r = Resolver::new(self.source, &globals, Place::Generate);
        r.unbuilt_finds = parts.finds.iter().map(|f| f.name.name.clone()).collect();
        if let Some(block) = parts.generate {
            self.block(&mut r, block, &languages, true);
        }
        r.unbuilt_finds.clear();
        r.place = Place::Answer;
        let answer = match parts.answer {
            Some((lever_ident, true, expr)) => {
                r.expr(expr);
                r.used.insert(lever_ident.name.clone());
                self.answer_lever(lever_ident, &levers)
                    .map(|i| (AnswerKindSource::Lever(i), expr.clone()))
            }
            Some((kind_ident, false, expr)) => {
                let ty = r.expr(expr);
                let kind = self.answer_kind(kind_ident, &ty, expr.span, "answers");
                kind.map(|k| (AnswerKindSource::Fixed(k), expr.clone()))
            }
            None => {
                self.errors.push(CheckError::Missing {
                    what: "answer",
                    help: "add `answer KIND = EXPR`, e.g. `answer int = total`".into(),
                    src: self.src(),
                    span: name.span,
                });
                None
            }
        };
        for e in parts.instance.iter().chain(parts.choices.iter()) {
            r.expr(e);
        }
        r.place = Place::Template;
        let mut templates = BTreeMap::new();
        for (lang, expr) in &parts.templates {
            if !languages.contains(&lang.name) {
                self.extra_language(lang, &languages);
            }
            r.expr(expr);
            templates.insert(lang.name.clone(), (*expr).clone());
        }
        for lang in &languages {
            if !templates.contains_key(lang) {
                self.errors.push(CheckError::MissingTemplate {
                    lang: lang.clone(),
                    help: format!(
                        "add `template {lang} \"\"\"...\"\"\"` with the prompt in this language"
                    ),
                    src: self.src(),
                    span: name.span,
                });
            }
        }
        let mut titles = BTreeMap::new();
        for (texts, span) in &parts.titles {
            self.lang_texts(&mut r, texts, &languages, "title", *span);
            for t in texts.iter() {
                titles.insert(t.lang.name.clone(), t.text.clone());
            }
        }
        self.errors.append(&mut r.errors);
        self.uses.roots.append(&mut r.used);
        if tiers.is_empty() {
            self.errors.push(CheckError::Missing {
                what: "tier",
                help: "add at least one tier, e.g. `tier easy { size = 4 }`".into(),
                src: self.src(),
                span: name.span,
            });
        }

        let accept = parts.accept.map(|(param, body)| self.accept(param, body));
        let slot = match parts.slot {
            None => crate::answer::AnswerSlot::Default,
            Some(ident) => match crate::answer::AnswerSlot::from_name(&ident.name) {
                Some(slot) => slot,
                None => {
                    self.errors.push(CheckError::UnknownSlot {
                        name: ident.name.clone(),
                        help: format!(
                            "the answer slots are: {}",
                            crate::answer::AnswerSlot::names().join(", ")
                        ),
                        src: self.src(),
                        span: ident.span,
                    });
                    crate::answer::AnswerSlot::Default
                }
            },
        };

        let (answer_kind, answer) = answer?;
        Some(Program {
            source: self.source.clone(),
            name,
            titles,
            family,
            languages,
            attempts,
            limits,
            levers,
            tiers,
            consts: parts
                .consts
                .iter()
                .map(|(i, e)| ((*i).clone(), (*e).clone()))
                .collect(),
            fns: parts.fns.iter().map(|f| (*f).clone()).collect(),
            finds: parts.finds.iter().map(|f| (*f).clone()).collect(),
            rules: parts.rules.iter().map(|r| (*r).clone()).collect(),
            generate: parts.generate.cloned().unwrap_or(Block {
                stmts: Vec::new(),
                span: Span::default(),
            }),
            answer_kind,
            answer,
            instance: parts.instance.cloned(),
            choices: parts.choices.cloned(),
            templates,
            calibration,
            accept,
            slot,
            spec_hash: spec_hash(self.source.text.as_bytes()),
        })
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

    /// `accept(r) = BODY`: a condition that sees only its parameter (the
    /// response text), `instance` and the builtins, because `score`
    /// evaluates it from the record alone.
    fn accept(&mut self, param: &Ident, body: &Expr) -> program::AcceptDef {
        let globals = Globals::default();
        let mut r = Resolver::new(self.source, &globals, Place::Answer);
        r.bind("instance", Ty::Any);
        r.bind(&param.name, Ty::Str);
        let ty = r.expr(body);
        self.errors.append(&mut r.errors);
        if !ty.fits(&Ty::Bool) {
            self.errors.push(CheckError::Type {
                expected: Ty::Bool.described(),
                found: ty.described(),
                help: "`accept` is a condition: true for every response that counts as correct"
                    .into(),
                src: self.src(),
                span: body.span,
            });
        }
        let text = &self.source.text[body.span.start..body.span.end];
        program::AcceptDef {
            param: param.clone(),
            body: body.clone(),
            source: format!("|{}| {}", param.name, text),
        }
    }

    /// `answer from LEVER`: the lever must be a `one of` lever of kind names.
    /// The answer kind named by `kind_ident` (reporting an unknown name) and
    /// a type check of the value `ty` of an `answer` or a `checkpoint`.
    fn answer_kind(
        &mut self,
        kind_ident: &Ident,
        ty: &Ty,
        span: Span,
        what: &str,
    ) -> Option<AnswerKind> {
        let kind = AnswerKind::from_name(&kind_ident.name);
        let want = match kind {
            Some(AnswerKind::Int) => Some(Ty::Int),
            Some(
                AnswerKind::Letters
                | AnswerKind::Exact
                | AnswerKind::Hangul
                | AnswerKind::Text
                | AnswerKind::Choice
                | AnswerKind::Compact,
            ) => Some(Ty::Str),
            _ => None,
        };
        if let Some(want) = want {
            if !ty.fits(&want) {
                self.errors.push(CheckError::Type {
                    expected: want.described(),
                    found: ty.described(),
                    help: format!("{what} of kind `{}` are {}s", kind_ident.name, want),
                    src: self.src(),
                    span,
                });
            }
        }
        if kind.is_none() {
            let names: Vec<String> = AnswerKind::all()
                .iter()
                .map(|k| k.name().to_string())
                .collect();
            let help = match suggest(&kind_ident.name, &names) {
                Some(s) => {
                    format!("did you mean `{s}`? The kinds are: {}", names.join(", "))
                }
                None => format!("the kinds are: {}", names.join(", ")),
            };
            self.errors.push(CheckError::UnknownAnswerKind {
                name: kind_ident.name.clone(),
                help,
                src: self.src(),
                span: kind_ident.span,
            });
        }
        kind
    }

    fn answer_lever(&mut self, ident: &Ident, levers: &[LeverDef]) -> Option<usize> {
        let Some(i) = levers.iter().position(|l| l.name.name == ident.name) else {
            let names: Vec<String> = levers.iter().map(|l| l.name.name.clone()).collect();
            let help = match suggest(&ident.name, &names) {
                Some(s) => {
                    format!("did you mean `{s}`? `answer from LEVER` names a `one of` lever")
                }
                None => {
                    "`answer from LEVER` names a lever declared `one of \"int\", \"date\", ...`"
                        .into()
                }
            };
            self.errors.push(CheckError::UnknownLever {
                tier: "(answer)".into(),
                lever: ident.name.clone(),
                help,
                src: self.src(),
                span: ident.span,
            });
            return None;
        };
        let LeverType::Choice(choices, _) = &levers[i].ty else {
            self.errors.push(CheckError::Constraint {
                what: format!("lever `{}` is not a `one of` lever", ident.name),
                help: "declare it as `one of \"date\", \"weekday\", ...` with answer kind names"
                    .into(),
                src: self.src(),
                span: ident.span,
            });
            return None;
        };
        let mut ok = true;
        for (choice, span) in choices {
            if AnswerKind::from_name(choice).is_none() {
                ok = false;
                let names: Vec<String> = AnswerKind::all()
                    .iter()
                    .map(|k| k.name().to_string())
                    .collect();
                self.errors.push(CheckError::UnknownAnswerKind {
                    name: choice.clone(),
                    help: format!(
                        "every choice of `{}` must be an answer kind: {}",
                        ident.name,
                        names.join(", ")
                    ),
                    src: self.src(),
                    span: *span,
                });
            }
        }
        ok.then_some(i)
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

    fn family(&mut self, ident: Option<&Ident>, name: &Ident) -> Family {
        let Some(ident) = ident else {
            self.errors.push(CheckError::Missing {
                what: "family",
                help: "add `family direct` (same instance in every language), `family script` (one language per file) or `family korean_only`".into(),
                src: self.src(),
                span: name.span,
            });
            return Family::Direct;
        };
        Family::from_name(&ident.name).unwrap_or_else(|| {
            let names = ["direct".to_string(), "script".into(), "korean_only".into()];
            let help = match suggest(&ident.name, &names) {
                Some(s) => {
                    format!("did you mean `{s}`? The families are direct, script and korean_only")
                }
                None => "the families are direct, script and korean_only".into(),
            };
            self.errors.push(CheckError::UnknownFamily {
                name: ident.name.clone(),
                help,
                src: self.src(),
                span: ident.span,
            });
            Family::Direct
        })
    }

    fn languages(
        &mut self,
        family: Family,
        declared: Option<(&[Ident], Span)>,
        name: &Ident,
    ) -> Vec<String> {
        let Some((idents, span)) = declared else {
            return match family {
                Family::Direct => vec!["en".into(), "ko".into()],
                Family::KoreanOnly => vec!["ko".into()],
                Family::Script => {
                    self.errors.push(CheckError::Missing {
                        what: "languages",
                        help: "a `script` puzzle renders one language per file: add `languages en` or `languages ko`".into(),
                        src: self.src(),
                        span: name.span,
                    });
                    vec!["en".into()]
                }
            };
        };
        let mut langs: Vec<String> = Vec::new();
        for ident in idents {
            if !LANGUAGES.contains(&ident.name.as_str()) {
                self.errors.push(CheckError::UnknownLanguage {
                    name: ident.name.clone(),
                    src: self.src(),
                    span: ident.span,
                });
            } else if langs.contains(&ident.name) {
                self.errors.push(CheckError::Repeated {
                    what: "language",
                    src: self.src(),
                    span: ident.span,
                });
            } else {
                langs.push(ident.name.clone());
            }
        }
        let ok = match family {
            Family::Direct => langs.len() >= 2,
            Family::Script => langs.len() == 1,
            Family::KoreanOnly => langs == ["ko"],
        };
        if !ok && !langs.is_empty() {
            let help = match family {
                Family::Direct => "a `direct` puzzle renders the same instance in `en` and `ko`",
                Family::Script => {
                    "a `script` puzzle renders exactly one language; write one file per language"
                }
                Family::KoreanOnly => "a `korean_only` puzzle renders `ko` only",
            };
            self.errors.push(CheckError::FamilyLanguages {
                family: family.name().into(),
                langs: langs.join(" and "),
                help: help.into(),
                src: self.src(),
                span,
            });
        }
        if langs.is_empty() {
            langs.push("en".into());
        }
        langs
    }

    fn tiers(&mut self, tiers: &[&Tier], levers: &[LeverDef], _name: &Ident) -> Vec<TierDef> {
        let mut out = Vec::new();
        for tier in tiers {
            let mut values: Vec<Option<TierValue>> = vec![None; levers.len()];
            let mut first_setting: Vec<Option<Span>> = vec![None; levers.len()];
            let mut suggested: Vec<String> = Vec::new();
            for setting in &tier.settings {
                let Some(i) = levers
                    .iter()
                    .position(|l| l.name.name == setting.lever.name)
                else {
                    let names: Vec<String> = levers.iter().map(|l| l.name.name.clone()).collect();
                    let suggestion = suggest(&setting.lever.name, &names);
                    suggested.extend(suggestion.clone());
                    let help = match suggestion {
                        Some(s) => format!("did you mean `{s}`?"),
                        None if names.is_empty() => {
                            "declare it first, e.g. `lever size: int in 1..=9`".into()
                        }
                        None => format!("the levers are: {}", names.join(", ")),
                    };
                    self.errors.push(CheckError::UnknownLever {
                        tier: tier.name.name.clone(),
                        lever: setting.lever.name.clone(),
                        help,
                        src: self.src(),
                        span: setting.lever.span,
                    });
                    continue;
                };
                if let Some(first) = first_setting[i] {
                    self.errors.push(CheckError::SetTwice {
                        tier: tier.name.name.clone(),
                        lever: setting.lever.name.clone(),
                        src: self.src(),
                        span: setting.lever.span,
                        first,
                    });
                }
                first_setting[i] = Some(setting.lever.span);
                self.tier_value(&tier.name.name, &levers[i], &setting.value);
                values[i] = Some(setting.value.clone());
            }
            let mut complete = Vec::new();
            for (lever, value) in levers.iter().zip(values) {
                match value {
                    Some(v) => complete.push(v),
                    // A misspelt setting already suggested this lever.
                    None if suggested.contains(&lever.name.name) => {}
                    None => self.errors.push(CheckError::UnsetLever {
                        tier: tier.name.name.clone(),
                        lever: lever.name.name.clone(),
                        src: self.src(),
                        span: tier.name.span,
                    }),
                }
            }
            if complete.len() == levers.len() {
                out.push(TierDef {
                    name: tier.name.clone(),
                    values: complete,
                    span: tier.span,
                });
            }
        }
        out
    }

    fn tier_value(&mut self, tier: &str, lever: &LeverDef, value: &TierValue) {
        let domain = describe_domain(&lever.ty);
        let bad = |this: &mut Self, shown: String, span: Span| {
            this.errors.push(CheckError::LeverDomain {
                tier: tier.to_string(),
                lever: lever.name.name.clone(),
                value: shown,
                domain: domain.clone(),
                src: this.src(),
                span,
            });
        };
        match value {
            TierValue::Fixed(lit, span) => {
                if !in_domain(&lever.ty, lit) {
                    bad(self, show_literal(lit), *span);
                }
            }
            TierValue::Range { lo, hi, span } => {
                let ok = matches!(lever.ty, LeverType::Int { lo: dl, hi: dh, .. } if dl <= *lo && *hi <= dh);
                if !ok {
                    bad(self, format!("{lo}..={hi}"), *span);
                }
            }
            TierValue::Weighted(entries, _) => {
                for (lit, weight, span) in entries {
                    if !in_domain(&lever.ty, lit) {
                        bad(self, show_literal(lit), *span);
                    }
                    if *weight <= 0 {
                        self.errors.push(CheckError::Weight {
                            weight: *weight,
                            src: self.src(),
                            span: *span,
                        });
                    }
                }
            }
        }
    }

    fn extra_language(&mut self, lang: &Ident, languages: &[String]) {
        if !LANGUAGES.contains(&lang.name.as_str()) {
            self.errors.push(CheckError::UnknownLanguage {
                name: lang.name.clone(),
                src: self.src(),
                span: lang.span,
            });
        } else {
            self.errors.push(CheckError::ExtraLanguage {
                lang: lang.name.clone(),
                langs: languages.join(", "),
                src: self.src(),
                span: lang.span,
            });
        }
    }

    fn lang_texts(
        &mut self,
        r: &mut Resolver<'_>,
        texts: &[LangText],
        languages: &[String],
        what: &'static str,
        span: Span,
    ) {
        for t in texts {
            // A title may name the puzzle in a language it does not render.
            let allowed = what == "title" && LANGUAGES.contains(&t.lang.name.as_str());
            if !languages.contains(&t.lang.name) && !allowed {
                self.extra_language(&t.lang, languages);
            }
            r.expr(&t.text);
        }
        for lang in languages {
            if !texts.iter().any(|t| &t.lang.name == lang) {
                self.errors.push(CheckError::MissingText {
                    what,
                    lang: lang.clone(),
                    src: self.src(),
                    span,
                });
            }
        }
    }

    /// Checks a block; top-level bindings stay visible when `keep` is set.
    fn block(&mut self, r: &mut Resolver<'_>, block: &Block, languages: &[String], keep: bool) {
        let mark = r.mark();
        for stmt in &block.stmts {
            match stmt {
                Stmt::Let(pattern, expr) => {
                    let t = r.expr(expr);
                    r.bind_pattern(pattern, t);
                }
                Stmt::Require(cond, why, _) => {
                    let t = r.expr(cond);
                    self.condition(
                        &t,
                        cond.span,
                        "`require` takes a condition (a bool), e.g. `require total > 10`",
                    );
                    if let Some(w) = why {
                        r.expr(w);
                    }
                }
                Stmt::Step(texts, span) => self.lang_texts(r, texts, languages, "step", *span),
                Stmt::Checkpoint(kind, expr, _) => {
                    let ty = r.expr(expr);
                    self.answer_kind(kind, &ty, expr.span, "checkpoints");
                }
                Stmt::For(binding, body, _) => {
                    let m = r.mark();
                    r.binding(binding);
                    self.block(r, body, languages, false);
                    r.reset(m);
                }
                Stmt::Retry(runs, body, _) => {
                    let t = r.expr(runs);
                    self.expect_type(
                        &t,
                        &Ty::Int,
                        runs.span,
                        "`retry` takes how many runs of its block to allow, e.g. `retry 16 { ... }`",
                    );
                    // The block continues the sample: its bindings stay.
                    self.block(r, body, languages, true);
                }
                Stmt::If(cond, then, otherwise, _) => {
                    let t = r.expr(cond);
                    self.condition(
                        &t,
                        cond.span,
                        "`if` takes a condition (a bool), e.g. `if n > 1 { ... }`",
                    );
                    self.block(r, then, languages, false);
                    if let Some(o) = otherwise {
                        self.block(r, o, languages, false);
                    }
                }
                Stmt::SampleSolution(pattern, span) => {
                    self.constraint_statement(r, *span);
                    r.bind_pattern(pattern, Ty::Map);
                }
                Stmt::PlantSolution(pattern, given, span) => {
                    self.constraint_statement(r, *span);
                    let t = r.expr(given);
                    self.expect_type(
                        &t,
                        &Ty::Map,
                        given.span,
                        "`plant solution` takes a map from each `find` to its values, e.g. `{ key: k, carry: c }`",
                    );
                    if let ExprKind::Record(entries) = &given.kind {
                        self.planted_finds(entries, given.span);
                    }
                    r.bind_pattern(pattern, Ty::Map);
                }
                Stmt::Dig(pattern, dig) => {
                    self.constraint_statement(r, dig.span);
                    if let Some(var) = &dig.var {
                        if !self.find_names.contains(&var.name) {
                            let help = match suggest(&var.name, &self.find_names) {
                                Some(s) => format!("did you mean `{s}`? `dig NAME from SOLUTION` digs the cells of a `find`"),
                                None => "`dig NAME from SOLUTION` digs the cells of a `find`; to dig other clues write `dig CLUES keep N`".into(),
                            };
                            self.errors.push(CheckError::Constraint {
                                what: format!("`{}` is not a `find`", var.name),
                                help,
                                src: self.src(),
                                span: var.span,
                            });
                        }
                    }
                    r.expr(&dig.from);
                    let t = dig.keep.as_ref().map_or(Ty::Int, |k| r.expr(k));
                    if let (false, Some(keep)) = (t.fits(&Ty::Int), &dig.keep) {
                        self.errors.push(CheckError::Type {
                            expected: Ty::Int.described(),
                            found: t.described(),
                            help: "`keep` takes how many clues to keep, or `minimal`".into(),
                            src: self.src(),
                            span: keep.span,
                        });
                    }
                    if let Some(cond) = &dig.while_cond {
                        let t = r.expr(cond);
                        if !t.fits(&Ty::Bool) {
                            self.errors.push(CheckError::Type {
                                expected: Ty::Bool.described(),
                                found: t.described(),
                                help: "`while` takes the condition every removal must keep true"
                                    .into(),
                                src: self.src(),
                                span: cond.span,
                            });
                        }
                    }
                    if let Some(sym) = &dig.symmetry {
                        if !SYMMETRIES.contains(&sym.name.as_str()) {
                            self.errors.push(CheckError::Constraint {
                                what: format!("unknown symmetry `{}`", sym.name),
                                help: format!("the symmetries are: {}", SYMMETRIES.join(", ")),
                                src: self.src(),
                                span: sym.span,
                            });
                        }
                    }
                    r.bind_pattern(pattern, Ty::list(Ty::Any));
                }
                Stmt::Reveal(pattern, reveal) => {
                    self.constraint_statement(r, reveal.span);
                    r.expr(&reveal.from);
                    for e in reveal.of.iter().chain(reveal.limit.iter()) {
                        r.expr(e);
                    }
                    if let Some(p) = pattern {
                        r.bind_pattern(p, Ty::list(Ty::Any));
                    }
                }
                Stmt::Clue(expr, span) | Stmt::Unique(expr, span) => {
                    self.constraint_statement(r, *span);
                    r.expr(expr);
                }
                Stmt::Optimize(pattern, _, expr, span) => {
                    self.constraint_statement(r, *span);
                    r.expr(expr);
                    if let Some(p) = pattern {
                        r.bind_pattern(p, Ty::Int);
                    }
                }
            }
        }
        if !keep {
            r.reset(mark);
        }
    }

    fn condition(&mut self, ty: &Ty, span: Span, help: &str) {
        self.expect_type(ty, &Ty::Bool, span, help);
    }

    /// Reports a type error unless `ty` fits `want`.
    fn expect_type(&mut self, ty: &Ty, want: &Ty, span: Span, help: &str) {
        if !ty.fits(want) {
            self.errors.push(CheckError::Type {
                expected: want.described(),
                found: ty.described(),
                help: help.to_string(),
                src: self.src(),
                span,
            });
        }
    }

    /// The keys of a `plant solution { … }` literal: each names a `find`,
    /// and every `find` is given.
    fn planted_finds(&mut self, entries: &[(Literal, Span, Expr)], span: Span) {
        let mut given = Vec::new();
        for (key, key_span, _) in entries {
            let Literal::Str(name) = key else { continue };
            given.push(name.clone());
            if !self.find_names.contains(name) {
                let help = match suggest(name, &self.find_names) {
                    Some(s) => format!("did you mean `{s}`? The keys of a planted solution are the names of the `find`s"),
                    None => format!("the keys of a planted solution are the names of the `find`s: {}", backticked(&self.find_names)),
                };
                self.errors.push(CheckError::Constraint {
                    what: format!("`{name}` is not a `find`"),
                    help,
                    src: self.src(),
                    span: *key_span,
                });
            }
        }
        let missing: Vec<String> = self
            .find_names
            .iter()
            .filter(|f| !given.contains(f))
            .cloned()
            .collect();
        // A misspelt key is reported once, as itself.
        let misspelt = given.iter().any(|g| !self.find_names.contains(g));
        if !missing.is_empty() && !misspelt {
            self.errors.push(CheckError::Constraint {
                what: format!("the planted solution leaves out {}", backticked(&missing)),
                help: "`plant solution` sets every unknown: give each `find` its values, shaped like the `find` (a list per index)".into(),
                src: self.src(),
                span,
            });
        }
    }

    /// A constraint statement: it needs unknowns, and the model exists from
    /// it on (it is built before the statement runs).
    fn constraint_statement(&mut self, r: &mut Resolver<'_>, span: Span) {
        r.unbuilt_finds.clear();
        if self.find_names.is_empty() {
            self.errors.push(CheckError::Constraint {
                what: "this constraint construct needs unknowns, but the spec declares no `find`".into(),
                help: "declare the unknowns, e.g. `find cell[r in 0..9, c in 0..9] : 1..=9`, and the rules they obey".into(),
                src: self.src(),
                span,
            });
        }
    }

    /// Checks `find` declarations and rules; find names become globals.
    fn constraints(&mut self, parts: &Parts<'_>, globals: &mut Globals) {
        for f in &parts.finds {
            let mut r = Resolver::new(self.source, globals, Place::Rule);
            for b in &f.index {
                r.binding(b);
            }
            if let Some(d) = &f.domain {
                let t = r.expr(d);
                if !t.fits(&Ty::list(Ty::Int)) {
                    r.errors.push(CheckError::Type {
                        expected: "a list of integers".into(),
                        found: t.described(),
                        help: "a `find` domain is `bool` or integers, e.g. `1..=9`".into(),
                        src: self.src(),
                        span: d.span,
                    });
                }
            }
            self.errors.append(&mut r.errors);
            self.uses.roots.append(&mut r.used);
            self.find_names.push(f.name.name.clone());
        }
        for f in &parts.finds {
            globals.values.insert(f.name.name.clone(), Ty::Any);
        }
        for rule in &parts.rules {
            let mut r = Resolver::new(self.source, globals, Place::Rule);
            for b in &rule.bindings {
                r.binding(b);
            }
            let t = r.expr(&rule.body);
            if !t.fits(&Ty::Bool) {
                r.errors.push(CheckError::Type {
                    expected: "a condition".into(),
                    found: t.described(),
                    help: format!("rule `{}` states a condition over the unknowns, e.g. `alldiff(cell[r, *])`", rule.name.name),
                    src: self.src(),
                    span: rule.body.span,
                });
            }
            self.errors.append(&mut r.errors);
            self.uses.roots.append(&mut r.used);
        }
    }
}

fn in_domain(ty: &LeverType, lit: &Literal) -> bool {
    match (ty, lit) {
        (LeverType::Int { lo, hi, .. }, Literal::Int(v)) => lo <= v && v <= hi,
        (LeverType::Bool(_), Literal::Bool(_)) => true,
        (LeverType::Choice(choices, _), Literal::Str(s)) => choices.iter().any(|(c, _)| c == s),
        _ => false,
    }
}

fn show_literal(lit: &Literal) -> String {
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
