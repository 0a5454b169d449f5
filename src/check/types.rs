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
    use crate::eval::builtins::{find, Returns};
    match find(name).map(|b| b.returns) {
        Some(Returns::Int) => Ty::Int,
        Some(Returns::Bool) => Ty::Bool,
        Some(Returns::Str) => Ty::Str,
        Some(Returns::IntList) => Ty::list(Ty::Int),
        Some(Returns::StrList) => Ty::list(Ty::Str),
        Some(Returns::TupleList) => Ty::list(Ty::Tuple),
        Some(Returns::List) => Ty::list(Ty::Any),
        Some(Returns::Tuple) => Ty::Tuple,
        Some(Returns::Map) => Ty::Map,
        Some(Returns::Any) | None => Ty::Any,
    }
}
