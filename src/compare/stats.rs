//! The statistics of `puzzlec compare`: the two-sample TOST on pooled
//! proportions, McNemar's test (exact or with continuity correction), Holm's
//! step-down correction, ordinary least squares with R², the partial
//! correlation, and the Student t tail they need. Plain `f64` arithmetic; the
//! paired TOST, the exact binomial tail and the normal distribution come from
//! [`crate::score::stats`].

use crate::score::stats::{erfc, mcnemar_exact, normal_cdf};
use serde::Serialize;

/// Below this many discordant pairs McNemar's test is exact (binomial);
/// from it on, the chi-square statistic with continuity correction is used.
pub const MCNEMAR_EXACT_BELOW: u64 = 25;

/// The result of a two-sample TOST equivalence test.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TwoSampleTost {
    /// `p1 − p2`.
    pub diff: f64,
    /// The unpooled (Wald) standard error `sqrt(p1(1−p1)/n1 + p2(1−p2)/n2)`.
    pub se: f64,
    /// The margin (a proportion).
    pub margin: f64,
    /// The one-sided p-value of `H0: diff ≤ −margin`.
    pub p_lower: f64,
    /// The one-sided p-value of `H0: diff ≥ +margin`.
    pub p_upper: f64,
    /// `max(p_lower, p_upper)`.
    pub p: f64,
    /// Whether the test could decide: both samples non-empty and a positive
    /// standard error (otherwise every p-value is 1).
    pub decided: bool,
}

/// TOST for `p1 − p2` within `±margin` for two independent proportions
/// `k1/n1` and `k2/n2`, with the Wald (unpooled) standard error and normal
/// tails, as `statsmodels`' `tost_proportions_2indep(method="wald")`. With a
/// zero standard error (both samples at 0 % or both at 100 %) the test does
/// not decide: a zero variance is no evidence of equivalence.
pub fn tost_two_sample(k1: u64, n1: u64, k2: u64, n2: u64, margin: f64) -> TwoSampleTost {
    let prop = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let (p1, p2) = (prop(k1, n1), prop(k2, n2));
    let diff = p1 - p2;
    let var = |p: f64, n: u64| {
        if n == 0 {
            0.0
        } else {
            p * (1.0 - p) / n as f64
        }
    };
    let se = (var(p1, n1) + var(p2, n2)).sqrt();
    let decided = n1 > 0 && n2 > 0 && se > 0.0;
    let (p_lower, p_upper) = if decided {
        (
            normal_cdf(-(diff + margin) / se),
            normal_cdf((diff - margin) / se),
        )
    } else {
        (1.0, 1.0)
    };
    TwoSampleTost {
        diff,
        se,
        margin,
        p_lower,
        p_upper,
        p: p_lower.max(p_upper),
        decided,
    }
}

/// McNemar's test on `b` and `c` discordant pairs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct McNemar {
    /// Pairs correct only in the first condition.
    pub b: u64,
    /// Pairs correct only in the second.
    pub c: u64,
    /// Whether the exact binomial test was used.
    pub exact: bool,
    /// The two-sided p-value (1 with no discordant pairs).
    pub p: f64,
}

/// McNemar's test: exact (two-sided binomial, [`mcnemar_exact`]) below
/// [`MCNEMAR_EXACT_BELOW`] discordant pairs, else the chi-square statistic
/// `(|b − c| − 1)² / (b + c)` on one degree of freedom (Edwards' continuity
/// correction), as `statsmodels`' `mcnemar(exact=…, correction=True)`.
pub fn mcnemar(b: u64, c: u64) -> McNemar {
    let n = b + c;
    let exact = n < MCNEMAR_EXACT_BELOW;
    let p = if exact {
        mcnemar_exact(b, c)
    } else {
        let d = (b as f64 - c as f64).abs() - 1.0;
        let stat = d * d / n as f64;
        // The chi-square(1) tail is P(|Z| > sqrt(stat)) = erfc(sqrt(stat / 2)).
        erfc((stat / 2.0).sqrt()).min(1.0)
    };
    McNemar { b, c, exact, p }
}

/// Holm's step-down adjustment of `ps`, returned in the input order:
/// with the p-values sorted ascending, `adj(i) = max over j ≤ i of
/// min(1, (m − j) · p(j))` (0-based `j`).
pub fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]).then(a.cmp(&b)));
    let mut out = vec![0.0; m];
    let mut running = 0.0f64;
    for (j, &i) in order.iter().enumerate() {
        running = running.max(((m - j) as f64 * ps[i]).min(1.0));
        out[i] = running;
    }
    out
}

/// A simple linear regression `y = intercept + slope · x`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ols {
    /// Observations.
    pub n: usize,
    /// The fitted intercept.
    pub intercept: f64,
    /// The fitted slope.
    pub slope: f64,
    /// The coefficient of determination.
    pub r2: f64,
    /// The two-sided p-value of `slope = 0` (Student t, `n − 2` df);
    /// `None` for a perfect fit.
    pub slope_p: Option<f64>,
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// Least squares of `y` on `x` with an intercept; `None` with fewer than 3
/// points, lengths that differ, or no spread in `x`.
pub fn ols(x: &[f64], y: &[f64]) -> Option<Ols> {
    let n = x.len();
    if n < 3 || y.len() != n {
        return None;
    }
    let (mx, my) = (mean(x), mean(y));
    let sxx: f64 = x.iter().map(|a| (a - mx) * (a - mx)).sum();
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let syy: f64 = y.iter().map(|b| (b - my) * (b - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let sse: f64 = x
        .iter()
        .zip(y)
        .map(|(a, b)| {
            let e = b - intercept - slope * a;
            e * e
        })
        .sum();
    let r2 = if syy > 0.0 { 1.0 - sse / syy } else { 1.0 };
    let df = (n - 2) as f64;
    let slope_p = (sse > syy * 1e-24).then(|| {
        let se = (sse / df / sxx).sqrt();
        student_t_two_sided(slope / se, df)
    });
    Some(Ols {
        n,
        intercept,
        slope,
        r2,
        slope_p,
    })
}

/// The partial correlation of `x` and `y` controlling for `z`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Partial {
    /// The correlation of the residuals of `x ~ z` and `y ~ z`.
    pub r: f64,
    /// Its two-sided p-value (Student t with `n − 3` df); `None` when
    /// `n < 4` or `|r| = 1`.
    pub p: Option<f64>,
}

fn residuals(v: &[f64], z: &[f64]) -> Option<Vec<f64>> {
    let fit = ols(z, v)?;
    Some(
        v.iter()
            .zip(z)
            .map(|(a, c)| a - fit.intercept - fit.slope * c)
            .collect(),
    )
}

fn correlation(a: &[f64], b: &[f64]) -> Option<f64> {
    let (ma, mb) = (mean(a), mean(b));
    let saa: f64 = a.iter().map(|x| (x - ma) * (x - ma)).sum();
    let sbb: f64 = b.iter().map(|x| (x - mb) * (x - mb)).sum();
    let sab: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    (saa > 0.0 && sbb > 0.0).then(|| (sab / (saa * sbb).sqrt()).clamp(-1.0, 1.0))
}

/// The partial correlation of `x` and `y` given `z`; `None` with fewer
/// than 3 points, or when a residual has no spread.
pub fn partial_correlation(x: &[f64], y: &[f64], z: &[f64]) -> Option<Partial> {
    if x.len() != y.len() || x.len() != z.len() {
        return None;
    }
    let r = correlation(&residuals(x, z)?, &residuals(y, z)?)?;
    let df = x.len() as f64 - 3.0;
    let p = (df > 0.0 && r.abs() < 1.0)
        .then(|| student_t_two_sided(r * (df / (1.0 - r * r)).sqrt(), df));
    Some(Partial { r, p })
}

/// `P(|T| > |t|)` for Student's t with `df` degrees of freedom:
/// `I_{df/(df+t²)}(df/2, 1/2)`, the regularized incomplete beta function.
pub fn student_t_two_sided(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    incomplete_beta(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, 9 terms; about 1e-15 relative).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularized incomplete beta function `I_x(a, b)`, by its continued
/// fraction (modified Lentz), using the symmetry `I_x(a,b) = 1 − I_{1−x}(b,a)`
/// where the fraction converges faster.
fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(a, b, x) / a
    } else {
        1.0 - front * beta_fraction(b, a, 1.0 - x) / b
    }
}

fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    let tiny = 1e-300;
    let guard = |v: f64| if v.abs() < tiny { tiny } else { v };
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 / guard(1.0 - qab * x / qap);
    let mut h = d;
    for m in 1..1000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 / guard(1.0 + aa * d);
        c = guard(1.0 + aa / c);
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 / guard(1.0 + aa * d);
        c = guard(1.0 + aa / c);
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    h
}

/// Whether accuracies listed from the easiest tier to the hardest strictly
/// decrease (a tie breaks the order); `None` with fewer than two tiers.
pub fn keeps_tier_order(accuracies: &[f64]) -> Option<bool> {
    (accuracies.len() >= 2).then(|| accuracies.windows(2).all(|w| w[0] > w[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_keeps_order_and_caps_at_one() {
        let adj = holm(&[0.04, 0.01, 0.5]);
        assert!((adj[1] - 0.03).abs() < 1e-15);
        assert!((adj[0] - 0.08).abs() < 1e-15);
        assert!((adj[2] - 0.5_f64.max(0.08)).abs() < 1e-15);
        assert_eq!(holm(&[]), Vec::<f64>::new());
        assert_eq!(holm(&[0.9, 0.9]), vec![1.0, 1.0]);
    }

    #[test]
    fn tier_order_needs_a_strict_decrease() {
        assert_eq!(keeps_tier_order(&[0.8, 0.5, 0.2]), Some(true));
        assert_eq!(keeps_tier_order(&[0.8, 0.5, 0.5]), Some(false));
        assert_eq!(keeps_tier_order(&[0.2, 0.5, 0.1]), Some(false));
        assert_eq!(keeps_tier_order(&[0.2]), None);
    }

    #[test]
    fn degenerate_regressions_are_none() {
        assert_eq!(ols(&[1.0, 2.0], &[1.0, 2.0]), None);
        assert_eq!(ols(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
        assert_eq!(ols(&[1.0, 2.0, 3.0], &[1.0, 2.0]), None);
    }

    #[test]
    fn ln_gamma_of_integers_is_ln_factorial() {
        let mut f = 1.0f64;
        for n in 1..20 {
            assert!((ln_gamma(n as f64) - f.ln()).abs() < 1e-12, "{n}");
            f *= n as f64;
        }
        assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-14);
    }
}
