//! Compile: spec text → checked [`Program`] (parse, then check), with every
//! diagnostic collected; then the lowering of its expressions into the
//! slot-addressed [`code`] the evaluator runs ([`lower`]).

pub mod code;
mod elide;
pub mod lower;

pub use elide::{elide, Elided, MAX_SHOWN_LINE};

use crate::check::{self, error::CheckError, program::Program, warning::CheckWarning};
use crate::eval::Functions;
use crate::source::SourceFile;
use crate::syntax::ast::FnDecl;
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

impl Functions for Program {
    fn lookup(&self, name: &str) -> Option<usize> {
        self.fns.iter().position(|f| f.name.name == name)
    }

    fn get(&self, index: usize) -> Option<&FnDecl> {
        self.fns.get(index)
    }

    fn code(&self, index: usize) -> Option<&code::Unit> {
        self.fn_code.get_or_init(|| lower_fns(self)).get(index)
    }
}

/// Lowers every user function of `program`; their outer environment holds
/// the levers and constants.
fn lower_fns(program: &Program) -> Vec<code::Unit> {
    let globals = program
        .levers
        .iter()
        .map(|l| l.name.name.as_str())
        .chain(program.consts.iter().map(|(name, _)| name.name.as_str()))
        .collect();
    let statics = lower::Statics {
        globals,
        fns: program,
    };
    program
        .fns
        .iter()
        .map(|decl| lower::lower_fn(decl, &statics))
        .collect()
}
