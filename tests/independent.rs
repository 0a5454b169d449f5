//! Every gold of the first specs recomputed by an independent implementation
//! written here, from the record's structured `instance` only (no code shared
//! with the spec language or its libraries).

mod common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 300;

fn records(name: &str) -> Vec<(puzzlec::dataset::Record, String)> {
    let program = common::load(&common::root().join(format!("puzzles/{name}.puzzle")));
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let lang = &program.languages[0];
            out.push((record(&program, &item, lang), tier.to_string()));
        }
    }
    out
}

// ---- Hangul, from the Unicode formula with our own jamo tables.

use common::{FINALS, INITIALS, MEDIALS};

fn position(list: &str, c: &str) -> u32 {
    list.chars()
        .position(|x| x.to_string() == c)
        .unwrap_or_else(|| panic!("{c} not in {list}")) as u32
}

#[test]
fn jamo_composition_golds_follow_the_stated_rule() {
    for (r, _) in records("jamo_composition") {
        let shift = r.instance["shift"].as_u64().expect("shift") as u32;
        let mut expected = String::new();
        for syllable in r.instance["jamo"].as_array().expect("jamo") {
            let parts: Vec<&str> = syllable
                .as_array()
                .expect("parts")
                .iter()
                .map(|j| j.as_str().expect("str"))
                .collect();
            let l = (position(INITIALS, parts[0]) + shift) % 19;
            let v = position(MEDIALS, parts[1]);
            let t = if parts.len() == 3 {
                position(FINALS, parts[2]) + 1
            } else {
                0
            };
            expected.push(char::from_u32(0xAC00 + (l * 21 + v) * 28 + t).expect("syllable"));
        }
        assert_eq!(r.answer, expected, "{}", r.id);
        // The prompt shows exactly the jamo of the instance.
        for syllable in r.instance["jamo"].as_array().expect("jamo") {
            let spelled: Vec<&str> = syllable
                .as_array()
                .expect("parts")
                .iter()
                .map(|j| j.as_str().expect("str"))
                .collect();
            assert!(r.question.contains(&spelled.join(" ")), "{}", r.id);
        }
    }
}

#[test]
fn jamo_composition_tiers_follow_their_levers() {
    let mut double_finals = 0;
    for (r, tier) in records("jamo_composition") {
        let n = r.instance["jamo"].as_array().expect("jamo").len();
        assert_eq!(n, if tier == "hard" { 3 } else { 2 }, "{}", r.id);
        for syllable in r.instance["jamo"].as_array().expect("jamo") {
            let parts = syllable.as_array().expect("parts");
            if tier == "medium" {
                assert_eq!(
                    parts.len(),
                    3,
                    "{}: medium syllables always have a final",
                    r.id
                );
            }
            if parts.len() == 3 {
                let f = parts[2].as_str().expect("final");
                let double = "ㄲㄳㄵㄶㄺㄻㄼㄽㄾㄿㅀㅄㅆ".contains(f);
                if tier == "hard" {
                    double_finals += double as u32;
                } else {
                    assert!(!double, "{}: {tier} uses single finals only", r.id);
                }
            }
        }
    }
    assert!(
        double_finals > 0,
        "hard items use double or compound finals"
    );
}

// ---- Units: the total in the base unit from the stated table only, at the
// reference settings (5 units with distinct ratios; 17 / 24 / 26 items of
// 4-5 / 4-5 / 5 terms of at most 1,249 / 2,499 / 6,999; multipliers 2-9; a
// quarter of the items subtracted; a positive total).

#[test]
fn korean_units_golds_sum_the_stated_table() {
    let mut subtracted = std::collections::BTreeMap::new();
    for (r, tier) in records("korean_units") {
        let (items_per_tier, terms, max_amount) = match tier.as_str() {
            "easy" => (17, 4..=5, 1249),
            "medium" => (24, 4..=5, 2499),
            _ => (26, 5..=5, 6999),
        };
        let inst = &r.instance;
        let units: Vec<&str> = inst["units"]
            .as_array()
            .expect("units")
            .iter()
            .map(|u| u.as_str().expect("str"))
            .collect();
        assert_eq!(units.len(), 5, "{}", r.id);
        let mut factor = vec![1i64];
        let mut ratios = std::collections::BTreeSet::new();
        for (i, ratio) in inst["ratios"]
            .as_array()
            .expect("ratios")
            .iter()
            .enumerate()
        {
            assert_eq!(ratio["of"].as_str(), Some(units[i]));
            assert_eq!(ratio["unit"].as_str(), Some(units[i + 1]));
            let line = format!("1{} = {}{}", units[i + 1], ratio["equals"], units[i]);
            assert!(
                r.question.contains(&line),
                "{}: the prompt states `{line}`",
                r.id
            );
            let ratio = ratio["equals"].as_i64().expect("ratio");
            ratios.insert(ratio);
            factor.push(factor[i] * ratio);
        }
        assert_eq!(ratios.len(), 4, "{}: distinct ratios", r.id);
        let items = inst["items"].as_array().expect("items");
        assert_eq!(items.len(), items_per_tier, "{}", r.id);
        let mut total = 0i64;
        let mut minus = 0;
        for item in items {
            let parts = item["parts"].as_array().expect("parts");
            assert!(
                terms.contains(&parts.len()),
                "{}: {} terms",
                r.id,
                parts.len()
            );
            let mut value = 0i64;
            for part in parts {
                let u = units
                    .iter()
                    .position(|x| Some(*x) == part["unit"].as_str())
                    .expect("unit");
                let amount = part["amount"].as_i64().expect("amount");
                assert!(
                    (1..=max_amount).contains(&amount),
                    "{}: amount {amount}",
                    r.id
                );
                value += amount * factor[u];
            }
            let scale = item["scale"].as_i64().expect("scale");
            assert!((2..=9).contains(&scale), "{}: multiplier {scale}", r.id);
            let sign = item["sign"].as_i64().expect("sign");
            minus += usize::from(sign < 0);
            total += sign * scale * value;
        }
        assert!(minus > 0, "{}: some item is subtracted", r.id);
        assert!(total > 0, "{}: a positive total", r.id);
        assert_eq!(r.answer, total.to_string(), "{}", r.id);
        let entry = subtracted.entry(tier).or_insert((0, 0));
        entry.0 += minus;
        entry.1 += items.len();
    }
    for (tier, (minus, all)) in subtracted {
        let share = minus as f64 / all as f64;
        assert!(
            (share - 0.25).abs() < 0.03,
            "{tier}: {share:.3} of the items subtracted"
        );
    }
}

// ---- Cipher: decrypt the ciphertext with our own Vigenère and transposition.

fn vigenere_decrypt(text: &str, key: &str) -> String {
    let key: Vec<u8> = key.bytes().map(|b| b - b'A').collect();
    text.bytes()
        .enumerate()
        .map(|(i, b)| (((b - b'A') + 26 - key[i % key.len()]) % 26 + b'A') as char)
        .collect()
}

fn untranspose(text: &str, cols: usize, order_1based: &[usize]) -> String {
    let n = text.len();
    let rows = n.div_ceil(cols);
    let height = |c: usize| {
        if c < n % cols || n.is_multiple_of(cols) {
            rows
        } else {
            rows - 1
        }
    };
    let bytes = text.as_bytes();
    let mut columns: Vec<&[u8]> = vec![&[]; cols];
    let mut at = 0;
    for &c in order_1based {
        let h = height(c - 1);
        columns[c - 1] = &bytes[at..at + h];
        at += h;
    }
    let mut out = String::new();
    for r in 0..rows {
        for col in &columns {
            if let Some(&b) = col.get(r) {
                out.push(b as char);
            }
        }
    }
    out
}

fn key_from_log(log: &str) -> String {
    let keys: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, rest)| rest))
        .filter_map(|rest| rest.strip_prefix("cipher.key="))
        .collect();
    assert_eq!(keys.len(), 1, "the log assigns `cipher.key=` exactly once");
    keys[0].to_string()
}

#[test]
fn cipher_en_golds_decrypt_the_ciphertext() {
    for (r, _) in records("cipher_en") {
        let inst = &r.instance;
        let cipher = inst["ciphertext"].as_str().expect("ciphertext");
        assert!(
            r.question.contains(&format!("Ciphertext: {cipher}")),
            "{}",
            r.id
        );
        let plain = match inst["mode"].as_str().expect("mode") {
            "given" => vigenere_decrypt(cipher, inst["key"].as_str().expect("key")),
            "log" => {
                let log = inst["log"].as_str().expect("log");
                assert!(
                    r.question.contains(log),
                    "{}: the prompt shows the log",
                    r.id
                );
                vigenere_decrypt(cipher, &key_from_log(log))
            }
            _ => {
                let order: Vec<usize> = inst["column_order"]
                    .as_array()
                    .expect("order")
                    .iter()
                    .map(|v| v.as_u64().expect("n") as usize)
                    .collect();
                let cols = inst["columns"].as_u64().expect("columns") as usize;
                assert_ne!(
                    order,
                    (1..=cols).collect::<Vec<_>>(),
                    "{}: a real transposition",
                    r.id
                );
                let inner = vigenere_decrypt(cipher, inst["key"].as_str().expect("key"));
                untranspose(&inner, cols, &order)
            }
        };
        assert_eq!(r.answer, plain, "{}", r.id);
        assert!((6..=24).contains(&plain.len()), "{}", r.id);
    }
}

#[test]
fn golds_are_not_all_alike() {
    // A guard against a test that passes because every gold is the same.
    let answers: std::collections::BTreeSet<String> = records("korean_units")
        .into_iter()
        .map(|(r, _)| r.answer)
        .collect();
    assert!(answers.len() > 800);
}

// ---- Korean cipher: undo the stated layers with our own jamo arithmetic.

fn shift_syllable(c: char, kind: &str, k: i64) -> char {
    let code = c as u32;
    if !(0xAC00..0xAC00 + 11172).contains(&code) {
        return c;
    }
    let s = code - 0xAC00;
    let (mut l, mut v, mut t) = ((s / 588) as i64, ((s % 588) / 28) as i64, (s % 28) as i64);
    match kind {
        "initial" => l = (l + k).rem_euclid(19),
        "medial" => v = (v + k).rem_euclid(21),
        "final" if t > 0 => t = (t - 1 + k).rem_euclid(27) + 1,
        _ => {}
    }
    char::from_u32(0xAC00 + ((l * 21 + v) * 28 + t) as u32).expect("syllable")
}

#[test]
fn cipher_ko_golds_undo_the_stated_layers() {
    for (r, _) in records("cipher_ko") {
        let mut text: Vec<char> = r.instance["ciphertext"]
            .as_str()
            .expect("cipher")
            .chars()
            .collect();
        for layer in r.instance["layers"]
            .as_array()
            .expect("layers")
            .iter()
            .rev()
        {
            let kind = layer["kind"].as_str().expect("kind");
            if kind == "reverse" {
                text.reverse();
                continue;
            }
            // The shift is the key word's jamo count, compound jamo counted once.
            let key = layer["key"].as_str().expect("key");
            let k: i64 = key
                .chars()
                .map(|c| {
                    if !(c as u32 - 0xAC00).is_multiple_of(28) {
                        3
                    } else {
                        2
                    }
                })
                .sum();
            assert_eq!(layer["shift"].as_i64(), Some(k), "{}", r.id);
            assert!(r.question.contains(&format!("'{key}'")), "{}", r.id);
            text = text.iter().map(|&c| shift_syllable(c, kind, -k)).collect();
        }
        assert_eq!(r.answer, text.iter().collect::<String>(), "{}", r.id);
    }
}
