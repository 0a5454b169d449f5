//! Dataset output: records, JSONL task files, the manifest, sharding and reading back.
//!
//! A build writes one JSONL file per task at `DIR/<puzzle>/<lang>/<tier>.jsonl`, then
//! `DIR/manifest.json` (deterministic: byte-identical across runs and `--jobs` values)
//! and `DIR/timings.json` (wall-clock figures, which differ from run to run).

pub mod atomic;
pub mod build;
pub mod bundle;
mod bundle_rules;
pub mod card;
pub mod error;
pub mod guard;
pub mod integrity;
pub mod json_text;
pub mod lines;
pub mod manifest;
pub mod nolli;
pub mod output;
pub mod reader;
pub mod record;
pub mod regenerate;
pub(crate) mod schedule;
pub mod shard;
pub mod verify;
pub mod writer;

pub use atomic::{is_symlink, write_atomic, AtomicFile};
pub use bundle::{make_bundles, BundleError, BundleItem, BundleOptions, BundleRecord};
pub use card::{check_card_free, dataset_card, CARD_FILE};
pub use error::DatasetError;
pub use guard::{check_output_dir, check_output_file};
pub use manifest::{
    read_manifest_text, Manifest, Selection, TaskEntry, Timings, CREATED_BY, MANIFEST_FILE,
    TIMINGS_FILE,
};
pub use nolli::{nolli_answer, NolliTask, NOLLI_FORMAT};
pub use output::{BuildLock, OutputDir, LOCK_FILE};
pub use reader::{dataset_files, read_jsonl, read_records};
pub use record::{
    pair_id, record_id, sha256_hex, spec_hash, CheckpointRecord, Field, Record, FIELD_COUNT,
};
pub use regenerate::regenerate;
pub use shard::Shard;
pub use writer::{
    render_records, task_file, task_path, write_task, Format, TaskFile, TaskName, WrittenTask,
};
