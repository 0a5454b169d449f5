//! UI tests for diagnostics: every `tests/ui/*.puzzle` fixture is a spec with
//! exactly one problem; it must fail to compile, and its rendered diagnostics
//! are snapshotted as `tests/snapshots/ui__<stem>.snap`. Every
//! `tests/ui/runtime/*.puzzle` fixture compiles but fails to generate item 0
//! (seed 1) of the tier named in its `# tier: NAME` header; the rendered
//! failure is snapshotted as `tests/snapshots/ui_runtime__<stem>.snap`.
//! Every `tests/ui/warnings/*.puzzle` fixture compiles with warnings, which
//! are snapshotted as `tests/snapshots/ui_warnings__<stem>.snap`.
//! Fixtures in `tests/ui/pending/` are known failures and are not run.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use miette::Diagnostic;
use puzzlec::compile::{compile, compile_with_warnings, render_plain, SpecError};
use puzzlec::source::SourceFile;
use puzzlec::syntax::error::SyntaxError;

/// The rendering width of every snapshot.
const WIDTH: usize = 100;

/// The `*.puzzle` files directly inside `dir`, sorted by name.
fn fixtures(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|ext| ext == "puzzle"))
        .collect();
    files.sort();
    files
}

/// The fixture's stem and the source file named by its path relative to the
/// crate root (`tests/ui/NAME.puzzle`), so snapshots do not depend on where
/// the checkout lives.
fn load(dir: &str, path: &Path) -> (String, SourceFile) {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("UTF-8 file stem")
        .to_string();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = format!("{dir}/{stem}.puzzle");
    (stem, SourceFile::new(name, text))
}

/// Whether `text` contains `name:LINE:COL`.
fn has_location(text: &str, name: &str) -> bool {
    let needle = format!("{name}:");
    text.match_indices(&needle).any(|(i, _)| {
        let rest = &text[i + needle.len()..];
        let mut parts = rest.splitn(3, ':');
        let line = parts.next().unwrap_or("");
        let col: String = parts
            .next()
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()) && !col.is_empty()
    })
}

/// Snapshots `text` as `tests/snapshots/<name>.snap`.
fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        prepend_module_to_snapshot => false,
        snapshot_path => "../snapshots",
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn bad_specs_fail_with_snapshotted_diagnostics() {
    let files = fixtures("tests/ui");
    assert!(
        files.len() >= 34,
        "expected at least 34 fixtures, found {}",
        files.len()
    );
    for path in &files {
        let (stem, source) = load("tests/ui", path);
        let error = match compile(&source) {
            Ok(_) => panic!(
                "{}: compiled, but the fixture must fail to compile",
                source.name
            ),
            Err(e) => e,
        };
        let diagnostics = error.diagnostics();
        assert!(!diagnostics.is_empty(), "{}: no diagnostics", source.name);
        let has_source = !matches!(error, SpecError::Syntax(SyntaxError::TooLarge { .. }));
        let mut text = String::new();
        for d in &diagnostics {
            let one = render_plain(&[*d], WIDTH);
            assert!(
                !one.trim().is_empty(),
                "{}: a diagnostic renders empty",
                source.name
            );
            if has_source {
                assert!(
                    has_location(&one, &source.name),
                    "{}: diagnostic does not name `{}:LINE:COL`:\n{one}",
                    source.name,
                    source.name
                );
            }
            text.push_str(&one);
        }
        snapshot(&format!("ui__{stem}"), &text);
    }
}

/// The tier named by a `# tier: NAME` line in the fixture's header comment.
fn header_tier(source: &SourceFile) -> String {
    source
        .text
        .lines()
        .take_while(|l| l.trim_start().starts_with('#'))
        .find_map(|l| {
            l.trim_start()
                .trim_start_matches('#')
                .trim()
                .strip_prefix("tier:")
        })
        .map(|t| t.trim().to_string())
        .unwrap_or_else(|| panic!("{}: no `# tier: NAME` header", source.name))
}

#[test]
fn runtime_failures_are_snapshotted() {
    let files = fixtures("tests/ui/runtime");
    assert!(
        files.len() >= 5,
        "expected at least 5 runtime fixtures, found {}",
        files.len()
    );
    for path in &files {
        let (stem, source) = load("tests/ui/runtime", path);
        let tier = header_tier(&source);
        let program = match compile(&source) {
            Ok(p) => p,
            Err(e) => panic!(
                "{}: a runtime fixture must compile, but:\n{}",
                source.name,
                render_plain(&e.diagnostics(), WIDTH)
            ),
        };
        let error = match puzzlec::gen::generate(&program, &tier, 0, 1) {
            Ok(_) => panic!(
                "{}: tier `{tier}` generated item 0, but it must fail",
                source.name
            ),
            Err(e) => e,
        };
        let text = render_plain(&[&error as &dyn Diagnostic], WIDTH);
        assert!(
            has_location(&text, &source.name),
            "{}: runtime diagnostic does not name `{}:LINE:COL`:\n{text}",
            source.name,
            source.name
        );
        snapshot(&format!("ui_runtime__{stem}"), &text);
    }
}

#[test]
fn warnings_are_snapshotted() {
    let files = fixtures("tests/ui/warnings");
    assert!(
        files.len() >= 3,
        "expected at least 3 warning fixtures, found {}",
        files.len()
    );
    for path in &files {
        let (stem, source) = load("tests/ui/warnings", path);
        let warnings = match compile_with_warnings(&source) {
            Ok((_, w)) => w,
            Err(e) => panic!(
                "{}: a warning fixture must compile, but:\n{}",
                source.name,
                render_plain(&e.diagnostics(), WIDTH)
            ),
        };
        assert!(!warnings.is_empty(), "{}: no warnings", source.name);
        let mut text = String::new();
        for w in &warnings {
            assert_eq!(
                w.severity(),
                Some(miette::Severity::Warning),
                "{}",
                source.name
            );
            let one = render_plain(&[w as &dyn Diagnostic], WIDTH);
            assert!(
                has_location(&one, &source.name),
                "{}: warning does not name `{}:LINE:COL`:\n{one}",
                source.name,
                source.name
            );
            text.push_str(&one);
        }
        snapshot(&format!("ui_warnings__{stem}"), &text);
    }
}

/// The scaffold that `puzzlec new` writes, with its placeholder name filled in.
fn scaffold() -> String {
    include_str!("../../src/cli/scaffold.puzzle").replace("NAME", "mutant")
}

#[test]
fn scaffold_compiles() {
    let source = SourceFile::new("scaffold.puzzle", scaffold());
    match compile_with_warnings(&source) {
        Err(e) => panic!(
            "the scaffold must compile:\n{}",
            render_plain(&e.diagnostics(), WIDTH)
        ),
        Ok((_, warnings)) => assert!(
            warnings.is_empty(),
            "the scaffold must compile without warnings:\n{}",
            render_plain(
                &warnings
                    .iter()
                    .map(|w| w as &dyn Diagnostic)
                    .collect::<Vec<_>>(),
                WIDTH
            )
        ),
    }
}

/// A tiny xorshift64 generator: deterministic and dependency-free.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A random char-boundary range `a..b` of `text` (possibly empty), at most
/// `max` bytes long.
fn char_range(rng: &mut XorShift, text: &str, max: usize) -> (usize, usize) {
    let bounds: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect();
    let a = rng.below(bounds.len());
    let span = 1 + rng.below(max);
    let mut b = a;
    while b + 1 < bounds.len() && bounds[b + 1] - bounds[a] <= span {
        b += 1;
    }
    (bounds[a], bounds[b])
}

/// One mutation: delete, duplicate or swap random byte ranges.
fn mutate(rng: &mut XorShift, text: &str) -> String {
    let mut out = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let max = [1, 4, 16, 64, 256][rng.below(5)];
        match rng.below(3) {
            0 => {
                let (a, b) = char_range(rng, &out, max);
                out.replace_range(a..b, "");
            }
            1 => {
                let (a, b) = char_range(rng, &out, max);
                let piece = out[a..b].to_string();
                let (at, _) = char_range(rng, &out, 1);
                out.insert_str(at, &piece);
            }
            _ => {
                let (a, b) = char_range(rng, &out, max);
                let (c, d) = char_range(rng, &out, max);
                let (first, second) = if a <= c {
                    ((a, b), (c, d))
                } else {
                    ((c, d), (a, b))
                };
                if first.1 <= second.0 {
                    let x = out[first.0..first.1].to_string();
                    let mid = out[first.1..second.0].to_string();
                    let y = out[second.0..second.1].to_string();
                    out.replace_range(first.0..second.1, &format!("{y}{mid}{x}"));
                }
            }
        }
    }
    out
}

#[test]
fn mutated_scaffolds_never_panic() {
    let base = scaffold();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut failures = 0;
    for i in 0..200 {
        let text = mutate(&mut rng, &base);
        let name = format!("mutant_{i:03}.puzzle");
        let source = SourceFile::new(name.clone(), text.clone());
        let outcome = catch_unwind(AssertUnwindSafe(|| match compile(&source) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .diagnostics()
                .iter()
                .map(|d| render_plain(&[*d], WIDTH))
                .collect::<Vec<_>>(),
        }));
        let rendered = match outcome {
            Ok(r) => r,
            Err(_) => panic!("{name}: compile or rendering panicked on this spec:\n{text}"),
        };
        if !rendered.is_empty() {
            failures += 1;
        }
        for r in &rendered {
            assert!(
                !r.trim().is_empty(),
                "{name}: an error renders as empty text:\n{text}"
            );
        }
    }
    // Most mutations break the spec; if none did, the mutator is broken.
    assert!(
        failures > 50,
        "only {failures} of 200 mutations failed to compile"
    );
}

/// The scaffold with `depth` parentheses around a `0` added to its sum.
fn nested(depth: usize) -> String {
    scaffold().replace(
        "let total = sum(xs)",
        &format!(
            "let total = sum(xs) + {}0{}",
            "(".repeat(depth),
            ")".repeat(depth)
        ),
    )
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    for depth in [60, 100_000] {
        let source = SourceFile::new("deep.puzzle", nested(depth));
        let outcome = catch_unwind(AssertUnwindSafe(|| compile(&source).err()));
        let error = outcome
            .unwrap_or_else(|_| panic!("depth {depth}: compile panicked"))
            .unwrap_or_else(|| panic!("depth {depth}: compiled"));
        assert!(
            matches!(error, SpecError::Syntax(SyntaxError::TooDeep { .. })),
            "depth {depth}: expected the nesting error, got:\n{}",
            render_plain(&error.diagnostics(), WIDTH)
        );
    }
    // Moderate nesting is fine.
    let source = SourceFile::new("nested.puzzle", nested(20));
    if let Err(e) = compile(&source) {
        panic!(
            "depth 20 must compile:\n{}",
            render_plain(&e.diagnostics(), WIDTH)
        );
    }
}

#[test]
fn brackets_in_template_text_are_not_nesting() {
    let text = scaffold().replace(
        "What is the sum of",
        &format!("What is the sum of {} ", "(".repeat(50)),
    );
    let source = SourceFile::new("parens_in_text.puzzle", text);
    if let Err(e) = compile(&source) {
        panic!(
            "literal brackets in a template are text:\n{}",
            render_plain(&e.diagnostics(), WIDTH)
        );
    }
}

#[test]
fn oversized_spec_is_refused_quickly() {
    let mut text = scaffold();
    let filler = "# padding padding padding padding padding padding padding padding\n";
    while text.len() < 2 * 1024 * 1024 {
        text.push_str(filler);
    }
    let source = SourceFile::new("huge.puzzle", text);
    let start = Instant::now();
    let error = match compile(&source) {
        Ok(_) => panic!("a 2 MB spec compiled"),
        Err(e) => e,
    };
    let elapsed = start.elapsed();
    assert!(
        matches!(error, SpecError::Syntax(SyntaxError::TooLarge { .. })),
        "expected the size error, got: {}",
        render_plain(&error.diagnostics(), WIDTH)
    );
    let rendered = render_plain(&error.diagnostics(), WIDTH);
    assert!(rendered.contains("byte limit"), "{rendered}");
    assert!(
        elapsed < Duration::from_secs(2),
        "refusing took {elapsed:?}"
    );
}
