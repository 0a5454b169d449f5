//! `--format nolli` against the reference benchmark's release: one flat file per
//! task named `{task}_{lang}_{tier}.jsonl` with its task names, ids numbered on
//! across tiers, the fields in its order, the answer forms its graders read
//! (a JSON object for assignments, one line for grids, choices as an object by
//! letter), plus the hub's `task` and `language` columns. Each property is
//! checked against a default build of the same seed; `score` gives the same
//! verdicts on both builds and `verify` passes the nolli build.

use crate::common::{lossy as text, puzzlec, utf8 as s};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Items per tier.
const N: u64 = 3;

/// The specs built: one with an assignment answer, one with a grid, one
/// multiple-choice, one renamed Korean-only spec and one direct spec.
const SPECS: [&str; 4] = ["sat_puzzle", "inequality", "kinship", "jamo_composition"];

/// Builds the specs into `dir/specs` → `dir/data` in `format`.
fn build(dir: &Path, format: &str) {
    let specs = dir.join("specs");
    fs::create_dir_all(&specs).unwrap();
    for name in SPECS {
        let file = format!("{name}.puzzle");
        fs::copy(Path::new("puzzles").join(&file), specs.join(&file)).unwrap();
    }
    let n = N.to_string();
    let out = puzzlec(&[
        "build",
        s(&specs),
        "-o",
        s(&dir.join("data")),
        "-n",
        &n,
        "--format",
        format,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

fn read_lines(path: &Path) -> Vec<Map<String, Value>> {
    fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| match serde_json::from_str(l).expect("json") {
            Value::Object(m) => m,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

fn str_of<'a>(line: &'a Map<String, Value>, key: &str) -> &'a str {
    line[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` is not a string"))
}

/// The reference's task name of each spec, its languages and the tiers in order.
const TASKS: [(&str, &str, &[&str]); 4] = [
    ("sat_puzzle", "sat_puzzles", &["en", "ko"]),
    ("inequality", "inequality", &["en", "ko"]),
    ("kinship", "kinship", &["ko"]),
    ("jamo_composition", "jamo", &["ko"]),
];
const TIERS: [&str; 3] = ["easy", "medium", "hard"];

/// Every check of the layout against the default build, on one pair of builds.
#[test]
fn a_nolli_build_is_the_reference_release_of_a_default_build() {
    let (nolli, plain) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    build(nolli.path(), "nolli");
    build(plain.path(), "puzzlec");
    let data = nolli.path().join("data");

    // Layout: flat files only, exactly one per task.
    let mut expected: Vec<String> = vec!["manifest.json".into(), "timings.json".into()];
    for (_, task, langs) in TASKS {
        for lang in langs {
            for tier in TIERS {
                expected.push(format!("{task}_{lang}_{tier}.jsonl"));
            }
        }
    }
    expected.sort();
    let mut found: Vec<String> = fs::read_dir(&data)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            assert!(
                e.file_type().unwrap().is_file(),
                "{:?} is not a file",
                e.path()
            );
            e.file_name().to_string_lossy().into_owned()
        })
        .collect();
    found.sort();
    assert_eq!(found, expected);

    for (puzzle, task, langs) in TASKS {
        for lang in langs {
            for (position, tier) in TIERS.iter().enumerate() {
                let lines = read_lines(&data.join(format!("{task}_{lang}_{tier}.jsonl")));
                let records = read_lines(
                    &plain
                        .path()
                        .join(format!("data/{puzzle}/{lang}/{tier}.jsonl")),
                );
                assert_eq!(lines.len(), records.len());
                for (i, (line, record)) in lines.iter().zip(&records).enumerate() {
                    check_line(
                        line,
                        record,
                        task,
                        lang,
                        tier,
                        position as u64 * N + i as u64,
                    );
                }
            }
        }
    }
}

/// One nolli line against the default build's record of the same item.
fn check_line(
    line: &Map<String, Value>,
    record: &Map<String, Value>,
    task: &str,
    lang: &str,
    tier: &str,
    number: u64,
) {
    let keys: Vec<&str> = line.keys().map(String::as_str).collect();
    let has_choices = str_of(record, "choices") != "[]";
    let mut want = vec!["id", "question", "answer", "solution", "difficulty"];
    if has_choices {
        want.push("choices");
    }
    want.extend(["task", "language"]);
    assert_eq!(keys, want);
    assert_eq!(str_of(line, "id"), format!("{task}_{lang}_{number:04}"));
    assert_eq!(str_of(line, "question"), str_of(record, "question"));
    assert_eq!(str_of(line, "solution"), str_of(record, "solution"));
    assert_eq!(str_of(line, "difficulty"), tier);
    assert_eq!(str_of(line, "task"), task);
    assert_eq!(str_of(line, "language"), lang);
    let (answer, gold) = (str_of(line, "answer"), str_of(record, "answer"));
    match str_of(record, "answer_kind") {
        "assignment" => check_assignment(answer, gold),
        "grid" => {
            assert!(!answer.contains('\n'), "{answer:?}");
            let cells: Vec<&str> = gold.split_whitespace().collect();
            assert_eq!(answer, cells.join(" "));
        }
        _ => assert_eq!(answer, gold),
    }
    if has_choices {
        let options: Vec<String> = serde_json::from_str(str_of(record, "choices")).unwrap();
        let object = line["choices"].as_object().expect("choices is an object");
        let letters: Vec<String> = (0..options.len())
            .map(|i| char::from(b'A' + i as u8).to_string())
            .collect();
        assert_eq!(object.keys().cloned().collect::<Vec<_>>(), letters);
        for (letter, option) in letters.iter().zip(&options) {
            assert_eq!(object[letter].as_str(), Some(option.as_str()));
        }
        assert!(
            object.contains_key(answer),
            "answer {answer} is a choice letter"
        );
    }
}

/// The reference's grader reads a JSON object of name → boolean with its keys
/// sorted, written with Python's separators.
fn check_assignment(answer: &str, gold: &str) {
    let object: BTreeMap<String, bool> = serde_json::from_str(answer).expect("a JSON object");
    let from_gold: BTreeMap<String, bool> = gold
        .split(", ")
        .map(|e| {
            let (name, value) = e.split_once('=').expect("name=value");
            (name.to_string(), value == "true")
        })
        .collect();
    assert_eq!(object, from_gold);
    let written: Vec<String> = object
        .iter()
        .map(|(k, v)| format!("\"{k}\": {v}"))
        .collect();
    assert_eq!(answer, format!("{{{}}}", written.join(", ")));
}

/// Every record of the default build as `(its id, its id in the nolli build,
/// the response given to it)`: the gold for even indices, a wrong answer else.
fn items(plain: &Path) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (puzzle, task, langs) in TASKS {
        for lang in langs {
            for (position, tier) in TIERS.iter().enumerate() {
                let path = plain.join(format!("data/{puzzle}/{lang}/{tier}.jsonl"));
                for record in read_lines(&path) {
                    let index = record["index"].as_u64().expect("index");
                    let nolli_id = format!("{task}_{lang}_{:04}", position as u64 * N + index);
                    let answer = if index % 2 == 0 {
                        str_of(&record, "answer")
                    } else {
                        "nothing"
                    };
                    let response = format!("Answer: {answer}");
                    out.push((str_of(&record, "id").to_string(), nolli_id, response));
                }
            }
        }
    }
    out
}

/// Scores `responses` (id → response) against `dir/data`; the per-item lines
/// by id as `(verdict, extracted, gold)`.
fn verdicts(
    dir: &Path,
    responses: impl Iterator<Item = (String, String)>,
) -> BTreeMap<String, (String, Value, String)> {
    let path = dir.join("responses.jsonl");
    let lines: String = responses
        .map(|(id, r)| serde_json::json!({"id": id, "response": r}).to_string() + "\n")
        .collect();
    fs::write(&path, lines).unwrap();
    let report = dir.join("report");
    let out = puzzlec(&[
        "score",
        s(&dir.join("data")),
        s(&path),
        "-o",
        s(&report),
        "--per-item",
        "--specs",
        s(&dir.join("specs")),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    read_lines(&report.join("per_item.jsonl"))
        .into_iter()
        .map(|l| {
            let row = (
                str_of(&l, "verdict").to_string(),
                l["extracted"].clone(),
                str_of(&l, "gold").to_string(),
            );
            (str_of(&l, "id").to_string(), row)
        })
        .collect()
}

#[test]
fn score_gives_a_nolli_build_the_verdicts_of_the_default_build() {
    let (nolli, plain) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    build(nolli.path(), "nolli");
    build(plain.path(), "puzzlec");
    let items = items(plain.path());
    let a = verdicts(
        plain.path(),
        items.iter().map(|(id, _, r)| (id.clone(), r.clone())),
    );
    let b = verdicts(
        nolli.path(),
        items.iter().map(|(_, id, r)| (id.clone(), r.clone())),
    );
    assert_eq!(a.len(), items.len());
    assert_eq!(b.len(), items.len());
    for (id, nolli_id, _) in &items {
        assert_eq!(a[id], b[nolli_id], "{id} = {nolli_id}");
    }
    let correct = a.values().filter(|v| v.0 == "correct").count();
    assert!(correct > 0 && correct < a.len(), "{correct} of {}", a.len());

    let out = puzzlec(&[
        "verify",
        s(&nolli.path().join("data")),
        "--specs",
        s(&nolli.path().join("specs")),
    ]);
    assert!(out.status.success(), "{}", text(&out.stdout));

    // Without the specs it was built from, score says why (exit 1).
    let out = puzzlec(&[
        "score",
        s(&nolli.path().join("data")),
        s(&nolli.path().join("responses.jsonl")),
        "-o",
        s(&nolli.path().join("r2")),
        "--specs",
        s(&plain.path().join("specs/kinship.puzzle")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot regenerate the records"),
        "{}",
        text(&out.stderr)
    );
}
