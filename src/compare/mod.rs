//! `puzzlec compare`: the analyses of a benchmark paper over several models'
//! `score --per-item` reports: group means, EN–KO equivalence tests,
//! tier-order transfer, regressions across models, within-Korean deficits,
//! size against difficulty and step accuracy, as Markdown, JSON, HTML and
//! SVG (see `docs/scoring.md`, "Comparing models").

pub mod analysis;
pub mod equivalence;
pub mod error;
pub mod groups;
pub mod levers;
pub mod load;
pub mod regression;
pub mod report;
pub mod stats;
pub mod steps;
pub mod svg;
pub mod tables;

pub use analysis::{compare, Comparison, Options};
pub use error::CompareError;
pub use load::{load_data, load_run, report_dataset, split_label, Data, Run};
pub use regression::RegressionSpec;
pub use report::{figures, to_html, to_json, to_markdown, Figure};
