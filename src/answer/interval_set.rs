//! Sets of real numbers as sorted unions of disjoint intervals with
//! rational endpoints: the values behind the `Interval` kind.

use std::cmp::Ordering;

/// The largest numerator or denominator read (18 digits), so that every
/// cross product fits in an `i128`.
pub(crate) const MAX_PART: i128 = 999_999_999_999_999_999;

/// A reduced fraction `n/d` with `d > 0`, both at most [`MAX_PART`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rat {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Rat {
    /// `n/d` reduced; `None` when `d` is zero or a part is too large.
    pub(crate) fn new(n: i128, d: i128) -> Option<Rat> {
        if d == 0 || n.abs() > MAX_PART || d.abs() > MAX_PART {
            return None;
        }
        let g = gcd(n, d).max(1);
        let sign = if d < 0 { -1 } else { 1 };
        Some(Rat {
            n: sign * n / g,
            d: sign * d / g,
        })
    }

    fn text(&self) -> String {
        if self.d == 1 {
            self.n.to_string()
        } else {
            format!("{}/{}", self.n, self.d)
        }
    }
}

impl Ord for Rat {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.n * other.d).cmp(&(other.n * self.d))
    }
}

impl PartialOrd for Rat {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A point of the extended real line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Pt {
    NegInf,
    Fin(Rat),
    PosInf,
}

impl Pt {
    fn is_finite(&self) -> bool {
        matches!(self, Pt::Fin(_))
    }
}

/// One interval; an infinite end is always open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) lo: Pt,
    pub(crate) lo_closed: bool,
    pub(crate) hi: Pt,
    pub(crate) hi_closed: bool,
}

impl Span {
    /// The interval between `lo` and `hi`; closedness is dropped at infinite ends.
    pub(crate) fn new(lo: Pt, lo_closed: bool, hi: Pt, hi_closed: bool) -> Span {
        Span {
            lo,
            lo_closed: lo_closed && lo.is_finite(),
            hi,
            hi_closed: hi_closed && hi.is_finite(),
        }
    }

    /// The whole real line.
    pub(crate) fn all() -> Span {
        Span::new(Pt::NegInf, false, Pt::PosInf, false)
    }

    fn is_empty(&self) -> bool {
        match self.lo.cmp(&self.hi) {
            Ordering::Greater => true,
            Ordering::Equal => !(self.lo_closed && self.hi_closed),
            Ordering::Less => false,
        }
    }

    fn intersect(&self, o: &Span) -> Span {
        let (lo, lo_closed) = match self.lo.cmp(&o.lo) {
            Ordering::Greater => (self.lo, self.lo_closed),
            Ordering::Less => (o.lo, o.lo_closed),
            Ordering::Equal => (self.lo, self.lo_closed && o.lo_closed),
        };
        let (hi, hi_closed) = match self.hi.cmp(&o.hi) {
            Ordering::Less => (self.hi, self.hi_closed),
            Ordering::Greater => (o.hi, o.hi_closed),
            Ordering::Equal => (self.hi, self.hi_closed && o.hi_closed),
        };
        Span::new(lo, lo_closed, hi, hi_closed)
    }

    /// Whether `next` (starting at or after `self`) overlaps or touches it.
    fn joins(&self, next: &Span) -> bool {
        match next.lo.cmp(&self.hi) {
            Ordering::Less => true,
            Ordering::Equal => self.hi_closed || next.lo_closed,
            Ordering::Greater => false,
        }
    }

    fn text(&self) -> String {
        let end = |p: &Pt| match p {
            Pt::Fin(r) => r.text(),
            _ => String::new(),
        };
        let lt = |closed: bool| if closed { "≤" } else { "<" };
        match (self.lo, self.hi) {
            (Pt::NegInf, Pt::PosInf) => "ℝ".to_string(),
            (Pt::NegInf, h) => format!("x{}{}", lt(self.hi_closed), end(&h)),
            (l, Pt::PosInf) => {
                format!("x{}{}", if self.lo_closed { "≥" } else { ">" }, end(&l))
            }
            (l, h) if l == h => format!("x={}", end(&l)),
            (l, h) => format!(
                "{}{}x{}{}",
                end(&l),
                lt(self.lo_closed),
                lt(self.hi_closed),
                end(&h)
            ),
        }
    }
}

/// A set of reals: sorted, disjoint, non-touching, non-empty intervals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RealSet(Vec<Span>);

impl RealSet {
    /// The union of `spans`, merged into canonical pieces.
    pub(crate) fn union_of(mut spans: Vec<Span>) -> RealSet {
        spans.retain(|s| !s.is_empty());
        spans.sort_by(|a, b| a.lo.cmp(&b.lo).then(b.lo_closed.cmp(&a.lo_closed)));
        let mut out: Vec<Span> = Vec::with_capacity(spans.len());
        for s in spans {
            match out.last_mut() {
                Some(cur) if cur.joins(&s) => match s.hi.cmp(&cur.hi) {
                    Ordering::Greater => {
                        cur.hi = s.hi;
                        cur.hi_closed = s.hi_closed;
                    }
                    Ordering::Equal => cur.hi_closed |= s.hi_closed,
                    Ordering::Less => {}
                },
                _ => out.push(s),
            }
        }
        RealSet(out)
    }

    /// The union of two sets.
    pub(crate) fn union(self, other: RealSet) -> RealSet {
        RealSet::union_of(self.0.into_iter().chain(other.0).collect())
    }

    /// The intersection of two sets.
    pub(crate) fn intersect(&self, other: &RealSet) -> RealSet {
        let mut spans = Vec::new();
        for a in &self.0 {
            for b in &other.0 {
                spans.push(a.intersect(b));
            }
        }
        RealSet::union_of(spans)
    }

    /// The canonical text: pieces joined by ` or `, `∅` when empty.
    pub(crate) fn text(&self) -> String {
        if self.0.is_empty() {
            return "∅".to_string();
        }
        self.0
            .iter()
            .map(Span::text)
            .collect::<Vec<_>>()
            .join(" or ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fin(n: i128) -> Pt {
        Pt::Fin(Rat::new(n, 1).unwrap())
    }

    #[test]
    fn touching_pieces_merge_only_when_a_side_is_closed() {
        let open = RealSet::union_of(vec![
            Span::new(Pt::NegInf, false, fin(1), false),
            Span::new(fin(1), false, fin(3), true),
        ]);
        assert_eq!(open.text(), "x<1 or 1<x≤3");
        let closed = RealSet::union_of(vec![
            Span::new(Pt::NegInf, false, fin(1), true),
            Span::new(fin(1), false, fin(3), true),
        ]);
        assert_eq!(closed.text(), "x≤3");
    }

    #[test]
    fn fractions_reduce_and_compare() {
        let half = Rat::new(-2, -4).unwrap();
        assert_eq!(half.text(), "1/2");
        assert!(Rat::new(1, 3).unwrap() < half);
        assert_eq!(Rat::new(3, -6).unwrap().text(), "-1/2");
        assert!(Rat::new(1, 0).is_none());
    }
}
