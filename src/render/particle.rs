//! Korean particles (조사) whose form depends on the preceding word's final
//! sound: `사과는` / `책은`, `서울로` / `집으로`, and so on.
//!
//! [`final_sound`] decides how the last *pronounced* character of a word
//! ends; [`form`] picks the particle form for that sound; [`attach`] does
//! both and refuses (with [`ParticleError`]) rather than emitting a combined
//! form such as `은(는)` when the sound cannot be determined.

use std::fmt;

use std::collections::BTreeMap;

use crate::stdlib::hangul;

/// The name of the spec constant that gives the Korean readings of Latin
/// words (`let READINGS = { Air: "에어" }`); the renderer reads it.
pub const READINGS_CONSTANT: &str = "READINGS";

/// The Korean readings of Latin words, from a spec's `READINGS` map:
/// `Air` → `에어`. A word is looked up exactly as written (case matters).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Readings(BTreeMap<String, String>);

impl Readings {
    /// Readings from `(word, reading)` pairs.
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Readings {
        Readings(pairs.into_iter().collect())
    }

    /// The reading of `word`, if one is given.
    pub fn get(&self, word: &str) -> Option<&str> {
        self.0.get(word).map(String::as_str)
    }
}

/// A Korean particle with two allomorphs, chosen by the preceding sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Particle {
    /// Topic marker 은 (after a consonant) / 는 (after a vowel).
    TopicEunNeun,
    /// Subject marker 이 / 가.
    SubjectIGa,
    /// Object marker 을 / 를.
    ObjectEulReul,
    /// Conjunction "and" 과 / 와.
    AndGwaWa,
    /// Direction/instrument 으로 / 로; a ㄹ-final word also takes 로.
    DirectionEuroRo,
    /// Copula 이다 / 다 (the vowel form 다 is used after a vowel).
    CopulaIdaDa,
    /// Vocative 아 / 야.
    VocativeAYa,
    /// "or" 이나 / 나.
    OrIinaNa,
    /// Colloquial "with/and" 이랑 / 랑.
    WithIrangRang,
    /// Copula with "because" 이므로 / 므로 (`학생이므로`, `의사므로`).
    CopulaBecause,
    /// Copula with "and" 이고 / 고 (`학생이고`, `의사고`).
    CopulaAnd,
    /// Written-style copula with "and" 이며 / 며 (`학생이며`, `의사며`).
    CopulaAndWritten,
    /// Polite copula 이에요 / 예요 (`학생이에요`, `의사예요`).
    CopulaPolite,
    /// Copula stem before quotation or reason 이라 / 라 (`학생이라`, `의사라`).
    CopulaQuote,
    /// Past copula 이었다 / 였다 (`학생이었다`, `의사였다`).
    CopulaPast,
    /// Copula with "so, and then" 이어서 / 여서 (`학생이어서`, `의사여서`).
    CopulaSo,
}

impl Particle {
    /// Every particle, in declaration order.
    pub const ALL: [Particle; 16] = [
        Particle::TopicEunNeun,
        Particle::SubjectIGa,
        Particle::ObjectEulReul,
        Particle::AndGwaWa,
        Particle::DirectionEuroRo,
        Particle::CopulaIdaDa,
        Particle::VocativeAYa,
        Particle::OrIinaNa,
        Particle::WithIrangRang,
        Particle::CopulaBecause,
        Particle::CopulaAnd,
        Particle::CopulaAndWritten,
        Particle::CopulaPolite,
        Particle::CopulaQuote,
        Particle::CopulaPast,
        Particle::CopulaSo,
    ];

    /// The (after-consonant, after-vowel) forms, e.g. `("은", "는")`.
    pub fn forms(self) -> (&'static str, &'static str) {
        match self {
            Particle::TopicEunNeun => ("은", "는"),
            Particle::SubjectIGa => ("이", "가"),
            Particle::ObjectEulReul => ("을", "를"),
            Particle::AndGwaWa => ("과", "와"),
            Particle::DirectionEuroRo => ("으로", "로"),
            Particle::CopulaIdaDa => ("이다", "다"),
            Particle::VocativeAYa => ("아", "야"),
            Particle::OrIinaNa => ("이나", "나"),
            Particle::WithIrangRang => ("이랑", "랑"),
            Particle::CopulaBecause => ("이므로", "므로"),
            Particle::CopulaAnd => ("이고", "고"),
            Particle::CopulaAndWritten => ("이며", "며"),
            Particle::CopulaPolite => ("이에요", "예요"),
            Particle::CopulaQuote => ("이라", "라"),
            Particle::CopulaPast => ("이었다", "였다"),
            Particle::CopulaSo => ("이어서", "여서"),
        }
    }

    /// Whether this is a form of the copula 이다, whose stem 이 contracts
    /// or drops after a vowel (`의사다`, `의사고`, `의사예요`).
    pub fn is_copula(self) -> bool {
        matches!(
            self,
            Particle::CopulaIdaDa
                | Particle::CopulaBecause
                | Particle::CopulaAnd
                | Particle::CopulaAndWritten
                | Particle::CopulaPolite
                | Particle::CopulaQuote
                | Particle::CopulaPast
                | Particle::CopulaSo
        )
    }
}

/// How the last pronounced syllable of a word ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FinalSound {
    /// Ends in a vowel (no final consonant): 사과, 2 (이), A (에이).
    Vowel,
    /// Ends in the final ㄹ: 서울, 1 (일), L (엘). Behaves like a consonant
    /// except for 으로/로, where it takes 로.
    Rieul,
    /// Ends in any other final consonant: 책, 10 (십), M (엠).
    Consonant,
}

/// Error returned by [`attach`] when the particle form cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParticleError {
    /// The final sound of `word` could not be determined (empty word, or its
    /// last pronounced character is not Hangul, a digit, a Latin letter or
    /// a compatibility jamo).
    UnknownFinalSound {
        /// The word the particle was to be attached to.
        word: String,
        /// The particle that was requested.
        particle: Particle,
    },
}

impl fmt::Display for ParticleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParticleError::UnknownFinalSound { word, particle } => {
                let (c, v) = particle.forms();
                write!(
                    f,
                    "cannot choose between particle forms {c}/{v} after {word:?}: \
                     the final sound of the word is unknown (a Latin word other than \
                     one letter or a run of capitals needs its Korean reading in the \
                     spec's `READINGS` map)"
                )
            }
        }
    }
}

impl std::error::Error for ParticleError {}

/// Parses a particle written in any usual notation: either form alone
/// (`은`, `는`), slash forms in either order (`은/는`, `는/은`), paren forms
/// in either order (`은(는)`, `는(은)`), and optional-prefix forms
/// (`(으)로`, `(이)다`, `(이)나`, `(이)랑`, and for every copula form
/// `(이)` before the after-consonant form's rest: `(이)므로`, `(이)에요`,
/// `(이)었다`). Surrounding whitespace is
/// ignored. Returns `None` for anything else.
pub fn parse_particle(s: &str) -> Option<Particle> {
    let s = s.trim();
    Particle::ALL
        .into_iter()
        .find(|p| notations(*p).iter().any(|n| n == s))
}

/// All accepted spellings of a particle.
fn notations(p: Particle) -> Vec<String> {
    let (c, v) = p.forms();
    let mut out = vec![
        c.to_string(),
        v.to_string(),
        format!("{c}/{v}"),
        format!("{v}/{c}"),
        format!("{c}({v})"),
        format!("{v}({c})"),
    ];
    // 으로 = 으 + 로 → "(으)로"; likewise (이)다, (이)나, (이)랑.
    if let Some(prefix) = c.strip_suffix(v) {
        out.push(format!("({prefix}){v}"));
    }
    // 이에요 / 예요 → "(이)에요"; 이었다 / 였다 → "(이)었다".
    if let Some(rest) = c.strip_prefix('이').filter(|_| p.is_copula()) {
        out.push(format!("(이){rest}"));
    }
    out
}

/// The form of particle `p` to use after a word ending in sound `s`.
/// ㄹ-final words take 로 for [`Particle::DirectionEuroRo`] and the
/// consonant form for every other particle.
pub fn form(p: Particle, s: FinalSound) -> &'static str {
    let (consonant_form, vowel_form) = p.forms();
    match (p, s) {
        (_, FinalSound::Vowel) => vowel_form,
        (Particle::DirectionEuroRo, FinalSound::Rieul) => vowel_form,
        _ => consonant_form,
    }
}

/// Appends the correct form of particle `p` to `word`: `attach("사과",
/// TopicEunNeun) == Ok("사과는")`, `attach("서울", DirectionEuroRo) ==
/// Ok("서울로")`. Fails with [`ParticleError::UnknownFinalSound`] when
/// [`final_sound`] returns `None`; it never emits a combined form.
pub fn attach(word: &str, p: Particle) -> Result<String, ParticleError> {
    attach_read(word, p, &Readings::default())
}

/// [`attach`], with the Korean readings of Latin words from `readings`.
pub fn attach_read(word: &str, p: Particle, readings: &Readings) -> Result<String, ParticleError> {
    let sound =
        final_sound_read(word, readings).ok_or_else(|| ParticleError::UnknownFinalSound {
            word: word.to_string(),
            particle: p,
        })?;
    Ok(format!("{word}{}", form(p, sound)))
}

/// The final sound of the last pronounced character of `word`.
///
/// Trailing whitespace, punctuation (`. , ! ? : ; … · ~` and CJK/fullwidth
/// equivalents), closing brackets and closing quotes are skipped first, so
/// `“사과”` and `(책)` are judged by `과` and `책`. Then:
///
/// * **Hangul syllable**: by its final — none → `Vowel`, ㄹ → `Rieul`,
///   anything else → `Consonant`.
/// * **ASCII digits** (commas between digits allowed, e.g. `1,000`): read in
///   Sino-Korean; see [`number_final_sound`]. After a decimal point the
///   digits are read one by one (`3.14` → 사).
/// * **Latin letters**: a single letter by its Korean name (A 에이, L 엘,
///   M 엠, R 알, Z 지 …), and a run of capitals (an initialism such as
///   `USB`, `ID`) by the name of its last letter. Any other Latin word
///   (`Air`, `false`) is read by its Korean reading, which only
///   [`Readings`] supply: its last letter says nothing about it (`Air` reads
///   에어), so without a reading its final sound is unknown.
/// * **`%`**: read 퍼센트 → `Vowel`.
/// * **Compatibility jamo**: by its Korean name — every consonant name
///   ends in a consonant (기역, 니은 …) except that ㄹ (리을) gives `Rieul`;
///   every vowel (아, 애 …) gives `Vowel`.
///
/// Fullwidth digits and Latin letters are treated like ASCII ones.
/// Anything else (Hanja, kana, other symbols, an empty word) → `None`.
pub fn final_sound(word: &str) -> Option<FinalSound> {
    final_sound_read(word, &Readings::default())
}

/// [`final_sound`], with the Korean readings of Latin words taken from
/// `readings` first: with `Air` read 에어, `Lumen Air` ends in a vowel.
pub fn final_sound_read(word: &str, readings: &Readings) -> Option<FinalSound> {
    let chars: Vec<char> = word.chars().map(fullwidth_to_ascii).collect();
    let end = chars.iter().rposition(|&c| !is_skippable_trailer(c))?;
    if chars[end].is_ascii_alphabetic() {
        let latin = latin_word_before(&chars, end + 1);
        if let Some(reading) = readings.get(&latin) {
            return final_sound(reading);
        }
    }
    plain_final_sound(&chars)
}

/// The final sound of already normalised characters, without readings.
fn plain_final_sound(chars: &[char]) -> Option<FinalSound> {
    let end = chars.iter().rposition(|&c| !is_skippable_trailer(c))?;
    let body = &chars[..=end];
    let last = body[end];
    if let Some(s) = hangul::decompose(last) {
        return Some(sound_of_final_index(s.final_));
    }
    if last.is_ascii_digit() {
        return digits_final_sound(body);
    }
    if last.is_ascii_alphabetic() {
        return latin_word_sound(&latin_word_before(body, body.len()));
    }
    if last == '%' {
        return Some(FinalSound::Vowel);
    }
    compat_jamo_sound(last)
}

/// Maps fullwidth ASCII variants (U+FF01 … U+FF5E) to ASCII.
fn fullwidth_to_ascii(c: char) -> char {
    let cp = c as u32;
    if (0xFF01..=0xFF5E).contains(&cp) {
        char::from_u32(cp - 0xFEE0).unwrap_or(c)
    } else {
        c
    }
}

/// Characters ignored at the end of a word: whitespace, sentence
/// punctuation, closing brackets and closing quotes.
fn is_skippable_trailer(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '.' | ','
                | '!'
                | '?'
                | ':'
                | ';'
                | '…'
                | '·'
                | '~'
                | '"'
                | '\''
                | ')'
                | ']'
                | '}'
                | '>'
                | '”'
                | '’'
                | '»'
                | '›'
                | '」'
                | '』'
                | '》'
                | '〉'
                | '】'
                | '〕'
                | '〗'
                | '〙'
                | '〛'
                | '〞'
                | '〟'
                | '。'
                | '、'
        )
}

/// Sound class of a final index (0 = none).
fn sound_of_final_index(t: u8) -> FinalSound {
    match hangul::FINALS.get(usize::from(t)).copied() {
        Some("") => FinalSound::Vowel,
        Some("ㄹ") => FinalSound::Rieul,
        _ => FinalSound::Consonant,
    }
}

/// Final sound of the trailing digit run of `body` (whose last char is an
/// ASCII digit).
fn digits_final_sound(body: &[char]) -> Option<FinalSound> {
    let start = trailing_number_start(body);
    let digits: String = body[start..].iter().filter(|c| **c != ',').collect();
    let after_decimal_point =
        start >= 2 && body[start - 1] == '.' && body[start - 2].is_ascii_digit();
    if after_decimal_point {
        return digits.chars().last().and_then(digit_sound);
    }
    number_final_sound(&digits)
}

/// Index where the trailing run of digits (with commas between digits)
/// begins.
fn trailing_number_start(body: &[char]) -> usize {
    let mut start = body.len();
    while start > 0 {
        let c = body[start - 1];
        let comma_between_digits = c == ',' && start >= 2 && body[start - 2].is_ascii_digit();
        if c.is_ascii_digit() || comma_between_digits {
            start -= 1;
        } else {
            break;
        }
    }
    start
}

/// Final sound of a non-negative integer written in ASCII digits (no
/// separators), read in Sino-Korean.
///
/// The last spoken unit decides: with z trailing zeros, z = 0 → the last
/// digit (영 일 이 삼 사 오 육 칠 팔 구), z = 1 → 십, 2 → 백, 3 → 천; for z ≥ 4
/// the number ends in a myriad unit: 만 (z 4–7), 억 (8–11), 조 (12–15,
/// vowel), 경 (16–19), 해 (20–23, vowel). So 10 → 십, 20 → 이십, 110 → 십,
/// 101 → 일, 100000 → 십만 → 만. `0` → 영 (consonant). A string with a
/// leading zero (`007`, `010`) is read digit by digit (공공칠 → 칠).
/// Returns `None` for an empty or non-digit string, or 10^24 and beyond.
pub fn number_final_sound(digits: &str) -> Option<FinalSound> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let last_digit = digits.chars().last()?;
    if digits.starts_with('0') {
        return digit_sound(last_digit);
    }
    let zeros = digits.bytes().rev().take_while(|&b| b == b'0').count();
    match zeros {
        0 => digit_sound(last_digit),
        1 => Some(FinalSound::Consonant), // 십
        2 => Some(FinalSound::Consonant), // 백
        3 => Some(FinalSound::Consonant), // 천
        _ => myriad_unit_sound(zeros / 4),
    }
}

/// Sound of the myriad unit 10^(4·group): 만, 억, 조, 경, 해.
fn myriad_unit_sound(group: usize) -> Option<FinalSound> {
    match group {
        1 => Some(FinalSound::Consonant), // 만
        2 => Some(FinalSound::Consonant), // 억
        3 => Some(FinalSound::Vowel),     // 조
        4 => Some(FinalSound::Consonant), // 경
        5 => Some(FinalSound::Vowel),     // 해
        _ => None,
    }
}

/// Sino-Korean reading of a single digit: 영 일 이 삼 사 오 육 칠 팔 구.
fn digit_sound(d: char) -> Option<FinalSound> {
    match d {
        '0' | '3' | '6' => Some(FinalSound::Consonant), // 영 삼 육
        '1' | '7' | '8' => Some(FinalSound::Rieul),     // 일 칠 팔
        '2' | '4' | '5' | '9' => Some(FinalSound::Vowel), // 이 사 오 구
        _ => None,
    }
}

/// The run of ASCII letters that ends just before `end` in `chars`.
fn latin_word_before(chars: &[char], end: usize) -> String {
    let start = chars[..end]
        .iter()
        .rposition(|c| !c.is_ascii_alphabetic())
        .map_or(0, |i| i + 1);
    chars[start..end].iter().collect()
}

/// Final sound of a Latin word without a reading: one letter by its name,
/// a run of capitals by the name of its last letter, anything else unknown.
fn latin_word_sound(word: &str) -> Option<FinalSound> {
    let last = word.chars().last()?;
    let initialism = word.chars().all(|c| c.is_ascii_uppercase());
    (word.chars().count() == 1 || initialism).then(|| latin_letter_sound(last))
}

/// Final sound of the Korean name of a Latin letter (either case):
/// L 엘 and R 알 end in ㄹ, M 엠 and N 엔 in a consonant, all others
/// (에이 비 씨 디 이 에프 지 에이치 아이 제이 케이 오 피 큐 에스 티 유 브이
/// 더블유 엑스 와이 지) in a vowel.
fn latin_letter_sound(c: char) -> FinalSound {
    match c.to_ascii_uppercase() {
        'L' | 'R' => FinalSound::Rieul,
        'M' | 'N' => FinalSound::Consonant,
        _ => FinalSound::Vowel,
    }
}

/// Final sound of a modern compatibility jamo read by its name.
fn compat_jamo_sound(c: char) -> Option<FinalSound> {
    match c {
        'ㄹ' => Some(FinalSound::Rieul),
        'ㄱ'..='ㅎ' => Some(FinalSound::Consonant),
        'ㅏ'..='ㅣ' => Some(FinalSound::Vowel),
        _ => None,
    }
}
