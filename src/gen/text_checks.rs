//! Checks on the texts of a finished item: its gold against the spec's
//! `accept` condition, and the variable Korean particles of its prompt and
//! solution against the words before them. (The prompt's `context` and
//! `query` parts are checked in `prompt_parts.rs`.)

use super::error::{GenError, ItemContext};
use crate::check::program::Program;
use crate::eval::Interp;
use crate::render::particle_check;
use crate::span::Span;

/// Fails with [`GenError::Gold`] when the spec's `accept` condition does not
/// accept its own gold `answer`.
pub(super) fn check_accepted(
    program: &Program,
    ctx: &ItemContext,
    instance: &serde_json::Value,
    answer: &str,
) -> Result<(), GenError> {
    let Some(accept) = &program.accept else {
        return Ok(());
    };
    let verdict = crate::eval::accept::Acceptor::parse(&accept.source)
        .and_then(|a| a.accepts(instance, answer));
    let message = match verdict {
        Ok(true) => return Ok(()),
        Ok(false) => format!("the gold `{answer}` is not accepted by `accept`"),
        Err(e) => format!("`accept` fails on the gold `{answer}`: {e}"),
    };
    Err(GenError::Gold {
        message,
        help: format!(
            "this happened while generating {ctx}; the gold must satisfy the spec's own acceptance condition"
        ),
        src: program.source.named(),
        span: accept.body.span,
    })
}

/// Fails with [`GenError::Particle`] at the first variable particle in
/// `text` that does not fit the word before it.
pub(super) fn check_particles(
    program: &Program,
    ctx: &ItemContext,
    interp: &Interp<'_>,
    part: &str,
    text: &str,
    span: Span,
) -> Result<(), GenError> {
    let Some(m) = particle_check::check_lazy(text, || interp.readings())
        .into_iter()
        .next()
    else {
        return Ok(());
    };
    let (expected, help) = match &m.expected {
        Some(form) => (
            format!("`{}` takes `{form}`", m.word),
            format!("write the particle with `josa(word, \"{form}\")` or `{{word:{form}}}`, which choose the form by the word's reading; this happened while generating {ctx}"),
        ),
        None => (
            format!("the Korean reading of `{}` is unknown", m.word),
            format!("give the word's Korean reading in the spec's `READINGS` map (for example `let READINGS = {{ Air: \"에어\" }}`), or rephrase so no particle follows it; this happened while generating {ctx}"),
        ),
    };
    Err(GenError::Particle {
        message: format!(
            "`{}` tier `{}` index {}: the {part} has `{}{}`, but {expected} (…{}…)",
            ctx.puzzle, ctx.tier, ctx.index, m.word, m.found, m.context
        ),
        help,
        src: program.source.named(),
        span,
    })
}
