//! Command-line conventions: colour only on a terminal and never under
//! `NO_COLOR`, progress lines when piped, shell completions, examples in
//! every `--help`.

use crate::common::{lossy as text, puzzlec};
use std::process::Command;

/// Runs `puzzlec check` on a bad spec under a pseudo-terminal (util-linux
/// `script`), with `NO_COLOR` set to `no_color` or unset; returns what the
/// terminal showed.
fn check_on_a_terminal(no_color: Option<&str>) -> String {
    let bin = env!("CARGO_BIN_EXE_puzzlec");
    let mut command = Command::new("script");
    command
        .args([
            "-qec",
            &format!("{bin} check tests/ui/answer_type_mismatch.puzzle"),
            "/dev/null",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let out = command
        .output()
        .expect("util-linux `script` runs (it gives the test a terminal)");
    text(&out.stdout)
}

#[test]
fn diagnostics_are_coloured_on_a_terminal_unless_no_color_is_set() {
    let coloured = check_on_a_terminal(None);
    assert!(coloured.contains("type_mismatch"), "{coloured}");
    assert!(
        coloured.contains("\u{1b}["),
        "no colour on a terminal:\n{coloured}"
    );
    let plain = check_on_a_terminal(Some("1"));
    assert!(plain.contains("type_mismatch"), "{plain}");
    assert!(
        !plain.contains("\u{1b}["),
        "colour despite NO_COLOR:\n{plain}"
    );
    // An empty NO_COLOR does not count (no-color.org).
    assert!(check_on_a_terminal(Some("")).contains("\u{1b}["));
    // Piped: never coloured.
    let piped = puzzlec(&["check", "tests/ui/answer_type_mismatch.puzzle"]);
    assert!(!text(&piped.stderr).contains("\u{1b}["));
}

#[test]
fn completion_scripts_name_every_subcommand_and_bash_reads_them() {
    let help = text(&puzzlec(&["--help"]).stdout);
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = puzzlec(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for sub in ["check", "build", "verify", "score", "ask", "calibrate"] {
            assert!(
                help.contains(sub) && script.contains(sub),
                "{shell} lacks `{sub}`"
            );
        }
        if shell == "bash" {
            let dir = tempfile::tempdir().expect("tempdir");
            let path = dir.path().join("puzzlec.bash");
            std::fs::write(&path, &out.stdout).expect("write");
            let syntax = Command::new("bash")
                .arg("-n")
                .arg(&path)
                .output()
                .expect("bash");
            assert!(syntax.status.success(), "{}", text(&syntax.stderr));
        }
    }
    let bad = puzzlec(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2), "clap's usage error");
    assert!(
        text(&bad.stderr).contains("possible values"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn every_subcommand_help_ends_with_examples() {
    let help = text(&puzzlec(&["--help"]).stdout);
    let subs: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|s| *s != "help")
        .collect();
    assert!(subs.len() >= 12, "{subs:?}");
    for sub in subs {
        let out = text(&puzzlec(&[sub, "--help"]).stdout);
        let examples = out
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("`{sub}`: no examples"));
        assert!(
            examples
                .lines()
                .any(|l| l.starts_with(&format!("  puzzlec {sub} "))),
            "`{sub}`: {examples}"
        );
    }
}

/// The `generating:` progress lines a piped `build` printed on stderr.
fn progress_lines(extra: &[&str]) -> Vec<String> {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("data");
    let mut args = vec![
        "build",
        "tests/data/calibrate/adder.puzzle",
        "-o",
        out.to_str().unwrap(),
        "-n",
        "20",
    ];
    args.extend_from_slice(extra);
    let o = puzzlec(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stderr)
        .lines()
        .filter(|l| l.starts_with("generating: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_piped_build_prints_a_progress_line_per_tenth_with_rate_and_time_left() {
    // Three tiers × 20 items: one line at each tenth, the last one done.
    let lines = progress_lines(&[]);
    assert_eq!(lines.len(), 10, "{lines:#?}");
    for (i, line) in lines.iter().enumerate() {
        let done = 6 * (i + 1);
        assert!(
            line.starts_with(&format!(
                "generating: {done}/60 items ({} %), ",
                10 * (i + 1)
            )),
            "{line}"
        );
        assert!(line.contains(" items/s, "), "{line}");
        let tail = if i == 9 { "done in " } else { "left" };
        assert!(line.contains(tail), "{line}");
    }
    // The total follows the tier filter and the shard: indices 1, 4, …, 19
    // of one tier are 7 items.
    let lines = progress_lines(&["--tier", "hard", "--shard", "2/3"]);
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("generating: 7/7 items (100 %)")),
        "{lines:#?}"
    );
}

/// The one JSON document a `--json` command printed on stdout.
fn json_of(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON document ({e}):\n{}",
            text(&o.stdout)
        )
    })
}

#[test]
fn check_json_locates_every_diagnostic() {
    let o = puzzlec(&["check", "tests/ui/answer_type_mismatch.puzzle", "--json"]);
    assert_eq!(o.status.code(), Some(1), "an error still fails");
    let doc = json_of(&o);
    assert_eq!(doc["ok"], false);
    let spec = &doc["specs"][0];
    assert_eq!(spec["errors"], 1);
    let d = &spec["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "puzzlec::check::type_mismatch");
    // The label's line and column point at its offset in the file.
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/ui/answer_type_mismatch.puzzle"),
    )
    .unwrap();
    let label = &d["labels"][0];
    let offset = label["offset"].as_u64().unwrap() as usize;
    let line = label["line"].as_u64().unwrap() as usize;
    let column = label["column"].as_u64().unwrap() as usize;
    let line_text = source.lines().nth(line - 1).unwrap();
    let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    assert_eq!(source[..line_start].lines().count(), line - 1);
    assert_eq!(
        line_text.chars().take(column - 1).collect::<String>(),
        source[line_start..offset]
    );
    let o = puzzlec(&["check", "puzzles", "--json"]);
    assert!(o.status.success());
    let doc = json_of(&o);
    assert_eq!(doc["ok"], true);
    assert!(doc["specs"].as_array().unwrap().len() >= 17);
}

#[test]
fn build_verify_score_and_bench_print_json() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let data = tmp.path().join("data");
    let data_s = data.to_str().unwrap();
    let spec = "tests/data/calibrate/adder.puzzle";
    let o = puzzlec(&["build", spec, "-o", data_s, "-n", "4", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let doc = json_of(&o);
    let records = doc["records"].as_u64().unwrap();
    assert_eq!(records, 3 * 4 * 2, "three tiers, two languages");
    assert_eq!(doc["task_files"], 6);
    let o = puzzlec(&["verify", data_s, "--specs", spec, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let doc = json_of(&o);
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["records"].as_u64(), Some(records));
    assert_eq!(doc["failures"].as_array().map(Vec::len), Some(0));
    // Score the golds: report.json on stdout.
    let mut responses = String::new();
    for file in puzzlec::dataset::dataset_files(&data).unwrap() {
        for r in puzzlec::dataset::read_records(&file).unwrap() {
            responses +=
                &serde_json::json!({"id": r.id, "response": format!("Answer: {}", r.answer)})
                    .to_string();
            responses.push('\n');
        }
    }
    let resp = tmp.path().join("responses.jsonl");
    std::fs::write(&resp, responses).unwrap();
    let report = tmp.path().join("report");
    let o = puzzlec(&[
        "score",
        data_s,
        resp.to_str().unwrap(),
        "-o",
        report.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let doc = json_of(&o);
    assert_eq!(doc["totals"]["correct"].as_u64(), Some(records));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report.join("report.json")).unwrap())
            .unwrap();
    assert_eq!(doc, written, "stdout is report.json");
    let o = puzzlec(&["bench", spec, "-n", "2", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let doc = json_of(&o);
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows
        .iter()
        .all(|r| r["items"] == 2 && r["items_per_second"].as_f64().unwrap() > 0.0));
}
