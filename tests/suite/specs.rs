//! Every spec in `puzzles/` checks, builds its items per tier in each of its
//! languages (no prompt showing its gold as the format example), builds
//! byte-identically with 1 and 2 threads, and matches the reviewed snapshots
//! of its first item per tier and language.

use crate::{common, format_examples};

use puzzlec::dataset::build::{build, generate_all, record, BuildOptions};
use puzzlec::dataset::{Format, OutputDir};
use puzzlec::gen::generate;
use puzzlec::snap::body::{task_body, task_name};

fn options(count: u64, jobs: usize) -> BuildOptions {
    BuildOptions {
        count,
        seed: 1,
        tiers: Vec::new(),
        langs: Vec::new(),
        jobs,
        shard: None,
        format: Format::Puzzlec,
        overrides: Vec::new(),
    }
}

/// Items per tier built by the tests: 100 for computed puzzles; constraint
/// puzzles, whose proofs are slower, use 20 here (enough for the diversity
/// checks; at 30 this was the slowest test of the suite): their independent
/// checkers generate more of each, and `.ci/run` builds 100 of every spec
/// of `puzzles/` and re-verifies them.
fn items_for(program: &puzzlec::check::program::Program) -> u64 {
    if program.finds.is_empty() {
        100
    } else {
        20
    }
}

#[test]
fn every_spec_builds_its_items_per_tier_and_language() {
    let programs: Vec<_> = common::specs().into_iter().map(|(_, p)| p).collect();
    assert!(programs.len() >= 3, "puzzles/ holds the first specs");
    let mut items = Vec::new();
    for (pi, program) in programs.iter().enumerate() {
        let opts = options(items_for(program), 2);
        let built =
            generate_all(std::slice::from_ref(program), &opts, &|| {}).expect("build succeeds");
        items.extend(built.into_iter().map(|(_, it)| (pi, it)));
    }
    let (mut shown, mut with_gold) = (Vec::new(), 0);
    for (pi, program) in programs.iter().enumerate() {
        let n = items_for(program) as usize;
        for tier in program.tier_names() {
            let of_tier: Vec<_> = items
                .iter()
                .filter(|(p, it)| *p == pi && it.tier == tier)
                .collect();
            assert_eq!(of_tier.len(), n, "{} {tier}", program.name.name);
            for (_, item) in &of_tier {
                for lang in &program.languages {
                    let r = record(program, item, lang);
                    assert!(
                        !r.question.trim().is_empty(),
                        "{} has an empty prompt",
                        r.id
                    );
                    assert!(
                        !r.solution.trim().is_empty(),
                        "{} has an empty solution",
                        r.id
                    );
                    assert!(
                        !r.question.contains("(은)") && !r.question.contains("은(는)"),
                        "{} has a particle placeholder",
                        r.id
                    );
                    if format_examples::shows_gold(&r.question, &r.answer) {
                        shown.push(format!("{}: {}", r.id, r.answer.trim()));
                    }
                    with_gold += usize::from(!r.answer.trim().is_empty());
                }
            }
            // Diversity: no two prompts of a tier are the same, and golds vary.
            let mut questions: Vec<String> = of_tier
                .iter()
                .map(|(_, it)| {
                    it.renders
                        .values()
                        .map(|r| r.question.clone())
                        .collect::<String>()
                })
                .collect();
            questions.sort_unstable();
            questions.dedup();
            // KOR-Bench's 24 points shows only four numbers from 1 to 13:
            // 22.4k ordered prompts in all, 190 where a fraction is needed
            // (its hard tier), so a tier of 100 repeats some by necessity.
            // Everywhere else, no prompt of a tier repeats.
            let distinct = if program.name.name == "kor_puzzle_10_24_points" {
                n * 3 / 5
            } else {
                n
            };
            assert!(
                questions.len() >= distinct,
                "{} {tier}: repeated prompts ({} distinct of {n})",
                program.name.name,
                questions.len()
            );
            let mut answers: Vec<&str> = of_tier.iter().map(|(_, it)| it.answer.as_str()).collect();
            answers.sort_unstable();
            answers.dedup();
            // The 12 animals of `hrmcr_zodiac` are an answer domain smaller
            // than 20 (its test checks that every animal occurs), and so are
            // the golds of 24 points where a fraction is needed: 16 number
            // sets in all. A word ladder's gold is its tier's distance, one
            // of three, and a counterfactual question's one of four letters
            // (their tests check that each occurs).
            let floor = match program.name.name.as_str() {
                "hrmcr_zodiac" | "kor_puzzle_10_24_points" => 12,
                "kor_counterfactual" => 4,
                "kor_puzzle_06_word_ladder" => 3,
                _ => 20,
            };
            assert!(
                // Small answer domains (60 pillars, 7 weekdays, yes/no and
                // counts) cap the count; repeated prompts are checked above.
                answers.len() >= (n * 8 / 10).min(floor),
                "{} {tier}: only {} distinct answers in {n} items",
                program.name.name,
                answers.len()
            );
        }
    }
    assert!(with_gold > 5000, "only {with_gold} records with a gold");
    assert!(
        shown.is_empty(),
        "{} prompts show their gold as the format example:\n{}",
        shown.len(),
        shown.join("\n")
    );
}

#[test]
fn builds_are_byte_identical_for_any_job_count() {
    let programs: Vec<_> = common::specs().into_iter().map(|(_, p)| p).collect();
    let one = tempfile::tempdir().expect("tempdir");
    let two = tempfile::tempdir().expect("tempdir");
    for (dir, jobs) in [(&one, 1), (&two, 2)] {
        let out = OutputDir::prepare(&dir.path().join("data"), false).expect("prepare");
        build(&programs, &options(3, jobs), &out, &|| {}).expect("build");
    }
    let a = common::read_tree(&one.path().join("data"));
    let b = common::read_tree(&two.path().join("data"));
    assert!(a.len() > programs.len(), "task files were written");
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(
            bytes == &b[name],
            "{name} differs between --jobs 1 and --jobs 2"
        );
    }
}

#[test]
fn direct_and_script_items_regenerate_from_their_seed() {
    for (_, program) in common::specs() {
        for tier in program.tier_names() {
            let first = generate(&program, tier, 7, 42).expect("generate");
            let again = generate(&program, tier, 7, 42).expect("generate");
            for lang in &program.languages {
                assert_eq!(
                    record(&program, &first, lang).to_json_line(),
                    record(&program, &again, lang).to_json_line()
                );
            }
            let other = generate(&program, tier, 8, 42).expect("generate");
            assert_ne!(first.seed, other.seed);
        }
    }
}

#[test]
fn snapshots_of_the_first_item_of_every_task() {
    for (path, program) in common::specs() {
        let snap_dir = path.parent().expect("parent").join("snapshots");
        for tier in program.tier_names() {
            let item = generate(&program, tier, 0, 1).expect("generate");
            for lang in &program.languages {
                let body = task_body(&[record(&program, &item, lang)]);
                let name = task_name(&program.name.name, lang, tier);
                insta::with_settings!({
                    snapshot_path => snap_dir.clone(),
                    prepend_module_to_snapshot => false,
                    omit_expression => true,
                }, {
                    insta::assert_snapshot!(name, body);
                });
            }
        }
    }
}

#[test]
fn shipped_specs_have_no_warnings() {
    let mut dirs = common::spec_dirs();
    dirs.push(common::root().join("docs/examples"));
    let mut checked = 0;
    for dir in dirs {
        for path in common::puzzle_files(&dir) {
            let text = std::fs::read_to_string(&path).expect("spec is UTF-8");
            let rel = path.strip_prefix(common::root()).unwrap_or(&path);
            let source = puzzlec::source::SourceFile::new(rel.display().to_string(), text);
            let (_, warnings) = puzzlec::compile::compile_with_warnings(&source)
                .unwrap_or_else(|e| panic!("{} does not compile: {e}", rel.display()));
            let shown: Vec<&dyn miette::Diagnostic> = warnings
                .iter()
                .map(|w| w as &dyn miette::Diagnostic)
                .collect();
            assert!(
                warnings.is_empty(),
                "{} has warnings:\n{}",
                rel.display(),
                puzzlec::compile::render_plain(&shown, 100)
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "checked only {checked} specs");
}
