//! The compile stage's lowering: names resolve to the slots, captures and
//! functions the evaluator's lookup order gives, and the lowered code
//! charges the budget node for node (expected values worked out by hand).

use puzzlec::check::program::Program;
use puzzlec::compile::code::{Op, Unit};
use puzzlec::compile::lower::lower_root;
use puzzlec::eval::{Env, Fuel, Interp, Value};
use puzzlec::source::SourceFile;
use puzzlec::syntax::parse_expr;
use std::rc::Rc;

const SPEC: &str = r#"
puzzle lowering
title en "Lowering" ko "낮추기"
family direct

lever n: int in 1..=9
tier easy { n = 3 }

let K = 10

fn twice(x) = x * 2
fn add_k(x) = x + K
fn fact(x) = if x <= 1 then 1 else x * fact(x - 1)
fn shadow(len) = len + 1
fn scaled(xs) = map(xs, |x| x * K + n)
fn adder(a) = |b| |c| a + b + c

answer int = n
template en "What is n?"
template ko "n은 무엇입니까?"
"#;

fn program() -> Program {
    let source = SourceFile::new("lowering.puzzle", SPEC);
    puzzlec::compile::compile(&source).unwrap_or_else(|e| panic!("the spec compiles: {e}"))
}

fn globals() -> Env {
    Env::new()
        .bind("n", Value::Int(3))
        .bind("K", Value::Int(10))
}

/// `text` evaluated against the spec's functions, in `env`, with the
/// steps it spent.
fn run(program: &Program, text: &str, env: &Env) -> (String, u64) {
    let source = SourceFile::new("expr", text);
    let expr = parse_expr(&source).unwrap_or_else(|e| panic!("`{text}` parses: {e}"));
    let fuel = Rc::new(Fuel::default());
    let mut interp = Interp::new(program, None)
        .with_globals(globals())
        .with_fuel(fuel.clone());
    let shown = match interp.eval(&expr, env) {
        Ok(v) => format!("{v:?}"),
        Err(e) => format!("error: {}", e.kind),
    };
    (shown, fuel.usage().steps)
}

fn lowered(text: &str) -> Unit {
    let source = SourceFile::new("expr", text);
    lower_root(&parse_expr(&source).expect("parses"))
}

#[test]
fn locals_take_slots_and_outer_names_stay_free() {
    let unit = lowered("let x = 1 in [x + y for y in ys if y > z]");
    assert_eq!(unit.locals, 2, "x and y");
    let free: Vec<&str> = unit.free.iter().map(|n| &**n).collect();
    assert_eq!(free, ["ys", "z"]);
    // Shadowing gives the inner binding a slot of its own.
    let unit = lowered("let x = 1 in let x = x + 1 in x");
    assert_eq!(unit.locals, 2);
    assert!(unit.free.is_empty());
    let Op::Let(_, _, body) = &unit.body.op else {
        panic!("a let")
    };
    let Op::Let(_, value, inner) = &body.op else {
        panic!("a let")
    };
    assert!(
        matches!(value_left(value), Op::Local(0)),
        "x + 1 reads the outer x"
    );
    assert!(
        matches!(inner.op, Op::Local(1)),
        "the body reads the inner x"
    );
}

fn value_left(code: &puzzlec::compile::code::Code) -> &Op {
    match &code.op {
        Op::Binary(_, a, _) => &a.op,
        other => other,
    }
}

#[test]
fn lambdas_capture_enclosing_locals_through_every_level() {
    let unit = lowered("let a = 1 in |x| |y| a + x + y");
    let Op::Let(_, _, body) = &unit.body.op else {
        panic!("a let")
    };
    let Op::Lambda(outer) = &body.op else {
        panic!("a lambda")
    };
    // x is slot 0; `a` is captured from the root's slot 0 into slot 1.
    assert_eq!(outer.params, 1);
    assert_eq!(outer.captures, [(0, 1)]);
    let Op::Lambda(inner) = &outer.unit.body.op else {
        panic!("a lambda")
    };
    // y is slot 0; `a` comes from the outer lambda's slot 1, x from its 0.
    assert_eq!(inner.captures, [(1, 1), (0, 2)]);
    assert!(inner.unit.free.is_empty() && outer.unit.free.is_empty());
}

#[test]
fn names_resolve_in_the_evaluators_order() {
    let p = program();
    let env = Env::new();
    let cases = [
        ("twice(21)", "42"),
        ("add_k(5)", "15"),
        ("fact(10)", "3628800"),
        // A parameter named like a builtin is the parameter.
        ("shadow(4)", "5"),
        // A lambda inside a function sees the levers and constants.
        ("scaled([1, 2])", "[13, 23]"),
        ("adder(1)(20)(300)", "321"),
        // Closures keep the value of each iteration's binding.
        ("[f(1) for f in [|x| x + i for i in [10, 20]]]", "[11, 21]"),
        ("let (a, (b, _)) = (1, (2, 3)) in [a, b]", "[1, 2]"),
        ("let len = 7 in len", "7"),
    ];
    for (text, expected) in cases {
        assert_eq!(run(&p, text, &env).0, expected, "{text}");
    }
    // A statement's binding wins over a function or builtin of that name.
    let bound = Env::new()
        .bind("twice", Value::Int(5))
        .bind("len", Value::Int(6));
    assert_eq!(run(&p, "[twice, len]", &bound).0, "[5, 6]");
    assert_eq!(run(&p, "[twice(1), len([1])]", &env).0, "[2, 1]");
    let (shown, _) = run(&p, "nowhere + 1", &env);
    assert!(shown.contains("nowhere"), "{shown}");
}

#[test]
fn calls_charge_one_step_per_node_as_before() {
    let p = program();
    let env = Env::new();
    // Call, callee name, argument: 3; the body `x * 2`: 3.
    assert_eq!(run(&p, "twice(21)", &env).1, 6);
    // Call, callee, list, two ints: 5; the builtin reads 2 elements.
    assert_eq!(run(&p, "len([1, 2])", &env).1, 7);
    // The same through a function value bound by a statement.
    let bound = Env::new().bind("f", run_value(&p, "twice"));
    assert_eq!(run(&p, "f(21)", &bound).1, 6);
    // let (1) + value (1) + body: comprehension (1) + source list (1 + 2)
    // + one step per element (2) + head `x + y` twice (3 each).
    assert_eq!(run(&p, "let y = 1 in [x + y for x in [1, 2]]", &env).1, 14);
}

fn run_value(program: &Program, text: &str) -> Value {
    let source = SourceFile::new("expr", text);
    let expr = parse_expr(&source).expect("parses");
    Interp::new(program, None)
        .with_globals(globals())
        .eval(&expr, &Env::new())
        .expect("evaluates")
}
