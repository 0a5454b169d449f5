//! Records are byte-identical whichever SAT backend generates them, because
//! only SAT/UNSAT verdicts steer generation. Needs the `batsat` feature
//! (README's test command enables all features).
//!
//! One test in this binary: the backend choice is process-wide.

#![cfg(feature = "batsat")]

use crate::common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use puzzlec::sat::select_backend;

#[test]
fn varisat_and_batsat_generate_identical_records() {
    let specs: Vec<_> = common::specs()
        .into_iter()
        .filter(|(_, p)| !p.finds.is_empty())
        .collect();
    assert!(specs.len() >= 5, "the constraint specs are found");
    let mut lines = [Vec::new(), Vec::new()];
    for (slot, backend) in ["varisat", "batsat"].into_iter().enumerate() {
        select_backend(backend).expect("backend compiled in");
        for (_, program) in &specs {
            for tier in program.tier_names() {
                // The slowest generators (seconds per item) at 2 per tier.
                let name = &program.name.name;
                let count = if name.starts_with("cryptarithmetic") || name == "minesweeper" {
                    2
                } else {
                    5
                };
                for i in 0..count {
                    let item = generate(program, tier, i, 3).expect("generate");
                    for lang in &program.languages {
                        lines[slot].push(record(program, &item, lang).to_json_line());
                    }
                }
            }
        }
    }
    select_backend("varisat").expect("reset");
    assert_eq!(lines[0].len(), lines[1].len());
    for (a, b) in lines[0].iter().zip(&lines[1]) {
        assert!(a == b, "records differ between backends:\n{a}\n{b}");
    }
}
