//! Building a dataset: generate every item of every task in parallel, and
//! write the task files in a fixed order as their items complete, so the
//! bytes never depend on the number of threads.

use super::{
    dataset_card, pair_id, record_id, write_atomic, write_task, DatasetError, Format, Manifest,
    OutputDir, Record, Selection, Shard, TaskEntry, Timings, WrittenTask, CARD_FILE,
};
use crate::check::overrides::{apply_overrides, Override, OverrideError};
use crate::check::program::Program;
use crate::gen::seed::seed_hex;
use crate::gen::{generate, GenError, Item};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
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
    /// Lever overrides applied to every spec that declares the lever.
    pub overrides: Vec<Override>,
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
    /// A lever override does not fit the specs.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Override(Vec<OverrideError>),
    /// A worker thread stopped without an item or an error (a bug).
    #[error("a worker thread stopped unexpectedly while building; please report this")]
    Worker,
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
    let applied = overridden(programs, options)?;
    let programs = applied.as_deref().unwrap_or(programs);
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

/// The programs with the options' overrides applied, or `None` without any.
fn overridden(
    programs: &[Program],
    options: &BuildOptions,
) -> Result<Option<Vec<Program>>, BuildError> {
    if options.overrides.is_empty() {
        return Ok(None);
    }
    apply_overrides(programs, &options.overrides)
        .map(Some)
        .map_err(BuildError::Override)
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
        slot: (program.slot != crate::answer::AnswerSlot::Default)
            .then(|| program.slot.name().to_string()),
        accept: program.accept.as_ref().map(|a| a.source.clone()),
        solution: rendered.solution.clone(),
        instance: item.instance.clone(),
        levers: item.levers.clone(),
        seed: seed_hex(&item.seed),
        spec_hash: program.spec_hash.clone(),
        generator: generator_version(),
        choices: item.choices.clone(),
        checkpoints: item
            .checkpoints
            .iter()
            .map(|c| super::CheckpointRecord {
                step: c.step,
                kind: c.kind.name().to_string(),
                gold: c.gold.clone(),
            })
            .collect(),
    }
}

/// One task's records as a build hands them to its sink: the sink writes them
/// (`build`) or compares them with the file on disk (`verify`) and says what the
/// file holds.
pub type TaskSink<'a> =
    dyn FnMut(&Program, &str, &str, &[Record]) -> Result<WrittenTask, BuildError> + 'a;

/// Builds a dataset into `out`: the task files, then `manifest.json` and
/// `timings.json`.
pub fn build(
    programs: &[Program],
    options: &BuildOptions,
    out: &OutputDir,
    progress: &(dyn Fn() + Sync),
) -> Result<BuildReport, BuildError> {
    let start = Instant::now();
    let card = out.root().join(CARD_FILE);
    if options.format == Format::Hf && (card.exists() || super::is_symlink(&card)) {
        return Err(DatasetError::CardExists { path: card }.into());
    }
    let mut sink = |program: &Program, lang: &str, tier: &str, records: &[Record]| {
        let name = &program.name.name;
        Ok(write_task(
            out.root(),
            name,
            lang,
            tier,
            records,
            options.format,
        )?)
    };
    let manifest = produce(programs, options, progress, &mut sink)?;
    manifest.write(out.root())?;
    if options.format == Format::Hf {
        write_atomic(&card, dataset_card(&manifest).as_bytes())?;
    }
    let timings = Timings::new(start.elapsed().as_secs_f64(), manifest.total);
    timings.write(out.root())?;
    Ok(BuildReport { manifest, timings })
}

/// The [`Selection`] that `options` records in the manifest.
pub fn selection(options: &BuildOptions) -> Selection {
    Selection {
        count: options.count,
        tiers: options.tiers.clone(),
        langs: options.langs.clone(),
        shard: options.shard.map(|s| s.to_string()),
        overrides: options.overrides.iter().map(|o| o.text.clone()).collect(),
    }
}

/// Generates every selected item and hands each task's records to `sink`, in
/// task order; returns the manifest of what the sink reported.
///
/// Workers generate items in parallel while this thread takes them back in
/// unit order; as soon as every item of one (puzzle, tier) group is in, its
/// task files (one per language) go to the sink and the items are dropped, so
/// memory holds about one group, not the whole dataset.
pub fn produce(
    programs: &[Program],
    options: &BuildOptions,
    progress: &(dyn Fn() + Sync),
    sink: &mut TaskSink<'_>,
) -> Result<Manifest, BuildError> {
    let applied = overridden(programs, options)?;
    let programs = applied.as_deref().unwrap_or(programs);
    let units = plan(programs, options)?;
    let state = Mutex::new(Shared {
        results: (0..units.len()).map(|_| None).collect(),
        first_error: None,
    });
    let ready = Condvar::new();
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let mut tasks = Vec::new();
    let written: Result<(), BuildError> = std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                let _guard = PanicGuard {
                    failed: &failed,
                    ready: &ready,
                };
                loop {
                    if failed.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = units.get(i) else { return };
                    let outcome = generate(
                        &programs[unit.program],
                        &unit.tier,
                        unit.index,
                        options.seed,
                    );
                    let ok = outcome.is_ok();
                    if let Ok(mut shared) = state.lock() {
                        match outcome {
                            Ok(item) => shared.results[i] = Some(item),
                            Err(e) => {
                                failed.store(true, Ordering::Relaxed);
                                // Keep the error of the earliest unit, so the
                                // message does not depend on thread timing.
                                if shared.first_error.as_ref().is_none_or(|(j, _)| i < *j) {
                                    shared.first_error = Some((i, e));
                                }
                            }
                        }
                    }
                    ready.notify_all();
                    if !ok {
                        return;
                    }
                    progress();
                }
            });
        }
        // Take the items back in unit order, one (program, tier) group at a time.
        let mut cursor = 0;
        while cursor < units.len() {
            let group_end = (cursor..units.len())
                .find(|&j| {
                    units[j].program != units[cursor].program || units[j].tier != units[cursor].tier
                })
                .unwrap_or(units.len());
            let mut items = Vec::with_capacity(group_end - cursor);
            for i in cursor..group_end {
                let mut shared = state.lock().map_err(|_| poisoned())?;
                loop {
                    if let Some(item) = shared.results[i].take() {
                        items.push(item);
                        break;
                    }
                    if failed.load(Ordering::Relaxed) {
                        // A generation error is reported below; without one,
                        // a worker died.
                        return match shared.first_error {
                            Some(_) => Ok(()),
                            None => Err(BuildError::Worker),
                        };
                    }
                    shared = ready.wait(shared).map_err(|_| poisoned())?;
                }
            }
            let program = &programs[units[cursor].program];
            for lang in &program.languages {
                if !options.langs.is_empty() && !options.langs.contains(lang) {
                    continue;
                }
                let records: Vec<Record> =
                    items.iter().map(|it| record(program, it, lang)).collect();
                let tier = units[cursor].tier.as_str();
                let file = sink(program, lang, tier, &records)
                    .inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
                tasks.push(TaskEntry {
                    puzzle: program.name.name.clone(),
                    lang: lang.clone(),
                    tier: tier.to_string(),
                    family: program.family.name().to_string(),
                    group: program.group.clone(),
                    count: file.count,
                    spec_hash: program.spec_hash.clone(),
                    file: file.file,
                    sha256: file.sha256,
                });
            }
            cursor = group_end;
        }
        Ok(())
    });
    if let Some((_, e)) = state.into_inner().ok().and_then(|s| s.first_error) {
        return Err(e.into());
    }
    written?;
    Ok(
        Manifest::new(&generator_version(), options.seed, options.format, tasks)
            .with_selection(selection(options)),
    )
}

/// What the workers hand to the writing thread.
struct Shared {
    results: Vec<Option<Item>>,
    first_error: Option<(usize, GenError)>,
}

fn poisoned() -> BuildError {
    BuildError::Worker
}

/// Wakes the writing thread if a worker unwinds, so it never waits for an
/// item that will not come.
struct PanicGuard<'a> {
    failed: &'a AtomicBool,
    ready: &'a Condvar,
}

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.failed.store(true, Ordering::Relaxed);
            self.ready.notify_all();
        }
    }
}
