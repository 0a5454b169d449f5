//! The run-length constraint `runs`: on every backend, the solutions with
//! the constraint asserted, and with it negated, are exactly the lines that
//! plain enumeration finds with (and without) those runs.

use puzzlec::sat::runs::run_lengths;
use puzzlec::sat::{backend_variants, IntVar, Lit, Model};
use std::collections::BTreeSet;

/// Run lengths written apart from the library: split on `false`.
fn plain_runs(line: &[bool]) -> Vec<usize> {
    let text: String = line.iter().map(|&b| if b { '#' } else { '.' }).collect();
    text.split('.')
        .filter(|s| !s.is_empty())
        .map(str::len)
        .collect()
}

fn lines(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0u32..1 << n).map(move |mask| (0..n).map(|i| mask >> i & 1 == 1).collect())
}

/// Every clue some line of `n` cells has, plus two no line has.
fn clues(n: usize) -> Vec<Vec<usize>> {
    let mut all: BTreeSet<Vec<usize>> = lines(n).map(|l| plain_runs(&l)).collect();
    all.insert(vec![n + 1]);
    all.insert(vec![1; n.div_ceil(2) + 1]);
    all.into_iter().collect()
}

fn count(
    ctor: &dyn Fn() -> Box<dyn puzzlec::sat::SatBackend>,
    n: usize,
    clue: &[usize],
    holds: bool,
) -> usize {
    let mut model = Model::new(ctor()).unwrap();
    let vars: Vec<IntVar> = (0..n).map(|_| model.new_int(&[0, 1]).unwrap()).collect();
    let cells: Vec<Lit> = vars.iter().map(|&x| model.eq_lit(x, 1)).collect();
    let r = model.runs(&cells, clue).unwrap();
    model.add(if holds { r } else { !r }).unwrap();
    let sols = model.enumerate(&[], &vars, 1 << 12).unwrap();
    for sol in &sols {
        let line: Vec<bool> = sol.iter().map(|&v| v == 1).collect();
        assert_eq!(plain_runs(&line) == clue, holds, "{line:?} under {clue:?}");
    }
    sols.len()
}

#[test]
fn the_library_run_lengths_agree_with_plain_splitting() {
    for n in 0..=10 {
        for line in lines(n) {
            assert_eq!(run_lengths(&line), plain_runs(&line), "{line:?}");
        }
    }
}

#[test]
fn solutions_with_and_without_the_runs_match_enumeration() {
    for (name, ctor) in backend_variants() {
        for n in 0..=8 {
            for clue in clues(n) {
                let brute = lines(n).filter(|l| plain_runs(l) == clue).count();
                assert_eq!(
                    count(&ctor, n, &clue, true),
                    brute,
                    "{name}: n={n} {clue:?}"
                );
                assert_eq!(
                    count(&ctor, n, &clue, false),
                    (1 << n) - brute,
                    "{name}: n={n} not {clue:?}"
                );
            }
        }
    }
}

#[test]
fn a_zero_length_run_is_an_error() {
    let (_, ctor) = backend_variants().into_iter().next().unwrap();
    let mut model = Model::new(ctor()).unwrap();
    let x = model.new_bool().unwrap();
    assert!(model.runs(&[x], &[0]).is_err());
}
