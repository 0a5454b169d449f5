//! The `polynomial` kind: a polynomial in one or more single-letter
//! variables with rational coefficients, compared as a polynomial (two
//! answers are the same when they expand to the same polynomial).
//!
//! Read: integers, decimals (`0.5`) and fractions, `+ - * /` (dividing by
//! a nonzero constant only), `^` or `**` with a non-negative integer
//! exponent (also `^{2}` and superscript digits), parentheses and braces,
//! juxtaposition as product (`2xy`, `3(x+1)`), and the LaTeX forms
//! `\frac{a}{b}`, `\cdot`, `\times`, `\left(` / `\right)`. Anything else
//! (a function such as `sin`, a variable in a denominator) is not a
//! polynomial.
//!
//! Canonical: the expanded terms by total degree, highest first, then by
//! the exponents of the variables in alphabetical order, highest first
//! (`x^2 > xy > y^2`); a term is its coefficient (omitted when 1, `-` when
//! −1, `(3/2)` when a fraction) then its variables in alphabetical order
//! (`x^2y`); `0` for the zero polynomial: `3x^2-(1/2)xy+y-7`.

use super::error::AnswerError;
use std::cmp::Ordering;
use std::collections::BTreeMap;

const KIND: &str = "polynomial";
/// The highest exponent read (and total degree kept).
const MAX_DEGREE: u32 = 64;
/// The most characters read.
const MAX_LEN: usize = 4096;

/// A rational number in lowest terms, denominator positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i128
}

fn overflow() -> AnswerError {
    AnswerError::invalid(KIND, "a coefficient is too large")
}

impl Q {
    fn new(n: i128, d: i128) -> Result<Q, AnswerError> {
        if d == 0 {
            return Err(AnswerError::invalid(KIND, "division by zero"));
        }
        let g = gcd(n, d).max(1);
        let (n, d) = (n / g, d / g);
        Ok(if d < 0 {
            Q(n.checked_neg().ok_or_else(overflow)?, -d)
        } else {
            Q(n, d)
        })
    }
    fn add(self, o: Q) -> Result<Q, AnswerError> {
        let n = self
            .0
            .checked_mul(o.1)
            .and_then(|a| o.0.checked_mul(self.1).and_then(|b| a.checked_add(b)));
        let d = self.1.checked_mul(o.1);
        Q::new(n.ok_or_else(overflow)?, d.ok_or_else(overflow)?)
    }
    fn mul(self, o: Q) -> Result<Q, AnswerError> {
        let n = self.0.checked_mul(o.0).ok_or_else(overflow)?;
        Q::new(n, self.1.checked_mul(o.1).ok_or_else(overflow)?)
    }
}

/// A monomial: (variable, exponent ≥ 1) pairs sorted by variable.
type Mono = Vec<(char, u32)>;

/// A polynomial: monomial → nonzero coefficient.
#[derive(Debug, Clone, PartialEq)]
struct Poly(BTreeMap<Mono, Q>);

impl Poly {
    fn constant(q: Q) -> Poly {
        let mut m = BTreeMap::new();
        if q.0 != 0 {
            m.insert(Vec::new(), q);
        }
        Poly(m)
    }
    fn var(c: char) -> Poly {
        Poly(BTreeMap::from([(vec![(c, 1)], Q(1, 1))]))
    }
    fn as_constant(&self) -> Option<Q> {
        match self.0.len() {
            0 => Some(Q(0, 1)),
            1 => self.0.get(&Vec::new()).copied(),
            _ => None,
        }
    }
    fn add(&self, o: &Poly, sign: i128) -> Result<Poly, AnswerError> {
        let mut out = self.0.clone();
        for (m, &q) in &o.0 {
            let q = Q(q.0 * sign, q.1);
            let sum = match out.get(m) {
                Some(&p) => p.add(q)?,
                None => q,
            };
            if sum.0 == 0 {
                out.remove(m);
            } else {
                out.insert(m.clone(), sum);
            }
        }
        Ok(Poly(out))
    }
    fn mul(&self, o: &Poly) -> Result<Poly, AnswerError> {
        let mut out = Poly(BTreeMap::new());
        for (ma, &qa) in &self.0 {
            for (mb, &qb) in &o.0 {
                let m = mono_mul(ma, mb)?;
                out = out.add(&Poly(BTreeMap::from([(m, qa.mul(qb)?)])), 1)?;
            }
        }
        Ok(out)
    }
    fn pow(&self, k: u32) -> Result<Poly, AnswerError> {
        let mut out = Poly::constant(Q(1, 1));
        for _ in 0..k {
            out = out.mul(self)?;
        }
        Ok(out)
    }
}

fn degree(m: &Mono) -> u32 {
    m.iter().map(|&(_, e)| e).sum()
}

fn mono_mul(a: &Mono, b: &Mono) -> Result<Mono, AnswerError> {
    let mut map: BTreeMap<char, u32> = a.iter().copied().collect();
    for &(c, e) in b {
        *map.entry(c).or_insert(0) += e;
    }
    let m: Mono = map.into_iter().collect();
    if degree(&m) > MAX_DEGREE {
        return Err(AnswerError::invalid(KIND, "the degree is too high"));
    }
    Ok(m)
}

/// The canonical order: total degree, then exponents by variable, highest first.
fn canonical_order(a: &Mono, b: &Mono) -> Ordering {
    degree(b).cmp(&degree(a)).then_with(|| {
        let vars: std::collections::BTreeSet<char> =
            a.iter().chain(b.iter()).map(|&(c, _)| c).collect();
        let exp = |m: &Mono, c: char| m.iter().find(|p| p.0 == c).map_or(0, |p| p.1);
        vars.iter()
            .map(|&c| exp(b, c).cmp(&exp(a, c)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

fn print(p: &Poly) -> String {
    let mut terms: Vec<(&Mono, &Q)> = p.0.iter().collect();
    terms.sort_by(|a, b| canonical_order(a.0, b.0));
    let mut out = String::new();
    for (i, (m, q)) in terms.iter().enumerate() {
        let negative = q.0 < 0;
        let (n, d) = (q.0.unsigned_abs(), q.1);
        if negative {
            out.push('-');
        } else if i > 0 {
            out.push('+');
        }
        let vars: String = m
            .iter()
            .map(|&(c, e)| {
                if e == 1 {
                    c.to_string()
                } else {
                    format!("{c}^{e}")
                }
            })
            .collect();
        match (vars.is_empty(), d == 1) {
            (true, true) => out.push_str(&n.to_string()),
            (true, false) => out.push_str(&format!("{n}/{d}")),
            (false, true) if n == 1 => {}
            (false, true) => out.push_str(&n.to_string()),
            (false, false) => out.push_str(&format!("({n}/{d})")),
        }
        out.push_str(&vars);
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// The text with LaTeX spellings replaced and spaces removed.
fn prepare(text: &str) -> String {
    let mut t = text.to_string();
    for (from, to) in [
        ("\\left", ""),
        ("\\right", ""),
        ("\\cdot", "*"),
        ("\\times", "*"),
        ("×", "*"),
        ("·", "*"),
        ("⋅", "*"),
        ("**", "^"),
        ("−", "-"),
    ] {
        t = t.replace(from, to);
    }
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn fail(&self, what: &str) -> AnswerError {
        AnswerError::invalid(KIND, format!("{what} at character {}", self.at + 1))
    }
    fn expr(&mut self, depth: u32) -> Result<Poly, AnswerError> {
        if depth > 64 {
            return Err(self.fail("too deeply nested"));
        }
        let mut acc = self.term(depth)?;
        loop {
            if self.eat('+') {
                acc = acc.add(&self.term(depth)?, 1)?;
            } else if self.eat('-') {
                acc = acc.add(&self.term(depth)?, -1)?;
            } else {
                return Ok(acc);
            }
        }
    }
    fn term(&mut self, depth: u32) -> Result<Poly, AnswerError> {
        let mut acc = self.unary(depth)?;
        loop {
            if self.eat('*') {
                acc = acc.mul(&self.unary(depth)?)?;
            } else if self.eat('/') {
                let d = self.unary(depth)?;
                let q = d
                    .as_constant()
                    .ok_or_else(|| self.fail("division by a non-constant"))?;
                acc = acc.mul(&Poly::constant(Q::new(q.1, q.0)?))?;
            } else if matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == '(' || c == '{' || c == '\\')
            {
                acc = acc.mul(&self.power(depth)?)?;
            } else {
                return Ok(acc);
            }
        }
    }
    fn unary(&mut self, depth: u32) -> Result<Poly, AnswerError> {
        if self.eat('-') {
            return Poly::constant(Q(0, 1)).add(&self.unary(depth + 1)?, -1);
        }
        if self.eat('+') {
            return self.unary(depth + 1);
        }
        self.power(depth)
    }
    fn power(&mut self, depth: u32) -> Result<Poly, AnswerError> {
        let base = self.atom(depth)?;
        let mut exp = String::new();
        if self.eat('^') {
            let braced = self.eat('{');
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                exp.push(c);
                self.at += 1;
            }
            if exp.is_empty() || (braced && !self.eat('}')) {
                return Err(self.fail("an exponent that is not a non-negative integer"));
            }
        } else {
            while let Some(d) = self.peek().and_then(superscript) {
                exp.push(d);
                self.at += 1;
            }
        }
        if exp.is_empty() {
            return Ok(base);
        }
        match exp.parse::<u32>() {
            Ok(k) if k <= MAX_DEGREE => base.pow(k),
            _ => Err(self.fail("an exponent that is not an integer up to 64")),
        }
    }
    fn atom(&mut self, depth: u32) -> Result<Poly, AnswerError> {
        match self.peek() {
            Some('(') | Some('{') => {
                let close = if self.peek() == Some('(') { ')' } else { '}' };
                self.at += 1;
                let inner = self.expr(depth + 1)?;
                if !self.eat(close) {
                    return Err(self.fail("an unclosed bracket"));
                }
                Ok(inner)
            }
            Some('\\') => {
                let rest: String = self.chars[self.at..].iter().collect();
                if !rest.starts_with("\\frac{") {
                    return Err(self.fail("a LaTeX command other than \\frac"));
                }
                self.at += "\\frac".len();
                let num = self.atom(depth + 1)?;
                let den = self.atom(depth + 1)?;
                let q = den
                    .as_constant()
                    .ok_or_else(|| self.fail("division by a non-constant"))?;
                num.mul(&Poly::constant(Q::new(q.1, q.0)?))
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_ascii_alphabetic() => {
                self.at += 1;
                if matches!(self.peek(), Some(n) if n.is_ascii_alphabetic()) && self.function_name()
                {
                    return Err(self.fail("a function, not a polynomial"));
                }
                Ok(Poly::var(c))
            }
            _ => Err(self.fail("a number, a variable or a bracket expected")),
        }
    }
    /// Whether the letters from the previous one spell a function name.
    fn function_name(&self) -> bool {
        let word: String = self.chars[self.at - 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        ["sin", "cos", "tan", "log", "ln", "exp", "sqrt", "arc"]
            .iter()
            .any(|f| word.starts_with(f))
    }
    fn number(&mut self) -> Result<Poly, AnswerError> {
        let start = self.at;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit() || c == '.') {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        if frac.contains('.')
            || (int.is_empty() && frac.is_empty())
            || frac.len() > 30
            || int.len() > 30
        {
            return Err(self.fail("a malformed number"));
        }
        let digits = format!("{int}{frac}");
        let n: i128 = digits
            .parse()
            .map_err(|_| self.fail("a malformed number"))?;
        let d = 10i128.pow(frac.len() as u32);
        Ok(Poly::constant(Q::new(n, d)?))
    }
}

fn superscript(c: char) -> Option<char> {
    "⁰¹²³⁴⁵⁶⁷⁸⁹"
        .chars()
        .position(|s| s == c)
        .and_then(|i| char::from_digit(i as u32, 10))
}

/// Canonical `polynomial` (see the module docs).
pub(crate) fn normalize_polynomial(text: &str) -> Result<String, AnswerError> {
    let t = super::text::clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    if t.chars().count() > MAX_LEN {
        return Err(AnswerError::invalid(KIND, "the answer is too long"));
    }
    let prepared = prepare(t);
    let mut parser = Parser {
        chars: prepared.chars().collect(),
        at: 0,
    };
    let poly = parser.expr(0)?;
    if parser.at != parser.chars.len() {
        return Err(parser.fail("unexpected text"));
    }
    Ok(print(&poly))
}

#[cfg(test)]
mod tests {
    use super::normalize_polynomial as n;

    #[test]
    fn equal_polynomials_have_one_canonical_text() {
        for (text, canon) in [
            ("2x+3", "2x+3"),
            ("3 + 2*x", "2x+3"),
            ("x*y + x^2 + y^2", "x^2+xy+y^2"),
            ("(x+1)^2", "x^2+2x+1"),
            ("\\frac{1}{2}x^{2} - x", "(1/2)x^2-x"),
            ("0.5x²-x", "(1/2)x^2-x"),
            ("y+2+2x", "2x+y+2"),
            ("x - x", "0"),
            ("-x^3+3x^2y", "-x^3+3x^2y"),
            ("3(x+1) - 3", "3x"),
            ("x**2/4", "(1/4)x^2"),
        ] {
            assert_eq!(n(text).as_deref(), Ok(canon), "{text}");
            assert_eq!(n(canon).as_deref(), Ok(canon), "canonical {canon}");
        }
    }

    #[test]
    fn functions_and_bad_shapes_are_not_polynomials() {
        for text in [
            "\\sin(x)",
            "sin(x)",
            "1/x",
            "x^-1",
            "x^{1.5}",
            "(x+1",
            "e^x + 1 +",
            "x^99",
        ] {
            assert!(n(text).is_err(), "{text}");
        }
    }
}
