//! insta-compatible snapshot files, so spec authors who write no Rust can keep expected
//! output under review, and `cargo insta review` can accept or reject our pending files.
//!
//! A `.snap` file is a YAML header between two `---` lines, then the body and one final
//! newline. Pending changes go to `<file>.new` (for `x.snap`: `x.snap.new`, insta's name),
//! in the same format.

pub mod body;
pub mod check;
pub mod diff;
pub mod error;
pub mod snapshot;
pub mod yaml;

pub use check::{check_snapshot, pending_path, SnapOutcome};
pub use diff::diff;
pub use error::SnapError;
pub use snapshot::{normalize_body, Snapshot};
