//! The expression language: each case's expected value was worked out by hand.

use crate::common::NoFns;
use puzzlec::eval::{Env, EvalErrorKind, Interp, Sampler, Value};
use puzzlec::source::SourceFile;
use puzzlec::syntax::parse_expr;

/// A sampler that always draws the smallest choice, to test sampling syntax.
struct Lowest;

impl Sampler for Lowest {
    fn below(&mut self, _: u64) -> u64 {
        0
    }
    fn pick_indices(&mut self, _: usize, k: usize) -> Vec<usize> {
        (0..k).collect()
    }
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        (0..n).rev().collect()
    }
    fn weighted(&mut self, _: &[u64]) -> Result<usize, String> {
        Ok(0)
    }
}

fn eval(text: &str) -> Result<Value, EvalErrorKind> {
    let source = SourceFile::new("expr", text);
    let expr = parse_expr(&source).unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    let mut sampler = Lowest;
    Interp::new(&NoFns, Some(&mut sampler))
        .eval(&expr, &Env::new())
        .map_err(|e| e.into_parts().kind)
}

fn show(text: &str) -> String {
    match eval(text) {
        Ok(v) => format!("{v:?}"),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn arithmetic_is_checked_and_floors() {
    let cases = [
        ("1 + 2 * 3", "7"),
        ("(1 + 2) * 3", "9"),
        ("-7 / 2", "-4"),
        ("-7 % 2", "1"),
        ("7 % -2", "-1"),
        ("7 / -2", "-4"),
        ("div(7, 2) + mod(-1, 5)", "7"),
        ("2 - 3 - 4", "-5"),
        ("pow(2, 10)", "1024"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("abs(-5) + sign(-3)", "4"),
        ("1_000 * 3", "3000"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    assert!(matches!(
        eval("9223372036854775807 + 1"),
        Err(EvalErrorKind::Overflow(_))
    ));
    assert!(matches!(
        eval("pow(10, 19)"),
        Err(EvalErrorKind::Overflow(_))
    ));
    assert!(matches!(
        eval("-9223372036854775808 / -1"),
        Err(EvalErrorKind::Overflow(_))
    ));
    assert!(matches!(eval("1 / 0"), Err(EvalErrorKind::DivideByZero)));
    assert!(matches!(eval("5 % 0"), Err(EvalErrorKind::DivideByZero)));
}

#[test]
fn booleans_comparisons_and_membership() {
    let cases = [
        ("1 < 2 and 2 <= 2", "true"),
        ("not 1 == 1 or false", "false"),
        ("3 in [1, 2, 3]", "true"),
        ("4 not in 1..4", "true"),
        ("\"ab\" in \"cabd\"", "true"),
        ("\"b\" < \"ab\"", "false"),
        ("[1, 2] < [1, 3]", "true"),
        ("(1, \"x\") == (1, \"x\")", "true"),
        ("false and 1 / 0 == 0", "false"),
        ("if 2 > 1 then \"yes\" else \"no\"", "\"yes\""),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    assert!(matches!(eval("1 < \"a\""), Err(EvalErrorKind::Type { .. })));
    assert!(matches!(
        eval("1 and true"),
        Err(EvalErrorKind::Type { .. })
    ));
}

#[test]
fn lists_comprehensions_and_ranges() {
    let cases = [
        ("1..4", "[1, 2, 3]"),
        ("1..=4", "[1, 2, 3, 4]"),
        ("5..2", "[]"),
        ("[x * x for x in 1..=4 if x % 2 == 0]", "[4, 16]"),
        ("[(a, b) for a in 1..3, b in [\"x\"]]", "[(1, x), (2, x)]"),
        ("[1, 2] + [3]", "[1, 2, 3]"),
        ("sum([x for x in range(10)])", "45"),
        ("sort([3, 1, 2])", "[1, 2, 3]"),
        (
            "sort_by([\"bb\", \"a\", \"ccc\"], |s| -len(s))",
            "[\"ccc\", \"bb\", \"a\"]",
        ),
        ("argsort([30, 10, 20])", "[1, 2, 0]"),
        (
            "zip([1, 2, 3], \"ab\")",
            "error: expected a list, found string \"ab\"",
        ),
        ("transpose([[1, 2], [3, 4]])", "[[1, 3], [2, 4]]"),
        ("chunks([1, 2, 3, 4, 5], 2)", "[[1, 2], [3, 4], [5]]"),
        ("rotate([1, 2, 3], 1)", "[2, 3, 1]"),
        ("rotate(\"abc\", -1)", "\"cab\""),
        ("fold([1, 2, 3], 10, |acc, x| acc * 10 + x)", "10123"),
        ("unique([2, 1, 2, 3, 1])", "[2, 1, 3]"),
        ("[1, 2, 3][2]", "3"),
        ("take([1, 2, 3], 5)", "[1, 2, 3]"),
        ("count([1, 2, 1], 1) + count(1..10, |x| x > 7)", "4"),
        ("let (a, b) = (1, 2) in a * 10 + b", "12"),
        ("let f = (|x| x + 1) in f(f(1))", "3"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    assert!(matches!(
        eval("[1, 2][2]"),
        Err(EvalErrorKind::IndexOutOfRange {
            index: 2,
            len: 2,
            ..
        })
    ));
    assert!(matches!(
        eval("[1][-1]"),
        Err(EvalErrorKind::IndexOutOfRange { .. })
    ));
    assert!(matches!(
        eval("0..100000000"),
        Err(EvalErrorKind::OutOfFuel { .. })
    ));
    assert!(matches!(eval("first([])"), Err(EvalErrorKind::Invalid(_))));
}

#[test]
fn maps_keep_insertion_order() {
    let cases = [
        ("{b: 1, a: 2}", "{b: 1, a: 2}"),
        (
            "keys({z: 1, of: 2, \"x y\": 3})",
            "[\"z\", \"of\", \"x y\"]",
        ),
        ("{a: 1}.a + {a: 1}[\"a\"]", "2"),
        ("insert({a: 1}, \"b\", 2)", "{a: 1, b: 2}"),
        ("get({a: 1}, \"c\", 0)", "0"),
        ("group_count(\"abca\")", "{a: 2, b: 1, c: 1}"),
        (
            "group_sum([\"a\", \"b\", \"a\"], [1, 2, 3])",
            "{a: 4, b: 2}",
        ),
        ("group_sum([2, 1, 2, 2], [5, -1, 0, 7])", "{2: 12, 1: -1}"),
        ("group_sum([], [])", "{}"),
        ("(1, 2).1", "2"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    assert!(matches!(
        eval("{a: 1}.b"),
        Err(EvalErrorKind::MissingKey(_))
    ));
    assert!(matches!(
        eval("group_sum([1, 2], [3])"),
        Err(EvalErrorKind::Invalid(_))
    ));
    assert!(matches!(
        eval("group_sum([1, 1], [9223372036854775807, 1])"),
        Err(EvalErrorKind::Overflow(_))
    ));
}

#[test]
fn strings_are_unicode_characters() {
    let cases = [
        ("len(\"한글abc\")", "5"),
        ("\"한글\"[1]", "\"글\""),
        ("reverse(\"가나다\")", "\"다나가\""),
        ("upper(\"abc\") + lower(\"XY\")", "\"ABCxy\""),
        ("join([1, 2, 3], \"-\")", "\"1-2-3\""),
        ("split(\"a,b\", \",\")", "[\"a\", \"b\"]"),
        ("\"{1 + 1} and {{braces}}\"", "\"2 and {braces}\""),
        (
            "\"{\"사과\":을} {\"배\":을} {3:은} {\"서울\":으로} {\"집\":로}\"",
            "\"사과를 배를 3은 서울로 집으로\"",
        ),
        ("shift_initial(\"한글\", 1)", "\"간끌\""),
        ("decompose(\"닭\")", "(3, 0, 9)"),
        ("compose(18, 0, 4)", "\"한\""),
        ("jamo(\"닭\")", "[\"ㄷ\", \"ㅏ\", \"ㄺ\"]"),
        ("josa(\"R\", \"으로\")", "\"R로\""),
        ("commas(-1234567)", "\"-1,234,567\""),
        ("plural(2, \"box\")", "\"2 boxes\""),
        ("ordinal(12)", "\"12th\""),
        ("pad_left(\"7\", 3, \"0\")", "\"007\""),
        ("letter(letter_index(\"z\") + 1)", "\"A\""),
        ("digits(-907)", "[9, 0, 7]"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    // A Latin word's final sound is its Korean reading's, which the spec must
    // give in `READINGS`; without one the particle cannot be chosen.
    assert!(show("\"{\"abc!\":을}\"").contains("final sound of the word is unknown"));
    assert!(matches!(
        eval("josa(\"?\", \"을\")"),
        Err(EvalErrorKind::Invalid(_))
    ));
}

#[test]
fn sampling_forms_draw_from_the_sampler() {
    // `Lowest` always takes the first choice (or reverses for permutations).
    let cases = [
        ("int in 5..=9", "5"),
        ("pick 2 of [7, 8, 9]", "[7, 8]"),
        ("one of [\"a\", \"b\"]", "\"a\""),
        ("weighted { \"x\": 3, \"y\": 1 }", "\"x\""),
        ("shuffle([1, 2, 3])", "[3, 2, 1]"),
        ("permutation(3)", "[2, 1, 0]"),
        ("coin(1, 2)", "true"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
    assert!(matches!(
        eval("pick 4 of [1, 2]"),
        Err(EvalErrorKind::Invalid(_))
    ));
    assert!(matches!(
        eval("int in 3..3"),
        Err(EvalErrorKind::Invalid(_))
    ));
}

#[test]
fn randomness_needs_a_sampler() {
    let source = SourceFile::new("expr", "int in 1..=3");
    let expr = parse_expr(&source).expect("parses");
    let result = Interp::new(&NoFns, None).eval(&expr, &Env::new());
    assert!(matches!(
        result.map_err(|e| e.into_parts().kind),
        Err(EvalErrorKind::NoRandomness)
    ));
}

/// `x in [literals]` is answered without building the list: it agrees with
/// searching the same list built by a call, for probes of every type.
#[test]
fn membership_in_a_literal_list_agrees_with_searching_a_built_one() {
    let lists = [
        "[1, 2, 3]",
        "[\"F\", \"M\", \"H\", \"W\"]",
        "[true]",
        "[1, \"1\", false, \"\"]",
        "[-4, 0]",
        "[\"가\", \"ab\"]",
    ];
    let probes = [
        "1", "3", "-4", "0", "7", "\"F\"", "\"W\"", "\"f\"", "\"1\"", "\"\"", "\"가\"", "true",
        "false", "[1]", "(1, 2)",
    ];
    let mut hits = 0;
    for list in lists {
        for probe in probes {
            for op in ["in", "not in"] {
                let fast = show(&format!("{probe} {op} {list}"));
                let built = show(&format!("{probe} {op} take({list}, 100)"));
                assert_eq!(fast, built, "{probe} {op} {list}");
                hits += usize::from(op == "in" && fast == "true");
            }
        }
    }
    assert!(hits >= 10, "probes found: {hits}");
}

/// A comprehension over a range walks its integers without building the
/// list; it yields what walking the built list yields, and fails where
/// building it fails (operands that are not integers, more values than a
/// list may hold), with the same message.
#[test]
fn comprehensions_over_ranges_agree_with_walking_a_built_list() {
    let ranges = [
        "0..5",
        "2..=4",
        "3..3",
        "5..2",
        "-2..=2",
        "1..\"a\"",
        "true..3",
        "0..99999999999",
        "9223372036854775806..=9223372036854775807",
    ];
    let bodies = [
        "[x for x in R]",
        "[x * y for x in R, y in 0..3 if x != y]",
        "[[x, y] for x in R for y in x..=2]",
        "len([0 for _ in R])",
    ];
    let mut lists = 0;
    for r in ranges {
        for body in bodies {
            let direct = show(&body.replace('R', r));
            let built = show(&body.replace('R', &format!("take({r}, 99999999999)")));
            assert_eq!(direct, built, "{body} over {r}");
            lists += usize::from(!direct.starts_with("error"));
        }
    }
    assert!(lists >= 20, "{lists} bodies evaluated");
}

/// `unique` and `group_sum` (which find equal keys by hash) agree with
/// their definitions written as scans in the language, on random lists of
/// integers, strings, lists and tuples; and `group_sum` reports the first
/// failure in the values' order.
#[test]
fn unique_and_group_sum_agree_with_scans() {
    const POOL: [&str; 7] = ["1", "2", "\"a\"", "\"b\"", "[1]", "[1, 2]", "(1, 2)"];
    let mut rng = crate::common::XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..150 {
        let n = rng.below(9);
        let keys: Vec<&str> = (0..n).map(|_| POOL[rng.below(POOL.len())]).collect();
        let values: Vec<String> = (0..n)
            .map(|_| (rng.below(21) as i64 - 10).to_string())
            .collect();
        let (k, v) = (keys.join(", "), values.join(", "));
        let text = format!(
            "let K = [{k}] in let V = [{v}] in \
             let firsts = [x for (i, x) in enumerate(K) if not (x in take(K, i))] in \
             unique(K) == firsts and \
             group_sum(K, V) == to_map([(x, sum([w for (y, w) in zip(K, V) if y == x])) for x in firsts])"
        );
        assert_eq!(show(&text), "true", "{text}");
    }
    // A value that is not an integer before a sum that overflows.
    assert!(!matches!(
        eval("group_sum([1, 2, 1], [9223372036854775807, \"x\", 1])"),
        Err(EvalErrorKind::Overflow(_)) | Ok(_)
    ));
    assert!(matches!(
        eval("group_sum([1, 2, 1], [9223372036854775807, 0, 1])"),
        Err(EvalErrorKind::Overflow(_))
    ));
}

#[test]
fn grouping_keeps_first_seen_order() {
    let cases = [
        (
            "keys(group_by([3, 10, 4, 11], |x| x % 2)) == [1, 0]",
            "true",
        ),
        (
            "values(group_by([3, 10, 4, 11], |x| x % 2)) == [[3, 11], [10, 4]]",
            "true",
        ),
        ("len(group_by([], |x| x))", "0"),
        (
            "group_by([\"ab\", \"c\", \"de\"], |s| len(s))[2] == [\"ab\", \"de\"]",
            "true",
        ),
        (
            "keys(group_count([\"a\", \"b\", \"a\", [1], [1]])) == [\"a\", \"b\", [1]]",
            "true",
        ),
        (
            "values(group_count([\"a\", \"b\", \"a\", [1], [1]])) == [2, 1, 2]",
            "true",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
}
