//! Records are byte-identical whichever engine, SAT backend or SAT front end
//! answers the generator's questions, because only verdicts steer
//! generation: the finite-domain engine or SAT alone (`--engine`), varisat
//! or batsat (`--backend`, the `batsat` feature; README's test command
//! enables all features), with or without the unit-propagating front end,
//! whether each attempt copies the model its thread built before from
//! the same inputs or builds its own, and whether each item takes its
//! constants' values from those its thread kept or evaluates them again.
//!
//! The switches are process-wide, so this is the only test in the
//! binary that sets them, one at a time, and restores each before the next;
//! every variant is compared with one baseline build (the defaults).

use crate::common;

use puzzlec::fd::select_engine;
use puzzlec::gen::constraint::set_model_reuse;
use puzzlec::gen::set_constant_reuse;
use puzzlec::sat::propagate::set_propagation;
use puzzlec::sat::select_backend;

/// A variant's name and its switch: `true` turns it on, `false` back off.
type Variant<'a> = (&'a str, Box<dyn Fn(bool)>);

/// The dataset seed of every build here.
const SEED: u64 = 5;

#[test]
fn records_are_identical_on_every_engine_backend_and_front_end() {
    let specs = common::constraint_specs();
    let baseline = common::first_record_lines(&specs, SEED);
    let mut variants: Vec<Variant> = vec![
        (
            "the SAT engine alone",
            Box::new(|on| select_engine(if on { "sat" } else { "auto" }).expect("engine")),
        ),
        (
            "no unit-propagating front end",
            Box::new(|on| set_propagation(!on)),
        ),
        (
            "models rebuilt for every attempt",
            Box::new(|on| set_model_reuse(!on)),
        ),
        (
            "constants evaluated for every item",
            Box::new(|on| set_constant_reuse(!on)),
        ),
    ];
    if cfg!(feature = "batsat") {
        variants.push((
            "the batsat backend",
            Box::new(|on| select_backend(if on { "batsat" } else { "varisat" }).expect("backend")),
        ));
    }
    for (what, switch) in &variants {
        switch(true);
        let lines = common::first_record_lines(&specs, SEED);
        switch(false);
        assert_eq!(lines.len(), baseline.len(), "{what}: a different count");
        for (a, b) in baseline.iter().zip(&lines) {
            assert!(a == b, "records differ with {what}:\n{a}\n{b}");
        }
    }
    assert!(
        select_engine("fast").is_err(),
        "an unknown engine is refused"
    );
    fuel_runs_out_where_it_would();
    computed_specs_keep_their_records_without_kept_constants();
    constants_run_out_of_fuel_where_they_would();
}

/// A Latin square dug to six givens (attempts retry, so later attempts and
/// items copy the model the first built), under step limits from far too
/// few to enough.
const PROBE: &str = r#"
puzzle reuse_probe
title en "Latin square" ko "라틴 방진"
family direct
attempts 20
limits { steps LIMIT }

lever givens: int in 1..=16
tier easy { givens = 6 }

find cell[r in 0..4, c in 0..4] : 1..=4
rule row for r in 0..4: alldiff(cell[r, *])
rule column for c in 0..4: alldiff(cell[*, c])

generate {
  let s = sample solution
  let shown = dig cell from s keep givens
}

answer grid = s.cell
template en "Fill the square; the givens are {shown}."
template ko "방진을 채우세요. 주어진 칸: {shown}."
"#;

/// The outcome of each item (its record or its error) is the same whether
/// models are copied or rebuilt: a copy is charged the steps its build
/// spent, so an item runs out of fuel where it would have.
fn fuel_runs_out_where_it_would() {
    outcomes_agree_under_step_limits(PROBE, 40..4_000, 6, &set_model_reuse);
}

/// Builds items `0..items` of `probe` (whose `LIMIT` is replaced by step
/// limits growing from `limits.start` to `limits.end`) with `reuse` off,
/// then on, and asserts that each item's outcome (record or error) agrees;
/// both outcomes must occur often enough to show something.
fn outcomes_agree_under_step_limits(
    probe: &str,
    limits: std::ops::Range<u64>,
    items: u64,
    reuse: &dyn Fn(bool),
) {
    let (mut fine, mut out) = (0, 0);
    let mut limit = limits.start;
    while limit < limits.end {
        let text = probe.replace("LIMIT", &limit.to_string());
        let source = puzzlec::source::SourceFile::new("probe.puzzle", text);
        let program = puzzlec::compile::compile(&source).expect("the probe compiles");
        let outcomes = |on: bool| -> Vec<String> {
            reuse(on);
            let all = (0..items)
                .map(
                    |i| match puzzlec::gen::generate(&program, "easy", i, SEED) {
                        Ok(item) => {
                            puzzlec::dataset::build::record(&program, &item, "en").to_json_line()
                        }
                        Err(e) => format!("error: {e}"),
                    },
                )
                .collect();
            reuse(true);
            all
        };
        let without = outcomes(false);
        let with = outcomes(true);
        assert_eq!(with, without, "outcomes differ at a limit of {limit} steps");
        fine += without.iter().filter(|o| !o.starts_with("error")).count();
        out += without.iter().filter(|o| o.starts_with("error")).count();
        limit = limit * 5 / 4 + 1;
    }
    assert!(
        fine > 20 && out > 20,
        "both outcomes are exercised: {fine} records, {out} items out of fuel"
    );
}

/// Computed specs (no constraint model) make the same records whether each
/// thread keeps its constants' values or evaluates them for every item.
fn computed_specs_keep_their_records_without_kept_constants() {
    let specs: Vec<_> = common::specs()
        .into_iter()
        .map(|(_, p)| p)
        .filter(|p| p.finds.is_empty() && !p.consts.is_empty())
        .collect();
    assert!(
        specs.len() >= 20,
        "the computed specs with constants are found"
    );
    let kept = common::first_record_lines(&specs, SEED);
    set_constant_reuse(false);
    let evaluated = common::first_record_lines(&specs, SEED);
    set_constant_reuse(true);
    assert_eq!(kept.len(), evaluated.len());
    for (a, b) in kept.iter().zip(&evaluated) {
        assert!(
            a == b,
            "records differ with constants evaluated per item:\n{a}\n{b}"
        );
    }
}

/// Constants, one read by a lever of several values, whose evaluation costs
/// thousands of steps.
const CONSTANT_PROBE: &str = r#"
puzzle constant_probe
title en "Squares" ko "제곱수"
family direct
attempts 3
limits { steps LIMIT }

lever size: int in 2..=6
tier easy { size = 2..=6 }

let SQUARES = [i * i for i in 0..120]
let MULTIPLES = [x for x in SQUARES if x % size == 0]
fn total(xs) = fold(xs, 0, |a, b| a + b)

generate {
  let v = one of MULTIPLES
  require v % 2 == 0 else "an even square"
}

answer int = v + total(take(SQUARES, size))
template en "Add {v} to the sum of the first {size} squares."
template ko "{v}에 처음 {size}개의 제곱수의 합을 더하세요."
"#;

/// The outcome of each item (its record or its error) is the same whether
/// constants are kept or evaluated again: a kept value is charged the steps
/// its evaluation spent, so an item runs out of fuel where it would have.
fn constants_run_out_of_fuel_where_they_would() {
    outcomes_agree_under_step_limits(CONSTANT_PROBE, 200..20_000, 12, &set_constant_reuse);
}
