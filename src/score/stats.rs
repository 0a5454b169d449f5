//! The statistics of a score report: Wilson intervals, the exact McNemar test
//! and a paired TOST equivalence test. Plain `f64` arithmetic, no dependencies.
//! `puzzlec compare` builds on these (see [`crate::compare::stats`]).

/// The two-sided 95 % standard-normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The equivalence margin of the EN−KO TOST test: ±10 percentage points.
pub const TOST_MARGIN: f64 = 0.10;

/// The fewest pairs on which the TOST test decides anything: below it the
/// normal approximation says nothing.
pub const TOST_MIN_PAIRS: u64 = 10;

/// The Wilson score interval for `k` successes out of `n` trials at quantile
/// `z` (use [`Z95`] for 95 %). `n = 0` gives the uninformative `(0, 1)`.
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k.min(n as u64) as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `ln C(n, k)` for every `k` in `0..=n`, built by the product recurrence.
fn ln_binomials(n: u64) -> Vec<f64> {
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut acc = 0.0f64;
    out.push(acc);
    for k in 0..n {
        acc += ((n - k) as f64).ln() - ((k + 1) as f64).ln();
        out.push(acc);
    }
    out
}

/// `P(X ≤ k)` for `X ~ Binomial(n, 1/2)`, summed in log space so that large
/// `n` neither overflows nor underflows.
pub fn binomial_half_cdf(k: u64, n: u64) -> f64 {
    if k >= n {
        return 1.0;
    }
    let ln_half_n = n as f64 * std::f64::consts::LN_2;
    let terms: Vec<f64> = ln_binomials(n)
        .into_iter()
        .take(k as usize + 1)
        .map(|l| l - ln_half_n)
        .collect();
    let max = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = terms.iter().map(|t| (t - max).exp()).sum();
    (max + sum.ln()).exp().min(1.0)
}

/// The exact (binomial) McNemar test on the discordant pairs: `b` pairs where
/// only the first condition is correct, `c` where only the second is. The
/// two-sided p-value is `min(1, 2 · P(X ≤ min(b, c)))` with
/// `X ~ Binomial(b + c, 1/2)`; no discordant pairs gives `1`.
pub fn mcnemar_exact(b: u64, c: u64) -> f64 {
    let n = b + c;
    if n == 0 {
        return 1.0;
    }
    (2.0 * binomial_half_cdf(b.min(c), n)).min(1.0)
}

/// The complementary error function, accurate to about 1e-15 relative
/// below `x = 3` and 1e-14 beyond: for `|x| < 3` from the positive series
/// `erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1))` (no
/// cancellation), beyond from the continued fraction
/// `erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …))))`
/// evaluated by the modified Lentz method.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    let two_over_sqrt_pi = std::f64::consts::FRAC_2_SQRT_PI;
    if x < 3.0 {
        let x2 = x * x;
        let (mut term, mut sum) = (x, x);
        for n in 1..200 {
            term *= 2.0 * x2 / (2 * n + 1) as f64;
            sum += term;
            if term < sum * 1e-17 {
                break;
            }
        }
        return 1.0 - two_over_sqrt_pi * (-x2).exp() * sum;
    }
    if x > 27.0 {
        return 0.0;
    }
    // Lentz on x + a1/(x + a2/(x + …)) with a_k = k/2.
    let tiny = 1e-300;
    let mut f = x;
    let (mut c, mut d) = (x, 0.0f64);
    for k in 1..500 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d.abs() < tiny { 1.0 / tiny } else { 1.0 / d };
        c = x + a / c;
        if c.abs() < tiny {
            c = tiny;
        }
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    two_over_sqrt_pi / 2.0 * (-x * x).exp() / f
}

/// The standard normal distribution function `Φ(x)`.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The result of a paired TOST equivalence test.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Tost {
    /// The paired difference of proportions `(b − c) / N`.
    pub diff: f64,
    /// Its standard error `sqrt(((b + c)/N − diff²) / N)`.
    pub se: f64,
    /// The equivalence margin (a proportion, `0.10` = 10 pp).
    pub margin: f64,
    /// The one-sided p-value of `H0: diff ≤ −margin`.
    pub p_lower: f64,
    /// The one-sided p-value of `H0: diff ≥ +margin`.
    pub p_upper: f64,
    /// `max(p_lower, p_upper)`: the TOST p-value.
    pub p: f64,
    /// The 90 % confidence interval `diff ± 1.645 · se`.
    pub ci90: (f64, f64),
    /// Whether the test could decide: at least [`TOST_MIN_PAIRS`] pairs and
    /// a positive standard error. When it cannot (no discordant pairs, all
    /// discordant pairs one way, too few pairs), the p-values are `1`,
    /// `equivalent` is false, and reports say "not enough discordant pairs".
    pub decided: bool,
    /// Whether `p < 0.05`, i.e. equivalence within the margin at 5 %
    /// (never when the test could not decide).
    pub equivalent: bool,
}

/// The two one-sided tests (TOST) for equivalence of two paired proportions
/// within `±margin`, using the normal approximation to the paired difference.
///
/// `b` pairs are correct only in the first condition, `c` only in the second,
/// out of `pairs` pairs in all. When the standard error is zero (no
/// discordant pairs, or every pair discordant the same way) or there are
/// fewer than [`TOST_MIN_PAIRS`] pairs, the test cannot decide: both
/// one-sided p-values are `1` and nothing is called equivalent (a zero
/// variance is no evidence of equivalence, and nothing is divided by it).
pub fn tost_paired(b: u64, c: u64, pairs: u64, margin: f64) -> Tost {
    let n = pairs.max(1) as f64;
    let diff = if pairs == 0 {
        0.0
    } else {
        (b as f64 - c as f64) / n
    };
    let var = (((b + c) as f64 / n) - diff * diff) / n;
    let se = var.max(0.0).sqrt();
    let decided = pairs >= TOST_MIN_PAIRS && se > 0.0;
    let (p_lower, p_upper) = if decided {
        (
            normal_cdf(-(diff + margin) / se),
            normal_cdf((diff - margin) / se),
        )
    } else {
        (1.0, 1.0)
    };
    let p = p_lower.max(p_upper);
    let z90 = 1.644_853_626_951_472_2;
    Tost {
        diff,
        se,
        margin,
        p_lower,
        p_upper,
        p,
        ci90: if decided {
            (diff - z90 * se, diff + z90 * se)
        } else {
            (-1.0, 1.0)
        },
        decided,
        equivalent: decided && p < 0.05,
    }
}
