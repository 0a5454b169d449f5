//! The statistics of `puzzlec score` against values computed independently
//! with statsmodels 0.15.0 / scipy 1.17.1:
//!
//! ```sh
//! python3 -c "
//! from statsmodels.stats.proportion import proportion_confint
//! from statsmodels.stats.contingency_tables import mcnemar
//! from scipy.stats import norm
//! import math
//! for k,n in [(0,10),(5,10),(10,10),(37,120),(1,3),(812,1000)]:
//!     print(k, n, proportion_confint(k, n, alpha=0.05, method='wilson'))
//! for b,c in [(0,5),(3,10),(12,12),(40,25),(1,0),(150,120)]:
//!     print(b, c, mcnemar([[0,b],[c,0]], exact=True).pvalue)
//! for b,c,N in [(10,8,100),(30,10,100),(3,2,200),(20,20,60)]:
//!     d=(b-c)/N; se=math.sqrt(((b+c)/N-d*d)/N)
//!     print(b, c, N, norm.sf((d+0.1)/se), norm.cdf((d-0.1)/se))
//! "
//! ```

use puzzlec::score::stats::{mcnemar_exact, normal_cdf, tost_paired, wilson, Z95};

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-300) || (a - b).abs() < 1e-12
}

#[test]
fn wilson_matches_statsmodels() {
    let table: [(u64, u64, f64, f64); 6] = [
        (0, 10, 0.0, 0.27753279986288926),
        (5, 10, 0.23659309051256394, 0.7634069094874361),
        (10, 10, 0.7224672001371106, 1.0),
        (37, 120, 0.23272736988916298, 0.39582997723800684),
        (1, 3, 0.06149194472039626, 0.7923403991979523),
        (812, 1000, 0.7866068125887822, 0.8350052901162315),
    ];
    for (k, n, lo, hi) in table {
        let (a, b) = wilson(k, n, Z95);
        assert!(close(a, lo, 1e-9), "wilson({k},{n}) low {a} vs {lo}");
        assert!(close(b, hi, 1e-9), "wilson({k},{n}) high {b} vs {hi}");
    }
    assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
}

#[test]
fn mcnemar_matches_statsmodels() {
    let table: [(u64, u64, f64); 6] = [
        (0, 5, 0.0625),
        (3, 10, 0.09228515625),
        (12, 12, 1.0),
        (40, 25, 0.08168153394154003),
        (1, 0, 1.0),
        (150, 120, 0.07738939898021849),
    ];
    for (b, c, p) in table {
        let got = mcnemar_exact(b, c);
        assert!(close(got, p, 1e-9), "mcnemar({b},{c}) = {got}, want {p}");
        assert_eq!(got, mcnemar_exact(c, b), "symmetric");
    }
    assert_eq!(mcnemar_exact(0, 0), 1.0);
    // Large n stays finite and tiny.
    let p = mcnemar_exact(5000, 3000);
    assert!(p > 0.0 && p < 1e-50, "{p}");
}

#[test]
fn tost_matches_scipy() {
    // (b, c, N, p_lower, p_upper); values from scipy (rounded as printed).
    let table: [(u64, u64, u64, f64, f64); 4] = [
        (10, 8, 100, 0.0023159679650528032, 0.0295319957429555),
        (30, 10, 100, 2.8665157187919174e-07, 0.9522096477271853),
        (3, 2, 200, 2.8288722523843946e-21, 9.373147917847433e-18),
        (20, 20, 60, 0.17139085557395567, 0.17139085557395567),
    ];
    for (b, c, n, pl, pu) in table {
        let t = tost_paired(b, c, n, 0.10);
        assert!(
            close(t.p_lower, pl, 1e-6),
            "{b},{c},{n}: {} vs {pl}",
            t.p_lower
        );
        assert!(
            close(t.p_upper, pu, 1e-6),
            "{b},{c},{n}: {} vs {pu}",
            t.p_upper
        );
        assert!(close(t.p, pl.max(pu), 1e-6));
        assert_eq!(t.equivalent, pl.max(pu) < 0.05);
    }
    // No discordant pairs: zero SE, nothing decided, never equivalent.
    let t = tost_paired(0, 0, 50, 0.10);
    assert!(!t.decided && !t.equivalent && t.p == 1.0 && t.se == 0.0);
    // Three pairs, all wrong in both languages (the issue's case), and every
    // discordant pair one way: undecided, every figure finite.
    for (b, c, n) in [(0, 0, 3), (5, 0, 5), (0, 0, 0), (1, 0, 3)] {
        let t = tost_paired(b, c, n, 0.10);
        assert!(!t.decided && !t.equivalent, "{b},{c},{n}: {t:?}");
        assert!(t.p.is_finite() && t.ci90.0.is_finite() && t.ci90.1.is_finite());
    }
}

#[test]
fn normal_cdf_reference_points() {
    assert!(close(normal_cdf(0.0), 0.5, 1e-7));
    assert!(close(normal_cdf(1.959963984540054), 0.975, 1e-7));
    assert!(close(normal_cdf(-1.6448536269514722), 0.05, 1e-6));
}
