//! Building a dataset: generate every item of every task in parallel, and
//! stream the records into the task files in a fixed order as their items
//! complete, so the bytes never depend on the number of threads and memory
//! does not grow with the number of items.

use super::schedule::{in_order, Plan};
use super::{
    dataset_card, pair_id, record_id, write_atomic, DatasetError, Format, Manifest, OutputDir,
    Record, Selection, Shard, TaskEntry, TaskFile, TaskName, Timings, WrittenTask, CARD_FILE,
};
use crate::check::overrides::{apply_overrides, Override, OverrideError};
use crate::check::program::Program;
use crate::gen::seed::seed_hex;
use crate::gen::{GenError, Item};
use std::path::Path;
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
    GENERATOR.to_string()
}

/// The generator version written into every record (see [`generator_version`]).
pub const GENERATOR: &str = concat!("puzzlec ", env!("CARGO_PKG_VERSION"));

/// Generates items for every selected task, in build order; `progress` is
/// called once per item. (Tests use it; a build streams instead.)
pub fn generate_all(
    programs: &[Program],
    options: &BuildOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<(usize, Item)>, BuildError> {
    let applied = overridden(programs, options)?;
    let programs = applied.as_deref().unwrap_or(programs);
    let plan = Plan::new(programs, options)?;
    let mut items = Vec::with_capacity(plan.units);
    in_order(programs, &plan, options, progress, &mut |group, _, item| {
        items.push((group.program, item));
        Ok(())
    })?;
    Ok(items)
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

/// The record of `item` in `lang`.
pub fn record(program: &Program, item: &Item, lang: &str) -> Record {
    let rendered = &item.renders[lang];
    let owned = Owned {
        question: rendered.question.clone(),
        context: rendered.context.clone(),
        query: rendered.query.clone(),
        solution: rendered.solution.clone(),
        answer: item.answer_in(lang).to_string(),
        instance: item.instance.clone(),
        levers: item.levers.clone(),
        choices: item.choices_in(lang).map(<[String]>::to_vec),
    };
    assemble(program, item, lang, owned)
}

/// [`record`] of an item that is not needed afterwards: its texts and
/// values move into the record instead of being copied. (A language the
/// item was not rendered in gets an empty question and solution.)
pub fn into_record(program: &Program, mut item: Item, lang: &str) -> Record {
    let rendered = item.renders.remove(lang).unwrap_or_default();
    let owned = Owned {
        question: rendered.question,
        context: rendered.context,
        query: rendered.query,
        solution: rendered.solution,
        answer: rendered
            .answer
            .unwrap_or_else(|| std::mem::take(&mut item.answer)),
        instance: item.instance.take(),
        levers: item.levers.take(),
        choices: rendered.choices.or_else(|| item.choices.take()),
    };
    assemble(program, &item, lang, owned)
}

/// The parts of a record that are taken from the item whole.
struct Owned {
    question: String,
    context: String,
    query: String,
    solution: String,
    answer: String,
    instance: serde_json::Value,
    levers: serde_json::Value,
    choices: Option<Vec<String>>,
}

fn assemble(program: &Program, item: &Item, lang: &str, owned: Owned) -> Record {
    let puzzle = &program.name.name;
    Record {
        id: record_id(puzzle, lang, &item.tier, item.index),
        puzzle: puzzle.clone(),
        lang: lang.to_string(),
        tier: item.tier.clone(),
        index: item.index,
        family: program.family.name().to_string(),
        pair: pair_id(puzzle, &item.tier, item.index),
        question: owned.question,
        context: owned.context,
        query: owned.query,
        answer: owned.answer,
        answer_kind: item.answer_kind.name().to_string(),
        slot: (program.slot != crate::answer::AnswerSlot::Default)
            .then(|| program.slot.name().to_string()),
        accept: program.accept.as_ref().map(|a| a.source.clone()),
        solution: owned.solution,
        instance: owned.instance,
        levers: owned.levers,
        seed: seed_hex(&item.seed),
        spec_hash: program.spec_hash.clone(),
        generator: generator_version(),
        choices: owned.choices,
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

/// Where a build's records go, one task file at a time: `build` writes them
/// to disk as they come ([`FileSink`]), `verify` compares them with the files
/// on disk. The tasks of one (puzzle, tier) group, one per language, are open
/// together; each receives its records in order and is closed when the group
/// is complete.
pub trait TaskSink {
    /// One open task.
    type Task;
    /// Starts the task of `program` in `lang` and `tier`.
    fn open(&mut self, program: &Program, lang: &str, tier: &str)
        -> Result<Self::Task, BuildError>;
    /// The task's next record.
    fn push(&mut self, task: &mut Self::Task, record: Record) -> Result<(), BuildError>;
    /// Ends the task and says what its file holds.
    fn close(&mut self, task: Self::Task) -> Result<WrittenTask, BuildError>;
}

/// The sink of `build`: each task's records streamed into its file in `dir`.
#[derive(Debug)]
pub struct FileSink<'a> {
    /// The dataset directory.
    pub dir: &'a Path,
    /// The record format.
    pub format: Format,
    /// Items per tier (numbers the `nolli` format's ids).
    pub count: u64,
}

impl TaskSink for FileSink<'_> {
    type Task = TaskFile;

    fn open(&mut self, program: &Program, lang: &str, tier: &str) -> Result<TaskFile, BuildError> {
        let task = TaskName::new(program, lang, tier, self.count);
        Ok(TaskFile::create(self.dir, &task, self.format)?)
    }

    fn push(&mut self, task: &mut TaskFile, record: Record) -> Result<(), BuildError> {
        Ok(task.push(&record)?)
    }

    fn close(&mut self, task: TaskFile) -> Result<WrittenTask, BuildError> {
        Ok(task.finish()?)
    }
}

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
    let mut sink = FileSink {
        dir: out.root(),
        format: options.format,
        count: options.count,
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
/// Workers generate items in parallel and at most a small window of them ahead
/// of this thread (see the `schedule` module), which takes them back in order and
/// turns each into one record per language for the group's open tasks, so
/// memory holds a few items, not a group or the dataset.
pub fn produce<S: TaskSink>(
    programs: &[Program],
    options: &BuildOptions,
    progress: &(dyn Fn() + Sync),
    sink: &mut S,
) -> Result<Manifest, BuildError> {
    let applied = overridden(programs, options)?;
    let programs = applied.as_deref().unwrap_or(programs);
    let plan = Plan::new(programs, options)?;
    let mut tasks = Vec::new();
    let mut open: Vec<(&str, S::Task)> = Vec::new();
    in_order(programs, &plan, options, progress, &mut |group, k, item| {
        let program = &programs[group.program];
        if k == 0 {
            for lang in selected_langs(program, options) {
                open.push((lang, sink.open(program, lang, group.tier)?));
            }
        }
        for (lang, task) in &mut open {
            sink.push(task, record(program, &item, lang))?;
        }
        if k + 1 == group.len {
            for (lang, task) in open.drain(..) {
                let file = sink.close(task)?;
                tasks.push(TaskEntry {
                    puzzle: program.name.name.clone(),
                    lang: lang.to_string(),
                    tier: group.tier.to_string(),
                    family: program.family.name().to_string(),
                    group: program.group.clone(),
                    count: file.count,
                    spec_hash: program.spec_hash.clone(),
                    file: file.file,
                    sha256: file.sha256,
                });
            }
        }
        Ok(())
    })?;
    Ok(
        Manifest::new(&generator_version(), options.seed, options.format, tasks)
            .with_selection(selection(options)),
    )
}

/// The languages of `program` that `options` selects, in declaration order.
fn selected_langs<'p, 'o>(
    program: &'p Program,
    options: &'o BuildOptions,
) -> impl Iterator<Item = &'p str> + use<'p, 'o> {
    program
        .languages
        .iter()
        .filter(|l| options.langs.is_empty() || options.langs.contains(l))
        .map(String::as_str)
}
