//! The `puzzlec` binary; everything lives in the library's `cli` module.

// The evaluator allocates many small values (lists, strings, argument
// vectors); mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    puzzlec::cli::main()
}
