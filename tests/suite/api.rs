//! `puzzlec::api`, the entry points the Python package is built on.

use puzzlec::answer::Verdict;
use puzzlec::api::{
    compile_text, load_path, mixture_component, record, record_line, with_overrides, ApiError,
    Judge,
};
use puzzlec::score::Item;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn record_line_is_the_record_a_build_writes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["build", "puzzles/kinship.puzzle", "-o"])
        .arg(dir.path().join("d"))
        .args(["-n", "2", "--seed", "4", "--tier", "hard"])
        .current_dir(root())
        .output()
        .expect("run puzzlec");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::fs::read_to_string(dir.path().join("d/kinship/ko/hard.jsonl")).expect("task");
    let program = &load_path(&root().join("puzzles/kinship.puzzle")).expect("loads")[0];
    for (i, line) in file.lines().enumerate() {
        assert_eq!(
            record_line(program, "hard", "ko", i as u64, 4).expect("generates"),
            line
        );
    }
    assert!(matches!(
        record_line(program, "hard", "en", 0, 4),
        Err(ApiError::Language { .. })
    ));
}

#[test]
fn a_judge_gives_the_verdicts_of_score() {
    let program = &load_path(&root().join("puzzles/sudoku.puzzle")).expect("loads")[0];
    let line = record_line(program, "easy", "en", 0, 1).expect("generates");
    let record: serde_json::Value = serde_json::from_str(&line).expect("json");
    let gold = record["answer"].as_str().expect("answer");
    let judge = Judge::from_json(&line).expect("a record");
    assert_eq!(judge.id(), record["id"]);
    let right = judge.judge(&format!("so [[{gold}]]"));
    assert_eq!(
        (right.verdict, right.extracted.as_deref()),
        (Verdict::Correct, Some(gold))
    );
    assert_eq!(judge.judge("[[1, 1, 1, 1]]").verdict, Verdict::Wrong);
    assert_eq!(judge.judge("  ").verdict, Verdict::Empty);
    assert!(Judge::from_json("{}").is_err());
}

#[test]
fn overrides_and_compile_errors_are_api_errors() {
    let program = &load_path(&root().join("puzzles/sudoku.puzzle")).expect("loads")[0];
    let set = with_overrides(program, &["givens=70"]).expect("in range");
    let line = record_line(&set, "hard", "en", 0, 1).expect("generates");
    assert!(line.contains(r#""levers":"{\"givens\":70,"#), "{line}");
    assert!(matches!(
        with_overrides(program, &["givens=7"]),
        Err(ApiError::Override(_))
    ));
    assert!(matches!(
        compile_text("x.puzzle", "puzzle {"),
        Err(ApiError::Spec { .. })
    ));
}

#[test]
fn mixture_draws_follow_the_weights_and_skip_zero_weights() {
    let weights = [3, 0, 1];
    let mut counts = [0u32; 3];
    for k in 0..4000 {
        let c = mixture_component(9, k, &weights).expect("draws");
        assert_eq!(
            mixture_component(9, k, &weights).expect("draws"),
            c,
            "same position, same draw"
        );
        counts[c] += 1;
    }
    assert_eq!(counts[1], 0);
    // 3:1 gives 3,000 of 4,000 (one standard deviation is 27); the draws are
    // fixed by the seed, so this cannot flake.
    assert!((2900..=3100).contains(&counts[0]), "{counts:?}");
    assert!(mixture_component(1, 0, &[0, 0]).is_err());
    assert!(mixture_component(1, 0, &[]).is_err());
}

/// The line of `record` cut to the fields `Judge` reads.
fn judged_fields(line: &str) -> String {
    let full: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(line).expect("json");
    let accept = full["accept"].as_str().is_some_and(|a| !a.is_empty());
    let wanted: Vec<&str> = Judge::FIELDS
        .iter()
        .chain(if accept {
            &Judge::ACCEPT_FIELDS[..]
        } else {
            &[]
        })
        .copied()
        .collect();
    let cut: serde_json::Map<_, _> = full
        .into_iter()
        .filter(|(k, _)| wanted.contains(&k.as_str()))
        .collect();
    serde_json::to_string(&cut).expect("json")
}

#[test]
fn a_judge_reads_only_its_fields_and_records_are_their_fields() {
    let specs = [
        "puzzles/sudoku.puzzle",
        "suites/korbench/kor_puzzle_10_24_points.puzzle", // accept
        "suites/korbench/kor_cipher_01_shift.puzzle",     // answer slot
        "suites/hrmcr/hrmcr_date.puzzle",                 // checkpoints
    ];
    let mut accepting = 0;
    for spec in specs {
        let program = &load_path(&root().join(spec)).expect("loads")[0];
        let tier = program.tier_names()[0].to_string();
        let lang = program.languages[0].clone();
        for index in 0..3 {
            let line = record_line(program, &tier, &lang, index, 5).expect("generates");
            // The record's fields are its line, key for key.
            let parsed: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&line).expect("json");
            let rec = record(program, &tier, &lang, index, 5).expect("generates");
            assert_eq!(
                rec.fields_json(),
                parsed.clone().into_iter().collect::<Vec<_>>()
            );
            // The judge of the cut line judges as the judge of the whole one.
            let cut = judged_fields(&line);
            assert!(cut.len() < line.len());
            let full_item: Item = serde_json::from_str(&line).expect("item");
            let cut_item: Item = serde_json::from_str(&cut).expect("item");
            assert_eq!(full_item, cut_item);
            let (whole, part) = (
                Judge::from_json(&line).expect("judge"),
                Judge::from_json(&cut).expect("judge"),
            );
            let gold = parsed["answer"].as_str().expect("answer");
            for response in [
                format!("[[{gold}]]"),
                "[[0]]".to_string(),
                "[[1 2 3 4]]".to_string(),
                "Answer: (1 + 2) * 8".to_string(),
                String::new(),
            ] {
                assert_eq!(whole.judge(&response), part.judge(&response), "{spec}");
            }
            if full_item.accept.is_some() {
                accepting += 1;
                // Without its instance an accepting record cannot be judged.
                let mut bare: serde_json::Map<String, serde_json::Value> =
                    serde_json::from_str(&cut).expect("json");
                bare.remove("instance");
                let bare = serde_json::to_string(&bare).expect("json");
                assert!(Judge::from_json(&bare).is_err());
            }
        }
    }
    assert_eq!(accepting, 3, "one spec has accept");
}
