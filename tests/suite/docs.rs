//! The documentation is tested. Every ```` ```puzzle ```` block in
//! `docs/*.md` is a complete spec: it must compile, and every item of every
//! tier must generate (indices 0..20, dataset seed 1). Blocks marked
//! ```` ```puzzle-fragment ```` are shown but not compiled. Every
//! `docs/examples/*.puzzle` file is held to the same standard, the last spec
//! of the tutorial must be the example file it says it is, and
//! `docs/language.md` must mention every builtin of the standard library,
//! every answer kind and every diagnostic code, so the reference cannot drift
//! from the code.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use miette::Diagnostic;
use puzzlec::answer::AnswerKind;
use puzzlec::compile::{compile_with_warnings, render_plain};
use puzzlec::eval::builtins::BUILTINS;
use puzzlec::source::SourceFile;

/// Items generated per tier for every example.
const ITEMS: u64 = 20;
/// The dataset seed of the generated items.
const SEED: u64 = 1;
/// Width of rendered diagnostics.
const WIDTH: usize = 100;
/// The fence info string of a tested spec.
const SPEC_FENCE: &str = "puzzle";
/// The fence info string of an untested spec fragment.
const FRAGMENT_FENCE: &str = "puzzle-fragment";
/// The tutorial's final spec, also saved as a standalone file.
const TUTORIAL_EXAMPLE: &str = "docs/examples/missing_term.puzzle";

/// A fenced code block of a Markdown file.
struct Block {
    /// The file, relative to the crate root.
    file: String,
    /// 1-based line of the first line inside the fence.
    line: usize,
    /// The fence's info string (`puzzle`, `text`, ...).
    info: String,
    /// The block's text.
    text: String,
}

impl Block {
    fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    let path = root().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Files directly in `dir` (relative to the crate root) ending in `.ext`,
/// sorted, as paths relative to the crate root.
fn files(dir: &str, ext: &str) -> Vec<String> {
    let abs = root().join(dir);
    let mut out: Vec<String> = std::fs::read_dir(&abs)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", abs.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .map(|p| {
            format!(
                "{dir}/{}",
                p.file_name().and_then(|n| n.to_str()).expect("UTF-8 name")
            )
        })
        .collect();
    out.sort();
    out
}

/// Every fenced code block of a Markdown text. A fence is a line of three or
/// more backticks followed by an info string without backticks (as in
/// CommonMark); it closes at a line of at least as many backticks.
fn code_blocks(file: &str, text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, usize, String, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        match &mut open {
            None if ticks >= 3 && !trimmed[ticks..].contains('`') => {
                let info = trimmed[ticks..].trim().to_string();
                open = Some((ticks, i + 2, info, Vec::new()));
            }
            None => {}
            Some((n, _, _, _)) if ticks >= *n && trimmed[ticks..].trim().is_empty() => {
                let (_, line, info, body) = open.take().expect("an open block");
                let mut text = body.join("\n");
                text.push('\n');
                blocks.push(Block {
                    file: file.to_string(),
                    line,
                    info,
                    text,
                });
            }
            Some((_, _, _, body)) => body.push(line),
        }
    }
    if let Some((_, line, _, _)) = open {
        panic!("{file}:{}: a code block is never closed", line - 1);
    }
    blocks
}

/// Every code block of every `docs/*.md` file.
fn doc_blocks() -> Vec<Block> {
    files("docs", "md")
        .iter()
        .flat_map(|f| code_blocks(f, &read(f)))
        .collect()
}

/// Whether the first line that is not blank or a comment opens a spec.
fn is_complete_spec(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with("puzzle ") || l.starts_with("puzzle\t"))
}

fn render(diagnostics: &[&dyn Diagnostic]) -> String {
    render_plain(diagnostics, WIDTH)
}

/// Compiles `text` and generates items 0..ITEMS of every tier; returns a
/// description of the first problem.
fn exercise(label: &str, text: &str) -> Result<usize, String> {
    let source = SourceFile::new(label, text);
    let (program, warnings) = compile_with_warnings(&source).map_err(|e| {
        format!(
            "does not compile ({} problem(s)):\n{}",
            e.count(),
            render(&e.diagnostics())
        )
    })?;
    if !warnings.is_empty() {
        let ds: Vec<&dyn Diagnostic> = warnings.iter().map(|w| w as &dyn Diagnostic).collect();
        return Err(format!(
            "has {} warning(s):\n{}",
            warnings.len(),
            render(&ds)
        ));
    }
    let tiers: Vec<String> = program.tier_names().iter().map(|t| t.to_string()).collect();
    if tiers.is_empty() {
        return Err("declares no tier".into());
    }
    let mut generated = 0;
    for tier in &tiers {
        for index in 0..ITEMS {
            // The diagnostic is rendered inside, so only a string crosses
            // the unwind boundary.
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                puzzlec::gen::generate(&program, tier, index, SEED)
                    .map(|_item| ())
                    .map_err(|e| render(&[&e as &dyn Diagnostic]))
            }));
            let what = format!("item {index} of tier `{tier}` (seed {SEED})");
            match outcome {
                Ok(Ok(())) => generated += 1,
                Ok(Err(diagnostic)) => {
                    return Err(format!("fails to generate {what}:\n{diagnostic}"))
                }
                Err(_) => return Err(format!("panics while generating {what}")),
            }
        }
    }
    Ok(generated)
}

fn report(failures: &[String]) {
    if !failures.is_empty() {
        panic!(
            "{} documentation example(s) failed:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

#[test]
fn every_puzzle_block_compiles_and_generates() {
    let mut failures = Vec::new();
    let mut tested = 0;
    for block in doc_blocks() {
        let info = block.info.as_str();
        if info == FRAGMENT_FENCE || !info.starts_with("puzzle") {
            continue;
        }
        if info != SPEC_FENCE {
            failures.push(format!(
                "{}: unknown fence ```{info}; use ```{SPEC_FENCE} for a complete spec or ```{FRAGMENT_FENCE} for a fragment",
                block.location()
            ));
            continue;
        }
        if !is_complete_spec(&block.text) {
            failures.push(format!(
                "{}: a ```{SPEC_FENCE} block must be a complete spec starting with `puzzle NAME`; mark fragments ```{FRAGMENT_FENCE}",
                block.location()
            ));
            continue;
        }
        // Blank lines in front of the block make the diagnostics' line
        // numbers those of the Markdown file.
        let padded = "\n".repeat(block.line - 1) + &block.text;
        match exercise(&block.file, &padded) {
            Ok(_) => tested += 1,
            Err(why) => failures.push(format!(
                "{}: this ```{SPEC_FENCE} block {why}",
                block.location()
            )),
        }
    }
    report(&failures);
    assert!(tested > 0, "no ```{SPEC_FENCE} block found in docs/*.md");
    println!("{tested} documented spec(s) compiled, {ITEMS} items per tier generated");
}

#[test]
fn the_reference_has_complete_examples() {
    let text = read("docs/language.md");
    let complete = code_blocks("docs/language.md", &text)
        .iter()
        .filter(|b| b.info == SPEC_FENCE)
        .count();
    assert!(
        complete >= 6,
        "docs/language.md has only {complete} complete, tested spec(s)"
    );
}

#[test]
fn every_example_file_compiles_and_generates() {
    let examples = files("docs/examples", "puzzle");
    assert!(
        !examples.is_empty(),
        "docs/examples/ holds no *.puzzle file"
    );
    let mut failures = Vec::new();
    for file in &examples {
        if let Err(why) = exercise(file, &read(file)) {
            failures.push(format!("{file}: {why}"));
        }
    }
    report(&failures);
}

#[test]
fn the_tutorial_ends_with_the_example_file() {
    let text = read("docs/authoring.md");
    assert!(
        text.contains(TUTORIAL_EXAMPLE),
        "docs/authoring.md should tell the reader that its final spec is saved as {TUTORIAL_EXAMPLE}"
    );
    let blocks = code_blocks("docs/authoring.md", &text);
    let last = blocks
        .iter()
        .rev()
        .find(|b| b.info == SPEC_FENCE)
        .expect("docs/authoring.md has no ```puzzle block");
    let example = read(TUTORIAL_EXAMPLE);
    assert_eq!(
        last.text.trim_end(),
        example.trim_end(),
        "the last ```puzzle block of docs/authoring.md ({}) differs from {TUTORIAL_EXAMPLE}",
        last.location()
    );
}

/// Whether `text` contains `word(` with no name character just before it.
fn mentions_call(text: &str, word: &str) -> bool {
    let needle = format!("{word}(");
    text.match_indices(&needle).any(|(i, _)| {
        !text[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

#[test]
fn every_builtin_is_documented() {
    let text = read("docs/language.md");
    let missing: Vec<&str> = BUILTINS
        .iter()
        .map(|b| b.name)
        .filter(|name| !mentions_call(&text, name))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/language.md does not document these builtins (as `name(`): {}",
        missing.join(", ")
    );
}

#[test]
fn every_answer_kind_is_documented() {
    let text = read("docs/language.md");
    let missing: Vec<&str> = AnswerKind::all()
        .iter()
        .map(|k| k.name())
        .filter(|name| !text.contains(&format!("`{name}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/language.md does not document these answer kinds: {}",
        missing.join(", ")
    );
}

/// Every `.rs` file under `dir` (relative to the crate root), recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_diagnostic_code_is_documented() {
    let text = read("docs/language.md");
    let mut sources = Vec::new();
    rust_files(&root().join("src"), &mut sources);
    let mut codes: Vec<String> = Vec::new();
    for path in &sources {
        let src = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for (i, _) in src.match_indices("code(puzzlec::") {
            let code: String = src[i + "code(".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            codes.push(code);
        }
    }
    codes.sort();
    codes.dedup();
    assert!(!codes.is_empty(), "found no diagnostic codes under src/");
    // A code is documented by its full name or, in its section's list, by
    // its last segment in backticks.
    let missing: Vec<&String> = codes
        .iter()
        .filter(|code| {
            let last = code.rsplit("::").next().unwrap_or(code);
            !text.contains(code.as_str()) && !text.contains(&format!("`{last}`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/language.md does not document these diagnostic codes: {missing:?}"
    );
}

#[test]
fn fence_parser_tracks_lines_and_fragments() {
    let md = "intro ```` ```puzzle ```` inline\n\n```puzzle\npuzzle a\n```\n\n```puzzle-fragment\nlet x = 1\n```\n````text\n```\n````\n";
    let blocks = code_blocks("t.md", md);
    assert_eq!(blocks.len(), 3);
    assert_eq!(
        (
            blocks[0].line,
            blocks[0].info.as_str(),
            blocks[0].text.as_str()
        ),
        (4, "puzzle", "puzzle a\n")
    );
    assert_eq!(
        (blocks[1].line, blocks[1].info.as_str()),
        (8, "puzzle-fragment")
    );
    assert_eq!(
        (blocks[2].info.as_str(), blocks[2].text.as_str()),
        ("text", "```\n")
    );
    assert!(is_complete_spec("# comment\n\npuzzle x\n"));
    assert!(!is_complete_spec("let x = 1\n"));
    assert!(mentions_call("use `map(xs, f)`", "map"));
    assert!(!mentions_call("use `to_map(xs)`", "map"));
}
