//! Output formats and writing one task's JSONL file.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use sha2::{Digest, Sha256};

use super::atomic::AtomicFile;
use super::nolli::NolliTask;
use super::record::lower_hex;
use super::{DatasetError, Record};
use crate::check::program::Program;

/// The line format of the JSONL files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Every [`Record`] field ([`Record::to_json_line`]).
    #[default]
    Puzzlec,
    /// The reference benchmark's release files and fields (see [`super::nolli`]).
    Nolli,
    /// Every [`Record`] field, like [`Format::Puzzlec`], plus a dataset card
    /// (`README.md`, see [`super::card`]) that Hugging Face `datasets` loads.
    Hf,
}

impl Format {
    /// Every format, in the order listed in help and error texts.
    pub const ALL: [Format; 3] = [Format::Puzzlec, Format::Nolli, Format::Hf];

    /// The name used on the command line and in the manifest.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Puzzlec => "puzzlec",
            Format::Nolli => "nolli",
            Format::Hf => "hf",
        }
    }

    /// Whether lines carry every [`Record`] field (and so can be scored and
    /// checked on their own).
    pub fn has_every_field(self) -> bool {
        matches!(self, Format::Puzzlec | Format::Hf)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = DatasetError;

    /// Parses `puzzlec`, `nolli` or `hf` (exact, lowercase).
    fn from_str(s: &str) -> Result<Format, DatasetError> {
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| DatasetError::UnknownFormat {
                given: s.to_string(),
            })
    }
}

/// The path of a task's file relative to the dataset directory in the `puzzlec`
/// and `hf` formats, always with `/` separators (it is what the manifest records):
/// `<puzzle>/<lang>/<tier>.jsonl`.
pub fn task_file(puzzle: &str, lang: &str, tier: &str) -> String {
    format!("{puzzle}/{lang}/{tier}.jsonl")
}

/// The path of a task's file in the `puzzlec` and `hf` formats:
/// `dir/<puzzle>/<lang>/<tier>.jsonl`.
pub fn task_path(dir: &Path, puzzle: &str, lang: &str, tier: &str) -> PathBuf {
    dir.join(puzzle).join(lang).join(format!("{tier}.jsonl"))
}

/// One task of a dataset: its puzzle, language and tier, and what the `nolli`
/// format calls it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskName {
    /// The puzzle name.
    pub puzzle: String,
    /// The language code.
    pub lang: String,
    /// The tier name.
    pub tier: String,
    /// The task's name and numbering in the `nolli` format.
    pub nolli: NolliTask,
}

impl TaskName {
    /// The task of `program` in `lang` and `tier`, in a build of `count` items
    /// per tier.
    pub fn new(program: &Program, lang: &str, tier: &str, count: u64) -> TaskName {
        TaskName {
            puzzle: program.name.name.clone(),
            lang: lang.to_string(),
            tier: tier.to_string(),
            nolli: NolliTask::new(program, tier, count),
        }
    }

    /// A task named without its spec: the `nolli` format calls it by the
    /// puzzle name and numbers its ids from 0.
    pub fn plain(puzzle: &str, lang: &str, tier: &str) -> TaskName {
        TaskName {
            puzzle: puzzle.to_string(),
            lang: lang.to_string(),
            tier: tier.to_string(),
            nolli: NolliTask {
                name: puzzle.to_string(),
                first: 0,
            },
        }
    }

    /// The task's file relative to the dataset directory, `/`-separated.
    pub fn file(&self, format: Format) -> String {
        match format {
            Format::Puzzlec | Format::Hf => task_file(&self.puzzle, &self.lang, &self.tier),
            Format::Nolli => self.nolli.file(&self.lang, &self.tier),
        }
    }

    /// One record of the task as one line in `format`, without the newline.
    pub fn line(&self, format: Format, record: &Record) -> String {
        match format {
            Format::Puzzlec | Format::Hf => record.to_json_line(),
            Format::Nolli => self.nolli.line(record),
        }
    }

    /// The `id` that `record`'s line carries in `format`.
    pub fn line_id(&self, format: Format, record: &Record) -> String {
        match format {
            Format::Puzzlec | Format::Hf => record.id.clone(),
            Format::Nolli => self.nolli.id(&record.lang, record.index),
        }
    }

    /// Refuses names that are not safe path components.
    fn check(&self) -> Result<(), DatasetError> {
        check_name("puzzle", &self.puzzle)?;
        check_name("lang", &self.lang)?;
        check_name("tier", &self.tier)?;
        check_name("release task", &self.nolli.name)
    }
}

/// What [`write_task`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenTask {
    /// The full path written.
    pub path: PathBuf,
    /// The path relative to the dataset directory, `/`-separated (see [`task_file`]).
    pub file: String,
    /// SHA-256 of the bytes written, 64 lowercase hex characters.
    pub sha256: String,
    /// The number of records (lines) written.
    pub count: u64,
}

/// The records of `task` as JSONL text in `format`: one line per record, each
/// ending in `\n`.
pub fn render_records(task: &TaskName, records: &[Record], format: Format) -> String {
    let mut out = String::new();
    for record in records {
        out.push_str(&task.line(format, record));
        out.push('\n');
    }
    out
}

/// Writes one task's records to its file in `dir` (see [`TaskName::file`])
/// atomically, in the order given. Names that are not safe path components are
/// refused.
pub fn write_task(
    dir: &Path,
    task: &TaskName,
    records: &[Record],
    format: Format,
) -> Result<WrittenTask, DatasetError> {
    let mut file = TaskFile::create(dir, task, format)?;
    for record in records {
        file.push(record)?;
    }
    file.finish()
}

/// One task's file being written a record at a time, so a build never holds a
/// task's records in memory: each line goes through a buffer into an
/// [`AtomicFile`] and into the running SHA-256 the manifest records. The file
/// appears, complete, only at [`TaskFile::finish`]; dropped before, it is never
/// there.
#[derive(Debug)]
pub struct TaskFile {
    out: AtomicFile,
    path: PathBuf,
    file: String,
    task: TaskName,
    format: Format,
    hash: Sha256,
    count: u64,
}

impl TaskFile {
    /// Starts the task's file in `dir` (see [`TaskName::file`]). Names that are
    /// not safe path components, and paths through a symbolic link, are refused.
    pub fn create(dir: &Path, task: &TaskName, format: Format) -> Result<TaskFile, DatasetError> {
        task.check()?;
        let file = task.file(format);
        let path = dir.join(&file);
        if let Some(link) = super::output::first_symlink(dir, &path) {
            return Err(DatasetError::Symlink { path: link });
        }
        Ok(TaskFile {
            out: AtomicFile::create(&path)?,
            path,
            file,
            task: task.clone(),
            format,
            hash: Sha256::new(),
            count: 0,
        })
    }

    /// Appends one record as one line.
    pub fn push(&mut self, record: &Record) -> Result<(), DatasetError> {
        let mut line = self.task.line(self.format, record);
        line.push('\n');
        self.hash.update(line.as_bytes());
        self.count += 1;
        self.out.write(line.as_bytes())
    }

    /// Puts the file in place and says what it holds.
    pub fn finish(self) -> Result<WrittenTask, DatasetError> {
        self.out.commit()?;
        Ok(WrittenTask {
            path: self.path,
            file: self.file,
            sha256: lower_hex(&self.hash.finalize()),
            count: self.count,
        })
    }
}

/// The longest name used as a path component, in bytes: file systems allow 255 for a
/// whole file name, and a tier's file adds `.jsonl` (a temporary file adds more).
pub const MAX_NAME_BYTES: usize = 200;

/// Whether `name` is a safe path component: non-empty, at most [`MAX_NAME_BYTES`]
/// bytes, not `.` or `..`, and made of letters, digits, `_`, `-` and `.` only.
pub fn is_safe_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_BYTES
        && name != "."
        && name != ".."
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// A name that is not [`is_safe_name`] is an error naming its kind.
fn check_name(kind: &'static str, name: &str) -> Result<(), DatasetError> {
    if is_safe_name(name) {
        Ok(())
    } else {
        Err(DatasetError::InvalidName {
            kind,
            name: name.to_string(),
        })
    }
}
