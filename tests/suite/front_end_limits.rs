//! Regression tests for the front end's limits (issue 14): deep nesting, long
//! operator chains, a backslash before a multibyte character, and labels past
//! column 65,535. Each case is generated from the scaffold, must fail with a
//! located diagnostic (never a panic or a stack overflow), and its rendering
//! without colour at a fixed width is snapshotted as
//! `tests/snapshots/front_end_limits__<case>.snap`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use miette::Diagnostic;
use puzzlec::compile::{compile, render_plain, SpecError};
use puzzlec::source::SourceFile;
use puzzlec::syntax::MAX_EXPR_DEPTH;

/// The rendering width of every snapshot.
const WIDTH: usize = 100;

/// The stack of a build's worker thread (Rust's default for spawned
/// threads), the smallest the front end and the evaluator run on.
const WORKER_STACK: usize = 2 << 20;

/// The scaffold of `puzzlec new` with `total` defined as `value`.
fn spec_with_total(value: &str) -> String {
    include_str!("../../src/cli/scaffold.puzzle")
        .replace("NAME", "limits")
        .replace("let total = sum(xs)", &format!("let total = {value}"))
}

/// Compiles `text` as `NAME.puzzle`, catching panics.
fn compile_caught(name: &str, text: String) -> Result<(), String> {
    let source = SourceFile::new(format!("{name}.puzzle"), text);
    match catch_unwind(AssertUnwindSafe(|| {
        compile(&source).map(|_| ()).map_err(Box::new)
    })) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(render_error(&e)),
        Err(_) => panic!("{name}: compile panicked"),
    }
}

fn render_error(e: &SpecError) -> String {
    let text = catch_unwind(AssertUnwindSafe(|| render_plain(&e.diagnostics(), WIDTH)));
    text.unwrap_or_else(|_| panic!("rendering the diagnostic panicked"))
}

/// Compiles `text` on a thread with a build worker's stack and asserts that
/// it fails with a diagnostic of code `code` located in `NAME.puzzle`; the
/// rendering is snapshotted.
fn assert_refused(name: &str, text: String, code: &str) {
    let owned = name.to_string();
    let outcome = std::thread::Builder::new()
        .stack_size(WORKER_STACK)
        .spawn(move || compile_caught(&owned, text))
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("{name}: the front end crashed"));
    let rendered = match outcome {
        Ok(()) => panic!("{name}: compiled, but it must be refused"),
        Err(r) => r,
    };
    assert!(
        rendered.contains(code),
        "{name}: expected {code}:\n{rendered}"
    );
    assert!(
        rendered.contains(&format!("{name}.puzzle:")),
        "{name}: the diagnostic is not located:\n{rendered}"
    );
    assert!(
        rendered.lines().all(|l| l.chars().count() <= 2 * WIDTH),
        "{name}: a rendered line is not elided:\n{rendered}"
    );
    insta::with_settings!({
        prepend_module_to_snapshot => false,
        snapshot_path => "../snapshots",
        omit_expression => true,
    }, {
        insta::assert_snapshot!(format!("front_end_limits__{name}"), rendered);
    });
}

/// `n` nested `if c then ... else 0` around `0`, in parentheses.
fn nested_ifs(n: usize) -> String {
    format!("({}0{})", "if true then ".repeat(n), " else 0".repeat(n))
}

/// `n` nested `let a = 1 in ...` around `a`, in parentheses.
fn nested_lets(n: usize) -> String {
    format!("({}a)", "let a = 1 in ".repeat(n))
}

/// `len([...])` of one function nested `n` lambdas deep.
fn nested_lambdas(n: usize) -> String {
    format!("len([{}0])", "|x| ".repeat(n))
}

/// `1 + 1 + ... + 1` with `n` terms.
fn chain(n: usize) -> String {
    vec!["1"; n].join(" + ")
}

#[test]
fn two_thousand_nested_ifs_are_refused() {
    assert_refused(
        "nested_if_2000",
        spec_with_total(&nested_ifs(2000)),
        "puzzlec::syntax::too_many_open_keywords",
    );
}

#[test]
fn two_thousand_nested_lets_are_refused() {
    assert_refused(
        "nested_let_2000",
        spec_with_total(&nested_lets(2000)),
        "puzzlec::syntax::too_many_open_keywords",
    );
}

#[test]
fn three_thousand_nested_lambdas_are_refused() {
    assert_refused(
        "nested_lambda_3000",
        spec_with_total(&nested_lambdas(3000)),
        "puzzlec::syntax::too_many_open_keywords",
    );
}

#[test]
fn five_hundred_nested_ifs_pass_the_parser_and_stop_at_lowering() {
    assert_refused(
        "nested_if_500",
        spec_with_total(&nested_ifs(500)),
        "puzzlec::syntax::expression_too_deep",
    );
}

#[test]
fn a_2500_term_sum_is_refused_before_it_reaches_the_evaluator() {
    assert_refused(
        "sum_chain_2500",
        spec_with_total(&chain(2500)),
        "puzzlec::syntax::expression_too_deep",
    );
}

#[test]
fn ten_thousand_nots_and_minus_signs_are_refused() {
    assert_refused(
        "not_chain_10000",
        spec_with_total(&format!("(if {}true then 1 else 0)", "not ".repeat(10_000))),
        "puzzlec::syntax::expression_too_deep",
    );
    assert_refused(
        "minus_chain_10000",
        spec_with_total(&format!("{}xs[0]", "-".repeat(10_000))),
        "puzzlec::syntax::expression_too_deep",
    );
}

#[test]
fn ten_thousand_else_ifs_are_refused() {
    let chain = format!(
        "  if true {{ let t = 1 }}{}\n",
        " else if true { let t = 1 }".repeat(10_000)
    );
    let text = spec_with_total("sum(xs)").replace("  step en", &format!("{chain}  step en"));
    assert_refused(
        "else_if_chain_10000",
        text,
        "puzzlec::syntax::too_many_open_keywords",
    );
    let chain = format!(
        "  if true {{ let t = 1 }}{}\n",
        " else if true { let t = 1 }".repeat(600)
    );
    let text = spec_with_total("sum(xs)").replace("  step en", &format!("{chain}  step en"));
    assert_refused(
        "else_if_chain_600",
        text,
        "puzzlec::syntax::expression_too_deep",
    );
}

/// Compiles `text` and generates item 0 of tier `hard`, all on a thread with
/// a build worker's stack; returns the item's answer.
fn generate_on_worker_stack(text: String) -> String {
    std::thread::Builder::new()
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let source = SourceFile::new("deep.puzzle", text);
            let program = compile(&source).unwrap_or_else(|e| {
                panic!("must compile:\n{}", render_plain(&e.diagnostics(), WIDTH))
            });
            let item = puzzlec::gen::generate(&program, "hard", 0, 1)
                .unwrap_or_else(|e| panic!("must generate: {e}"));
            item.answer.clone()
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("checking or generating crashed on a worker stack"))
}

#[test]
fn expressions_at_the_depth_limit_check_and_generate_on_a_worker_stack() {
    // A chain of n terms is n levels deep: the limit is accepted, one more
    // term is refused.
    let answer = generate_on_worker_stack(spec_with_total(&chain(MAX_EXPR_DEPTH)));
    assert_eq!(answer, MAX_EXPR_DEPTH.to_string());
    let refused = compile_caught("over", spec_with_total(&chain(MAX_EXPR_DEPTH + 1)));
    assert!(
        refused.is_err_and(|r| r.contains("expression_too_deep")),
        "one term over the limit must be refused"
    );
    let answer = generate_on_worker_stack(spec_with_total(&nested_ifs(MAX_EXPR_DEPTH - 8)));
    assert_eq!(answer, "0");
    let answer = generate_on_worker_stack(spec_with_total(&format!(
        "{} + 1",
        nested_lets(MAX_EXPR_DEPTH - 8)
    )));
    assert_eq!(answer, "2");
}

#[test]
fn backslash_before_a_multibyte_character_is_a_diagnostic() {
    // The issue's reproduction: a file of `"`, `\` and `é`.
    let outcome = compile_caught("backslash_eacute", "\"\\\u{e9}".to_string());
    let rendered = outcome.expect_err("must not compile");
    assert!(rendered.contains("backslash_eacute.puzzle:"), "{rendered}");
    // And inside a Korean template.
    let text = spec_with_total("sum(xs)").replace("합은 얼마", "합은\\얼마");
    assert_refused(
        "backslash_before_hangul",
        text,
        "puzzlec::syntax::unexpected",
    );
}

#[test]
fn a_label_past_column_65536_is_drawn_on_an_elided_line() {
    let long = format!("\"{}\" + y", "a".repeat(70_000));
    assert_refused(
        "label_at_column_70000",
        spec_with_total(&long),
        "puzzlec::check::",
    );
    let long = format!("\"{}\" + )", "한".repeat(40_000));
    assert_refused(
        "parse_error_at_column_40000_after_hangul",
        spec_with_total(&long),
        "puzzlec::syntax::unexpected",
    );
}

#[test]
fn a_long_unknown_name_is_shortened_in_the_message() {
    let name = "x".repeat(5_000);
    let rendered = compile_caught("long_name", spec_with_total(&name)).expect_err("unknown name");
    assert!(rendered.contains('…'), "{rendered}");
    assert!(
        rendered.len() < 4_000,
        "{} bytes:\n{rendered}",
        rendered.len()
    );
}

#[test]
fn elision_keeps_short_lines_and_labels_unchanged() {
    let source = SourceFile::new("short.puzzle", spec_with_total("y"));
    let error = compile(&source).expect_err("unknown name");
    let plain =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(WIDTH);
    for d in error.diagnostics() {
        let mut direct = String::new();
        plain.render_report(&mut direct, d).expect("render");
        let mut elided = String::new();
        plain
            .render_report(&mut elided, &puzzlec::compile::elide(d) as &dyn Diagnostic)
            .expect("render");
        assert_eq!(direct, elided);
    }
}
