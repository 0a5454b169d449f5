//! `puzzlec bundle`: prompts holding several records of built datasets,
//! answered as one JSON object (see docs/dataset-format.md).

use super::output::{fail, fail_with};
use super::Reported;
use crate::dataset::{
    check_output_dir, dataset_files, make_bundles, read_records, sha256_hex, write_atomic,
    BundleOptions, OutputDir, Record,
};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `bundle`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Dataset folders written by `puzzlec build`, or `.jsonl` task files.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Output folder.
    #[arg(short, long, default_value = "bundles")]
    out: PathBuf,
    /// Questions per bundle.
    #[arg(short = 'k', long, default_value_t = 3)]
    size: usize,
    /// Bundles per language.
    #[arg(short = 'n', long = "count", default_value_t = 100)]
    count: u64,
    /// Bundle seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The name of the bundle set: the `puzzle` field and the first part of
    /// every bundle id.
    #[arg(long, default_value = "bundle")]
    name: String,
    /// Take every question of a bundle from one puzzle.
    #[arg(long, conflicts_with = "rules")]
    same_puzzle: bool,
    /// State this many rules (the records' `context`s) once, above the
    /// questions, and ask each question's `query` alone: 1 is KOR-Bench's
    /// Multi-Q, 2 or more with `-k 1` its Multi-R, with `-k 2` or more its
    /// Multi-RQ. The records' specs must declare `context` and `query`.
    #[arg(long, default_value_t = 0)]
    rules: usize,
    /// Only records of these tiers (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    tier: Vec<String>,
    /// Only records of these languages (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    lang: Vec<String>,
    /// Overwrite an existing dataset in the output folder.
    #[arg(long)]
    force: bool,
}

/// `bundle.json`: what was bundled, deterministic like `manifest.json`.
#[derive(Serialize)]
struct BundleManifest {
    generator: String,
    created_by: &'static str,
    name: String,
    seed: u64,
    size: usize,
    count: u64,
    same_puzzle: bool,
    rules: usize,
    pool: usize,
    files: Vec<BundleFile>,
}

#[derive(Serialize)]
struct BundleFile {
    lang: String,
    file: String,
    count: u64,
    sha256: String,
}

/// Reads the pool, makes the bundles and writes one file per language.
pub fn run(args: Args) -> Result<(), Reported> {
    let name_ok = !args.name.is_empty()
        && args
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !name_ok {
        return Err(fail(format!(
            "`--name {}` must be letters, digits, `_` or `-`",
            args.name
        )));
    }
    let mut pool: Vec<Record> = Vec::new();
    for path in &args.data {
        let files = if path.is_dir() {
            dataset_files(path).map_err(fail)?
        } else {
            vec![path.clone()]
        };
        for f in files {
            let records = read_records(&f).map_err(fail)?;
            pool.extend(records.into_iter().filter(|r| {
                (args.tier.is_empty() || args.tier.contains(&r.tier))
                    && (args.lang.is_empty() || args.lang.contains(&r.lang))
            }));
        }
    }
    let pool_size = pool.len();
    let options = BundleOptions {
        size: args.size,
        count: args.count,
        seed: args.seed,
        name: args.name.clone(),
        same_puzzle: args.same_puzzle,
        rules: args.rules,
    };
    let bundles = make_bundles(pool, &options).map_err(|e| fail_with(&e))?;
    let inputs: Vec<&std::path::Path> = args.data.iter().map(PathBuf::as_path).collect();
    check_output_dir(&args.out, &inputs).map_err(fail)?;
    let out = OutputDir::prepare(&args.out, args.force).map_err(fail)?;
    let mut files = Vec::new();
    for (lang, records) in &bundles {
        if !crate::dataset::writer::is_safe_name(lang) {
            return Err(fail(format!(
                "language `{lang}` of the input records cannot be a file name"
            )));
        }
        let mut text = String::new();
        for r in records {
            text.push_str(&r.to_json_line());
            text.push('\n');
        }
        let file = format!("{}/{lang}.jsonl", args.name);
        write_atomic(&out.root().join(&file), text.as_bytes()).map_err(fail)?;
        files.push(BundleFile {
            lang: lang.clone(),
            file,
            count: records.len() as u64,
            sha256: sha256_hex(text.as_bytes()),
        });
    }
    let manifest = BundleManifest {
        generator: crate::dataset::build::generator_version(),
        created_by: "puzzlec bundle",
        name: args.name.clone(),
        seed: args.seed,
        size: args.size,
        count: args.count,
        same_puzzle: args.same_puzzle,
        rules: args.rules,
        pool: pool_size,
        files,
    };
    let mut json = serde_json::to_string_pretty(&manifest).unwrap_or_default();
    json.push('\n');
    write_atomic(&out.root().join("bundle.json"), json.as_bytes()).map_err(fail)?;
    println!(
        "wrote {} bundles of {} questions from {pool_size} records to `{}`",
        manifest.files.iter().map(|f| f.count).sum::<u64>(),
        args.size,
        args.out.display()
    );
    Ok(())
}
