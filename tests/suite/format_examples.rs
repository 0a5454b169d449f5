//! No prompt gives its gold away as the format example: no text the prompt
//! shows as the answer's form — what a `[[…]]` holds, or what follows
//! `Answer:` / `정답:` inside quotes — equals the gold. The records checked
//! are those `specs::every_spec_builds_its_items_per_tier_and_language`
//! builds (every spec of `puzzles/` and `suites/`, every tier and language),
//! so the items are generated once for both checks.

/// The texts `question` shows as the answer's form: the contents of every
/// one-line `[[…]]`, and of every `"Answer: …"` or `"정답: …"` in quotes.
pub(crate) fn format_examples(question: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = question;
    while let Some(open) = rest.find("[[") {
        let after = &rest[open + 2..];
        match after.find("]]") {
            Some(close) if !after[..close].contains('\n') => {
                out.push(after[..close].trim().to_string());
                rest = &after[close + 2..];
            }
            _ => rest = after,
        }
    }
    for quote in question.split('"').skip(1).step_by(2) {
        for marker in ["Answer:", "정답:"] {
            if let Some(at) = quote.find(marker) {
                out.push(quote[at + marker.len()..].trim().to_string());
            }
        }
    }
    out
}

#[test]
fn the_format_examples_are_found() {
    let q = "Wrap it like this: [[3;AAA]]. End with \"Answer: <number>\" or \"정답: 12\".";
    assert_eq!(format_examples(q), ["3;AAA", "<number>", "12"]);
}

/// Whether `question` shows its gold `answer` as the answer's form (an
/// empty gold shows nothing).
pub(crate) fn shows_gold(question: &str, answer: &str) -> bool {
    let gold = answer.trim();
    !gold.is_empty() && format_examples(question).iter().any(|e| e == gold)
}

#[test]
fn a_prompt_that_shows_its_gold_is_caught() {
    let q = "Which cell? Reply \"Answer: (2,3)\" on the last line.";
    assert!(shows_gold(q, " (2,3) "));
    assert!(!shows_gold(q, "(3,2)"));
    assert!(!shows_gold(q, ""));
}
