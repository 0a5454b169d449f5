//! End-to-end tests of `puzzlec score`: a real dataset scored with its own
//! golds and with nothing, and every kind of bad responses file.

use crate::common::browser;
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

/// Opens the chart in headless Chromium: it parses as SVG with every cell
/// and pair in the DOM, and its screenshot holds far more than a blank
/// picture of the same size.
fn browser_check(svg: &Path, cells: usize, pairs: usize) {
    let Some(chromium) = browser::chromium("accuracy.svg") else {
        return;
    };
    let dom = browser::dump_dom(&chromium, svg);
    assert!(
        !dom.contains("parsererror"),
        "the SVG does not parse: {dom}"
    );
    assert_eq!(dom.matches(r#"class="cell""#).count(), cells, "{dom}");
    assert_eq!(dom.matches(r#"class="pair""#).count(), pairs, "{dom}");
    let text = std::fs::read_to_string(svg).unwrap();
    let size = |attr: &str| -> u32 {
        let at = text.find(&format!(" {attr}=\"")).expect("size attribute") + attr.len() + 3;
        text[at..]
            .split('"')
            .next()
            .unwrap()
            .parse()
            .expect("a size")
    };
    let (w, h) = (size("width"), size("height"));
    let blank = svg.with_file_name("blank.svg");
    std::fs::write(
        &blank,
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"><rect width="100%" height="100%" fill="white"/></svg>"#),
    )
    .unwrap();
    let chart = browser::idat_bytes(&browser::screenshot(&chromium, svg, (w, h)));
    let flat = browser::idat_bytes(&browser::screenshot(&chromium, &blank, (w, h)));
    assert!(
        chart > 5 * flat.max(1),
        "chart {chart} bytes vs blank {flat} bytes"
    );
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

    // The golds themselves, in the five accepted layouts in turn.
    let mut plain = String::new();
    let mut batch = String::new();
    let mut responses_api = String::new();
    let mut anthropic = String::new();
    let mut harness = String::new();
    let mut blank = String::new();
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
            responses_api += &serde_json::json!({"id": format!("batch_req_{n}"), "custom_id": r.id,
                "response": {"status_code": 200, "body": {"status": "completed", "output": [
                    {"type": "reasoning", "summary": []},
                    {"type": "message", "content": [{"type": "output_text", "text": resp}]}]}},
                "error": null})
            .to_string();
            responses_api.push('\n');
            anthropic += &serde_json::json!({"custom_id": r.id, "result": {"type": "succeeded",
                "message": {"content": [{"type": "text", "text": resp}], "stop_reason": "end_turn"}}})
            .to_string();
            anthropic.push('\n');
            blank += &serde_json::json!({"id": r.id, "response": ""}).to_string();
            blank.push('\n');
        }
    }
    for (name, text, layout) in [
        ("plain", &plain, "id/response lines"),
        ("batch", &batch, "OpenAI batch output (chat completions)"),
        (
            "responses",
            &responses_api,
            "OpenAI batch output (Responses API)",
        ),
        ("anthropic", &anthropic, "Anthropic message-batch results"),
        ("harness", &harness, "lm-evaluation-harness samples"),
    ] {
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
        let said = format!("as {n} line(s) of {layout}\n");
        assert!(stderr(&o).contains(&said), "{name}: {}", stderr(&o));
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
        // One heatmap cell per puzzle × language × tier, all at 100 %, and
        // one EN-vs-KO pair per direct type.
        let cells = rep["cells"].as_array().unwrap().len();
        assert_eq!(svg.matches(r#"<g class="cell">"#).count(), cells);
        assert_eq!(svg.matches(">100</text><title>").count(), cells);
        assert_eq!(svg.matches(r#"<g class="pair">"#).count(), gaps.len());
        if name == "plain" {
            browser_check(&out.join("accuracy.svg"), cells, gaps.len());
        }
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        assert!(md.contains("EN−KO gap"));
        let per_item = std::fs::read_to_string(out.join("per_item.jsonl")).unwrap();
        assert_eq!(per_item.lines().count(), n);
        assert!(per_item
            .lines()
            .all(|l| l.contains(r#""verdict":"correct""#)));
    }

    // A blank response to every record: 0 %, every item empty.
    let empty = tmp.path().join("blank.jsonl");
    std::fs::write(&empty, blank).unwrap();
    let out = tmp.path().join("out-blank");
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
    assert_eq!(rep["totals"]["empty"], n);
    assert_eq!(rep["micro_accuracy"], 0.0);
    for cell in rep["cells"].as_array().unwrap() {
        assert_eq!(cell["accuracy"], 0.0);
        assert_eq!(cell["empty"], cell["n"]);
    }
}

/// Files in which no line answers a record end in an error, never a silent 0 %.
#[test]
fn no_usable_line_is_an_error() {
    let cases: [(&str, &[u8], &str); 4] = [
        ("an empty file", b"", "(0 line(s): 0 blank)"),
        ("blank lines", b"\n\n", "(2 line(s): 2 blank)"),
        (
            "CSV",
            b"id,response\np/en/easy/00000,42\n",
            "2 invalid, the first at line 1: invalid JSON",
        ),
        (
            "an Inspect log",
            br#"{"version": 2, "status": "success", "eval": {"task": "t"}, "samples": []}"#,
            "1 invalid, the first at line 1: no id",
        ),
    ];
    for (what, bytes, detail) in cases {
        let (o, rep) = score_bytes(bytes);
        assert_eq!(o.status.code(), Some(1), "{what}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("no usable response line"), "{what}: {err}");
        assert!(err.contains(detail), "{what}: {err}");
        assert!(rep.is_none(), "{what}: no report is written");
    }
}

/// Failed batch requests and truncated responses are scored wrong without
/// being graded, counted and listed apart; a stray gold in a cut-off text
/// does not count.
#[test]
fn failed_and_truncated_batch_lines_are_wrong_and_listed() {
    let lines = [
        // Chat completions cut at the token limit, ending in the gold 42.
        r#"{"custom_id":"p/en/easy/00000","response":{"status_code":200,"body":{"choices":[{"message":{"content":"Let me count: 40, 41, 42"},"finish_reason":"length"}]}},"error":null}"#,
        // Responses API incomplete.
        r#"{"custom_id":"p/ko/easy/00000","response":{"status_code":200,"body":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"type":"message","content":[{"type":"output_text","text":"정답: 42"}]}]}},"error":null}"#,
        // A line of `puzzlec ask` whose reply hit the token limit.
        r#"{"id":"p/en/easy/00001","response":"Answer: -7","finish_reason":"length"}"#,
        // A failed request (a later line for the same id: ignored).
        r#"{"custom_id":"p/en/easy/00001","response":null,"error":{"code":"batch_expired","message":"This request could not be executed before the completion window expired."}}"#,
    ];
    let (o, rep) = score_bytes(
        format!(
            "{}
",
            lines.join(
                "
"
            )
        )
        .as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("3 truncated response(s)"), "{err}");
    assert!(
        err.contains("`p/en/easy/00001 (finish_reason `length`)` (line 3)"),
        "{err}"
    );
    assert!(
        err.contains("`p/en/easy/00000 (finish_reason `length`)` (line 1)"),
        "{err}"
    );
    assert!(
        err.contains("`p/ko/easy/00000 (status `incomplete` (max_output_tokens))` (line 2)"),
        "{err}"
    );
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["correct"], 0);
    assert_eq!(rep["totals"]["wrong"], 3);
    assert_eq!(rep["totals"]["empty"], 0);
    assert_eq!(rep["input"]["failed"]["count"], 0);
    assert_eq!(rep["input"]["duplicates"]["count"], 1);
    assert_eq!(rep["input"]["truncated"]["count"], 3);
    assert_eq!(rep["input"]["truncated"]["examples"][1]["line"], 2);
}

#[test]
fn failed_openai_batch_requests_are_counted_as_failed() {
    let lines = [
        r#"{"custom_id":"p/en/easy/00001","response":null,"error":{"code":"batch_expired","message":"This request could not be executed before the completion window expired."}}"#,
        r#"{"custom_id":"p/ko/easy/00000","response":{"status_code":500,"body":{"error":{"message":"server error"}}},"error":null}"#,
        r#"{"custom_id":"p/en/easy/00000","response":{"status_code":200,"body":{"choices":[{"message":{"content":"Answer: 42"},"finish_reason":"stop"}]}},"error":null}"#,
    ];
    let (o, rep) = score_bytes(format!("{}\n", lines.join("\n")).as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("2 failed request(s), scored wrong (first: `p/en/easy/00001 (This request could not be executed"), "{err}");
    assert!(
        err.contains("`p/ko/easy/00000 (status 500 server error)` (line 2)"),
        "{err}"
    );
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["correct"], 1);
    assert_eq!(rep["totals"]["wrong"], 2);
    assert_eq!(rep["totals"]["empty"], 0);
    assert_eq!(rep["input"]["failed"]["count"], 2);
}

#[test]
fn anthropic_results_truncated_and_errored() {
    let lines = [
        r#"{"custom_id":"p/en/easy/00000","result":{"type":"succeeded","message":{"content":[{"type":"text","text":"Answer: 4"},{"type":"text","text":"2"}],"stop_reason":"end_turn"}}}"#,
        r#"{"custom_id":"p/ko/easy/00000","result":{"type":"succeeded","message":{"content":[{"type":"text","text":"정답: 42"}],"stop_reason":"max_tokens"}}}"#,
        r#"{"custom_id":"p/en/easy/00001","result":{"type":"errored","error":{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}}}"#,
    ];
    let (o, rep) = score_bytes(
        format!(
            "{}
",
            lines.join(
                "
"
            )
        )
        .as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("as 3 line(s) of Anthropic message-batch results"),
        "{err}"
    );
    assert!(
        err.contains("`p/en/easy/00001 (result `errored` Overloaded)`"),
        "{err}"
    );
    assert!(
        err.contains("`p/ko/easy/00000 (stop_reason `max_tokens`)`"),
        "{err}"
    );
    let rep = rep.unwrap();
    // The text parts are joined: "Answer: 42".
    assert_eq!(rep["totals"]["correct"], 1);
    assert_eq!(rep["totals"]["wrong"], 2);
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

/// A hand-written dataset of two puzzles × two languages × two tiers, two
/// records each; every gold is the record's position.
fn grid_dataset(dir: &Path) -> (std::path::PathBuf, Vec<(String, String)>) {
    let data = dir.join("grid.jsonl");
    let mut text = String::new();
    let mut golds = Vec::new();
    for puzzle in ["p", "q"] {
        for lang in ["en", "ko"] {
            for tier in ["easy", "hard"] {
                for i in 0..2 {
                    let id = format!("{puzzle}/{lang}/{tier}/{i:05}");
                    let answer = golds.len().to_string();
                    text += &serde_json::json!({"id": id, "puzzle": puzzle, "lang": lang,
                        "tier": tier, "index": i, "family": "direct",
                        "pair": format!("{puzzle}/{tier}/{i:05}"), "answer": answer,
                        "answer_kind": "int"})
                    .to_string();
                    text.push('\n');
                    golds.push((id, answer));
                }
            }
        }
    }
    std::fs::write(&data, text).unwrap();
    (data, golds)
}

/// Scores `responses` (the golds of the ids chosen) against the grid
/// dataset with extra flags.
fn score_grid(
    answer: impl Fn(&str) -> bool,
    flags: &[&str],
) -> (Output, Option<serde_json::Value>) {
    let tmp = tempfile::tempdir().unwrap();
    let (data, golds) = grid_dataset(tmp.path());
    let mut text = String::new();
    for (id, gold) in golds.iter().filter(|(id, _)| answer(id)) {
        text += &serde_json::json!({"id": id, "response": format!("Answer: {gold}")}).to_string();
        text.push('\n');
    }
    let resp = tmp.path().join("responses.jsonl");
    std::fs::write(&resp, text).unwrap();
    let out = tmp.path().join("out");
    let mut args = vec![
        "score",
        data.to_str().unwrap(),
        resp.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(flags);
    let o = run(&args);
    let rep = out.join("report.json").is_file().then(|| report(&out));
    (o, rep)
}

#[test]
fn puzzle_lang_and_tier_filters_score_only_their_records() {
    // Every record answered; the filters keep q/ko (both tiers) = 4 records.
    let (o, rep) = score_grid(
        |_| true,
        &["--puzzle", "q", "--lang", "ko", "--tier", "easy,hard"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["n"], 4);
    assert_eq!(rep["totals"]["correct"], 4);
    assert_eq!(rep["totals"]["missing"], 0);
    assert_eq!(rep["selection"]["records_left_out"], 12);
    assert_eq!(rep["input"]["excluded"], 12);
    assert_eq!(rep["input"]["unknown"]["count"], 0);
    let cells = rep["cells"].as_array().unwrap();
    assert!(cells
        .iter()
        .all(|c| c["puzzle"] == "q" && c["lang"] == "ko"));
    assert!(stderr(&o).contains("12 response(s) to records outside the selection ignored"));
    // Without filters the same responses score every record.
    let (o, rep) = score_grid(|_| true, &[]);
    assert!(o.status.success());
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["n"], 16);
    assert!(rep.get("selection").is_none());
}

#[test]
fn answered_only_drops_unanswered_tasks_instead_of_counting_them_missing() {
    // Responses for p/en/easy (both records) and one of q/ko/hard.
    let answered = |id: &str| id.starts_with("p/en/easy/") || id == "q/ko/hard/00001";
    let (o, rep) = score_grid(answered, &["--answered-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rep = rep.unwrap();
    assert_eq!(rep["totals"]["n"], 4, "two tasks of two records each");
    assert_eq!(rep["totals"]["correct"], 3);
    assert_eq!(
        rep["totals"]["missing"], 1,
        "q/ko/hard/00000 has no response"
    );
    assert_eq!(rep["selection"]["records_left_out"], 12);
    // The plain score counts the other twelve as missing.
    let (_, rep) = score_grid(answered, &[]);
    assert_eq!(rep.unwrap()["totals"]["missing"], 13);
}

#[test]
fn a_filter_that_names_nothing_fails_with_the_available_values() {
    let (o, rep) = score_grid(|_| true, &["--tier", "medium"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(rep.is_none(), "no report is written");
    let err = stderr(&o);
    assert!(err.contains("`--tier medium` matches no record"), "{err}");
    assert!(err.contains("easy, hard"), "{err}");
    // Each filter matches, but not together with `--answered-only`.
    let (o, _) = score_grid(
        |id| id.starts_with("p/"),
        &["--puzzle", "q", "--answered-only"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no record of the dataset passes the selection"),
        "{}",
        stderr(&o)
    );
}
