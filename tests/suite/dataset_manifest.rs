use puzzlec::dataset::{Format, Manifest, TaskEntry, Timings, MANIFEST_FILE, TIMINGS_FILE};

fn task(puzzle: &str, lang: &str, tier: &str, count: u64) -> TaskEntry {
    TaskEntry {
        puzzle: puzzle.into(),
        lang: lang.into(),
        tier: tier.into(),
        family: "direct".into(),
        group: None,
        count,
        spec_hash: "sha256:00".into(),
        file: format!("{puzzle}/{lang}/{tier}.jsonl"),
        sha256: "ff".into(),
    }
}

fn sample() -> Manifest {
    Manifest::new(
        "puzzlec 0.1.0",
        7,
        Format::Puzzlec,
        vec![
            task("zebra", "en", "easy", 1),
            task("sudoku", "ko", "hard", 2),
            task("sudoku", "en", "hard", 3),
            task("sudoku", "en", "easy", 4),
        ],
    )
}

#[test]
fn tasks_sorted_by_puzzle_and_lang_keeping_tier_order() {
    let m = sample();
    let order: Vec<String> = m
        .tasks
        .iter()
        .map(|t| format!("{}/{}/{}", t.puzzle, t.lang, t.tier))
        .collect();
    assert_eq!(
        order,
        [
            "sudoku/en/hard",
            "sudoku/en/easy",
            "sudoku/ko/hard",
            "zebra/en/easy"
        ]
    );
    assert_eq!(m.total, 10);
    assert_eq!(m.created_by, "puzzlec build");
}

#[test]
fn manifest_serialization_is_stable() {
    let m = Manifest::new(
        "puzzlec 0.1.0",
        7,
        Format::Nolli,
        vec![task("a", "en", "easy", 2)],
    );
    let expected = r#"{
  "generator": "puzzlec 0.1.0",
  "seed": 7,
  "format": "nolli",
  "created_by": "puzzlec build",
  "tasks": [
    {
      "puzzle": "a",
      "lang": "en",
      "tier": "easy",
      "family": "direct",
      "count": 2,
      "spec_hash": "sha256:00",
      "file": "a/en/easy.jsonl",
      "sha256": "ff"
    }
  ],
  "total": 2,
  "digest": "DIGEST"
}
"#;
    let digest = m.digest.clone().expect("sealed");
    assert_eq!(m.to_json_pretty(), expected.replace("DIGEST", &digest));
    // The digest is the hash of the manifest written without it.
    let unsealed = expected.replace(",\n  \"digest\": \"DIGEST\"", "");
    assert_eq!(digest, puzzlec::dataset::spec_hash(unsealed.as_bytes()));
    assert!(m.digest_matches());
    assert_eq!(sample().to_json_pretty(), sample().to_json_pretty());
}

#[test]
fn manifest_and_timings_are_separate_files() {
    let dir = tempfile::tempdir().unwrap();
    let m = sample();
    let path = m.write(dir.path()).unwrap();
    assert_eq!(path, dir.path().join(MANIFEST_FILE));
    assert_eq!(Manifest::read(&path).unwrap(), m);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("seconds"));

    let t = Timings::new(2.0, 10);
    assert_eq!(t.items_per_second, 5.0);
    let tpath = t.write(dir.path()).unwrap();
    assert_eq!(tpath, dir.path().join(TIMINGS_FILE));
    let ttext = std::fs::read_to_string(tpath).unwrap();
    assert_eq!(
        ttext,
        "{\n  \"seconds_total\": 2.0,\n  \"items_per_second\": 5.0\n}\n"
    );
    assert_eq!(Timings::new(f64::NAN, 3).items_per_second, 0.0);
    assert_eq!(Timings::new(0.0, 3).items_per_second, 0.0);
}

#[test]
fn bad_manifest_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(MANIFEST_FILE);
    std::fs::write(&path, "{").unwrap();
    let err = Manifest::read(&path).unwrap_err().to_string();
    assert!(err.contains("is not a valid manifest"), "{err}");
}
