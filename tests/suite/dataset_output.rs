use std::fs;
use std::path::Path;

use puzzlec::dataset::{
    dataset_files, read_records, render_records, task_path, write_atomic, write_task, DatasetError,
    Format, Manifest, OutputDir, Record, TaskEntry, TaskName,
};
use serde_json::json;

fn record(index: u64) -> Record {
    Record {
        id: puzzlec::dataset::record_id("p", "en", "easy", index),
        puzzle: "p".into(),
        lang: "en".into(),
        tier: "easy".into(),
        index,
        family: "direct".into(),
        pair: puzzlec::dataset::pair_id("p", "easy", index),
        question: "q".into(),
        context: String::new(),
        query: String::new(),
        answer: "a".into(),
        answer_kind: "exact".into(),
        slot: None,
        accept: None,
        solution: "s".into(),
        instance: json!({}),
        levers: json!({}),
        seed: "0".repeat(64),
        spec_hash: "sha256:00".into(),
        generator: "puzzlec 0.1.0".into(),
        choices: None,
        checkpoints: Vec::new(),
    }
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn atomic_write_leaves_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/out.json");
    write_atomic(&path, b"one").unwrap();
    write_atomic(&path, b"two").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"two");
    assert_eq!(names(path.parent().unwrap()), ["out.json"]);
}

#[test]
fn atomic_write_error_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("file"), "x").unwrap();
    let path = dir.path().join("file/inside.json");
    let err = write_atomic(&path, b"x").unwrap_err().to_string();
    assert!(err.contains("could not create directory"), "{err}");
    assert!(
        err.contains(&format!("`{}`", dir.path().join("file").display())),
        "{err}"
    );
}

#[test]
fn task_files_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let records: Vec<Record> = (0..3).map(record).collect();
    let en = TaskName::plain("p", "en", "easy");
    let written = write_task(dir.path(), &en, &records, Format::Puzzlec).unwrap();
    assert_eq!(written.path, task_path(dir.path(), "p", "en", "easy"));
    assert_eq!(written.file, "p/en/easy.jsonl");
    assert_eq!(written.count, 3);
    let bytes = fs::read(&written.path).unwrap();
    assert_eq!(written.sha256, puzzlec::dataset::sha256_hex(&bytes));
    assert_eq!(read_records(&written.path).unwrap(), records);
    assert_eq!(
        String::from_utf8(bytes).unwrap(),
        render_records(&en, &records, Format::Puzzlec)
    );
    let ko = TaskName::plain("p", "ko", "easy");
    let nolli = write_task(dir.path(), &ko, &records, Format::Nolli).unwrap();
    assert_eq!(nolli.file, "p_ko_easy.jsonl");
    assert_eq!(
        dataset_files(dir.path()).unwrap(),
        [
            dir.path().join("p/en/easy.jsonl"),
            dir.path().join("p_ko_easy.jsonl")
        ]
    );
    assert!(matches!(
        write_task(
            dir.path(),
            &TaskName::plain("..", "en", "easy"),
            &records,
            Format::Puzzlec
        ),
        Err(DatasetError::InvalidName { kind: "puzzle", .. })
    ));
    let bad_lang = TaskName::plain("p", "en/x", "easy");
    assert!(write_task(dir.path(), &bad_lang, &records, Format::Puzzlec).is_err());
}

#[test]
fn read_records_reports_line_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.jsonl");
    let good = record(0).to_json_line();
    fs::write(&path, format!("{good}\n{good}\n{{\"id\": 1}}\n")).unwrap();
    let err = read_records(&path).unwrap_err();
    assert!(
        matches!(err, DatasetError::BadRecord { line: 3, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("line 3: not a valid record"));
    fs::write(&path, format!("{good}\n\n{good}\n")).unwrap();
    assert!(matches!(
        read_records(&path),
        Err(DatasetError::BadRecord { line: 2, .. })
    ));
    assert!(matches!(
        read_records(&dir.path().join("missing.jsonl")),
        Err(DatasetError::Read { .. })
    ));
}

#[test]
fn prepare_creates_missing_and_accepts_unrelated_dirs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new/out");
    let prepared = OutputDir::prepare(&out, false).unwrap();
    assert!(out.is_dir());
    assert_eq!(prepared.root(), out);
    assert_eq!(prepared.manifest_path(), out.join("manifest.json"));
    assert_eq!(
        prepared.task_path("a", "en", "easy"),
        out.join("a/en/easy.jsonl")
    );
    fs::write(out.join("README.txt"), "notes").unwrap();
    drop(prepared);
    drop(OutputDir::prepare(&out, false).unwrap());
    assert_eq!(
        names(&out),
        ["README.txt"],
        "the lock is removed when dropped"
    );
}

#[test]
fn prepare_refuses_existing_dataset_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    fs::create_dir_all(out.join("p/en")).unwrap();
    fs::write(out.join("p/en/easy.jsonl"), "").unwrap();
    let err = OutputDir::prepare(out, false).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "output directory `{}` already holds a dataset; pass `--force` to overwrite it",
            out.display()
        )
    );

    let other = tempfile::tempdir().unwrap();
    fs::write(other.path().join("manifest.json"), "{}").unwrap();
    assert!(matches!(
        OutputDir::prepare(other.path(), false),
        Err(DatasetError::AlreadyHasDataset { .. })
    ));
    assert!(OutputDir::prepare(other.path(), true).is_ok());
    assert!(!other.path().join("manifest.json").exists());
}

#[test]
fn prepare_with_force_removes_only_the_old_datasets_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    let records = vec![record(0)];
    let w = write_task(
        out,
        &TaskName::plain("p", "en", "easy"),
        &records,
        Format::Puzzlec,
    )
    .unwrap();
    let entry = TaskEntry {
        puzzle: "p".into(),
        lang: "en".into(),
        tier: "easy".into(),
        family: "direct".into(),
        group: None,
        count: w.count,
        spec_hash: "sha256:00".into(),
        file: w.file.clone(),
        sha256: w.sha256.clone(),
    };
    Manifest::new("puzzlec 0.1.0", 1, Format::Puzzlec, vec![entry])
        .write(out)
        .unwrap();
    fs::write(out.join("keep.txt"), "mine").unwrap();
    let prepared = OutputDir::prepare(out, true).unwrap();
    assert_eq!(prepared.removed().len(), 2);
    drop(prepared);
    assert_eq!(names(out), ["keep.txt"]);
}

#[test]
fn prepare_refuses_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f");
    fs::write(&file, "x").unwrap();
    let err = OutputDir::prepare(&file, true).unwrap_err();
    assert!(matches!(err, DatasetError::NotADirectory { .. }));
    assert!(err.to_string().contains("is not a directory"));
}

#[cfg(unix)]
#[test]
fn prepare_reports_unwritable_dir() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permissions; only check where they apply.
    let can_write = fs::write(locked.join("probe"), "x").is_ok();
    let result = OutputDir::prepare(&locked, false);
    if !can_write {
        let err = result.unwrap_err();
        assert!(matches!(err, DatasetError::NotWritable { .. }));
        assert!(err.to_string().contains(&format!("`{}`", locked.display())));
    }
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
}
