//! Exact rationals for the tests' own checkers, written apart from the
//! library's arithmetic.

/// The greatest common divisor (non-negative).
pub fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// An exact rational in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Q {
    pub n: i128,
    pub d: i128,
}

impl Q {
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d != 0, "a nonzero denominator");
        let g = gcd(n, d).max(1) * d.signum();
        Q { n: n / g, d: d / g }
    }
    pub fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    pub fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    pub fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    pub fn neg(self) -> Q {
        Q::new(-self.n, self.d)
    }
    pub fn sub(self, o: Q) -> Q {
        self.add(o.neg())
    }
    pub fn inv(self) -> Q {
        Q::new(self.d, self.n)
    }
    pub fn is_zero(self) -> bool {
        self.n == 0
    }
    pub fn as_int(self) -> i128 {
        assert_eq!(self.d, 1, "an integer operand");
        self.n
    }
    pub fn show(self) -> String {
        if self.d == 1 {
            self.n.to_string()
        } else {
            format!("{}/{}", self.n, self.d)
        }
    }
    /// Compared by value (n/d with d > 0).
    pub fn less(self, o: Q) -> bool {
        self.n * o.d < o.n * self.d
    }
}
