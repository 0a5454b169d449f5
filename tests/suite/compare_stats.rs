//! `puzzlec compare`'s statistics against scipy / statsmodels values in
//! `tests/data/compare/stats_fixtures.json`, written by
//! `tests/data/compare/make_fixtures.py` (see its header for how to rerun it).

use crate::common;
use puzzlec::compare::stats::{
    holm, mcnemar, ols, partial_correlation, student_t_two_sided, tost_two_sample,
};
use puzzlec::score::stats::{normal_cdf, tost_paired};
use serde_json::Value;

fn fixtures() -> Value {
    let path = common::root().join("tests/data/compare/stats_fixtures.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("json")
}

fn f(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} in {v}"))
}

fn u(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// Equal within 1e-9 absolute, or 1e-9 relative for small values.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1e-300) || (a - b).abs() < 1e-9 * (b.abs() + 1e-3)
}

fn cases(key: &str) -> Vec<Value> {
    fixtures()[key].as_array().expect(key).clone()
}

#[test]
fn normal_cdf_matches_scipy() {
    for c in cases("normal_cdf") {
        let (x, want) = (f(&c, "x"), f(&c, "cdf"));
        let got = normal_cdf(x);
        assert!(
            (got - want).abs() <= 1e-14 + 1e-12 * want,
            "Φ({x}) = {got}, scipy {want}"
        );
    }
}

#[test]
fn student_t_matches_scipy() {
    for c in cases("student_t") {
        let (t, df, want) = (f(&c, "t"), f(&c, "df"), f(&c, "sf2"));
        let got = student_t_two_sided(t, df);
        assert!(close(got, want), "t={t} df={df}: {got}, scipy {want}");
    }
}

#[test]
fn two_sample_tost_matches_statsmodels() {
    let all = cases("two_sample_tost");
    assert!(all.len() >= 9);
    for c in all {
        let (k1, n1, k2, n2) = (u(&c, "k1"), u(&c, "n1"), u(&c, "k2"), u(&c, "n2"));
        let t = tost_two_sample(k1, n1, k2, n2, f(&c, "margin"));
        if k1 * n2 == k2 * n1 && (k1 == 0 || k1 == n1) {
            // Both at 0 % or both at 100 %: statsmodels divides by a zero
            // variance and calls the samples equivalent (p = 0); we do not
            // decide (p = 1), a zero variance being no evidence.
            assert_eq!(f(&c, "p"), 0.0, "{c}");
            assert!(!t.decided && t.p == 1.0, "{c}: {t:?}");
            continue;
        }
        assert!(t.decided, "{c}");
        assert!(close(t.p_lower, f(&c, "p_lower")), "{c}: {t:?}");
        assert!(close(t.p_upper, f(&c, "p_upper")), "{c}: {t:?}");
        assert!(close(t.p, f(&c, "p")), "{c}: {t:?}");
    }
}

#[test]
fn paired_tost_matches_scipy() {
    for c in cases("paired_tost") {
        let t = tost_paired(u(&c, "b"), u(&c, "c"), u(&c, "pairs"), f(&c, "margin"));
        assert!(t.decided, "{c}");
        assert!(close(t.p_lower, f(&c, "p_lower")), "{c}: {t:?}");
        assert!(close(t.p_upper, f(&c, "p_upper")), "{c}: {t:?}");
        assert!(close(t.p, f(&c, "p")), "{c}: {t:?}");
    }
}

#[test]
fn mcnemar_matches_statsmodels() {
    let all = cases("mcnemar");
    assert!(
        all.iter().any(|c| u(c, "b") + u(c, "c") == 0),
        "zero discordant case"
    );
    assert!(all.iter().any(|c| c["exact"] == false), "asymptotic case");
    for c in all {
        let m = mcnemar(u(&c, "b"), u(&c, "c"));
        assert_eq!(Value::Bool(m.exact), c["exact"], "{c}");
        assert!(close(m.p, f(&c, "p")), "{c}: {m:?}");
    }
}

#[test]
fn holm_matches_statsmodels() {
    for c in cases("holm") {
        let ps: Vec<f64> = c["p"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let want: Vec<f64> = c["adjusted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let got = holm(&ps);
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert!(close(*g, *w), "{ps:?}: {got:?} vs {want:?}");
        }
    }
}

fn list(v: &Value, key: &str) -> Vec<f64> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

#[test]
fn ols_and_partial_correlation_match_statsmodels() {
    for c in cases("ols") {
        let (x, y, z) = (list(&c, "x"), list(&c, "y"), list(&c, "z"));
        let fit = ols(&x, &y).expect("a fit");
        assert!(close(fit.slope, f(&c, "slope")), "{c}: {fit:?}");
        assert!(close(fit.intercept, f(&c, "intercept")), "{c}: {fit:?}");
        assert!(close(fit.r2, f(&c, "r2")), "{c}: {fit:?}");
        if (f(&c, "r2") - 1.0).abs() < 1e-12 {
            // A perfect fit: statsmodels' p is rounding noise; we give none.
            assert_eq!(fit.slope_p, None);
        } else {
            let p = fit.slope_p.expect("a p-value");
            assert!(close(p, f(&c, "slope_p")), "{c}: {fit:?}");
        }
        let partial = partial_correlation(&x, &y, &z).expect("a partial correlation");
        assert!(close(partial.r, f(&c, "partial_r")), "{c}: {partial:?}");
        match c["partial_p"].as_f64() {
            Some(p) => assert!(close(partial.p.expect("p"), p), "{c}: {partial:?}"),
            None => assert_eq!(partial.p, None, "{c}"),
        }
    }
}
