//! Frictions a new spec author met, each pinned: reserved words as names
//! (in a spec and in `puzzlec new`), a missing `else`, where `new` writes,
//! and README's five-line example run as written.

use puzzlec::source::SourceFile;
use puzzlec::syntax::{parse, RESERVED_WORDS};
use std::path::Path;
use std::process::{Command, Output};

fn puzzlec_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run puzzlec")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The help text of the syntax error of `spec`, or `None` if it parses.
fn syntax_help(spec: &str) -> Option<String> {
    let source = SourceFile::new("t.puzzle", spec.to_string());
    parse(&source).err().map(|e| {
        let d: &dyn miette::Diagnostic = &e;
        format!(
            "{e} | {}",
            d.help().map(|h| h.to_string()).unwrap_or_default()
        )
    })
}

fn with_generate(body: &str) -> String {
    format!("puzzle t\ngenerate {{\n{body}\n}}\n")
}

#[test]
fn the_reserved_word_list_is_the_grammars() {
    for word in RESERVED_WORDS {
        assert!(
            syntax_help(&with_generate(&format!("  let {word} = 1"))).is_some(),
            "`{word}` is listed as reserved but names a variable"
        );
        assert_eq!(
            syntax_help(&with_generate(&format!("  let {word}x = 1"))),
            None,
            "`{word}x` is a plain name"
        );
    }
    // A word the grammar does not reserve parses as a name.
    assert_eq!(syntax_help(&with_generate("  let solution = 1")), None);
}

#[test]
fn a_reserved_word_as_a_name_says_so() {
    let help = syntax_help(&with_generate("  let step = 3")).expect("an error");
    assert!(
        help.contains("`step` is a reserved word"),
        "the diagnostic names the reserved word: {help}"
    );
}

#[test]
fn a_missing_else_is_reported_as_such() {
    let spec = "puzzle t\nfn half(x) = if x > 1 then x / 2\nfn twice(x) = 2 * x\n";
    let help = syntax_help(spec).expect("an error");
    assert!(help.contains("expected `else`"), "{help}");
    assert!(help.contains("if COND then A else B"), "{help}");
    // With the `else` the same file parses.
    assert_eq!(
        syntax_help(&spec.replace("x / 2\n", "x / 2 else x\n")),
        None
    );
}

#[test]
fn new_refuses_a_reserved_word_and_writes_into_the_current_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = puzzlec_in(dir.path(), &["new", "step"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("reserved word"), "{err}");
    assert!(!dir.path().join("step.puzzle").exists());

    let out = puzzlec_in(dir.path(), &["new", "adder"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.path().join("adder.puzzle").is_file());
    assert!(
        !dir.path().join("puzzles").exists(),
        "nothing written into a suite folder"
    );
}

/// The shell lines of README's "A five-line example", comments removed.
fn readme_example() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let section = readme
        .split("## A five-line example")
        .nth(1)
        .expect("README has the example section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block");
    block
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn the_readme_example_runs_as_written() {
    let lines = readme_example();
    assert_eq!(lines.len(), 5, "five lines: {lines:?}");
    let dir = tempfile::tempdir().expect("tempdir");
    for line in &lines {
        assert_eq!(line[0], "puzzlec", "{line:?}");
        let args: Vec<&str> = line[1..].iter().map(String::as_str).collect();
        let out = puzzlec_in(dir.path(), &args);
        assert!(
            out.status.success(),
            "`{}` failed:\n{}",
            line.join(" "),
            text(&out.stderr)
        );
    }
}

/// Runs `args` with standard output a pipe whose reader is already gone.
fn with_closed_stdout(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn puzzlec");
    drop(child.stdout.take());
    child.wait_with_output().expect("wait")
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    for args in [
        &["render", "puzzles/sudoku.puzzle"][..],
        &["check", "puzzles"][..],
    ] {
        let out = with_closed_stdout(args);
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    }
}

#[test]
fn a_literal_particle_argument_is_checked_before_any_run() {
    let spec = |particle: &str| {
        format!(
            r#"
puzzle particles
title en "P" ko "P"
family direct
lever n: int in 1..=3
tier easy {{ n = 2 }}
generate {{
  let name = one of ["사과", "배"]
}}
answer int = n
template en "n?"
template ko "{{josa(name, "{particle}")}} 몇 개입니까?"
"#
        )
    };
    let compile = |text: String| {
        let source = SourceFile::new("particles.puzzle", text);
        puzzlec::compile::compile(&source)
            .map(|_| ())
            .map_err(|e| puzzlec::compile::render_plain(&e.diagnostics(), 100))
    };
    let err = compile(spec("에")).expect_err("`에` is not a particle josa chooses");
    assert!(err.contains("unknown particle `에`"), "{err}");
    assert!(err.contains("puzzlec::check::particle"), "{err}");
    compile(spec("은")).expect("a known particle checks");
}
