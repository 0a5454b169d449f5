//! Every cipher gold decrypted again from the prompt alone, with a Vigenère,
//! a columnar transposition and Hangul jamo arithmetic written here (no code
//! shared with the spec language or its libraries): the keyword is read off
//! the log the way the prompt says, the worked examples are re-encrypted,
//! and the tiers' settings are checked against the reference benchmark's.

use crate::common;

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

// ---- Korean

const KO_LABELS: [&str; 6] = [
    "주요키",
    "인증코드",
    "시드값",
    "벡터값",
    "암호키",
    "접속토큰",
];

/// (initial, medial, final) indices of a precomposed syllable.
fn split(c: char) -> (i32, i32, i32) {
    let s = c as i32 - 0xAC00;
    assert!((0..11172).contains(&s), "{c} is not a syllable");
    (s / 588, (s % 588) / 28, s % 28)
}

fn join(l: i32, v: i32, t: i32) -> char {
    char::from_u32((0xAC00 + (l * 21 + v) * 28 + t) as u32).expect("syllable")
}

/// The keyword's vowels in order of first appearance, then the rest in order.
fn vowel_table(key: &[char]) -> Vec<i32> {
    let mut table: Vec<i32> = Vec::new();
    for v in key.iter().map(|&k| split(k).1).chain(0..21) {
        if !table.contains(&v) {
            table.push(v);
        }
    }
    table
}

/// One layer applied (`sign` 1) or undone (`sign` -1) on syllables.
fn layer(text: &[char], name: &str, key: &[char], sign: i32) -> Vec<char> {
    if name == "뒤집기" {
        return text.iter().rev().copied().collect();
    }
    let table = vowel_table(key);
    text.iter()
        .enumerate()
        .map(|(i, &c)| {
            let (l, v, t) = split(c);
            let (kl, _, kt) = split(key[i % key.len()]);
            match name {
                "초성 밀기" => join((l + sign * kl).rem_euclid(19), v, t),
                "종성 밀기" => {
                    let k = if kt > 0 { kt } else { kl + 1 };
                    join(l, v, (t + sign * k).rem_euclid(28))
                }
                "중성 치환" if sign > 0 => join(l, table[v as usize], t),
                "중성 치환" => {
                    let j = table.iter().position(|&x| x == v).expect("in table");
                    join(l, j as i32, t)
                }
                other => panic!("unknown layer {other}"),
            }
        })
        .collect()
}

/// The keyword as the prompt says to find it.
fn korean_key(q: &str, log: &str) -> String {
    let key = if q.contains("번째 단어입니다") {
        let n: usize = between(q, "위 로그의 ", "번째").parse().expect("position");
        log_words(log)[n - 1].clone()
    } else {
        assert!(q.contains("바로 다음 단어가 키워드입니다"), "{q}");
        word_after_label(log, &KO_LABELS)
    };
    // Either way the labelled sentence names the same keyword.
    assert_eq!(key, word_after_label(log, &KO_LABELS), "{q}");
    key
}

fn compound_nouns() -> std::collections::BTreeSet<String> {
    std::fs::read_to_string(common::root().join("wordlists/ko_compound.txt"))
        .expect("the word list")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

const SIX: [&str; 6] = [
    "초성 밀기",
    "중성 치환",
    "뒤집기",
    "초성 밀기",
    "중성 치환",
    "초성 밀기",
];
const TWELVE: [&str; 12] = [
    "초성 밀기",
    "중성 치환",
    "종성 밀기",
    "뒤집기",
    "초성 밀기",
    "중성 치환",
    "뒤집기",
    "종성 밀기",
    "초성 밀기",
    "중성 치환",
    "종성 밀기",
    "뒤집기",
];

fn encrypt(plain: &[char], layers: &[&str], key: &[char]) -> Vec<char> {
    layers
        .iter()
        .fold(plain.to_vec(), |t, name| layer(&t, name, key, 1))
}

/// The ways a stack can be weaker than it reads, each of which would give
/// back `cipher`: one layer left out, every layer of one kind left out, the
/// reversals moved to the end (their parity kept), one reversal moved to the
/// end.
fn weaker_stacks<'a>(layers: &[&'a str]) -> Vec<(String, Vec<&'a str>)> {
    let mut out = Vec::new();
    for i in 0..layers.len() {
        let mut l = layers.to_vec();
        l.remove(i);
        out.push((format!("without layer {}", i + 1), l));
    }
    let mut kinds = layers.to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let l = layers.iter().copied().filter(|&n| n != kind).collect();
        out.push((format!("without every {kind}"), l));
    }
    let mut last: Vec<&str> = layers.iter().copied().filter(|&n| n != "뒤집기").collect();
    if layers.iter().filter(|&&n| n == "뒤집기").count() % 2 == 1 {
        last.push("뒤집기");
    }
    out.push(("reversals moved to the end".to_string(), last));
    for (i, &n) in layers.iter().enumerate() {
        if n == "뒤집기" && i + 1 < layers.len() {
            let mut l = layers.to_vec();
            l.remove(i);
            l.push("뒤집기");
            out.push((format!("reversal {} moved to the end", i + 1), l));
        }
    }
    out
}

fn assert_no_layer_cancels(
    plain: &[char],
    layers: &[&str],
    key: &[char],
    cipher: &[char],
    id: &str,
) {
    assert_eq!(encrypt(plain, layers, key), cipher, "{id}");
    for (what, stack) in weaker_stacks(layers) {
        assert_ne!(
            encrypt(plain, &stack, key),
            cipher,
            "{id}: {what} gives the same ciphertext"
        );
    }
}

#[test]
fn the_weaker_stacks_catch_the_reference_keywords() {
    // The reference's two-syllable keys: with an odd length a reversal keeps
    // each position's key syllable, so the reversals commute with the shifts.
    let plain: Vec<char> = "가나다라마바사".chars().collect();
    let key = ['나', '무'];
    let moved: Vec<&str> = TWELVE
        .iter()
        .copied()
        .filter(|&n| n != "뒤집기")
        .chain(["뒤집기"])
        .collect();
    assert_eq!(
        encrypt(&plain, &moved, &key),
        encrypt(&plain, &TWELVE, &key)
    );
    // 바다's vowel table is the identity: its vowel layers do nothing.
    let key = ['바', '다'];
    let no_vowels: Vec<&str> = SIX.iter().copied().filter(|&n| n != "중성 치환").collect();
    let plain: Vec<char> = "해바라기꽃밭".chars().collect();
    assert_eq!(
        encrypt(&plain, &no_vowels, &key),
        encrypt(&plain, &SIX, &key)
    );
    // 태양's vowel table is a 3-cycle: the three vowel layers of the
    // twelve-layer stack cancel.
    let key = ['태', '양'];
    let no_vowels: Vec<&str> = TWELVE
        .iter()
        .copied()
        .filter(|&n| n != "중성 치환")
        .collect();
    assert_eq!(
        encrypt(&plain, &no_vowels, &key),
        encrypt(&plain, &TWELVE, &key)
    );
    // A three-syllable key of the spec passes every check on the same text.
    let key: Vec<char> = "나침반".chars().collect();
    let cipher = encrypt(&plain, &TWELVE, &key);
    assert_no_layer_cancels(&plain, &TWELVE, &key, &cipher, "나침반");
}

#[test]
fn korean_golds_undo_the_keyed_layers() {
    let nouns = compound_nouns();
    let mut per_tier: std::collections::BTreeMap<String, u32> = Default::default();
    let mut gained_final = 0;
    for r in common::records("puzzles/cipher_ko.puzzle", "ko", ITEMS) {
        let q = &r.question;
        let log = between(q, "--- 복구된 임무 로그 ---\n", "\n");
        assert_eq!(r.instance["log"].as_str(), Some(log), "{}", r.id);
        let key: Vec<char> = korean_key(q, log).chars().collect();
        let layers: Vec<&str> = q
            .lines()
            .filter_map(|l| l.split_once("단계: "))
            .filter(|(n, _)| n.parse::<usize>().is_ok())
            .map(|(_, name)| name)
            .collect();
        let cipher: Vec<char> = between(q, "암호문: ", "\n").chars().collect();
        let plain = layers
            .iter()
            .rev()
            .fold(cipher.clone(), |t, name| layer(&t, name, &key, -1));
        let plain_text: String = plain.iter().collect();
        assert_eq!(r.answer, plain_text, "{}", r.id);
        assert!(
            nouns.contains(&plain_text),
            "{}: {plain_text} is a listed compound noun",
            r.id
        );
        let (stack, lengths, positional): (&[&str], _, _) = match tier(&r) {
            "easy" => (&SIX, 8..=8, true),
            "medium" => (&TWELVE, 7..=9, true),
            _ => (&TWELVE, 8..=10, false),
        };
        assert_eq!(layers, stack, "{}", r.id);
        assert!(lengths.contains(&plain.len()), "{}", r.id);
        assert_eq!(q.contains("번째 단어입니다"), positional, "{}", r.id);
        // The keyed shifts go by position, so no layer is idle and none
        // cancels: leaving out one layer or every layer of one kind, or
        // moving the reversals to the end, gives another text.
        assert!(
            key.len() >= 3,
            "{}: a key of period 2 commutes with reversals",
            r.id
        );
        // Every key syllable shifts initials and finals by its own nonzero
        // amounts, so no position is left alone and no two positions agree.
        let shifts: Vec<(i32, i32)> = key
            .iter()
            .map(|&k| {
                let (l, _, t) = split(k);
                (l, if t > 0 { t } else { l + 1 })
            })
            .collect();
        for (i, a) in shifts.iter().enumerate() {
            assert!(a.0 > 0, "{}: a zero initial shift", r.id);
            for b in &shifts[i + 1..] {
                assert!(
                    a.0 != b.0 && a.1 != b.1,
                    "{}: two key syllables shift alike",
                    r.id
                );
            }
        }
        assert_no_layer_cancels(&plain, &layers, &key, &cipher, &r.id);
        *per_tier.entry(tier(&r).to_string()).or_default() += 1;
        let with_final = |t: &[char]| t.iter().filter(|&&c| split(c).2 > 0).count();
        gained_final += u32::from(with_final(&cipher) > with_final(&plain));
    }
    assert_eq!(per_tier.len(), 3, "{per_tier:?}");
    assert!(per_tier.values().all(|&n| n >= 200), "{per_tier:?}");
    assert!(gained_final > 0, "syllables without a final can gain one");
}

#[test]
fn korean_layers_agree_on_known_cases() {
    let key = ['나', '무'];
    let text = ['가', '나'];
    // ㄱ + ㄴ(2) = ㄴ, ㄴ + ㅁ(6) = ㅃ.
    assert_eq!(layer(&text, "초성 밀기", &key, 1), ['나', '빠']);
    // 나 has no final: ㄴ(2) + 1 = 3 (ㄳ); 무 likewise ㅁ(6) + 1 = 7 (ㄷ).
    assert_eq!(layer(&text, "종성 밀기", &key, 1), ['갃', '낟']);
    // The table starts ㅏ ㅜ, so ㅐ (1) becomes ㅜ and ㅏ stays.
    assert_eq!(layer(&['개', '가'], "중성 치환", &key, 1), ['구', '가']);
    for name in ["초성 밀기", "종성 밀기", "중성 치환", "뒤집기"] {
        let once = layer(&['닭', '값', '의'], name, &key, 1);
        assert_eq!(layer(&once, name, &key, -1), ['닭', '값', '의'], "{name}");
    }
}
