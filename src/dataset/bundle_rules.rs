//! Bundles that state each rule once (KOR-Bench's Multi-Q, Multi-R and
//! Multi-RQ): the records' `context`s (their rules) are listed once above
//! the questions, and each question is its record's `query` alone.
//!
//! Records sharing one `context` text share one rule. A bundle draws
//! `rules` distinct rules among those with at least `size` records, then
//! `size` distinct records among the records of the drawn rules; so with
//! `size` 1 the question follows one rule and the others are distractors
//! (Multi-R), and with `rules` 1 every question follows the one rule
//! (Multi-Q).

use std::collections::BTreeMap;

use super::bundle::{
    answer_example, bundle_record, bundle_seed, pick_k, BundleError, BundleOptions, BundleRecord,
};
use super::Record;
use crate::gen::rng::Rng;

/// The bundles of `lang` from its `records` (sorted by id).
pub(super) fn make(
    records: &[Record],
    lang: &str,
    options: &BundleOptions,
) -> Result<Vec<BundleRecord>, BundleError> {
    let groups = rule_groups(records, lang, options)?;
    let mut bundles = Vec::new();
    for index in 0..options.count {
        let seed = bundle_seed(options.seed, &options.name, lang, index);
        let mut rng = Rng::from_seed(seed);
        let drawn = pick_k(&mut rng, groups.len(), options.rules);
        let pool: Vec<usize> = drawn.iter().flat_map(|&g| groups[g].clone()).collect();
        let members: Vec<&Record> = pick_k(&mut rng, pool.len(), options.size)
            .into_iter()
            .map(|i| &records[pool[i]])
            .collect();
        let rules: Vec<&str> = drawn
            .iter()
            .map(|&g| records[groups[g][0]].context.as_str())
            .collect();
        let question = prompt(lang, &rules, &members);
        bundles.push(bundle_record(
            &members, lang, index, &seed, options, question,
        ));
    }
    Ok(bundles)
}

/// The positions of the records of each rule with at least `size` records,
/// rules in the order of their text; every record must have its parts.
fn rule_groups(
    records: &[Record],
    lang: &str,
    options: &BundleOptions,
) -> Result<Vec<Vec<usize>>, BundleError> {
    let mut by_rule: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        if r.context.is_empty() || r.query.is_empty() {
            return Err(BundleError::NoParts { id: r.id.clone() });
        }
        by_rule.entry(r.context.as_str()).or_default().push(i);
    }
    let groups: Vec<Vec<usize>> = by_rule
        .into_values()
        .filter(|g| g.len() >= options.size)
        .collect();
    if groups.len() < options.rules {
        return Err(BundleError::TooFewRules {
            lang: lang.to_string(),
            have: groups.len(),
            rules: options.rules,
            size: options.size,
        });
    }
    Ok(groups)
}

/// The prompt: an opening line, the rules once each, each question's query
/// under its key, and the JSON answer format (Korean for `ko`, English
/// otherwise).
pub fn prompt(lang: &str, rules: &[&str], members: &[&Record]) -> String {
    let (r, k) = (rules.len(), members.len());
    let example = answer_example(k);
    let (opening, rules_head, questions_head, closing) = if lang == "ko" {
        (
            format!("아래에 규칙 {r}개와 문제 {k}개가 있습니다. 문제마다 그 문제에 맞는 규칙을 찾아, 그 규칙에 따라 답하세요. 답의 형식은 문제마다 주어집니다."),
            "### 규칙:",
            "### 문제:",
            format!("마지막에는 각 문제의 최종 답을 그 문제가 정한 형식의 문자열로 적어, 모든 답을 다음과 같은 JSON 객체 하나로 쓰세요.\n{{{example}}}"),
        )
    } else {
        (
            format!(
                "Below {} {} and {}. For each question, find the rule it concerns and answer by that rule; each question states the form of its answer.",
                if r == 1 { "is" } else { "are" },
                counted(r, "rule"),
                counted(k, "question")
            ),
            "### Rules:",
            "### Questions:",
            format!("Finally, give every final answer, as a string in the form its question asks for, in one JSON object:\n{{{example}}}"),
        )
    };
    let mut out = format!("{opening}\n\n{rules_head}");
    for rule in rules {
        out.push_str(&format!("\n\n{}", rule.trim()));
    }
    out.push_str(&format!("\n\n{questions_head}"));
    for (i, m) in members.iter().enumerate() {
        out.push_str(&format!("\n\nquestion{}:\n{}", i + 1, m.query.trim()));
    }
    out.push_str("\n\n");
    out.push_str(&closing);
    out
}

/// `1 rule`, `3 rules`.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
