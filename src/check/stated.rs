//! Proofs tied to the prompt: a `dig` or `reveal` leaves clues in the
//! constraint model that every later uniqueness proof assumes, so its result
//! must reach the prompt (the instance, the choices or a template), directly
//! or through the bindings of `generate`.

use super::error::CheckError;
use super::Checker;
use crate::span::Span;
use crate::syntax::ast::Pattern;
use std::collections::{BTreeMap, BTreeSet};

/// The bindings of `generate` and the proofs whose results must be stated.
#[derive(Default)]
pub(super) struct Stated {
    /// For each name bound in `generate`, the local names its value was
    /// computed from (over every binding of that name).
    deps: BTreeMap<String, BTreeSet<String>>,
    /// Each `dig` and `reveal`: the names it binds, its keyword, its span.
    proofs: Vec<(Vec<String>, &'static str, Span)>,
}

impl Stated {
    /// Records that the names of `pattern` were computed from `used` (which
    /// is left empty).
    pub(super) fn bind(&mut self, pattern: &Pattern, used: &mut BTreeSet<String>) {
        let used = std::mem::take(used);
        for name in pattern.names() {
            self.deps
                .entry(name.name.clone())
                .or_default()
                .extend(used.iter().cloned());
        }
    }

    /// Records a `dig` or `reveal` binding `pattern` (none for a bare one).
    pub(super) fn proof(&mut self, pattern: Option<&Pattern>, what: &'static str, span: Span) {
        let names = pattern.map_or_else(Vec::new, |p| {
            p.names().into_iter().map(|n| n.name.clone()).collect()
        });
        self.proofs.push((names, what, span));
    }

    /// Every name the prompt's expressions read (`roots`) or depend on
    /// through the bindings of `generate`.
    fn reached(&self, roots: &BTreeSet<String>) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut work: Vec<&String> = roots.iter().collect();
        while let Some(name) = work.pop() {
            if seen.insert(name.clone()) {
                work.extend(self.deps.get(name).into_iter().flatten());
            }
        }
        seen
    }
}

impl Checker<'_> {
    /// Reports every `dig` and `reveal` whose result the prompt never reads.
    pub(super) fn unstated_proofs(&mut self, roots: &BTreeSet<String>) {
        let reached = self.stated.reached(roots);
        for (names, what, span) in std::mem::take(&mut self.stated.proofs) {
            if names.iter().any(|n| reached.contains(n)) {
                continue;
            }
            let (what, help) = match names.first() {
                Some(name) => (
                    format!("the clues `{name}` holds never reach the prompt"),
                    format!(
                        "`{what}` leaves these clues in the model, so every later proof assumes them; \
                         render `{name}` in the templates or the instance (e.g. `instance = {{ clues: {name} }}`)"
                    ),
                ),
                None => (
                    "the clues this `reveal` adds never reach the prompt".to_string(),
                    "bind them, e.g. `let told = reveal …`, and render `told` in the templates or the instance"
                        .to_string(),
                ),
            };
            self.errors.push(CheckError::UnstatedProof {
                what,
                help,
                src: self.src(),
                span,
            });
        }
    }
}
