//! Scoring model responses against a dataset (`puzzlec score`).
//!
//! * [`load_dataset`] reads the records ([`dataset`]), which a
//!   [`Selection`] may narrow first ([`select`]);
//! * [`read_responses`] streams a responses file, judging each line with
//!   [`crate::answer::judge`] as it is read ([`input`] lists the accepted
//!   field paths, [`intake`] the bookkeeping: invalid lines, unknown and
//!   duplicate ids — the FIRST response for an id counts);
//! * [`judge_record`] judges one response: the record's answer slot, then
//!   the gold or, for records with `accept`, the spec's condition ([`accept`]);
//! * [`Report::new`] aggregates ([`report`]) using [`stats`];
//! * [`to_markdown`], [`Report::to_json`], [`chart`] and [`per_item_jsonl`]
//!   render the output files.
//!
//! Nothing here prints; the command line does.

pub mod accept;
pub mod dataset;
pub mod error;
pub mod input;
pub mod intake;
pub mod markdown;
pub mod parts;
pub mod parts_report;
pub mod per_item;
pub mod report;
pub mod select;
pub mod stats;
pub mod svg;

pub use accept::judge_record;
pub use dataset::{
    dataset_format, load_dataset, load_records, load_release_records, read_items, Dataset, Item,
};
pub use error::ScoreError;
pub use input::{parse_line, Layout, ResponseLine, Status};
pub use intake::{judge_response, read_responses, Intake, Outcome};
pub use markdown::{cell_table, to_markdown};
pub use per_item::per_item_jsonl;
pub use report::{Accuracy, Cell, Counts, Gap, Report, Task};
pub use select::{answered_tasks, Selection};
pub use svg::chart;

/// Fails with [`ScoreError::ForeignResponses`] when response lines had ids
/// but none of them is a dataset id, and with [`ScoreError::NoUsableLines`]
/// when no line answers a record at all (an empty file, or lines in no
/// known layout): a silent 0 % would look like a result.
pub fn check_foreign(intake: &Intake, responses: &std::path::Path) -> Result<(), ScoreError> {
    if intake.matched == 0 && intake.unknown.count > 0 {
        let examples = intake
            .unknown
            .examples
            .iter()
            .map(|p| format!("`{}`", p.detail))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(ScoreError::ForeignResponses {
            path: responses.to_path_buf(),
            unknown: intake.unknown.count,
            examples,
        });
    }
    if intake.matched == 0 {
        let detail = match intake.invalid.examples.first() {
            Some(p) => format!(
                "{} invalid, the first at line {}: {}",
                intake.invalid.count, p.line, p.detail
            ),
            None if intake.invalid_utf8.count > 0 => {
                format!("{} not valid UTF-8", intake.invalid_utf8.count)
            }
            None if intake.excluded > 0 => format!(
                "{} answer records the selection leaves out",
                intake.excluded
            ),
            None => format!("{} blank", intake.blank),
        };
        return Err(ScoreError::NoUsableLines {
            path: responses.to_path_buf(),
            lines: intake.lines,
            detail,
        });
    }
    Ok(())
}
