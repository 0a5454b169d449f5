//! Compile: spec text → checked [`Program`] (parse, then check), with every
//! diagnostic collected.

mod elide;

pub use elide::{elide, Elided, MAX_SHOWN_LINE};

use crate::check::{self, error::CheckError, program::Program, warning::CheckWarning};
use crate::source::SourceFile;
use crate::syntax::{self, error::SyntaxError};
use miette::Diagnostic;
use thiserror::Error;

/// Why a spec did not compile.
#[derive(Debug, Error)]
pub enum SpecError {
    /// It does not parse.
    #[error("{0}")]
    Syntax(#[from] SyntaxError),
    /// It parses but has these problems.
    #[error("{} error(s) in the spec", .0.len())]
    Check(Vec<CheckError>),
}

impl SpecError {
    /// Every diagnostic, in source order.
    pub fn diagnostics(&self) -> Vec<&dyn Diagnostic> {
        match self {
            SpecError::Syntax(e) => vec![e as &dyn Diagnostic],
            SpecError::Check(errors) => errors.iter().map(|e| e as &dyn Diagnostic).collect(),
        }
    }

    /// How many problems were found.
    pub fn count(&self) -> usize {
        match self {
            SpecError::Syntax(_) => 1,
            SpecError::Check(errors) => errors.len(),
        }
    }
}

/// Parses and checks a spec.
pub fn compile(source: &SourceFile) -> Result<Program, SpecError> {
    compile_with_warnings(source).map(|(p, _)| p)
}

/// Parses and checks a spec; on success also returns its warnings
/// (declarations nothing uses), in source order.
pub fn compile_with_warnings(
    source: &SourceFile,
) -> Result<(Program, Vec<CheckWarning>), SpecError> {
    let spec = syntax::parse(source)?;
    check::check_with_warnings(source, &spec).map_err(|mut errors| {
        errors.sort_by_key(first_offset);
        SpecError::Check(errors)
    })
}

fn first_offset(e: &CheckError) -> usize {
    e.labels()
        .and_then(|mut labels| labels.next())
        .map_or(0, |l| l.offset())
}

/// Renders diagnostics as plain text (no colour) at a fixed width, the form
/// used by tests and by `--color never`.
#[cfg(feature = "cli")]
pub fn render_plain(diagnostics: &[&dyn Diagnostic], width: usize) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(width);
    let mut out = String::new();
    for d in diagnostics {
        let _ = handler.render_report(&mut out, &elide(*d));
    }
    out
}
