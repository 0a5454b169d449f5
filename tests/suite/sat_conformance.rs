//! Backend conformance: every compiled-in backend must behave identically
//! on basic SAT/UNSAT, assumptions and incremental use.

use puzzlec::sat::{available_backends, backend_variants, Lit, Model, SatBackend};

fn each_backend(mut f: impl FnMut(&str, Box<dyn SatBackend>)) {
    let list = available_backends();
    assert!(!list.is_empty());
    for (name, ctor) in list {
        f(name, ctor());
    }
}

#[test]
fn backends_listed() {
    let names: Vec<&str> = available_backends().iter().map(|b| b.0).collect();
    assert_eq!(names[0], "varisat");
    #[cfg(feature = "batsat")]
    assert!(names.contains(&"batsat"));
}

#[test]
fn simple_sat_and_model() {
    each_backend(|name, mut b| {
        let x = b.new_var();
        let y = b.new_var();
        b.add_clause(&[Lit::pos(x), Lit::pos(y)]);
        b.add_clause(&[Lit::neg(x)]);
        assert!(b.solve(&[]).unwrap(), "{name}");
        assert_eq!(b.value(x), Some(false), "{name}");
        assert_eq!(b.value(y), Some(true), "{name}");
        assert_eq!(b.num_vars(), 2, "{name}");
        assert_eq!(b.num_clauses(), 2, "{name}");
    });
}

#[test]
fn simple_unsat() {
    each_backend(|name, mut b| {
        let x = b.new_var();
        b.add_clause(&[Lit::pos(x)]);
        b.add_clause(&[Lit::neg(x)]);
        assert!(!b.solve(&[]).unwrap(), "{name}");
        assert_eq!(b.value(x), None, "{name}");
    });
}

#[test]
fn empty_clause_is_unsat() {
    each_backend(|name, mut b| {
        let _ = b.new_var();
        b.add_clause(&[]);
        assert!(!b.solve(&[]).unwrap(), "{name}");
    });
}

#[test]
fn assumptions_are_temporary() {
    each_backend(|name, mut b| {
        let x = b.new_var();
        let y = b.new_var();
        // x -> y
        b.add_clause(&[Lit::neg(x), Lit::pos(y)]);
        assert!(b.solve(&[Lit::pos(x)]).unwrap(), "{name}");
        assert_eq!(b.value(y), Some(true), "{name}");
        assert!(!b.solve(&[Lit::pos(x), Lit::neg(y)]).unwrap(), "{name}");
        // the failed assumption set leaves no trace
        assert!(b.solve(&[Lit::neg(y)]).unwrap(), "{name}");
        assert_eq!(b.value(x), Some(false), "{name}");
        assert!(b.solve(&[]).unwrap(), "{name}");
    });
}

#[test]
fn incremental_clauses_and_vars() {
    each_backend(|name, mut b| {
        let vs: Vec<_> = (0..5).map(|_| b.new_var()).collect();
        let all: Vec<Lit> = vs.iter().map(|&v| Lit::pos(v)).collect();
        b.add_clause(&all);
        for (i, &v) in vs.iter().enumerate() {
            assert!(b.solve(&[]).unwrap(), "{name} step {i}");
            b.add_clause(&[Lit::neg(v)]);
        }
        assert!(!b.solve(&[]).unwrap(), "{name}");
        // stays UNSAT even with new variables
        let z = b.new_var();
        assert!(!b.solve(&[Lit::pos(z)]).unwrap(), "{name}");
    });
}

#[test]
fn lit_basics() {
    each_backend(|_, mut b| {
        let v = b.new_var();
        let p = Lit::pos(v);
        assert_eq!(!p, Lit::neg(v));
        assert_eq!(!!p, p);
        assert!(p.is_positive());
        assert!(!(!p).is_positive());
        assert_eq!((!p).var(), v);
        assert_eq!(Lit::new(v, false), Lit::neg(v));
    });
}

#[test]
fn model_connectives_truth_tables() {
    each_backend(|name, b| {
        let mut m = Model::new(b).unwrap();
        let a = m.new_bool().unwrap();
        let c = m.new_bool().unwrap();
        let and = m.and(&[a, c]).unwrap();
        let or = m.or(&[a, c]).unwrap();
        let imp = m.implies(a, c).unwrap();
        let iff = m.iff(a, c).unwrap();
        let xor = m.xor(a, c).unwrap();
        let ite = m.ite(a, c, !c).unwrap();
        for va in [false, true] {
            for vc in [false, true] {
                let la = if va { a } else { !a };
                let lc = if vc { c } else { !c };
                assert!(m.solve(&[la, lc]).unwrap(), "{name}");
                assert_eq!(m.lit_value(and), Some(va && vc), "{name}");
                assert_eq!(m.lit_value(or), Some(va || vc), "{name}");
                assert_eq!(m.lit_value(imp), Some(!va || vc), "{name}");
                assert_eq!(m.lit_value(iff), Some(va == vc), "{name}");
                assert_eq!(m.lit_value(xor), Some(va != vc), "{name}");
                assert_eq!(m.lit_value(ite), Some(if va { vc } else { !vc }), "{name}");
                assert_eq!(m.lit_value(m.not(a)), Some(!va), "{name}");
            }
        }
        // constants fold
        let t = m.true_lit();
        assert_eq!(m.and(&[]).unwrap(), t);
        assert_eq!(m.or(&[]).unwrap(), !t);
        assert_eq!(m.and(&[a, !a]).unwrap(), !t);
        assert_eq!(m.or(&[a, t]).unwrap(), t);
        assert!(!m.solve(&[m.false_lit()]).unwrap());
    });
}

/// A conjunction asked for again, in any order or as the disjunction of
/// the negations, is the gate already made: no new variable or clause, and
/// the gate still means the conjunction (every assignment of its inputs).
#[test]
fn the_same_conjunction_is_one_gate() {
    each_backend(|name, b| {
        let mut m = Model::new(b).unwrap();
        let xs: Vec<Lit> = (0..3).map(|_| m.new_bool().unwrap()).collect();
        let and = m.and(&xs).unwrap();
        let (vars, clauses) = (m.num_vars(), m.num_clauses());
        assert_eq!(m.and(&[xs[2], xs[0], xs[1], xs[0]]).unwrap(), and, "{name}");
        let negated: Vec<Lit> = xs.iter().map(|&x| !x).collect();
        assert_eq!(m.or(&negated).unwrap(), !and, "{name}");
        assert_eq!((m.num_vars(), m.num_clauses()), (vars, clauses), "{name}");
        // A different set of inputs is a gate of its own.
        let two = m.and(&xs[..2]).unwrap();
        assert_ne!(two, and, "{name}");
        for bits in 0..8u32 {
            let a: Vec<Lit> = (0..3)
                .map(|i| if bits >> i & 1 == 1 { xs[i] } else { !xs[i] })
                .collect();
            assert!(m.solve(&a).unwrap(), "{name}");
            assert_eq!(m.lit_value(and), Some(bits == 7), "{name} {bits:03b}");
            assert_eq!(m.lit_value(two), Some(bits & 3 == 3), "{name} {bits:03b}");
        }
    });
}

#[test]
fn model_constants_and_int_values() {
    for (name, ctor) in backend_variants() {
        let mut m = Model::new(ctor()).unwrap();
        let x = m.new_int(&[5, -2, 5, 9]).unwrap();
        assert_eq!(m.domain(x), &[-2, 5, 9]);
        assert!(m.solve(&[]).unwrap(), "{name}");
        m.new_int(&[]).unwrap();
        assert!(!m.solve(&[]).unwrap(), "{name}: empty domain is UNSAT");

        let mut m = Model::new(ctor()).unwrap();
        let x = m.new_int(&[1, 2, 3]).unwrap();
        let k = m.int_const(7);
        assert!(m.solve(&[]).unwrap());
        assert_eq!(m.lit_value(m.true_lit()), Some(true), "{name}");
        assert_eq!(m.lit_value(m.false_lit()), Some(false), "{name}");
        assert_eq!(m.value_of(k), Some(7));
        let l = m.eq_lit(x, 2);
        assert!(m.solve(&[l]).unwrap());
        assert_eq!(m.value_of(x), Some(2));
        assert_eq!(m.eq_lit(x, 4), m.false_lit());
        let le = m.le_lit(x, 1).unwrap();
        assert!(m.solve(&[le]).unwrap());
        assert_eq!(m.value_of(x), Some(1));
        let b = m.new_bool().unwrap();
        let bi = m.int_from_bool(b);
        assert!(m.solve(&[!b]).unwrap());
        assert_eq!(m.value_of(bi), Some(0));
        assert!(!m.solve(&[l, le]).unwrap());
        assert_eq!(m.value_of(x), None);
    }
}

/// An integer's exactly-one clauses wait for the first clause or assumption
/// that uses one of its literals: an integer nothing uses costs no clause
/// and models read it as its least value; once used, exactly one of its
/// values holds in every model, as if the clauses had been made at once.
#[test]
fn an_integer_s_exactly_one_comes_with_its_first_use() {
    each_backend(|name, b| {
        let mut m = Model::new(b).unwrap();
        let before = m.num_clauses();
        let x = m.new_int(&[3, 1, 2]).unwrap();
        assert_eq!(m.num_clauses(), before, "{name}: nothing used x yet");
        assert!(m.solve(&[]).unwrap(), "{name}");
        assert_eq!(m.value_of(x), Some(1), "{name}: the least value");
        // First used by an assumption: two values at once are refused.
        let (one, three) = (m.eq_lit(x, 1), m.eq_lit(x, 3));
        assert!(!m.solve(&[one, three]).unwrap(), "{name}");
        assert!(m.num_clauses() > before, "{name}");
        assert!(m.solve(&[three]).unwrap(), "{name}");
        assert_eq!(m.value_of(x), Some(3), "{name}");
        // First used by a clause (y is 0 or 1): exactly those two models,
        // each with one literal of y true.
        let y = m.new_int(&[0, 1, 2, 3]).unwrap();
        let lits: Vec<Lit> = (0..4).map(|v| m.eq_lit(y, v)).collect();
        m.add_clause(&[lits[0], lits[1]]).unwrap();
        let mut seen = Vec::new();
        while m.solve(&[]).unwrap() {
            let v = m.value_of(y).expect("y has a value");
            let true_lits = lits
                .iter()
                .filter(|&&l| m.lit_value(l) == Some(true))
                .count();
            assert_eq!(true_lits, 1, "{name}: one value of y at {v}");
            seen.push(v);
            m.add_clause(&[!m.eq_lit(y, v)]).unwrap();
            assert!(seen.len() <= 4, "{name}: {seen:?}");
        }
        seen.sort_unstable();
        assert_eq!(seen, [0, 1], "{name}");
    });
}

/// A solve that repeats the last satisfiable one answers from it, but only
/// while nothing changed: a clause added since, or a temporary clause
/// retired since, is seen by the next solve.
#[test]
fn repeated_solves_see_new_clauses() {
    each_backend(|name, b| {
        let mut m = Model::new(b).unwrap();
        let x = m.new_bool().unwrap();
        let y = m.new_bool().unwrap();
        m.add_clause(&[x, y]).unwrap();
        assert!(m.solve(&[x]).unwrap(), "{name}");
        assert!(m.solve(&[x]).unwrap(), "{name}: repeated");
        assert_eq!(m.lit_value(x), Some(true), "{name}: model kept");
        m.add_clause(&[!x]).unwrap();
        assert!(!m.solve(&[x]).unwrap(), "{name}: new clause");
        assert!(m.solve(&[y]).unwrap(), "{name}");
        // `solve_with_clause` adds and retires a temporary clause; the
        // plain solve afterwards is a new question.
        assert!(!m.solve_with_clause(&[y], &[x]).unwrap(), "{name}");
        assert!(m.solve(&[y]).unwrap(), "{name}: after the temporary clause");
        assert_eq!(m.lit_value(y), Some(true), "{name}");
    });
}
