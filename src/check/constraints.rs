//! The constraint constructs: `find`s, `rule`s, `plant solution` and the
//! statements that need a model.

use super::error::CheckError;
use super::model_error::ModelError;
use super::resolve::{suggest, Globals, Place, Resolver};
use super::types::Ty;
use super::{backticked, Checker, Parts};
use crate::span::Span;
use crate::syntax::ast::*;
use std::collections::BTreeSet;

impl<'a> Checker<'a> {
    /// The keys of a `plant solution { … }` literal: each names a `find`,
    /// and every `find` is given.
    pub(super) fn planted_finds(&mut self, entries: &[(Literal, Span, Expr)], span: Span) {
        let mut given = Vec::new();
        for (key, key_span, _) in entries {
            let Literal::Str(name) = key else { continue };
            given.push(name.clone());
            if !self.find_names.contains(name) {
                let help = match suggest(name, &self.find_names) {
                    Some(s) => format!("did you mean `{s}`? The keys of a planted solution are the names of the `find`s"),
                    None => format!("the keys of a planted solution are the names of the `find`s: {}", backticked(&self.find_names)),
                };
                self.errors.push(CheckError::from(ModelError::Constraint {
                    what: format!("`{name}` is not a `find`"),
                    help,
                    src: self.src(),
                    span: *key_span,
                }));
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
            self.errors.push(CheckError::from(ModelError::Constraint {
                what: format!("the planted solution leaves out {}", backticked(&missing)),
                help: "`plant solution` sets every unknown: give each `find` its values, shaped like the `find` (a list per index)".into(),
                src: self.src(),
                span,
            }));
        }
    }

    /// A constraint statement: it needs unknowns, and the model exists from
    /// it on (it is built before the statement runs).
    pub(super) fn constraint_statement(&mut self, r: &mut Resolver<'_>, span: Span) {
        r.unbuilt_finds.clear();
        r.model_built = true;
        if self.find_names.is_empty() {
            self.errors.push(CheckError::from(ModelError::Constraint {
                what: "this constraint construct needs unknowns, but the spec declares no `find`".into(),
                help: "declare the unknowns, e.g. `find cell[r in 0..9, c in 0..9] : 1..=9`, and the rules they obey".into(),
                src: self.src(),
                span,
            }));
        }
    }

    /// Checks `find` declarations and rules; find names become globals.
    pub(super) fn constraints(&mut self, parts: &Parts<'_>, globals: &mut Globals) {
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
            let not_a_condition = self.not_a_condition(rule, &t, "alldiff(cell[r, *])");
            r.errors.extend(not_a_condition);
            self.errors.append(&mut r.errors);
            self.uses.roots.append(&mut r.used);
        }
    }
}

impl Checker<'_> {
    /// Runs `check` and tells whether the global names it read include a
    /// `find`, directly or through functions and constants.
    pub(super) fn reading_finds<T>(
        &self,
        r: &mut Resolver<'_>,
        check: impl FnOnce(&mut Resolver<'_>) -> T,
    ) -> (T, bool) {
        let before = std::mem::take(&mut r.used);
        let out = check(r);
        let read = std::mem::replace(&mut r.used, before);
        let finds = self.reaches_find(&read);
        r.used.extend(read);
        (out, finds)
    }

    /// Whether any of `globals`, or a function or constant they use, is a `find`.
    fn reaches_find(&self, globals: &BTreeSet<String>) -> bool {
        let mut seen = BTreeSet::new();
        let mut work: Vec<&String> = globals.iter().collect();
        while let Some(name) = work.pop() {
            if self.find_names.contains(name) {
                return true;
            }
            if seen.insert(name) {
                let next = self.uses.fns.get(name).into_iter();
                work.extend(next.chain(self.uses.consts.get(name)).flatten());
            }
        }
        false
    }

    /// The error of a rule whose body has type `t` when that is not a
    /// condition; `example` is a condition to show in the help.
    fn not_a_condition(&self, rule: &Rule, t: &Ty, example: &str) -> Option<CheckError> {
        (!t.fits(&Ty::Bool)).then(|| CheckError::Type {
            expected: "a condition".into(),
            found: t.described(),
            help: format!(
                "rule `{}` states a condition over the unknowns, e.g. `{example}`",
                rule.name.name
            ),
            src: self.src(),
            span: rule.body.span,
        })
    }

    /// A `rule` inside `generate` (a layout rule): checked like a top-level
    /// rule (no randomness), it must constrain the unknowns, and the local
    /// names it reads are recorded for the proof-soundness check.
    pub(super) fn layout_rule(&mut self, r: &mut Resolver<'_>, rule: &Rule) {
        let place = std::mem::replace(&mut r.place, Place::Rule);
        let mark = r.mark();
        let before = std::mem::take(&mut r.locals_used);
        let (t, reads_find) = self.reading_finds(r, |r| {
            for b in &rule.bindings {
                r.binding(b);
            }
            r.expr(&rule.body)
        });
        r.reset(mark);
        r.place = place;
        let mut reads = std::mem::replace(&mut r.locals_used, before);
        for b in &rule.bindings {
            for name in b.pattern.names() {
                reads.remove(&name.name);
            }
        }
        r.locals_used.extend(reads.iter().cloned());
        let errors = self.errors.len();
        if let Some(e) = self.not_a_condition(rule, &t, "alldiff([cell[p] for p in run])") {
            self.errors.push(e);
        } else if !reads_find && !self.stated.any_symbolic(&reads) && !self.find_names.is_empty() {
            self.errors.push(CheckError::from(ModelError::Constraint {
                what: format!("rule `{}` mentions no unknown", rule.name.name),
                help: format!(
                    "a rule constrains the unknowns of a `find` ({}); this one reads only drawn values, \
                     so it states nothing to the solver. Write the unknowns (e.g. `cell[p]`, not the \
                     solution's `s.cell[p]`), or check drawn values with `require`.",
                    backticked(&self.find_names)
                ),
                src: self.src(),
                span: rule.name.span,
            }));
        }
        // A rule already reported is not checked against the prompt too.
        if self.errors.len() == errors {
            self.stated.layout_rule(&rule.name.name, reads, rule.span);
        }
    }
}
