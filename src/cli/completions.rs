//! `puzzlec completions SHELL`: the shell completion script, on stdout.

use super::{Cli, Reported};
use clap::CommandFactory;

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

/// Writes the completion script of `shell` to stdout.
pub fn run(args: Args) -> Result<(), Reported> {
    let mut command = Cli::command();
    clap_complete::generate(args.shell, &mut command, "puzzlec", &mut std::io::stdout());
    Ok(())
}
