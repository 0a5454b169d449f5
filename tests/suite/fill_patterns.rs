//! `fill_in(pattern, values)`: markers in run-time strings filled with the
//! particle rules of templates; malformed literal patterns are check errors,
//! and a key a computed map lacks is a located run-time error.

use miette::Diagnostic;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::generate;
use puzzlec::render::fill::{fill, FillError};
use puzzlec::render::particle::Readings;
use puzzlec::source::SourceFile;

/// A Korean-only spec whose generate block is `body` and whose template
/// shows `sentence`.
fn spec(body: &str) -> String {
    format!(
        r#"
puzzle filled
title en "Filled" ko "채우기"
family korean_only
lever n: int in 0..=3
tier easy {{ n = 0..=3 }}
let NAMES = ["사과", "책", "서울", "USB"]
let PATTERNS = ["{{{{x:은}}}} {{{{y:이고}}}}, {{{{x:을}}}} {{{{y:으로}}}} 옮긴다.", "{{{{x}}}}{{{{{{{{}}}}}}}}"]
generate {{
{body}
}}
answer exact = sentence
template ko "{{sentence}} 정답: 문장"
"#
    )
}

fn compile_text(text: &str) -> Result<puzzlec::check::program::Program, String> {
    let source = SourceFile::new("filled.puzzle", text.to_string());
    compile(&source).map_err(|e| render_plain(&e.diagnostics(), 100))
}

#[test]
fn patterns_from_data_take_the_fitting_particles() {
    let text = spec(r#"  let sentence = fill_in(PATTERNS[0], {x: NAMES[n], y: NAMES[3 - n]})"#);
    let p = compile_text(&text).unwrap_or_else(|e| panic!("{e}"));
    let expected = [
        "사과는 USB고, 사과를 USB로 옮긴다.",
        "책은 서울이고, 책을 서울로 옮긴다.",
        "서울은 책이고, 서울을 책으로 옮긴다.",
        "USB는 사과고, USB를 사과로 옮긴다.",
    ];
    let mut seen = [false; 4];
    for i in 0..40 {
        let item = generate(&p, "easy", i, 7).expect("generates");
        let n = item.levers["n"].as_u64().unwrap() as usize;
        assert_eq!(item.answer, expected[n], "item {i}");
        seen[n] = true;
    }
    assert_eq!(seen, [true; 4]);
}

#[test]
fn the_library_function_agrees_with_templates() {
    let none = Readings::default();
    let value = |k: &str| match k {
        "a" => Some("학생".to_string()),
        "b" => Some("의사".to_string()),
        "n" => Some("7".to_string()),
        _ => None,
    };
    assert_eq!(
        fill("{a:이므로} {b:예요}, {n:이었다}, {{a}}", value, &none).as_deref(),
        Ok("학생이므로 의사예요, 7이었다, {a}")
    );
    assert_eq!(
        fill("{c}", value, &none),
        Err(FillError::Missing { key: "c".into() })
    );
    assert_eq!(
        fill("{a:의}", value, &none),
        Err(FillError::Particle {
            particle: "의".into()
        })
    );
}

#[test]
fn a_literal_pattern_is_checked_at_check_time() {
    for (body, needle) in [
        (
            r#"  let sentence = fill_in("{{x:에}} 간다", {x: "집"})"#,
            "unknown particle",
        ),
        (
            r#"  let sentence = fill_in("{{x:은}} {{z}}", {x: "집"})"#,
            "the key `z` is not in the map",
        ),
        (
            r#"  let sentence = fill_in("{{x 간다", {x: "집"})"#,
            "unbalanced brace",
        ),
    ] {
        let err = compile_text(&spec(body)).expect_err(body);
        assert!(
            err.contains("puzzlec::check::fill_pattern"),
            "{body}: {err}"
        );
        assert!(err.contains(needle), "{body}: {err}");
    }
}

#[test]
fn a_key_a_computed_map_lacks_is_a_located_run_time_error() {
    let text = spec(
        r#"  let values = to_map([("x", NAMES[n])])
  let sentence = fill_in(PATTERNS[0], values)"#,
    );
    let p = compile_text(&text).unwrap_or_else(|e| panic!("{e}"));
    let err = generate(&p, "easy", 0, 1).expect_err("y is missing");
    let code = err.code().map(|c| c.to_string()).unwrap_or_default();
    let shown = format!("{err}");
    assert!(code.starts_with("puzzlec::"), "{code}");
    let rendered = render_plain(&[&err as &dyn Diagnostic], 100);
    assert!(rendered.contains("fill_in"), "{rendered}");
    assert!(rendered.contains("`y` has no value"), "{shown}\n{rendered}");
    assert!(rendered.contains("filled.puzzle"), "{rendered}");
}
