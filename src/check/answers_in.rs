//! Per-language answers and choices: `answer ko = EXPR` and
//! `choices ko = EXPR` replace the gold or the options in the records of one
//! language; the answer kind, `accept` and `slot` stay the spec's.

use super::error::CheckError;
use super::resolve::Resolver;
use super::Checker;
use crate::syntax::ast::{Expr, Ident};
use std::collections::BTreeMap;

impl<'a> Checker<'a> {
    /// The `answer LANG` golds by language. With a fixed answer kind
    /// (`kind`), each is type-checked against it like the main answer.
    pub(super) fn answers_in(
        &mut self,
        r: &mut Resolver<'_>,
        decls: &[(&Ident, &Expr)],
        kind: Option<&Ident>,
        languages: &[String],
    ) -> BTreeMap<String, Expr> {
        for (_, expr) in decls {
            let ty = r.expr(expr);
            if let Some(kind) = kind {
                self.answer_kind(kind, &ty, expr.span, "answers");
            }
        }
        self.by_language("answer", decls, languages)
    }

    /// The `choices LANG` options by language; each needs the spec's own
    /// `choices` for the other languages (`has_choices`).
    pub(super) fn choices_in(
        &mut self,
        r: &mut Resolver<'_>,
        decls: &[(&Ident, &Expr)],
        has_choices: bool,
        languages: &[String],
    ) -> BTreeMap<String, Expr> {
        for (lang, expr) in decls {
            r.expr(expr);
            if !has_choices {
                self.errors.push(CheckError::LoneLanguageChoices {
                    lang: lang.name.clone(),
                    src: self.src(),
                    span: lang.span,
                });
            }
        }
        self.by_language("choices", decls, languages)
    }

    /// The declarations keyed by language, reporting a language the spec
    /// does not render and a language given twice.
    fn by_language(
        &mut self,
        what: &'static str,
        decls: &[(&Ident, &Expr)],
        languages: &[String],
    ) -> BTreeMap<String, Expr> {
        let mut out = BTreeMap::new();
        for (lang, expr) in decls {
            if !languages.contains(&lang.name) {
                self.extra_language(lang, languages);
            } else if out.contains_key(&lang.name) {
                self.errors.push(CheckError::RepeatedLanguage {
                    what,
                    lang: lang.name.clone(),
                    src: self.src(),
                    span: lang.span,
                });
            } else {
                out.insert(lang.name.clone(), (*expr).clone());
            }
        }
        out
    }
}
