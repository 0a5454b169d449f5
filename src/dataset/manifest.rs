//! `manifest.json`, the deterministic description of a dataset, and `timings.json`.
//!
//! The manifest holds nothing that varies between runs: two builds of the same specs with
//! the same seed and format produce a byte-identical `manifest.json`, whatever `--jobs`
//! is. Wall-clock figures are kept apart in `timings.json`, which is expected to differ.
//!
//! The manifest records what was selected ([`Selection`]: items per tier, tier and
//! language filters, shard), so `verify` can plan the same build again and compare every
//! byte, and ends with a [`Manifest::digest`] of its own content, so an edit to it that
//! does not also redo the digest is named as such.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{write_atomic, DatasetError, Format};

/// The manifest's file name inside the dataset directory.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The timings' file name inside the dataset directory.
pub const TIMINGS_FILE: &str = "timings.json";
/// The value of [`Manifest::created_by`].
pub const CREATED_BY: &str = "puzzlec build";

/// The description of a built dataset. Field order is the serialization order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// `puzzlec <version>`.
    pub generator: String,
    /// The master seed of the build.
    pub seed: u64,
    /// The line format of every task file.
    pub format: Format,
    /// Always [`CREATED_BY`].
    pub created_by: String,
    /// What the build selected; absent in manifests of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<Selection>,
    /// One entry per task file, sorted by puzzle then language; tiers keep the order the
    /// caller gave (which should be the spec's declaration order, not completion order).
    pub tasks: Vec<TaskEntry>,
    /// The sum of the tasks' counts.
    pub total: u64,
    /// `sha256:<hex>` of this manifest written without its `digest` (see
    /// [`Manifest::content_digest`]); absent in manifests of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
}

/// What a build selected from its specs: with the specs and the seed, enough to plan
/// the same build again. Field order is the serialization order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    /// Items per tier (`-n`), before sharding.
    pub count: u64,
    /// The `--tier` filter (empty: every tier).
    pub tiers: Vec<String>,
    /// The `--lang` filter (empty: every language).
    pub langs: Vec<String>,
    /// The `--shard` as `I/N`, when one was given.
    pub shard: Option<String>,
    /// The `--set` lever overrides as `lever=value`, in the order given;
    /// absent when there were none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<String>,
}

/// One task file of a dataset. Field order is the serialization order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskEntry {
    /// The puzzle name.
    pub puzzle: String,
    /// The language code.
    pub lang: String,
    /// The tier name.
    pub tier: String,
    /// `direct`, `script` or `korean_only`.
    pub family: String,
    /// The spec's `group`, when it declares one (`puzzlec compare` groups
    /// tasks by it; absent: by the family).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The number of records in the file.
    pub count: u64,
    /// `sha256:<hex>` of the spec file the task came from.
    pub spec_hash: String,
    /// The file's path relative to the dataset directory, `/`-separated.
    pub file: String,
    /// SHA-256 of the file's bytes, 64 lowercase hex characters (no prefix).
    pub sha256: String,
}

/// How long a build took; written to `timings.json`, never to the manifest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Wall-clock seconds for the whole build.
    pub seconds_total: f64,
    /// Records written per second (0 when no time was measured).
    pub items_per_second: f64,
}

impl Manifest {
    /// A manifest over `tasks`: sorts them (see [`Manifest::sort_tasks`]) and sums
    /// `total`. Pass each puzzle's tiers in declaration order.
    pub fn new(generator: &str, seed: u64, format: Format, tasks: Vec<TaskEntry>) -> Manifest {
        let mut manifest = Manifest {
            generator: generator.to_string(),
            seed,
            format,
            created_by: CREATED_BY.to_string(),
            selection: None,
            total: tasks.iter().map(|t| t.count).sum(),
            tasks,
            digest: None,
        };
        manifest.sort_tasks();
        manifest.seal();
        manifest
    }

    /// The same manifest recording `selection`, sealed again.
    pub fn with_selection(mut self, selection: Selection) -> Manifest {
        self.selection = Some(selection);
        self.seal();
        self
    }

    /// Sets [`Manifest::digest`] to [`Manifest::content_digest`]; call after editing
    /// any field.
    pub fn seal(&mut self) {
        self.digest = Some(self.content_digest());
    }

    /// `sha256:<hex>` of the pretty JSON of this manifest without its `digest`.
    pub fn content_digest(&self) -> String {
        let unsealed = Manifest {
            digest: None,
            ..self.clone()
        };
        super::spec_hash(to_pretty(&unsealed).as_bytes())
    }

    /// Whether the stored digest is present and matches the content.
    pub fn digest_matches(&self) -> bool {
        self.digest.as_deref() == Some(self.content_digest().as_str())
    }

    /// Stable-sorts the tasks by (puzzle, lang). The tier order is not known here, so
    /// tasks of one puzzle and language keep their relative order.
    pub fn sort_tasks(&mut self) {
        self.tasks
            .sort_by(|a, b| (&a.puzzle, &a.lang).cmp(&(&b.puzzle, &b.lang)));
    }

    /// Pretty JSON with a trailing newline; byte-stable for equal manifests.
    pub fn to_json_pretty(&self) -> String {
        to_pretty(self)
    }

    /// Writes `dir/manifest.json` atomically and returns its path.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, DatasetError> {
        let path = dir.join(MANIFEST_FILE);
        write_atomic(&path, self.to_json_pretty().as_bytes())?;
        Ok(path)
    }

    /// Reads a manifest file (the file itself, not its directory).
    pub fn read(path: &Path) -> Result<Manifest, DatasetError> {
        let text = read_manifest_text(path)?;
        Manifest::parse(path, &text)
    }

    /// Parses the text of the manifest file at `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<Manifest, DatasetError> {
        serde_json::from_str(text).map_err(|e| DatasetError::BadManifest {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }
}

impl Timings {
    /// Timings for `items` records built in `seconds_total` seconds. Non-finite or
    /// negative durations count as 0.
    pub fn new(seconds_total: f64, items: u64) -> Timings {
        let seconds_total = if seconds_total.is_finite() && seconds_total > 0.0 {
            seconds_total
        } else {
            0.0
        };
        let items_per_second = if seconds_total > 0.0 {
            items as f64 / seconds_total
        } else {
            0.0
        };
        Timings {
            seconds_total,
            items_per_second,
        }
    }

    /// Pretty JSON with a trailing newline.
    pub fn to_json_pretty(&self) -> String {
        to_pretty(self)
    }

    /// Writes `dir/timings.json` atomically and returns its path.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, DatasetError> {
        let path = dir.join(TIMINGS_FILE);
        write_atomic(&path, self.to_json_pretty().as_bytes())?;
        Ok(path)
    }
}

/// The largest manifest file read, in bytes (a manifest of a million tasks is far less).
pub const MAX_MANIFEST_BYTES: u64 = 256 * 1024 * 1024;

/// The text of a manifest file, refusing files over [`MAX_MANIFEST_BYTES`].
pub fn read_manifest_text(path: &Path) -> Result<String, DatasetError> {
    let read_error = |source| DatasetError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = fs::File::open(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(MAX_MANIFEST_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_MANIFEST_BYTES {
        return Err(DatasetError::BadManifest {
            path: path.to_path_buf(),
            message: format!("it is larger than {MAX_MANIFEST_BYTES} bytes"),
        });
    }
    String::from_utf8(bytes).map_err(|e| DatasetError::BadManifest {
        path: path.to_path_buf(),
        message: format!("not UTF-8 at byte {}", e.utf8_error().valid_up_to()),
    })
}

fn to_pretty<T: Serialize>(value: &T) -> String {
    // Plain structs of strings and numbers always serialize.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}
