//! Regenerating a dataset's records from its manifest and specs, for readers of
//! a format whose lines do not carry every field (`nolli`): `score` matches each
//! line to its regenerated record by id.

use std::path::Path;

use super::build::{produce, BuildError, TaskSink};
use super::verify::plan_again;
use super::{read_manifest_text, Manifest, Record, TaskName, WrittenTask, MANIFEST_FILE};
use crate::check::program::Program;

/// Every record of the build that `data`'s manifest records, regenerated from
/// `programs` with `jobs` threads, each with the id its line carries in the
/// dataset's format; in build order.
///
/// A spec that is missing or changed since the build is an error
/// ([`BuildError::Filter`]) naming what `verify` would report.
pub fn regenerate(
    data: &Path,
    programs: &[Program],
    jobs: usize,
) -> Result<Vec<(String, Record)>, BuildError> {
    let manifest_path = data.join(MANIFEST_FILE);
    let text = read_manifest_text(&manifest_path)?;
    let stored = Manifest::parse(&manifest_path, &text)?;
    let (options, selected) = plan_again(&stored, programs, jobs).map_err(|findings| {
        BuildError::Filter(format!(
            "the dataset cannot be regenerated from the specs given: {}",
            findings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ))
    })?;
    let mut sink = CollectSink {
        format: options.format,
        count: options.count,
        records: Vec::new(),
    };
    produce(&selected, &options, &|| {}, &mut sink)?;
    Ok(sink.records)
}

/// Collects every record with its line id.
struct CollectSink {
    format: super::Format,
    count: u64,
    records: Vec<(String, Record)>,
}

impl TaskSink for CollectSink {
    type Task = (TaskName, u64);

    fn open(
        &mut self,
        program: &Program,
        lang: &str,
        tier: &str,
    ) -> Result<Self::Task, BuildError> {
        Ok((TaskName::new(program, lang, tier, self.count), 0))
    }

    fn push(&mut self, task: &mut Self::Task, record: Record) -> Result<(), BuildError> {
        task.1 += 1;
        self.records
            .push((task.0.line_id(self.format, &record), record));
        Ok(())
    }

    fn close(&mut self, (task, count): Self::Task) -> Result<WrittenTask, BuildError> {
        Ok(WrittenTask {
            path: task.file(self.format).into(),
            file: task.file(self.format),
            sha256: String::new(),
            count,
        })
    }
}
