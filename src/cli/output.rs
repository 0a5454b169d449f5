//! Terminal output: diagnostics and plain errors (progress: [`super::progress`]).

use super::Reported;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use std::io::IsTerminal;

/// Whether diagnostics are coloured: on a terminal, unless `NO_COLOR` is set
/// to anything but the empty string (the convention of no-color.org).
fn colour_wanted() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    std::io::stderr().is_terminal() && !no_color
}

/// Prints diagnostics to stderr, coloured on a terminal (see [`colour_wanted`]).
pub fn diagnostics(items: &[&dyn Diagnostic]) {
    let theme = if colour_wanted() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme);
    for d in items {
        let mut out = String::new();
        if handler
            .render_report(&mut out, &crate::compile::elide(*d))
            .is_ok()
        {
            eprint!("{out}");
        } else {
            eprintln!("error: {d}");
        }
    }
}

/// Prints one diagnostic and returns the failure marker.
pub fn fail_with(d: &dyn Diagnostic) -> Reported {
    diagnostics(&[d]);
    Reported
}

/// Prints a plain error message and returns the failure marker.
pub fn fail(message: impl std::fmt::Display) -> Reported {
    eprintln!("error: {message}");
    Reported
}
