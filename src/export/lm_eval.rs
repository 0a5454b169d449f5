//! lm-evaluation-harness (`lm_eval`, 0.4): one task YAML per task file of
//! the dataset, a group per language and one for the suite, and `utils.py`,
//! whose `process_results` scores each response with `puzzlec.score`.
//!
//! A task is one puzzle × language × tier, as the dataset's task files are:
//! lm-eval reports each task's accuracy with its standard error, so the
//! report keeps the rows `puzzlec score` reports, and the groups add the
//! per-language and whole-suite means (weighted by size, as lm-eval's own
//! suites are). Every task of a puzzle also carries the puzzle's tag, so
//! `--tasks PREFIX_PUZZLE` runs all its languages and tiers.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{join_slash, quoted, ExportError, ExportFile, Names, Options, Source};
use crate::dataset::TaskEntry;

/// `utils.py`, written as is: the scoring function every task names.
pub const UTILS: &str = include_str!("lm_eval_utils.py");

/// The file name of the scoring module.
pub const UTILS_FILE: &str = "utils.py";

/// The files of an lm-eval export of `source` whose task files lie at
/// `data/<file>` (`data` as the YAMLs name it), sorted by path.
pub fn files(
    source: &Source,
    data: &str,
    options: &Options,
) -> Result<Vec<ExportFile>, ExportError> {
    let suite = options.name.as_str();
    let mut names = Names::default();
    names.claim(suite, "the group of the whole suite".to_string())?;
    let mut by_lang: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut puzzles: Vec<&str> = Vec::new();
    let mut files = Vec::new();
    for task in &source.manifest.tasks {
        let name = task_name(suite, task);
        names.claim(
            &name,
            format!("the task of {}/{}/{}", task.puzzle, task.lang, task.tier),
        )?;
        by_lang.entry(&task.lang).or_default().push(name.clone());
        if !puzzles.contains(&task.puzzle.as_str()) {
            puzzles.push(&task.puzzle);
        }
        let file = join_slash(data, &task.file);
        files.push(ExportFile {
            path: format!("{name}.yaml"),
            text: task_yaml(&name, suite, task, &file, source, options),
        });
    }
    for puzzle in puzzles {
        names.claim(
            &format!("{suite}_{puzzle}"),
            format!("the tag of puzzle {puzzle}"),
        )?;
    }
    for (lang, tasks) in &by_lang {
        let group = format!("{suite}_{lang}");
        names.claim(&group, format!("the group of language {lang}"))?;
        files.push(ExportFile {
            path: format!("{group}.yaml"),
            text: group_yaml(&group, &format!("the {lang} tasks"), tasks),
        });
    }
    let langs: Vec<String> = by_lang.keys().map(|l| format!("{suite}_{l}")).collect();
    files.push(ExportFile {
        path: format!("{suite}.yaml"),
        text: group_yaml(suite, "every task, by language", &langs),
    });
    files.push(ExportFile {
        path: UTILS_FILE.to_string(),
        text: UTILS.to_string(),
    });
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// The lm-eval name of a task: `PREFIX_PUZZLE_LANG_TIER`.
pub fn task_name(prefix: &str, task: &TaskEntry) -> String {
    format!("{prefix}_{}_{}_{}", task.puzzle, task.lang, task.tier)
}

fn task_yaml(
    name: &str,
    suite: &str,
    task: &TaskEntry,
    file: &str,
    source: &Source,
    options: &Options,
) -> String {
    let manifest = &source.manifest;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}/{}/{}: {} records of a dataset by {} (seed {}), written by `puzzlec export lm-eval`.\n\
         # Scored by puzzlec's own judge (utils.py); the path below is read from the working directory.",
        task.puzzle, task.lang, task.tier, task.count, manifest.generator, manifest.seed
    );
    let _ = writeln!(out, "task: {name}");
    let _ = writeln!(out, "tag:\n  - {suite}_{}", task.puzzle);
    out.push_str("dataset_path: json\ndataset_kwargs:\n  data_files:\n");
    let _ = writeln!(out, "    test: {}", quoted(file));
    out.push_str(
        "test_split: test\n\
         output_type: generate_until\n\
         doc_to_text: question\n\
         doc_to_target: answer\n\
         num_fewshot: 0\n\
         process_results: !function utils.process_results\n\
         metric_list:\n  - metric: acc\n    aggregation: mean\n    higher_is_better: true\n\
         generation_kwargs:\n  until: []\n",
    );
    let _ = writeln!(
        out,
        "  max_gen_toks: {}\n  temperature: 0\n  do_sample: false",
        options.max_tokens
    );
    out.push_str("metadata:\n  version: 1\n");
    for (key, value) in [
        ("puzzle", task.puzzle.as_str()),
        ("lang", &task.lang),
        ("tier", &task.tier),
        ("spec_hash", &task.spec_hash),
        ("file_sha256", &task.sha256),
        ("generator", &manifest.generator),
    ] {
        let _ = writeln!(out, "  {key}: {}", quoted(value));
    }
    let _ = writeln!(out, "  dataset_seed: {}", manifest.seed);
    out
}

fn group_yaml(group: &str, what: &str, tasks: &[String]) -> String {
    let mut out = format!(
        "# The group of {what}, written by `puzzlec export lm-eval`: the mean accuracy weighted by size.\n\
         group: {group}\ntask:\n"
    );
    for task in tasks {
        let _ = writeln!(out, "  - {task}");
    }
    out.push_str(
        "aggregate_metric_list:\n  - metric: acc\n    aggregation: mean\n    weight_by_size: true\n\
         metadata:\n  version: 1\n",
    );
    out
}
