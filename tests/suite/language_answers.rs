//! Per-language golds and options (`answer LANG = …`, `choices LANG = …`):
//! each record carries its own language's gold and options, checked here
//! against the spec's country table written out again; `score` judges each
//! record against its own language's gold; the main answer's kind and
//! `accept` hold for every language's gold; and the grammar's reading of
//! `answer ko` as a language can never swallow an answer kind.

use crate::common;

use puzzlec::answer::{AnswerKind, Verdict};
use puzzlec::compile::{compile, render_plain};
use puzzlec::dataset::build::{into_record, record};
use puzzlec::dataset::Record;
use puzzlec::gen::generate;
use puzzlec::score::{judge_record, load_dataset};
use puzzlec::source::SourceFile;

const SPEC: &str = "tests/data/language_answers/capital_name.puzzle";

/// The spec's table, written out again: (country, capital) in English and Korean.
const CAPITALS: [(&str, &str, &str, &str); 6] = [
    ("France", "Paris", "프랑스", "파리"),
    ("Japan", "Tokyo", "일본", "도쿄"),
    ("Egypt", "Cairo", "이집트", "카이로"),
    ("Peru", "Lima", "페루", "리마"),
    ("Kenya", "Nairobi", "케냐", "나이로비"),
    ("Chile", "Santiago", "칠레", "산티아고"),
];

fn korean_of(city_en: &str) -> &'static str {
    CAPITALS
        .iter()
        .find(|c| c.1 == city_en)
        .unwrap_or_else(|| panic!("{city_en} is not in the table"))
        .3
}

fn choices(rec: &Record) -> Vec<String> {
    rec.choices.clone().expect("the record has choices")
}

/// The (en, ko) records of the first `n` items of every tier.
fn pairs(n: u64) -> Vec<(Record, Record)> {
    let program = common::load(&common::root().join(SPEC));
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..n {
            let item = generate(&program, tier, i, 1).expect("generate");
            let en = record(&program, &item, "en");
            out.push((en, into_record(&program, item, "ko")));
        }
    }
    out
}

#[test]
fn each_language_has_its_own_gold_and_options() {
    for (en, ko) in pairs(100) {
        let country = en.instance["country"].as_str().unwrap();
        let row = CAPITALS.iter().find(|c| c.0 == country).unwrap();
        assert_eq!(en.answer, row.1, "{}", en.id);
        assert_eq!(ko.answer, row.3, "{}", ko.id);
        let (en_options, ko_options) = (choices(&en), choices(&ko));
        let translated: Vec<&str> = en_options.iter().map(|c| korean_of(c)).collect();
        assert_eq!(ko_options, translated, "{}", ko.id);
        assert!(en_options.contains(&en.answer) && ko_options.contains(&ko.answer));
        assert!(en.question.contains(row.0) && ko.question.contains(row.2));
        // Everything else the two records share is the same item.
        assert_eq!((&en.instance, &en.levers), (&ko.instance, &ko.levers));
    }
}

/// The verdicts of `responses` to `rec`, through a dataset file as `score` reads it.
fn verdicts(rec: &Record, responses: &[&str]) -> Vec<Verdict> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, rec.to_json_line() + "\n").unwrap();
    let ds = load_dataset(&path).unwrap();
    responses
        .iter()
        .map(|r| judge_record(&ds, 0, r).0)
        .collect()
}

#[test]
fn score_judges_each_record_by_its_own_language() {
    let (en, ko) = pairs(1).remove(0);
    let row = CAPITALS.iter().find(|c| c.1 == en.answer).unwrap();
    let right_en = format!("Answer: {}", row.1);
    let right_ko = format!("정답: {}", row.3);
    assert_eq!(
        verdicts(&en, &[&right_en, &right_ko]),
        [Verdict::Correct, Verdict::Wrong]
    );
    assert_eq!(
        verdicts(&ko, &[&right_ko, &right_en]),
        [Verdict::Correct, Verdict::Wrong]
    );
}

/// The spec with `replace` applied, compiled.
fn variant(from: &str, to: &str) -> Result<puzzlec::check::program::Program, String> {
    let text = std::fs::read_to_string(common::root().join(SPEC)).unwrap();
    assert!(text.contains(from), "the spec has no `{from}`");
    let source = SourceFile::new(SPEC.to_string(), text.replacen(from, to, 1));
    compile(&source).map_err(|e| render_plain(&e.diagnostics(), 100))
}

/// The spec with its `answer text` made an `int` answer and `answer ko`
/// replaced by `ko_gold`, compiled.
fn int_answer_with(ko_gold: &str) -> Result<puzzlec::check::program::Program, String> {
    let text = std::fs::read_to_string(common::root().join(SPEC)).unwrap();
    let text = text
        .replacen(
            "answer text = asked.city_en",
            "answer int = len(asked.city_en)",
            1,
        )
        .replacen(
            "answer ko = asked.city_ko",
            &format!("answer ko = {ko_gold}"),
            1,
        );
    let source = SourceFile::new(SPEC.to_string(), text);
    compile(&source).map_err(|e| render_plain(&e.diagnostics(), 100))
}

#[test]
fn a_language_gold_has_the_main_answer_kind() {
    // Known to be text when checked: refused by `check`.
    let e = int_answer_with("\"파리\"").expect_err("a text gold for an int answer");
    assert!(e.contains("answer ko = \"파리\""), "{e}");
    // Known only when generated (a field of a table row): refused then.
    let program = int_answer_with("asked.city_ko").expect("compiles");
    let err = generate(&program, "easy", 0, 1).expect_err("a text gold for an int answer");
    let text = render_plain(&[&err as &dyn miette::Diagnostic], 100);
    assert!(text.contains("answer ko = asked.city_ko"), "{text}");
    // An int in every language is fine.
    let program = int_answer_with("len(asked.city_ko)").expect("compiles");
    let item = generate(&program, "easy", 0, 1).expect("generates");
    let (en, ko) = (record(&program, &item, "en"), record(&program, &item, "ko"));
    let country = en.instance["country"].as_str().unwrap();
    let row = CAPITALS.iter().find(|c| c.0 == country).unwrap();
    assert_eq!(en.answer, row.1.chars().count().to_string());
    assert_eq!(ko.answer, row.3.chars().count().to_string());
}

#[test]
fn accept_must_accept_every_language_gold() {
    let program = variant(
        "instance = {",
        "accept(r) = r == instance.city\ninstance = { city: asked.city_en,",
    )
    .expect("compiles");
    let err = generate(&program, "easy", 0, 1).expect_err("the Korean gold is not accepted");
    let text = render_plain(&[&err as &dyn miette::Diagnostic], 100);
    assert!(text.contains("is not accepted by `accept`"), "{text}");
    let named = CAPITALS
        .iter()
        .any(|c| text.contains(&format!("`{}`", c.3)));
    assert!(named, "the message names the Korean gold: {text}");
}

#[test]
fn no_answer_kind_reads_as_a_language() {
    // `answer ko = …` is tried before `answer KIND = …`: a kind of two
    // lowercase letters would be read as a language instead.
    for kind in AnswerKind::all() {
        let name = kind.name();
        let two_letters = name.len() == 2 && name.bytes().all(|b| b.is_ascii_lowercase());
        assert!(
            !two_letters,
            "answer kind `{name}` would parse as a language"
        );
    }
}
