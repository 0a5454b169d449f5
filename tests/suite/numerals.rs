//! Korean number words (`ko_native`, `ko_count`, `ko_sino`): every native
//! numeral 1..=99 against tables written out by hand, the Sino-Korean
//! reading against an independent recursive reader and against the
//! particle module's own final-sound rule for digits, and the errors outside
//! the range, through the spec language.

use crate::common::NoFns;
use puzzlec::eval::{Env, EvalErrorKind, Interp, Value};
use puzzlec::render::particle::{attach, final_sound, number_final_sound, FinalSound, Particle};
use puzzlec::source::SourceFile;
use puzzlec::stdlib::numeral;
use puzzlec::syntax::parse_expr;

fn eval(text: &str) -> Result<Value, EvalErrorKind> {
    let source = SourceFile::new("expr", text);
    let expr = parse_expr(&source).unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    Interp::new(&NoFns, None)
        .eval(&expr, &Env::new())
        .map_err(|e| e.into_parts().kind)
}

fn text(expr: &str) -> String {
    match eval(expr) {
        Ok(Value::Str(s)) => s.to_string(),
        other => panic!("`{expr}` gave {other:?}"),
    }
}

/// The native numerals 1..=99, in order.
const PLAIN: [&str; 99] = [
    "하나",
    "둘",
    "셋",
    "넷",
    "다섯",
    "여섯",
    "일곱",
    "여덟",
    "아홉",
    "열",
    "열하나",
    "열둘",
    "열셋",
    "열넷",
    "열다섯",
    "열여섯",
    "열일곱",
    "열여덟",
    "열아홉",
    "스물",
    "스물하나",
    "스물둘",
    "스물셋",
    "스물넷",
    "스물다섯",
    "스물여섯",
    "스물일곱",
    "스물여덟",
    "스물아홉",
    "서른",
    "서른하나",
    "서른둘",
    "서른셋",
    "서른넷",
    "서른다섯",
    "서른여섯",
    "서른일곱",
    "서른여덟",
    "서른아홉",
    "마흔",
    "마흔하나",
    "마흔둘",
    "마흔셋",
    "마흔넷",
    "마흔다섯",
    "마흔여섯",
    "마흔일곱",
    "마흔여덟",
    "마흔아홉",
    "쉰",
    "쉰하나",
    "쉰둘",
    "쉰셋",
    "쉰넷",
    "쉰다섯",
    "쉰여섯",
    "쉰일곱",
    "쉰여덟",
    "쉰아홉",
    "예순",
    "예순하나",
    "예순둘",
    "예순셋",
    "예순넷",
    "예순다섯",
    "예순여섯",
    "예순일곱",
    "예순여덟",
    "예순아홉",
    "일흔",
    "일흔하나",
    "일흔둘",
    "일흔셋",
    "일흔넷",
    "일흔다섯",
    "일흔여섯",
    "일흔일곱",
    "일흔여덟",
    "일흔아홉",
    "여든",
    "여든하나",
    "여든둘",
    "여든셋",
    "여든넷",
    "여든다섯",
    "여든여섯",
    "여든일곱",
    "여든여덟",
    "여든아홉",
    "아흔",
    "아흔하나",
    "아흔둘",
    "아흔셋",
    "아흔넷",
    "아흔다섯",
    "아흔여섯",
    "아흔일곱",
    "아흔여덟",
    "아흔아홉",
];

/// The attributive forms before a counter, 1..=99.
const ATTRIBUTIVE: [&str; 99] = [
    "한",
    "두",
    "세",
    "네",
    "다섯",
    "여섯",
    "일곱",
    "여덟",
    "아홉",
    "열",
    "열한",
    "열두",
    "열세",
    "열네",
    "열다섯",
    "열여섯",
    "열일곱",
    "열여덟",
    "열아홉",
    "스무",
    "스물한",
    "스물두",
    "스물세",
    "스물네",
    "스물다섯",
    "스물여섯",
    "스물일곱",
    "스물여덟",
    "스물아홉",
    "서른",
    "서른한",
    "서른두",
    "서른세",
    "서른네",
    "서른다섯",
    "서른여섯",
    "서른일곱",
    "서른여덟",
    "서른아홉",
    "마흔",
    "마흔한",
    "마흔두",
    "마흔세",
    "마흔네",
    "마흔다섯",
    "마흔여섯",
    "마흔일곱",
    "마흔여덟",
    "마흔아홉",
    "쉰",
    "쉰한",
    "쉰두",
    "쉰세",
    "쉰네",
    "쉰다섯",
    "쉰여섯",
    "쉰일곱",
    "쉰여덟",
    "쉰아홉",
    "예순",
    "예순한",
    "예순두",
    "예순세",
    "예순네",
    "예순다섯",
    "예순여섯",
    "예순일곱",
    "예순여덟",
    "예순아홉",
    "일흔",
    "일흔한",
    "일흔두",
    "일흔세",
    "일흔네",
    "일흔다섯",
    "일흔여섯",
    "일흔일곱",
    "일흔여덟",
    "일흔아홉",
    "여든",
    "여든한",
    "여든두",
    "여든세",
    "여든네",
    "여든다섯",
    "여든여섯",
    "여든일곱",
    "여든여덟",
    "여든아홉",
    "아흔",
    "아흔한",
    "아흔두",
    "아흔세",
    "아흔네",
    "아흔다섯",
    "아흔여섯",
    "아흔일곱",
    "아흔여덟",
    "아흔아홉",
];

#[test]
fn every_native_numeral_matches_the_table() {
    for n in 1..=99usize {
        assert_eq!(text(&format!("ko_native({n})")), PLAIN[n - 1], "{n}");
        let counted = text(&format!("ko_count({n}, \"살\")"));
        assert_eq!(counted, format!("{} 살", ATTRIBUTIVE[n - 1]), "{n}");
    }
    assert_eq!(text("ko_count(21, \"살\")"), "스물한 살");
    assert_eq!(text("ko_count(20, \"살\")"), "스무 살");
    assert_eq!(text("ko_count(3, \"개\")"), "세 개");
    assert_eq!(text("ko_count(4, \"시\")"), "네 시");
    assert_eq!(text("ko_count(32, \"개\")"), "서른두 개");
}

#[test]
fn native_numerals_take_particles_by_their_last_syllable() {
    for n in 1..=99usize {
        let plain = PLAIN[n - 1];
        let last = plain.chars().last().unwrap();
        // By hand: of the units only 하나 ends in a vowel (둘 ㄹ, 셋 넷 다섯
        // 여섯 ㅅ, 일곱 아홉 ㅂ, 여덟 ㄼ), and every tens word ends in a
        // consonant (열 스물 ㄹ, 서른 … 아흔 ㄴ).
        let vowel = last == '나';
        let expected = if vowel { "는" } else { "은" };
        assert_eq!(
            text(&format!("josa(ko_native({n}), \"은\")")),
            format!("{plain}{expected}"),
            "{n}"
        );
        // A counted age ends in 살 (ㄹ): 이고, 로.
        assert_eq!(
            text(&format!("josa(ko_count({n}, \"살\"), \"(이)고\")")),
            format!("{} 살이고", ATTRIBUTIVE[n - 1])
        );
        assert_eq!(
            text(&format!("josa(ko_count({n}, \"살\"), \"(으)로\")")),
            format!("{} 살로", ATTRIBUTIVE[n - 1])
        );
    }
    assert_eq!(final_sound("스물한 살"), Some(FinalSound::Rieul));
    assert_eq!(
        attach("마흔 개", Particle::CopulaPolite).as_deref(),
        Ok("마흔 개예요")
    );
}

#[test]
fn outside_the_range_is_a_located_error() {
    for expr in [
        "ko_native(0)",
        "ko_native(100)",
        "ko_native(-3)",
        "ko_count(0, \"개\")",
        "ko_count(100, \"살\")",
    ] {
        let source = SourceFile::new("expr", expr);
        let parsed = parse_expr(&source).expect("parses");
        let err = Interp::new(&NoFns, None)
            .eval(&parsed, &Env::new())
            .expect_err(expr);
        let message = err.kind.to_string();
        assert!(message.contains("1..=99"), "{expr}: {message}");
        assert_eq!(err.span.start, 0, "{expr}: the error points at the call");
    }
    assert!(eval("ko_sino(-1)").is_err());
    assert!(eval("ko_native(\"3\")").is_err());
}

/// An independent Sino-Korean reader: recursive over the largest unit.
fn sino_by_hand(n: u64) -> String {
    const DIGITS: [&str; 10] = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
    fn below_myriad(n: u64) -> String {
        let units = [(1000, "천"), (100, "백"), (10, "십")];
        for (size, word) in units {
            if n >= size {
                let head = n / size;
                let lead = if head == 1 { "" } else { DIGITS[head as usize] };
                return format!("{lead}{word}{}", below_myriad(n % size));
            }
        }
        DIGITS[n as usize].to_string()
    }
    let myriads = [
        (10u64.pow(16), "경"),
        (10u64.pow(12), "조"),
        (10u64.pow(8), "억"),
        (10_000, "만"),
    ];
    for (size, word) in myriads {
        if n >= size {
            let head = n / size;
            let lead = if size == 10_000 && head == 1 {
                String::new()
            } else {
                below_myriad(head)
            };
            let rest = n % size;
            let tail = if rest == 0 {
                String::new()
            } else {
                format!(" {}", sino_by_hand(rest))
            };
            return format!("{lead}{word}{tail}");
        }
    }
    below_myriad(n)
}

#[test]
fn sino_readings_agree_with_an_independent_reader() {
    assert_eq!(text("ko_sino(0)"), "영");
    for n in (1..=20_000u64).chain((0..2000).map(|k| 1 + k * 7_654_321)) {
        let got = numeral::sino(n as i64).expect("non-negative");
        assert_eq!(got, sino_by_hand(n), "{n}");
    }
    for (n, reading) in [
        (10, "십"),
        (11, "십일"),
        (32, "삼십이"),
        (110, "백십"),
        (1000, "천"),
        (2024, "이천이십사"),
        (10_000, "만"),
        (12_000, "만 이천"),
        (110_000, "십일만"),
        (100_000_000, "일억"),
        (100_010_000, "일억 일만"),
    ] {
        assert_eq!(text(&format!("ko_sino({n})")), reading, "{n}");
    }
}

#[test]
fn sino_readings_end_in_the_sound_the_particle_rules_give_digits() {
    for n in (0..=100_000u64).chain((0..1000).map(|k| k * 99_999_989)) {
        let reading = numeral::sino(n as i64).expect("non-negative");
        assert_eq!(
            final_sound(&reading),
            number_final_sound(&n.to_string()),
            "{n} read {reading}"
        );
    }
}
