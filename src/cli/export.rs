//! `puzzlec export`: a built dataset as the tasks of an evaluation harness,
//! scored by puzzlec's own judge (see docs/harnesses.md).

use super::output::fail_with;
use super::Reported;
use crate::dataset::guard::resolve;
use crate::dataset::{check_output_dir, is_symlink, write_atomic, DatasetError};
use crate::export::{self, inspect, lm_eval, ExportError, ExportFile, Options, Source};
use std::path::{Path, PathBuf};

/// Arguments of `export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The harness to write tasks for.
    #[command(subcommand)]
    harness: Harness,
}

#[derive(Debug, clap::Subcommand)]
enum Harness {
    /// lm-evaluation-harness: a task YAML per task file, groups per language
    /// and for the suite, and `utils.py` (run with `--include_path OUT`).
    LmEval(Target),
    /// Inspect: a task file with one task, `NAME(puzzle, lang, tier)`.
    Inspect(Target),
}

/// What every harness export takes.
#[derive(Debug, clap::Args)]
struct Target {
    /// The dataset folder written by `puzzlec build` (`--format puzzlec` or `hf`).
    data: PathBuf,
    /// The folder to write the harness files to.
    #[arg(short, long)]
    out: PathBuf,
    /// The prefix of every task, group and tag name.
    #[arg(long, default_value = "puzzlec")]
    name: String,
    /// The most tokens a model may generate per answer.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..))]
    max_tokens: u64,
    /// Replace files an earlier export wrote to the same folder.
    #[arg(long)]
    force: bool,
}

/// Writes the harness files and says how to run them.
pub fn run(args: Args) -> Result<(), Reported> {
    let (harness, target) = match &args.harness {
        Harness::LmEval(t) => ("lm-eval", t),
        Harness::Inspect(t) => ("inspect", t),
    };
    let result = export(harness, target).map_err(|e| fail_with(&e))?;
    println!(
        "wrote {} file(s) to {} for {} record(s) in {} task file(s) of {}",
        result.files,
        target.out.display(),
        result.source.manifest.total,
        result.source.manifest.tasks.len(),
        target.data.display()
    );
    let out = target.out.display();
    let name = &target.name;
    match harness {
        "lm-eval" => println!(
            "run (from this folder): lm_eval --model local-chat-completions --model_args \
             base_url=http://127.0.0.1:8080/v1/chat/completions,model=MODEL --apply_chat_template \
             --include_path {out} --tasks {name}"
        ),
        _ => println!(
            "run: inspect eval {out}/{} --model openai-api/local/MODEL (LOCAL_BASE_URL, LOCAL_API_KEY)",
            inspect::task_file(name)
        ),
    }
    Ok(())
}

/// What an export did.
struct Exported {
    source: Source,
    files: usize,
}

fn export(harness: &str, target: &Target) -> Result<Exported, ExportError> {
    export::check_name(&target.name)?;
    let source = export::load(&target.data)?;
    check_output_dir(&target.out, &[&target.data])?;
    let options = Options {
        name: target.name.clone(),
        max_tokens: target.max_tokens,
    };
    let files = if harness == "lm-eval" {
        // `datasets` reads `data_files` from the working directory.
        let data = export::slash_path(&target.data)?;
        lm_eval::files(&source, &data, &options)?
    } else {
        let data = export::relative_path(&resolve(&target.out), &resolve(&target.data));
        inspect::files(&source, &export::slash_path(&data)?, &options)?
    };
    write_files(&target.out, &files, target.force)?;
    Ok(Exported {
        source,
        files: files.len(),
    })
}

/// Writes every file atomically after checking that none would replace a
/// file (unless `force`) or write through a symbolic link.
fn write_files(out: &Path, files: &[ExportFile], force: bool) -> Result<(), ExportError> {
    let paths: Vec<PathBuf> = files.iter().map(|f| out.join(&f.path)).collect();
    for path in &paths {
        if is_symlink(path) {
            return Err(DatasetError::Symlink { path: path.clone() }.into());
        }
        if path.exists() && !force {
            return Err(ExportError::Exists { path: path.clone() });
        }
    }
    std::fs::create_dir_all(out).map_err(|source| DatasetError::CreateDir {
        path: out.to_path_buf(),
        source,
    })?;
    for (path, file) in paths.iter().zip(files) {
        write_atomic(path, file.text.as_bytes())?;
    }
    Ok(())
}
