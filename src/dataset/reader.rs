//! Reading datasets back: JSONL records and the list of dataset files.

use std::fs;
use std::io::BufReader;

use super::lines::{read_line_bounded, MAX_LINE_BYTES};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::{DatasetError, Record};

/// Reads a JSONL file in the `puzzlec` format into records, in file order.
///
/// Every line must be one record; an empty line, a line that does not parse or a line
/// longer than [`MAX_LINE_BYTES`] is an error naming the file (and the 1-based line
/// number). Files in the `nolli` format lack most fields and are
/// refused.
pub fn read_records(path: &Path) -> Result<Vec<Record>, DatasetError> {
    read_jsonl(path)
}

/// Reads a JSONL file one line at a time into values of `T` (a record, or just
/// the fields a caller needs), with the same line-numbered errors as
/// [`read_records`].
pub fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>, DatasetError> {
    let read_error = |source| DatasetError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = BufReader::new(fs::File::open(path).map_err(read_error)?);
    let mut values = Vec::new();
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        buf.clear();
        if !read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES).map_err(read_error)? {
            return Ok(values);
        }
        n += 1;
        let Ok(line) = std::str::from_utf8(&buf) else {
            return Err(DatasetError::BadRecord {
                path: path.to_path_buf(),
                line: n,
                message: "the line is not valid UTF-8".into(),
            });
        };
        let text = line.trim_end_matches(['\n', '\r']);
        let value = serde_json::from_str(text).map_err(|e| DatasetError::BadRecord {
            path: path.to_path_buf(),
            line: n,
            message: if text.trim().is_empty() {
                "the line is empty".to_string()
            } else {
                e.to_string()
            },
        })?;
        values.push(value);
    }
}

/// Every `.jsonl` file under `dir`, at any depth, sorted by path. Symbolic links to
/// directories are not followed; hidden temporary files are not `.jsonl` and so are
/// never listed.
pub fn dataset_files(dir: &Path) -> Result<Vec<PathBuf>, DatasetError> {
    let mut files = Vec::new();
    walk(dir, usize::MAX, &mut files)?;
    files.sort();
    Ok(files)
}

/// Collects `.jsonl` files under `dir`, descending at most `depth` directory levels.
pub(crate) fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) -> Result<(), DatasetError> {
    let read_dir_error = |source| DatasetError::ReadDir {
        path: dir.to_path_buf(),
        source,
    };
    for entry in fs::read_dir(dir).map_err(read_dir_error)? {
        let entry = entry.map_err(read_dir_error)?;
        let path = entry.path();
        let kind = entry.file_type().map_err(read_dir_error)?;
        if kind.is_dir() {
            if depth > 0 {
                walk(&path, depth - 1, out)?;
            }
        } else if path.extension().is_some_and(|e| e == "jsonl") && path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}
