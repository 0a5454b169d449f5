//! The parts of a prompt: `context LANG = EXPR` (what the item shares with
//! others, such as its rule) and `query LANG = EXPR` (the item's own
//! question). Records carry them beside the whole prompt, and a bundle that
//! states each rule once composes its prompt from them.

use super::error::CheckError;
use super::resolve::Resolver;
use super::types::Ty;
use super::Checker;
use crate::syntax::ast::{Expr, Ident, PromptPart};
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

impl<'a> Checker<'a> {
    /// The `(context, query)` of each language that declares them; each is
    /// a string, given at most once, in a rendered language, and never
    /// without the other.
    pub(super) fn prompt_parts(
        &mut self,
        r: &mut Resolver<'_>,
        decls: &[(PromptPart, &Ident, &Expr)],
        languages: &[String],
    ) -> BTreeMap<String, (Expr, Expr)> {
        let mut found: BTreeMap<(String, PromptPart), (&Ident, Expr)> = BTreeMap::new();
        for (kind, lang, expr) in decls {
            let ty = r.expr(expr);
            self.expect_type(
                &ty,
                &Ty::Str,
                expr.span,
                "a prompt part is text, usually a triple-quoted string",
            );
            if !languages.contains(&lang.name) {
                self.extra_language(lang, languages);
                continue;
            }
            match found.entry((lang.name.clone(), *kind)) {
                Entry::Occupied(_) => self.errors.push(CheckError::RepeatedLanguage {
                    what: kind.name(),
                    lang: lang.name.clone(),
                    src: self.src(),
                    span: lang.span,
                }),
                Entry::Vacant(slot) => {
                    slot.insert((lang, (*expr).clone()));
                }
            }
        }
        let mut out = BTreeMap::new();
        for ((lang, kind), (ident, expr)) in &found {
            let other = kind.other();
            match found.get(&(lang.clone(), other)) {
                None => self.errors.push(CheckError::LonePromptPart {
                    part: kind.name(),
                    other: other.name(),
                    lang: lang.clone(),
                    src: self.src(),
                    span: ident.span,
                }),
                Some((_, query)) if *kind == PromptPart::Context => {
                    out.insert(lang.clone(), (expr.clone(), query.clone()));
                }
                Some(_) => {}
            }
        }
        out
    }
}
