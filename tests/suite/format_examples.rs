//! No prompt gives its gold away as the format example: in the records of
//! every spec of `puzzles/` and `suites/` (items 0..ITEMS of every tier, every
//! language), no text the prompt shows as the answer's form — what a `[[…]]`
//! holds, or what follows `Answer:` / `정답:` inside quotes — equals the gold.

use crate::common;

/// Items per tier of every spec.
const ITEMS: u64 = 30;

/// The texts `question` shows as the answer's form: the contents of every
/// one-line `[[…]]`, and of every `"Answer: …"` or `"정답: …"` in quotes.
fn format_examples(question: &str) -> Vec<String> {
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

#[test]
fn no_format_example_is_the_gold() {
    let (mut checked, mut failures) = (0, Vec::new());
    for (path, program) in common::specs() {
        for tier in program.tier_names() {
            for i in 0..ITEMS {
                let item = puzzlec::gen::generate(&program, tier, i, 1).expect("generate");
                for lang in &program.languages {
                    let rec = puzzlec::dataset::build::record(&program, &item, lang);
                    let gold = rec.answer.trim();
                    if gold.is_empty() {
                        continue;
                    }
                    if format_examples(&rec.question).iter().any(|e| e == gold) {
                        failures.push(format!("{} ({}): {gold}", rec.id, path.display()));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5000, "only {checked} records checked");
    assert!(
        failures.is_empty(),
        "{} prompts show their gold as the format example:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
