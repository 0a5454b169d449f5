//! Calls: the callee (a user function, a builtin or a function value), its
//! arity and argument types, and the literal arguments some builtins check
//! when the spec is compiled (particles, `fill_in` patterns, word lists).

use super::{suggest, Place, Resolver};
use crate::check::error::CheckError;
use crate::check::model_error::ModelError;
use crate::check::types::{builtin_result, Ty};
use crate::eval::builtins;
use crate::render::{fill, particle};
use crate::span::Span;
use crate::stdlib::wordlist;
use crate::syntax::ast::*;

impl Resolver<'_> {
    pub(super) fn call(&mut self, callee: &Expr, args: &[Expr], span: Span) -> Ty {
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        let ExprKind::Name(ident) = &callee.kind else {
            let t = self.expr(callee);
            self.expect(&t, Ty::Func, callee.span, "only functions can be called");
            return Ty::Any;
        };
        // A local (e.g. a lambda parameter) shadows everything.
        if let Some((_, t)) = self.locals.iter().rev().find(|(n, _)| *n == ident.name) {
            let t = t.clone();
            self.expect(&t, Ty::Func, callee.span, "only functions can be called");
            return Ty::Any;
        }
        if let Some(&arity) = self.globals.fns.get(&ident.name) {
            self.used.insert(ident.name.clone());
            if arity != args.len() {
                self.arity(
                    &ident.name,
                    arity.to_string(),
                    args.len(),
                    format!("`{}` is declared with {arity} parameter(s)", ident.name),
                    span,
                );
            }
            return Ty::Any;
        }
        if let Some(t) = self.globals.values.get(&ident.name) {
            let t = t.clone();
            self.used.insert(ident.name.clone());
            self.expect(&t, Ty::Func, callee.span, "only functions can be called");
            return Ty::Any;
        }
        let Some(b) = builtins::find(&ident.name) else {
            let mut functions: Vec<String> = self.globals.fns.keys().cloned().collect();
            functions.extend(builtins::BUILTINS.iter().map(|b| b.name.to_string()));
            let help = match suggest(&ident.name, &functions) {
                Some(s) => format!("did you mean `{s}`?"),
                None => "define it with `fn`; docs/language.md lists the builtin functions".into(),
            };
            self.errors.push(CheckError::UnknownFunction {
                name: ident.name.clone(),
                help,
                src: self.source.named(),
                span: ident.span,
            });
            return Ty::Any;
        };
        if b.random && self.place != Place::Generate {
            self.errors.push(CheckError::Randomness {
                place: self.place.name(),
                src: self.source.named(),
                span,
            });
        }
        if b.model && self.place != Place::Generate {
            self.errors
                .push(CheckError::from(ModelError::ModelOutsideGenerate {
                    name: b.name,
                    place: self.place.name(),
                    src: self.source.named(),
                    span,
                }));
        } else if b.model && !self.model_built {
            self.errors
                .push(CheckError::from(ModelError::ModelNotBuilt {
                    name: b.name,
                    src: self.source.named(),
                    span,
                }));
        }
        if args.len() < b.min || args.len() > b.max {
            let expected = if b.min == b.max {
                b.min.to_string()
            } else {
                format!("{} to {}", b.min, b.max)
            };
            self.arity(
                b.name,
                expected,
                args.len(),
                format!("usage: {}", b.signature),
                span,
            );
        }
        if b.name == "wordlist" {
            if let Some(name) = args.first() {
                self.word_list_name(name);
            }
        }
        if b.name == "josa" {
            if let Some(p) = args.get(1) {
                self.particle_literal(p);
            }
        }
        if b.name == "fill_in" {
            if let [pattern, values] = args {
                self.fill_literal(pattern, values);
            }
        }
        match (b.name, arg_tys.first()) {
            ("min" | "max" | "first" | "last", Some(t)) if args.len() == 1 => t.element(),
            ("sort" | "reverse" | "take" | "drop" | "slice" | "rotate", Some(t)) => t.clone(),
            _ => builtin_result(b.name),
        }
    }

    /// A particle given as a string literal (`josa(x, "에")`) is one the
    /// renderer knows; a computed one is checked when it is used.
    fn particle_literal(&mut self, arg: &Expr) {
        let ExprKind::Str(parts) = &arg.kind else {
            return;
        };
        let text = match parts.as_slice() {
            [] => String::new(),
            [StrPart::Text(t)] => t.clone(),
            _ => return,
        };
        if particle::parse_particle(&text).is_none() {
            self.errors.push(CheckError::Particle {
                particle: text,
                src: self.source.named(),
                span: arg.span,
            });
        }
    }

    /// A `fill_in` pattern given as a string literal parses, its particles are
    /// known, and, when the map is a literal too, every key is in it.
    fn fill_literal(&mut self, pattern: &Expr, values: &Expr) {
        let Some(text) = literal_text(pattern) else {
            return;
        };
        let pieces = match fill::parse(&text) {
            Ok(pieces) => pieces,
            Err(e) => {
                self.errors.push(CheckError::FillPattern {
                    message: e.to_string(),
                    src: self.source.named(),
                    span: pattern.span,
                });
                return;
            }
        };
        let ExprKind::Record(entries) = &values.kind else {
            return;
        };
        let keys: Vec<String> = entries.iter().map(|(k, _, _)| literal_key(k)).collect();
        for piece in pieces {
            if let fill::Piece::Marker(m) = piece {
                if !keys.contains(&m.key) {
                    self.errors.push(CheckError::FillPattern {
                        message: format!("the key `{}` is not in the map", m.key),
                        src: self.source.named(),
                        span: values.span,
                    });
                }
            }
        }
    }

    /// The first argument of `wordlist` names a shipped list.
    fn word_list_name(&mut self, arg: &Expr) {
        let name = match &arg.kind {
            ExprKind::Str(parts) => match parts.as_slice() {
                [] => Some(String::new()),
                [StrPart::Text(t)] => Some(t.clone()),
                _ => None,
            },
            _ => None,
        };
        let Some(name) = name else {
            self.errors.push(CheckError::WordListName {
                src: self.source.named(),
                span: arg.span,
            });
            return;
        };
        if wordlist::index(&name).is_some() {
            return;
        }
        let names: Vec<String> = wordlist::names().map(str::to_string).collect();
        let help = match suggest(&name, &names) {
            Some(s) => format!(
                "did you mean \"{s}\"? The word lists are {}",
                names.join(", ")
            ),
            None => format!("the word lists are {}", names.join(", ")),
        };
        self.errors.push(CheckError::UnknownWordList {
            name,
            help,
            src: self.source.named(),
            span: arg.span,
        });
    }

    fn arity(&mut self, name: &str, expected: String, found: usize, help: String, span: Span) {
        self.errors.push(CheckError::Arity {
            name: name.to_string(),
            expected,
            found,
            help,
            src: self.source.named(),
            span,
        });
    }
}

/// The text of a string literal without placeholders.
fn literal_text(e: &Expr) -> Option<String> {
    let ExprKind::Str(parts) = &e.kind else {
        return None;
    };
    match parts.as_slice() {
        [] => Some(String::new()),
        [StrPart::Text(t)] => Some(t.clone()),
        _ => None,
    }
}

/// A record key as `fill_in` looks it up (its display text).
fn literal_key(k: &Literal) -> String {
    match k {
        Literal::Int(n) => n.to_string(),
        Literal::Str(s) => s.clone(),
        Literal::Bool(b) => b.to_string(),
    }
}
