//! Outputs never clobber inputs: checks that an output path is not an input, not
//! inside an input folder or a dataset folder, and not a symbolic link. Paths are
//! compared after resolving symbolic links (of the part that exists).

use std::fs;
use std::path::{Component, Path, PathBuf};

use super::{is_symlink, DatasetError, MANIFEST_FILE};

/// Refuses `out` as an output *file* when it is a symbolic link, is one of `inputs`
/// (files or folders), lies inside an input folder, or lies inside a dataset folder
/// (a folder with a `manifest.json`, at any level above it).
pub fn check_output_file(out: &Path, inputs: &[&Path]) -> Result<(), DatasetError> {
    if is_symlink(out) {
        return Err(DatasetError::Symlink {
            path: out.to_path_buf(),
        });
    }
    let resolved = resolve(out);
    check_against_inputs(out, &resolved, inputs)?;
    if let Some(dataset) = enclosing_dataset(&resolved) {
        return Err(DatasetError::InsideDataset {
            path: out.to_path_buf(),
            dataset,
        });
    }
    Ok(())
}

/// Refuses `out` as an output *folder* when it is one of `inputs`, lies inside an
/// input folder, or holds an input.
pub fn check_output_dir(out: &Path, inputs: &[&Path]) -> Result<(), DatasetError> {
    let resolved = resolve(out);
    check_against_inputs(out, &resolved, inputs)?;
    for input in inputs {
        let input_resolved = resolve(input);
        if input_resolved.starts_with(&resolved) {
            return Err(DatasetError::OverwritesInput {
                path: out.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    Ok(())
}

fn check_against_inputs(out: &Path, resolved: &Path, inputs: &[&Path]) -> Result<(), DatasetError> {
    for input in inputs {
        let input_resolved = resolve(input);
        if resolved == input_resolved
            || (input_resolved.is_dir() && resolved.starts_with(&input_resolved))
        {
            return Err(DatasetError::OverwritesInput {
                path: out.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// The nearest folder at or above `path`'s parent that holds a `manifest.json`.
fn enclosing_dataset(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .find(|dir| dir.join(MANIFEST_FILE).is_file())
        .map(Path::to_path_buf)
}

/// `path` made absolute with its longest existing prefix canonicalised (symbolic
/// links resolved) and the rest appended, `.` and `..` folded lexically.
pub fn resolve(path: &Path) -> PathBuf {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut existing = absolute.as_path();
    let mut rest: Vec<Component<'_>> = Vec::new();
    loop {
        if let Ok(real) = fs::canonicalize(existing) {
            let mut out = real;
            for component in rest.iter().rev() {
                match component {
                    Component::ParentDir => {
                        out.pop();
                    }
                    Component::CurDir => {}
                    other => out.push(other),
                }
            }
            return out;
        }
        match (existing.parent(), existing.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                existing = parent;
            }
            _ => return absolute,
        }
    }
}
