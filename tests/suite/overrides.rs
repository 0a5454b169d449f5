//! Lever overrides (`--set lever=value|lo..=hi`): the library's checks and
//! meaning, and the command line's `render`, `build`, `verify` and `bench`.

use crate::common::puzzlec;
use puzzlec::check::overrides::{apply_overrides, parse_overrides, OverrideError};
use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;
use std::path::Path;

fn spec(path: &str) -> Program {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("read spec");
    compile(&SourceFile::new(path, text)).expect("spec compiles")
}

fn apply(program: &Program, sets: &[&str]) -> Result<Program, Vec<OverrideError>> {
    let overrides = parse_overrides(sets)?;
    apply_overrides(std::slice::from_ref(program), &overrides).map(|mut v| v.remove(0))
}

fn lever(item: &puzzlec::gen::Item, name: &str) -> serde_json::Value {
    item.levers[name].clone()
}

fn rendered(errors: &[OverrideError]) -> String {
    let list: Vec<&dyn miette::Diagnostic> = errors.iter().map(|e| e as _).collect();
    render_plain(&list, 80)
}

#[test]
fn a_fixed_value_is_used_in_every_tier() {
    let sudoku = spec("puzzles/sudoku.puzzle");
    let set = apply(&sudoku, &["givens=50"]).expect("in range");
    for tier in sudoku.tier_names() {
        for index in 0..3 {
            let item = generate(&set, tier, index, 7).expect("generates");
            assert_eq!(lever(&item, "givens"), 50, "{tier} {index}");
            // The instance shows exactly that many givens.
            let shown = item.instance["grid"]
                .as_array()
                .expect("rows")
                .iter()
                .flat_map(|row| row.as_array().expect("cells").iter())
                .filter(|v| v.as_i64() != Some(0))
                .count();
            assert_eq!(shown, 50, "{tier} {index}");
        }
    }
}

#[test]
fn a_range_is_sampled_per_item_inside_its_bounds() {
    let sudoku = spec("puzzles/sudoku.puzzle");
    let set = apply(&sudoku, &["givens=44..=46"]).expect("in range");
    let seen: std::collections::BTreeSet<i64> = (0..30)
        .map(|i| {
            let item = generate(&set, "hard", i, 1).expect("generates");
            lever(&item, "givens").as_i64().expect("int")
        })
        .collect();
    assert!(seen.iter().all(|g| (44..=46).contains(g)), "{seen:?}");
    assert!(
        seen.len() >= 2,
        "a range of three values gave {seen:?} over 30 items"
    );
}

#[test]
fn overrides_leave_other_levers_and_the_item_seed_alone() {
    let sudoku = spec("puzzles/sudoku.puzzle");
    let set = apply(&sudoku, &["givens=50"]).expect("in range");
    let plain = generate(&sudoku, "medium", 3, 1).expect("generates");
    let changed = generate(&set, "medium", 3, 1).expect("generates");
    assert_eq!(plain.seed, changed.seed);
    assert_eq!(lever(&plain, "queried"), lever(&changed, "queried"));
    assert_ne!(lever(&plain, "givens"), lever(&changed, "givens"));
}

#[test]
fn choice_and_bool_levers_take_their_names() {
    let saju = spec("puzzles/saju.puzzle");
    let set = apply(&saju, &["task=\"day\"", "anchor=true"]).expect("valid names");
    let item = generate(&set, "hard", 0, 1).expect("generates");
    assert_eq!(lever(&item, "task"), "day");
    assert_eq!(lever(&item, "anchor"), true);
    let errors = apply(&saju, &["task=month", "anchor=yes"]).expect_err("not names");
    assert_eq!(
        errors.len(),
        2,
        "every problem at once: {}",
        rendered(&errors)
    );
}

fn snapshot(name: &str, text: String) {
    insta::with_settings!({
        prepend_module_to_snapshot => false,
        snapshot_path => "../snapshots",
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn bad_settings_are_located_diagnostics() {
    let sudoku = spec("puzzles/sudoku.puzzle");
    let errors = apply(&sudoku, &["givens=90", "queried=3..=1", "givns=3"]).expect_err("bad");
    snapshot("overrides__overrides_bad_settings", rendered(&errors));
    let errors = parse_overrides(&["givens", "x=1", "x=2", "=3"]).expect_err("bad syntax");
    snapshot("overrides__overrides_bad_syntax", rendered(&errors));
}

#[test]
fn an_override_names_a_lever_of_some_spec_and_fits_each_that_declares_it() {
    let programs = [spec("puzzles/sudoku.puzzle"), spec("puzzles/saju.puzzle")];
    let set = parse_overrides(&["givens=50"]).expect("parses");
    let applied = apply_overrides(&programs, &set).expect("sudoku declares it, saju is untouched");
    assert_eq!(applied[1].tiers[0].values, programs[1].tiers[0].values);
    let none = parse_overrides(&["nothing=1"]).expect("parses");
    assert!(apply_overrides(&programs, &none).is_err());
}

/// A record's `levers`, which it carries as JSON text.
fn levers_of(record: &serde_json::Value) -> serde_json::Value {
    serde_json::from_str(record["levers"].as_str().expect("levers as JSON text")).expect("json")
}

#[test]
fn render_shows_the_overridden_lever_and_rejects_a_bad_one() {
    let out = puzzlec(&[
        "render",
        "puzzles/sudoku.puzzle",
        "--json",
        "--set",
        "givens=60",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(levers_of(&record)["givens"], 60);
    let out = puzzlec(&["render", "puzzles/sudoku.puzzle", "--set", "givens=99"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("puzzlec::set::value") && err.contains("17..=81"),
        "{err}"
    );
}

#[test]
fn build_records_its_overrides_and_verify_applies_them_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let data = data.to_str().expect("utf8");
    let args = [
        "build",
        "puzzles/sudoku.puzzle",
        "-o",
        data,
        "-n",
        "2",
        "--tier",
        "easy",
    ];
    let out = puzzlec(&[&args[..], &["--set", "givens=55", "--set", "queried=2..=3"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("data/manifest.json")).expect("manifest"),
    )
    .expect("json");
    assert_eq!(
        manifest["selection"]["overrides"],
        serde_json::json!(["givens=55", "queried=2..=3"])
    );
    let lines =
        std::fs::read_to_string(dir.path().join("data/sudoku/en/easy.jsonl")).expect("task");
    for line in lines.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("record");
        assert_eq!(levers_of(&r)["givens"], 55);
    }
    let out = puzzlec(&["verify", data, "--specs", "puzzles/sudoku.puzzle"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Without the overrides the regeneration differs, so verify must see them.
    let plain = dir.path().join("plain");
    let out = puzzlec(
        &[
            &args[..2],
            &[
                "-o",
                plain.to_str().expect("utf8"),
                "-n",
                "2",
                "--tier",
                "easy",
            ],
        ]
        .concat(),
    );
    assert!(out.status.success());
    let plain_lines = std::fs::read_to_string(plain.join("sudoku/en/easy.jsonl")).expect("task");
    assert_ne!(lines, plain_lines);
}

#[test]
fn a_manifest_without_overrides_has_no_overrides_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let out = puzzlec(&[
        "build",
        "puzzles/sudoku.puzzle",
        "-o",
        data.to_str().expect("utf8"),
        "-n",
        "1",
        "--tier",
        "easy",
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(data.join("manifest.json")).expect("manifest");
    assert!(!text.contains("overrides"), "{text}");
}

#[test]
fn bench_takes_overrides() {
    let out = puzzlec(&[
        "bench",
        "puzzles/sudoku.puzzle",
        "-n",
        "2",
        "--tier",
        "easy",
        "--set",
        "givens=60",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = puzzlec(&[
        "bench",
        "puzzles/sudoku.puzzle",
        "-n",
        "2",
        "--set",
        "givens=6",
    ]);
    assert_eq!(out.status.code(), Some(1));
}
