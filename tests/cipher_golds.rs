//! Every cipher gold decrypted again from the prompt alone, with a Vigenère,
//! a columnar transposition and Hangul jamo arithmetic written here (no code
//! shared with the spec language or its libraries): the keyword is read off
//! the log the way the prompt says, the worked examples are re-encrypted,
//! and the tiers' settings are checked against the reference benchmark's.

mod common;

use puzzlec::dataset::Record;

const ITEMS: u64 = 300;

fn tier(r: &Record) -> &str {
    r.id.split('/').nth(2).expect("tier")
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("no `{start}` in {text}"))
        + start.len();
    let len = text[from..].find(end).expect("closing text");
    &text[from..from + len]
}

/// The log's words: split at spaces, with `.` and `:` removed.
fn log_words(log: &str) -> Vec<String> {
    log.split(' ').map(|w| w.replace(['.', ':'], "")).collect()
}

/// The word right after whichever of `labels` the log names (labels may be
/// two words); exactly one label occurs.
fn word_after_label(log: &str, labels: &[&str]) -> String {
    let found: Vec<String> = labels
        .iter()
        .filter_map(|label| log.split_once(&format!(" {label} ")))
        .map(|(_, rest)| log_words(rest)[0].clone())
        .collect();
    assert_eq!(found.len(), 1, "one label in {log}");
    found[0].clone()
}

// ---- English

const EN_LABELS: [&str; 4] = ["PRIMARY KEY", "AUTH CODE", "SEED", "VECTOR"];

fn vigenere(text: &str, key: &str, sign: i32) -> String {
    let key: Vec<i32> = key.bytes().map(|b| i32::from(b - b'A')).collect();
    text.bytes()
        .enumerate()
        .map(|(i, b)| {
            let v = (i32::from(b - b'A') + sign * key[i % key.len()]).rem_euclid(26);
            (b'A' + v as u8) as char
        })
        .collect()
}

/// Column indices in the alphabetical order of the key's letters, equal
/// letters left to right.
fn column_order(key: &str) -> Vec<usize> {
    let mut order: Vec<usize> = (0..key.len()).collect();
    order.sort_by_key(|&c| (key.as_bytes()[c], c));
    order
}

fn transpose(text: &str, key: &str) -> String {
    let cols = key.len();
    column_order(key)
        .into_iter()
        .flat_map(|c| text.chars().skip(c).step_by(cols))
        .collect()
}

fn untranspose(text: &str, key: &str) -> String {
    let (n, cols) = (text.len(), key.len());
    let rows = n.div_ceil(cols);
    let height = |c: usize| {
        if c < n - (rows - 1) * cols {
            rows
        } else {
            rows - 1
        }
    };
    let mut columns = vec![""; cols];
    let mut at = 0;
    for c in column_order(key) {
        columns[c] = &text[at..at + height(c)];
        at += height(c);
    }
    (0..n)
        .map(|i| columns[i % cols].as_bytes()[i / cols] as char)
        .collect()
}

fn encrypt_en(text: &str, key: &str, transposed: bool) -> String {
    if transposed {
        vigenere(&transpose(text, key), key, 1)
    } else {
        vigenere(text, key, 1)
    }
}

/// The keyword as the prompt says to find it.
fn english_key(q: &str, log: &str) -> String {
    if q.contains("The encryption keyword is word number") {
        let n: usize = between(q, "word number ", " ").parse().expect("position");
        let key = log_words(log)[n - 1].clone();
        // The log's labelled sentence names the same keyword.
        assert_eq!(key, word_after_label(log, &EN_LABELS), "{q}");
        key
    } else if q.contains("right after the label") {
        word_after_label(log, &EN_LABELS)
    } else {
        between(q, "The encryption keyword is ", ".").to_string()
    }
}

#[test]
fn english_golds_decrypt_from_the_prompt() {
    let mut letters = [0u32; 26];
    for r in common::records("puzzles/cipher_en.puzzle", "en", ITEMS) {
        let q = &r.question;
        let log = between(q, "--- RECOVERED MISSION LOG ---\n", "\n");
        assert_eq!(r.instance["log"].as_str(), Some(log), "{}", r.id);
        let key = english_key(q, log);
        let transposed = q.contains("TRANSPOSITION, then VIGENERE");
        let cipher = between(q, "Ciphertext: ", "\n");
        let inner = vigenere(cipher, &key, -1);
        let plain = if transposed {
            untranspose(&inner, &key)
        } else {
            inner
        };
        assert_eq!(r.answer, plain, "{}", r.id);
        assert_eq!(encrypt_en(&plain, &key, transposed), cipher, "{}", r.id);
        assert!(
            q.contains(&format!("a string of {} random", plain.len())),
            "{}",
            r.id
        );
        // Every worked example is right.
        let examples: Vec<(&str, &str)> = q
            .lines()
            .filter_map(|l| l.strip_prefix("  ")?.split_once(" -> "))
            .collect();
        for (p, c) in &examples {
            assert!((4..=6).contains(&p.len()), "{}", r.id);
            assert_eq!(encrypt_en(p, &key, transposed), *c, "{}: example {p}", r.id);
        }
        let (lengths, count, stacked) = match tier(&r) {
            "easy" => (20..=24, 1, false),
            "medium" => (20..=24, 2, false),
            _ => (6..=10, 10, true),
        };
        assert!(lengths.contains(&plain.len()), "{}", r.id);
        assert_eq!(examples.len(), count, "{}", r.id);
        assert_eq!(transposed, stacked, "{}", r.id);
        for b in plain.bytes() {
            letters[usize::from(b - b'A')] += 1;
        }
    }
    // Random letters, not words: every letter near 1/26 of all letters.
    let total: u32 = letters.iter().sum();
    for (i, &n) in letters.iter().enumerate() {
        let share = f64::from(n) / f64::from(total);
        assert!(
            (0.025..0.055).contains(&share),
            "{} makes {share:.3} of the plaintext letters",
            (b'A' + i as u8) as char
        );
    }
}

#[test]
fn english_key_sources_follow_the_tiers() {
    for r in common::records("puzzles/cipher_en.puzzle", "en", 50) {
        let q = &r.question;
        let (stated, labelled, positional) = (
            q.contains("The encryption keyword is ")
                && !q.contains("keyword is hidden")
                && !q.contains("word number"),
            q.contains("right after the label"),
            q.contains("word number"),
        );
        let expected = match tier(&r) {
            "easy" => (true, false, false),
            "medium" => (false, true, false),
            _ => (false, false, true),
        };
        assert_eq!((stated, labelled, positional), expected, "{}", r.id);
    }
}

#[test]
fn transposition_helpers_agree_on_a_known_case() {
    // ALPHA: A(0) L(1) P(2) H(3) A(4) read as A A H L P; HELLOWORLD in 5 columns.
    assert_eq!(column_order("ALPHA"), vec![0, 4, 3, 1, 2]);
    assert_eq!(transpose("HELLOWORLD", "ALPHA"), "HWODLLEOLR");
    assert_eq!(untranspose("HWODLLEOLR", "ALPHA"), "HELLOWORLD");
    assert_eq!(
        untranspose(&transpose("ABCDEFG", "ALPHA"), "ALPHA"),
        "ABCDEFG"
    );
}
