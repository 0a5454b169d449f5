//! The build-time particle check: a variable particle after a word whose
//! reading is known (a number, a Latin letter or initialism, a Latin word with
//! a reading, a quoted word) must fit that reading, or the item is rejected.

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::{generate, GenError};
use puzzlec::render::particle::Readings;
use puzzlec::render::particle_check::check;
use puzzlec::source::SourceFile;

fn readings(pairs: &[(&str, &str)]) -> Readings {
    Readings::new(pairs.iter().map(|(w, r)| (w.to_string(), r.to_string())))
}

/// `(word, found, expected)` of every misfit in `text`.
fn misfits(text: &str, r: &Readings) -> Vec<(String, String, Option<String>)> {
    check(text, r)
        .into_iter()
        .map(|m| (m.word, m.found, m.expected))
        .collect()
}

fn one(word: &str, found: &str, expected: &str) -> Vec<(String, String, Option<String>)> {
    vec![(word.into(), found.into(), Some(expected.into()))]
}

#[test]
fn letters_are_read_by_their_korean_names() {
    let none = Readings::default();
    // The defect of KO hard sat_puzzle: L 엘, M 엠, N 엔 take 은.
    assert_eq!(misfits("용의자 L는 유죄", &none), one("L", "는", "은"));
    assert_eq!(misfits("용의자 M는 무죄", &none), one("M", "는", "은"));
    assert_eq!(misfits("용의자 N는 무죄", &none), one("N", "는", "은"));
    assert_eq!(misfits("용의자 A은 무죄", &none), one("A", "은", "는"));
    assert!(misfits("용의자 L은 유죄; 용의자 A는 무죄; 고객ID로 답하세요", &none).is_empty());
}

#[test]
fn numbers_are_read_in_sino_korean() {
    let none = Readings::default();
    // The defect of KO easy number_baseball: 7 칠, 8 팔, 6 육 take 이.
    for (digit, text) in [
        ("7", "숫자 1, 2, 7가 들어 있습니다"),
        ("8", "숫자 1, 2, 8가 들어 있습니다"),
        ("6", "숫자 1, 2, 6가 들어 있습니다"),
    ] {
        assert_eq!(misfits(text, &none), one(digit, "가", "이"), "{text}");
    }
    assert_eq!(misfits("숫자 2이 있다", &none), one("2", "이", "가"));
    assert_eq!(misfits("합은 10다.", &none), one("10", "다", "이다"));
    assert_eq!(misfits("값 100를 쓴다", &none), one("100", "를", "을"));
    assert_eq!(misfits("-3로 나눈다", &none), one("-3", "로", "으로"));
    assert_eq!(misfits("0.5은 작다", &none), one("0.5", "은", "는"));
    assert_eq!(misfits("7으로 나눈다", &none), one("7", "으로", "로"));
    // Fitting forms, and runs that are not particles, pass.
    let fine = "숫자 7이 들어 있고, 2가 있고, 10이다. 3가지, 6면, 1000은, 10000이, 3.14는, \
                7로, 0으로, 2와 3과, 정답은 9다, 정답은 124다, 50%는";
    assert!(
        misfits(fine, &none).is_empty(),
        "{:?}",
        misfits(fine, &none)
    );
}

#[test]
fn copula_connectives_are_checked_after_numbers_and_letters() {
    let none = Readings::default();
    // A dropped stem 이 after a consonant is a misfit.
    assert_eq!(
        misfits("합이 10므로 답은", &none),
        one("10", "므로", "이므로")
    );
    assert_eq!(misfits("답은 3고, 다음은", &none), one("3", "고", "이고"));
    assert_eq!(misfits("답은 L며, 다음은", &none), one("L", "며", "이며"));
    assert_eq!(misfits("값은 7라 한다", &none), one("7", "라", "이라"));
    assert_eq!(
        misfits("값은 6여서 짝수", &none),
        one("6", "여서", "이어서")
    );
    assert_eq!(misfits("값은 1예요", &none), one("1", "예요", "이에요"));
    // Fitting forms, and runs that merely begin like a form, pass.
    let fine = "합이 10이므로, 2므로, 3이고 2고, 7이며 5며, 1이라 4라, 6이어서 9여서,                 8이에요 2예요, 3고양이, 2라운드, 5며칠";
    assert!(
        misfits(fine, &none).is_empty(),
        "{:?}",
        misfits(fine, &none)
    );
}

#[test]
fn latin_words_need_their_reading() {
    let air = readings(&[("Air", "에어"), ("Pro", "프로")]);
    // The defect of array_formula: Air reads 에어, so 는.
    assert_eq!(
        misfits("Lumen Air은 몇 위입니까?", &air),
        one("Air", "은", "는")
    );
    assert!(misfits("Lumen Air는 몇 위입니까? Nova Pro를 산다", &air).is_empty());
    // Without a reading the particle cannot be right by construction.
    let unknown = misfits("Lumen Air는 몇 위입니까?", &Readings::default());
    assert_eq!(unknown, vec![("Air".into(), "는".into(), None)]);
    // Initialisms are read letter by letter.
    assert!(misfits("USB를 꽂는다", &Readings::default()).is_empty());
}

#[test]
fn quoted_words_are_judged_by_their_last_syllable() {
    let none = Readings::default();
    assert_eq!(
        misfits("상태가 '배송완료'을 뜻한다", &none),
        one("'배송완료", "을", "를")
    );
    assert!(misfits("'사과'는 과일이고 “책”을 읽는다", &none).is_empty());
    // An opening quote before Hangul is not a word's end.
    assert!(misfits("단어 '가'는 조사이다", &none).is_empty());
}

const LETTER_SPEC: &str = r#"
puzzle letter_particles
title en "Letters" ko "글자"
family direct
lever n: int in 0..=19
tier easy { n = 11 }
let LETTERS = "ABCDEFGHIJKLMNOPQRST"
generate {
  let who = LETTERS[n]
  step en "{who} is guilty." ko "용의자 {who}는 유죄입니다."
}
answer text = who
template en "Who is guilty?"
template ko "용의자 {who}는 유죄입니다. 누가 유죄입니까?"
"#;

fn program(name: &str, text: &str) -> Program {
    let source = SourceFile::new(format!("{name}.puzzle"), text.to_string());
    compile(&source).unwrap_or_else(|e| panic!("{name}:\n{}", render_plain(&e.diagnostics(), 100)))
}

#[test]
fn generation_rejects_a_misfit_particle_with_a_located_error() {
    let p = program("letter_particles", LETTER_SPEC);
    let err = generate(&p, "easy", 3, 1).expect_err("용의자 L는 is rejected");
    let GenError::Particle { message, .. } = &err else {
        panic!("not a particle error: {err:?}");
    };
    assert!(
        message.contains("`letter_particles` tier `easy` index 3"),
        "{message}"
    );
    assert!(message.contains("`L는`"), "{message}");
    assert!(message.contains("용의자 L는 유죄"), "{message}");
    let shown = render_plain(&[&err as &dyn miette::Diagnostic], 100);
    assert!(shown.contains("puzzlec::gen::particle"), "{shown}");
    assert!(shown.contains("`L` takes `은`"), "{shown}");
    assert!(shown.contains("letter_particles.puzzle"), "{shown}");
    // The same spec with `{who:는}` renders the fitting form.
    let fixed = program(
        "letter_particles",
        &LETTER_SPEC.replace("{who}는", "{who:는}"),
    );
    let item = generate(&fixed, "easy", 3, 1).expect("generates");
    assert!(item.renders["ko"].question.starts_with("용의자 L은 유죄"));
}

#[test]
fn josa_reads_latin_words_through_the_spec_readings() {
    let spec = r#"
puzzle product_particles
title en "Products" ko "상품"
family direct
lever n: int in 0..=1
tier easy { n = 0 }
let READINGS = { Air: "에어" }
generate {
  let name = ["Lumen Air", "Nova 7"][n]
  step en "{name}." ko "{name:은} 1위입니다."
}
answer text = name
template en "Rank?"
template ko "{josa(name, "은")} 몇 위입니까?"
"#;
    let p = program("product_particles", spec);
    let item = generate(&p, "easy", 0, 1).expect("generates");
    assert!(item.renders["ko"].question.starts_with("Lumen Air는 몇 위"));
    assert!(item.renders["ko"].solution.starts_with("Lumen Air는 1위"));
    let without = program(
        "product_particles",
        &spec.replace("let READINGS = { Air: \"에어\" }\n", ""),
    );
    let err = generate(&without, "easy", 0, 1).expect_err("no reading for Air");
    assert!(err.to_string().contains("READINGS"), "{err}");
}
