//! Compiles arbitrary text and, when it compiles, generates and renders item
//! 0 of its first tier. Until generation has a deterministic budget, run it
//! with libFuzzer's `-timeout=` so an unbounded spec shows as a time-out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlec::compile::compile;
use puzzlec::source::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = SourceFile::new("fuzz.puzzle", text.to_string());
    let Ok(program) = compile(&source) else {
        return;
    };
    if let Some(tier) = program.tiers.first() {
        let _ = puzzlec::gen::generate(&program, &tier.name.name, 0, 1);
    }
});
