//! Every jamo_composition gold recomputed from the prompt alone with the
//! Unicode syllable formula (no code shared with the spec language or its
//! Hangul library), and the tiers' syllable counts and final mixes checked
//! against the reference benchmark's settings.

use crate::common;

use common::{FINALS, INITIALS};

const ITEMS: u64 = 300;

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no `{start}`")) + start.len();
    let len = text[from..].find(end).expect("closing text");
    &text[from..from + len]
}

/// (initial, medial, final) indices of a precomposed syllable.
fn split(c: char) -> (u32, u32, u32) {
    let s = c as u32 - 0xAC00;
    assert!(s < 11172, "{c} is not a syllable");
    (s / 588, (s % 588) / 28, s % 28)
}

fn join(l: u32, v: u32, t: u32) -> char {
    char::from_u32(0xAC00 + (l * 21 + v) * 28 + t).expect("syllable")
}

#[test]
fn golds_shift_the_initials_of_the_shown_syllables() {
    let order: Vec<String> = INITIALS
        .chars()
        .enumerate()
        .map(|(i, c)| format!("{i}:{c}"))
        .collect();
    for r in common::records("puzzles/jamo_composition.puzzle", "ko", ITEMS) {
        // The prompt shows composed syllables and the 0-based initial order.
        let word = between(&r.question, "글자: '", "'");
        assert_eq!(r.instance["word"].as_str(), Some(word), "{}", r.id);
        assert!(r.question.contains(&order.join(" ")), "{}", r.id);
        let shift = r.instance["shift"].as_u64().expect("shift") as u32;
        assert!(
            r.question.contains(&format!("{shift}칸 뒤")),
            "{}: the prompt states the shift",
            r.id
        );
        let expected: String = word
            .chars()
            .map(|c| {
                let (l, v, t) = split(c);
                join((l + shift) % 19, v, t)
            })
            .collect();
        assert_eq!(r.answer, expected, "{}", r.id);
    }
}

/// Share of syllables with any final, with ㄲ or ㅆ, with a compound final.
#[derive(Default)]
struct Finals {
    syllables: u32,
    any: u32,
    tense: u32,
    compound: u32,
}

impl Finals {
    fn share(&self, n: u32) -> f64 {
        f64::from(n) / f64::from(self.syllables)
    }
}

#[test]
fn tiers_follow_the_reference_final_mix() {
    let mut tiers: std::collections::BTreeMap<String, Finals> = Default::default();
    for r in common::records("puzzles/jamo_composition.puzzle", "ko", ITEMS) {
        let tier = r.id.split('/').nth(2).expect("tier").to_string();
        let word = r.instance["word"].as_str().expect("word");
        let n = word.chars().count();
        assert_eq!(n, if tier == "hard" { 3 } else { 2 }, "{}", r.id);
        let f = tiers.entry(tier).or_default();
        for c in word.chars() {
            let (_, _, t) = split(c);
            f.syllables += 1;
            if t > 0 {
                let name = FINALS.chars().nth(t as usize - 1).expect("final");
                f.any += 1;
                f.tense += u32::from(name == 'ㄲ' || name == 'ㅆ');
                f.compound += u32::from(!INITIALS.contains(name));
            }
        }
    }
    // Reference: easy 40 % draw from the 17 single options (no final
    // included), medium always, hard half from all 28 options, half single.
    let expect = |tier: &str, any: f64, tense: f64, compound: f64| {
        let f = &tiers[tier];
        for (what, got, want) in [
            ("a final", f.share(f.any), any),
            ("ㄲ/ㅆ", f.share(f.tense), tense),
            ("a compound final", f.share(f.compound), compound),
        ] {
            assert!(
                (got - want).abs() < 0.06,
                "{tier}: {what} in {got:.3} of syllables, expected {want:.3}"
            );
        }
    };
    expect("easy", 0.4 * 16.0 / 17.0, 0.4 * 2.0 / 17.0, 0.0);
    expect("medium", 16.0 / 17.0, 2.0 / 17.0, 0.0);
    expect(
        "hard",
        0.5 * 27.0 / 28.0 + 0.5 * 16.0 / 17.0,
        0.5 * 2.0 / 28.0 + 0.5 * 2.0 / 17.0,
        0.5 * 11.0 / 28.0,
    );
    assert_eq!(tiers["easy"].compound + tiers["medium"].compound, 0);
}
