//! The build-time particle check: finds variable particles in rendered
//! Korean text that do not fit the word before them.
//!
//! The check looks where the word before a particle is not Hangul, since
//! there the word's end is visible in the text: a number (`7가` → `7이`,
//! read 칠), a Latin letter or initialism (`L는` → `L은`, read 엘), a Latin
//! word with a reading (`Air은` → `Air는`, read 에어) and a quoted word
//! (`'책'를` → `'책'을`). The run of Hangul after the word must be exactly
//! a particle form (`가`, `으로`, `으로는`, `이다` …), so `3가지` or `6면`
//! are not taken for particles. A Latin word whose reading the spec does not
//! give is reported too: its particle cannot be right by construction.

use super::particle::{final_sound_read, form, FinalSound, Particle, Readings};

/// A particle that does not fit the word before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misfit {
    /// Byte offset of the particle in the text.
    pub offset: usize,
    /// The word the particle follows, as written.
    pub word: String,
    /// The particle as written.
    pub found: String,
    /// The form that fits, or `None` when the word's reading is unknown.
    pub expected: Option<String>,
    /// The text around the particle, on one line.
    pub context: String,
}

/// Suffixes that may follow a particle form within one Hangul run.
const TAILS: &[(Particle, &[&str])] = &[
    (Particle::AndGwaWa, &["", "는", "도", "의"]),
    (
        Particle::DirectionEuroRo,
        &["", "는", "도", "서", "써", "부터", "만"],
    ),
];

/// Copula forms: after a consonant the 이 stays (`이다`), after a vowel it
/// may drop (`다`); only a dropped 이 after a consonant is a misfit.
const COPULA: &[(&str, &str)] = &[
    ("이다", "다"),
    ("이었다", "였다"),
    ("이었습니다", "였습니다"),
    ("이에요", "예요"),
    ("이라고", "라고"),
    ("이라는", "라는"),
    ("이라", "라"),
    ("이므로", "므로"),
    ("이고", "고"),
    ("이며", "며"),
    ("이어서", "여서"),
];

/// Every misfit particle in `text`, in order.
pub fn check(text: &str, readings: &Readings) -> Vec<Misfit> {
    check_lazy(text, || readings)
}

/// [`check`] with the readings asked for only when a particle follows a word
/// whose end the text shows (most texts have none, and building the readings
/// of a spec's `READINGS` map costs more than the scan).
pub fn check_lazy<'r>(text: &str, readings: impl Fn() -> &'r Readings) -> Vec<Misfit> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 1;
    while i < chars.len() {
        if !is_hangul(chars[i].1) || is_hangul(chars[i - 1].1) {
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !is_hangul(chars[j].1))
            .unwrap_or(chars.len());
        if let Some(word) = word_before(&chars, i) {
            let run: String = chars[i..end].iter().map(|(_, c)| c).collect();
            if let Some(m) = judge(text, &chars, i, &word, &run, readings()) {
                out.push(m);
            }
        }
        i = end;
    }
    out
}

/// The word the Hangul run at char index `i` is attached to, when it is
/// one whose end the text shows: digits, Latin letters, or a closing quote
/// after a word.
fn word_before(chars: &[(usize, char)], i: usize) -> Option<String> {
    let prev = chars[i - 1].1;
    if prev.is_ascii_digit() || prev == '%' || prev.is_ascii_alphabetic() {
        return Some(last_token(&chars[..i]));
    }
    let closing_quote = matches!(prev, '\'' | '"' | '”' | '’' | '」' | '』');
    if closing_quote && i >= 2 && chars[i - 2].1.is_alphanumeric() {
        return Some(last_token(&chars[..i - 1]));
    }
    None
}

/// The last space-separated token of `chars` (read from its end, so the
/// cost is the token's length, not the text's).
fn last_token(chars: &[(usize, char)]) -> String {
    let start = chars
        .iter()
        .rposition(|(_, c)| c.is_whitespace())
        .map_or(0, |p| p + 1);
    chars[start..].iter().map(|(_, c)| c).collect()
}

/// The misfit, if the run `run` is a particle that does not fit `word`.
fn judge(
    text: &str,
    chars: &[(usize, char)],
    i: usize,
    word: &str,
    run: &str,
    readings: &Readings,
) -> Option<Misfit> {
    let (particle, consonant_side, tail) = parse_run(run)?;
    let misfit = |expected: Option<String>| Misfit {
        offset: chars[i].0,
        word: word.to_string(),
        found: run.to_string(),
        expected,
        context: context(text, chars, i),
    };
    let Some(sound) = final_sound_read(word, readings) else {
        let latin = word.chars().last().is_some_and(|c| c.is_ascii_alphabetic());
        return latin.then(|| misfit(None));
    };
    if particle == Particle::CopulaIdaDa {
        let wrong = !consonant_side && sound != FinalSound::Vowel;
        let full = COPULA.iter().find(|(_, short)| *short == run)?.0;
        return wrong.then(|| misfit(Some(full.to_string())));
    }
    let fits = form(particle, sound);
    let written = if consonant_side {
        particle.forms().0
    } else {
        particle.forms().1
    };
    (fits != written).then(|| misfit(Some(format!("{fits}{tail}"))))
}

/// The particle a Hangul run is, with which side of it (`true` for the
/// after-consonant form) and the suffix after the form.
fn parse_run(run: &str) -> Option<(Particle, bool, &str)> {
    for (full, short) in COPULA {
        if run == *full {
            return Some((Particle::CopulaIdaDa, true, ""));
        }
        if run == *short {
            return Some((Particle::CopulaIdaDa, false, ""));
        }
    }
    let simple = [
        Particle::TopicEunNeun,
        Particle::SubjectIGa,
        Particle::ObjectEulReul,
        Particle::OrIinaNa,
        Particle::WithIrangRang,
    ];
    for p in simple {
        let (c, v) = p.forms();
        if run == c || run == v {
            return Some((p, run == c, ""));
        }
    }
    for (p, tails) in TAILS {
        let (c, v) = p.forms();
        for tail in *tails {
            if run.strip_suffix(tail) == Some(c) {
                return Some((*p, true, tail));
            }
            if run.strip_suffix(tail) == Some(v) {
                return Some((*p, false, tail));
            }
        }
    }
    None
}

/// Up to 12 characters either side of char index `i`, on one line.
fn context(text: &str, chars: &[(usize, char)], i: usize) -> String {
    let from = chars[i.saturating_sub(12)].0;
    let to = chars.get(i + 12).map_or(text.len(), |(b, _)| *b);
    text[from..to].replace('\n', " ")
}

/// A precomposed Hangul syllable.
fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}
