//! `--format hf`: the records of a default build plus a dataset card whose YAML
//! front matter lists one config per puzzle (and a default config of every file)
//! with its files, features and row count. `verify` checks the card byte for byte;
//! `python/tests_formats` loads such builds with the real `datasets` package.

use crate::common::{self, lossy as text, puzzlec, utf8 as s};
use std::fs;
use std::path::Path;

/// Two scaffold specs (`tiny`, `small`) built into `dir/data` in `format`.
fn build(dir: &Path, format: &str) {
    common::build_scaffolds(dir, format);
}

fn verify(dir: &Path) -> (Option<i32>, String) {
    let out = puzzlec(&[
        "verify",
        s(&dir.join("data")),
        "--specs",
        s(&dir.join("specs")),
    ]);
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

/// The YAML front matter of the card, between the `---` lines.
fn front_matter(card: &str) -> &str {
    let rest = card.strip_prefix("---\n").expect("card starts with ---");
    let end = rest.find("\n---\n").expect("front matter ends with ---");
    &rest[..=end]
}

#[test]
fn an_hf_build_is_a_default_build_plus_its_card() {
    let (hf, plain) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    build(hf.path(), "hf");
    build(plain.path(), "puzzlec");
    for file in ["tiny/en/easy.jsonl", "small/ko/hard.jsonl"] {
        let a = fs::read(hf.path().join("data").join(file)).expect("hf file");
        let b = fs::read(plain.path().join("data").join(file)).expect("puzzlec file");
        assert_eq!(a, b, "{file}");
    }
    assert!(!plain.path().join("data/README.md").exists());
    let card = fs::read_to_string(hf.path().join("data/README.md")).expect("card");
    let yaml = front_matter(&card);
    // The default config lists all 12 files; each puzzle's lists its 6.
    assert!(
        yaml.contains("- config_name: \"all\"\n  default: true\n  data_files:\n  - split: test\n")
    );
    assert!(yaml.contains("- config_name: \"small\"\n  data_files:\n  - split: test\n    path:\n    - \"small/en/easy.jsonl\"\n"));
    assert_eq!(yaml.matches("    - \"tiny/").count(), 2 * 6, "{yaml}");
    assert_eq!(
        yaml.matches("  - name: test\n    num_examples: 24\n")
            .count(),
        1
    );
    assert_eq!(
        yaml.matches("  - name: test\n    num_examples: 12\n")
            .count(),
        2
    );
    assert_eq!(yaml.matches("    dtype: string\n").count(), 3 * 21);
    assert_eq!(
        yaml.matches("  - name: index\n    dtype: int64\n").count(),
        3
    );
    assert!(yaml.starts_with("license:\n- mit\n- apache-2.0\n"));
    // The body names the seed and every spec hash.
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(hf.path().join("data/manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["format"], "hf");
    assert!(card.contains("dataset seed 1: 24 records in 12 task files"));
    for task in manifest["tasks"].as_array().unwrap() {
        assert!(card.contains(task["spec_hash"].as_str().unwrap()));
    }
}

#[test]
fn verify_checks_the_card() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "hf");
    let (code, out) = verify(dir.path());
    assert_eq!(code, Some(0), "{out}");
    let card = dir.path().join("data/README.md");
    let original = fs::read_to_string(&card).unwrap();
    fs::write(
        &card,
        original.replace("num_examples: 24", "num_examples: 25"),
    )
    .unwrap();
    let (code, out) = verify(dir.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FAIL README.md: edited"), "{out}");
    fs::remove_file(&card).unwrap();
    let (code, out) = verify(dir.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FAIL README.md: missing"), "{out}");
}

#[test]
fn a_readme_the_build_did_not_write_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "puzzlec");
    let card = dir.path().join("data/README.md");
    fs::write(&card, "notes\n").unwrap();
    let (code, out) = verify(dir.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FAIL README.md: extra"), "{out}");
    // An `hf` build over it, even with --force, stops before writing anything.
    let specs = dir.path().join("specs");
    let data = dir.path().join("data");
    let args = [
        "build",
        s(&specs),
        "-o",
        s(&data),
        "-n",
        "1",
        "--force",
        "--format",
        "hf",
    ];
    let out = puzzlec(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("was not written by an `hf` build"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(fs::read_to_string(&card).unwrap(), "notes\n");
    assert!(
        data.join("tiny/en/easy.jsonl").is_file(),
        "the old build is left alone"
    );
}

#[test]
fn force_removes_the_card_of_an_hf_build() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "hf");
    let specs = dir.path().join("specs");
    let data = dir.path().join("data");
    let out = puzzlec(&["build", s(&specs), "-o", s(&data), "-n", "1", "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!data.join("README.md").exists());
    let (code, out) = verify(dir.path());
    assert_eq!(code, Some(0), "{out}");
}
