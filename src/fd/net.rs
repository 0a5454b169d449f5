//! The engine's view of a model: bitset domains and constraints in the
//! shapes its propagators use, lowered once per model ([`Base`]) and
//! extended per question ([`Question`]).

use crate::effort::at_most_zero;
use crate::eval::sym::{Atom, BoolTerm, IntTerm};
use crate::sat::CmpOp;

/// The most values one unknown's domain may hold (one bit each).
pub const MAX_DOMAIN: usize = 64;

/// One term of a linear sum: `coef·x`, or `coef·[x = value]` (a condition
/// used as 0 or 1, as counts are written).
#[derive(Debug, Clone, Copy)]
pub(super) struct Part {
    pub coef: i64,
    pub var: usize,
    pub eq: Option<i64>,
}

/// One constraint, in the shape its propagator uses.
#[derive(Debug, Clone)]
pub(super) enum Prop {
    /// Pairwise different unknowns that share one domain (bit `i` is the
    /// same value for every member).
    Distinct(Vec<usize>),
    /// Pairwise different unknowns with different domains.
    DistinctValues(Vec<usize>),
    /// `Σ parts + constant ≤ 0`.
    Linear(Vec<Part>, i64),
    /// Any other condition, tested on values.
    Test(BoolTerm),
    /// A condition that can never hold.
    False,
}

/// Constraints with their scopes (unknowns, ascending, without repeats).
#[derive(Debug, Clone, Default)]
pub(super) struct Props {
    pub props: Vec<Prop>,
    pub scopes: Vec<Vec<usize>>,
}

/// The rules of a model, lowered once and shared by all its questions.
#[derive(Debug, Clone)]
pub struct Base {
    pub(super) domains: Vec<Vec<i64>>,
    /// Each unknown's values after the rules over one unknown.
    pub(super) root: Vec<u64>,
    pub(super) rules: Props,
    /// Per unknown, the rule constraints that mention it.
    pub(super) watches: Vec<Vec<usize>>,
    /// The rule instances, checked on every solution found.
    pub(super) terms: Vec<BoolTerm>,
    /// A rule over no unknown fails, or a domain is empty.
    pub(super) empty: bool,
}

impl Base {
    /// The rules `terms` over unknowns with `domains` (ascending), or `None`
    /// when a domain has more than `MAX_DOMAIN` (64) values.
    pub fn new(domains: &[Vec<i64>], terms: &[BoolTerm]) -> Option<Base> {
        if domains.iter().any(|d| d.len() > MAX_DOMAIN) {
            return None;
        }
        let root: Vec<u64> = domains.iter().map(|d| full(d.len())).collect();
        let mut b = Base {
            domains: domains.to_vec(),
            root,
            rules: Props::default(),
            watches: vec![Vec::new(); domains.len()],
            terms: terms.to_vec(),
            empty: false,
        };
        let mut root = std::mem::take(&mut b.root);
        let mut rules = Props::default();
        let mut empty = false;
        for t in terms {
            match restrict(&b.domains, &mut root, t) {
                Some(ok) => empty |= !ok,
                None => lower(&b.domains, t, &mut rules),
            }
        }
        b.empty = empty || rules.props.iter().any(|p| matches!(p, Prop::False));
        for (i, scope) in rules.scopes.iter().enumerate() {
            for &x in scope {
                b.watches[x].push(i);
            }
        }
        b.root = root;
        b.rules = rules;
        Some(b)
    }

    /// The number of unknowns.
    pub fn len(&self) -> usize {
        self.domains.len()
    }

    /// Whether the model has no unknowns.
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// The value of bit `i` of unknown `x`.
    pub(super) fn value(&self, x: usize, i: u32) -> i64 {
        self.domains[x][i as usize]
    }

    /// The bit of value `v` of unknown `x`, if `v` is in its domain.
    pub(super) fn bit(&self, x: usize, v: i64) -> Option<u64> {
        position(&self.domains[x], v).map(|i| 1u64 << i)
    }
}

/// One question: the rules, further conditions (the clues in force and
/// anything asked), and optionally a solution to look past.
#[derive(Clone)]
pub struct Question<'a> {
    pub(super) base: &'a Base,
    pub(super) root: Vec<u64>,
    pub(super) extra: Props,
    /// Per unknown, the extra constraints that mention it (empty when there
    /// are none).
    pub(super) watches: Vec<Vec<usize>>,
    /// The conditions, checked on every solution found.
    pub(super) checks: Vec<&'a BoolTerm>,
    pub(super) avoid: Option<&'a [i64]>,
    pub(super) empty: bool,
}

impl<'a> Question<'a> {
    /// The rules alone.
    pub fn new(base: &'a Base) -> Question<'a> {
        Question {
            base,
            root: base.root.clone(),
            extra: Props::default(),
            watches: Vec::new(),
            checks: Vec::new(),
            avoid: None,
            empty: base.empty,
        }
    }

    /// Adds a condition every solution must meet.
    pub fn condition(&mut self, t: &'a BoolTerm) {
        self.checks.push(t);
        match restrict(&self.base.domains, &mut self.root, t) {
            Some(ok) => self.empty |= !ok,
            None => {
                let before = self.extra.props.len();
                lower(&self.base.domains, t, &mut self.extra);
                self.empty |= self.extra.props[before..]
                    .iter()
                    .any(|p| matches!(p, Prop::False));
            }
        }
    }

    /// Adds every condition of `terms`, with room for `more` after them.
    pub fn conditions(&mut self, terms: &[&'a BoolTerm], more: usize) {
        self.checks.reserve(terms.len() + more);
        for t in terms {
            self.condition(t);
        }
    }

    /// Asks for a solution other than `solution` (one value per unknown).
    pub fn avoid(&mut self, solution: &'a [i64]) {
        self.avoid = Some(solution);
    }

    /// Whether every constraint has a propagator of its own (none is only
    /// tested once all but one of its unknowns are fixed), the questions
    /// the engine answers fast.
    pub fn is_propagated(&self) -> bool {
        let tested = |p: &Prop| matches!(p, Prop::Test(_));
        !self.base.rules.props.iter().any(tested) && !self.extra.props.iter().any(tested)
    }

    /// Builds the watch lists of the extra constraints.
    pub(super) fn seal(&mut self) {
        self.watches.clear();
        self.seal_from(0);
    }

    /// Adds the watches of the extra constraints numbered `from..` (those
    /// before are in the lists already).
    pub(super) fn seal_from(&mut self, from: usize) {
        if self.extra.props.len() <= from {
            return;
        }
        if self.watches.is_empty() {
            self.watches = vec![Vec::new(); self.base.len()];
        }
        for (i, scope) in self.extra.scopes.iter().enumerate().skip(from) {
            for &x in scope {
                self.watches[x].push(i);
            }
        }
    }

    /// Whether every rule and condition holds in `values`: `None` when one
    /// cannot be evaluated and none is false.
    pub(super) fn verify(&self, values: &[i64]) -> Option<bool> {
        let mut known = true;
        let all = self.base.terms.iter().chain(self.checks.iter().copied());
        for t in all {
            match t.eval(values) {
                Some(true) => {}
                Some(false) => return Some(false),
                None => known = false,
            }
        }
        known.then_some(true)
    }
}

/// The index of `v` in the ascending `domain`: by subtraction when the
/// domain is a run of consecutive integers (the usual case), by binary
/// search otherwise.
fn position(domain: &[i64], v: i64) -> Option<usize> {
    let (&lo, &hi) = (domain.first()?, domain.last()?);
    if hi.checked_sub(lo) == Some(domain.len() as i64 - 1) {
        let i = v.checked_sub(lo)?;
        return (0..domain.len() as i64).contains(&i).then_some(i as usize);
    }
    domain.binary_search(&v).ok()
}

/// The mask of a domain of `n` values.
pub(super) fn full(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Applies a condition over at most one unknown to `root` (keeping every
/// value under which it does not evaluate to false): `Some(false)` when it
/// leaves nothing, `None` when it mentions more unknowns (nothing changes).
pub(super) fn restrict(domains: &[Vec<i64>], root: &mut [u64], t: &BoolTerm) -> Option<bool> {
    // The common clue `x = v` (or another comparison of one unknown),
    // evaluated as `BoolTerm::eval` does (an overflow is not false).
    if let BoolTerm::Cmp(IntTerm { terms, constant }, op) = t {
        if let [(a, Atom::Var(x))] = terms.as_slice() {
            let small = |v: i64| v.unsigned_abs() < 1 << 62;
            let d = &domains[*x];
            if *op == CmpOp::Eq
                && a.abs() == 1
                && small(*constant)
                && d.first().is_some_and(|&v| small(v))
                && d.last().is_some_and(|&v| small(v))
            {
                // `x = v`: one bit at most.
                let v = if *a == 1 {
                    constant.checked_neg()
                } else {
                    Some(*constant)
                };
                let keep = v.and_then(|v| position(d, v)).map_or(0, |i| 1u64 << i);
                root[*x] &= keep;
                return Some(root[*x] != 0);
            }
            let keep = mask_where(&domains[*x], |v| {
                a.checked_mul(v)
                    .and_then(|p| constant.checked_add(p))
                    .is_none_or(|r| op.eval(r, 0))
            });
            root[*x] &= keep;
            return Some(root[*x] != 0);
        }
    }
    let mut vars = Vec::new();
    t.vars_into(&mut vars);
    vars.sort_unstable();
    vars.dedup();
    match vars.as_slice() {
        [] => Some(t.eval(&[]) != Some(false)),
        [x] => {
            let x = *x;
            let mut values = vec![0i64; x + 1];
            let keep = mask_where(&domains[x], |v| {
                values[x] = v;
                t.eval(&values) != Some(false)
            });
            root[x] &= keep;
            Some(root[x] != 0)
        }
        _ => None,
    }
}

/// The bits of the values of `domain` that pass `f`.
fn mask_where(domain: &[i64], mut f: impl FnMut(i64) -> bool) -> u64 {
    domain
        .iter()
        .enumerate()
        .filter(|(_, &v)| f(v))
        .fold(0u64, |m, (i, _)| m | 1u64 << i)
}

/// Lowers a condition over two or more unknowns into constraints.
pub(super) fn lower(domains: &[Vec<i64>], t: &BoolTerm, out: &mut Props) {
    match t {
        BoolTerm::Const(true) => {}
        BoolTerm::Const(false) => push(out, Prop::False, Vec::new()),
        BoolTerm::And(parts) => parts.iter().for_each(|p| lower(domains, p, out)),
        BoolTerm::AllDiff(terms) => match plain_vars(terms) {
            Some(xs) => {
                let uniform = xs.iter().all(|&x| domains[x] == domains[xs[0]]);
                let scope = sorted(xs.clone());
                let prop = if uniform {
                    Prop::Distinct(xs)
                } else {
                    Prop::DistinctValues(xs)
                };
                push(out, prop, scope);
            }
            None => push_test(out, t),
        },
        BoolTerm::Cmp(term, op) if *op != CmpOp::Ne => match linear(domains, term) {
            Some((parts, k)) => {
                let scope = sorted(parts.iter().map(|p| p.var).collect());
                for (sign, extra) in at_most_zero(*op) {
                    let ps = parts
                        .iter()
                        .map(|p| Part {
                            coef: p.coef * sign,
                            ..*p
                        })
                        .collect();
                    push(out, Prop::Linear(ps, k * sign + extra), scope.clone());
                }
            }
            None => push_test(out, t),
        },
        other => push_test(out, other),
    }
}

fn push_test(out: &mut Props, t: &BoolTerm) {
    let mut vars = Vec::new();
    t.vars_into(&mut vars);
    push(out, Prop::Test(t.clone()), sorted(vars));
}

fn push(out: &mut Props, p: Prop, scope: Vec<usize>) {
    out.props.push(p);
    out.scopes.push(scope);
}

/// The unknowns if every term is exactly one unknown, all different ones.
fn plain_vars(terms: &[IntTerm]) -> Option<Vec<usize>> {
    let xs = terms
        .iter()
        .map(|t| match t.terms.as_slice() {
            [(1, Atom::Var(x))] if t.constant == 0 => Some(*x),
            _ => None,
        })
        .collect::<Option<Vec<usize>>>()?;
    (sorted(xs.clone()).len() == xs.len()).then_some(xs)
}

/// The term as parts and a constant, when every atom is an unknown or a
/// condition `x = v` / `x ≠ v` on one unknown, and no sum of the parts over
/// the domains can leave the range of `i64` (so the bounds, computed
/// exactly, agree with evaluation).
fn linear(domains: &[Vec<i64>], t: &IntTerm) -> Option<(Vec<Part>, i64)> {
    let mut k = t.constant as i128;
    let mut parts = Vec::with_capacity(t.terms.len());
    let mut reach = k.abs();
    for (a, atom) in &t.terms {
        let a = *a as i128;
        match atom {
            Atom::Var(x) => {
                let d = &domains[*x];
                reach += a.abs();
                let m = d.first()?.unsigned_abs().max(d.last()?.unsigned_abs()) as i128;
                reach += a.abs() * m;
                parts.push(Part {
                    coef: i64::try_from(a).ok()?,
                    var: *x,
                    eq: None,
                });
            }
            Atom::Bool(b) => {
                let (x, v, positive) = indicator(b)?;
                reach += a.abs();
                if positive {
                    parts.push(Part {
                        coef: i64::try_from(a).ok()?,
                        var: x,
                        eq: Some(v),
                    });
                } else {
                    // [x ≠ v] = 1 − [x = v]
                    k += a;
                    parts.push(Part {
                        coef: i64::try_from(-a).ok()?,
                        var: x,
                        eq: Some(v),
                    });
                }
            }
        }
    }
    if reach > (i64::MAX / 4) as i128 {
        return None;
    }
    Some((parts, i64::try_from(k).ok()?))
}

/// `x = v` (`true`) or `x ≠ v` (`false`) when the condition is one of them.
fn indicator(b: &BoolTerm) -> Option<(usize, i64, bool)> {
    let BoolTerm::Cmp(t, op) = b else {
        return None;
    };
    let positive = match op {
        CmpOp::Eq => true,
        CmpOp::Ne => false,
        _ => return None,
    };
    // a·x + k = 0 with a = ±1: x = −k·a.
    match t.terms.as_slice() {
        [(a @ (1 | -1), Atom::Var(x))] => Some((*x, t.constant.checked_mul(-a)?, positive)),
        _ => None,
    }
}

fn sorted(mut xs: Vec<usize>) -> Vec<usize> {
    xs.sort_unstable();
    xs.dedup();
    xs
}

#[cfg(test)]
mod tests {
    use super::position;

    #[test]
    fn a_value_s_position_agrees_with_binary_search() {
        let domains: [&[i64]; 6] = [
            &[],
            &[4],
            &[-3, -2, -1, 0, 1],
            &[1, 2, 4, 5],
            &[i64::MIN, i64::MAX],
            &[i64::MAX - 2, i64::MAX - 1, i64::MAX],
        ];
        for d in domains {
            for v in [
                i64::MIN,
                -4,
                -3,
                -1,
                0,
                1,
                3,
                4,
                5,
                6,
                i64::MAX - 1,
                i64::MAX,
            ] {
                assert_eq!(position(d, v), d.binary_search(&v).ok(), "{v} in {d:?}");
            }
        }
    }
}
