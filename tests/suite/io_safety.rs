//! Writes that must never clobber inputs or leave their folder, and caps with clear
//! messages: the build lock, `--force` and symbolic links, atomic temp files,
//! `bundle` limits, `score` on a file without newlines, names too long for a file.

use crate::common::{lossy as text, puzzlec, utf8 as s};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use puzzlec::dataset::{write_atomic, OutputDir, LOCK_FILE};

/// `dir/specs` holding the scaffold spec.
fn specs(dir: &Path) -> PathBuf {
    let specs = dir.join("specs");
    assert!(puzzlec(&["new", "tiny", "--dir", s(&specs)])
        .status
        .success());
    specs
}

fn build(specs: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["build", s(specs), "-o", s(out), "-n", "2"];
    args.extend_from_slice(extra);
    puzzlec(&args)
}

#[test]
fn a_locked_output_folder_is_refused_naming_the_holder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    fs::create_dir(&data).expect("mkdir");
    // A live holder: this test process.
    fs::write(
        data.join(LOCK_FILE),
        format!("pid {}\n", std::process::id()),
    )
    .expect("write");
    let out = build(&specs, &data, &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("another build is writing to this folder"),
        "{err}"
    );
    assert!(
        err.contains(&format!("process {}", std::process::id())),
        "{err}"
    );
    assert!(err.contains(LOCK_FILE), "{err}");
    assert!(!data.join("manifest.json").exists());
    // A holder that no longer runs is called stale; removing the lock clears it.
    fs::write(data.join(LOCK_FILE), "pid 4194303\n").expect("write");
    let err = text(&build(&specs, &data, &[]).stderr);
    if Path::new("/proc/self").exists() {
        assert!(err.contains("no longer runs (the lock is stale)"), "{err}");
    }
    fs::remove_file(data.join(LOCK_FILE)).expect("remove");
    let out = build(&specs, &data, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !data.join(LOCK_FILE).exists(),
        "the lock is removed at the end"
    );
}

#[test]
fn the_lock_is_exclusive_within_a_process_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = OutputDir::prepare(dir.path(), false).expect("first");
    let second = OutputDir::prepare(dir.path(), false).expect_err("second");
    assert!(second.to_string().contains("another build"), "{second}");
    drop(first);
    assert!(OutputDir::prepare(dir.path(), false).is_ok());
}

#[cfg(unix)]
#[test]
fn force_removes_a_linked_puzzle_folder_as_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    assert!(build(&specs, &data, &[]).status.success());
    // Someone moves the puzzle folder elsewhere and links it back.
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir(&elsewhere).expect("mkdir");
    fs::rename(data.join("tiny"), elsewhere.join("tiny")).expect("move");
    std::os::unix::fs::symlink(elsewhere.join("tiny"), data.join("tiny")).expect("symlink");
    let kept = fs::read(elsewhere.join("tiny/en/easy.jsonl")).expect("read");
    let out = build(&specs, &data, &["--force", "--seed", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        fs::read(elsewhere.join("tiny/en/easy.jsonl")).expect("read"),
        kept
    );
    let meta = fs::symlink_metadata(data.join("tiny")).expect("meta");
    assert!(meta.is_dir(), "the link was replaced by a real folder");
}

#[cfg(unix)]
#[test]
fn a_build_never_writes_through_a_linked_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir_all(&data).expect("mkdir");
    fs::create_dir_all(&elsewhere).expect("mkdir");
    std::os::unix::fs::symlink(&elsewhere, data.join("tiny")).expect("symlink");
    let out = build(&specs, &data, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("is a symbolic link"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(fs::read_dir(&elsewhere).expect("list").count(), 0);
}

#[cfg(unix)]
#[test]
fn atomic_writes_refuse_a_link_and_leave_its_target_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().join("precious");
    fs::write(&target, "keep").expect("write");
    let link = dir.path().join("out.json");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let err = write_atomic(&link, b"new").expect_err("a link");
    assert!(err.to_string().contains("is a symbolic link"), "{err}");
    assert_eq!(fs::read_to_string(&target).expect("read"), "keep");
}

#[test]
fn temp_names_are_fresh_for_every_write() {
    let path = Path::new("dir/file.json");
    let a = puzzlec::dataset::atomic::temp_path(path);
    let b = puzzlec::dataset::atomic::temp_path(path);
    assert_ne!(a, b);
    let name = a.file_name().expect("name").to_string_lossy().into_owned();
    assert!(name.starts_with(".file.json.tmp-"), "{name}");
}

#[test]
fn bundle_limits_and_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    assert!(build(&specs, &data, &[]).status.success());
    let out = dir.path().join("bundles");
    let run = puzzlec(&["bundle", s(&data), "-o", s(&out), "-n", "1000000"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("at most 10000 bundles per language"),
        "{}",
        text(&run.stderr)
    );
    let run = puzzlec(&["bundle", s(&data), "-o", s(&out), "--name", "../escape"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("must be letters, digits"),
        "{}",
        text(&run.stderr)
    );
    assert!(!dir.path().join("escape").exists());
    // The output folder may not be an input: `--force` would delete it.
    let run = puzzlec(&["bundle", s(&data), "-o", s(&data), "--force"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("would overwrite the input"),
        "{}",
        text(&run.stderr)
    );
    assert!(data.join("manifest.json").exists());
}

#[cfg(unix)]
#[test]
fn score_on_a_file_without_newlines_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    assert!(build(&specs, &data, &[]).status.success());
    let report = dir.path().join("report");
    let run = puzzlec(&["score", s(&data), "/dev/zero", "-o", s(&report)]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("a line is longer than the limit"),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn score_refuses_to_write_its_report_into_the_dataset() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let data = dir.path().join("data");
    assert!(build(&specs, &data, &[]).status.success());
    let responses = dir.path().join("r.jsonl");
    // One usable line: a file with none is refused before any output is planned.
    let line = r#"{"id":"tiny/en/easy/00000","response":"Answer: 1"}"#;
    fs::write(&responses, format!("{line}\n")).expect("write");
    let run = puzzlec(&[
        "score",
        s(&data),
        s(&responses),
        "-o",
        s(&data.join("tiny")),
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("refusing to write"),
        "{}",
        text(&run.stderr)
    );
    assert!(!data.join("tiny/report.md").exists());
}

#[test]
fn a_puzzle_name_too_long_for_a_file_is_a_located_check_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let specs = specs(dir.path());
    let spec = specs.join("tiny.puzzle");
    let long = format!("p{}", "x".repeat(300));
    let text_ = fs::read_to_string(&spec).expect("read");
    fs::write(
        &spec,
        text_.replace("puzzle tiny", &format!("puzzle {long}")),
    )
    .expect("write");
    let run = puzzlec(&["check", s(&spec)]);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(err.contains("puzzlec::check::file_name"), "{err}");
    assert!(
        err.contains("this puzzle name cannot be a file name (301 bytes)"),
        "{err}"
    );
    assert!(
        err.contains("tiny.puzzle:3:8"),
        "located at the name: {err}"
    );
}
