//! Runtime values of the spec language.

use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// A value. Lists, tuples and maps are immutable and cheap to clone.
#[derive(Clone)]
pub enum Value {
    /// A 64-bit integer; arithmetic overflow is an error.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A Unicode string.
    Str(Rc<str>),
    /// A list.
    List(Rc<Vec<Value>>),
    /// A tuple.
    Tuple(Rc<Vec<Value>>),
    /// An ordered map: keys keep insertion order.
    Map(Rc<Vec<(Value, Value)>>),
    /// A function value (lambda, user function or builtin).
    Func(Rc<Func>),
    /// An expression over the unknowns of a constraint model.
    Sym(Rc<super::sym::Sym>),
}

/// A callable value.
pub enum Func {
    /// A lambda with the values it closed over.
    Lambda {
        /// The lowered lambda, shared with the program.
        code: Arc<crate::compile::code::Lambda>,
        /// The enclosing locals it uses, in the order of its captures.
        captured: Vec<Value>,
        /// The outer environment its free names are found in.
        env: super::env::Env,
    },
    /// A top-level `fn` by index.
    User(usize),
    /// A builtin, by its entry in the builtin table.
    Builtin(&'static crate::eval::builtins::Builtin),
}

/// The type of a value, as named in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeName {
    /// `int`
    Int,
    /// `bool`
    Bool,
    /// `string`
    Str,
    /// `list`
    List,
    /// `tuple`
    Tuple,
    /// `map`
    Map,
    /// `function`
    Func,
    /// An expression over unknowns.
    Sym,
}

impl fmt::Display for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TypeName::Int => "int",
            TypeName::Bool => "bool",
            TypeName::Str => "string",
            TypeName::List => "list",
            TypeName::Tuple => "tuple",
            TypeName::Map => "map",
            TypeName::Func => "function",
            TypeName::Sym => "expression over unknowns",
        })
    }
}

impl Value {
    /// A string value.
    pub fn str(s: impl AsRef<str>) -> Value {
        Value::Str(Rc::from(s.as_ref()))
    }

    /// A list value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    /// A tuple value.
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Rc::new(items))
    }

    /// The value's type.
    pub fn type_name(&self) -> TypeName {
        match self {
            Value::Int(_) => TypeName::Int,
            Value::Bool(_) => TypeName::Bool,
            Value::Str(_) => TypeName::Str,
            Value::List(_) => TypeName::List,
            Value::Tuple(_) => TypeName::Tuple,
            Value::Map(_) => TypeName::Map,
            Value::Func(_) => TypeName::Func,
            Value::Sym(_) => TypeName::Sym,
        }
    }

    /// Total order used by `sort`, `min`, `max` and comparisons. Values of
    /// different types are ordered by type; functions compare equal.
    pub fn cmp_total(&self, other: &Value) -> Ordering {
        use Value::*;
        match (self, other) {
            (Int(a), Int(b)) => a.cmp(b),
            (Bool(a), Bool(b)) => a.cmp(b),
            (Str(a), Str(b)) => a.cmp(b),
            (List(a), List(b)) | (Tuple(a), Tuple(b)) => cmp_seq(a, b),
            (Map(a), Map(b)) => {
                for ((ka, va), (kb, vb)) in a.iter().zip(b.iter()) {
                    let o = ka.cmp_total(kb).then_with(|| va.cmp_total(vb));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                a.len().cmp(&b.len())
            }
            (Func(_), Func(_)) | (Sym(_), Sym(_)) => Ordering::Equal,
            _ => rank(self).cmp(&rank(other)),
        }
    }

    /// Looks up a key in a map: the value of the first entry whose key
    /// equals it (found by hash in large maps, see [`super::map_index`]).
    pub fn map_get(entries: &Rc<Vec<(Value, Value)>>, key: &Value) -> Option<Value> {
        super::map_index::position(entries, key).map(|p| entries[p].1.clone())
    }

    /// The text shown when the value is placed in a template.
    pub fn display(&self) -> String {
        match self {
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Str(s) => s.to_string(),
            Value::List(items) => items
                .iter()
                .map(Value::display)
                .collect::<Vec<_>>()
                .join(", "),
            Value::Tuple(items) => format!(
                "({})",
                items
                    .iter()
                    .map(Value::display)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Map(entries) => format!(
                "{{{}}}",
                entries
                    .iter()
                    .map(|(k, v)| format!("{}: {}", k.display(), v.display()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Func(_) => "<function>".to_string(),
            Value::Sym(s) => s.to_string(),
        }
    }

    /// The value as JSON (maps with string keys become objects, other maps
    /// become lists of `[key, value]` pairs; tuples become arrays).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Value::Int(i) => J::from(*i),
            Value::Bool(b) => J::Bool(*b),
            Value::Str(s) => J::String(s.to_string()),
            Value::List(items) | Value::Tuple(items) => {
                J::Array(items.iter().map(Value::to_json).collect())
            }
            Value::Map(entries) => {
                if entries.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
                    let mut obj = serde_json::Map::new();
                    for (k, v) in entries.iter() {
                        obj.insert(k.display(), v.to_json());
                    }
                    J::Object(obj)
                } else {
                    J::Array(
                        entries
                            .iter()
                            .map(|(k, v)| J::Array(vec![k.to_json(), v.to_json()]))
                            .collect(),
                    )
                }
            }
            Value::Func(_) | Value::Sym(_) => J::Null,
        }
    }
}

fn cmp_seq(a: &[Value], b: &[Value]) -> Ordering {
    for (x, y) in a.iter().zip(b.iter()) {
        let o = x.cmp_total(y);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

fn rank(v: &Value) -> u8 {
    match v {
        Value::Bool(_) => 0,
        Value::Int(_) => 1,
        Value::Str(_) => 2,
        Value::Tuple(_) => 3,
        Value::List(_) => 4,
        Value::Map(_) => 5,
        Value::Func(_) => 6,
        Value::Sym(_) => 7,
    }
}

impl PartialEq for Value {
    /// Same type and [`Value::cmp_total`] equal (computed without ordering).
    fn eq(&self, other: &Value) -> bool {
        self.type_name() == other.type_name() && total_eq(self, other)
    }
}

/// Whether `a.cmp_total(b)` is `Equal`, without ordering anything.
fn total_eq(a: &Value, b: &Value) -> bool {
    use Value::*;
    let seq = |x: &[Value], y: &[Value]| {
        x.len() == y.len() && x.iter().zip(y).all(|(x, y)| total_eq(x, y))
    };
    match (a, b) {
        (Int(x), Int(y)) => x == y,
        (Bool(x), Bool(y)) => x == y,
        (Str(x), Str(y)) => x == y,
        (List(x), List(y)) | (Tuple(x), Tuple(y)) => Rc::ptr_eq(x, y) || seq(x, y),
        (Map(x), Map(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((ka, va), (kb, vb))| total_eq(ka, kb) && total_eq(va, vb)))
        }
        (Func(_), Func(_)) | (Sym(_), Sym(_)) => true,
        _ => rank(a) == rank(b),
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => f.debug_list().entries(items.iter()).finish(),
            other => f.write_str(&other.display()),
        }
    }
}
