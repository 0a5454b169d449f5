//! Behavioural difficulty calibration: sweep the levers a spec's
//! `calibrate` block names, ask a model, fit a monotone accuracy curve, and
//! pick per-tier values that land in target bands. See
//! `docs/calibration.md`.

pub mod error;
pub mod fit;
pub mod measure;
pub mod options;
pub mod overlay;
pub mod report;
pub mod run;
pub mod search;
pub mod svg;

pub use error::CalibrateError;
pub use options::{parse_targets, Options, Target};
pub use overlay::calibrated_spec;
pub use report::{to_json, to_markdown, Calls};
pub use run::{calibrate, Outcome, PointRecord, TierResult};
pub use svg::plot;
