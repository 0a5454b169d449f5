//! A deterministic mutation fuzzer over the shipped specs (`puzzles/`,
//! `suites/*/`): every mutant is parsed and checked in-process, its
//! diagnostics rendered without colour; a panic fails the test and saves the
//! mutant under `CARGO_TARGET_TMPDIR/fuzz-crashes/`. Crashes it found are
//! kept as fixed inputs in `tests/fuzz_regressions/`, which run first.
//!
//! The mutators: byte flips, token deletion and duplication, splices between
//! two specs, deep-nesting and long-line generators, and multibyte
//! insertions. A few of the mutants that still compile generate one item,
//! on a thread with a wall-clock guard (a harness detail: a mutant whose
//! generation is not bounded is skipped, not failed).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use puzzlec::compile::{compile, render_plain, SpecError};
use puzzlec::source::SourceFile;
use puzzlec::syntax::error::SyntaxError;

/// How many mutants are tried.
const MUTANTS: usize = 5_000;
/// Every how many compiling mutants one generates an item.
const GENERATE_EVERY: usize = 8;
/// The most compiling mutants that generate an item.
const MAX_GENERATED: usize = 40;
/// The harness's guard on one mutant's generation.
const GENERATE_GUARD: Duration = Duration::from_secs(10);
/// Rendering width.
const WIDTH: usize = 100;

/// A tiny xorshift64* generator: deterministic, dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The shipped specs, sorted by path.
fn corpus() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("puzzles")];
    let mut suites: Vec<PathBuf> = std::fs::read_dir(root.join("suites"))
        .expect("suites/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    suites.sort();
    dirs.extend(suites);
    let mut specs = Vec::new();
    for dir in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("spec folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("UTF-8 spec");
            let name = file
                .strip_prefix(root)
                .unwrap_or(&file)
                .display()
                .to_string();
            specs.push((name, text));
        }
    }
    specs
}

/// A character boundary of `text` chosen at random.
fn boundary(rng: &mut Rng, text: &str) -> usize {
    let mut i = rng.below(text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The byte ranges of whitespace-separated tokens.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// Text that nests deeply or runs long, to insert somewhere.
fn generated(rng: &mut Rng) -> String {
    let n = [10, 60, 300, 1_200, 5_000][rng.below(5)];
    match rng.below(9) {
        0 => format!("{}0{}", "(".repeat(n), ")".repeat(n)),
        1 => format!(
            "(if true then {}0{})",
            "if true then ".repeat(n),
            " else 0".repeat(n + 1)
        ),
        2 => format!("({}0)", "let a = 1 in ".repeat(n)),
        3 => format!("len([{}0])", "|x| ".repeat(n)),
        4 => vec!["1"; n].join(" + "),
        5 => format!("{}true", "not ".repeat(n)),
        6 => format!("{}1", "-".repeat(n)),
        7 => format!("\"{}\"", "a".repeat(n * 20)),
        _ => format!("x{}", ".a".repeat(n)),
    }
}

/// Multibyte text, escapes and controls to insert somewhere.
const MULTIBYTE: [&str; 10] = [
    "é",
    "한",
    "\\한",
    "\\é",
    "\u{200b}",
    "🎲",
    "\u{301}",
    "{한:은}",
    "\"\\",
    "\r",
];

/// One mutation of `text`; `other` is a second spec for splices.
fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut out = text.to_string();
    match rng.below(7) {
        0 => {
            // Byte flips, kept valid UTF-8 (a spec is read as UTF-8).
            let mut bytes = out.into_bytes();
            for _ in 0..1 + rng.below(4) {
                if bytes.is_empty() {
                    break;
                }
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            out = String::from_utf8_lossy(&bytes).into_owned();
        }
        1 | 2 => {
            // Token deletions and duplications.
            for _ in 0..1 + rng.below(3) {
                let toks = tokens(&out);
                if toks.is_empty() {
                    break;
                }
                let (a, b) = *rng.pick(&toks);
                if rng.below(2) == 0 {
                    out.replace_range(a..b, "");
                } else {
                    let piece = out[a..b].to_string();
                    let at = toks[rng.below(toks.len())].0;
                    out.insert_str(at, &format!("{piece} "));
                }
            }
        }
        3 => {
            // A splice: the head of this spec, the tail of the other.
            let a = boundary(rng, &out);
            let b = boundary(rng, other);
            out = format!("{}{}", &out[..a], &other[b..]);
        }
        4 => {
            // A deep or long generated expression at a token start.
            let toks = tokens(&out);
            let at = toks.get(rng.below(toks.len())).map_or(0, |t| t.0);
            out.insert_str(at, &format!("{} ", generated(rng)));
        }
        _ => {
            for _ in 0..1 + rng.below(3) {
                let at = boundary(rng, &out);
                let piece = *rng.pick(&MULTIBYTE[..]);
                out.insert_str(at, piece);
            }
        }
    }
    out
}

/// Whether every diagnostic of `error` points into the file (a file-size
/// refusal has no span to point at).
fn located_count(error: &SpecError) -> (usize, usize) {
    let diagnostics = error.diagnostics();
    let located = diagnostics
        .iter()
        .filter(|d| d.source_code().is_some() && d.labels().is_some_and(|mut l| l.next().is_some()))
        .count();
    (located, diagnostics.len())
}

/// What one mutant did.
enum Outcome {
    /// It compiled.
    Compiled(Box<puzzlec::check::program::Program>),
    /// It was refused with this many located diagnostics out of so many.
    Refused(usize, usize),
}

/// Compiles and renders one mutant; `Err` when anything panicked.
fn run(name: &str, text: &str) -> Result<Outcome, String> {
    let source = SourceFile::new(name.to_string(), text.to_string());
    catch_unwind(AssertUnwindSafe(|| match compile(&source) {
        Ok(program) => Outcome::Compiled(Box::new(program)),
        Err(error) => {
            let rendered = render_plain(&error.diagnostics(), WIDTH);
            assert!(!rendered.trim().is_empty(), "an empty diagnostic");
            let (located, total) = located_count(&error);
            Outcome::Refused(located, total)
        }
    }))
    .map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

/// Saves a crashing mutant and returns where.
fn save_crash(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-crashes");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{}.puzzle", name.replace('/', "_")));
    let _ = std::fs::write(&path, text);
    path
}

/// Generates item 0 of the first tier on a guarded thread: `Some(true)` if
/// it finished (with an item or an error), `Some(false)` if it panicked,
/// `None` if the guard ran out.
fn generate_guarded(program: puzzlec::check::program::Program) -> Option<bool> {
    let (send, receive) = mpsc::channel();
    let tier = program.tiers.first().map(|t| t.name.name.clone())?;
    std::thread::spawn(move || {
        let ok = catch_unwind(AssertUnwindSafe(|| {
            let _ = puzzlec::gen::generate(&program, &tier, 0, 1);
        }))
        .is_ok();
        let _ = send.send(ok);
    });
    receive.recv_timeout(GENERATE_GUARD).ok()
}

#[test]
fn fixed_fuzz_crashes_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_regressions")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regression inputs");
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).expect("read")).into_owned();
        let name = file.display().to_string();
        match run(&name, &text) {
            Err(panic) => panic!("{name}: panicked again: {panic}"),
            Ok(Outcome::Refused(located, total)) => {
                assert_eq!(located, total, "{name}: an error without a location")
            }
            Ok(Outcome::Compiled(_)) => {}
        }
    }
}

#[test]
fn five_thousand_mutated_specs_never_panic_and_errors_are_located() {
    let specs = corpus();
    assert!(specs.len() >= 25, "only {} specs", specs.len());
    let mut rng = Rng(0x5EED_F00D_CAFE_0014);
    let (mut located, mut errors, mut refused, mut compiled) = (0, 0, 0, 0);
    let (mut generated, mut unbounded) = (0, 0);
    let mut crashes = Vec::new();
    for i in 0..MUTANTS {
        let (base, text) = &specs[i % specs.len()];
        let other = &specs[rng.below(specs.len())].1;
        let mutant = mutate(&mut rng, text, other);
        let name = format!("{base}~{i:04}");
        match run(&name, &mutant) {
            Err(panic) => {
                let saved = save_crash(&name, &mutant);
                crashes.push(format!("{name}: {panic} (saved as {})", saved.display()));
            }
            Ok(Outcome::Refused(l, t)) => {
                refused += 1;
                located += l;
                errors += t;
            }
            Ok(Outcome::Compiled(program)) => {
                compiled += 1;
                if compiled % GENERATE_EVERY == 0 && generated + unbounded < MAX_GENERATED {
                    match generate_guarded(*program) {
                        Some(true) => generated += 1,
                        Some(false) => {
                            let saved = save_crash(&name, &mutant);
                            crashes.push(format!(
                                "{name}: generation panicked (saved as {})",
                                saved.display()
                            ));
                        }
                        None => unbounded += 1,
                    }
                }
            }
        }
    }
    eprintln!(
        "{MUTANTS} mutants: {refused} refused ({located} of {errors} errors located), \
         {compiled} compiled, {generated} generated an item, {unbounded} over the guard"
    );
    assert!(crashes.is_empty(), "panics:\n{}", crashes.join("\n"));
    assert!(refused > MUTANTS / 4, "only {refused} mutants were refused");
    assert!(
        located * 100 >= errors * 95,
        "only {located} of {errors} errors carry a location"
    );
}

#[test]
fn the_size_refusal_is_the_only_error_without_a_span() {
    let source = SourceFile::new(
        "huge.puzzle",
        "#".repeat(puzzlec::syntax::MAX_SPEC_BYTES + 1),
    );
    let error = compile(&source).expect_err("too large");
    assert!(matches!(
        error,
        SpecError::Syntax(SyntaxError::TooLarge { .. })
    ));
    assert_eq!(located_count(&error), (0, 1));
}

#[test]
fn every_unmutated_spec_passes_the_front_end_limits() {
    for (name, text) in corpus() {
        let source = SourceFile::new(name.clone(), text);
        if let Err(e) = compile(&source) {
            panic!(
                "{name} does not compile:\n{}",
                render_plain(&e.diagnostics(), WIDTH)
            );
        }
    }
}
