//! The command line. The only module that reads files, writes to the
//! terminal, or draws progress bars.

mod ask;
mod bench;
mod bench_profile;
mod build;
mod bundle;
mod calibrate;
mod check;
mod compare;
mod completions;
mod cpu;
mod examples;
mod export;
mod json;
mod load;
mod memory;
mod model_args;
mod new;
mod output;
mod progress;
mod render;
mod score;
mod snap;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Compile puzzle specs into seeded, bilingual datasets with proven golds.
#[derive(Debug, Parser)]
#[command(name = "puzzlec", version, about, long_about = None)]
pub struct Cli {
    /// The SAT backend for constraint puzzles (records are the same with any).
    #[arg(long, global = true, default_value = "varisat")]
    sat: String,
    /// The engine for uniqueness and satisfiability questions: `auto` (the
    /// finite-domain engine first, SAT when it cannot tell) or `sat` (SAT
    /// only); records are the same with either. Default: the environment
    /// variable `PUZZLEC_ENGINE`, else `auto`.
    #[arg(long, global = true)]
    engine: Option<String>,
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and check specs; print every diagnostic.
    #[command(after_help = examples::CHECK)]
    Check(check::Args),
    /// Generate a dataset from specs.
    #[command(after_help = examples::BUILD)]
    Build(build::Args),
    /// Make prompts that each hold several records of built datasets.
    #[command(after_help = examples::BUNDLE)]
    Bundle(bundle::Args),
    /// Print one item in readable form.
    #[command(after_help = examples::RENDER)]
    Render(render::Args),
    /// Regenerate every record of a dataset and compare.
    #[command(after_help = examples::VERIFY)]
    Verify(verify::Args),
    /// Snapshot-test the rendered prompts of specs.
    #[command(after_help = examples::SNAP)]
    Snap(snap::Args),
    /// Write a new spec that checks and builds.
    #[command(after_help = examples::NEW)]
    New(new::Args),
    /// Measure generation speed (items per second, single thread).
    #[command(after_help = examples::BENCH)]
    Bench(bench::Args),
    /// Score model responses against a dataset.
    #[command(after_help = examples::SCORE)]
    Score(score::Args),
    /// Compare several models' score reports: the papers' analyses as tables and figures.
    #[command(after_help = examples::COMPARE)]
    Compare(compare::Args),
    /// Ask a chat-completions endpoint every prompt of a dataset.
    #[command(after_help = examples::ASK)]
    Ask(ask::Args),
    /// Tune a spec's calibrated levers so each tier hits its accuracy band.
    #[command(after_help = examples::CALIBRATE)]
    Calibrate(calibrate::Args),
    /// Write a dataset as lm-evaluation-harness or Inspect tasks scored by puzzlec's judge.
    #[command(after_help = examples::EXPORT)]
    Export(export::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = examples::COMPLETIONS)]
    Completions(completions::Args),
}

/// A failure already reported to the user.
pub struct Reported;

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    if let Err(message) = crate::sat::select_backend(&cli.sat) {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    let engine = cli
        .engine
        .clone()
        .or_else(|| std::env::var("PUZZLEC_ENGINE").ok())
        .unwrap_or_else(|| "auto".into());
    if let Err(message) = crate::fd::select_engine(&engine) {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Build(args) => build::run(args),
        Command::Bundle(args) => bundle::run(args),
        Command::Render(args) => render::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Snap(args) => snap::run(args),
        Command::New(args) => new::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Score(args) => score::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Ask(args) => ask::run(args),
        Command::Calibrate(args) => calibrate::run(args),
        Command::Export(args) => export::run(args),
        Command::Completions(args) => completions::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Reported) => ExitCode::from(1),
    }
}

/// When the reader of standard output goes away (`puzzlec snap … | head`),
/// printing fails with a broken pipe: end the process quietly then, as
/// other command-line tools do, instead of panicking. Every file a command
/// writes is written atomically, so stopping here loses no data.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
