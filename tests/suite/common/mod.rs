//! Helpers shared by integration tests.
#![allow(dead_code)]

pub mod browser;
pub mod rational;
pub mod words;

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::dataset::build::record;
use puzzlec::dataset::Record;
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `*.puzzle` file directly in `dir`, sorted.
pub fn puzzle_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    files
}

/// Compiles a spec file, panicking with rendered diagnostics on failure.
pub fn load(path: &Path) -> Program {
    let text = std::fs::read_to_string(path).expect("spec is UTF-8");
    let rel = path.strip_prefix(root()).unwrap_or(path);
    let source = SourceFile::new(rel.display().to_string(), text);
    match compile(&source) {
        Ok(p) => p,
        Err(e) => panic!(
            "{} does not compile:\n{}",
            path.display(),
            render_plain(&e.diagnostics(), 100)
        ),
    }
}

/// The spec folders: `puzzles/` (the reference suite) and every folder
/// under `suites/` (further benchmarks), sorted.
pub fn spec_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("puzzles")];
    if let Ok(entries) = std::fs::read_dir(root().join("suites")) {
        let mut more: Vec<PathBuf> = entries
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.is_dir())
            .collect();
        more.sort();
        dirs.extend(more);
    }
    dirs
}

/// Every spec in the spec folders (see [`spec_dirs`]).
pub fn specs() -> Vec<(PathBuf, Program)> {
    spec_dirs()
        .iter()
        .flat_map(|d| puzzle_files(d))
        .map(|p| {
            let prog = load(&p);
            (p, prog)
        })
        .collect()
}

/// The `lang` records of the first `per_tier` items of every tier of the
/// spec at `rel` (relative to the repository root), dataset seed 1.
pub fn records(rel: &str, lang: &str, per_tier: u64) -> Vec<Record> {
    let program = load(&root().join(rel));
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..per_tier {
            let item = generate(&program, tier, i, 1).expect("generate");
            out.push(record(&program, &item, lang));
        }
    }
    out
}

/// The English records of a KOR-Bench spec (`per_tier` items per tier,
/// dataset seed 1), each checked to score its own gold and to hold its
/// `query` part in its prompt.
pub fn korbench_records(rel: &str, per_tier: u64) -> Vec<Record> {
    let out = records(rel, "en", per_tier);
    for r in &out {
        scores_itself(r);
        assert!(
            r.question.contains(r.query.trim()),
            "{}: the query is in the prompt",
            r.id
        );
    }
    out
}

/// The Julian day number of a Gregorian date (written for the tests, not
/// taken from the library under test).
pub fn jdn(y: i64, m: i64, d: i64) -> i64 {
    let a = (14 - m) / 12;
    let yy = y + 4800 - a;
    let mm = m + 12 * a - 3;
    d + (153 * mm + 2) / 5 + 365 * yy + yy / 4 - yy / 100 + yy / 400 - 32045
}

/// The Gregorian date of a Julian day number (Richards' algorithm).
pub fn from_jdn(j: i64) -> (i64, i64, i64) {
    let f = j + 1401 + (((4 * j + 274277) / 146097) * 3) / 4 - 38;
    let e = 4 * f + 3;
    let g = (e % 1461) / 4;
    let h = 5 * g + 2;
    let d = (h % 153) / 5 + 1;
    let m = (h / 153 + 2) % 12 + 1;
    let y = e / 1461 - 4716 + (14 - m) / 12;
    (y, m, d)
}

/// The solar public holidays (name, month, day), restated from
/// `../shared/reference/korean.md` so that gold tests do not rely on the
/// library table they check.
pub const SOLAR_HOLIDAYS: [(&str, i64, i64); 8] = [
    ("신정", 1, 1),
    ("삼일절", 3, 1),
    ("어린이날", 5, 5),
    ("현충일", 6, 6),
    ("광복절", 8, 15),
    ("개천절", 10, 3),
    ("한글날", 10, 9),
    ("성탄절", 12, 25),
];

/// A tiny deterministic xorshift64* generator for randomised tests.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The jamo tables in Unicode order (initials, vowels, finals without the
/// empty final), written for the tests.
pub const INITIALS: &str = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
pub const MEDIALS: &str = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
pub const FINALS: &str = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ";

/// Runs the `puzzlec` binary with `args` from the repository root.
pub fn puzzlec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run puzzlec")
}

/// A path as a command-line argument (the tests' paths are UTF-8).
pub fn utf8(p: &Path) -> &str {
    p.to_str().expect("utf8 path")
}

/// A process's output as text.
pub fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `dir` (path relative to `dir` → bytes) except
/// `timings.json`, whose figures differ from run to run.
pub fn read_tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("list") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().is_some_and(|n| n != "timings.json") {
                let rel = p.strip_prefix(dir).expect("prefix").display().to_string();
                out.insert(rel, std::fs::read(&p).expect("read"));
            }
        }
    }
    out
}

/// Two scaffold specs of `puzzlec new` (`tiny`, `small`) written to
/// `dir/specs` and built into `dir/data` (2 items per tier, one thread) in
/// `format`; fails the test if either step fails.
pub fn build_scaffolds(dir: &Path, format: &str) {
    let specs = dir.join("specs");
    for name in ["tiny", "small"] {
        let out = puzzlec(&["new", name, "--dir", utf8(&specs)]);
        assert!(out.status.success(), "{}", lossy(&out.stderr));
    }
    let data = dir.join("data");
    let out = puzzlec(&[
        "build",
        utf8(&specs),
        "-o",
        utf8(&data),
        "-n",
        "2",
        "--jobs",
        "1",
        "--format",
        format,
    ]);
    assert!(out.status.success(), "{}", lossy(&out.stderr));
}

/// The specs of `puzzles/` and `suites/` that have unknowns (`find`s).
pub fn constraint_specs() -> Vec<Program> {
    let specs: Vec<Program> = specs()
        .into_iter()
        .map(|(_, p)| p)
        .filter(|p| !p.finds.is_empty())
        .collect();
    assert!(specs.len() >= 20, "the constraint specs are found");
    specs
}

/// The JSON lines of items 0..3 of every tier of `specs` for dataset seed
/// `seed`, in every language, in order.
pub fn first_record_lines(specs: &[Program], seed: u64) -> Vec<String> {
    let mut lines = Vec::new();
    for program in specs {
        for tier in program.tier_names() {
            for i in 0..3 {
                let item = puzzlec::gen::generate(program, tier, i, seed).expect("generate");
                for lang in &program.languages {
                    lines
                        .push(puzzlec::dataset::build::record(program, &item, lang).to_json_line());
                }
            }
        }
    }
    lines
}

/// A program without user functions, for evaluating lone expressions.
pub struct NoFns;

impl puzzlec::eval::Functions for NoFns {
    fn lookup(&self, _: &str) -> Option<usize> {
        None
    }
    fn get(&self, _: usize) -> Option<&puzzlec::syntax::ast::FnDecl> {
        None
    }
    fn code(&self, _: usize) -> Option<&puzzlec::compile::code::Unit> {
        None
    }
}

/// Lever `name` of a record, as a non-negative integer.
pub fn lever(r: &Record, name: &str) -> usize {
    r.levers[name]
        .as_u64()
        .unwrap_or_else(|| panic!("{}: no lever {name}", r.id)) as usize
}

/// Asserts that `r`'s own gold, written in double square brackets after a
/// sentence, is judged correct by its answer kind.
pub fn scores_itself(r: &Record) {
    let kind = puzzlec::answer::AnswerKind::from_name(&r.answer_kind).expect("answer kind");
    let response = format!("So the answer is [[{}]].", r.answer);
    assert_eq!(
        puzzlec::answer::judge(kind, &r.answer, &response).0,
        puzzlec::answer::Verdict::Correct,
        "{}",
        r.id
    );
}
