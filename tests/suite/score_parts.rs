//! End-to-end tests of sub-answer scoring: `score --steps` on specs with
//! checkpoints, and `bundle` + `score` on bundles (determinism, round trip,
//! one wrong question, malformed responses).

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use puzzlec::dataset::{dataset_files, read_records, BundleRecord};

const BIN: &str = env!("CARGO_BIN_EXE_puzzlec");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(o: Output) -> Output {
    assert!(
        o.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

fn report(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("valid JSON")
}

/// The `parts` verdicts of a `per_item.jsonl` line.
fn part_verdicts(line: &Value) -> Vec<&str> {
    line["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| p.as_str().expect("a verdict"))
        .collect()
}

fn write_lines(path: &Path, lines: &[Value]) {
    let text: String = lines.iter().map(|l| l.to_string() + "\n").collect();
    std::fs::write(path, text).expect("write");
}

fn build(specs: &Path, out: &Path, n: &str, extra: &[&str]) {
    let mut args = vec!["build", s(specs), "-o", s(out), "-n", n, "--seed", "3"];
    args.extend_from_slice(extra);
    ok(run(&args));
}

fn score(data: &Path, responses: &Path, out: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["score", s(data), s(responses), "-o", s(out)];
    args.extend_from_slice(extra);
    ok(run(&args));
    report(out)
}

/// The step cells of a report as (records, all_correct, [(label, n, correct, wrong, missing)]).
type StepRow = (String, u64, u64, u64, u64);

fn step_rows(cell: &Value) -> Vec<StepRow> {
    cell["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| {
            (
                p["label"].as_str().expect("label").to_string(),
                p["n"].as_u64().expect("n"),
                p["correct"].as_u64().expect("correct"),
                p["wrong"].as_u64().expect("wrong"),
                p["missing"].as_u64().expect("missing"),
            )
        })
        .collect()
}

#[test]
fn steps_are_scored_one_by_one() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let data = tmp.path().join("data");
    build(&root().join("suites/hrmcr"), &data, "20", &[]);
    let records: Vec<_> = dataset_files(&data)
        .unwrap()
        .iter()
        .flat_map(|f| read_records(f).unwrap())
        .collect();
    assert!(records.iter().all(|r| !r.checkpoints.is_empty()));

    // Every step right, in assorted layouts.
    let mut right = Vec::new();
    // Step 2 wrong, the last step left out, the final answer right.
    let mut partial = Vec::new();
    // Every step right, the final answer wrong.
    let mut answer_wrong = Vec::new();
    for r in &records {
        let mut text = String::from("<think>Step 1: 0</think>풀이:\n");
        let mut partial_text = String::new();
        let last = r.checkpoints.len();
        for c in &r.checkpoints {
            let line = match c.step % 3 {
                0 => format!("**Step {}:** {}\n", c.step, c.gold),
                1 => format!("Step {}: {}\n", c.step, c.gold),
                _ => format!("- STEP {} : {} (계산)\n", c.step, c.gold),
            };
            text.push_str(&line);
            if c.step == 2 {
                partial_text.push_str(&format!("Step 2: {}\n", wrong_gold(&c.kind, &c.gold)));
            } else if c.step != last {
                partial_text.push_str(&line);
            }
        }
        answer_wrong.push(json!({"id": r.id, "response": format!("{text}정답: 틀린 답\n")}));
        text.push_str(&format!("정답: {}\n", r.answer));
        partial_text.push_str(&format!("정답: {}\n", r.answer));
        right.push(json!({"id": r.id, "response": text}));
        partial.push(json!({"id": r.id, "response": partial_text}));
    }
    let resp = tmp.path().join("right.jsonl");
    write_lines(&resp, &right);
    let rep = score(&data, &resp, &tmp.path().join("r1"), &["--steps"]);
    assert_eq!(rep["micro_accuracy"], 1.0);
    let cells = rep["steps"].as_array().expect("steps");
    assert_eq!(cells.len(), 6, "2 puzzles × 3 tiers");
    for cell in cells {
        assert_eq!(cell["all_correct"], cell["records"], "{cell}");
        assert_eq!(cell["parts_right_answer_wrong"], 0, "{cell}");
        for (label, n, correct, _, _) in step_rows(cell) {
            assert_eq!(n, correct, "{label}: {cell}");
        }
        for p in cell["parts"].as_array().unwrap() {
            assert_eq!(p["first_wrong"], 0, "{cell}");
        }
    }
    let resp = tmp.path().join("answer_wrong.jsonl");
    write_lines(&resp, &answer_wrong);
    let rep = score(&data, &resp, &tmp.path().join("r3"), &["--steps"]);
    assert_eq!(rep["micro_accuracy"], 0.0);
    for cell in rep["steps"].as_array().expect("steps") {
        assert_eq!(cell["all_correct"], 0, "{cell}");
        assert_eq!(cell["parts_right_answer_wrong"], cell["records"], "{cell}");
    }
    // Without `--steps` the report has no step section.
    let plain = score(&data, &resp, &tmp.path().join("r0"), &[]);
    assert!(plain.get("steps").is_none());

    let resp = tmp.path().join("partial.jsonl");
    write_lines(&resp, &partial);
    let rep = score(
        &data,
        &resp,
        &tmp.path().join("r2"),
        &["--steps", "--per-item"],
    );
    assert_eq!(rep["micro_accuracy"], 1.0, "the final answers are right");
    for cell in rep["steps"].as_array().expect("steps") {
        assert_eq!(cell["all_correct"], 0, "{cell}");
        let first_wrong: Vec<u64> = cell["parts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["first_wrong"].as_u64().unwrap())
            .collect();
        let mut expected = vec![0; first_wrong.len()];
        expected[1] = cell["records"].as_u64().unwrap();
        assert_eq!(first_wrong, expected, "step 2 is the first wrong one");
        let rows = step_rows(cell);
        let last = rows.len();
        for (i, (label, n, correct, wrong, missing)) in rows.into_iter().enumerate() {
            assert_eq!(n, cell["records"].as_u64().unwrap(), "{label}");
            match i + 1 {
                2 => assert_eq!((correct, wrong), (0, n), "{label}"),
                k if k == last => assert_eq!((correct, missing), (0, n), "{label}"),
                _ => assert_eq!(correct, n, "{label}"),
            }
        }
    }
    let per_item = std::fs::read_to_string(tmp.path().join("r2/per_item.jsonl")).unwrap();
    let first: Value = serde_json::from_str(per_item.lines().next().unwrap()).unwrap();
    let parts = part_verdicts(&first);
    assert_eq!(parts[1], "wrong");
    assert_eq!(*parts.last().unwrap(), "missing");
}

/// A different valid answer of the kind.
fn wrong_gold(kind: &str, gold: &str) -> String {
    match kind {
        "int" => (gold.parse::<i64>().unwrap() + 1).to_string(),
        "date" => {
            let mut f: Vec<i64> = gold.split('.').map(|x| x.parse().unwrap()).collect();
            f[0] += 1;
            format!("{}.{}.{}", f[0], f[1], f[2])
        }
        other => panic!("no wrong answer for kind {other}"),
    }
}

#[test]
fn records_without_checkpoints_carry_an_empty_checkpoint_list() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let data = tmp.path().join("data");
    build(
        &root().join("suites/korbench/kor_operation.puzzle"),
        &data,
        "3",
        &[],
    );
    for f in dataset_files(&data).unwrap() {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            assert_eq!(record["checkpoints"], "[]", "{}", f.display());
        }
    }
}

fn bundle_records(dir: &Path) -> Vec<BundleRecord> {
    let mut out = Vec::new();
    for f in dataset_files(dir).unwrap() {
        for line in std::fs::read_to_string(&f).unwrap().lines() {
            out.push(serde_json::from_str(line).expect("a bundle record"));
        }
    }
    out
}

fn tree_bytes(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<PathBuf> = dataset_files(dir).unwrap();
    files.push(dir.join("bundle.json"));
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap();
            (f.strip_prefix(dir).unwrap().to_path_buf(), bytes)
        })
        .collect()
}

#[test]
fn bundles_are_deterministic_and_score_per_question() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    build(&root().join("puzzles"), &a, "4", &["--tier", "easy"]);
    build(&root().join("suites/hrmcr"), &b, "4", &[]);
    let bundle = |out: &Path, seed: &str, extra: &[&str]| {
        let mut args = vec![
            "bundle",
            s(&a),
            s(&b),
            "-o",
            s(out),
            "-k",
            "3",
            "-n",
            "25",
            "--seed",
            seed,
        ];
        args.extend_from_slice(extra);
        ok(run(&args));
    };
    let x1 = tmp.path().join("x1");
    let x2 = tmp.path().join("x2");
    let x3 = tmp.path().join("x3");
    bundle(&x1, "5", &[]);
    // The same pool given in the other order: the same bytes.
    ok(run(&[
        "bundle",
        s(&b),
        s(&a),
        "-o",
        s(&x2),
        "-k",
        "3",
        "-n",
        "25",
        "--seed",
        "5",
    ]));
    bundle(&x3, "6", &[]);
    assert_eq!(tree_bytes(&x1), tree_bytes(&x2), "same seed, same bytes");
    assert_ne!(
        tree_bytes(&x1),
        tree_bytes(&x3),
        "another seed, other bundles"
    );

    let bundles = bundle_records(&x1);
    assert_eq!(bundles.len(), 50, "25 per language (en, ko)");
    let pool: std::collections::HashMap<String, puzzlec::dataset::Record> = [&a, &b]
        .iter()
        .flat_map(|d| dataset_files(d).unwrap())
        .flat_map(|f| read_records(&f).unwrap())
        .map(|r| (r.id.clone(), r))
        .collect();
    let mut puzzles_seen = std::collections::BTreeSet::new();
    for bd in &bundles {
        assert_eq!(bd.bundle.len(), 3);
        let ids: std::collections::BTreeSet<&str> =
            bd.bundle.iter().map(|q| q.id.as_str()).collect();
        assert_eq!(ids.len(), 3, "distinct questions");
        let gold: Value = serde_json::from_str(&bd.answer).expect("answer is JSON");
        for (i, q) in bd.bundle.iter().enumerate() {
            let src = &pool[&q.id];
            assert_eq!(q.key, format!("question{}", i + 1));
            assert_eq!((&q.answer, &q.answer_kind), (&src.answer, &src.answer_kind));
            assert_eq!(src.lang, bd.lang);
            assert_eq!(gold[&q.key], json!(src.answer));
            assert!(bd.question.contains(src.question.trim_end()), "{}", bd.id);
            assert!(bd.question.contains(&format!("{}:\n", q.key)));
            puzzles_seen.insert(src.puzzle.clone());
        }
    }
    assert!(puzzles_seen.len() >= 5, "questions from many puzzles");

    // --same-puzzle: every question of a bundle from one puzzle.
    let x4 = tmp.path().join("x4");
    bundle(&x4, "5", &["--same-puzzle"]);
    for bd in bundle_records(&x4) {
        let p: std::collections::BTreeSet<&str> = bd
            .bundle
            .iter()
            .map(|q| pool[&q.id].puzzle.as_str())
            .collect();
        assert_eq!(p.len(), 1, "{}", bd.id);
    }

    // Round trip: the golds score 100 %.
    let golds: Vec<Value> = bundles
        .iter()
        .map(|bd| json!({"id": bd.id, "response": format!("Here you go:\n```json\n{}\n```", bd.answer)}))
        .collect();
    let resp = tmp.path().join("golds.jsonl");
    write_lines(&resp, &golds);
    let rep = score(&x1, &resp, &tmp.path().join("s1"), &[]);
    assert_eq!(rep["micro_accuracy"], 1.0);
    for cell in rep["bundle_questions"]
        .as_array()
        .expect("bundle_questions")
    {
        assert_eq!(cell["all_correct"], cell["records"]);
        for (label, n, correct, _, _) in step_rows(cell) {
            assert_eq!(n, correct, "{label}");
        }
    }
    let by_source: u64 = rep["bundle_sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["correct"].as_u64().unwrap())
        .sum();
    assert_eq!(by_source, 150);

    // One wrong question: the bundle is wrong, the others still count.
    let one_wrong: Vec<Value> = bundles
        .iter()
        .map(|bd| {
            let mut obj = serde_json::Map::new();
            for q in &bd.bundle {
                let v = if q.key == "question2" {
                    "@@ not it @@".to_string()
                } else {
                    q.answer.clone()
                };
                obj.insert(q.key.clone(), json!(v));
            }
            json!({"id": bd.id, "response": Value::Object(obj).to_string()})
        })
        .collect();
    let resp = tmp.path().join("one_wrong.jsonl");
    write_lines(&resp, &one_wrong);
    let rep = score(&x1, &resp, &tmp.path().join("s2"), &[]);
    assert_eq!(
        rep["micro_accuracy"], 0.0,
        "every bundle has a wrong question"
    );
    let mut totals = [0u64; 3];
    for cell in rep["bundle_questions"].as_array().unwrap() {
        assert_eq!(cell["all_correct"], 0);
        for (i, (_, n, correct, _, _)) in step_rows(cell).into_iter().enumerate() {
            if i == 1 {
                assert_eq!(correct, 0);
            } else {
                assert_eq!(correct, n);
            }
            totals[i] += correct;
        }
    }
    assert_eq!(totals, [50, 0, 50]);

    // Malformed responses: each bundle wrong, never a crash.
    let bad = [
        "",
        "no json here",
        "{\"question1\": \"unterminated",
        "} backwards {",
        "[\"question1\", \"question2\"]",
        "{'question1': 'single quotes'}",
        "{\"question9\": \"no such key\"}",
        "<think>{\"question1\": 1}</think>",
    ];
    let lines: Vec<Value> = bundles
        .iter()
        .enumerate()
        .map(|(i, bd)| json!({"id": bd.id, "response": bad[i % bad.len()]}))
        .collect();
    let resp = tmp.path().join("bad.jsonl");
    write_lines(&resp, &lines);
    let rep = score(&x1, &resp, &tmp.path().join("s3"), &["--per-item"]);
    assert_eq!(rep["totals"]["correct"], 0);
    assert_eq!(rep["totals"]["n"], 50);
    assert_eq!(
        rep["totals"]["empty"].as_u64().unwrap(),
        (0..50).filter(|i| i % 8 == 0 || i % 8 == 7).count() as u64
    );
    let per_item = std::fs::read_to_string(tmp.path().join("s3/per_item.jsonl")).unwrap();
    for (i, line) in per_item.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        let parts = part_verdicts(&v);
        let expected = match v["verdict"].as_str().unwrap() {
            "empty" => "empty",
            "unparseable" => "unparseable",
            "wrong" => "missing",
            other => panic!("line {i}: verdict {other}"),
        };
        assert!(parts.iter().all(|p| *p == expected), "line {i}: {v}");
    }
}

#[test]
fn bundle_questions_with_accept_are_judged_by_their_condition() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let points = tmp.path().join("p");
    let other = tmp.path().join("o");
    build(
        &root().join("suites/korbench/kor_puzzle_10_24_points.puzzle"),
        &points,
        "6",
        &["--tier", "easy"],
    );
    build(
        &root().join("puzzles/cipher_en.puzzle"),
        &other,
        "6",
        &["--tier", "easy"],
    );
    let x = tmp.path().join("x");
    ok(run(&[
        "bundle",
        s(&points),
        s(&other),
        "-o",
        s(&x),
        "-k",
        "3",
        "-n",
        "12",
        "--seed",
        "2",
    ]));
    let bundles = bundle_records(&x);
    let is_points = |id: &str| id.starts_with("kor_puzzle_10_24_points/");
    let mut with_accept = 0;
    for bd in &bundles {
        for q in &bd.bundle {
            // The condition and the instance it reads travel with the
            // question, and only for records that have `accept`.
            assert_eq!(q.accept.is_some(), is_points(&q.id), "{}", q.id);
            assert_eq!(q.instance.is_some(), q.accept.is_some(), "{}", q.id);
            with_accept += usize::from(q.accept.is_some());
        }
    }
    assert!(with_accept > 0, "some bundle asks a 24-points question");
    // Answers: the gold for the cipher questions; for the 24-points ones the
    // gold wrapped in parentheses (another text, the same valid expression)
    // or a wrong expression.
    let respond = |path: &Path, points_answer: &dyn Fn(&str) -> String| {
        let lines: Vec<Value> = bundles
            .iter()
            .map(|bd| {
                let mut obj = serde_json::Map::new();
                for q in &bd.bundle {
                    let a = if is_points(&q.id) {
                        points_answer(&q.answer)
                    } else {
                        q.answer.clone()
                    };
                    obj.insert(q.key.clone(), json!(a));
                }
                json!({"id": bd.id, "response": format!("Done.\n{}", Value::Object(obj))})
            })
            .collect();
        write_lines(path, &lines);
    };
    let right = tmp.path().join("right.jsonl");
    respond(&right, &|gold| format!("({gold})"));
    let r = score(&x, &right, &tmp.path().join("s1"), &[]);
    assert_eq!(r["totals"]["correct"], json!(bundles.len()), "{r}");
    let wrong = tmp.path().join("wrong.jsonl");
    respond(&wrong, &|_| "1+1".to_string());
    score(&x, &wrong, &tmp.path().join("s2"), &["--per-item"]);
    let per_item = std::fs::read_to_string(tmp.path().join("s2/per_item.jsonl")).unwrap();
    for line in per_item.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let bd = bundles
            .iter()
            .find(|b| json!(b.id) == v["id"])
            .expect("bundle");
        let parts = part_verdicts(&v);
        for (q, p) in bd.bundle.iter().zip(&parts) {
            let expected = if is_points(&q.id) { "wrong" } else { "correct" };
            assert_eq!(*p, expected, "{}: {}", bd.id, q.key);
        }
    }
}
