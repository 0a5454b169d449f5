//! Lever overrides: `--set lever=value` and `--set lever=lo..=hi` on the
//! command line, `overrides={lever: value}` from Python. An override replaces
//! the lever's setting in every tier of every spec that declares the lever,
//! after being checked against the lever's declared domain, so generation
//! runs on an ordinary checked [`Program`].
//!
//! The item seed does not depend on overrides: item `i` of a tier with and
//! without `--set` starts from the same random stream; the record's `levers`
//! show the values that were used, and a build's manifest lists the
//! overrides so `verify` applies them again.

use super::program::Program;
use super::resolve::suggest;
use crate::syntax::ast::{LeverType, Literal, TierValue};
use miette::{Diagnostic, NamedSource};
use std::str::FromStr;
use thiserror::Error;

/// The label of the source an override's diagnostics point into.
const SOURCE_NAME: &str = "--set";

/// One `lever=value` or `lever=lo..=hi` setting, parsed but not yet checked
/// against any spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    /// The setting as written (surrounding spaces removed).
    pub text: String,
    /// The lever's name.
    pub lever: String,
    /// The value text, as written after `=`.
    pub value: String,
}

/// Why an override cannot be used.
#[derive(Debug, Error, Diagnostic)]
pub enum OverrideError {
    /// The text is not `lever=value`.
    #[error("`{text}` is not a lever setting")]
    #[diagnostic(
        code(puzzlec::set::syntax),
        help("write `lever=value` or `lever=lo..=hi`, e.g. `--set givens=30` or `--set givens=30..=34`")
    )]
    Syntax {
        /// The text.
        text: String,
        /// The setting.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("expected `lever=value`")]
        span: (usize, usize),
    },

    /// No spec declares the lever.
    #[error("no spec has a lever `{lever}`")]
    #[diagnostic(code(puzzlec::set::unknown_lever))]
    UnknownLever {
        /// The name.
        lever: String,
        /// A suggestion and the levers there are.
        #[help]
        help: String,
        /// The setting.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a lever")]
        span: (usize, usize),
    },

    /// The value is not in the lever's declared domain.
    #[error("`{value}` is not a value of lever `{lever}` of `{puzzle}`, declared as {domain}")]
    #[diagnostic(code(puzzlec::set::value))]
    Value {
        /// The lever.
        lever: String,
        /// The value as written.
        value: String,
        /// The puzzle.
        puzzle: String,
        /// The declared domain.
        domain: String,
        /// Where the lever is declared and what would fit.
        #[help]
        help: String,
        /// The setting.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not in {domain}")]
        span: (usize, usize),
    },

    /// The same lever is set twice.
    #[error("lever `{lever}` is set twice")]
    #[diagnostic(
        code(puzzlec::set::twice),
        help("give each lever one `--set`; a range `lo..=hi` samples a value per item")
    )]
    Twice {
        /// The lever.
        lever: String,
        /// The second setting.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("set again here")]
        span: (usize, usize),
    },
}

impl FromStr for Override {
    type Err = OverrideError;

    fn from_str(s: &str) -> Result<Override, OverrideError> {
        let text = s.trim();
        let syntax = || OverrideError::Syntax {
            text: text.to_string(),
            src: NamedSource::new(SOURCE_NAME, text.to_string()),
            span: (0, text.len()),
        };
        let (lever, value) = text.split_once('=').ok_or_else(syntax)?;
        let (lever, value) = (lever.trim(), value.trim());
        let name_ok = lever
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && lever.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !name_ok || value.is_empty() {
            return Err(syntax());
        }
        Ok(Override {
            text: format!("{lever}={value}"),
            lever: lever.to_string(),
            value: value.to_string(),
        })
    }
}

impl std::fmt::Display for Override {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Override {
    /// The setting as a diagnostic source.
    fn source(&self) -> NamedSource<String> {
        NamedSource::new(SOURCE_NAME, self.text.clone())
    }

    /// The byte span of the value within [`Override::text`].
    fn value_span(&self) -> (usize, usize) {
        let start = self.lever.len() + 1;
        (start, self.text.len() - start)
    }

    /// The byte span of the lever's name within [`Override::text`].
    fn lever_span(&self) -> (usize, usize) {
        (0, self.lever.len())
    }

    /// The tier setting this override means for a lever of type `ty`, or
    /// `None` when the value is not in its domain.
    fn tier_value(&self, ty: &LeverType, span: crate::span::Span) -> Option<TierValue> {
        let v = self.value.as_str();
        match ty {
            LeverType::Int { lo, hi, .. } => {
                if let Some((a, b)) = v.split_once("..=") {
                    let (a, b) = (parse_int(a)?, parse_int(b)?);
                    (*lo <= a && a <= b && b <= *hi).then_some(TierValue::Range {
                        lo: a,
                        hi: b,
                        span,
                    })
                } else {
                    let n = parse_int(v)?;
                    (*lo <= n && n <= *hi).then_some(TierValue::Fixed(Literal::Int(n), span))
                }
            }
            LeverType::Bool(_) => match v {
                "true" => Some(TierValue::Fixed(Literal::Bool(true), span)),
                "false" => Some(TierValue::Fixed(Literal::Bool(false), span)),
                _ => None,
            },
            LeverType::Choice(choices, _) => {
                let name = unquote(v);
                choices
                    .iter()
                    .any(|(c, _)| c == name)
                    .then(|| TierValue::Fixed(Literal::Str(name.to_string()), span))
            }
        }
    }

    fn value_error(
        &self,
        program: &Program,
        ty: &LeverType,
        decl: crate::span::Span,
    ) -> OverrideError {
        let domain = describe(ty);
        let (line, col) = program.source.line_col(decl.start);
        let fits = match ty {
            LeverType::Int { .. } => "a whole number or a range `lo..=hi` inside it",
            LeverType::Bool(_) => "`true` or `false`",
            LeverType::Choice(..) => "one of the names",
        };
        OverrideError::Value {
            lever: self.lever.clone(),
            value: self.value.clone(),
            puzzle: program.name.name.clone(),
            help: format!(
                "the lever is declared at {}:{line}:{col}; give {fits}",
                program.source.name
            ),
            domain,
            src: self.source(),
            span: self.value_span(),
        }
    }
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn unquote(s: &str) -> &str {
    s.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(s)
}

fn describe(ty: &LeverType) -> String {
    match ty {
        LeverType::Int { lo, hi, .. } => format!("`int in {lo}..={hi}`"),
        LeverType::Bool(_) => "`bool`".into(),
        LeverType::Choice(..) => format!("`one of {}`", super::describe_domain(ty)),
    }
}

/// Parses every setting; collects every syntax error and every lever set twice.
pub fn parse_overrides<S: AsRef<str>>(texts: &[S]) -> Result<Vec<Override>, Vec<OverrideError>> {
    let mut out: Vec<Override> = Vec::new();
    let mut errors = Vec::new();
    for text in texts {
        match text.as_ref().parse::<Override>() {
            Ok(o) if out.iter().any(|p| p.lever == o.lever) => errors.push(OverrideError::Twice {
                lever: o.lever.clone(),
                src: o.source(),
                span: o.lever_span(),
            }),
            Ok(o) => out.push(o),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// `program` with each override that names one of its levers applied to
/// every tier; overrides of levers it does not declare are skipped.
fn apply_some(program: &Program, overrides: &[Override]) -> Result<Program, Vec<OverrideError>> {
    let mut out = program.clone();
    let mut errors = Vec::new();
    for o in overrides {
        let Some(i) = program.levers.iter().position(|l| l.name.name == o.lever) else {
            continue;
        };
        let lever = &program.levers[i];
        match o.tier_value(&lever.ty, lever.name.span) {
            Some(value) => {
                for tier in &mut out.tiers {
                    if let Some(slot) = tier.values.get_mut(i) {
                        *slot = value.clone();
                    }
                }
            }
            None => errors.push(o.value_error(program, &lever.ty, lever.name.span)),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Every program with the overrides applied. Each override must name a
/// lever that at least one program declares, and its value must be in the
/// domain of that lever in every program that declares it; every problem is
/// collected before failing.
pub fn apply_overrides(
    programs: &[Program],
    overrides: &[Override],
) -> Result<Vec<Program>, Vec<OverrideError>> {
    if overrides.is_empty() {
        return Ok(programs.to_vec());
    }
    let mut errors = Vec::new();
    for o in overrides {
        if !programs
            .iter()
            .any(|p| p.levers.iter().any(|l| l.name.name == o.lever))
        {
            let names: Vec<String> = programs
                .iter()
                .flat_map(|p| p.levers.iter().map(|l| l.name.name.clone()))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let hint = suggest(&o.lever, &names)
                .map_or(String::new(), |s| format!("did you mean `{s}`? "));
            let list = if names.is_empty() {
                "the specs declare no levers".to_string()
            } else {
                format!("the levers are: {}", names.join(", "))
            };
            errors.push(OverrideError::UnknownLever {
                lever: o.lever.clone(),
                help: format!("{hint}{list}"),
                src: o.source(),
                span: o.lever_span(),
            });
        }
    }
    let mut out = Vec::with_capacity(programs.len());
    for p in programs {
        match apply_some(p, overrides) {
            Ok(q) => out.push(q),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// One program with the overrides applied (see [`apply_overrides`]).
pub fn apply_to_program(
    program: &Program,
    overrides: &[Override],
) -> Result<Program, Vec<OverrideError>> {
    apply_overrides(std::slice::from_ref(program), overrides)
        .map(|mut v| v.pop().unwrap_or_else(|| program.clone()))
}
