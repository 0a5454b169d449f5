//! The command line end to end: exit codes, messages and files.

use crate::common::{lossy as text, puzzlec};
use std::path::Path;

#[test]
fn check_accepts_the_shipped_specs() {
    let out = puzzlec(&["check", "puzzles"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("spec(s) ok"));
}

#[test]
fn check_reports_a_bad_spec_with_exit_code_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.puzzle");
    std::fs::write(&bad, "puzzle bad\nfamily direkt\n").expect("write");
    let out = puzzlec(&["check", bad.to_str().expect("utf8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("unknown family `direkt`"), "{err}");
    assert!(err.contains("did you mean `direct`?"), "{err}");
    // Every problem in one run: the family, the missing answer, the missing tier.
    assert!(
        err.contains("no `answer`") && err.contains("no `tier`"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_is_a_plain_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bin.puzzle");
    std::fs::write(&bad, b"puzzle x\n\xff\xfe").expect("write");
    let out = puzzlec(&["check", bad.to_str().expect("utf8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not valid UTF-8 at 2:1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_flags_are_usage_errors() {
    assert_eq!(puzzlec(&["build", "--jobs", "many"]).status.code(), Some(2));
    assert_eq!(puzzlec(&["frobnicate"]).status.code(), Some(2));
    let out = puzzlec(&["build", "puzzles", "--shard", "5/4", "-o", "/nonexistent/x"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("shard"), "{}", text(&out.stderr));
    let out = puzzlec(&[
        "build",
        "puzzles",
        "--format",
        "csv",
        "-o",
        "/nonexistent/x",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("puzzlec, nolli"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn build_verify_and_refuse_to_overwrite() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf8");
    let out = puzzlec(&[
        "build", "puzzles", "-o", data_s, "-n", "3", "--seed", "9", "--jobs", "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(data.join("manifest.json").exists());
    assert!(data.join("korean_units/ko/hard.jsonl").exists());
    let out = puzzlec(&["verify", data_s, "--specs", "puzzles"]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );

    // A second build into the same folder needs --force.
    let out = puzzlec(&["build", "puzzles", "-o", data_s, "-n", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );

    // Tampering with a record is caught and named.
    let file = data.join("korean_units/ko/easy.jsonl");
    let original = std::fs::read_to_string(&file).expect("read");
    let tampered = original.replacen("\"answer\":\"", "\"answer\":\"1", 1);
    std::fs::write(&file, tampered).expect("write");
    let out = puzzlec(&["verify", data_s, "--specs", "puzzles"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("FAIL korean_units/ko/easy/00000"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn filters_shards_and_nolli_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a");
    let out = puzzlec(&[
        "build",
        "puzzles",
        "-o",
        a.to_str().expect("utf8"),
        "-n",
        "4",
        "--tier",
        "hard",
        "--lang",
        "ko",
        "--shard",
        "2/2",
        "--format",
        "nolli",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The reference's file name and task name; ids numbered on across tiers
    // (hard is the third tier: 2 × 4 + index).
    let lines = std::fs::read_to_string(a.join("jamo_ko_hard.jsonl")).expect("read");
    let ids: Vec<String> = lines
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).expect("json")["id"]
                .as_str()
                .expect("id")
                .to_string()
        })
        .collect();
    assert_eq!(ids, ["jamo_ko_0009", "jamo_ko_0011"]);
    let first: serde_json::Value =
        serde_json::from_str(lines.lines().next().expect("line")).expect("json");
    let keys: Vec<&String> = first.as_object().expect("object").keys().collect();
    assert_eq!(
        keys,
        [
            "id",
            "question",
            "answer",
            "solution",
            "difficulty",
            "task",
            "language"
        ]
    );
    assert!(
        !Path::new(&a.join("cipher_en_hard.jsonl")).exists(),
        "--lang ko skips English-only specs"
    );
}

#[test]
fn new_scaffold_checks_and_renders() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf8");
    let out = puzzlec(&["new", "my_puzzle", "--dir", d]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let spec = dir.path().join("my_puzzle.puzzle");
    let out = puzzlec(&[
        "render",
        spec.to_str().expect("utf8"),
        "--tier",
        "hard",
        "--lang",
        "ko",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("정답"));
    assert_eq!(
        puzzlec(&["new", "my_puzzle", "--dir", d]).status.code(),
        Some(1)
    );
    assert_eq!(
        puzzlec(&["new", "9lives", "--dir", d]).status.code(),
        Some(1)
    );
}

#[test]
fn snap_creates_matches_and_reports_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf8");
    assert!(puzzlec(&["new", "snappy", "--dir", d]).status.success());
    let out = puzzlec(&["snap", d]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("6 created"),
        "{}",
        text(&out.stdout)
    );
    let out = puzzlec(&["snap", d]);
    assert!(
        text(&out.stdout).contains("6 matched"),
        "{}",
        text(&out.stdout)
    );
    // Change the English template: the EN snapshots change, KO ones match.
    let spec = dir.path().join("snappy.puzzle");
    let changed = std::fs::read_to_string(&spec)
        .expect("read")
        .replace("What is the sum", "Compute the sum");
    std::fs::write(&spec, changed).expect("write");
    let out = puzzlec(&["snap", d]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("-What is the sum") && stdout.contains("+Compute the sum"),
        "{stdout}"
    );
    assert!(dir
        .path()
        .join("snapshots/snappy__en__easy.snap.new")
        .exists());
    assert!(puzzlec(&["snap", d, "--accept"]).status.success());
    assert!(puzzlec(&["snap", d]).status.success());
}

#[test]
fn bench_reports_per_tier_rates_and_a_suite_build() {
    let tiers = puzzlec(&["bench", "puzzles/jamo_composition.puzzle", "-n", "5"]);
    assert!(tiers.status.success(), "{}", text(&tiers.stderr));
    let table = text(&tiers.stdout);
    for tier in ["easy", "medium", "hard"] {
        assert!(
            table.contains(&format!("| jamo_composition | {tier} | 5 |")),
            "{table}"
        );
    }
    // `--records` adds the record pass: a rate per row, in the table and
    // the JSON document.
    let records = puzzlec(&[
        "bench",
        "puzzles/jamo_composition.puzzle",
        "-n",
        "5",
        "--records",
        "--json",
    ]);
    assert!(records.status.success(), "{}", text(&records.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&records.stdout).expect("JSON");
    let rows = doc["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 3);
    for row in rows {
        assert!(
            row["records_per_second"].as_f64().expect("a rate") > 0.0,
            "{row}"
        );
    }
    let table = puzzlec(&[
        "bench",
        "puzzles/jamo_composition.puzzle",
        "-n",
        "5",
        "--records",
    ]);
    assert!(text(&table.stdout).contains("| records/CPU-s |"));
    let suite = puzzlec(&[
        "bench",
        "puzzles/jamo_composition.puzzle",
        "-n",
        "4",
        "--suite",
        "--jobs",
        "1",
    ]);
    assert!(suite.status.success(), "{}", text(&suite.stderr));
    let row = text(&suite.stdout);
    // One spec, one task, 3 tiers × 4 items, one thread.
    assert!(row.contains("| 1 | 1 | 12 | 1 | "), "{row}");
    if cfg!(target_os = "linux") {
        assert!(row.trim_end().ends_with("MiB |"), "{row}");
    }
    assert_eq!(
        puzzlec(&["bench", "puzzles", "--suite", "--jobs", "0"])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn bench_profile_counts_each_statement_s_runs_and_rejections() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("dice.puzzle");
    // Half the draws are rejected; the `for` holds one statement per die.
    std::fs::write(
        &spec,
        "puzzle dice\ntitle en \"D\" ko \"D\"\nfamily direct\nlever n: int in 1..=9\ntier easy { n = 3 }\ngenerate {\n  let x = int in 1..=6\n  require x <= 3 else \"low dice only\"\n  for i in 0..n {\n    let y = x + i\n  }\n}\nanswer int = x\ntemplate en \"{x}\"\ntemplate ko \"{x}\"\n",
    )
    .expect("write");
    let out = puzzlec(&[
        "bench",
        spec.to_str().expect("utf8"),
        "-n",
        "40",
        "--profile",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let row = &doc["rows"][0];
    let attempts = (row["attempts_per_item"].as_f64().expect("attempts") * 40.0).round() as u64;
    let profile = row["profile"].as_array().expect("a profile");
    let by_line = |line: u64| {
        profile
            .iter()
            .find(|r| r["line"] == line)
            .unwrap_or_else(|| panic!("no row for line {line}: {profile:?}"))
    };
    let (draw, require, each, inner) = (by_line(7), by_line(8), by_line(9), by_line(10));
    // Every attempt draws and checks; the accepted 40 go on.
    assert_eq!(draw["runs"], attempts);
    assert_eq!(require["runs"], attempts);
    assert_eq!(require["rejections"], attempts - 40);
    assert!(attempts > 40, "some draws are rejected ({attempts})");
    assert_eq!(each["runs"], 40);
    assert_eq!(
        (inner["runs"].as_u64(), inner["depth"].as_u64()),
        (Some(120), Some(1))
    );
    assert_eq!(each["depth"], 0);
    assert!(inner["seconds"].as_f64() <= each["seconds"].as_f64());
    // The table names the rejecting statement.
    let table = puzzlec(&[
        "bench",
        spec.to_str().expect("utf8"),
        "-n",
        "40",
        "--profile",
    ]);
    let table = text(&table.stdout);
    assert!(
        table.contains("| 8 | `require x <= 3 else \"low dice only\"` |"),
        "{table}"
    );
    assert!(table.contains("outside `generate`"), "{table}");
}

#[test]
fn a_failing_item_stops_the_build_without_a_manifest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = dir.path().join("specs");
    std::fs::create_dir(&specs).expect("mkdir");
    // `fine` builds; `stuck` rejects every sample of its hard tier at index 0.
    std::fs::write(
        specs.join("fine.puzzle"),
        "puzzle fine\ntitle en \"F\" ko \"F\"\nfamily direct\nlever n: int in 1..=9\ntier easy { n = 1..=9 }\ngenerate {\n  let x = int in 1..=n\n}\nanswer int = x\ntemplate en \"{x}\"\ntemplate ko \"{x}\"\n",
    )
    .expect("write");
    std::fs::write(
        specs.join("stuck.puzzle"),
        "puzzle stuck\ntitle en \"S\" ko \"S\"\nfamily direct\nattempts 20\nlever n: int in 1..=9\ntier easy { n = 1 }\ntier hard { n = 9 }\ngenerate {\n  let x = int in 1..=6\n  require n < 9 or x > 6 else \"a die never shows more than 6\"\n}\nanswer int = x\ntemplate en \"{x}\"\ntemplate ko \"{x}\"\n",
    )
    .expect("write");
    let data = dir.path().join("data");
    // Every item of `stuck`'s hard tier fails; whichever thread fails
    // first, the error named is that of the earliest unit (index 0), so
    // the two-thread build runs several times.
    for jobs in ["1", "2", "2", "2", "2", "2", "2"] {
        let out = puzzlec(&[
            "build",
            specs.to_str().expect("utf8"),
            "-o",
            data.to_str().expect("utf8"),
            "-n",
            "5",
            "--jobs",
            jobs,
            "--force",
        ]);
        assert_eq!(out.status.code(), Some(1), "jobs {jobs}");
        let err = text(&out.stderr);
        assert!(
            err.contains("tier `hard` of `stuck` spent its budget of 20 attempts at index 0"),
            "{err}"
        );
        assert!(
            !data.join("manifest.json").exists(),
            "no manifest after a failed build"
        );
    }
}
