//! A build streams its records: the task files hold exactly the records of
//! `generate` in index order whatever the thread count (with more items than
//! the workers may run ahead), the manifest's counts and hashes are those of
//! the bytes on disk, shards partition the whole build, and a build that fails
//! in the middle of a task leaves neither that file nor a temporary one.

use crate::common;

use puzzlec::check::program::Program;
use puzzlec::compile::compile;
use puzzlec::dataset::build::{build, record, BuildError, BuildOptions};
use puzzlec::dataset::{sha256_hex, Format, Manifest, OutputDir, Shard};
use puzzlec::gen::{generate, GenError};
use puzzlec::source::SourceFile;
use std::collections::BTreeMap;
use std::path::Path;

/// Two tiers in two languages; cheap, so that many items per tier stay fast.
const TWO_TIERS: &str = "puzzle stream\ntitle en \"S\" ko \"S\"\nfamily direct\nlever n: int in 1..=999\ntier easy { n = 9..=99 }\ntier hard { n = 100..=999 }\ngenerate {\n  let x = int in 1..=n\n  let y = int in 1..=n\n}\nanswer int = x + y\ntemplate en \"{x} plus {y}?\"\ntemplate ko \"{x} 더하기 {y}?\"\n";

/// One attempt per item, rejected when the draw is 1: some item fails.
const SOMETIMES_STUCK: &str = "puzzle stuck\ntitle en \"S\" ko \"S\"\nfamily direct\nattempts 1\nlever n: int in 1..=99\ntier easy { n = 12 }\ngenerate {\n  let x = int in 1..=n\n  require x > 1 else \"one is refused\"\n}\nanswer int = x\ntemplate en \"{x}\"\ntemplate ko \"{x}\"\n";

fn program(name: &str, text: &str) -> Program {
    compile(&SourceFile::new(format!("{name}.puzzle"), text.to_string())).expect("spec compiles")
}

fn options(count: u64, jobs: usize, shard: Option<Shard>) -> BuildOptions {
    BuildOptions {
        count,
        seed: 5,
        tiers: Vec::new(),
        langs: Vec::new(),
        jobs,
        shard,
        format: Format::Puzzlec,
        overrides: Vec::new(),
    }
}

fn build_into(
    dir: &Path,
    programs: &[Program],
    options: &BuildOptions,
) -> Result<BTreeMap<String, Vec<u8>>, Box<BuildError>> {
    let out = OutputDir::prepare(dir, true).expect("prepare");
    build(programs, options, &out, &|| {}).map_err(Box::new)?;
    drop(out);
    Ok(common::read_tree(dir))
}

#[test]
fn task_files_hold_the_generated_records_in_order_for_any_thread_count() {
    let programs = [program("stream", TWO_TIERS)];
    let tmp = tempfile::tempdir().expect("tempdir");
    // 400 items per tier, 800 in all: more than any of these thread counts
    // may run ahead (32 units per thread), so the slots are reused.
    let n = 400;
    let one = build_into(&tmp.path().join("1"), &programs, &options(n, 1, None)).expect("build");
    for jobs in [2, 5] {
        let other = build_into(
            &tmp.path().join(jobs.to_string()),
            &programs,
            &options(n, jobs, None),
        )
        .expect("build");
        assert!(
            one == other,
            "--jobs {jobs} wrote other bytes than --jobs 1"
        );
    }
    let p = &programs[0];
    for tier in ["easy", "hard"] {
        for lang in ["en", "ko"] {
            let expected: String = (0..n)
                .map(|i| {
                    let item = generate(p, tier, i, 5).expect("generate");
                    record(p, &item, lang).to_json_line() + "\n"
                })
                .collect();
            let file = format!("stream/{lang}/{tier}.jsonl");
            assert_eq!(
                String::from_utf8_lossy(&one[&file]),
                expected,
                "{file} holds generate's records in index order"
            );
        }
    }
    let manifest_path = tmp.path().join("1/manifest.json");
    let text = std::fs::read_to_string(&manifest_path).expect("manifest");
    let manifest = Manifest::parse(&manifest_path, &text).expect("parse");
    assert_eq!(manifest.tasks.len(), 4);
    for task in &manifest.tasks {
        let bytes = &one[&task.file];
        assert_eq!(task.sha256, sha256_hex(bytes), "{}", task.file);
        assert_eq!(
            task.count,
            bytes.iter().filter(|&&b| b == b'\n').count() as u64
        );
    }
    assert_eq!(manifest.total, 4 * n);
}

#[test]
fn shards_partition_the_whole_build() {
    let programs = [program("stream", TWO_TIERS)];
    let tmp = tempfile::tempdir().expect("tempdir");
    let whole =
        build_into(&tmp.path().join("all"), &programs, &options(10, 2, None)).expect("build");
    let mut lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for i in 1..=3 {
        let shard = Shard::new(i, 3).expect("shard");
        let part = build_into(
            &tmp.path().join(i.to_string()),
            &programs,
            &options(10, 2, Some(shard)),
        )
        .expect("build");
        for (file, bytes) in part.iter().filter(|(f, _)| f.ends_with(".jsonl")) {
            let text = String::from_utf8(bytes.clone()).expect("utf8");
            lines
                .entry(file.clone())
                .or_default()
                .extend(text.lines().map(str::to_string));
        }
    }
    for (file, mut got) in lines {
        // Record ids end in the zero-padded index, so sorting restores the order.
        got.sort();
        let expected: Vec<String> = String::from_utf8(whole[&file].clone())
            .expect("utf8")
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(
            got, expected,
            "{file}: the shards' records are the whole build's"
        );
    }
    // A shard that owns no index of `-n 2` writes no task file.
    let empty = build_into(
        &tmp.path().join("empty"),
        &programs,
        &options(2, 2, Some(Shard::new(3, 3).expect("shard"))),
    )
    .expect("build");
    assert!(empty.keys().all(|f| !f.ends_with(".jsonl")), "{empty:?}");
}

#[test]
fn a_failure_inside_a_task_leaves_no_partial_or_temporary_file() {
    let fine = program("stream", TWO_TIERS);
    let stuck = program("stuck", SOMETIMES_STUCK);
    // The first index that fails, found without the build.
    let failing = (0..40)
        .find(|&i| generate(&stuck, "easy", i, 5).is_err())
        .expect("some item of 40 draws a 1 of 12");
    assert!(failing > 0, "the task's files are open when it fails");
    let programs = [fine, stuck];
    let tmp = tempfile::tempdir().expect("tempdir");
    let whole = build_into(
        &tmp.path().join("whole"),
        &programs[..1],
        &options(40, 1, None),
    )
    .expect("the fine spec alone builds");
    for jobs in [1, 3] {
        let dir = tmp.path().join(jobs.to_string());
        let err = build_into(&dir, &programs, &options(40, jobs, None))
            .expect_err("the stuck spec fails");
        match *err {
            BuildError::Gen(GenError::Budget { index, .. }) => assert_eq!(index, failing),
            other => panic!("unexpected error: {other}"),
        }
        let left = common::read_tree(&dir);
        let names: Vec<&String> = left.keys().collect();
        assert!(
            names
                .iter()
                .all(|f| !f.contains(".tmp-") && !f.starts_with("stuck")),
            "--jobs {jobs}: {names:?}"
        );
        assert!(!left.contains_key("manifest.json"), "--jobs {jobs}");
        // On one thread the spec before it finished its tasks; with several
        // workers the failure may come first, but whatever is left is whole.
        if jobs == 1 {
            assert!(
                left.contains_key("stream/ko/hard.jsonl"),
                "--jobs {jobs}: {names:?}"
            );
        }
        for (name, bytes) in &left {
            assert_eq!(
                Some(bytes),
                whole.get(name),
                "--jobs {jobs}: {name} is not whole"
            );
        }
    }
}
