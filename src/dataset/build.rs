//! Building a dataset: generate every item of every task in parallel, then
//! write the task files in a fixed order, so the bytes never depend on the
//! number of threads.

use super::{
    pair_id, record_id, write_task, DatasetError, Format, Manifest, OutputDir, Record, Shard,
    TaskEntry, Timings,
};
use crate::check::program::Program;
use crate::gen::seed::seed_hex;
use crate::gen::{generate, GenError, Item};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What to build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Items per tier.
    pub count: u64,
    /// The dataset seed.
    pub seed: u64,
    /// Only these tiers (all when empty).
    pub tiers: Vec<String>,
    /// Only these languages (all when empty).
    pub langs: Vec<String>,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Only the items of this shard.
    pub shard: Option<Shard>,
    /// The record format.
    pub format: Format,
}

/// What a build did.
#[derive(Debug, Clone)]
pub struct BuildReport {
    /// The manifest written.
    pub manifest: Manifest,
    /// Wall-clock figures.
    pub timings: Timings,
}

/// Why a build failed.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum BuildError {
    /// Generating an item failed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Gen(#[from] GenError),
    /// Writing failed.
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// A filter matched nothing.
    #[error("{0}")]
    Filter(String),
}

/// The generator version written into every record.
pub fn generator_version() -> String {
    format!("puzzlec {}", env!("CARGO_PKG_VERSION"))
}

/// One unit of work: item `index` of `tier` of program `program`.
#[derive(Debug, Clone)]
struct Unit {
    program: usize,
    tier: String,
    index: u64,
}

/// Generates items for every selected task; `progress` is called once per item.
pub fn generate_all(
    programs: &[Program],
    options: &BuildOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<(usize, Item)>, BuildError> {
    let units = plan(programs, options)?;
    let results: Mutex<Vec<Option<Item>>> = Mutex::new(vec![None; units.len()]);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<(usize, GenError)>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(unit) = units.get(i) else { return };
                match generate(
                    &programs[unit.program],
                    &unit.tier,
                    unit.index,
                    options.seed,
                ) {
                    Ok(item) => {
                        if let Ok(mut r) = results.lock() {
                            r[i] = Some(item);
                        }
                        progress();
                    }
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        if let Ok(mut slot) = first_error.lock() {
                            // Keep the error of the earliest unit, so the
                            // message does not depend on thread timing.
                            if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                                *slot = Some((i, e));
                            }
                        }
                        return;
                    }
                }
            });
        }
    });
    if let Some((_, e)) = first_error.into_inner().ok().flatten() {
        return Err(e.into());
    }
    let results = results.into_inner().unwrap_or_default();
    Ok(units
        .iter()
        .zip(results)
        .filter_map(|(u, item)| item.map(|it| (u.program, it)))
        .collect())
}

fn plan(programs: &[Program], options: &BuildOptions) -> Result<Vec<Unit>, BuildError> {
    for tier in &options.tiers {
        if !programs.iter().any(|p| p.tier(tier).is_some()) {
            return Err(BuildError::Filter(format!("no spec has a tier `{tier}`")));
        }
    }
    for lang in &options.langs {
        if !programs.iter().any(|p| p.languages.contains(lang)) {
            return Err(BuildError::Filter(format!(
                "no spec renders language `{lang}`"
            )));
        }
    }
    let mut units = Vec::new();
    for (pi, program) in programs.iter().enumerate() {
        if !options.langs.is_empty() && !program.languages.iter().any(|l| options.langs.contains(l))
        {
            continue;
        }
        for tier in program.tier_names() {
            if !options.tiers.is_empty() && !options.tiers.iter().any(|t| t == tier) {
                continue;
            }
            for index in 0..options.count {
                if options.shard.is_some_and(|s| !s.contains(index)) {
                    continue;
                }
                units.push(Unit {
                    program: pi,
                    tier: tier.to_string(),
                    index,
                });
            }
        }
    }
    Ok(units)
}

/// The record of `item` in `lang`.
pub fn record(program: &Program, item: &Item, lang: &str) -> Record {
    let puzzle = &program.name.name;
    let rendered = &item.renders[lang];
    Record {
        id: record_id(puzzle, lang, &item.tier, item.index),
        puzzle: puzzle.clone(),
        lang: lang.to_string(),
        tier: item.tier.clone(),
        index: item.index,
        family: program.family.name().to_string(),
        pair: pair_id(puzzle, &item.tier, item.index),
        question: rendered.question.clone(),
        answer: item.answer.clone(),
        answer_kind: item.answer_kind.name().to_string(),
        solution: rendered.solution.clone(),
        instance: item.instance.clone(),
        levers: item.levers.clone(),
        seed: seed_hex(&item.seed),
        spec_hash: program.spec_hash.clone(),
        generator: generator_version(),
        choices: item.choices.clone(),
    }
}

/// Builds a dataset into `out`.
pub fn build(
    programs: &[Program],
    options: &BuildOptions,
    out: &OutputDir,
    progress: &(dyn Fn() + Sync),
) -> Result<BuildReport, BuildError> {
    let start = Instant::now();
    let items = generate_all(programs, options, progress)?;
    let mut tasks = Vec::new();
    let mut total_items = 0u64;
    for (pi, program) in programs.iter().enumerate() {
        for lang in &program.languages {
            if !options.langs.is_empty() && !options.langs.contains(lang) {
                continue;
            }
            for tier in program.tier_names() {
                let records: Vec<Record> = items
                    .iter()
                    .filter(|(p, it)| *p == pi && it.tier == tier)
                    .map(|(_, it)| record(program, it, lang))
                    .collect();
                if records.is_empty() {
                    continue;
                }
                total_items += records.len() as u64;
                let written = write_task(
                    out.root(),
                    &program.name.name,
                    lang,
                    tier,
                    &records,
                    options.format,
                )?;
                tasks.push(TaskEntry {
                    puzzle: program.name.name.clone(),
                    lang: lang.clone(),
                    tier: tier.to_string(),
                    family: program.family.name().to_string(),
                    count: written.count,
                    spec_hash: program.spec_hash.clone(),
                    file: written.file,
                    sha256: written.sha256,
                });
            }
        }
    }
    let manifest = Manifest::new(&generator_version(), options.seed, options.format, tasks);
    manifest.write(out.root())?;
    let timings = Timings::new(start.elapsed().as_secs_f64(), total_items);
    timings.write(out.root())?;
    Ok(BuildReport { manifest, timings })
}
