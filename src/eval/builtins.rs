//! The standard library callable from specs. `BUILTINS` is the one table
//! the checker (names, arity) and the evaluator (dispatch) share;
//! `docs/language.md` lists the same functions.

use super::error::{EvalError, EvalErrorKind as K, EvalResult};
use super::interp::{
    binary_values, describe, expect_bool, expect_int, expect_list, expect_str, iter_values,
    type_error, Interp,
};
use super::symops;
use super::value::Value;
use crate::render::{format, particle};
use crate::span::Span;
use crate::stdlib::hangul;
use crate::syntax::ast::BinOp;
use std::rc::Rc;

/// The result of a builtin as far as it is known without its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returns {
    /// An int.
    Int,
    /// A bool.
    Bool,
    /// A string.
    Str,
    /// A list of ints.
    IntList,
    /// A list of strings.
    StrList,
    /// A list of tuples.
    TupleList,
    /// A list of anything.
    List,
    /// A tuple.
    Tuple,
    /// A map.
    Map,
    /// Depends on the arguments.
    Any,
}

/// A builtin function's name, arity, result and one-line description.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The name specs call it by.
    pub name: &'static str,
    /// Fewest arguments.
    pub min: usize,
    /// Most arguments.
    pub max: usize,
    /// What it returns, when that does not depend on its arguments.
    pub returns: Returns,
    /// The signature as documented.
    pub signature: &'static str,
    /// Whether it draws random numbers (allowed only in `generate`).
    pub random: bool,
    /// Whether it measures the constraint model (allowed only in
    /// `generate`).
    pub model: bool,
}

const fn b(
    name: &'static str,
    min: usize,
    max: usize,
    returns: Returns,
    signature: &'static str,
) -> Builtin {
    Builtin {
        name,
        min,
        max,
        returns,
        signature,
        random: false,
        model: false,
    }
}

const fn r(
    name: &'static str,
    min: usize,
    max: usize,
    returns: Returns,
    signature: &'static str,
) -> Builtin {
    Builtin {
        random: true,
        ..b(name, min, max, returns, signature)
    }
}

const fn m(
    name: &'static str,
    min: usize,
    max: usize,
    returns: Returns,
    signature: &'static str,
) -> Builtin {
    Builtin {
        model: true,
        ..b(name, min, max, returns, signature)
    }
}

/// Every builtin, in documentation order.
pub const BUILTINS: &[Builtin] = &[
    // lists
    b(
        "len",
        1,
        1,
        Returns::Int,
        "len(xs) -> int: elements of a list/tuple/map, characters of a string",
    ),
    b("sum", 1, 1, Returns::Int, "sum(xs) -> int"),
    b("product", 1, 1, Returns::Int, "product(xs) -> int"),
    b("min", 1, 2, Returns::Any, "min(xs) or min(a, b)"),
    b("max", 1, 2, Returns::Any, "max(xs) or max(a, b)"),
    b(
        "sort",
        1,
        1,
        Returns::List,
        "sort(xs) -> list in ascending order",
    ),
    b(
        "sort_by",
        2,
        2,
        Returns::List,
        "sort_by(xs, key) -> list, stable, ascending by key(x)",
    ),
    b("reverse", 1, 1, Returns::Any, "reverse(xs or s)"),
    b(
        "range",
        1,
        3,
        Returns::IntList,
        "range(n), range(a, b), range(a, b, step) -> list (b exclusive)",
    ),
    b(
        "zip",
        2,
        2,
        Returns::TupleList,
        "zip(xs, ys) -> list of tuples, as long as the shorter",
    ),
    b(
        "enumerate",
        1,
        1,
        Returns::TupleList,
        "enumerate(xs) -> list of (index, x)",
    ),
    b("map", 2, 2, Returns::List, "map(xs, f) -> list"),
    b("filter", 2, 2, Returns::List, "filter(xs, f) -> list"),
    b(
        "any",
        1,
        2,
        Returns::Bool,
        "any(bools) or any(xs, f) -> bool",
    ),
    b(
        "all",
        1,
        2,
        Returns::Bool,
        "all(bools) or all(xs, f) -> bool",
    ),
    b(
        "count",
        2,
        2,
        Returns::Int,
        "count(xs, x_or_f) -> int: elements equal to x or satisfying f",
    ),
    b(
        "index_of",
        2,
        2,
        Returns::Int,
        "index_of(xs or s, x) -> int, -1 when absent",
    ),
    b(
        "contains",
        2,
        2,
        Returns::Bool,
        "contains(xs or s or map, x) -> bool",
    ),
    b(
        "unique",
        1,
        1,
        Returns::List,
        "unique(xs) -> list without repeats, first occurrences kept",
    ),
    b(
        "flatten",
        1,
        1,
        Returns::List,
        "flatten(list of lists) -> list",
    ),
    b(
        "concat",
        1,
        1,
        Returns::Str,
        "concat(list of strings) -> string",
    ),
    b("take", 2, 2, Returns::Any, "take(xs or s, n)"),
    b("drop", 2, 2, Returns::Any, "drop(xs or s, n)"),
    b(
        "slice",
        3,
        3,
        Returns::Any,
        "slice(xs or s, a, b): elements a..b",
    ),
    b("first", 1, 1, Returns::Any, "first(xs)"),
    b("last", 1, 1, Returns::Any, "last(xs)"),
    b(
        "chunks",
        2,
        2,
        Returns::List,
        "chunks(xs, n) -> list of lists of n (the last may be shorter)",
    ),
    b(
        "transpose",
        1,
        1,
        Returns::List,
        "transpose(rows) -> columns (rows of equal length)",
    ),
    b(
        "rotate",
        2,
        2,
        Returns::Any,
        "rotate(xs or s, k): left rotation by k (negative: right)",
    ),
    b(
        "repeat",
        2,
        2,
        Returns::Any,
        "repeat(x, n) -> list of n copies, or a string repeated",
    ),
    b(
        "set_at",
        3,
        3,
        Returns::List,
        "set_at(xs, i, x) -> a copy of xs with element i replaced",
    ),
    b(
        "argsort",
        1,
        1,
        Returns::IntList,
        "argsort(xs) -> indices that sort xs (stable)",
    ),
    b(
        "fold",
        3,
        3,
        Returns::Any,
        "fold(xs, init, f) -> f(...f(f(init, x0), x1)...)",
    ),
    b(
        "group_count",
        1,
        1,
        Returns::Map,
        "group_count(xs) -> map of value -> occurrences, first-seen order",
    ),
    b(
        "group_sum",
        2,
        2,
        Returns::Map,
        "group_sum(keys, values) -> map of key -> sum of its values, first-seen order",
    ),
    // exact optimisation
    b(
        "best_assignment",
        2,
        3,
        Returns::Map,
        "best_assignment(weights, query[, bonus]) -> { value, low, high, columns, optimal_columns }: rows to distinct columns, maximising the weight sum (+ bonus.add when the summed bonus.quantity reaches bonus.at_least); low/high: the query sum's range over all optimal assignments; optimal_columns: per row, every column it takes in some optimal assignment",
    ),
    // constraints (also plain values)
    b(
        "alldiff",
        1,
        1,
        Returns::Bool,
        "alldiff(xs) -> bool: pairwise different (a constraint over unknowns)",
    ),
    b(
        "connected",
        2,
        2,
        Returns::Bool,
        "connected(conds, edges) -> bool: the nodes whose condition holds form one connected subgraph of the graph `edges` (pairs of indices into conds); zero or one node is connected (over unknowns: a whole rule, checked lazily)",
    ),
    b(
        "implies",
        2,
        2,
        Returns::Bool,
        "implies(a, b) -> bool: not a or b",
    ),
    b(
        "iff",
        2,
        2,
        Returns::Bool,
        "iff(a, b) -> bool: a == b for conditions",
    ),
    b(
        "xor",
        2,
        2,
        Returns::Bool,
        "xor(a, b) -> bool: exactly one holds",
    ),
    b(
        "to_int",
        1,
        1,
        Returns::Int,
        "to_int(c) -> int: 1 if the condition holds, else 0 (over unknowns too)",
    ),
    // maps
    b("keys", 1, 1, Returns::List, "keys(m) -> list"),
    b("values", 1, 1, Returns::List, "values(m) -> list"),
    b("get", 3, 3, Returns::Any, "get(m, key, default)"),
    b(
        "insert",
        3,
        3,
        Returns::Map,
        "insert(m, key, value) -> a copy of m with key set",
    ),
    b(
        "to_map",
        1,
        1,
        Returns::Map,
        "to_map(list of (key, value)) -> map",
    ),
    // integers
    b("abs", 1, 1, Returns::Int, "abs(n)"),
    b("pow", 2, 2, Returns::Int, "pow(a, n), n >= 0"),
    b("div", 2, 2, Returns::Int, "div(a, b): floor division"),
    b("mod", 2, 2, Returns::Int, "mod(a, b): floor modulo"),
    b("sign", 1, 1, Returns::Int, "sign(n) -> -1, 0 or 1"),
    b(
        "digits",
        1,
        1,
        Returns::IntList,
        "digits(n) -> list of decimal digits of |n|",
    ),
    // strings
    b("str", 1, 1, Returns::Str, "str(x) -> its display text"),
    b(
        "int",
        1,
        1,
        Returns::Int,
        "int(s) -> the integer written in s",
    ),
    b(
        "chars",
        1,
        1,
        Returns::StrList,
        "chars(s) -> list of one-character strings",
    ),
    b(
        "join",
        1,
        2,
        Returns::Str,
        "join(xs, sep = \"\") -> string of the displayed elements",
    ),
    b(
        "split",
        2,
        2,
        Returns::StrList,
        "split(s, sep) -> list of strings",
    ),
    b("upper", 1, 1, Returns::Str, "upper(s)"),
    b("lower", 1, 1, Returns::Str, "lower(s)"),
    b("trim", 1, 1, Returns::Str, "trim(s)"),
    b(
        "trim_end",
        1,
        1,
        Returns::Str,
        "trim_end(s): without trailing whitespace",
    ),
    b("replace", 3, 3, Returns::Str, "replace(s, from, to)"),
    b(
        "starts_with",
        2,
        2,
        Returns::Bool,
        "starts_with(s, prefix) -> bool",
    ),
    b(
        "ends_with",
        2,
        2,
        Returns::Bool,
        "ends_with(s, suffix) -> bool",
    ),
    b("pad_left", 3, 3, Returns::Str, "pad_left(s, width, fill)"),
    b(
        "ord",
        1,
        1,
        Returns::Int,
        "ord(c) -> Unicode scalar value of a one-character string",
    ),
    b("chr", 1, 1, Returns::Str, "chr(n) -> one-character string"),
    b(
        "alphabet",
        0,
        0,
        Returns::Str,
        "alphabet() -> \"ABCDEFGHIJKLMNOPQRSTUVWXYZ\"",
    ),
    b(
        "letter_index",
        1,
        1,
        Returns::Int,
        "letter_index(c) -> 0..25 for A-Z or a-z",
    ),
    b(
        "letter",
        1,
        1,
        Returns::Str,
        "letter(i) -> the uppercase letter i mod 26",
    ),
    b(
        "is_letter",
        1,
        1,
        Returns::Bool,
        "is_letter(c) -> bool (ASCII A-Z or a-z)",
    ),
    // formatting
    b("commas", 1, 1, Returns::Str, "commas(n) -> \"1,234,567\""),
    b(
        "plural",
        2,
        3,
        Returns::Str,
        "plural(n, singular, plural?) -> \"1 apple\", \"2 apples\"",
    ),
    b(
        "ordinal",
        1,
        1,
        Returns::Str,
        "ordinal(n) -> \"1st\", \"2nd\", ...",
    ),
    b(
        "join_en",
        1,
        1,
        Returns::Str,
        "join_en(xs) -> \"a, b, and c\"",
    ),
    b("join_ko", 1, 1, Returns::Str, "join_ko(xs) -> \"a, b, c\""),
    b(
        "grid",
        1,
        2,
        Returns::Str,
        "grid(rows, sep = \" \") -> lines of cells",
    ),
    b(
        "table",
        2,
        2,
        Returns::Str,
        "table(header, rows) -> a Markdown table",
    ),
    b(
        "josa",
        2,
        2,
        Returns::Str,
        "josa(word, particle) -> word with 은/는, 이/가, 을/를, ... chosen by its final sound",
    ),
    // Hangul
    b(
        "initials",
        0,
        0,
        Returns::StrList,
        "initials() -> the 19 initial consonants in Unicode order",
    ),
    b(
        "medials",
        0,
        0,
        Returns::StrList,
        "medials() -> the 21 vowels in Unicode order",
    ),
    b(
        "finals",
        0,
        0,
        Returns::StrList,
        "finals() -> the 28 finals, \"\" first (no final)",
    ),
    b("is_syllable", 1, 1, Returns::Bool, "is_syllable(c) -> bool"),
    b(
        "decompose",
        1,
        1,
        Returns::Tuple,
        "decompose(c) -> (initial, medial, final) indices of a syllable",
    ),
    b(
        "compose",
        3,
        3,
        Returns::Any,
        "compose(i, m, f) -> the syllable with these indices",
    ),
    b(
        "jamo",
        1,
        1,
        Returns::StrList,
        "jamo(s) -> compatibility jamo of every syllable, in order",
    ),
    b(
        "shift_initial",
        2,
        2,
        Returns::Str,
        "shift_initial(s, k): every initial moved k places over the 19 initials",
    ),
    b(
        "shift_medial",
        2,
        2,
        Returns::Str,
        "shift_medial(s, k): every vowel moved k places over the 21 vowels",
    ),
    b(
        "shift_final",
        2,
        2,
        Returns::Str,
        "shift_final(s, k): every final moved k places over the 27 finals (no final stays none)",
    ),
    b("has_final", 1, 1, Returns::Bool, "has_final(c) -> bool"),
    b(
        "is_double_final",
        1,
        1,
        Returns::Bool,
        "is_double_final(f) -> bool for a final index (ㄲ ㅆ and compound finals)",
    ),
    // arithmetic text (exact fractions)
    b(
        "is_arith",
        1,
        1,
        Returns::Bool,
        "is_arith(s) -> bool: s is an arithmetic expression with a value",
    ),
    b(
        "arith_value",
        1,
        1,
        Returns::Tuple,
        "arith_value(s) -> (numerator, denominator) in lowest terms, denominator > 0",
    ),
    b(
        "arith_shape",
        1,
        1,
        Returns::Str,
        "arith_shape(s) -> s with numbers as `?`, operators as + - * /, no spaces",
    ),
    b(
        "arith_numbers",
        1,
        1,
        Returns::IntList,
        "arith_numbers(s) -> the numbers of s in the order written",
    ),
    // calendar: dates are (year, month, day) tuples
    b(
        "make_date",
        3,
        3,
        Returns::Tuple,
        "make_date(y, m, d) -> (y, m, d), an error if it is not a date",
    ),
    b("is_date", 3, 3, Returns::Bool, "is_date(y, m, d) -> bool"),
    b(
        "days_in_month",
        2,
        2,
        Returns::Int,
        "days_in_month(y, m) -> int",
    ),
    b(
        "add_days",
        2,
        2,
        Returns::Tuple,
        "add_days(date, n) -> date",
    ),
    b(
        "days_between",
        2,
        2,
        Returns::Int,
        "days_between(a, b) -> int: b minus a in days",
    ),
    b(
        "weekday",
        1,
        1,
        Returns::Int,
        "weekday(date) -> 0 (Monday) .. 6 (Sunday)",
    ),
    b(
        "weekday_ko",
        1,
        1,
        Returns::Str,
        "weekday_ko(i) -> \"월요일\" .. \"일요일\"",
    ),
    b(
        "weekday_en",
        1,
        1,
        Returns::Str,
        "weekday_en(i) -> \"Monday\" .. \"Sunday\"",
    ),
    b(
        "format_date",
        1,
        1,
        Returns::Str,
        "format_date(date) -> \"2001.3.5\"",
    ),
    b(
        "format_date_ko",
        1,
        1,
        Returns::Str,
        "format_date_ko(date) -> \"2001년 3월 5일\"",
    ),
    b(
        "ganji",
        1,
        1,
        Returns::Str,
        "ganji(i) -> the i-th of the 60 pairs, 0 = 갑자",
    ),
    b(
        "ganji_index",
        1,
        1,
        Returns::Int,
        "ganji_index(name) -> 0..59",
    ),
    b(
        "day_ganji",
        1,
        1,
        Returns::Int,
        "day_ganji(date) -> the day pillar's index (2000-01-01 = 54, 무오)",
    ),
    b(
        "year_ganji",
        1,
        1,
        Returns::Int,
        "year_ganji(y) -> (y - 4) mod 60, by the plain year number",
    ),
    b(
        "month_ganji",
        2,
        2,
        Returns::Int,
        "month_ganji(year_index, m) -> month pillar, m = 0 for the 寅 month (월두법)",
    ),
    b(
        "hour_ganji",
        2,
        2,
        Returns::Int,
        "hour_ganji(day_index, hour) -> hour pillar (시두법; 23:00 uses the next day)",
    ),
    b(
        "hour_branch",
        1,
        1,
        Returns::Int,
        "hour_branch(hour) -> 0 (자) .. 11 (해)",
    ),
    b(
        "zodiac",
        1,
        1,
        Returns::Str,
        "zodiac(y) -> the year's animal in Korean, by the plain year number",
    ),
    b(
        "solar_holidays",
        0,
        0,
        Returns::TupleList,
        "solar_holidays() -> [(ko, en, month, day)] of the fixed solar holidays",
    ),
    b(
        "relative_days",
        0,
        0,
        Returns::TupleList,
        "relative_days() -> [(word, offset)], e.g. (\"모레\", 2)",
    ),
    b(
        "solar_to_lunar",
        1,
        1,
        Returns::Tuple,
        "solar_to_lunar(date) -> (y, m, d, leap) in the Korean lunar calendar",
    ),
    b(
        "lunar_to_solar",
        4,
        4,
        Returns::Tuple,
        "lunar_to_solar(y, m, d, leap) -> date",
    ),
    // word lists
    b(
        "wordlist",
        1,
        2,
        Returns::StrList,
        "wordlist(name, lengths?) -> the words of a shipped list, only those of the given length(s) if asked",
    ),
    // randomness (generate only)
    r(
        "shuffle",
        1,
        1,
        Returns::List,
        "shuffle(xs) -> xs in random order",
    ),
    r(
        "permutation",
        1,
        1,
        Returns::IntList,
        "permutation(n) -> a random order of 0..n",
    ),
    r(
        "coin",
        2,
        2,
        Returns::Bool,
        "coin(p, q) -> true with probability p/q",
    ),
    // search effort (generate only, once the constraint model exists)
    m(
        "propagation_solves",
        0,
        0,
        Returns::Bool,
        "propagation_solves() -> whether propagation alone fixes every unknown",
    ),
    m(
        "search_nodes",
        1,
        1,
        Returns::Int,
        "search_nodes(limit) -> nodes of the fixed backtracking search (limit + 1 if more)",
    ),
];

/// The builtin called `name`.
pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

fn int_result(v: Option<i64>, what: &str, span: Span) -> EvalResult<Value> {
    v.map(Value::Int)
        .ok_or_else(|| EvalError::new(K::Overflow(what.to_string()), span))
}

fn strings(xs: &[Value]) -> Vec<String> {
    xs.iter().map(Value::display).collect()
}

fn non_negative(n: i64, what: &str, span: Span) -> EvalResult<usize> {
    if n < 0 {
        return Err(EvalError::invalid(
            format!("{what} must not be negative, found {n}"),
            span,
        ));
    }
    usize::try_from(n).map_err(|_| EvalError::invalid(format!("{what} is too large"), span))
}

fn seq_or_str(v: &Value, span: Span) -> EvalResult<Result<Rc<Vec<Value>>, Vec<char>>> {
    match v {
        Value::Str(s) => Ok(Err(s.chars().collect())),
        other => Ok(Ok(expect_list(other, span)?)),
    }
}

fn map_entries(v: &Value, span: Span) -> EvalResult<Rc<Vec<(Value, Value)>>> {
    match v {
        Value::Map(entries) => Ok(entries.clone()),
        other => Err(type_error("a map", other, span)),
    }
}

fn one_char(v: &Value, span: Span) -> EvalResult<char> {
    let s = expect_str(v, span)?;
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(EvalError::invalid(
            format!("expected one character, found \"{s}\""),
            span,
        )),
    }
}

/// Calls builtin `name` with evaluated arguments.
pub fn call(
    interp: &mut Interp<'_>,
    name: &str,
    args: Vec<Value>,
    span: Span,
) -> EvalResult<Value> {
    let Some(spec) = find(name) else {
        return Err(EvalError::new(K::Unbound(name.to_string()), span));
    };
    if args.len() < spec.min || args.len() > spec.max {
        let expected = if spec.min == spec.max {
            spec.min.to_string()
        } else {
            format!("{} to {}", spec.min, spec.max)
        };
        return Err(EvalError::new(
            K::Arity {
                name: name.to_string(),
                expected,
                found: args.len(),
            },
            span,
        ));
    }
    if let Some(result) = super::calendar::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::optimum::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::effort::call(interp, name, &args, span) {
        return result;
    }
    if let Some(result) = super::arith::call(name, &args, span) {
        return result;
    }
    if let Some(result) = super::words::call(name, &args, span) {
        return result;
    }
    let a = |i: usize| &args[i];
    match name {
        "len" => Ok(Value::Int(match a(0) {
            Value::Str(s) => s.chars().count() as i64,
            Value::Map(m) => m.len() as i64,
            other => expect_list(other, span)?.len() as i64,
        })),
        "sum" if symops::is_symbolic(a(0)) => symops::sum(&expect_list(a(0), span)?, span),
        "all" | "any" if symops::is_symbolic(a(0)) || args.len() == 2 => {
            let xs = iter_values(a(0), span)?;
            let conds = if args.len() == 2 {
                xs.into_iter()
                    .map(|x| interp.call(a(1), vec![x], span))
                    .collect::<EvalResult<Vec<_>>>()?
            } else {
                xs
            };
            symops::all_any(&conds, name == "all", span)
        }
        "count" if symops::is_symbolic(a(0)) || matches!(a(1), Value::Func(_)) => {
            let xs = iter_values(a(0), span)?;
            let mut hits = Vec::with_capacity(xs.len());
            for x in xs {
                hits.push(match a(1) {
                    f @ Value::Func(_) => interp.call(f, vec![x], span)?,
                    y => binary_values(BinOp::Eq, &x, y, span, span, span)?,
                });
            }
            symops::sum(&hits, span)
        }
        "alldiff" => symops::alldiff(&iter_values(a(0), span)?, span),
        "connected" => {
            symops::connected(&iter_values(a(0), span)?, &iter_values(a(1), span)?, span)
        }
        "implies" | "iff" | "xor" => symops::connective(name, a(0), a(1), span),
        "to_int" => Ok(symops::int_value(symops::int_term(
            &Value::Sym(std::rc::Rc::new(crate::eval::sym::Sym::Bool(
                symops::bool_term(a(0), span)?,
            ))),
            span,
        )?)),
        "sum" | "product" => {
            let xs = expect_list(a(0), span)?;
            let mut acc: i64 = if name == "sum" { 0 } else { 1 };
            for x in xs.iter() {
                let v = expect_int(x, span)?;
                acc = if name == "sum" {
                    acc.checked_add(v)
                } else {
                    acc.checked_mul(v)
                }
                .ok_or_else(|| EvalError::new(K::Overflow(format!("{name} of a list")), span))?;
            }
            Ok(Value::Int(acc))
        }
        "min" | "max" => {
            let items: Vec<Value> = if args.len() == 2 {
                args.clone()
            } else {
                expect_list(a(0), span)?.to_vec()
            };
            let mut best: Option<Value> = None;
            for x in items {
                best = Some(match best {
                    None => x,
                    Some(b) => {
                        let better = if name == "min" {
                            x.cmp_total(&b).is_lt()
                        } else {
                            x.cmp_total(&b).is_gt()
                        };
                        if better {
                            x
                        } else {
                            b
                        }
                    }
                });
            }
            best.ok_or_else(|| EvalError::invalid(format!("`{name}` of an empty list"), span))
        }
        "sort" => {
            let mut xs = expect_list(a(0), span)?.to_vec();
            xs.sort_by(|x, y| x.cmp_total(y));
            Ok(Value::list(xs))
        }
        "sort_by" => {
            let xs = expect_list(a(0), span)?;
            let mut keyed = Vec::with_capacity(xs.len());
            for x in xs.iter() {
                keyed.push((interp.call(a(1), vec![x.clone()], span)?, x.clone()));
            }
            keyed.sort_by(|p, q| p.0.cmp_total(&q.0));
            Ok(Value::list(keyed.into_iter().map(|(_, x)| x).collect()))
        }
        "argsort" => {
            let xs = expect_list(a(0), span)?;
            let mut idx: Vec<usize> = (0..xs.len()).collect();
            idx.sort_by(|&i, &j| xs[i].cmp_total(&xs[j]));
            Ok(Value::list(
                idx.into_iter().map(|i| Value::Int(i as i64)).collect(),
            ))
        }
        "reverse" => match seq_or_str(a(0), span)? {
            Ok(xs) => Ok(Value::list(xs.iter().rev().cloned().collect())),
            Err(cs) => Ok(Value::str(cs.iter().rev().collect::<String>())),
        },
        "range" => {
            let ints = args
                .iter()
                .map(|v| expect_int(v, span))
                .collect::<EvalResult<Vec<_>>>()?;
            let (lo, hi, step) = match ints.as_slice() {
                [n] => (0, *n, 1),
                [lo, hi] => (*lo, *hi, 1),
                [lo, hi, step] => (*lo, *hi, *step),
                _ => (0, 0, 1),
            };
            if step == 0 {
                return Err(EvalError::invalid("`range` step must not be 0", span));
            }
            let len = if step > 0 {
                ((hi as i128 - lo as i128).max(0) + step as i128 - 1) / step as i128
            } else {
                ((lo as i128 - hi as i128).max(0) + (-(step as i128)) - 1) / (-(step as i128))
            };
            interp.fuel().alloc(len as u128, span)?;
            Ok(Value::list(
                (0..len)
                    .map(|i| Value::Int((lo as i128 + i * step as i128) as i64))
                    .collect(),
            ))
        }
        "zip" => {
            let xs = expect_list(a(0), span)?;
            let ys = expect_list(a(1), span)?;
            Ok(Value::list(
                xs.iter()
                    .zip(ys.iter())
                    .map(|(x, y)| Value::tuple(vec![x.clone(), y.clone()]))
                    .collect(),
            ))
        }
        "enumerate" => {
            let xs = iter_values(a(0), span)?;
            Ok(Value::list(
                xs.into_iter()
                    .enumerate()
                    .map(|(i, x)| Value::tuple(vec![Value::Int(i as i64), x]))
                    .collect(),
            ))
        }
        "map" => {
            let xs = iter_values(a(0), span)?;
            let out = xs
                .into_iter()
                .map(|x| interp.call(a(1), vec![x], span))
                .collect::<EvalResult<_>>()?;
            Ok(Value::list(out))
        }
        "filter" => {
            let xs = iter_values(a(0), span)?;
            let mut out = Vec::new();
            for x in xs {
                if expect_bool(&interp.call(a(1), vec![x.clone()], span)?, span)? {
                    out.push(x);
                }
            }
            Ok(Value::list(out))
        }
        "any" | "all" => {
            let xs = iter_values(a(0), span)?;
            let want = name == "any";
            for x in xs {
                let t = if args.len() == 2 {
                    interp.call(a(1), vec![x], span)?
                } else {
                    x
                };
                if expect_bool(&t, span)? == want {
                    return Ok(Value::Bool(want));
                }
            }
            Ok(Value::Bool(!want))
        }
        "count" => {
            let xs = iter_values(a(0), span)?;
            let mut n = 0i64;
            for x in xs {
                let hit = match a(1) {
                    f @ Value::Func(_) => expect_bool(&interp.call(f, vec![x], span)?, span)?,
                    y => x == *y,
                };
                n += hit as i64;
            }
            Ok(Value::Int(n))
        }
        "index_of" => match a(0) {
            Value::Str(s) => {
                let needle = expect_str(a(1), span)?;
                Ok(Value::Int(match s.find(&*needle) {
                    Some(byte) => s[..byte].chars().count() as i64,
                    None => -1,
                }))
            }
            other => {
                let xs = expect_list(other, span)?;
                Ok(Value::Int(
                    xs.iter().position(|x| x == a(1)).map_or(-1, |i| i as i64),
                ))
            }
        },
        "contains" => match a(0) {
            Value::Str(s) => Ok(Value::Bool(s.contains(&*expect_str(a(1), span)?))),
            Value::Map(m) => Ok(Value::Bool(m.iter().any(|(k, _)| k == a(1)))),
            other => Ok(Value::Bool(
                expect_list(other, span)?.iter().any(|x| x == a(1)),
            )),
        },
        "unique" => {
            let xs = expect_list(a(0), span)?;
            let mut out: Vec<Value> = Vec::new();
            for x in xs.iter() {
                if !out.contains(x) {
                    out.push(x.clone());
                }
            }
            Ok(Value::list(out))
        }
        "group_count" => {
            let xs = iter_values(a(0), span)?;
            let mut out: Vec<(Value, Value)> = Vec::new();
            for x in xs {
                match out.iter_mut().find(|(k, _)| *k == x) {
                    Some((_, Value::Int(n))) => *n += 1,
                    _ => out.push((x, Value::Int(1))),
                }
            }
            Ok(Value::Map(Rc::new(out)))
        }
        "group_sum" => {
            let keys = iter_values(a(0), span)?;
            let values = expect_list(a(1), span)?;
            if keys.len() != values.len() {
                return Err(EvalError::invalid(
                    format!(
                        "`group_sum` needs as many values as keys, got {} keys and {} values",
                        keys.len(),
                        values.len()
                    ),
                    span,
                ));
            }
            let mut out: Vec<(Value, Value)> = Vec::new();
            for (k, v) in keys.into_iter().zip(values.iter()) {
                let v = expect_int(v, span)?;
                match out.iter_mut().find(|(key, _)| *key == k) {
                    Some((_, Value::Int(n))) => {
                        *n = n.checked_add(v).ok_or_else(|| {
                            EvalError::new(K::Overflow("group_sum of a list".to_string()), span)
                        })?;
                    }
                    _ => out.push((k, Value::Int(v))),
                }
            }
            Ok(Value::Map(Rc::new(out)))
        }
        "flatten" => {
            let xs = expect_list(a(0), span)?;
            let mut out = Vec::new();
            for x in xs.iter() {
                out.extend(expect_list(x, span)?.iter().cloned());
                interp.fuel().size(out.len() as u128, span)?;
            }
            Ok(Value::list(out))
        }
        "concat" => {
            let xs = expect_list(a(0), span)?;
            let mut out = String::new();
            for x in xs.iter() {
                out.push_str(&expect_str(x, span)?);
            }
            Ok(Value::str(out))
        }
        "take" | "drop" | "slice" => {
            let (lo, hi) = match name {
                "take" => (0, expect_int(a(1), span)?),
                "drop" => (expect_int(a(1), span)?, i64::MAX),
                _ => (expect_int(a(1), span)?, expect_int(a(2), span)?),
            };
            let clamp = |n: usize, i: i64| i.clamp(0, n as i64) as usize;
            match seq_or_str(a(0), span)? {
                Ok(xs) => {
                    let (l, h) = (clamp(xs.len(), lo), clamp(xs.len(), hi));
                    Ok(Value::list(xs[l..h.max(l)].to_vec()))
                }
                Err(cs) => {
                    let (l, h) = (clamp(cs.len(), lo), clamp(cs.len(), hi));
                    Ok(Value::str(cs[l..h.max(l)].iter().collect::<String>()))
                }
            }
        }
        "first" | "last" => {
            let xs = expect_list(a(0), span)?;
            let item = if name == "first" {
                xs.first()
            } else {
                xs.last()
            };
            item.cloned()
                .ok_or_else(|| EvalError::invalid(format!("`{name}` of an empty list"), span))
        }
        "chunks" => {
            let xs = expect_list(a(0), span)?;
            let n = non_negative(expect_int(a(1), span)?, "chunk size", span)?;
            if n == 0 {
                return Err(EvalError::invalid("chunk size must be at least 1", span));
            }
            Ok(Value::list(
                xs.chunks(n).map(|c| Value::list(c.to_vec())).collect(),
            ))
        }
        "transpose" => {
            let rows = expect_list(a(0), span)?;
            let rows = rows
                .iter()
                .map(|r| expect_list(r, span))
                .collect::<EvalResult<Vec<_>>>()?;
            let width = rows.first().map_or(0, |r| r.len());
            if rows.iter().any(|r| r.len() != width) {
                return Err(EvalError::invalid(
                    "`transpose` needs rows of equal length",
                    span,
                ));
            }
            Ok(Value::list(
                (0..width)
                    .map(|c| Value::list(rows.iter().map(|r| r[c].clone()).collect()))
                    .collect(),
            ))
        }
        "rotate" => {
            let k = expect_int(a(1), span)?;
            match seq_or_str(a(0), span)? {
                Ok(xs) => {
                    let mut v = xs.to_vec();
                    if !v.is_empty() {
                        let s = k.rem_euclid(v.len() as i64) as usize;
                        v.rotate_left(s);
                    }
                    Ok(Value::list(v))
                }
                Err(mut cs) => {
                    if !cs.is_empty() {
                        let s = k.rem_euclid(cs.len() as i64) as usize;
                        cs.rotate_left(s);
                    }
                    Ok(Value::str(cs.into_iter().collect::<String>()))
                }
            }
        }
        "repeat" => {
            let n = non_negative(expect_int(a(1), span)?, "repeat count", span)?;
            match a(0) {
                Value::Str(s) => {
                    interp.fuel().alloc(s.len() as u128 * n as u128, span)?;
                    Ok(Value::str(s.repeat(n)))
                }
                x => {
                    interp.fuel().alloc(n as u128, span)?;
                    Ok(Value::list(vec![x.clone(); n]))
                }
            }
        }
        "set_at" => {
            let mut xs = expect_list(a(0), span)?.to_vec();
            let i = expect_int(a(1), span)?;
            if i < 0 || i as u128 >= xs.len() as u128 {
                return Err(EvalError::new(
                    K::IndexOutOfRange {
                        index: i,
                        len: xs.len(),
                        what: "list",
                    },
                    span,
                ));
            }
            xs[i as usize] = a(2).clone();
            Ok(Value::list(xs))
        }
        "fold" => {
            let xs = iter_values(a(0), span)?;
            let mut acc = a(1).clone();
            for x in xs {
                acc = interp.call(a(2), vec![acc, x], span)?;
            }
            Ok(acc)
        }
        "keys" => Ok(Value::list(
            map_entries(a(0), span)?
                .iter()
                .map(|(k, _)| k.clone())
                .collect(),
        )),
        "values" => Ok(Value::list(
            map_entries(a(0), span)?
                .iter()
                .map(|(_, v)| v.clone())
                .collect(),
        )),
        "get" => {
            let m = map_entries(a(0), span)?;
            Ok(Value::map_get(&m, a(1)).unwrap_or_else(|| a(2).clone()))
        }
        "insert" => {
            let mut m = map_entries(a(0), span)?.to_vec();
            match m.iter_mut().find(|(k, _)| k == a(1)) {
                Some(slot) => slot.1 = a(2).clone(),
                None => m.push((a(1).clone(), a(2).clone())),
            }
            Ok(Value::Map(Rc::new(m)))
        }
        "to_map" => {
            let pairs = expect_list(a(0), span)?;
            let mut m: Vec<(Value, Value)> = Vec::new();
            for p in pairs.iter() {
                let kv = expect_list(p, span)?;
                if kv.len() != 2 {
                    return Err(EvalError::invalid(
                        "`to_map` needs (key, value) pairs",
                        span,
                    ));
                }
                match m.iter_mut().find(|(k, _)| *k == kv[0]) {
                    Some(slot) => slot.1 = kv[1].clone(),
                    None => m.push((kv[0].clone(), kv[1].clone())),
                }
            }
            Ok(Value::Map(Rc::new(m)))
        }
        "abs" => {
            let n = expect_int(a(0), span)?;
            int_result(n.checked_abs(), "abs", span)
        }
        "pow" => {
            let base = expect_int(a(0), span)?;
            let e = expect_int(a(1), span)?;
            let e = u32::try_from(e)
                .map_err(|_| EvalError::invalid(format!("exponent {e} must be 0 or more"), span))?;
            int_result(base.checked_pow(e), "pow", span)
        }
        "div" | "mod" => {
            let x = expect_int(a(0), span)?;
            let y = expect_int(a(1), span)?;
            if y == 0 {
                return Err(EvalError::new(K::DivideByZero, span));
            }
            let v = if name == "div" {
                super::interp::floor_div(x, y)
            } else {
                super::interp::floor_mod(x, y)
            };
            int_result(v, name, span)
        }
        "sign" => Ok(Value::Int(expect_int(a(0), span)?.signum())),
        "digits" => {
            let n = expect_int(a(0), span)?;
            Ok(Value::list(
                n.unsigned_abs()
                    .to_string()
                    .chars()
                    .map(|c| Value::Int(c as i64 - '0' as i64))
                    .collect(),
            ))
        }
        "str" => Ok(Value::str(a(0).display())),
        "int" => {
            let s = expect_str(a(0), span)?;
            s.trim()
                .parse::<i64>()
                .map(Value::Int)
                .map_err(|_| EvalError::invalid(format!("\"{s}\" is not an integer"), span))
        }
        "chars" => Ok(Value::list(
            expect_str(a(0), span)?
                .chars()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "join" => {
            let xs = iter_values(a(0), span)?;
            let sep = match args.get(1) {
                Some(s) => expect_str(s, span)?.to_string(),
                None => String::new(),
            };
            Ok(Value::str(strings(&xs).join(&sep)))
        }
        "split" => {
            let s = expect_str(a(0), span)?;
            let sep = expect_str(a(1), span)?;
            if sep.is_empty() {
                return Err(EvalError::invalid(
                    "`split` separator must not be empty; use `chars`",
                    span,
                ));
            }
            Ok(Value::list(s.split(&*sep).map(Value::str).collect()))
        }
        "upper" => Ok(Value::str(expect_str(a(0), span)?.to_uppercase())),
        "lower" => Ok(Value::str(expect_str(a(0), span)?.to_lowercase())),
        "trim" => Ok(Value::str(expect_str(a(0), span)?.trim())),
        "trim_end" => Ok(Value::str(expect_str(a(0), span)?.trim_end())),
        "replace" => {
            let s = expect_str(a(0), span)?;
            let from = expect_str(a(1), span)?;
            if from.is_empty() {
                return Err(EvalError::invalid(
                    "`replace` needs a non-empty pattern",
                    span,
                ));
            }
            Ok(Value::str(s.replace(&*from, &expect_str(a(2), span)?)))
        }
        "starts_with" => Ok(Value::Bool(
            expect_str(a(0), span)?.starts_with(&*expect_str(a(1), span)?),
        )),
        "ends_with" => Ok(Value::Bool(
            expect_str(a(0), span)?.ends_with(&*expect_str(a(1), span)?),
        )),
        "pad_left" => {
            let s = expect_str(a(0), span)?;
            let width = non_negative(expect_int(a(1), span)?, "width", span)?;
            interp.fuel().alloc(width as u128, span)?;
            let fill = one_char(a(2), span)?;
            let n = s.chars().count();
            let pad: String = std::iter::repeat_n(fill, width.saturating_sub(n)).collect();
            Ok(Value::str(format!("{pad}{s}")))
        }
        "ord" => Ok(Value::Int(one_char(a(0), span)? as i64)),
        "chr" => {
            let n = expect_int(a(0), span)?;
            u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .map(|c| Value::str(c.to_string()))
                .ok_or_else(|| {
                    EvalError::invalid(format!("{n} is not a Unicode scalar value"), span)
                })
        }
        "alphabet" => Ok(Value::str("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
        "letter_index" => {
            let c = one_char(a(0), span)?;
            if c.is_ascii_alphabetic() {
                Ok(Value::Int((c.to_ascii_uppercase() as u8 - b'A') as i64))
            } else {
                Err(EvalError::invalid(
                    format!("\"{c}\" is not a letter A-Z"),
                    span,
                ))
            }
        }
        "letter" => {
            let i = expect_int(a(0), span)?.rem_euclid(26) as u8;
            Ok(Value::str(((b'A' + i) as char).to_string()))
        }
        "is_letter" => Ok(Value::Bool(
            matches!(a(0), Value::Str(s) if s.chars().count() == 1 && s.chars().all(|c| c.is_ascii_alphabetic())),
        )),
        "commas" => Ok(Value::str(format::group_thousands(
            expect_int(a(0), span)?,
            ",",
        ))),
        "plural" => {
            let n = expect_int(a(0), span)?;
            let one = expect_str(a(1), span)?;
            let many = args.get(2).map(|v| expect_str(v, span)).transpose()?;
            Ok(Value::str(format::plural_en(n, &one, many.as_deref())))
        }
        "ordinal" => Ok(Value::str(format::ordinal_en(expect_int(a(0), span)?))),
        "join_en" => Ok(Value::str(format::join_en(&strings(&iter_values(
            a(0),
            span,
        )?)))),
        "join_ko" => Ok(Value::str(format::join_ko(&strings(&iter_values(
            a(0),
            span,
        )?)))),
        "grid" => {
            let rows = expect_list(a(0), span)?;
            let rows = rows
                .iter()
                .map(|r| Ok(strings(&iter_values(r, span)?)))
                .collect::<EvalResult<Vec<_>>>()?;
            let sep = match args.get(1) {
                Some(s) => expect_str(s, span)?.to_string(),
                None => " ".to_string(),
            };
            Ok(Value::str(format::grid(&rows, &sep)))
        }
        "table" => {
            let header = strings(&iter_values(a(0), span)?);
            let rows = expect_list(a(1), span)?
                .iter()
                .map(|r| Ok(strings(&iter_values(r, span)?)))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::str(format::table(&header, &rows)))
        }
        "josa" => {
            let word = a(0).display();
            let p = expect_str(a(1), span)?;
            let kind = particle::parse_particle(&p)
                .ok_or_else(|| EvalError::invalid(format!("unknown particle \"{p}\""), span))?;
            particle::attach_read(&word, kind, &interp.readings())
                .map(Value::str)
                .map_err(|e| EvalError::invalid(e.to_string(), span))
        }
        "initials" => Ok(Value::list(
            hangul::INITIALS
                .iter()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "medials" => Ok(Value::list(
            hangul::MEDIALS
                .iter()
                .map(|c| Value::str(c.to_string()))
                .collect(),
        )),
        "finals" => Ok(Value::list(hangul::FINALS.iter().map(Value::str).collect())),
        "is_syllable" => Ok(Value::Bool(
            matches!(a(0), Value::Str(s) if s.chars().count() == 1 && s.chars().all(hangul::is_syllable)),
        )),
        "decompose" => {
            let c = one_char(a(0), span)?;
            let s = hangul::decompose(c).ok_or_else(|| {
                EvalError::invalid(format!("\"{c}\" is not a Hangul syllable"), span)
            })?;
            Ok(Value::tuple(vec![
                Value::Int(s.initial as i64),
                Value::Int(s.medial as i64),
                Value::Int(s.final_ as i64),
            ]))
        }
        "compose" => {
            let idx = |i: usize| -> EvalResult<u8> {
                let n = expect_int(a(i), span)?;
                u8::try_from(n).map_err(|_| {
                    EvalError::invalid(format!("jamo index {n} is out of range"), span)
                })
            };
            let s = hangul::Syllable {
                initial: idx(0)?,
                medial: idx(1)?,
                final_: idx(2)?,
            };
            hangul::compose(s)
                .map(|c| Value::str(c.to_string()))
                .ok_or_else(|| {
                    EvalError::invalid(
                        format!(
                            "no syllable has indices ({}, {}, {})",
                            s.initial, s.medial, s.final_
                        ),
                        span,
                    )
                })
        }
        "jamo" => {
            let s = expect_str(a(0), span)?;
            Ok(Value::list(
                s.chars()
                    .flat_map(hangul::jamo)
                    .map(|c| Value::str(c.to_string()))
                    .collect(),
            ))
        }
        "shift_initial" => {
            let s = expect_str(a(0), span)?;
            let k = expect_int(a(1), span)?;
            Ok(Value::str(
                s.chars()
                    .map(|c| hangul::shift_initial(c, k))
                    .collect::<String>(),
            ))
        }
        "shift_medial" | "shift_final" => {
            let s = expect_str(a(0), span)?;
            let k = expect_int(a(1), span)?;
            let f = if name == "shift_medial" {
                hangul::shift_medial
            } else {
                hangul::shift_final
            };
            Ok(Value::str(s.chars().map(|c| f(c, k)).collect::<String>()))
        }
        "has_final" => {
            let c = one_char(a(0), span)?;
            hangul::has_final(c).map(Value::Bool).ok_or_else(|| {
                EvalError::invalid(format!("\"{c}\" is not a Hangul syllable"), span)
            })
        }
        "is_double_final" => {
            let t = expect_int(a(0), span)?;
            Ok(Value::Bool(
                u8::try_from(t).is_ok_and(hangul::is_double_final),
            ))
        }
        "shuffle" => {
            let xs = expect_list(a(0), span)?;
            let order = interp.sampler(span)?.permutation(xs.len());
            Ok(Value::list(
                order.into_iter().map(|i| xs[i].clone()).collect(),
            ))
        }
        "permutation" => {
            let n = non_negative(expect_int(a(0), span)?, "permutation size", span)?;
            interp.fuel().alloc(n as u128, span)?;
            let order = interp.sampler(span)?.permutation(n);
            Ok(Value::list(
                order.into_iter().map(|i| Value::Int(i as i64)).collect(),
            ))
        }
        "coin" => {
            let p = expect_int(a(0), span)?;
            let q = expect_int(a(1), span)?;
            if q <= 0 || p < 0 || p > q {
                return Err(EvalError::invalid(
                    format!("`coin({p}, {q})` needs 0 <= p <= q and q > 0"),
                    span,
                ));
            }
            Ok(Value::Bool(
                (interp.sampler(span)?.below(q as u64) as i64) < p,
            ))
        }
        _ => Err(EvalError::invalid(
            format!(
                "builtin `{name}` has no implementation ({})",
                describe(a(0))
            ),
            span,
        )),
    }
}
