//! `puzzlec render`: one item, readable.

use super::load::{apply_sets, load_one};
use super::output::{fail, fail_with};
use super::Reported;
use crate::dataset::build::record;
use crate::gen::generate;
use std::path::PathBuf;

/// Arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The spec file.
    spec: PathBuf,
    /// The tier (default: the first declared).
    #[arg(long)]
    tier: Option<String>,
    /// The language (default: the first declared).
    #[arg(long)]
    lang: Option<String>,
    /// The item index.
    #[arg(long, default_value_t = 0)]
    index: u64,
    /// Dataset seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the record as JSON instead.
    #[arg(long)]
    json: bool,
    /// Set a lever in every tier: `lever=value` or `lever=lo..=hi`
    /// (repeatable; checked against the lever's declared domain).
    #[arg(long = "set", value_name = "LEVER=VALUE")]
    set: Vec<String>,
}

/// Prints one item.
pub fn run(args: Args) -> Result<(), Reported> {
    let loaded = load_one(&args.spec)?;
    let (programs, _) = apply_sets(vec![loaded.program], &args.set)?;
    let program = &programs[0];
    let tier = match args.tier {
        Some(t) => t,
        None => program.tier_names()[0].to_string(),
    };
    let lang = args.lang.unwrap_or_else(|| program.languages[0].clone());
    if !program.languages.contains(&lang) {
        return Err(fail(format!(
            "`{}` does not render `{lang}`; its languages are: {}",
            program.name.name,
            program.languages.join(", ")
        )));
    }
    let item = generate(program, &tier, args.index, args.seed).map_err(|e| fail_with(&e))?;
    let rec = record(program, &item, &lang);
    if args.json {
        println!("{}", rec.to_json_line());
        return Ok(());
    }
    println!("# {}\n", rec.id);
    println!("{}\n", rec.question);
    println!("## answer ({})\n{}\n", rec.answer_kind, rec.answer);
    println!("## solution\n{}\n", rec.solution);
    if !rec.checkpoints.is_empty() {
        println!("## checkpoints");
        for c in &rec.checkpoints {
            println!("Step {}: {} ({})", c.step, c.gold, c.kind);
        }
        println!();
    }
    println!("## levers\n{}", rec.levers);
    if let Some(choices) = &rec.choices {
        println!("## choices\n{}", choices.join("\n"));
    }
    Ok(())
}
