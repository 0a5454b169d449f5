//! Names that become file names: the puzzle, its tiers and its languages name the
//! folders and files of a dataset (`<puzzle>/<lang>/<tier>.jsonl`), so each must be
//! a usable file name.

use super::error::CheckError;
use crate::dataset::writer::{is_safe_name, MAX_NAME_BYTES};
use crate::source::SourceFile;
use crate::syntax::ast::{Decl, Ident, Spec};

/// One error per puzzle, tier or language name that cannot be a file name.
pub fn file_name_errors(source: &SourceFile, spec: &Spec) -> Vec<CheckError> {
    let mut named: Vec<(&'static str, &Ident)> = Vec::new();
    named.extend(spec.name.iter().map(|n| ("puzzle", n)));
    for decl in &spec.decls {
        match decl {
            Decl::Tier(tier) => named.push(("tier", &tier.name)),
            Decl::Template(lang, _) => named.push(("language", lang)),
            Decl::Languages(langs, _) => named.extend(langs.iter().map(|l| ("language", l))),
            _ => {}
        }
    }
    named
        .into_iter()
        .filter(|(_, ident)| !is_safe_name(&ident.name))
        .map(|(kind, ident)| CheckError::FileName {
            kind,
            bytes: ident.name.len(),
            max: MAX_NAME_BYTES,
            src: source.named(),
            span: ident.span,
        })
        .collect()
}
