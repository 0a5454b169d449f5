//! The dataset card (`README.md`) of a `--format hf` build.
//!
//! The card's YAML front matter is what Hugging Face `datasets` reads when it
//! loads a folder: one config per puzzle plus a default config of every task
//! file, each with one split, `test`, its explicit file list, its features and
//! its row count. The body says how the data was made (generator, seed, spec
//! hashes, counts) and how to load it. The card is a function of the manifest
//! only, so it is as deterministic as the manifest and `verify` rebuilds it
//! byte for byte.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::{is_symlink, DatasetError, Format, Manifest, MANIFEST_FILE};

/// The card's file name inside the dataset directory.
pub const CARD_FILE: &str = "README.md";

/// Refuses an `hf` build into `dir` when `dir/README.md` exists and is not the
/// card of an `hf` build there (which `--force` removes with the old build): a
/// build never replaces a file it did not write. Run it before the output
/// folder is prepared, so nothing is removed when the build is refused.
pub fn check_card_free(dir: &Path) -> Result<(), DatasetError> {
    let card = dir.join(CARD_FILE);
    if !card.exists() && !is_symlink(&card) {
        return Ok(());
    }
    match Manifest::read(&dir.join(MANIFEST_FILE)) {
        Ok(old) if old.format == Format::Hf && !is_symlink(&card) => Ok(()),
        _ => Err(DatasetError::CardExists { path: card }),
    }
}

/// The licence identifiers of the records (those of puzzlec, which writes them
/// from its specs and word lists).
pub const LICENSES: [&str; 2] = ["mit", "apache-2.0"];

/// The record fields as the card declares them: name, Arrow type, meaning.
pub const FEATURES: [(&str, &str, &str); 22] = [
    (
        "id",
        "string",
        "`puzzle/lang/tier/index`, index zero-padded to 5 digits",
    ),
    ("puzzle", "string", "the puzzle type (the config name)"),
    ("lang", "string", "the language code"),
    ("tier", "string", "the difficulty tier"),
    ("index", "int64", "the item index within its tier"),
    ("family", "string", "`direct`, `script` or `korean_only`"),
    (
        "pair",
        "string",
        "`puzzle/tier/index`, shared by the EN and KO items of one instance",
    ),
    ("question", "string", "the prompt"),
    (
        "context",
        "string",
        "the part of the prompt the item shares with others, such as its rule (`\"\"` when the spec declares none)",
    ),
    (
        "query",
        "string",
        "the part of the prompt that is the item's own question (`\"\"` when the spec declares none)",
    ),
    (
        "answer",
        "string",
        "the gold answer, in the form the prompt asks for",
    ),
    (
        "answer_kind",
        "string",
        "how `puzzlec score` compares an answer with the gold",
    ),
    (
        "slot",
        "string",
        "where the answer is read in a response; empty for the default",
    ),
    (
        "accept",
        "string",
        "a condition accepting other correct answers; empty when only the gold is correct",
    ),
    ("solution", "string", "a worked solution"),
    ("instance", "string", "the structured givens, as JSON text"),
    (
        "levers",
        "string",
        "the generation settings of the item, as JSON text",
    ),
    ("seed", "string", "the item seed, 64 hex digits"),
    ("spec_hash", "string", "`sha256:` of the spec file"),
    ("generator", "string", "`puzzlec <version>`"),
    (
        "choices",
        "string",
        "the answer options of a multiple-choice item, as JSON text (`[]` for none)",
    ),
    (
        "checkpoints",
        "string",
        "the intermediate answers, as JSON text (`[]` for none)",
    ),
];

/// The name of the config holding every task file, loaded by default.
fn default_config(manifest: &Manifest) -> &'static str {
    if manifest.tasks.iter().any(|t| t.puzzle == "all") {
        "all_puzzles"
    } else {
        "all"
    }
}

/// A YAML double-quoted scalar (JSON string syntax is valid YAML).
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// The dataset card of a build described by `manifest`.
pub fn dataset_card(manifest: &Manifest) -> String {
    let mut puzzles: BTreeMap<&str, Vec<&super::TaskEntry>> = BTreeMap::new();
    for task in &manifest.tasks {
        puzzles.entry(&task.puzzle).or_default().push(task);
    }
    let all = default_config(manifest);
    let mut configs: Vec<(&str, Vec<&super::TaskEntry>)> =
        vec![(all, manifest.tasks.iter().collect())];
    configs.extend(puzzles);
    let mut out = String::from("---\nlicense:\n");
    for id in LICENSES {
        let _ = writeln!(out, "- {id}");
    }
    out.push_str("pretty_name: puzzlec puzzles\nconfigs:\n");
    for (name, tasks) in &configs {
        let _ = writeln!(out, "- config_name: {}", quoted(name));
        if *name == all {
            out.push_str("  default: true\n");
        }
        out.push_str("  data_files:\n  - split: test\n    path:\n");
        for task in tasks {
            let _ = writeln!(out, "    - {}", quoted(&task.file));
        }
    }
    out.push_str("dataset_info:\n");
    for (name, tasks) in &configs {
        let _ = writeln!(out, "- config_name: {}\n  features:", quoted(name));
        for (feature, dtype, _) in FEATURES {
            let _ = writeln!(out, "  - name: {feature}\n    dtype: {dtype}");
        }
        let rows: u64 = tasks.iter().map(|t| t.count).sum();
        let _ = writeln!(out, "  splits:\n  - name: test\n    num_examples: {rows}");
    }
    out.push_str("---\n\n");
    body(&mut out, manifest, all);
    out
}

/// The card's Markdown body.
fn body(out: &mut String, manifest: &Manifest, all: &str) {
    let _ = writeln!(
        out,
        "# puzzlec puzzles\n\n\
         Generated by `{}` with `puzzlec build --format hf`, dataset seed {}: {} records \
         in {} task files. Every gold is checked by the generator (constraint answers are \
         proven unique by a SAT solver); `puzzlec verify` on this folder regenerates every \
         byte from the specs.\n",
        manifest.generator,
        manifest.seed,
        manifest.total,
        manifest.tasks.len()
    );
    let _ = writeln!(
        out,
        "## Loading\n\n```python\nimport datasets\n\n\
         every_task = datasets.load_dataset(\"PATH\", split=\"test\")  # config `{all}`\n\
         one_puzzle = datasets.load_dataset(\"PATH\", \"PUZZLE\", split=\"test\")\n```\n\n\
         There is one config per puzzle type and one split, `test`. Filter by the `lang` \
         and `tier` columns. Score responses with `puzzlec score`, which reads each \
         record's `answer_kind`, `slot` and `accept`.\n"
    );
    out.push_str(
        "## Tasks\n\n| puzzle | lang | tier | family | items | spec |\n|---|---|---|---|---|---|\n",
    );
    for t in &manifest.tasks {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | `{}` |",
            t.puzzle, t.lang, t.tier, t.family, t.count, t.spec_hash
        );
    }
    out.push_str("\n## Fields\n\n| field | type | meaning |\n|---|---|---|\n");
    for (name, dtype, meaning) in FEATURES {
        let _ = writeln!(out, "| `{name}` | {dtype} | {meaning} |");
    }
    out.push_str(
        "\n## Licence\n\nThe records are written by puzzlec from its specs and word lists and \
         are distributed under the same terms: MIT or Apache-2.0, at your option.\n",
    );
}
