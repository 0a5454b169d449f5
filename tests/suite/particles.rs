use puzzlec::render::particle::{
    attach, attach_read, final_sound, final_sound_read, form, number_final_sound, parse_particle,
    FinalSound, Particle, ParticleError, Readings,
};
use FinalSound::{Consonant, Rieul, Vowel};
use Particle::*;

/// (word, particle, expected output)
const CASES: &[(&str, Particle, &str)] = &[
    // Hangul, topic
    ("사과", TopicEunNeun, "사과는"),
    ("책", TopicEunNeun, "책은"),
    ("서울", TopicEunNeun, "서울은"),
    ("닭", TopicEunNeun, "닭은"),
    // subject
    ("학교", SubjectIGa, "학교가"),
    ("집", SubjectIGa, "집이"),
    ("연필", SubjectIGa, "연필이"),
    // object
    ("사과", ObjectEulReul, "사과를"),
    ("밥", ObjectEulReul, "밥을"),
    ("물", ObjectEulReul, "물을"),
    // and
    ("너", AndGwaWa, "너와"),
    ("책상", AndGwaWa, "책상과"),
    ("하늘", AndGwaWa, "하늘과"),
    // direction: ㄹ-final takes 로
    ("서울", DirectionEuroRo, "서울로"),
    ("집", DirectionEuroRo, "집으로"),
    ("학교", DirectionEuroRo, "학교로"),
    ("연필", DirectionEuroRo, "연필로"),
    ("부산", DirectionEuroRo, "부산으로"),
    ("칼", DirectionEuroRo, "칼로"),
    // copula
    ("사과", CopulaIdaDa, "사과다"),
    ("책", CopulaIdaDa, "책이다"),
    ("연필", CopulaIdaDa, "연필이다"),
    // copula with connectives: the stem 이 drops (or contracts) after a vowel
    ("학생", CopulaBecause, "학생이므로"),
    ("의사", CopulaBecause, "의사므로"),
    ("서울", CopulaBecause, "서울이므로"),
    ("학생", CopulaAnd, "학생이고"),
    ("의사", CopulaAnd, "의사고"),
    ("하늘", CopulaAnd, "하늘이고"),
    ("학생", CopulaAndWritten, "학생이며"),
    ("의사", CopulaAndWritten, "의사며"),
    ("학생", CopulaPolite, "학생이에요"),
    ("의사", CopulaPolite, "의사예요"),
    ("스물한 살", CopulaPolite, "스물한 살이에요"),
    ("학생", CopulaQuote, "학생이라"),
    ("의사", CopulaQuote, "의사라"),
    ("학생", CopulaPast, "학생이었다"),
    ("의사", CopulaPast, "의사였다"),
    ("학생", CopulaSo, "학생이어서"),
    ("의사", CopulaSo, "의사여서"),
    ("3", CopulaAnd, "3이고"),
    ("2", CopulaBecause, "2므로"),
    ("7", CopulaPolite, "7이에요"),
    // vocative
    ("민수", VocativeAYa, "민수야"),
    ("지민", VocativeAYa, "지민아"),
    ("하늘", VocativeAYa, "하늘아"),
    // or
    ("커피", OrIinaNa, "커피나"),
    ("물", OrIinaNa, "물이나"),
    ("빵", OrIinaNa, "빵이나"),
    // with
    ("친구", WithIrangRang, "친구랑"),
    ("동생", WithIrangRang, "동생이랑"),
    ("딸", WithIrangRang, "딸이랑"),
    // digits, Sino-Korean reading
    ("0", TopicEunNeun, "0은"),
    ("1", TopicEunNeun, "1은"),
    ("2", TopicEunNeun, "2는"),
    ("3", TopicEunNeun, "3은"),
    ("4", SubjectIGa, "4가"),
    ("5", ObjectEulReul, "5를"),
    ("6", ObjectEulReul, "6을"),
    ("7", DirectionEuroRo, "7로"),
    ("8", DirectionEuroRo, "8로"),
    ("9", DirectionEuroRo, "9로"),
    ("3", DirectionEuroRo, "3으로"),
    ("10", TopicEunNeun, "10은"),
    ("20", TopicEunNeun, "20은"),
    ("100", TopicEunNeun, "100은"),
    ("1000", TopicEunNeun, "1000은"),
    ("1,000", TopicEunNeun, "1,000은"),
    ("10000", SubjectIGa, "10000이"),
    ("100000", SubjectIGa, "100000이"),
    ("100000000", TopicEunNeun, "100000000은"),
    ("1000000000000", TopicEunNeun, "1000000000000는"),
    ("110", DirectionEuroRo, "110으로"),
    ("101", DirectionEuroRo, "101로"),
    ("12", TopicEunNeun, "12는"),
    ("3.14", TopicEunNeun, "3.14는"),
    ("2.0", TopicEunNeun, "2.0은"),
    ("1,000원", TopicEunNeun, "1,000원은"),
    ("3개", ObjectEulReul, "3개를"),
    ("5명", SubjectIGa, "5명이"),
    ("50%", TopicEunNeun, "50%는"),
    // Latin letters by their Korean names
    ("A", TopicEunNeun, "A는"),
    ("L", TopicEunNeun, "L은"),
    ("M", TopicEunNeun, "M은"),
    ("N", SubjectIGa, "N이"),
    ("R", DirectionEuroRo, "R로"),
    ("M", DirectionEuroRo, "M으로"),
    ("ABC", TopicEunNeun, "ABC는"),
    ("x", ObjectEulReul, "x를"),
    ("Z", CopulaIdaDa, "Z다"),
    ("Ａ", TopicEunNeun, "Ａ는"),
    // trailing punctuation, brackets, quotes and spaces
    ("“사과”", ObjectEulReul, "“사과”를"),
    ("(책)", TopicEunNeun, "(책)은"),
    ("「서울」", DirectionEuroRo, "「서울」로"),
    ("'집'", DirectionEuroRo, "'집'으로"),
    ("[10]", TopicEunNeun, "[10]은"),
    ("사과 ", TopicEunNeun, "사과 는"),
    ("책.", SubjectIGa, "책.이"),
    // compatibility jamo by their names
    ("ㄱ", TopicEunNeun, "ㄱ은"),
    ("ㄹ", DirectionEuroRo, "ㄹ로"),
    ("ㅏ", TopicEunNeun, "ㅏ는"),
    ("ㄳ", ObjectEulReul, "ㄳ을"),
];

#[test]
fn attach_table() {
    assert!(CASES.len() >= 60, "{}", CASES.len());
    for (word, particle, expected) in CASES {
        assert_eq!(
            attach(word, *particle).as_deref(),
            Ok(*expected),
            "{word} + {particle:?}"
        );
    }
}

#[test]
fn every_particle_covered_by_table() {
    for p in Particle::ALL {
        assert!(CASES.iter().any(|(_, q, _)| *q == p), "{p:?}");
    }
}

#[test]
fn unknown_final_sound_is_an_error() {
    for word in ["", "   ", "漢字", "カナ", "...", "()", "#", "😀", "ㆍ"] {
        assert_eq!(final_sound(word), None, "{word:?}");
        let err = attach(word, TopicEunNeun).unwrap_err();
        assert_eq!(
            err,
            ParticleError::UnknownFinalSound {
                word: word.to_string(),
                particle: TopicEunNeun
            }
        );
    }
    let msg = attach("漢字", ObjectEulReul).unwrap_err().to_string();
    assert!(msg.contains("漢字"), "{msg}");
    assert!(msg.contains("을/를"), "{msg}");
}

#[test]
fn final_sound_examples() {
    assert_eq!(final_sound("사과"), Some(Vowel));
    assert_eq!(final_sound("서울"), Some(Rieul));
    assert_eq!(final_sound("책"), Some(Consonant));
    assert_eq!(final_sound("1"), Some(Rieul));
    assert_eq!(final_sound("7"), Some(Rieul));
    assert_eq!(final_sound("8"), Some(Rieul));
    assert_eq!(final_sound("10"), Some(Consonant));
    assert_eq!(final_sound("1,000"), Some(Consonant));
    assert_eq!(final_sound("1,001"), Some(Rieul));
    assert_eq!(final_sound("L"), Some(Rieul));
    assert_eq!(final_sound("r"), Some(Rieul));
    // A Latin word is not read by its last letter: `Seoul` reads 서울, `Air`
    // 에어. Without a reading its final sound is unknown.
    assert_eq!(final_sound("Seoul"), None);
    assert_eq!(final_sound("Lumen Air"), None);
    assert_eq!(final_sound("USB"), Some(Vowel));
    assert_eq!(final_sound("-7"), Some(Rieul));
    assert_eq!(final_sound("0.5"), Some(Vowel));
    assert_eq!(final_sound("ＭＮ"), Some(Consonant));
    assert_eq!(final_sound("１２"), Some(Vowel));
    assert_eq!(final_sound("가!?"), Some(Vowel));
    assert_eq!(final_sound("값』。"), Some(Consonant));
}

#[test]
fn number_readings() {
    let cases = [
        ("0", Consonant),  // 영
        ("2", Vowel),      // 이
        ("11", Rieul),     // 십일
        ("15", Vowel),     // 십오
        ("16", Consonant), // 십육
        ("30", Consonant), // 삼십
        ("200", Consonant),
        ("3000", Consonant),
        ("20000", Consonant),             // 이만
        ("100000", Consonant),            // 십만
        ("10000000", Consonant),          // 천만
        ("100000000", Consonant),         // 억
        ("1000000000000", Vowel),         // 조
        ("10000000000000", Vowel),        // 십조
        ("10000000000000000", Consonant), // 경
        ("100000000000000000000", Vowel), // 해
        ("007", Rieul),                   // 공공칠
        ("010", Consonant),               // 공일공
    ];
    for (digits, expected) in cases {
        assert_eq!(number_final_sound(digits), Some(expected), "{digits}");
    }
    assert_eq!(number_final_sound(""), None);
    assert_eq!(number_final_sound("1,000"), None);
    assert_eq!(number_final_sound("12a"), None);
    assert_eq!(number_final_sound(&format!("1{}", "0".repeat(24))), None);
}

#[test]
fn forms_table() {
    let expected = [
        (TopicEunNeun, "은", "는", "은"),
        (SubjectIGa, "이", "가", "이"),
        (ObjectEulReul, "을", "를", "을"),
        (AndGwaWa, "과", "와", "과"),
        (DirectionEuroRo, "으로", "로", "로"),
        (CopulaIdaDa, "이다", "다", "이다"),
        (VocativeAYa, "아", "야", "아"),
        (OrIinaNa, "이나", "나", "이나"),
        (WithIrangRang, "이랑", "랑", "이랑"),
        (CopulaBecause, "이므로", "므로", "이므로"),
        (CopulaAnd, "이고", "고", "이고"),
        (CopulaAndWritten, "이며", "며", "이며"),
        (CopulaPolite, "이에요", "예요", "이에요"),
        (CopulaQuote, "이라", "라", "이라"),
        (CopulaPast, "이었다", "였다", "이었다"),
        (CopulaSo, "이어서", "여서", "이어서"),
    ];
    for (p, c, v, r) in expected {
        assert_eq!(form(p, Consonant), c, "{p:?}");
        assert_eq!(form(p, Vowel), v, "{p:?}");
        assert_eq!(form(p, Rieul), r, "{p:?}");
    }
}

#[test]
fn parse_particle_notations() {
    let cases = [
        ("은", TopicEunNeun),
        ("는", TopicEunNeun),
        ("은/는", TopicEunNeun),
        ("는/은", TopicEunNeun),
        ("은(는)", TopicEunNeun),
        ("는(은)", TopicEunNeun),
        (" 은 ", TopicEunNeun),
        ("이", SubjectIGa),
        ("가", SubjectIGa),
        ("이/가", SubjectIGa),
        ("이(가)", SubjectIGa),
        ("을", ObjectEulReul),
        ("를", ObjectEulReul),
        ("을/를", ObjectEulReul),
        ("를(을)", ObjectEulReul),
        ("과", AndGwaWa),
        ("와/과", AndGwaWa),
        ("(으)로", DirectionEuroRo),
        ("으로", DirectionEuroRo),
        ("로", DirectionEuroRo),
        ("으로/로", DirectionEuroRo),
        ("이다", CopulaIdaDa),
        ("다", CopulaIdaDa),
        ("(이)다", CopulaIdaDa),
        ("아", VocativeAYa),
        ("야", VocativeAYa),
        ("아/야", VocativeAYa),
        ("이나", OrIinaNa),
        ("나", OrIinaNa),
        ("(이)나", OrIinaNa),
        ("이랑", WithIrangRang),
        ("랑", WithIrangRang),
        ("(이)랑", WithIrangRang),
        ("이랑/랑", WithIrangRang),
        ("(이)므로", CopulaBecause),
        ("이므로/므로", CopulaBecause),
        ("므로", CopulaBecause),
        ("(이)고", CopulaAnd),
        ("고", CopulaAnd),
        ("(이)며", CopulaAndWritten),
        ("(이)에요", CopulaPolite),
        ("이에요/예요", CopulaPolite),
        ("예요", CopulaPolite),
        ("(이)라", CopulaQuote),
        ("라", CopulaQuote),
        ("(이)었다", CopulaPast),
        ("였다", CopulaPast),
        ("(이)어서", CopulaSo),
        ("여서", CopulaSo),
    ];
    for (s, p) in cases {
        assert_eq!(parse_particle(s), Some(p), "{s:?}");
    }
    for s in [
        "", "의", "에", "은는", "은/가", "(은)", "도", "로/을", "(이)", "(이)가", "(으)고", "에요",
    ] {
        assert_eq!(parse_particle(s), None, "{s:?}");
    }
}

#[test]
fn parse_then_attach_all_forms_agree() {
    for p in Particle::ALL {
        let (c, v) = p.forms();
        assert_eq!(parse_particle(c), Some(p));
        assert_eq!(parse_particle(v), Some(p));
        assert_eq!(parse_particle(&format!("{c}/{v}")), Some(p));
    }
}

fn readings(pairs: &[(&str, &str)]) -> Readings {
    Readings::new(pairs.iter().map(|(w, r)| (w.to_string(), r.to_string())))
}

#[test]
fn readings_give_latin_words_their_final_sound() {
    let r = readings(&[("Air", "에어"), ("Seoul", "서울"), ("Max", "맥스")]);
    assert_eq!(final_sound_read("Lumen Air", &r), Some(Vowel));
    assert_eq!(final_sound_read("Seoul", &r), Some(Rieul));
    assert_eq!(final_sound_read("'Lumen Air'", &r), Some(Vowel));
    assert_eq!(
        attach_read("Lumen Air", TopicEunNeun, &r).as_deref(),
        Ok("Lumen Air는")
    );
    assert_eq!(
        attach_read("Seoul", DirectionEuroRo, &r).as_deref(),
        Ok("Seoul로")
    );
    // Letters and numbers need no reading, and the readings do not change them.
    assert_eq!(
        attach_read("Halo X", SubjectIGa, &r).as_deref(),
        Ok("Halo X가")
    );
    assert_eq!(
        attach_read("Sol 7", SubjectIGa, &r).as_deref(),
        Ok("Sol 7이")
    );
    // Case matters: `air` has no reading.
    assert!(attach_read("air", TopicEunNeun, &r).is_err());
    let msg = attach("Lumen Air", TopicEunNeun).unwrap_err().to_string();
    assert!(msg.contains("READINGS"), "{msg}");
}
