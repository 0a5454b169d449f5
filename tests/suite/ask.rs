//! `puzzlec ask` end to end against a fake chat-completions server on
//! 127.0.0.1: answers land in a responses file `score` reads; faults are
//! retried; a rerun sends no request (resumed from the file, or from the
//! cache); a spent budget keeps what it got and the next run continues.

use crate::fake_model;

use fake_model::{dead_endpoint, puzzlec, run_model_command, s, text, FakeModel, Fault};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const FIXTURE: &str = "tests/data/calibrate/adder.puzzle";
/// Records of the test dataset: 3 tiers × 2 languages × 20.
const RECORDS: usize = 120;

/// Builds the test dataset into `dir/data`.
fn dataset(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    let out = puzzlec(&["build", FIXTURE, "-o", s(&data), "-n", "20", "--seed", "7"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    data
}

fn ask(data: &Path, endpoint: &str, out: &Path, extra: &[&str]) -> Output {
    run_model_command("ask", data, endpoint, out, extra)
}

fn lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("read responses")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

#[test]
fn answers_survive_faults_and_a_rerun_sends_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.queue(&[
        Fault::ServerError,
        Fault::RateLimit,
        Fault::Malformed,
        Fault::Hang(Duration::from_secs(2)),
        Fault::ServerError,
    ]);
    let out = dir.path().join("run/responses.jsonl");
    let cache = dir.path().join("cache");
    let started = Instant::now();
    let first = ask(&data, &server.endpoint, &out, &["--cache", s(&cache)]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(started.elapsed() < Duration::from_secs(20));
    // Every record once, plus one retry per fault.
    assert_eq!(server.requests(), RECORDS as u64 + 5);
    let got = lines(&out);
    assert_eq!(got.len(), RECORDS);
    for line in &got {
        assert!(
            line["response"].is_string() && line["latency_ms"].is_u64(),
            "{line}"
        );
        assert_eq!(line["finish_reason"], "stop");
        assert!(line["usage"]["total_tokens"].is_u64(), "{line}");
    }
    // In dataset order: the file order of the records.
    let ids: Vec<&str> = got.iter().map(|l| l["id"].as_str().expect("id")).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "the dataset files are read in path order");

    // `score` reads the file and finds the model's accuracy.
    let report_dir = dir.path().join("score");
    let scored = puzzlec(&["score", s(&data), s(&out), "-o", s(&report_dir)]);
    assert!(scored.status.success(), "{}", text(&scored.stderr));
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(report_dir.join("report.json")).expect("report"),
    )
    .expect("json");
    assert!(report.to_string().contains("\"correct\""), "{report}");

    // Rerun: everything is already answered; no request.
    let before = std::fs::read(&out).expect("read");
    let second = ask(&data, &server.endpoint, &out, &["--cache", s(&cache)]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert_eq!(server.requests(), RECORDS as u64 + 5);
    assert!(text(&second.stderr).contains(&format!("{RECORDS} already answered")));
    assert_eq!(std::fs::read(&out).expect("read"), before);

    // A fresh responses file with the same cache: no request, same bytes.
    let again = dir.path().join("again.jsonl");
    let third = ask(&data, &server.endpoint, &again, &["--cache", s(&cache)]);
    assert!(third.status.success(), "{}", text(&third.stderr));
    assert_eq!(server.requests(), RECORDS as u64 + 5);
    assert!(text(&third.stderr).contains(&format!("{RECORDS} from the cache")));
    assert_eq!(std::fs::read(&again).expect("read"), before);
}

#[test]
fn scores_match_the_fake_models_true_decisions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let run = ask(
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--tier", "hard", "--lang", "en"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(server.requests(), 20);
    // Recompute each record's correctness from its prompt, independently of
    // the scorer, and compare with `score --per-item`.
    let records: Vec<serde_json::Value> = std::fs::read_to_string(data.join("adder/en/hard.jsonl"))
        .expect("records")
        .lines()
        .map(|l| serde_json::from_str(l).expect("record"))
        .collect();
    let report_dir = dir.path().join("score");
    let scored = puzzlec(&[
        "score",
        s(&data),
        s(&out),
        "-o",
        s(&report_dir),
        "--per-item",
    ]);
    assert!(scored.status.success(), "{}", text(&scored.stderr));
    let per_item: Vec<serde_json::Value> =
        std::fs::read_to_string(report_dir.join("per_item.jsonl"))
            .expect("per item")
            .lines()
            .map(|l| serde_json::from_str(l).expect("line"))
            .collect();
    let mut checked = 0;
    for r in &records {
        let q = r["question"].as_str().expect("question");
        let right = fake_model::prompt_uniform(q)
            < fake_model::true_accuracy(fake_model::numbers(q).len(), false);
        let item = per_item
            .iter()
            .find(|p| p["id"] == r["id"])
            .expect("scored item");
        assert_eq!(item["verdict"] == "correct", right, "{item}");
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn a_spent_budget_keeps_answers_and_the_next_run_continues() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let cache = dir.path().join("cache");
    let first = ask(
        &data,
        &server.endpoint,
        &out,
        &["--cache", s(&cache), "--budget", "50"],
    );
    assert_eq!(first.status.code(), Some(1), "{}", text(&first.stderr));
    let err = text(&first.stderr);
    assert!(err.contains("budget of 50"), "{err}");
    assert!(err.contains("run the same command again"), "{err}");
    assert_eq!(server.requests(), 50);
    assert_eq!(lines(&out).len(), 50);
    let second = ask(&data, &server.endpoint, &out, &["--cache", s(&cache)]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    // Only the missing 70 were asked.
    assert_eq!(server.requests(), RECORDS as u64);
    assert_eq!(lines(&out).len(), RECORDS);
}

#[test]
fn a_cut_off_last_line_is_asked_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let run = ask(
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--lang", "en"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let full = std::fs::read_to_string(&out).expect("read");
    // Simulate a kill in the middle of writing the last line.
    let cut = &full[..full.len() - 10];
    std::fs::write(&out, cut).expect("write");
    let again = ask(
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--lang", "en"],
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains("1 unreadable line(s)"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(server.requests(), 60 + 1);
    // The same answers in the same order (the re-asked one's latency may differ).
    let strip = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).expect("json");
                v["latency_ms"] = serde_json::Value::Null;
                v
            })
            .collect()
    };
    assert_eq!(
        strip(&std::fs::read_to_string(&out).expect("read")),
        strip(&full)
    );
}

#[test]
fn an_unreachable_server_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let out = dir.path().join("r.jsonl");
    let started = Instant::now();
    let run = ask(&data, &dead_endpoint(), &out, &["--no-cache"]);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(err.contains("cannot reach"), "{err}");
    assert!(err.contains("check that the server is running"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn persistent_server_errors_stop_after_max_failures() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.always(Some(Fault::ServerError));
    let out = dir.path().join("r.jsonl");
    let run = ask(
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--max-failures", "3", "--concurrency", "1"],
    );
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(err.contains("HTTP 500"), "{err}");
    // Three items, each tried 1 + 3 times.
    assert_eq!(server.requests(), 12);
}

#[test]
fn credentials_come_from_the_named_variable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let missing = ask(
        &data,
        &server.endpoint,
        &out,
        &["--api-key-env", "PUZZLEC_TEST_KEY_UNSET"],
    );
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        text(&missing.stderr).contains("`PUZZLEC_TEST_KEY_UNSET`"),
        "{}",
        text(&missing.stderr)
    );
    assert_eq!(server.requests(), 0);
    let run = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args([
            "ask",
            s(&data),
            "--endpoint",
            &server.endpoint,
            "--model",
            "m",
            "-o",
            s(&out),
            "--no-cache",
            "--tier",
            "easy",
            "--lang",
            "ko",
            "--api-key-env",
            "PUZZLEC_TEST_KEY",
        ])
        .env("PUZZLEC_TEST_KEY", "sekrit")
        .output()
        .expect("run");
    assert!(run.status.success(), "{}", text(&run.stderr));
    let auth = server.state.auth.lock().expect("lock").clone();
    assert_eq!(auth.len(), 20);
    assert!(auth.iter().all(|a| a == "Bearer sekrit"), "{auth:?}");
    // The key is written nowhere.
    assert!(!std::fs::read_to_string(&out)
        .expect("read")
        .contains("sekrit"));

    // A server that refuses the key stops the run at once, without retries.
    server.always(Some(Fault::Unauthorized));
    let out2 = dir.path().join("r2.jsonl");
    let refused = ask(
        &data,
        &server.endpoint,
        &out2,
        &["--no-cache", "--concurrency", "1"],
    );
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("HTTP 401"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(server.requests(), 21);
}

/// Asks the 20 English easy records one at a time (so queued faults land on
/// the first records in dataset order).
fn ask_easy(data: &Path, endpoint: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["--tier", "easy", "--lang", "en", "--concurrency", "1"];
    args.extend_from_slice(extra);
    ask(data, endpoint, out, &args)
}

#[test]
fn a_refused_request_fails_its_record_and_the_rest_are_asked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.queue(&[Fault::ContextTooLong]);
    let out = dir.path().join("r.jsonl");
    let failed = dir.path().join("r.failed.jsonl");
    let first = ask_easy(&data, &server.endpoint, &out, &["--no-cache"]);
    let err = text(&first.stderr);
    assert_eq!(first.status.code(), Some(1), "{err}");
    // A 400 is not retried and stops nothing: the other 19 are answered.
    assert_eq!(server.requests(), 20);
    assert_eq!(lines(&out).len(), 19, "{err}");
    assert!(err.contains("1 failed"), "{err}");
    assert!(err.contains("exceeds the available context size"), "{err}");
    assert!(!err.contains("--model"), "the model is not to blame: {err}");
    assert!(err.contains("--retry-failed"), "{err}");
    let recorded = lines(&failed);
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0]["id"], "adder/en/easy/00000");
    assert_eq!(recorded[0]["status"], 400);
    assert_eq!(recorded[0]["code"], "puzzlec::ask::http_status");

    // A rerun skips the failed record instead of stopping on it again.
    let second = ask_easy(&data, &server.endpoint, &out, &["--no-cache"]);
    let err = text(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert_eq!(server.requests(), 20, "{err}");
    assert!(err.contains("1 skipped as failed before"), "{err}");

    // `--retry-failed` asks it again; now every record has an answer.
    let third = ask_easy(
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--retry-failed"],
    );
    assert!(third.status.success(), "{}", text(&third.stderr));
    assert_eq!(server.requests(), 21);
    assert_eq!(lines(&out).len(), 20);
    assert!(!failed.exists(), "the failures file is removed once empty");
}

#[test]
fn an_unknown_model_stops_the_run_and_names_the_flag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.always(Some(Fault::UnknownModel));
    let out = dir.path().join("r.jsonl");
    let run = ask_easy(&data, &server.endpoint, &out, &["--no-cache"]);
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert_eq!(server.requests(), 1, "one answer is enough to stop: {err}");
    assert!(
        err.contains("--model") && err.contains("does not exist"),
        "{err}"
    );
}

#[test]
fn empty_and_cut_off_replies_are_reported_and_never_cached() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.queue(&[Fault::Empty, Fault::Truncated]);
    let out = dir.path().join("r.jsonl");
    let cache = dir.path().join("cache");
    let first = ask_easy(&data, &server.endpoint, &out, &["--cache", s(&cache)]);
    let err = text(&first.stderr);
    assert!(first.status.success(), "{err}");
    assert!(
        err.contains("1 answer(s) came back empty and 1 cut off at the token limit"),
        "{err}"
    );
    let got = lines(&out);
    assert_eq!(got.len(), 20);
    assert_eq!(got[0]["response"], "");
    assert_eq!(got[1]["finish_reason"], "length");
    for line in &got {
        assert_eq!(line["reasoning_content"], fake_model::REASONING, "{line}");
    }
    // A fresh output over the same cache asks exactly the two again.
    let other = dir.path().join("other.jsonl");
    let second = ask_easy(&data, &server.endpoint, &other, &["--cache", s(&cache)]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert_eq!(server.requests(), 22);
    assert!(text(&second.stderr).contains("18 from the cache"));
    // `--retry-failed` replaces the two incomplete answers (now cached).
    let third = ask_easy(
        &data,
        &server.endpoint,
        &out,
        &["--cache", s(&cache), "--retry-failed"],
    );
    assert!(third.status.success(), "{}", text(&third.stderr));
    assert_eq!(server.requests(), 22);
    let got = lines(&out);
    assert!(got
        .iter()
        .all(|l| l["finish_reason"] == "stop" && l["response"] != ""));
    assert_eq!(std::fs::read(&out).ok(), std::fs::read(&other).ok());
}
