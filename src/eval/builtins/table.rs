//! The table of builtins: names, arities, result types and signatures,
//! in documentation order.

use std::collections::HashMap;
use std::sync::OnceLock;

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
#[rustfmt::skip] // one builtin per line: the table reads as the reference it is
pub const BUILTINS: &[Builtin] = &[
    // lists
    b("len", 1, 1, Returns::Int, "len(xs) -> int: elements of a list/tuple/map, characters of a string"),
    b("sum", 1, 1, Returns::Int, "sum(xs) -> int"),
    b("product", 1, 1, Returns::Int, "product(xs) -> int"),
    b("min", 1, 2, Returns::Any, "min(xs) or min(a, b)"),
    b("max", 1, 2, Returns::Any, "max(xs) or max(a, b)"),
    b("sort", 1, 1, Returns::List, "sort(xs) -> list in ascending order"),
    b("sort_by", 2, 2, Returns::List, "sort_by(xs, key) -> list, stable, ascending by key(x)"),
    b("reverse", 1, 1, Returns::Any, "reverse(xs or s)"),
    b("range", 1, 3, Returns::IntList, "range(n), range(a, b), range(a, b, step) -> list (b exclusive)"),
    b("zip", 2, 2, Returns::TupleList, "zip(xs, ys) -> list of tuples, as long as the shorter"),
    b("enumerate", 1, 1, Returns::TupleList, "enumerate(xs) -> list of (index, x)"),
    b("map", 2, 2, Returns::List, "map(xs, f) -> list"),
    b("filter", 2, 2, Returns::List, "filter(xs, f) -> list"),
    b("any", 1, 2, Returns::Bool, "any(bools) or any(xs, f) -> bool"),
    b("all", 1, 2, Returns::Bool, "all(bools) or all(xs, f) -> bool"),
    b("count", 2, 2, Returns::Int, "count(xs, x_or_f) -> int: elements equal to x or satisfying f"),
    b("index_of", 2, 2, Returns::Int, "index_of(xs or s, x) -> int, -1 when absent"),
    b("contains", 2, 2, Returns::Bool, "contains(xs or s or map, x) -> bool"),
    b("unique", 1, 1, Returns::List, "unique(xs) -> list without repeats, first occurrences kept"),
    b("flatten", 1, 1, Returns::List, "flatten(list of lists) -> list"),
    b("concat", 1, 1, Returns::Str, "concat(list of strings) -> string"),
    b("take", 2, 2, Returns::Any, "take(xs or s, n)"),
    b("drop", 2, 2, Returns::Any, "drop(xs or s, n)"),
    b("slice", 3, 3, Returns::Any, "slice(xs or s, a, b): elements a..b"),
    b("first", 1, 1, Returns::Any, "first(xs)"),
    b("last", 1, 1, Returns::Any, "last(xs)"),
    b("chunks", 2, 2, Returns::List, "chunks(xs, n) -> list of lists of n (the last may be shorter)"),
    b("transpose", 1, 1, Returns::List, "transpose(rows) -> columns (rows of equal length)"),
    b("rotate", 2, 2, Returns::Any, "rotate(xs or s, k): left rotation by k (negative: right)"),
    b("repeat", 2, 2, Returns::Any, "repeat(x, n) -> list of n copies, or a string repeated"),
    b("set_at", 3, 3, Returns::List, "set_at(xs, i, x) -> a copy of xs with element i replaced"),
    b("argsort", 1, 1, Returns::IntList, "argsort(xs) -> indices that sort xs (stable)"),
    b("fold", 3, 3, Returns::Any, "fold(xs, init, f) -> f(...f(f(init, x0), x1)...)"),
    b("group_count", 1, 1, Returns::Map, "group_count(xs) -> map of value -> occurrences, first-seen order"),
    b("group_by", 2, 2, Returns::Map, "group_by(xs, key) -> map of key(x) -> the xs with that key in order, keys in first-seen order"),
    b("group_sum", 2, 2, Returns::Map, "group_sum(keys, values) -> map of key -> sum of its values, first-seen order"),
    // exact optimisation
    b("best_assignment", 2, 3, Returns::Map, "best_assignment(weights, query[, bonus]) -> { value, low, high, columns, optimal_columns }: rows to distinct columns, maximising the weight sum (+ bonus.add when the summed bonus.quantity reaches bonus.at_least); low/high: the query sum's range over all optimal assignments; optimal_columns: per row, every column it takes in some optimal assignment"),
    // constraints (also plain values)
    b("alldiff", 1, 1, Returns::Bool, "alldiff(xs) -> bool: pairwise different (a constraint over unknowns)"),
    b("runs", 2, 2, Returns::Bool, "runs(conds, lengths) -> bool: the conditions that hold form runs of exactly these lengths, in order, each separated from the next by at least one that does not (a picture-logic line clue: runs(row, [3, 1])); over unknowns an exact encoding that may be negated, counted or be a clue"),
    b("table", 2, 2, Returns::Bool, "table(xs, rows) -> bool: the values of xs are one of the rows (lists of len(xs) integers); over unknowns a condition that may be negated, counted or be a clue"),
    b("regular", 4, 4, Returns::Bool, "regular(xs, transitions, start, accepting) -> bool: the deterministic automaton with these (from, symbol, to) transitions reads the values of xs from state `start` and ends in one of `accepting`; over unknowns an exact encoding that may be negated, counted or be a clue"),
    b("run_lengths", 1, 1, Returns::IntList, "run_lengths(bools) -> list of int: the lengths of the runs of `true`, in order (run_lengths([true, true, false, true]) is [2, 1])"),
    b("connected", 2, 2, Returns::Bool, "connected(conds, edges) -> bool: the nodes whose condition holds form one connected subgraph of the graph `edges` (pairs of indices into conds); zero or one node is connected (over unknowns: a whole rule, checked lazily)"),
    b("implies", 2, 2, Returns::Bool, "implies(a, b) -> bool: not a or b"),
    b("iff", 2, 2, Returns::Bool, "iff(a, b) -> bool: a == b for conditions"),
    b("xor", 2, 2, Returns::Bool, "xor(a, b) -> bool: exactly one holds"),
    b("to_int", 1, 1, Returns::Int, "to_int(c) -> int: 1 if the condition holds, else 0 (over unknowns too)"),
    // maps
    b("keys", 1, 1, Returns::List, "keys(m) -> list"),
    b("values", 1, 1, Returns::List, "values(m) -> list"),
    b("get", 3, 3, Returns::Any, "get(m, key, default)"),
    b("insert", 3, 3, Returns::Map, "insert(m, key, value) -> a copy of m with key set"),
    b("to_map", 1, 1, Returns::Map, "to_map(list of (key, value)) -> map"),
    // integers
    b("abs", 1, 1, Returns::Int, "abs(n)"),
    b("pow", 2, 2, Returns::Int, "pow(a, n), n >= 0"),
    b("div", 2, 2, Returns::Int, "div(a, b): floor division"),
    b("mod", 2, 2, Returns::Int, "mod(a, b): floor modulo"),
    b("sign", 1, 1, Returns::Int, "sign(n) -> -1, 0 or 1"),
    b("digits", 1, 1, Returns::IntList, "digits(n) -> list of decimal digits of |n|"),
    // strings
    b("str", 1, 1, Returns::Str, "str(x) -> its display text"),
    b("int", 1, 1, Returns::Int, "int(s) -> the integer written in s"),
    b("chars", 1, 1, Returns::StrList, "chars(s) -> list of one-character strings"),
    b("join", 1, 2, Returns::Str, "join(xs, sep = \"\") -> string of the displayed elements"),
    b("split", 2, 2, Returns::StrList, "split(s, sep) -> list of strings"),
    b("upper", 1, 1, Returns::Str, "upper(s)"),
    b("lower", 1, 1, Returns::Str, "lower(s)"),
    b("trim", 1, 1, Returns::Str, "trim(s)"),
    b("trim_end", 1, 1, Returns::Str, "trim_end(s): without trailing whitespace"),
    b("replace", 3, 3, Returns::Str, "replace(s, from, to)"),
    b("starts_with", 2, 2, Returns::Bool, "starts_with(s, prefix) -> bool"),
    b("ends_with", 2, 2, Returns::Bool, "ends_with(s, suffix) -> bool"),
    b("pad_left", 3, 3, Returns::Str, "pad_left(s, width, fill)"),
    b("ord", 1, 1, Returns::Int, "ord(c) -> Unicode scalar value of a one-character string"),
    b("chr", 1, 1, Returns::Str, "chr(n) -> one-character string"),
    b("alphabet", 0, 0, Returns::Str, "alphabet() -> \"ABCDEFGHIJKLMNOPQRSTUVWXYZ\""),
    b("letter_index", 1, 1, Returns::Int, "letter_index(c) -> 0..25 for A-Z or a-z"),
    b("letter", 1, 1, Returns::Str, "letter(i) -> the uppercase letter i mod 26"),
    b("is_letter", 1, 1, Returns::Bool, "is_letter(c) -> bool (ASCII A-Z or a-z)"),
    // formatting
    b("commas", 1, 1, Returns::Str, "commas(n) -> \"1,234,567\""),
    b("plural", 2, 3, Returns::Str, "plural(n, singular, plural?) -> \"1 apple\", \"2 apples\""),
    b("ordinal", 1, 1, Returns::Str, "ordinal(n) -> \"1st\", \"2nd\", ..."),
    b("join_en", 1, 1, Returns::Str, "join_en(xs) -> \"a, b, and c\""),
    b("join_ko", 1, 1, Returns::Str, "join_ko(xs) -> \"a, b, c\""),
    b("grid", 1, 2, Returns::Str, "grid(rows, sep = \" \") -> lines of cells"),
    b("table", 2, 2, Returns::Str, "table(header, rows) -> a Markdown table"),
    b("josa", 2, 2, Returns::Str, "josa(word, particle) -> word with 은/는, 이/가, 을/를, ... chosen by its final sound"),
    b("fill_in", 2, 2, Returns::Str, "fill_in(pattern, values) -> pattern with {key} and {key:PARTICLE} markers replaced from the map values"),
    b("ko_native", 1, 1, Returns::Str, "ko_native(n) -> the native Korean numeral of n in 1..=99: 하나, 스물, 아흔아홉"),
    b("ko_count", 2, 2, Returns::Str, "ko_count(n, counter) -> n in 1..=99 counted natively before a counter: 한 개, 스무 살, 스물한 살"),
    b("ko_sino", 1, 1, Returns::Str, "ko_sino(n) -> the Sino-Korean reading of n >= 0 in Hangul: 삼십이, 만 이천"),
    // Hangul
    b("initials", 0, 0, Returns::StrList, "initials() -> the 19 initial consonants in Unicode order"),
    b("medials", 0, 0, Returns::StrList, "medials() -> the 21 vowels in Unicode order"),
    b("finals", 0, 0, Returns::StrList, "finals() -> the 28 finals, \"\" first (no final)"),
    b("is_syllable", 1, 1, Returns::Bool, "is_syllable(c) -> bool"),
    b("decompose", 1, 1, Returns::Tuple, "decompose(c) -> (initial, medial, final) indices of a syllable"),
    b("compose", 3, 3, Returns::Any, "compose(i, m, f) -> the syllable with these indices"),
    b("jamo", 1, 1, Returns::StrList, "jamo(s) -> compatibility jamo of every syllable, in order"),
    b("shift_initial", 2, 2, Returns::Str, "shift_initial(s, k): every initial moved k places over the 19 initials"),
    b("shift_medial", 2, 2, Returns::Str, "shift_medial(s, k): every vowel moved k places over the 21 vowels"),
    b("shift_final", 2, 2, Returns::Str, "shift_final(s, k): every final moved k places over the 27 finals (no final stays none)"),
    b("has_final", 1, 1, Returns::Bool, "has_final(c) -> bool"),
    b("is_double_final", 1, 1, Returns::Bool, "is_double_final(f) -> bool for a final index (ㄲ ㅆ and compound finals)"),
    // arithmetic text (exact fractions)
    b("is_arith", 1, 1, Returns::Bool, "is_arith(s) -> bool: s is an arithmetic expression with a value"),
    b("arith_value", 1, 1, Returns::Tuple, "arith_value(s) -> (numerator, denominator) in lowest terms, denominator > 0"),
    b("arith_shape", 1, 1, Returns::Str, "arith_shape(s) -> s with numbers as `?`, operators as + - * /, no spaces"),
    b("arith_numbers", 1, 1, Returns::IntList, "arith_numbers(s) -> the numbers of s in the order written"),
    // calendar: dates are (year, month, day) tuples
    b("make_date", 3, 3, Returns::Tuple, "make_date(y, m, d) -> (y, m, d), an error if it is not a date"),
    b("is_date", 3, 3, Returns::Bool, "is_date(y, m, d) -> bool"),
    b("days_in_month", 2, 2, Returns::Int, "days_in_month(y, m) -> int"),
    b("add_days", 2, 2, Returns::Tuple, "add_days(date, n) -> date"),
    b("days_between", 2, 2, Returns::Int, "days_between(a, b) -> int: b minus a in days"),
    b("weekday", 1, 1, Returns::Int, "weekday(date) -> 0 (Monday) .. 6 (Sunday)"),
    b("weekday_ko", 1, 1, Returns::Str, "weekday_ko(i) -> \"월요일\" .. \"일요일\""),
    b("weekday_en", 1, 1, Returns::Str, "weekday_en(i) -> \"Monday\" .. \"Sunday\""),
    b("format_date", 1, 1, Returns::Str, "format_date(date) -> \"2001.3.5\""),
    b("format_date_ko", 1, 1, Returns::Str, "format_date_ko(date) -> \"2001년 3월 5일\""),
    b("ganji", 1, 1, Returns::Str, "ganji(i) -> the i-th of the 60 pairs, 0 = 갑자"),
    b("ganji_index", 1, 1, Returns::Int, "ganji_index(name) -> 0..59"),
    b("day_ganji", 1, 1, Returns::Int, "day_ganji(date) -> the day pillar's index (2000-01-01 = 54, 무오)"),
    b("year_ganji", 1, 1, Returns::Int, "year_ganji(y) -> (y - 4) mod 60, by the plain year number"),
    b("month_ganji", 2, 2, Returns::Int, "month_ganji(year_index, m) -> month pillar, m = 0 for the 寅 month (월두법)"),
    b("hour_ganji", 2, 2, Returns::Int, "hour_ganji(day_index, hour) -> hour pillar (시두법; 23:00 uses the next day)"),
    b("hour_branch", 1, 1, Returns::Int, "hour_branch(hour) -> 0 (자) .. 11 (해)"),
    b("zodiac", 1, 1, Returns::Str, "zodiac(y) -> the year's animal in Korean, by the plain year number"),
    b("solar_holidays", 0, 0, Returns::TupleList, "solar_holidays() -> [(ko, en, month, day)] of the fixed solar holidays"),
    b("relative_days", 0, 0, Returns::TupleList, "relative_days() -> [(word, offset)], e.g. (\"모레\", 2)"),
    b("solar_to_lunar", 1, 1, Returns::Tuple, "solar_to_lunar(date) -> (y, m, d, leap) in the Korean lunar calendar"),
    b("lunar_to_solar", 4, 4, Returns::Tuple, "lunar_to_solar(y, m, d, leap) -> date"),
    // word lists
    b("wordlist", 1, 2, Returns::StrList, "wordlist(name, lengths?) -> the words of a shipped list, only those of the given length(s) if asked"),
    // randomness (generate only)
    r("shuffle", 1, 1, Returns::List, "shuffle(xs) -> xs in random order"),
    r("permutation", 1, 1, Returns::IntList, "permutation(n) -> a random order of 0..n"),
    r("coin", 2, 2, Returns::Bool, "coin(p, q) -> true with probability p/q"),
    // search effort (generate only, once the constraint model exists)
    m("propagation_solves", 0, 0, Returns::Bool, "propagation_solves() -> whether propagation alone fixes every unknown"),
    m("search_nodes", 1, 1, Returns::Int, "search_nodes(limit) -> nodes of the fixed backtracking search (limit + 1 if more)"),
    m("explain", 0, 0, Returns::Map, "explain() -> { steps, givens, open, rounds, solved, contradiction }: the values propagation forces from the rules and clues in force, in order; a step is { rule, at, find, cell, value, reason, round }"),
];

/// The builtin called `name` (the first entry of that name), found through an
/// index built once per process: the evaluator looks a builtin up on every call.
pub fn find(name: &str) -> Option<&'static Builtin> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Builtin>> = OnceLock::new();
    INDEX
        .get_or_init(|| {
            let mut index = HashMap::with_capacity(BUILTINS.len());
            for b in BUILTINS {
                index.entry(b.name).or_insert(b);
            }
            index
        })
        .get(name)
        .copied()
}
