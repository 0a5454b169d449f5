//! KOR-Bench operation rules 16, 17 and 22 (`kor_operation_16_17_22_derivatives`):
//! every gold is re-derived from the record's stated polynomials with this
//! file's own derivatives and printed with the `polynomial` kind's canonical
//! order written in tests/suite/polynomial_answers.rs, on 150 items per tier.

use crate::common;
use crate::polynomial_answers::{canonical, P};

const SPEC: &str = "suites/korbench/kor_operation_16_17_22_derivatives.puzzle";

/// The terms `[[c, i, j], …]` of an instance field.
fn terms(v: &serde_json::Value) -> Vec<(i64, u32, u32)> {
    v.as_array()
        .expect("a term list")
        .iter()
        .map(|t| {
            let t = t.as_array().expect("a term");
            let n = |k: usize| t[k].as_i64().expect("an integer");
            (n(0), n(1) as u32, n(2) as u32)
        })
        .collect()
}

/// ∂/∂x, `times` times.
fn d_dx(ts: &[(i64, u32, u32)], times: u32) -> P {
    let mut p = P::new();
    for &(c, i, j) in ts {
        if i >= times {
            let falling: i64 = (0..times).map(|k| i64::from(i - k)).product();
            *p.entry((i - times, j)).or_insert(0) += c * falling;
        }
    }
    p
}

fn add(mut a: P, b: P) -> P {
    for (k, v) in b {
        *a.entry(k).or_insert(0) += v;
    }
    a.retain(|_, c| *c != 0);
    a
}

#[test]
fn derivative_golds_follow_the_stated_rule() {
    let mut seen = std::collections::BTreeSet::new();
    for r in common::records(SPEC, "en", 150) {
        let i = &r.instance;
        let (f, g) = (terms(&i["f_terms"]), terms(&i["g_terms"]));
        let op = i["op"].as_str().unwrap();
        let want = match op {
            "16" | "22" => add(d_dx(&f, 1), d_dx(&g, 1)),
            "17" => add(d_dx(&f, 0), d_dx(&g, 2)),
            other => panic!("{}: unknown op {other}", r.id),
        };
        assert_eq!(r.answer, canonical(&want), "{}", r.id);
        let (ft, gt) = (i["f"].as_str().unwrap(), i["g"].as_str().unwrap());
        let vars = if op == "22" { "(x,y)" } else { "(x)" };
        assert!(
            r.question.contains(&format!("f{vars}={ft}, g{vars}={gt}")),
            "{}",
            r.id
        );
        assert!(
            !r.question.contains(&format!("[[{}]]", r.answer)),
            "{}: the gold is shown",
            r.id
        );
        if op != "22" {
            assert!(
                f.iter().chain(&g).all(|t| t.2 == 0),
                "{}: one variable",
                r.id
            );
        }
        seen.insert(op.to_string());
    }
    assert_eq!(seen.len(), 3, "every rule is asked");
}
