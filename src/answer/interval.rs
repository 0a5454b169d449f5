//! The `Interval` kind: a set of real numbers written as inequalities or
//! intervals, read into a [`RealSet`] and printed canonically.

use super::error::AnswerError;
use super::interval_set::{Pt, Rat, RealSet, Span};
use super::text::clean;

const KIND: &str = "interval";

/// Tokens read per answer at most (longer texts are not an interval answer).
const MAX_TOKENS: usize = 4096;

/// Canonical `Interval`: the set's sorted, disjoint pieces joined by ` or `,
/// each `x<b`, `x≤b`, `x>a`, `x≥a`, `x=a`, `a<x<b` (with `≤` for closed
/// ends); endpoints are integers or reduced fractions `-3/2`; `ℝ` for every
/// real and `∅` for none.
///
/// Accepted: inequalities in any variable letter and either order (`X ≥ 8`,
/// `8<=x`, `-2<x≤5`), `and`/`∧`/`&&` to intersect, `or`/`∪`/`U`/`∨`/`||`
/// to unite, `≠`; interval notation `[8, ∞)`, `(-inf, 1) ∪ (3, +∞)`;
/// `{x | …}`, `x ∈ …`; decimals; LaTeX `\geq`, `\le`, `\infty`, `\cup` …;
/// `R`, `ℝ`, `all real numbers`; `∅`, `{}`, `none`, `empty`, `no solution`.
pub(crate) fn normalize_interval(text: &str) -> Result<String, AnswerError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let t = untex(t);
    let t = t.trim();
    let words = t.to_ascii_lowercase();
    if matches!(
        words.as_str(),
        "∅" | "{}" | "none" | "empty" | "empty set" | "no solution" | "no solutions"
    ) {
        return Ok("∅".to_string());
    }
    if matches!(
        words.as_str(),
        "ℝ" | "r" | "all real numbers" | "all reals" | "every real number"
    ) {
        return Ok("ℝ".to_string());
    }
    let body = strip_membership(strip_builder(t)?);
    let tokens = tokenize(body)?;
    Ok(Parser { tokens, at: 0 }.union()?.text())
}

fn invalid(reason: impl Into<String>) -> AnswerError {
    AnswerError::invalid(KIND, reason)
}

/// Replaces LaTeX commands by the symbols they print (`\geq` → `≥`).
fn untex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('\\') {
        out.push_str(&rest[..p]);
        let after = &rest[p + 1..];
        let name_len = after
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after.len());
        let (name, tail) = if name_len == 0 {
            after.split_at(after.chars().next().map_or(0, char::len_utf8))
        } else {
            after.split_at(name_len)
        };
        out.push_str(match name {
            "geq" | "ge" | "geqslant" => "≥",
            "leq" | "le" | "leqslant" => "≤",
            "neq" | "ne" => "≠",
            "lt" => "<",
            "gt" => ">",
            "infty" => "∞",
            "cup" => "∪",
            "cap" | "land" | "wedge" => "∧",
            "lor" | "vee" => "∨",
            "in" => "∈",
            "mid" | "vert" => "|",
            "{" => "{",
            "}" => "}",
            "mathbb" if tail.starts_with("{R}") => "ℝ",
            _ => " ",
        });
        rest = if name == "mathbb" && tail.starts_with("{R}") {
            &tail[3..]
        } else {
            tail
        };
    }
    out.push_str(rest);
    out
}

/// `{x | x ≥ 8}` or `{x : x ≥ 8}` → `x ≥ 8`.
fn strip_builder(t: &str) -> Result<&str, AnswerError> {
    let Some(inner) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) else {
        return Ok(t);
    };
    match inner.find(['|', ':']) {
        Some(p) => Ok(inner[p + 1..].trim()),
        None => Err(invalid("a set in braces needs `{x | condition}`")),
    }
}

/// `x ∈ [8, ∞)` or `x in [8, ∞)` → `[8, ∞)`.
fn strip_membership(t: &str) -> &str {
    let mut cs = t.char_indices();
    match (cs.next(), cs.next()) {
        (Some((_, v)), Some((p, _))) if v.is_ascii_alphabetic() => {
            let rest = t[p..].trim_start();
            rest.strip_prefix('∈')
                .or_else(|| rest.strip_prefix("in "))
                .map_or(t, str::trim_start)
        }
        _ => t,
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Op {
    /// The relation seen from the other side (`a < x` is `x > a`).
    fn flip(self) -> Op {
        match self {
            Op::Lt => Op::Gt,
            Op::Le => Op::Ge,
            Op::Gt => Op::Lt,
            Op::Ge => Op::Le,
            other => other,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Num(Pt),
    Var(char),
    Op(Op),
    Open(bool),
    Close(bool),
    Comma,
    Or,
    And,
}

fn symbol(c: char, next: Option<char>) -> Option<(Tok, usize)> {
    let two = |t: Tok| Some((t, 2));
    let one = |t: Tok| Some((t, 1));
    match (c, next) {
        ('<', Some('=')) => two(Tok::Op(Op::Le)),
        ('>', Some('=')) => two(Tok::Op(Op::Ge)),
        ('<', Some('>')) | ('!', Some('=')) => two(Tok::Op(Op::Ne)),
        ('=', Some('=')) => two(Tok::Op(Op::Eq)),
        ('|', Some('|')) => two(Tok::Or),
        ('&', Some('&')) => two(Tok::And),
        ('<', _) => one(Tok::Op(Op::Lt)),
        ('>', _) => one(Tok::Op(Op::Gt)),
        ('=', _) => one(Tok::Op(Op::Eq)),
        ('≤' | '⩽' | '≦', _) => one(Tok::Op(Op::Le)),
        ('≥' | '⩾' | '≧', _) => one(Tok::Op(Op::Ge)),
        ('≠', _) => one(Tok::Op(Op::Ne)),
        ('∪' | '∨', _) => one(Tok::Or),
        ('∧' | '&', _) => one(Tok::And),
        ('(', _) => one(Tok::Open(false)),
        ('[', _) => one(Tok::Open(true)),
        (')', _) => one(Tok::Close(false)),
        (']', _) => one(Tok::Close(true)),
        (',', _) => one(Tok::Comma),
        ('∞', _) => one(Tok::Num(Pt::PosInf)),
        _ => None,
    }
}

fn tokenize(s: &str) -> Result<Vec<Tok>, AnswerError> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if out.len() > MAX_TOKENS {
            return Err(invalid("too long for an interval answer"));
        }
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if let Some((tok, n)) = symbol(c, cs.get(i + 1).copied()) {
            out.push(tok);
            i += n;
        } else if matches!(c, '+' | '-' | '–') || c.is_ascii_digit() {
            let (tok, n) = signed(&cs[i..])?;
            out.push(tok);
            i += n;
        } else if c.is_ascii_alphabetic() {
            let n = cs[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            let word: String = cs[i..i + n].iter().collect::<String>().to_ascii_lowercase();
            out.push(match word.as_str() {
                "or" => Tok::Or,
                "and" => Tok::And,
                "inf" | "infinity" | "infty" | "oo" => Tok::Num(Pt::PosInf),
                w if n == 1 => Tok::Var(w.chars().next().unwrap_or('x')),
                _ => return Err(invalid(format!("unexpected word {word:?}"))),
            });
            i += n;
        } else {
            return Err(invalid(format!("unexpected character {c:?}")));
        }
    }
    Ok(out)
}

/// A signed number or infinity at the start of `cs`, and its length.
fn signed(cs: &[char]) -> Result<(Tok, usize), AnswerError> {
    let negative = matches!(cs[0], '-' | '–');
    let mut i = usize::from(!cs[0].is_ascii_digit());
    while cs.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    let word: String = cs[i..]
        .iter()
        .take(8)
        .collect::<String>()
        .to_ascii_lowercase();
    for inf in ["∞", "infinity", "infty", "inf", "oo"] {
        if word.starts_with(inf) {
            let pt = if negative { Pt::NegInf } else { Pt::PosInf };
            return Ok((Tok::Num(pt), i + inf.chars().count()));
        }
    }
    let (r, n) = unsigned(&cs[i..])?;
    let r = if negative {
        Rat::new(-r.0, r.1)
    } else {
        Rat::new(r.0, r.1)
    };
    let r = r.ok_or_else(|| invalid("a number is too large or divides by zero"))?;
    Ok((Tok::Num(Pt::Fin(r)), i + n))
}

/// Digits with an optional `.digits` or `/digits` part, as `(n, d)`.
fn unsigned(cs: &[char]) -> Result<((i128, i128), usize), AnswerError> {
    let digits = |from: usize| cs[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let whole = digits(0);
    if whole == 0 {
        return Err(invalid("a sign must be followed by a number"));
    }
    let value = |from: usize, n: usize| -> Result<i128, AnswerError> {
        if n > 18 {
            return Err(invalid("a number has more than 18 digits"));
        }
        let s: String = cs[from..from + n].iter().collect();
        s.parse().map_err(|_| invalid("a number is malformed"))
    };
    let next_is_digit = cs.get(whole + 1).is_some_and(|c| c.is_ascii_digit());
    match cs.get(whole) {
        Some('.') if next_is_digit => {
            let frac = digits(whole + 1);
            if whole + frac > 18 {
                return Err(invalid("a decimal has more than 18 digits"));
            }
            let joined: String = cs[..whole]
                .iter()
                .chain(&cs[whole + 1..whole + 1 + frac])
                .collect();
            let num = joined
                .parse::<i128>()
                .map_err(|_| invalid("a decimal is malformed"))?;
            Ok(((num, 10i128.pow(frac as u32)), whole + 1 + frac))
        }
        Some('/') if next_is_digit => {
            let den = digits(whole + 1);
            Ok(((value(0, whole)?, value(whole + 1, den)?), whole + 1 + den))
        }
        _ => Ok(((value(0, whole)?, 1), whole)),
    }
}

struct Parser {
    tokens: Vec<Tok>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<Tok> {
        self.tokens.get(self.at).copied()
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.peek();
        self.at += 1;
        t
    }

    /// `piece (or piece)*`, checking one variable letter throughout.
    fn union(&mut self) -> Result<RealSet, AnswerError> {
        let mut vars: Vec<char> = self
            .tokens
            .iter()
            .filter_map(|t| match t {
                Tok::Var(v) if *v != 'u' => Some(*v),
                _ => None,
            })
            .collect();
        vars.dedup();
        if vars.len() > 1 {
            return Err(invalid("more than one variable letter"));
        }
        let mut set = self.piece()?;
        while let Some(t) = self.peek() {
            match t {
                Tok::Or | Tok::Var('u') => {
                    self.at += 1;
                    set = set.union(self.piece()?);
                }
                _ => return Err(invalid("expected `or` between pieces")),
            }
        }
        Ok(set)
    }

    /// `item (and item)*`.
    fn piece(&mut self) -> Result<RealSet, AnswerError> {
        let mut set = self.item()?;
        while self.peek() == Some(Tok::And) {
            self.at += 1;
            set = set.intersect(&self.item()?);
        }
        Ok(set)
    }

    fn item(&mut self) -> Result<RealSet, AnswerError> {
        match self.peek() {
            Some(Tok::Open(lo_closed)) => {
                self.at += 1;
                self.bracketed(lo_closed)
            }
            Some(_) => self.chain(),
            None => Err(invalid("a piece is missing")),
        }
    }

    fn number(&mut self) -> Result<Pt, AnswerError> {
        match self.next() {
            Some(Tok::Num(p)) => Ok(p),
            _ => Err(invalid("an interval end must be a number or ∞")),
        }
    }

    /// `[a, b)` and the like, after the opening bracket.
    fn bracketed(&mut self, lo_closed: bool) -> Result<RealSet, AnswerError> {
        let lo = match self.number()? {
            Pt::PosInf => Pt::NegInf,
            p => p,
        };
        if self.next() != Some(Tok::Comma) {
            return Err(invalid("an interval is written `[a, b]`"));
        }
        let hi = self.number()?;
        let Some(Tok::Close(hi_closed)) = self.next() else {
            return Err(invalid("an interval must end with `)` or `]`"));
        };
        if lo > hi || hi == Pt::NegInf {
            return Err(invalid("an interval's ends are reversed"));
        }
        Ok(RealSet::union_of(vec![Span::new(
            lo, lo_closed, hi, hi_closed,
        )]))
    }

    /// `x op c`, `c op x` or `a op x op b`.
    fn chain(&mut self) -> Result<RealSet, AnswerError> {
        let mut operands = vec![self.operand()?];
        let mut ops = Vec::new();
        while let Some(Tok::Op(op)) = self.peek() {
            self.at += 1;
            ops.push(op);
            operands.push(self.operand()?);
        }
        let vars: Vec<usize> = (0..operands.len())
            .filter(|&i| operands[i].is_none())
            .collect();
        if ops.is_empty() || ops.len() > 2 || vars.len() != 1 {
            return Err(invalid(
                "an inequality compares the variable with one or two numbers",
            ));
        }
        let v = vars[0];
        if ops.len() == 2 && v != 1 {
            return Err(invalid("in `a < x < b` the variable stands in the middle"));
        }
        let mut set = RealSet::union_of(vec![Span::all()]);
        for (i, &op) in ops.iter().enumerate() {
            let (op, c) = if i == v {
                (op, operands[i + 1])
            } else {
                (op.flip(), operands[i])
            };
            let c = c.ok_or_else(|| invalid("the variable is compared with itself"))?;
            set = set.intersect(&relation(op, c)?);
        }
        Ok(set)
    }

    /// A number (`Some`) or the variable (`None`).
    fn operand(&mut self) -> Result<Option<Pt>, AnswerError> {
        match self.next() {
            Some(Tok::Num(p)) => Ok(Some(p)),
            Some(Tok::Var(_)) => Ok(None),
            _ => Err(invalid("expected a number or the variable")),
        }
    }
}

/// The set `{x | x op c}`.
fn relation(op: Op, c: Pt) -> Result<RealSet, AnswerError> {
    let (neg, pos) = (Pt::NegInf, Pt::PosInf);
    let spans = match op {
        Op::Lt => vec![Span::new(neg, false, c, false)],
        Op::Le => vec![Span::new(neg, false, c, true)],
        Op::Gt => vec![Span::new(c, false, pos, false)],
        Op::Ge => vec![Span::new(c, true, pos, false)],
        Op::Eq | Op::Ne if !matches!(c, Pt::Fin(_)) => {
            return Err(invalid("the variable cannot equal ∞"))
        }
        Op::Eq => vec![Span::new(c, true, c, true)],
        Op::Ne => vec![
            Span::new(neg, false, c, false),
            Span::new(c, false, pos, false),
        ],
    };
    Ok(RealSet::union_of(spans))
}
