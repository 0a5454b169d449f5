//! Bundles that state each rule once (`bundle --rules`, KOR-Bench's Multi-Q,
//! Multi-R and Multi-RQ), on records of KOR-Bench specs made in-process: each
//! record's `context` and `query` are its prompt's own words; each bundle
//! states the drawn rules once and each question's query under its key, every
//! question's rule among the stated ones; bundles are deterministic, and
//! `score` judges their golds correct.

use crate::common;

use puzzlec::answer::Verdict;
use puzzlec::dataset::{make_bundles, BundleError, BundleOptions, BundleRecord, Record};
use puzzlec::score::{judge_record, load_dataset};

/// A few KOR-Bench specs of the three families that declare rules.
const SPECS: [&str; 6] = [
    "suites/korbench/kor_cipher_01_shift.puzzle",
    "suites/korbench/kor_cipher_05_affine.puzzle",
    "suites/korbench/kor_operation.puzzle",
    "suites/korbench/kor_logic_10_syllogism.puzzle",
    "suites/korbench/kor_puzzle_10_24_points.puzzle",
    "suites/korbench/kor_puzzle_25_skyscrapers.puzzle",
];

fn pool() -> Vec<Record> {
    SPECS
        .iter()
        .flat_map(|rel| common::records(rel, "en", 8))
        .collect()
}

fn options(rules: usize, size: usize) -> BundleOptions {
    BundleOptions {
        size,
        count: 60,
        seed: 3,
        name: "rules".into(),
        same_puzzle: false,
        rules,
    }
}

fn bundles(pool: &[Record], rules: usize, size: usize) -> Vec<BundleRecord> {
    make_bundles(pool.to_vec(), &options(rules, size))
        .expect("bundles")
        .remove("en")
        .expect("English bundles")
}

#[test]
fn the_parts_are_the_prompts_own_words() {
    for r in pool() {
        assert!(
            !r.context.trim().is_empty() && !r.query.trim().is_empty(),
            "{}",
            r.id
        );
        let rule_at = r
            .question
            .find(&r.context)
            .expect("the rule is in the prompt");
        let query_at = r
            .question
            .find(&r.query)
            .expect("the query is in the prompt");
        assert!(
            rule_at < query_at,
            "{}: the rule comes before the question",
            r.id
        );
    }
}

/// The texts under `### Rules:` and the query of each question, read back
/// from a bundle prompt by splitting on its headings.
fn read_back(prompt: &str, rules: &[&str]) -> (usize, Vec<String>) {
    let (head, questions) = prompt
        .split_once("\n\n### Questions:")
        .expect("two sections");
    let (questions, _) = questions
        .split_once("\n\nFinally, give every final answer")
        .expect("the answer format closes the prompt");
    let stated = rules.iter().filter(|c| head.contains(c.trim())).count();
    let queries = questions
        .split("\n\nquestion")
        .skip(1)
        .map(|q| q.split_once(":\n").expect("a key").1.to_string())
        .collect();
    (stated, queries)
}

/// Checks every bundle: `rules` distinct rules stated once each, the
/// questions' queries under their keys, each question's rule stated, and the
/// answer object of the members' golds.
fn check(pool: &[Record], bundles: &[BundleRecord], rules: usize, size: usize) {
    let by_id = |id: &str| pool.iter().find(|r| r.id == id).expect("a pool record");
    let mut contexts: Vec<&str> = pool.iter().map(|r| r.context.as_str()).collect();
    contexts.sort();
    contexts.dedup();
    for b in bundles {
        assert_eq!(b.bundle.len(), size, "{}", b.id);
        let (stated, queries) = read_back(&b.question, &contexts);
        assert_eq!(stated, rules, "{}: {rules} distinct rules stated", b.id);
        let mut answers = serde_json::Map::new();
        for (q, query) in b.bundle.iter().zip(&queries) {
            let member = by_id(&q.id);
            assert_eq!(query, member.query.trim(), "{}: {}", b.id, q.key);
            let head = b.question.split("### Questions:").next().unwrap();
            assert!(
                head.contains(member.context.trim()),
                "{}: its rule is stated",
                b.id
            );
            for rule in &contexts {
                assert!(
                    head.matches(rule.trim()).count() <= 1,
                    "{}: a rule stated twice",
                    b.id
                );
            }
            answers.insert(q.key.clone(), member.answer.clone().into());
        }
        assert_eq!(
            b.answer,
            serde_json::Value::Object(answers).to_string(),
            "{}",
            b.id
        );
    }
}

#[test]
fn multi_q_states_one_rule_for_all_questions() {
    let pool = pool();
    let bundles = bundles(&pool, 1, 4);
    check(&pool, &bundles, 1, 4);
    for b in &bundles {
        let first = pool.iter().find(|r| r.id == b.bundle[0].id).unwrap();
        for q in &b.bundle {
            let r = pool.iter().find(|r| r.id == q.id).unwrap();
            assert_eq!(r.context, first.context, "{}: one rule", b.id);
        }
    }
}

#[test]
fn multi_r_states_distractor_rules_in_any_order() {
    let pool = pool();
    let bundles = bundles(&pool, 3, 1);
    check(&pool, &bundles, 3, 1);
    // The question's own rule is not always stated first.
    let first = bundles
        .iter()
        .filter(|b| {
            let r = pool.iter().find(|r| r.id == b.bundle[0].id).unwrap();
            let head = b.question.split("### Rules:").nth(1).unwrap();
            head.trim_start().starts_with(r.context.trim())
        })
        .count();
    assert!(
        first > 0 && first < bundles.len(),
        "own rule first in {first} of 60"
    );
}

#[test]
fn multi_rq_draws_questions_of_the_stated_rules() {
    let pool = pool();
    check(&pool, &bundles(&pool, 2, 3), 2, 3);
}

#[test]
fn rule_bundles_are_deterministic_and_score_their_golds_correct() {
    let pool = pool();
    let a = bundles(&pool, 2, 2);
    let mut shuffled = pool.clone();
    shuffled.reverse();
    assert_eq!(
        a,
        bundles(&shuffled, 2, 2),
        "the pool's order does not matter"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let text: String = a.iter().map(|b| b.to_json_line() + "\n").collect();
    std::fs::write(&path, text).unwrap();
    let ds = load_dataset(&path).expect("score reads bundles");
    for (i, b) in a.iter().enumerate() {
        let (verdict, _) = judge_record(&ds, i, &b.answer);
        assert_eq!(verdict, Verdict::Correct, "{}", b.id);
    }
}

#[test]
fn rule_bundles_need_parts_and_enough_rules() {
    let mut pool = pool();
    assert!(matches!(
        make_bundles(pool.clone(), &options(40, 1)),
        Err(BundleError::TooFewRules { .. })
    ));
    pool[3].context.clear();
    let err = make_bundles(pool, &options(1, 2)).expect_err("a record without parts");
    assert!(matches!(err, BundleError::NoParts { .. }), "{err}");
}

#[test]
fn every_kor_bench_spec_states_its_rule_apart() {
    let dir = common::root().join("suites/korbench");
    let files = common::puzzle_files(&dir);
    assert!(files.len() >= 50, "the KOR-Bench specs are found");
    for path in files {
        let program = common::load(&path);
        for lang in &program.languages {
            assert!(
                program.parts.contains_key(lang),
                "{} declares no `context {lang}` and `query {lang}`",
                path.display()
            );
        }
    }
}
