//! Static types, as far as they can be known before running a spec.

use std::fmt;

/// A static type; `Any` when it cannot be known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// Unknown.
    Any,
    /// `int`
    Int,
    /// `bool`
    Bool,
    /// `string`
    Str,
    /// A list with element type.
    List(Box<Ty>),
    /// A tuple.
    Tuple,
    /// A map.
    Map,
    /// A function.
    Func,
}

impl Ty {
    /// A list of `t`.
    pub fn list(t: Ty) -> Ty {
        Ty::List(Box::new(t))
    }

    /// Whether a value of this type can be used where `want` is needed.
    pub fn fits(&self, want: &Ty) -> bool {
        match (self, want) {
            (Ty::Any, _) | (_, Ty::Any) => true,
            (Ty::List(a), Ty::List(b)) => a.fits(b),
            (a, b) => a == b,
        }
    }

    /// The element type when iterating over this type.
    pub fn element(&self) -> Ty {
        match self {
            Ty::List(t) => (**t).clone(),
            Ty::Str => Ty::Str,
            Ty::Map => Ty::Tuple,
            _ => Ty::Any,
        }
    }

    /// The type with an article, for messages.
    pub fn described(&self) -> String {
        match self {
            Ty::Any => "a value".into(),
            Ty::Int => "an int".into(),
            _ => format!("a {self}"),
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Any => f.write_str("value"),
            Ty::Int => f.write_str("int"),
            Ty::Bool => f.write_str("bool"),
            Ty::Str => f.write_str("string"),
            Ty::List(t) if **t == Ty::Any => f.write_str("list"),
            Ty::List(t) => write!(f, "list of {t}"),
            Ty::Tuple => f.write_str("tuple"),
            Ty::Map => f.write_str("map"),
            Ty::Func => f.write_str("function"),
        }
    }
}

/// The result type of a builtin, when it does not depend on its arguments.
pub fn builtin_result(name: &str) -> Ty {
    match name {
        "len" | "sum" | "product" | "index_of" | "count" | "abs" | "pow" | "div" | "mod"
        | "sign" | "int" | "ord" | "letter_index" | "to_int" | "days_in_month" | "days_between"
        | "weekday" | "ganji_index" | "day_ganji" | "year_ganji" | "month_ganji" | "hour_ganji"
        | "hour_branch" => Ty::Int,
        "any" | "all" | "alldiff" | "implies" | "iff" | "xor" | "is_date" | "contains"
        | "starts_with" | "ends_with" | "is_letter" | "is_syllable" | "has_final"
        | "is_double_final" | "coin" => Ty::Bool,
        "str" | "join" | "upper" | "lower" | "trim" | "trim_end" | "replace" | "pad_left"
        | "chr" | "alphabet" | "letter" | "commas" | "plural" | "ordinal" | "join_en"
        | "join_ko" | "grid" | "table" | "josa" | "concat" | "shift_initial" | "shift_medial"
        | "shift_final" => Ty::Str,
        "range" | "digits" | "permutation" | "argsort" => Ty::list(Ty::Int),
        "chars" | "split" | "initials" | "medials" | "finals" | "jamo" => Ty::list(Ty::Str),
        "zip" | "enumerate" => Ty::list(Ty::Tuple),
        "keys" | "values" | "map" | "filter" | "unique" | "flatten" | "chunks" | "transpose"
        | "set_at" | "shuffle" | "sort" | "sort_by" => Ty::list(Ty::Any),
        "decompose" | "make_date" | "add_days" | "solar_to_lunar" | "lunar_to_solar" => Ty::Tuple,
        "solar_holidays" | "relative_days" => Ty::list(Ty::Tuple),
        "insert" | "to_map" | "group_count" => Ty::Map,
        _ => Ty::Any,
    }
}
