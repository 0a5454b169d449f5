//! `puzzlec verify` against tampered datasets: one test per kind of tampering, each
//! asserting exit 1 and a `FAIL` line that names the record or file. The spec is the
//! scaffold of `puzzlec new` (tiny sums), so every build takes milliseconds.

use crate::common::{lossy as text, puzzlec, utf8 as s};
use std::fs;
use std::path::PathBuf;

/// A built dataset of the scaffold spec: 3 tiers × 2 languages × `n` records.
struct Fixture {
    _dir: tempfile::TempDir,
    specs: PathBuf,
    data: PathBuf,
}

impl Fixture {
    fn build(extra: &[&str]) -> Fixture {
        let dir = tempfile::tempdir().expect("tempdir");
        let specs = dir.path().join("specs");
        let data = dir.path().join("data");
        let out = puzzlec(&["new", "tiny", "--dir", s(&specs)]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut args = vec!["build", s(&specs), "-o", s(&data), "-n", "3", "--jobs", "1"];
        args.extend_from_slice(extra);
        let out = puzzlec(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        Fixture {
            _dir: dir,
            specs,
            data,
        }
    }

    fn path(&self, file: &str) -> PathBuf {
        self.data.join(file)
    }

    fn lines(&self, file: &str) -> Vec<String> {
        let text = fs::read_to_string(self.path(file)).expect("read");
        text.lines().map(str::to_string).collect()
    }

    fn write_lines(&self, file: &str, lines: &[String]) {
        let mut text = lines.join("\n");
        text.push('\n');
        fs::write(self.path(file), text).expect("write");
    }

    fn edit(&self, file: &str, f: impl FnOnce(String) -> String) {
        let text = fs::read_to_string(self.path(file)).expect("read");
        fs::write(self.path(file), f(text)).expect("write");
    }

    /// Runs verify; returns its exit code and stdout.
    fn verify(&self) -> (Option<i32>, String) {
        let out = puzzlec(&["verify", s(&self.data), "--specs", s(&self.specs)]);
        (out.status.code(), text(&out.stdout) + &text(&out.stderr))
    }

    /// Asserts verify fails with a `FAIL` line naming `subject` and containing `problem`.
    fn assert_caught(&self, subject: &str, problem: &str) -> String {
        let (code, out) = self.verify();
        assert_eq!(code, Some(1), "{out}");
        let prefix = format!("FAIL {subject}: ");
        assert!(
            out.lines()
                .any(|l| l.starts_with(&prefix) && l.contains(problem)),
            "no `{prefix}…{problem}…` line in:\n{out}"
        );
        out
    }
}

const EASY: &str = "tiny/en/easy.jsonl";
const MEDIUM: &str = "tiny/en/medium.jsonl";

#[test]
fn an_untouched_dataset_passes() {
    let f = Fixture::build(&[]);
    let (code, out) = f.verify();
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("18 record(s) in 6 file(s)"), "{out}");
    assert!(out.contains(", 0 failure(s)"), "{out}");
}

#[test]
fn a_sharded_build_in_the_nolli_format_passes() {
    let f = Fixture::build(&["--shard", "2/2", "--format", "nolli", "--lang", "ko"]);
    let (code, out) = f.verify();
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("3 record(s) in 3 file(s)"), "{out}");
}

#[test]
fn an_edited_byte_in_a_field() {
    let f = Fixture::build(&[]);
    f.edit(EASY, |t| t.replacen("\"answer\":\"", "\"answer\":\"1", 1));
    f.assert_caught(
        "tiny/en/easy/00000",
        "edited at `tiny/en/easy.jsonl` line 1: field `answer` differs",
    );
}

#[test]
fn an_edited_byte_in_the_question_of_a_nolli_record() {
    let f = Fixture::build(&["--format", "nolli"]);
    f.edit("tiny_en_easy.jsonl", |t| t.replacen("What is", "What's", 1));
    f.assert_caught("tiny_en_0000", "field `question` differs");
}

#[test]
fn reordered_lines() {
    let f = Fixture::build(&[]);
    let mut lines = f.lines(EASY);
    lines.swap(0, 2);
    f.write_lines(EASY, &lines);
    let out = f.assert_caught(
        "tiny/en/easy/00002",
        "out of order: at `tiny/en/easy.jsonl` line 1 but it is record 3",
    );
    // A swap of the first and last of three puts two records out of place.
    assert_eq!(out.matches("out of order").count(), 2, "{out}");
}

#[test]
fn a_duplicated_line() {
    let f = Fixture::build(&[]);
    let mut lines = f.lines(EASY);
    lines.push(lines[1].clone());
    f.write_lines(EASY, &lines);
    f.assert_caught(
        "tiny/en/easy/00001",
        "duplicated: it appears 2 times (`tiny/en/easy.jsonl` line 2, `tiny/en/easy.jsonl` line 4)",
    );
}

#[test]
fn a_deleted_line() {
    let f = Fixture::build(&[]);
    let mut lines = f.lines(EASY);
    lines.remove(1);
    f.write_lines(EASY, &lines);
    let out = f.assert_caught("tiny/en/easy/00001", "missing");
    assert!(out.contains(", 1 failure(s)"), "{out}");
}

#[test]
fn a_record_moved_to_another_file() {
    let f = Fixture::build(&[]);
    let mut easy = f.lines(EASY);
    let moved = easy.remove(0);
    f.write_lines(EASY, &easy);
    let mut medium = f.lines(MEDIUM);
    medium.push(moved);
    f.write_lines(MEDIUM, &medium);
    f.assert_caught(
        "tiny/en/easy/00000",
        "moved: it belongs in `tiny/en/easy.jsonl` but is at `tiny/en/medium.jsonl` line 4",
    );
}

#[test]
fn a_deleted_file() {
    let f = Fixture::build(&[]);
    fs::remove_file(f.path(EASY)).expect("remove");
    f.assert_caught(EASY, "missing: the regeneration writes 3 record(s) here");
}

#[test]
fn a_deleted_line_and_a_deleted_file() {
    let f = Fixture::build(&[]);
    fs::remove_file(f.path(EASY)).expect("remove");
    let mut lines = f.lines(MEDIUM);
    lines.pop();
    f.write_lines(MEDIUM, &lines);
    let out = f.assert_caught(EASY, "missing");
    assert!(out.contains("FAIL tiny/en/medium/00002: missing"), "{out}");
    assert!(out.contains("18 record(s) in 6 file(s)"), "{out}");
}

#[test]
fn an_added_file() {
    let f = Fixture::build(&[]);
    fs::copy(f.path(EASY), f.path("tiny/en/extra.jsonl")).expect("copy");
    let out = f.assert_caught(
        "tiny/en/extra.jsonl",
        "extra: the regeneration writes no such file",
    );
    // Its records are the easy tier's again, so they are duplicates.
    assert!(out.contains("FAIL tiny/en/easy/00000: duplicated"), "{out}");
}

#[test]
fn an_added_stray_file_of_another_kind() {
    let f = Fixture::build(&[]);
    fs::write(f.path("tiny/notes.txt"), "hi").expect("write");
    f.assert_caught("tiny/notes.txt", "extra");
}

#[test]
fn an_added_record() {
    let f = Fixture::build(&[]);
    let mut lines = f.lines(EASY);
    let forged = lines[2]
        .replace("tiny/en/easy/00002", "tiny/en/easy/00003")
        .replace("\"index\":2", "\"index\":3");
    lines.push(forged);
    f.write_lines(EASY, &lines);
    f.assert_caught(
        "tiny/en/easy/00003",
        "extra record at `tiny/en/easy.jsonl` line 4",
    );
}

#[test]
fn a_line_that_is_not_a_record() {
    let f = Fixture::build(&[]);
    f.edit(EASY, |t| t + "\n");
    f.assert_caught("tiny/en/easy.jsonl:4", "not a record");
}

#[test]
fn whitespace_only_changes_in_a_line() {
    let f = Fixture::build(&[]);
    f.edit(EASY, |t| t.replacen("{\"id\":", "{ \"id\" :", 1));
    f.assert_caught("tiny/en/easy/00000", "only its whitespace differs");
}

#[test]
fn crlf_line_endings() {
    let f = Fixture::build(&[]);
    f.edit(EASY, |t| t.replace('\n', "\r\n"));
    let out = f.assert_caught("tiny/en/easy/00002", "only its whitespace differs");
    assert!(out.contains(", 3 failure(s)"), "{out}");
}

#[test]
fn a_missing_final_newline() {
    let f = Fixture::build(&[]);
    f.edit(EASY, |t| t.trim_end().to_string());
    f.assert_caught(EASY, "its last line does not end in a newline");
}

#[test]
fn keys_reordered_in_a_line() {
    let f = Fixture::build(&[]);
    let mut lines = f.lines(EASY);
    let value: serde_json::Value = serde_json::from_str(&lines[0]).expect("json");
    let mut entries: Vec<(String, serde_json::Value)> = value
        .as_object()
        .expect("object")
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    entries.reverse();
    let reordered: serde_json::Map<String, serde_json::Value> = entries.into_iter().collect();
    lines[0] = serde_json::Value::Object(reordered).to_string();
    f.write_lines(EASY, &lines);
    f.assert_caught("tiny/en/easy/00000", "its keys are in another order");
}

/// Edits one value of the manifest's JSON (leaving its digest as it was).
fn edit_manifest(f: &Fixture, edit: impl FnOnce(&mut serde_json::Value)) {
    let path = f.path("manifest.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).expect("read")).expect("json");
    edit(&mut value);
    let mut text = serde_json::to_string_pretty(&value).expect("json");
    text.push('\n');
    fs::write(path, text).expect("write");
}

#[test]
fn an_edited_count_in_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| m["tasks"][0]["count"] = 2.into());
    let out = f.assert_caught("manifest.json", "its `digest` does not match its content");
    assert!(
        out.contains("FAIL manifest.json: `tasks[tiny/en/easy.jsonl]`: field `count` differs"),
        "{out}"
    );
}

#[test]
fn an_edited_file_hash_in_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| m["tasks"][1]["sha256"] = "0".repeat(64).into());
    f.assert_caught(
        "manifest.json: `tasks[tiny/en/medium.jsonl]`",
        "field `sha256` differs",
    );
}

#[test]
fn an_edited_spec_hash_in_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| m["tasks"][1]["spec_hash"] = "sha256:00".into());
    f.assert_caught(
        "manifest.json: `tasks[tiny/en/medium.jsonl]`",
        "field `spec_hash` differs",
    );
}

#[test]
fn a_spec_changed_since_the_build() {
    let f = Fixture::build(&[]);
    let spec = f.specs.join("tiny.puzzle");
    let text = fs::read_to_string(&spec).expect("read");
    fs::write(&spec, text.replace("max_value = 20", "max_value = 21")).expect("write");
    let out = f.assert_caught("spec `tiny`", "the spec `tiny` changed since the build");
    assert!(out.contains("(6 file(s) affected)"), "{out}");
    assert_eq!(
        out.matches("FAIL ").count(),
        1,
        "one finding per spec:\n{out}"
    );
}

#[test]
fn specs_not_given_are_named_once_with_a_hint() {
    let f = Fixture::build(&[]);
    // The default `--specs puzzles` holds no `tiny`.
    let out = puzzlec(&["verify", s(&f.data)]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.matches("FAIL ").count(),
        1,
        "one finding per spec:\n{stdout}"
    );
    assert!(
        stdout.contains("FAIL spec `tiny`: not among the specs given")
            && stdout.contains("it built 6 file(s) of this dataset"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("hint: 1 spec(s) the dataset was built from are not under `puzzles`"),
        "{stderr}"
    );
}

#[test]
fn an_edited_seed_in_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| m["seed"] = 2.into());
    let out = f.assert_caught("manifest.json", "its `digest` does not match");
    assert!(out.contains("field `sha256` differs"), "{out}");
    assert!(out.contains("FAIL tiny/en/easy/00000: edited"), "{out}");
}

#[test]
fn an_edited_total_in_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| m["total"] = 17.into());
    f.assert_caught("manifest.json: `total`", "differs");
}

#[test]
fn a_task_removed_from_the_manifest() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| {
        m["tasks"].as_array_mut().expect("tasks").remove(0);
    });
    f.assert_caught("manifest.json: `tasks[tiny/en/easy.jsonl]`", "missing");
}

#[test]
fn whitespace_only_changes_in_the_manifest() {
    let f = Fixture::build(&[]);
    f.edit("manifest.json", |t| t.replace("  ", "\t"));
    let out = f.assert_caught(
        "manifest.json",
        "its bytes differ from the manifest a build writes",
    );
    assert!(out.contains(", 1 failure(s)"), "{out}");
}

#[test]
fn a_resealed_manifest_with_a_smaller_count_still_fails() {
    // A careful forger who also recomputes the digest: the regeneration still
    // writes 3 records per tier where the manifest now claims 2.
    let f = Fixture::build(&[]);
    let path = f.path("manifest.json");
    let mut m = puzzlec::dataset::Manifest::read(&path).expect("manifest");
    if let Some(sel) = m.selection.as_mut() {
        sel.count = 2;
    }
    m.seal();
    fs::write(&path, m.to_json_pretty()).expect("write");
    let out = f.assert_caught("tiny/en/easy/00002", "extra record");
    assert!(
        out.contains("FAIL manifest.json: `tasks[tiny/en/easy.jsonl]`: field `count` differs"),
        "{out}"
    );
}

#[test]
fn a_manifest_of_an_older_version_is_refused() {
    let f = Fixture::build(&[]);
    edit_manifest(&f, |m| {
        let obj = m.as_object_mut().expect("object");
        obj.remove("selection");
        obj.remove("digest");
    });
    f.assert_caught("manifest.json", "older puzzlec");
}
