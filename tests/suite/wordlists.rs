//! The shipped word lists: the files hold only clean entries, and
//! `wordlist(name, lengths)` gives exactly the file's words of those
//! lengths (read here from the files, not through the library).

use puzzlec::compile::{compile, render_plain};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use puzzlec::source::SourceFile;
use std::collections::BTreeSet;

use crate::common;

/// The entries of `wordlists/NAME.txt`, comment lines left out.
fn entries(name: &str) -> Vec<String> {
    let path = common::root().join("wordlists").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn is_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// Entries sorted by code point without repeats, each passing `clean`.
fn assert_clean(name: &str, clean: impl Fn(&str) -> bool) -> Vec<String> {
    let words = entries(name);
    assert!(
        words.len() > 1000,
        "{name} has only {} entries",
        words.len()
    );
    let bad: Vec<&String> = words.iter().filter(|w| !clean(w)).take(5).collect();
    assert!(bad.is_empty(), "{name} has unclean entries: {bad:?}");
    assert!(
        words.windows(2).all(|p| p[0] < p[1]),
        "{name} is not sorted without repeats"
    );
    words
}

#[test]
fn english_entries_are_lowercase_letters() {
    assert_clean("en", |w| {
        w.len() >= 2 && w.bytes().all(|b| b.is_ascii_lowercase())
    });
}

#[test]
fn korean_entries_are_hangul_syllables() {
    assert_clean("ko_noun", |w| w.chars().all(is_syllable));
    let compounds = assert_clean("ko_compound", |w| {
        w.chars().count() >= 4 && w.chars().all(is_syllable)
    });
    // What cipher_ko draws on: enough compounds of 7 to 10 syllables.
    let long = compounds
        .iter()
        .filter(|w| (7..=10).contains(&w.chars().count()))
        .count();
    assert!(long >= 1000, "only {long} compounds of 7-10 syllables");
}

/// A spec that reports what `wordlist` gives for `call`, and draws one word.
fn probe(call: &str) -> String {
    format!(
        r#"puzzle probe
title en "Probe" ko "검사"
family direct
lever k: int in 0..=1
tier easy {{ k = 0 }}
generate {{
  let ws = {call}
  let w = one of ws
  step en "{{w}}" ko "{{w}}"
}}
answer text = w
instance = {{ count: len(ws), first: ws[0], last: last(ws), word: w }}
template en """
{{w}}
"""
template ko """
{{w}}
"""
"#
    )
}

/// The instance of items 0..n of the probe of `call`.
fn instances(call: &str, n: u64) -> Vec<serde_json::Value> {
    let source = SourceFile::new("probe.puzzle", probe(call));
    let program = match compile(&source) {
        Ok(p) => p,
        Err(e) => panic!("{}", render_plain(&e.diagnostics(), 100)),
    };
    (0..n)
        .map(|i| {
            let item = generate(&program, "easy", i, 1).expect("generate");
            record(&program, &item, "en").instance
        })
        .collect()
}

fn check_call(call: &str, name: &str, lengths: &[usize]) {
    let mut expected: Vec<String> = Vec::new();
    for &n in lengths {
        expected.extend(entries(name).into_iter().filter(|w| w.chars().count() == n));
    }
    let members: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    for inst in instances(call, 200) {
        assert_eq!(inst["count"], expected.len(), "{call}: word count");
        assert_eq!(inst["first"], expected[0].as_str(), "{call}: first word");
        assert_eq!(
            inst["last"],
            expected[expected.len() - 1].as_str(),
            "{call}: last word"
        );
        let w = inst["word"].as_str().expect("word is a string");
        assert!(members.contains(w), "{call}: drew {w}, not one of the list");
    }
}

#[test]
fn one_length_gives_the_words_of_that_length() {
    check_call(r#"wordlist("en", 7)"#, "en", &[7]);
    check_call(r#"wordlist("ko_noun", 3)"#, "ko_noun", &[3]);
}

#[test]
fn a_range_of_lengths_gives_the_shortest_first() {
    check_call(
        r#"wordlist("ko_compound", 8..=10)"#,
        "ko_compound",
        &[8, 9, 10],
    );
    check_call(r#"wordlist("en", [12, 3, 3])"#, "en", &[3, 12]);
}

#[test]
fn the_whole_list_is_every_entry() {
    let lengths: Vec<usize> = (0..40).collect();
    check_call(r#"wordlist("ko_noun")"#, "ko_noun", &lengths);
}

#[test]
fn a_length_without_words_is_an_empty_list() {
    let source = SourceFile::new(
        "probe.puzzle",
        probe(r#"if len(wordlist("ko_noun", 30)) == 0 then ["none"] else wordlist("ko_noun", 30)"#),
    );
    let program = compile(&source).expect("compiles");
    let item = generate(&program, "easy", 0, 1).expect("generate");
    assert_eq!(record(&program, &item, "en").answer, "none");
}
