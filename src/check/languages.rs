//! Languages, and the texts (templates, steps) each language gives.

use super::error::CheckError;
use super::program::Family;
use super::resolve::Resolver;
use super::{Checker, LANGUAGES};
use crate::span::Span;
use crate::syntax::ast::*;

impl<'a> Checker<'a> {
    pub(super) fn languages(
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

    pub(super) fn extra_language(&mut self, lang: &Ident, languages: &[String]) {
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

    pub(super) fn lang_texts(
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
}
