//! The `accept` condition at run time: the lambda text a record carries,
//! evaluated on a response with the record's `instance` and nothing else.
//!
//! Generation and `score` go through [`Acceptor`] alike: the gold must be
//! accepted by exactly the code that later judges responses.

use super::env::Env;
use super::interp::{expect_bool, Functions, Interp};
use super::value::Value;
use crate::compile::code::Unit;
use crate::source::SourceFile;
use crate::syntax::ast::{Expr, FnDecl};

/// No user functions: an `accept` condition sees only builtins.
struct NoFunctions;

impl Functions for NoFunctions {
    fn lookup(&self, _name: &str) -> Option<usize> {
        None
    }

    fn get(&self, _index: usize) -> Option<&FnDecl> {
        None
    }

    fn code(&self, _index: usize) -> Option<&Unit> {
        None
    }
}

/// A parsed `accept` lambda (`|r| BODY`).
#[derive(Debug, Clone)]
pub struct Acceptor {
    lambda: Expr,
}

impl Acceptor {
    /// Parses the lambda text stored in a record.
    pub fn parse(text: &str) -> Result<Acceptor, String> {
        let source = SourceFile::new("accept", text);
        let lambda = crate::syntax::parse_expr(&source)
            .map_err(|e| format!("the `accept` text does not parse: {e}"))?;
        Ok(Acceptor { lambda })
    }

    /// Whether `response` is accepted for an item with this `instance`
    /// (the record's JSON). An error means the condition could not be
    /// evaluated on this response.
    pub fn accepts(&self, instance: &serde_json::Value, response: &str) -> Result<bool, String> {
        let fns = NoFunctions;
        let mut interp = Interp::new(&fns, None);
        let env = Env::new().bind("instance", from_json(instance)?);
        let f = interp
            .eval(&self.lambda, &env)
            .map_err(|e| e.kind.to_string())?;
        let v = interp
            .call(&f, vec![Value::str(response)], self.lambda.span)
            .map_err(|e| e.kind.to_string())?;
        expect_bool(&v, self.lambda.span).map_err(|e| e.kind.to_string())
    }
}

/// A record's JSON read back as a value: arrays become lists, objects maps
/// with string keys; numbers must be 64-bit integers.
pub fn from_json(j: &serde_json::Value) -> Result<Value, String> {
    use serde_json::Value as J;
    Ok(match j {
        J::Null => return Err("`null` has no value in the spec language".into()),
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => Value::Int(
            n.as_i64()
                .ok_or_else(|| format!("`{n}` is not a 64-bit integer"))?,
        ),
        J::String(s) => Value::str(s),
        J::Array(xs) => Value::list(xs.iter().map(from_json).collect::<Result<_, _>>()?),
        J::Object(m) => Value::Map(std::rc::Rc::new(
            m.iter()
                .map(|(k, v)| Ok((Value::str(k), from_json(v)?)))
                .collect::<Result<_, String>>()?,
        )),
    })
}
