use puzzlec::answer::{normalize, AnswerKind};
use puzzlec::dataset::nolli::option_letter;
use puzzlec::dataset::{
    nolli_answer, pair_id, record_id, sha256_hex, spec_hash, NolliTask, Record,
};
use serde_json::json;

fn sample() -> Record {
    Record {
        id: record_id("sudoku", "ko", "hard", 42),
        puzzle: "sudoku".into(),
        lang: "ko".into(),
        tier: "hard".into(),
        index: 42,
        family: "direct".into(),
        pair: pair_id("sudoku", "hard", 42),
        question: "빈칸을 채우세요.\n1 2 _".into(),
        context: String::new(),
        query: String::new(),
        answer: "3".into(),
        answer_kind: "int".into(),
        slot: None,
        accept: None,
        solution: "세 번째 칸은 3".into(),
        instance: json!({"grid": [1, 2, null], "size": 3}),
        levers: json!({"size": 3, "blanks": 1}),
        seed: "ab".repeat(32),
        spec_hash: spec_hash(b"puzzle sudoku {}"),
        generator: "puzzlec 0.1.0".into(),
        choices: None,
        checkpoints: Vec::new(),
    }
}

#[test]
fn ids_are_zero_padded() {
    assert_eq!(
        record_id("sudoku", "ko", "hard", 42),
        "sudoku/ko/hard/00042"
    );
    assert_eq!(record_id("a", "en", "easy", 0), "a/en/easy/00000");
    assert_eq!(record_id("a", "en", "easy", 123_456), "a/en/easy/123456");
    assert_eq!(pair_id("sudoku", "hard", 42), "sudoku/hard/00042");
}

#[test]
fn spec_hash_is_prefixed_sha256() {
    assert_eq!(
        spec_hash(b""),
        "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn json_line_has_fields_in_declaration_order() {
    let line = sample().to_json_line();
    assert!(!line.contains('\n'), "one line: {line}");
    let keys: Vec<String> =
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&line)
            .unwrap()
            .keys()
            .cloned()
            .collect();
    assert_eq!(
        keys,
        [
            "id",
            "puzzle",
            "lang",
            "tier",
            "index",
            "family",
            "pair",
            "question",
            "context",
            "query",
            "answer",
            "answer_kind",
            "slot",
            "accept",
            "solution",
            "instance",
            "levers",
            "seed",
            "spec_hash",
            "generator",
            "choices",
            "checkpoints"
        ]
    );
    // Korean stays UTF-8, levers keep their order inside their JSON text.
    assert!(line.contains("빈칸을 채우세요.\\n1 2 _"));
    assert!(line.contains(r#""levers":"{\"size\":3,\"blanks\":1}""#));
    assert!(line.starts_with(r#"{"id":"sudoku/ko/hard/00042","puzzle":"sudoku""#));
}

#[test]
fn choices_and_checkpoints_are_json_text_and_always_present() {
    let mut record = sample();
    let line = record.to_json_line();
    assert!(line.ends_with(r#""generator":"puzzlec 0.1.0","choices":"[]","checkpoints":"[]"}"#));
    assert!(line.contains(r#""answer_kind":"int","slot":"","accept":"","solution""#));
    record.choices = Some(vec!["A".into(), "B".into()]);
    let line = record.to_json_line();
    assert!(line.ends_with(r#""choices":"[\"A\",\"B\"]","checkpoints":"[]"}"#));
}

/// Every value of a line is a string except `index`: the one type per field
/// that lets Arrow read files of different puzzles as one table.
#[test]
fn every_field_has_one_json_type() {
    let mut record = sample();
    record.slot = Some("first_brackets".into());
    record.accept = Some("|r| true".into());
    record.checkpoints = vec![puzzlec::dataset::CheckpointRecord {
        step: 1,
        kind: "int".into(),
        gold: "2".into(),
    }];
    for r in [sample(), record] {
        let map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&r.to_json_line()).unwrap();
        for (key, value) in &map {
            if key == "index" {
                assert!(value.is_u64(), "{key}: {value}");
            } else {
                assert!(value.is_string(), "{key}: {value}");
            }
        }
    }
}

#[test]
fn a_record_of_the_older_shape_is_refused_with_advice() {
    let line = sample().to_json_line().replace(
        r#""levers":"{\"size\":3,\"blanks\":1}""#,
        r#""levers":{"size":3}"#,
    );
    let err = serde_json::from_str::<Record>(&line)
        .unwrap_err()
        .to_string();
    assert!(err.contains("older puzzlec: rebuild"), "{err}");
}

#[test]
fn round_trip() {
    let mut record = sample();
    assert_eq!(
        serde_json::from_str::<Record>(&record.to_json_line()).unwrap(),
        record
    );
    record.choices = Some(vec!["x".into()]);
    record.slot = Some("first_brackets".into());
    record.accept = Some("|r| r == \"3\"".into());
    record.checkpoints = vec![puzzlec::dataset::CheckpointRecord {
        step: 1,
        kind: "int".into(),
        gold: "2".into(),
    }];
    assert_eq!(
        serde_json::from_str::<Record>(&record.to_json_line()).unwrap(),
        record
    );
}

#[test]
fn nolli_line_has_the_reference_fields() {
    let task = NolliTask {
        name: "sudoku".into(),
        first: 200,
    };
    assert_eq!(
        task.line(&sample()),
        r#"{"id":"sudoku_ko_0242","question":"빈칸을 채우세요.\n1 2 _","answer":"3","solution":"세 번째 칸은 3","difficulty":"hard","task":"sudoku","language":"ko"}"#
    );
    assert_eq!(task.file("ko", "hard"), "sudoku_ko_hard.jsonl");
    assert_eq!(task.id("en", 12345), "sudoku_en_12545");
}

#[test]
fn nolli_answers_take_the_reference_graders_forms() {
    assert_eq!(
        nolli_answer(AnswerKind::Assignment, "A=true, B=false, Cy=-3"),
        r#"{"A": true, "B": false, "Cy": -3}"#
    );
    assert_eq!(
        nolli_answer(AnswerKind::Grid, "1 2 3\n3 1 2\n2 3 1"),
        "1 2 3 3 1 2 2 3 1"
    );
    assert_eq!(nolli_answer(AnswerKind::Int, "42"), "42");
    // The object reads back as the same canonical assignment.
    let object = nolli_answer(AnswerKind::Assignment, "A=true, B=false");
    assert_eq!(
        normalize(AnswerKind::Assignment, &object).unwrap(),
        "A=true, B=false"
    );
}

#[test]
fn nolli_choices_are_an_object_by_letter() {
    let mut record = sample();
    record.choices = Some(vec!["시숙".into(), "시동생".into()]);
    record.answer_kind = "choice".into();
    record.answer = "B".into();
    let line = NolliTask {
        name: "kinship".into(),
        first: 0,
    }
    .line(&record);
    assert!(
        line.contains(
            r#""difficulty":"hard","choices":{"A":"시숙","B":"시동생"},"task":"kinship""#
        ),
        "{line}"
    );
    assert_eq!(option_letter(25), "Z");
    assert_eq!(option_letter(26), "AA");
}
