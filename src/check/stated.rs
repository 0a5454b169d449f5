//! Proofs tied to the prompt: a `dig` or `reveal` leaves clues in the
//! constraint model that every later uniqueness proof assumes, so its result
//! must reach the prompt (the instance, the choices or a template), directly
//! or through the bindings of `generate`. A `rule` inside `generate` (a
//! layout rule) joins the model the same way, so every value it reads must
//! reach the prompt too.

use super::error::CheckError;
use super::model_error::ModelError;
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
    /// For each name a `for` statement binds, the local names its list was
    /// computed from: what a layout rule inside the loop reads through it.
    loop_deps: BTreeMap<String, BTreeSet<String>>,
    /// Names bound in `generate` whose value may hold unknowns (computed
    /// from a `find`, or from another such name).
    symbolic: BTreeSet<String>,
    /// Each `dig` and `reveal`: the names it binds, its keyword, its span.
    proofs: Vec<(Vec<String>, &'static str, Span)>,
    /// Each layout rule: its name, the local names it reads, its span.
    rules: Vec<(String, BTreeSet<String>, Span)>,
}

impl Stated {
    /// Records that the names of `pattern` were computed from `used` (which
    /// is left empty).
    pub(super) fn bind(&mut self, pattern: &Pattern, used: &mut BTreeSet<String>) {
        depend(&mut self.deps, pattern, std::mem::take(used));
    }

    /// Records that the names a `for` statement binds were computed from
    /// `used` (which is left empty).
    pub(super) fn bind_loop(&mut self, pattern: &Pattern, used: &mut BTreeSet<String>) {
        depend(&mut self.loop_deps, pattern, std::mem::take(used));
    }

    /// Records that the names of `pattern` may hold unknowns when their
    /// value read a `find` (`reads_find`) or a name that may (over every
    /// binding of a name).
    pub(super) fn bind_symbolic(
        &mut self,
        pattern: &Pattern,
        locals: &BTreeSet<String>,
        reads_find: bool,
    ) {
        if reads_find || self.any_symbolic(locals) {
            for name in pattern.names() {
                self.symbolic.insert(name.name.clone());
            }
        }
    }

    /// Whether any of `locals` may hold unknowns.
    pub(super) fn any_symbolic(&self, locals: &BTreeSet<String>) -> bool {
        locals.iter().any(|l| self.symbolic.contains(l))
    }

    /// Records a `dig` or `reveal` binding `pattern` (none for a bare one).
    pub(super) fn proof(&mut self, pattern: Option<&Pattern>, what: &'static str, span: Span) {
        let names = pattern.map_or_else(Vec::new, |p| {
            p.names().into_iter().map(|n| n.name.clone()).collect()
        });
        self.proofs.push((names, what, span));
    }

    /// Records a layout rule called `name` that reads the local names `reads`.
    pub(super) fn layout_rule(&mut self, name: &str, reads: BTreeSet<String>, span: Span) {
        self.rules.push((name.to_string(), reads, span));
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

    /// The first name among `reads` whose value the prompt does not state:
    /// a name is stated when the prompt depends on it (`reached`), or when
    /// it was computed only from stated names (a name computed from nothing
    /// local, such as a draw, must be reached itself).
    fn unstated<'r>(
        &self,
        reads: &'r BTreeSet<String>,
        reached: &BTreeSet<String>,
        visiting: &mut BTreeSet<String>,
    ) -> Option<&'r String> {
        reads.iter().find(|name| {
            // A name `generate` never bound (one of a comprehension or a
            // lambda) is local to the expression that read it.
            let bound = self.deps.contains_key(*name) || self.loop_deps.contains_key(*name);
            if !bound || reached.contains(*name) || !visiting.insert((*name).clone()) {
                return false;
            }
            let mut from: BTreeSet<String> = BTreeSet::new();
            for map in [&self.deps, &self.loop_deps] {
                from.extend(map.get(*name).into_iter().flatten().cloned());
            }
            let open = from.is_empty() || self.unstated(&from, reached, visiting).is_some();
            visiting.remove(*name);
            open
        })
    }
}

/// Adds `used` to what each name of `pattern` depends on in `deps`.
fn depend(
    deps: &mut BTreeMap<String, BTreeSet<String>>,
    pattern: &Pattern,
    used: BTreeSet<String>,
) {
    for name in pattern.names() {
        deps.entry(name.name.clone())
            .or_default()
            .extend(used.iter().cloned());
    }
}

impl Checker<'_> {
    /// Reports every `dig` and `reveal` whose result the prompt never reads,
    /// and every layout rule that reads a value the prompt never states.
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
            self.errors
                .push(CheckError::from(ModelError::UnstatedProof {
                    what,
                    help,
                    src: self.src(),
                    span,
                }));
        }
        let rules = std::mem::take(&mut self.stated.rules);
        for (rule, reads, span) in &rules {
            let Some(name) = self.stated.unstated(reads, &reached, &mut BTreeSet::new()) else {
                continue;
            };
            self.errors.push(CheckError::from(ModelError::UnstatedRule {
                what: format!("rule `{rule}` reads `{name}`, which never reaches the prompt"),
                help: format!(
                    "a `rule` inside `generate` joins the model, so every later proof assumes it; \
                     render `{name}` (or the values computed from it that the rule reads) in the \
                     templates or the instance, e.g. `instance = {{ {name}: {name} }}`"
                ),
                src: self.src(),
                span: *span,
            }));
        }
    }
}
