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
