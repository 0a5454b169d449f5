//! Arithmetic expressions written as text (`6 × 5 - (7 - 1)`): a bounded
//! recursive-descent parser and an exact rational evaluator, used by the
//! builtins `is_arith`, `arith_value`, `arith_shape` and `arith_numbers`.
//!
//! Grammar (whitespace allowed between tokens):
//!
//! ```text
//! expr   = term   (("+" | "-" | "−") term)*
//! term   = factor (("*" | "×" | "·" | "/" | "÷") factor)*
//! factor = number | "(" expr ")"
//! number = "0" | [1-9][0-9]*          (at most 15 digits)
//! ```
//!
//! There is no unary minus, no exponent, no decimal point. Nothing is ever
//! executed: the text is only tokenised and folded over exact fractions of
//! `i128` with checked arithmetic, so overflow, division by zero, a nesting
//! deeper than [`MAX_DEPTH`] or a text longer than [`MAX_CHARS`] is an
//! error, never a panic.

use super::error::{EvalError, EvalResult};
use super::value::Value;
use crate::span::Span;

/// The longest text read, in characters.
pub const MAX_CHARS: usize = 10_000;
/// The deepest parenthesis nesting read.
pub const MAX_DEPTH: usize = 64;
/// The most digits of one number.
const MAX_DIGITS: usize = 15;

/// An exact fraction in lowest terms with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    /// Numerator.
    pub num: i128,
    /// Denominator, always positive.
    pub den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    fn new(num: i128, den: i128) -> Result<Ratio, String> {
        if den == 0 {
            return Err("division by zero".into());
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg().ok_or("number too large")?;
            d = d.checked_neg().ok_or("number too large")?;
        }
        Ok(Ratio { num: n, den: d })
    }

    fn apply(self, op: char, o: Ratio) -> Result<Ratio, String> {
        let big = || "number too large".to_string();
        match op {
            '+' | '-' => {
                let l = self.num.checked_mul(o.den).ok_or_else(big)?;
                let r = o.num.checked_mul(self.den).ok_or_else(big)?;
                let n = if op == '+' {
                    l.checked_add(r)
                } else {
                    l.checked_sub(r)
                };
                Ratio::new(
                    n.ok_or_else(big)?,
                    self.den.checked_mul(o.den).ok_or_else(big)?,
                )
            }
            '*' => Ratio::new(
                self.num.checked_mul(o.num).ok_or_else(big)?,
                self.den.checked_mul(o.den).ok_or_else(big)?,
            ),
            _ => Ratio::new(
                self.num.checked_mul(o.den).ok_or_else(big)?,
                self.den.checked_mul(o.num).ok_or_else(big)?,
            ),
        }
    }
}

/// A parsed arithmetic text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arith {
    /// The exact value.
    pub value: Ratio,
    /// The integer literals, in the order written.
    pub numbers: Vec<i64>,
    /// The text with every number replaced by `?`, operators written
    /// `+ - * /`, parentheses kept and white space removed.
    pub shape: String,
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    numbers: &'a mut Vec<i64>,
    shape: &'a mut String,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn expr(&mut self) -> Result<Ratio, String> {
        let mut acc = self.term()?;
        loop {
            let op = match self.peek() {
                Some('+') => '+',
                Some('-' | '−') => '-',
                _ => return Ok(acc),
            };
            self.pos += 1;
            self.shape.push(op);
            let rhs = self.term()?;
            acc = acc.apply(op, rhs)?;
        }
    }

    fn term(&mut self) -> Result<Ratio, String> {
        let mut acc = self.factor()?;
        loop {
            let op = match self.peek() {
                Some('*' | '×' | '·') => '*',
                Some('/' | '÷') => '/',
                _ => return Ok(acc),
            };
            self.pos += 1;
            self.shape.push(op);
            let rhs = self.factor()?;
            acc = acc.apply(op, rhs)?;
        }
    }

    fn factor(&mut self) -> Result<Ratio, String> {
        match self.peek() {
            Some('(') => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(format!("parentheses nested deeper than {MAX_DEPTH}"));
                }
                self.pos += 1;
                self.shape.push('(');
                let v = self.expr()?;
                if self.peek() != Some(')') {
                    return Err("a `(` is not closed".into());
                }
                self.pos += 1;
                self.shape.push(')');
                self.depth -= 1;
                Ok(v)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
                    self.pos += 1;
                }
                let digits: String = self.chars[start..self.pos].iter().collect();
                if digits.len() > 1 && digits.starts_with('0') {
                    return Err(format!("the number `{digits}` has a leading zero"));
                }
                if digits.len() > MAX_DIGITS {
                    return Err(format!("a number has more than {MAX_DIGITS} digits"));
                }
                let n: i64 = digits.parse().map_err(|_| "number too large".to_string())?;
                self.numbers.push(n);
                self.shape.push('?');
                Ratio::new(i128::from(n), 1)
            }
            Some(c) => Err(format!("unexpected `{c}`")),
            None => Err("the expression ends too early".into()),
        }
    }
}

/// Parses and evaluates `text`, or says why it is not an arithmetic
/// expression of the grammar above.
pub fn parse(text: &str) -> Result<Arith, String> {
    let chars: Vec<char> = text.chars().take(MAX_CHARS + 1).collect();
    if chars.len() > MAX_CHARS {
        return Err(format!("longer than {MAX_CHARS} characters"));
    }
    let mut numbers = Vec::new();
    let mut shape = String::new();
    let mut p = Parser {
        chars,
        pos: 0,
        depth: 0,
        numbers: &mut numbers,
        shape: &mut shape,
    };
    let value = p.expr()?;
    if let Some(c) = p.peek() {
        return Err(format!("unexpected `{c}`"));
    }
    Ok(Arith {
        value,
        numbers,
        shape,
    })
}

fn text_arg(args: &[Value], span: Span) -> EvalResult<std::rc::Rc<str>> {
    super::interp::expect_str(&args[0], span)
}

fn parsed(args: &[Value], span: Span) -> EvalResult<Arith> {
    let s = text_arg(args, span)?;
    parse(&s).map_err(|why| {
        EvalError::invalid(
            format!("\"{s}\" is not an arithmetic expression: {why}"),
            span,
        )
    })
}

/// The arithmetic builtins, or `None` for other names. Arity is checked by
/// the caller.
pub fn call(name: &str, args: &[Value], span: Span) -> Option<EvalResult<Value>> {
    Some(match name {
        "is_arith" => text_arg(args, span).map(|s| {
            Value::Bool(parse(&s).is_ok_and(|a| {
                i64::try_from(a.value.num).is_ok() && i64::try_from(a.value.den).is_ok()
            }))
        }),
        "arith_value" => parsed(args, span).and_then(|a| {
            match (i64::try_from(a.value.num), i64::try_from(a.value.den)) {
                (Ok(n), Ok(d)) => Ok(Value::tuple(vec![Value::Int(n), Value::Int(d)])),
                _ => Err(EvalError::invalid(
                    "the value of the expression does not fit in 64 bits",
                    span,
                )),
            }
        }),
        "arith_shape" => parsed(args, span).map(|a| Value::str(a.shape)),
        "arith_numbers" => {
            parsed(args, span).map(|a| Value::list(a.numbers.into_iter().map(Value::Int).collect()))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> (i128, i128) {
        let a = parse(s).unwrap();
        (a.value.num, a.value.den)
    }

    #[test]
    fn precedence_and_fractions() {
        assert_eq!(v("6 × 5 - (7 - 1)"), (24, 1));
        assert_eq!(v("8/(3-8/3)"), (24, 1));
        assert_eq!(v("1/3"), (1, 3));
        assert_eq!(v("2-3"), (-1, 1));
        assert_eq!(v("6+2*3-2"), (10, 1));
        assert_eq!(v("10 ÷ 4 − 1"), (3, 2));
        assert_eq!(parse("6 × 5 - (7 - 1)").unwrap().shape, "?*?-(?-?)");
        assert_eq!(parse("(1+2)*3").unwrap().numbers, vec![1, 2, 3]);
    }

    #[test]
    fn rejects() {
        for bad in [
            "", "1+", "-1", "(1", "1)", "1 2", "01", "2^3", "1.5", "x", "1/0", "1/(2-2)", "()",
            "1++2",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert!(parse(&deep).is_err());
        let huge = format!("{}9", "999999999999999*".repeat(10));
        assert!(parse(&huge).is_err());
    }
}
