//! Size limits: exceeding them yields an error, never unbounded growth.

use puzzlec::sat::{available_backends, default_backend, Limits, LinExpr, Model, SatError};

#[test]
fn too_many_vars_is_an_error() {
    let limits = Limits {
        max_vars: 50,
        max_clauses: 1_000_000,
    };
    let mut m = Model::with_limits(default_backend(), limits).unwrap();
    let mut err = None;
    for _ in 0..100 {
        if let Err(e) = m.new_int(&[1, 2, 3, 4, 5]) {
            err = Some(e);
            break;
        }
    }
    assert_eq!(err, Some(SatError::TooManyVars { limit: 50 }));
    assert!(m.num_vars() <= 50);
}

#[test]
fn too_many_clauses_is_an_error() {
    for (name, ctor) in available_backends() {
        let limits = Limits {
            max_vars: 1_000_000,
            max_clauses: 300,
        };
        let mut m = Model::with_limits(ctor(), limits).unwrap();
        let dom: Vec<i64> = (0..10).collect();
        let xs: Vec<_> = (0..5).map(|_| m.new_int(&dom).unwrap()).collect();
        let r = m.alldiff(&xs);
        assert!(
            matches!(r, Err(SatError::TooManyClauses { limit: 300 })),
            "{name}: {r:?}"
        );
        assert!(m.num_clauses() <= 300, "{name}");
    }
}

#[test]
fn huge_linear_sum_fails_before_allocating() {
    // 40 variables with 100 spread-out values each: the partial-sum tables
    // would be astronomically large; the limit check must trip first.
    let limits = Limits {
        max_vars: 200_000,
        max_clauses: 1_000_000,
    };
    let mut m = Model::with_limits(default_backend(), limits).unwrap();
    let mut e = LinExpr::new();
    for i in 0..40 {
        let dom: Vec<i64> = (0..100).map(|v| v * (1 + i * 1000)).collect();
        let x = m.new_int(&dom).unwrap();
        e = e.term(7 + i, x);
    }
    let r = m.linear_var(&e);
    assert!(
        matches!(
            r,
            Err(SatError::TooManyVars { .. }) | Err(SatError::TooManyClauses { .. })
        ),
        "{r:?}"
    );
}

#[test]
fn overflow_is_an_error() {
    let mut m = Model::new(default_backend()).unwrap();
    let x = m.new_int(&[0, i64::MAX / 2]).unwrap();
    let r = m.linear_var(&LinExpr::new().term(3, x));
    assert_eq!(r.err(), Some(SatError::Overflow));
}

#[test]
fn within_limits_works() {
    let limits = Limits {
        max_vars: 1000,
        max_clauses: 5000,
    };
    let mut m = Model::with_limits(default_backend(), limits).unwrap();
    let xs: Vec<_> = (0..3).map(|_| m.new_int(&[1, 2, 3]).unwrap()).collect();
    m.alldiff(&xs).unwrap();
    assert_eq!(m.count_solutions(&[], &xs, 100).unwrap(), 6);
    assert_eq!(m.limits(), limits);
}
