//! End-to-end tests of `puzzlec score`: a real dataset scored with its own
//! golds and with nothing, and every kind of bad responses file.

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_puzzlec");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn report(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("valid JSON")
}

#[test]
fn golds_score_100_and_nothing_scores_0() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let data = tmp.path().join("data");
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let o = run(&[
        "build",
        puzzles.to_str().unwrap(),
        "-o",
        data.to_str().unwrap(),
        "-n",
        "2",
        "--seed",
        "7",
    ]);
    assert!(o.status.success(), "build failed: {}", stderr(&o));

    // The golds themselves, in the three accepted layouts in turn.
    let mut plain = String::new();
    let mut batch = String::new();
    let mut harness = String::new();
    let mut n = 0;
    for file in puzzlec::dataset::dataset_files(&data).unwrap() {
        for r in puzzlec::dataset::read_records(&file).unwrap() {
            n += 1;
            let resp = format!("<think>working…</think>\nAnswer:\n{}", r.answer);
            plain += &serde_json::json!({"id": r.id, "response": resp}).to_string();
            plain.push('\n');
            batch += &serde_json::json!({"id": format!("batch_req_{n}"), "custom_id": r.id,
                "response": {"status_code": 200, "body": {"choices": [{"message": {"content": resp}}]}},
                "error": null}).to_string();
            batch.push('\n');
            harness += &serde_json::json!({"doc_id": n, "doc": {"id": r.id},
                "resps": [[resp]], "filtered_resps": [r.answer]})
            .to_string();
            harness.push('\n');
        }
    }
    for (name, text) in [("plain", &plain), ("batch", &batch), ("harness", &harness)] {
        let responses = tmp.path().join(format!("{name}.jsonl"));
        std::fs::write(&responses, text).unwrap();
        let out = tmp.path().join(format!("out-{name}"));
        let o = run(&[
            "score",
            data.to_str().unwrap(),
            responses.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--per-item",
        ]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let rep = report(&out);
        assert_eq!(rep["totals"]["n"], n, "{name}");
        assert_eq!(rep["totals"]["correct"], n, "{name}");
        for cell in rep["cells"].as_array().unwrap() {
            assert_eq!(cell["accuracy"], 1.0, "{name}: {cell}");
        }
        for task in rep["tasks"].as_array().unwrap() {
            assert_eq!(task["accuracy"], 1.0, "{name}: {task}");
        }
        assert_eq!(rep["macro_accuracy"], 1.0);
        let gaps = rep["gaps"].as_array().unwrap();
        assert!(!gaps.is_empty(), "direct types have EN−KO gaps");
        for g in gaps {
            assert_eq!(g["gap"], 0.0);
            assert_eq!(g["mcnemar_p"], 1.0);
        }
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.contains("| puzzle | lang | tier |"), "{stdout}");
        let svg = std::fs::read_to_string(out.join("accuracy.svg")).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        assert!(md.contains("EN−KO gap"));
        let per_item = std::fs::read_to_string(out.join("per_item.jsonl")).unwrap();
        assert_eq!(per_item.lines().count(), n);
        assert!(per_item
            .lines()
            .all(|l| l.contains(r#""verdict":"correct""#)));
    }

    // An empty responses file: 0 %, every item missing.
    let empty = tmp.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let out = tmp.path().join("out-empty");
    let o = run(&[
        "score",
        data.to_str().unwrap(),
        empty.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rep = report(&out);
    assert_eq!(rep["totals"]["correct"], 0);
    assert_eq!(rep["totals"]["missing"], n);
    assert_eq!(rep["micro_accuracy"], 0.0);
    for cell in rep["cells"].as_array().unwrap() {
        assert_eq!(cell["accuracy"], 0.0);
        assert_eq!(cell["missing"], cell["n"]);
    }
}

/// A hand-written three-record dataset (scoring reads only these fields).
fn tiny_dataset(dir: &Path) -> std::path::PathBuf {
    let data = dir.join("tiny.jsonl");
    let recs = [
        ("p/en/easy/00000", "en", "p/easy/00000", "42"),
        ("p/ko/easy/00000", "ko", "p/easy/00000", "42"),
        ("p/en/easy/00001", "en", "p/easy/00001", "-7"),
    ];
    let mut text = String::new();
    for (id, lang, pair, answer) in recs {
        text += &serde_json::json!({"id": id, "puzzle": "p", "lang": lang, "tier": "easy",
            "index": 0, "family": "direct", "pair": pair, "answer": answer,
            "answer_kind": "int"})
        .to_string();
        text.push('\n');
    }
    std::fs::write(&data, text).unwrap();
    data
}

fn score_bytes(responses: &[u8]) -> (Output, Option<serde_json::Value>) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_dataset(tmp.path());
    let resp = tmp.path().join("responses.jsonl");
    std::fs::write(&resp, responses).unwrap();
    let out = tmp.path().join("out");
    let o = run(&[
        "score",
        data.to_str().unwrap(),
        resp.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--per-item",
    ]);
    let rep = out.join("report.json").is_file().then(|| report(&out));
    (o, rep)
}

#[test]
fn invalid_json_lines_are_reported_and_the_rest_scored() {
    let (o, rep) = score_bytes(
        b"{\"id\":\"p/en/easy/00000\",\"response\":\"Answer: 42\"}\n{oops\n\n[1]\n{\"id\":\"p/ko/easy/00000\",\"response\":\"\xec\xa0\x95\xeb\x8b\xb5: 42\"}\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("2 invalid line(s)") && err.contains("line 2") && err.contains("line 4"),
        "{err}"
    );
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["correct"], 2);
    assert_eq!(rep["totals"]["missing"], 1);
    assert_eq!(rep["input"]["invalid"]["count"], 2);
    assert_eq!(rep["input"]["blank"], 1);
}

#[test]
fn invalid_utf8_unknown_and_duplicate_ids() {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"{\"id\":\"p/en/easy/00000\",\"response\":\"Answer: 41\"}\n");
    bytes.extend_from_slice(b"{\"id\":\"p/en/easy/00000\",\"response\":\"Answer: 42\"}\n");
    bytes.extend_from_slice(b"{\"id\":\"p/en/easy/00001\",\"response\":\"Answer: \xff\xfe\"}\n");
    bytes.extend_from_slice(b"{\"id\":\"q/en/easy/00000\",\"response\":\"Answer: 1\"}\n");
    bytes.extend_from_slice(b"{\"id\":\"p/ko/easy/00000\",\"response\":\"   \"}\r\n");
    let (o, rep) = score_bytes(&bytes);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("not valid UTF-8") && err.contains("line 3"),
        "{err}"
    );
    assert!(err.contains("`q/en/easy/00000`"), "{err}");
    assert!(err.contains("first response for an id counts"), "{err}");
    let rep = rep.unwrap();
    // The FIRST response counts: 41 is wrong.
    assert_eq!(rep["totals"]["wrong"], 1);
    assert_eq!(rep["totals"]["correct"], 0);
    assert_eq!(rep["totals"]["empty"], 1);
    assert_eq!(rep["totals"]["missing"], 1);
    assert_eq!(rep["input"]["duplicates"]["count"], 1);
    assert_eq!(rep["input"]["unknown"]["count"], 1);
    assert_eq!(rep["input"]["invalid_utf8"]["examples"][0], 3);
}

#[test]
fn responses_for_another_dataset_fail() {
    let (o, _) = score_bytes(
        b"{\"id\":\"sudoku/en/easy/00000\",\"response\":\"1\"}\n{\"id\":\"sudoku/en/easy/00001\",\"response\":\"2\"}\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("another dataset") && err.contains("`sudoku/en/easy/00000`"),
        "{err}"
    );
}

#[test]
fn a_ten_megabyte_response_is_fine() {
    let mut long = "I will think very carefully. ".repeat(10 * 1024 * 1024 / 29);
    long.push_str("\nFinal answer: -7");
    let line = serde_json::json!({"id": "p/en/easy/00001", "response": long}).to_string();
    assert!(line.len() > 10_000_000);
    let (o, rep) = score_bytes(format!("{line}\n").as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(rep.unwrap()["totals"]["correct"], 1);
}

#[test]
fn missing_files_are_clear_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_dataset(tmp.path());
    let o = run(&[
        "score",
        data.to_str().unwrap(),
        "/nonexistent/responses.jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read `/nonexistent/responses.jsonl`"),
        "{}",
        stderr(&o)
    );
    let o = run(&["score", "/nonexistent/data", "/nonexistent/r.jsonl"]);
    assert_eq!(o.status.code(), Some(1));
}
