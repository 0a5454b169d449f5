//! Hangul syllable arithmetic: decomposition into jamo indices, composition,
//! cyclic shifts of the initial/medial/final, and jamo splitting.
//!
//! A precomposed syllable (U+AC00 `가` … U+D7A3 `힣`, 11,172 of them) is
//! identified by three indices:
//!
//! * `initial` L in `0..19` (index into [`INITIALS`]),
//! * `medial` V in `0..21` (index into [`MEDIALS`]),
//! * `final_` T in `0..28` (index into [`FINALS`], 0 = no final).
//!
//! `code point = 0xAC00 + (L * 21 + V) * 28 + T`.
//!
//! All jamo accepted and returned by this module are *compatibility* jamo
//! (U+3131 … U+3163), the standalone letters people type and print; they carry
//! no initial/final distinction, so position is given by the function used.

/// First precomposed syllable, `가`.
const S_BASE: u32 = 0xAC00;
/// Number of initials (L).
const L_COUNT: u32 = 19;
/// Number of medials (V).
const V_COUNT: u32 = 21;
/// Number of final slots (T), including index 0 = no final.
const T_COUNT: u32 = 28;
/// Syllables per initial: `V_COUNT * T_COUNT`.
const N_COUNT: u32 = V_COUNT * T_COUNT;
/// Total number of precomposed syllables.
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// The 19 initial consonants (초성) in Unicode order, as compatibility jamo.
/// Index `L` of a syllable points into this table; doubles (ㄲ ㄸ ㅃ ㅆ ㅉ)
/// are included in their Unicode positions.
pub const INITIALS: [char; 19] = [
    'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ',
    'ㅌ', 'ㅍ', 'ㅎ',
];

/// The 21 medial vowels (중성) in Unicode order, as compatibility jamo.
/// Index `V` of a syllable points into this table.
pub const MEDIALS: [char; 21] = [
    'ㅏ', 'ㅐ', 'ㅑ', 'ㅒ', 'ㅓ', 'ㅔ', 'ㅕ', 'ㅖ', 'ㅗ', 'ㅘ', 'ㅙ', 'ㅚ', 'ㅛ', 'ㅜ', 'ㅝ', 'ㅞ',
    'ㅟ', 'ㅠ', 'ㅡ', 'ㅢ', 'ㅣ',
];

/// The 28 final slots (종성) in Unicode order, as compatibility jamo strings.
/// Index 0 is `""` (no final); indices 1–27 are the 27 real finals
/// (14 basic consonants, the doubles ㄲ ㅆ, and 11 compound finals).
pub const FINALS: [&str; 28] = [
    "", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ",
    "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
];

/// Final index of ㄲ (a double/tense consonant final).
const T_SSANG_GIYEOK: u8 = 2;
/// Final index of ㅆ (a double/tense consonant final).
const T_SSANG_SIOT: u8 = 20;

/// The 11 compound finals (겹받침) by final index, with their two components.
const COMPOUND_FINALS: [(u8, char, char); 11] = [
    (3, 'ㄱ', 'ㅅ'),
    (5, 'ㄴ', 'ㅈ'),
    (6, 'ㄴ', 'ㅎ'),
    (9, 'ㄹ', 'ㄱ'),
    (10, 'ㄹ', 'ㅁ'),
    (11, 'ㄹ', 'ㅂ'),
    (12, 'ㄹ', 'ㅅ'),
    (13, 'ㄹ', 'ㅌ'),
    (14, 'ㄹ', 'ㅍ'),
    (15, 'ㄹ', 'ㅎ'),
    (18, 'ㅂ', 'ㅅ'),
];

/// The 7 compound vowels built from two basic keyboard vowels, by medial
/// index, with their components. ㅐ ㅒ ㅔ ㅖ are treated as atomic.
const COMPOUND_MEDIALS: [(u8, char, char); 7] = [
    (9, 'ㅗ', 'ㅏ'),
    (10, 'ㅗ', 'ㅐ'),
    (11, 'ㅗ', 'ㅣ'),
    (14, 'ㅜ', 'ㅓ'),
    (15, 'ㅜ', 'ㅔ'),
    (16, 'ㅜ', 'ㅣ'),
    (19, 'ㅡ', 'ㅣ'),
];

/// A precomposed Hangul syllable as its three jamo indices.
///
/// `initial` indexes [`INITIALS`] (0–18), `medial` indexes [`MEDIALS`]
/// (0–20) and `final_` indexes [`FINALS`] (0–27, 0 = no final).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Syllable {
    /// Initial consonant index L, `0..19`.
    pub initial: u8,
    /// Medial vowel index V, `0..21`.
    pub medial: u8,
    /// Final consonant index T, `0..28` (0 = none).
    pub final_: u8,
}

/// Returns true if `c` is a precomposed Hangul syllable (U+AC00 … U+D7A3).
pub fn is_syllable(c: char) -> bool {
    syllable_offset(c).is_some()
}

/// Offset of `c` from U+AC00 if it is a precomposed syllable.
fn syllable_offset(c: char) -> Option<u32> {
    let s = (c as u32).checked_sub(S_BASE)?;
    (s < S_COUNT).then_some(s)
}

/// Splits a precomposed syllable into its (initial, medial, final) indices;
/// `None` for any other character. Example: `한` → (18, 0, 4).
pub fn decompose(c: char) -> Option<Syllable> {
    let s = syllable_offset(c)?;
    // Each quotient is below 28, so the narrowing is lossless.
    Some(Syllable {
        initial: (s / N_COUNT) as u8,
        medial: ((s % N_COUNT) / T_COUNT) as u8,
        final_: (s % T_COUNT) as u8,
    })
}

/// Builds the precomposed syllable for the given indices; `None` if any
/// index is out of range (initial ≥ 19, medial ≥ 21, final ≥ 28).
pub fn compose(s: Syllable) -> Option<char> {
    let (l, v, t) = (
        u32::from(s.initial),
        u32::from(s.medial),
        u32::from(s.final_),
    );
    if l >= L_COUNT || v >= V_COUNT || t >= T_COUNT {
        return None;
    }
    char::from_u32(S_BASE + (l * V_COUNT + v) * T_COUNT + t)
}

/// Adds `k` to `index` modulo `count` (Euclidean, so negative `k` works and
/// the result is always in `0..count`).
fn cyclic(index: u8, k: i64, count: u8) -> u8 {
    let m = i64::from(count);
    let shifted = (i64::from(index) + k.rem_euclid(m)).rem_euclid(m);
    // `shifted` is in 0..count ≤ 28.
    shifted as u8
}

/// Cyclically shifts the initial consonant of a syllable by `k` positions
/// over the full 19-initial list [`INITIALS`] (doubles included), keeping
/// medial and final: `가+1 = 까`, `하+1 = 가`, `한+3 = 난`, `글−1 = 흘`.
/// Characters that are not syllables are returned unchanged.
pub fn shift_initial(c: char, k: i64) -> char {
    map_syllable(c, |s| Syllable {
        initial: cyclic(s.initial, k, L_COUNT as u8),
        ..s
    })
}

/// Cyclically shifts the medial vowel of a syllable by `k` positions over
/// the 21-medial list [`MEDIALS`], keeping initial and final
/// (`가+1 = 개`, `기+1 = 가`). Non-syllables are returned unchanged.
pub fn shift_medial(c: char, k: i64) -> char {
    map_syllable(c, |s| Syllable {
        medial: cyclic(s.medial, k, V_COUNT as u8),
        ..s
    })
}

/// Cyclically shifts the final consonant of a syllable by `k` positions over
/// the 27 *real* finals ([`FINALS`] indices 1–27; "no final" is not part of
/// the cycle), keeping initial and medial (`각+1 = 갂`, `갛+1 = 각`).
/// Syllables without a final and non-syllables are returned unchanged.
pub fn shift_final(c: char, k: i64) -> char {
    map_syllable(c, |s| {
        if s.final_ == 0 {
            return s;
        }
        Syllable {
            final_: 1 + cyclic(s.final_ - 1, k, (T_COUNT - 1) as u8),
            ..s
        }
    })
}

/// Applies `f` to the indices of `c` if it is a syllable; otherwise returns
/// `c` unchanged.
fn map_syllable(c: char, f: impl FnOnce(Syllable) -> Syllable) -> char {
    decompose(c).and_then(|s| compose(f(s))).unwrap_or(c)
}

/// The compatibility jamo of a final index 1–27 (`None` for 0 or ≥ 28).
fn final_char(t: u8) -> Option<char> {
    FINALS.get(usize::from(t))?.chars().next()
}

/// The compatibility jamo of a syllable: initial, medial and (if any)
/// final. Compound vowels (ㅘ) and compound finals (ㄺ) stay single jamo.
/// Example: `닭` → `[ㄷ, ㅏ, ㄺ]`. Returns an empty vector for a character
/// that is not a precomposed syllable.
pub fn jamo(c: char) -> Vec<char> {
    let Some(s) = decompose(c) else {
        return Vec::new();
    };
    let mut out = vec![
        INITIALS[usize::from(s.initial)],
        MEDIALS[usize::from(s.medial)],
    ];
    out.extend(final_char(s.final_));
    out
}

/// Like [`jamo`], but also splits the 11 compound finals into their two
/// consonants (`ㄺ` → `ㄹ ㄱ`) and the 7 compound vowels ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ ㅢ
/// into their two vowels (`ㅘ` → `ㅗ ㅏ`). Double consonants (ㄲ ㄸ ㅃ ㅆ ㅉ)
/// and ㅐ ㅒ ㅔ ㅖ are NOT split. Example: `괇` → `[ㄱ, ㅗ, ㅏ, ㄹ, ㅂ]`.
/// Returns an empty vector for a non-syllable.
pub fn jamo_split(c: char) -> Vec<char> {
    let Some(s) = decompose(c) else {
        return Vec::new();
    };
    let mut out = vec![INITIALS[usize::from(s.initial)]];
    match COMPOUND_MEDIALS.iter().find(|(v, _, _)| *v == s.medial) {
        Some(&(_, a, b)) => out.extend([a, b]),
        None => out.push(MEDIALS[usize::from(s.medial)]),
    }
    match COMPOUND_FINALS.iter().find(|(t, _, _)| *t == s.final_) {
        Some(&(_, a, b)) => out.extend([a, b]),
        None => out.extend(final_char(s.final_)),
    }
    out
}

/// Position of `j` in a slice, as a `u8` index.
fn position_of(list: &[char], j: char) -> Option<u8> {
    list.iter()
        .position(|&x| x == j)
        .and_then(|i| u8::try_from(i).ok())
}

/// Index (0–18) of a compatibility jamo as an initial consonant, or `None`
/// if it cannot be an initial (vowels, compound consonants like ㄳ).
pub fn initial_index(j: char) -> Option<u8> {
    position_of(&INITIALS, j)
}

/// Index (0–20) of a compatibility jamo as a medial vowel, or `None` if it
/// is not one of the 21 modern vowels.
pub fn medial_index(j: char) -> Option<u8> {
    position_of(&MEDIALS, j)
}

/// Index (1–27) of a compatibility jamo as a final consonant, or `None` if it
/// cannot be a final (vowels, and ㄸ ㅃ ㅉ which never occur as finals).
pub fn final_index(j: char) -> Option<u8> {
    (1..T_COUNT as u8).find(|&t| final_char(t) == Some(j))
}

/// Composes a syllable from compatibility jamo: `compose_jamo('ㅎ', 'ㅏ',
/// Some('ㄴ')) == Some('한')`. Returns `None` if a jamo is not valid in its
/// position.
pub fn compose_jamo(initial: char, medial: char, final_: Option<char>) -> Option<char> {
    let final_ = match final_ {
        Some(j) => final_index(j)?,
        None => 0,
    };
    compose(Syllable {
        initial: initial_index(initial)?,
        medial: medial_index(medial)?,
        final_,
    })
}

/// Whether a syllable has a final consonant (받침): `Some(true)` for `한`,
/// `Some(false)` for `하`, `None` for a non-syllable.
pub fn has_final(c: char) -> Option<bool> {
    decompose(c).map(|s| s.final_ != 0)
}

/// Whether final index `t` is written with two consonant letters.
///
/// Terminology used here:
/// * **compound finals** (겹받침, 11): ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ —
///   two *different* consonants; see [`is_compound_final`];
/// * **tense (double) finals** (쌍받침, 2): ㄲ ㅆ — a doubled consonant; see
///   [`is_tense_final`] (ㄸ ㅃ ㅉ never occur as finals).
///
/// `is_double_final` is true for the union of both sets (13 indices:
/// 2, 3, 5, 6, 9–15, 18, 20) and false for everything else, including 0
/// (no final) and out-of-range indices.
pub fn is_double_final(t: u8) -> bool {
    is_compound_final(t) || is_tense_final(t)
}

/// Whether final index `t` is one of the 11 compound finals (겹받침)
/// ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ.
pub fn is_compound_final(t: u8) -> bool {
    COMPOUND_FINALS.iter().any(|(i, _, _)| *i == t)
}

/// Whether final index `t` is one of the 2 tense (double) finals ㄲ ㅆ.
pub fn is_tense_final(t: u8) -> bool {
    t == T_SSANG_GIYEOK || t == T_SSANG_SIOT
}
