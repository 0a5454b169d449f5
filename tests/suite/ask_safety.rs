//! `puzzlec ask` against hostile inputs and a misbehaving server (the fake on
//! 127.0.0.1): outputs that would clobber inputs are refused, a responses file
//! torn inside a UTF-8 character resumes, a huge reply is "too large", and an
//! API key echoed by the server is never printed.

use crate::fake_model;

use fake_model::{puzzlec, run_model_command, s, text, FakeModel, Fault};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The scaffold spec of `puzzlec new`, built with 2 items per tier, English only:
/// 6 records.
fn dataset(dir: &Path) -> PathBuf {
    let specs = dir.join("specs");
    let data = dir.join("data");
    assert!(puzzlec(&["new", "tiny", "--dir", s(&specs)])
        .status
        .success());
    let out = puzzlec(&[
        "build",
        s(&specs),
        "-o",
        s(&data),
        "-n",
        "2",
        "--lang",
        "en",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    data
}

#[test]
fn an_output_inside_the_dataset_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let target = data.join("tiny/en/easy.jsonl");
    let before = std::fs::read(&target).expect("read");
    let run = run_model_command("ask", &data, "http://127.0.0.1:9/v1", &target, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("refusing to write"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(std::fs::read(&target).expect("read"), before);
    // A new file in the dataset folder is refused too: it would be a stray file.
    let beside = data.join("tiny/responses.jsonl");
    let run = run_model_command("ask", &data, "http://127.0.0.1:9/v1", &beside, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("refusing to write"),
        "{}",
        text(&run.stderr)
    );
    assert!(!beside.exists());
}

#[cfg(unix)]
#[test]
fn an_output_that_resolves_to_the_input_file_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let input = dir.path().join("copy.jsonl");
    std::fs::copy(data.join("tiny/en/easy.jsonl"), &input).expect("copy");
    let before = std::fs::read(&input).expect("read");
    std::os::unix::fs::symlink(dir.path(), dir.path().join("alias")).expect("symlink");
    let same = dir.path().join("alias/copy.jsonl");
    let run = run_model_command("ask", &input, "http://127.0.0.1:9/v1", &same, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("would overwrite the input"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(std::fs::read(&input).expect("read"), before);
}

#[test]
fn a_responses_file_torn_inside_a_utf8_character_resumes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let run = run_model_command("ask", &data, &server.endpoint, &out, &["--no-cache"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let full = std::fs::read_to_string(&out).expect("read");
    let first = full.lines().next().expect("a line").to_string();
    // Keep the first line whole, then the start of a second one cut in the
    // middle of a two-byte character.
    let mut torn = format!("{first}\n").into_bytes();
    torn.extend_from_slice(b"{\"id\":\"tiny/en/easy/00001\",\"response\":\"caf\xc3");
    std::fs::write(&out, &torn).expect("write");
    let again = run_model_command("ask", &data, &server.endpoint, &out, &["--no-cache"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains("1 already answered"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(server.requests(), 6 + 5);
    let lines: Vec<&str> = std::fs::read_to_string(&out)
        .expect("utf8")
        .leak()
        .lines()
        .collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0], first, "the answered line is kept as it was");
    assert!(lines
        .iter()
        .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));
}

#[test]
fn a_fifty_megabyte_reply_is_too_large() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.always(Some(Fault::Huge(50 * 1024 * 1024)));
    let out = dir.path().join("r.jsonl");
    let run = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--retries", "0", "--tier", "easy"],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let err = text(&run.stderr);
    assert!(err.contains("reply larger than 16777216 bytes"), "{err}");
    assert!(!err.contains("cannot reach"), "{err}");
}

#[test]
fn an_api_key_echoed_by_the_server_is_never_printed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path());
    let server = FakeModel::start();
    server.always(Some(Fault::EchoAuth));
    let out = dir.path().join("r.jsonl");
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
            "--api-key-env",
            "PUZZLEC_TEST_KEY",
        ])
        .env("PUZZLEC_TEST_KEY", "sk-very-secret-key")
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(1));
    let all = text(&run.stdout) + &text(&run.stderr);
    assert!(all.contains("HTTP 401"), "{all}");
    assert!(
        all.contains("[redacted]"),
        "the echo is shown, redacted: {all}"
    );
    assert!(!all.contains("sk-very-secret-key"), "{all}");
}
