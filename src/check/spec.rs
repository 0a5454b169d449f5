//! Checking a whole spec: gathering its declarations, its limits, and the
//! checked `Program` they make.

use super::error::CheckError;
use super::program::{AnswerKindSource, LeverDef, Program};
use super::resolve::{suggest, Globals, Place, Resolver};
use super::types::Ty;
use super::{calibrate, Checker, Parts, DEFAULT_ATTEMPTS};
use crate::dataset::spec_hash;
use crate::eval::{Limits, Resource};
use crate::span::Span;
use crate::syntax::ast::*;
use std::collections::BTreeMap;

impl<'a> Checker<'a> {
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
                Decl::AnswerIn(lang, e) => p.answers_in.push((lang, e)),
                Decl::ChoicesIn(lang, e) => p.choices_in.push((lang, e)),
                Decl::Part(kind, lang, e) => p.parts.push((*kind, lang, e)),
                Decl::Instance(e, span) => self.once(&mut p.instance, e, "instance", *span),
                Decl::Choices(e, span) => self.once(&mut p.choices, e, "choices", *span),
                Decl::Template(lang, e) => p.templates.push((lang, e)),
                Decl::Calibrate(c) => self.once(&mut p.calibrate, c, "calibrate", c.span),
                Decl::Accept(param, e, span) => {
                    self.once(&mut p.accept, (param, e), "accept", *span)
                }
                Decl::Slot(ident) => self.once(&mut p.slot, ident, "slot", ident.span),
                Decl::Group(ident) => self.once(&mut p.group, ident, "group", ident.span),
                Decl::Release(format, name) => {
                    self.once(&mut p.release, (format, name), "release", format.span)
                }
            }
        }
        p
    }

    /// The run-time limits: the defaults with the spec's settings; an
    /// unknown name, a repeated one or a value out of range is an error.
    pub(super) fn limits(&mut self, settings: &[LimitSetting]) -> Limits {
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

    pub(super) fn program(&mut self, spec: &Spec) -> Option<Program> {
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
        self.constant_order(&parts);
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
        let fixed_kind = parts.answer.filter(|a| !a.1).map(|a| a.0);
        let answers_in = self.answers_in(&mut r, &parts.answers_in, fixed_kind, &languages);
        r.locals_used.clear();
        for e in parts.instance.iter().chain(parts.choices.iter()) {
            r.expr(e);
        }
        let has_choices = parts.choices.is_some();
        let choices_in = self.choices_in(&mut r, &parts.choices_in, has_choices, &languages);
        r.place = Place::Template;
        let mut templates = BTreeMap::new();
        for (lang, expr) in &parts.templates {
            if !languages.contains(&lang.name) {
                self.extra_language(lang, &languages);
            }
            r.expr(expr);
            templates.insert(lang.name.clone(), (*expr).clone());
        }
        let parts_by_lang = self.prompt_parts(&mut r, &parts.parts, &languages);
        self.unstated_proofs(&r.locals_used);
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

        let nolli_task = parts
            .release
            .and_then(|(format, name)| self.release(format, name));
        let (answer_kind, answer) = answer?;
        let const_levers = self.const_levers(&parts, &levers);
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
            const_levers,
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
            answers_in,
            instance: parts.instance.cloned(),
            choices: parts.choices.cloned(),
            choices_in,
            templates,
            parts: parts_by_lang,
            calibration,
            accept,
            slot,
            group: parts.group.map(|g| g.name.clone()),
            nolli_task,
            spec_hash: spec_hash(self.source.text.as_bytes()),
            fn_code: Default::default(),
        })
    }

    /// For each top-level constant, the indices of the levers its value
    /// can depend on: those its definition reaches through other constants
    /// and function bodies.
    fn const_levers(&self, parts: &Parts<'_>, levers: &[LeverDef]) -> Vec<Vec<usize>> {
        parts
            .consts
            .iter()
            .map(|(ident, _)| {
                let reached = self.uses.reachable_from(std::iter::once(&ident.name));
                (levers.iter().enumerate())
                    .filter(|(_, l)| reached.contains(&l.name.name))
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect()
    }

    /// The `nolli` task name of `release FORMAT as NAME`; another format is an
    /// error (`nolli` is the only release format).
    fn release(&mut self, format: &Ident, name: &Ident) -> Option<String> {
        if format.name == crate::dataset::NOLLI_FORMAT {
            return Some(name.name.clone());
        }
        self.errors.push(CheckError::UnknownRelease {
            name: format.name.clone(),
            src: self.src(),
            span: format.span,
        });
        None
    }
}
