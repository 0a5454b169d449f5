//! The parts of a prompt (`context LANG`, `query LANG`) must be the prompt's
//! own words: a bundle that composes its prompt from them states exactly
//! what the single prompt states.

use super::error::{GenError, ItemContext};
use crate::check::program::Program;
use crate::span::Span;

/// Fails with [`GenError::PromptPart`] when `question` (the rendered
/// prompt in `lang`) does not hold the context and the query texts, each
/// given with its expression's span, word for word (or either is empty).
pub(super) fn check_in_prompt(
    program: &Program,
    ctx: &ItemContext,
    lang: &str,
    question: &str,
    context: (&str, Span),
    query: (&str, Span),
) -> Result<(), GenError> {
    for (part, (text, span)) in [("context", context), ("query", query)] {
        let problem = if text.trim().is_empty() {
            "is empty"
        } else if !question.contains(text) {
            "is not part of the prompt"
        } else {
            continue;
        };
        return Err(GenError::PromptPart {
            message: format!("the `{part} {lang}` text {problem}"),
            help: format!(
                "this happened while generating {ctx}; a bundle states the `{part}` in place of the prompt, so it must be the prompt's own words: render it in the template through the same expression (e.g. a `let` of `generate` used in both)"
            ),
            src: program.source.named(),
            span,
        });
    }
    Ok(())
}
