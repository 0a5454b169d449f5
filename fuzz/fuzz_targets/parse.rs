//! Parses arbitrary text as a spec: a diagnostic or an AST, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlec::source::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = SourceFile::new("fuzz.puzzle", text.to_string());
    let _ = puzzlec::syntax::parse(&source);
});
