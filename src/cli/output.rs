//! Terminal output: diagnostics, plain errors and progress bars.

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

/// A progress bar on a terminal, nothing when piped.
pub fn progress(total: u64, what: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg} [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar
}
