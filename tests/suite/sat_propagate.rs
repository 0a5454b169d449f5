//! The propagating front end (`puzzlec::sat::propagate`) answers exactly:
//! its verdicts agree with brute force on small random formulas and with
//! plain varisat on larger ones, its models satisfy every clause and
//! assumption. That records are byte-identical with the front end on or off
//! is tested in `identical_records`.

use crate::common;

use puzzlec::sat::propagate::Propagating;
use puzzlec::sat::varisat_backend::VarisatBackend;
use puzzlec::sat::{Lit, SatBackend, Var};

/// Random literals over the shared test generator.
struct Rng(common::XorShift);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn lit(&mut self, vars: usize) -> Lit {
        Lit::new(Var(self.below(vars) as u32), self.below(2) == 0)
    }
}

fn holds(lit: Lit, assignment: u32) -> bool {
    (assignment >> lit.var().0 & 1 == 1) == lit.is_positive()
}

/// Whether some assignment of `vars` variables satisfies every clause and
/// every assumption (plain enumeration).
fn brute_force(vars: usize, clauses: &[Vec<Lit>], assumptions: &[Lit]) -> bool {
    (0..1u32 << vars).any(|a| {
        assumptions.iter().all(|&l| holds(l, a))
            && clauses.iter().all(|c| c.iter().any(|&l| holds(l, a)))
    })
}

fn value(b: &dyn SatBackend, lit: Lit) -> bool {
    b.value(lit.var()).unwrap_or(false) == lit.is_positive()
}

/// Random clauses and questions interleaved, as generation asks them:
/// assumption lists that often share a prefix with the previous one,
/// clauses (units among them) added between solves.
#[test]
fn verdicts_agree_with_brute_force() {
    let mut rng = Rng(common::XorShift(0x5eed_0001));
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..600 {
        let vars = 3 + rng.below(9);
        let mut front = Propagating::new(Box::new(VarisatBackend::new()));
        for _ in 0..vars {
            front.new_var();
        }
        let mut clauses: Vec<Vec<Lit>> = Vec::new();
        let mut assumptions: Vec<Lit> = Vec::new();
        for _ in 0..30 {
            if rng.below(3) == 0 {
                let max = if rng.below(6) == 0 { 1 } else { 4 };
                let len = 1 + rng.below(max);
                let c: Vec<Lit> = (0..len).map(|_| rng.lit(vars)).collect();
                front.add_clause(&c);
                clauses.push(c);
            }
            // Keep a prefix of the last question, then add a few literals.
            let keep = rng.below(assumptions.len() + 1);
            assumptions.truncate(keep);
            for _ in 0..rng.below(3) {
                assumptions.push(rng.lit(vars));
            }
            let expected = brute_force(vars, &clauses, &assumptions);
            let got = front.solve(&assumptions).expect("solve");
            assert_eq!(
                got, expected,
                "verdict differs from brute force: clauses {clauses:?}, assumptions {assumptions:?}"
            );
            if got {
                sat += 1;
                for &l in &assumptions {
                    assert!(value(&front, l), "the model breaks assumption {l:?}");
                }
                for c in &clauses {
                    assert!(
                        c.iter().any(|&l| value(&front, l)),
                        "the model breaks clause {c:?}"
                    );
                }
            } else {
                unsat += 1;
            }
        }
    }
    assert!(
        sat > 1000 && unsat > 1000,
        "both verdicts are exercised: {sat} SAT, {unsat} UNSAT"
    );
}

/// Random 3-SAT near the threshold is beyond the front end's own search,
/// so these questions exercise the hand-over to the inner backend and the
/// stepping aside; verdicts must match plain varisat.
#[test]
fn hard_formulas_agree_with_varisat() {
    let mut rng = Rng(common::XorShift(0x5eed_0002));
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..40 {
        let vars = 70;
        let mut front = Propagating::new(Box::new(VarisatBackend::new()));
        let mut plain = VarisatBackend::new();
        for _ in 0..vars {
            front.new_var();
            plain.new_var();
        }
        let mut clauses = Vec::new();
        for _ in 0..280 {
            let c: Vec<Lit> = (0..3).map(|_| rng.lit(vars)).collect();
            front.add_clause(&c);
            plain.add_clause(&c);
            clauses.push(c);
        }
        let mut assumptions: Vec<Lit> = Vec::new();
        for q in 0..12 {
            if q % 4 == 3 {
                // Clauses also arrive after the inner backend took over.
                let c: Vec<Lit> = (0..3).map(|_| rng.lit(vars)).collect();
                front.add_clause(&c);
                plain.add_clause(&c);
                clauses.push(c);
            }
            let keep = rng.below(assumptions.len() + 1);
            assumptions.truncate(keep);
            for _ in 0..1 + rng.below(3) {
                assumptions.push(rng.lit(vars));
            }
            let got = front.solve(&assumptions).expect("solve");
            assert_eq!(got, plain.solve(&assumptions).expect("solve"));
            if got {
                sat += 1;
                for c in &clauses {
                    assert!(c.iter().any(|&l| value(&front, l)));
                }
            } else {
                unsat += 1;
            }
        }
    }
    assert!(
        sat > 50 && unsat > 50,
        "both verdicts are exercised: {sat} SAT, {unsat} UNSAT"
    );
}
