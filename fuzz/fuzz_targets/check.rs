//! Parses and checks arbitrary text, then draws every diagnostic: never a
//! panic, and every error but the file-size refusal carries a span.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlec::compile::{compile, render_plain};
use puzzlec::source::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = SourceFile::new("fuzz.puzzle", text.to_string());
    if let Err(error) = compile(&source) {
        let _ = render_plain(&error.diagnostics(), 100);
    }
});
