//! Verifying a dataset: plan the build its manifest records again, regenerate every
//! task file in memory, and compare bytes — of every file, of every record, and of
//! the manifest itself — naming whatever differs.
//!
//! Regenerating an item re-runs every proof its spec states (`dig`, `reveal … until
//! unique`, `unique`, `maximize`), so a record that comes back byte-identical has had
//! its uniqueness proven again.

use std::collections::BTreeMap;
use std::fs;
use std::io::BufReader;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::build::{produce, BuildError, BuildOptions, TaskSink};
use super::integrity::{compare_records, edit_reason, ActualFile, ExpectedFile, Finding};
use super::lines::{read_line_bounded, MAX_LINE_BYTES};
use super::output::LOCK_FILE;
use super::{
    dataset_card, read_manifest_text, render_records, sha256_hex, DatasetError, Format, Manifest,
    Record, Shard, TaskName, WrittenTask, CARD_FILE, MANIFEST_FILE, TIMINGS_FILE,
};
use crate::answer::{normalize, AnswerKind};
use crate::check::overrides::{apply_overrides, parse_overrides};
use crate::check::program::Program;

/// What `verify` found.
#[derive(Debug, Clone, Default)]
pub struct VerifyReport {
    /// Every problem, sorted: manifest first, then files, then records.
    pub findings: Vec<Finding>,
    /// Records the regeneration wrote.
    pub records: u64,
    /// Task files the regeneration wrote.
    pub files: usize,
}

/// Verifies the dataset in `data` against `programs` (the specs it was built from;
/// others are ignored) with `jobs` threads; `progress` runs once per item.
///
/// Problems with the dataset are findings; only a regeneration that fails (a spec
/// that no longer generates) is an error.
pub fn verify(
    data: &Path,
    programs: &[Program],
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<VerifyReport, BuildError> {
    let manifest_path = data.join(MANIFEST_FILE);
    let text = read_manifest_text(&manifest_path)?;
    let stored = Manifest::parse(&manifest_path, &text)?;
    let (options, selected) = match plan_again(&stored, programs, jobs) {
        Ok(plan) => plan,
        Err(findings) => return Ok(report(findings, 0, 0)),
    };
    let mut sink = VerifySink {
        data,
        format: options.format,
        count: options.count,
        expected: BTreeMap::new(),
        actual: BTreeMap::new(),
        findings: Vec::new(),
    };
    let fresh = produce(&selected, &options, progress, &mut sink)?;
    let VerifySink {
        expected,
        mut actual,
        mut findings,
        ..
    } = sink;
    findings.extend(manifest_findings(&text, &stored, &fresh));
    let with_card = options.format == Format::Hf;
    if with_card {
        findings.extend(card_finding(data, &fresh)?);
    }
    for file in files_on_disk(data)? {
        if expected.contains_key(&file)
            || is_dataset_extra(&file)
            || (with_card && file == CARD_FILE)
        {
            continue;
        }
        let summary = read_actual(&data.join(&file), &BTreeMap::new())?.unwrap_or_default();
        findings.push(Finding::File {
            problem: format!(
                "extra: the regeneration writes no such file ({} line(s))",
                summary.0.lines.len()
            ),
            file: file.clone(),
        });
        actual.insert(file, summary.0);
    }
    findings.extend(compare_records(&expected, &actual));
    Ok(report(findings, fresh.total, fresh.tasks.len()))
}

/// The sink of `verify`: each regenerated task's records, compared with the
/// file on disk once the task is complete (a task's records are held until
/// then; the items they came from are not).
struct VerifySink<'a> {
    data: &'a Path,
    format: Format,
    count: u64,
    expected: BTreeMap<String, ExpectedFile>,
    actual: BTreeMap<String, ActualFile>,
    findings: Vec<Finding>,
}

impl TaskSink for VerifySink<'_> {
    /// The task and its records so far.
    type Task = (TaskName, Vec<Record>);

    fn open(
        &mut self,
        program: &Program,
        lang: &str,
        tier: &str,
    ) -> Result<Self::Task, BuildError> {
        Ok((TaskName::new(program, lang, tier, self.count), Vec::new()))
    }

    fn push(&mut self, task: &mut Self::Task, record: Record) -> Result<(), BuildError> {
        task.1.push(record);
        Ok(())
    }

    fn close(&mut self, (task, records): Self::Task) -> Result<WrittenTask, BuildError> {
        Ok(self.compare(&task, &records)?)
    }
}

impl VerifySink<'_> {
    /// Compares one regenerated task with its file on disk.
    fn compare(
        &mut self,
        task: &TaskName,
        records: &[Record],
    ) -> Result<WrittenTask, DatasetError> {
        let file = task.file(self.format);
        let text = render_records(task, records, self.format);
        if self.format.has_every_field() {
            self.findings
                .extend(records.iter().filter_map(gold_finding));
        }
        let ids: Vec<String> = records
            .iter()
            .map(|r| task.line_id(self.format, r))
            .collect();
        let mut e = ExpectedFile::default();
        for (id, line) in ids.iter().zip(text.lines()) {
            e.records.push((id.clone(), sha256_hex(line.as_bytes())));
        }
        let path = self.data.join(&file);
        let lines: BTreeMap<&str, &str> =
            ids.iter().map(String::as_str).zip(text.lines()).collect();
        match read_actual(&path, &lines)? {
            Some((a, sha256)) => {
                if sha256 != sha256_hex(text.as_bytes()) {
                    self.findings.extend(trailing_finding(&file, &e, &a));
                }
                self.actual.insert(file.clone(), a);
            }
            None => self.findings.push(Finding::File {
                file: file.clone(),
                problem: format!(
                    "missing: the regeneration writes {} record(s) here",
                    records.len()
                ),
            }),
        }
        self.expected.insert(file.clone(), e);
        Ok(WrittenTask {
            path,
            file,
            sha256: sha256_hex(text.as_bytes()),
            count: records.len() as u64,
        })
    }
}

fn report(mut findings: Vec<Finding>, records: u64, files: usize) -> VerifyReport {
    findings.sort();
    findings.dedup();
    VerifyReport {
        findings,
        records,
        files,
    }
}

/// The build options and specs that the stored manifest records, or the findings
/// that make regenerating it pointless (an old manifest, a spec missing or changed).
pub(super) fn plan_again(
    stored: &Manifest,
    programs: &[Program],
    jobs: usize,
) -> Result<(BuildOptions, Vec<Program>), Vec<Finding>> {
    let manifest = |problem: String| Finding::Manifest { problem };
    let old = "it was written by an older puzzlec, without the selection and digest `verify` needs; rebuild the dataset";
    let (Some(selection), Some(_)) = (&stored.selection, &stored.digest) else {
        return Err(vec![manifest(old.into())]);
    };
    let shard = match selection.shard.as_deref().map(str::parse::<Shard>) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => return Err(vec![manifest(format!("its `selection.shard`: {e}"))]),
    };
    let overrides = parse_overrides(&selection.overrides).map_err(|errors| {
        errors
            .iter()
            .map(|e| manifest(format!("its `selection.overrides`: {e}")))
            .collect::<Vec<_>>()
    })?;
    let mut findings = Vec::new();
    let mut selected: Vec<Program> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for task in &stored.tasks {
        if seen.contains(&task.puzzle.as_str()) {
            continue;
        }
        seen.push(&task.puzzle);
        let files = stored
            .tasks
            .iter()
            .filter(|t| t.puzzle == task.puzzle)
            .count();
        match programs.iter().find(|p| p.name.name == task.puzzle) {
            None => findings.push(Finding::Spec {
                puzzle: task.puzzle.clone(),
                missing: true,
                problem: format!(
                    "not among the specs given to regenerate it (`--specs`); it built {files} file(s) of this dataset, the first `{}`",
                    task.file
                ),
            }),
            Some(p) if p.spec_hash != task.spec_hash => findings.push(Finding::Spec {
                puzzle: task.puzzle.clone(),
                missing: false,
                problem: format!(
                    "the spec `{}` changed since the build ({} ≠ {}); verify with the specs it was built from ({files} file(s) affected)",
                    task.puzzle, p.spec_hash, task.spec_hash
                ),
            }),
            Some(p) => selected.push(p.clone()),
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    // Keep the specs' own order, as the build had it.
    selected.sort_by_key(|s| programs.iter().position(|p| p.name.name == s.name.name));
    let options = BuildOptions {
        count: selection.count,
        seed: stored.seed,
        tiers: selection.tiers.clone(),
        langs: selection.langs.clone(),
        jobs: jobs.max(1),
        shard,
        format: stored.format,
        overrides,
    };
    if let Err(errors) = apply_overrides(&selected, &options.overrides) {
        return Err(errors
            .iter()
            .map(|e| manifest(format!("its `selection.overrides`: {e}")))
            .collect());
    }
    Ok((options, selected))
}

/// A regenerated gold that does not read back as its own kind.
fn gold_finding(record: &Record) -> Option<Finding> {
    let kind = AnswerKind::from_name(&record.answer_kind);
    let ok = kind.is_some_and(|k| normalize(k, &record.answer).as_deref() == Ok(&record.answer));
    (!ok).then(|| Finding::Record {
        id: record.id.clone(),
        problem: format!(
            "the regenerated gold `{}` does not read back as `{}`",
            record.answer, record.answer_kind
        ),
    })
}

/// A file whose lines all match the regeneration but whose bytes do not: only the
/// end of the file can differ then.
fn trailing_finding(file: &str, expected: &ExpectedFile, actual: &ActualFile) -> Option<Finding> {
    let same_lines = expected.records.len() == actual.lines.len()
        && expected
            .records
            .iter()
            .zip(&actual.lines)
            .all(|((_, hash), line)| *hash == line.sha256);
    same_lines.then(|| Finding::File {
        file: file.to_string(),
        problem: "its last line does not end in a newline".into(),
    })
}

/// Reads a file on disk line by line (bounded), with the SHA-256 of all its bytes;
/// `None` when it does not exist. A line whose id is a key of `expected` and whose
/// bytes differ gets its reason recorded.
fn read_actual(
    path: &Path,
    expected: &BTreeMap<&str, &str>,
) -> Result<Option<(ActualFile, String)>, DatasetError> {
    let read_error = |source| DatasetError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(read_error(e)),
    };
    let mut reader = BufReader::new(file);
    let mut whole = Sha256::new();
    let mut summary = ActualFile::default();
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        buf.clear();
        if !read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES).map_err(read_error)? {
            break;
        }
        whole.update(&buf);
        n += 1;
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let id = line_id(bytes);
        if let Some(fresh) = id.as_deref().and_then(|id| expected.get(id)) {
            if fresh.as_bytes() != bytes {
                summary
                    .edits
                    .insert(id.clone().unwrap_or_default(), edit_reason(fresh, bytes));
            }
        }
        summary.lines.push(super::integrity::LineSummary {
            line: n,
            id,
            sha256: sha256_hex(bytes),
        });
    }
    let digest: String = whole
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(Some((summary, digest)))
}

/// The string `id` of a JSON object line.
fn line_id(bytes: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct IdOnly {
        id: String,
    }
    serde_json::from_slice::<IdOnly>(bytes).ok().map(|l| l.id)
}

/// The finding about the dataset card, when it is missing or differs from the
/// card of the regenerated manifest.
fn card_finding(data: &Path, fresh: &Manifest) -> Result<Option<Finding>, DatasetError> {
    let path = data.join(CARD_FILE);
    let problem = match fs::read(&path) {
        Ok(bytes) if bytes == dataset_card(fresh).as_bytes() => return Ok(None),
        Ok(_) => "edited: it differs from the card of the regenerated manifest",
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            "missing: an `hf` build writes the dataset card here"
        }
        Err(source) => return Err(DatasetError::Read { path, source }),
    };
    Ok(Some(Finding::File {
        file: CARD_FILE.to_string(),
        problem: problem.to_string(),
    }))
}

/// Files of the dataset folder that are not task files: the manifest, the timings
/// and a build's lock.
fn is_dataset_extra(file: &str) -> bool {
    [MANIFEST_FILE, TIMINGS_FILE, LOCK_FILE].contains(&file)
}

/// Every file under `dir` (symbolic links included, never followed), relative and
/// `/`-separated, sorted.
fn files_on_disk(dir: &Path) -> Result<Vec<String>, DatasetError> {
    let mut out = Vec::new();
    collect_files(dir, "", 0, &mut out)?;
    out.sort();
    Ok(out)
}

/// How deep `verify` looks for stray files (a build writes at depth 3).
const MAX_DEPTH: usize = 32;

fn collect_files(
    dir: &Path,
    prefix: &str,
    depth: usize,
    out: &mut Vec<String>,
) -> Result<(), DatasetError> {
    let read_dir_error = |source| DatasetError::ReadDir {
        path: dir.to_path_buf(),
        source,
    };
    for entry in fs::read_dir(dir).map_err(read_dir_error)? {
        let entry = entry.map_err(read_dir_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let relative = format!("{prefix}{name}");
        let kind = entry.file_type().map_err(read_dir_error)?;
        if kind.is_dir() && depth < MAX_DEPTH {
            collect_files(&entry.path(), &format!("{relative}/"), depth + 1, out)?;
        } else if !kind.is_dir() {
            out.push(relative);
        }
    }
    Ok(())
}

/// How the stored manifest differs from the one the regeneration writes.
fn manifest_findings(text: &str, stored: &Manifest, fresh: &Manifest) -> Vec<Finding> {
    if fresh.to_json_pretty() == text {
        return Vec::new();
    }
    let mut findings = Vec::new();
    if !stored.digest_matches() {
        findings.push(Finding::Manifest {
            problem: "it was edited after the build: its `digest` does not match its content"
                .into(),
        });
    }
    let field = |field: String, problem: String| Finding::ManifestField { field, problem };
    let differs = |name: &str| format!("differs from the regeneration's (`{name}`)");
    if stored.generator != fresh.generator {
        findings.push(field("generator".into(), differs(&fresh.generator)));
    }
    if stored.created_by != fresh.created_by {
        findings.push(field("created_by".into(), differs(&fresh.created_by)));
    }
    if stored.total != fresh.total {
        findings.push(field("total".into(), differs(&fresh.total.to_string())));
    }
    findings.extend(task_findings(stored, fresh));
    if findings.is_empty() {
        let stored_files: Vec<&str> = stored.tasks.iter().map(|t| t.file.as_str()).collect();
        let fresh_files: Vec<&str> = fresh.tasks.iter().map(|t| t.file.as_str()).collect();
        findings.push(if stored_files != fresh_files {
            field("tasks".into(), "the tasks are in another order".into())
        } else {
            Finding::Manifest {
                problem: "its bytes differ from the manifest a build writes (whitespace, key order or an extra key)".into(),
            }
        });
    }
    findings
}

/// Tasks missing from, extra in, or different in the stored manifest.
fn task_findings(stored: &Manifest, fresh: &Manifest) -> Vec<Finding> {
    let by_file = |m: &Manifest| -> BTreeMap<String, serde_json::Value> {
        m.tasks
            .iter()
            .map(|t| (t.file.clone(), serde_json::to_value(t).unwrap_or_default()))
            .collect()
    };
    let (old, new) = (by_file(stored), by_file(fresh));
    let mut findings = Vec::new();
    for (file, task) in &new {
        let problem = match old.get(file) {
            None => Some("missing: the regeneration writes this task file".to_string()),
            Some(o) => task.as_object().and_then(|t| {
                t.iter()
                    .find(|(k, v)| o.get(k.as_str()) != Some(v))
                    .map(|(k, v)| format!("field `{k}` differs from the regeneration's ({v})"))
            }),
        };
        if let Some(problem) = problem {
            findings.push(Finding::ManifestField {
                field: format!("tasks[{file}]"),
                problem,
            });
        }
    }
    for file in old.keys().filter(|f| !new.contains_key(*f)) {
        findings.push(Finding::ManifestField {
            field: format!("tasks[{file}]"),
            problem: "extra: the regeneration writes no such task file".into(),
        });
    }
    findings
}
