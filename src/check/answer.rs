//! The `answer` declaration: its kind, the lever a kind may name, and `accept`.

use super::error::CheckError;
use super::model_error::ModelError;
use super::program::LeverDef;
use super::resolve::{suggest, Globals, Place, Resolver};
use super::types::Ty;
use super::{program, Checker};
use crate::answer::AnswerKind;
use crate::span::Span;
use crate::syntax::ast::*;

impl<'a> Checker<'a> {
    /// `accept(r) = BODY`: a condition that sees only its parameter (the
    /// response text), `instance` and the builtins, because `score`
    /// evaluates it from the record alone.
    pub(super) fn accept(&mut self, param: &Ident, body: &Expr) -> program::AcceptDef {
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
    pub(super) fn answer_kind(
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
                | AnswerKind::Compact
                | AnswerKind::Interval,
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

    pub(super) fn answer_lever(&mut self, ident: &Ident, levers: &[LeverDef]) -> Option<usize> {
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
            self.errors.push(CheckError::from(ModelError::Constraint {
                what: format!("lever `{}` is not a `one of` lever", ident.name),
                help: "declare it as `one of \"date\", \"weekday\", ...` with answer kind names"
                    .into(),
                src: self.src(),
                span: ident.span,
            }));
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
}
