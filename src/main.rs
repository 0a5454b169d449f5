//! The `puzzlec` binary; everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    puzzlec::cli::main()
}
