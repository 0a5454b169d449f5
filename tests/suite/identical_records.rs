//! Records are byte-identical whichever engine, SAT backend or SAT front end
//! answers the generator's questions, because only verdicts steer
//! generation: the finite-domain engine or SAT alone (`--engine`), varisat
//! or batsat (`--backend`, the `batsat` feature; README's test command
//! enables all features), with or without the unit-propagating front end.
//!
//! The three switches are process-wide, so this is the only test in the
//! binary that sets them, one at a time, and restores each before the next;
//! every variant is compared with one baseline build (the defaults).

use crate::common;

use puzzlec::fd::select_engine;
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
}
