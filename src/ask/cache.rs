//! The on-disk answer cache: one small JSON file per request, named by the
//! request's [`super::Settings::cache_key`], so a rerun of the same requests
//! costs nothing and an interrupted run loses nothing it had received.

use super::{Answer, AskError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A cache directory.
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
}

/// One cache file.
#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    /// The URL asked.
    url: String,
    /// The model asked.
    model: String,
    /// The answer.
    answer: Answer,
}

impl Cache {
    /// Opens (creating) the cache directory `dir`.
    pub fn open(dir: &Path) -> Result<Cache, AskError> {
        std::fs::create_dir_all(dir).map_err(|e| AskError::Io {
            action: "create the cache directory",
            path: dir.to_path_buf(),
            reason: e.to_string(),
        })?;
        Ok(Cache {
            dir: dir.to_path_buf(),
        })
    }

    fn path(&self, key: &str) -> PathBuf {
        let shard = key.get(..2).unwrap_or("00");
        self.dir.join(shard).join(format!("{key}.json"))
    }

    /// The cached answer for `key`; an unreadable entry, and an empty or
    /// cut-off answer an older version stored, count as missing.
    pub fn get(&self, key: &str) -> Option<Answer> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        serde_json::from_str::<Entry>(&text)
            .ok()
            .map(|e| e.answer)
            .filter(Answer::cacheable)
    }

    /// Stores `answer` under `key` (atomically: a reader never sees half a file).
    pub fn put(&self, key: &str, url: &str, model: &str, answer: &Answer) -> Result<(), AskError> {
        let path = self.path(key);
        let io = |action: &'static str, path: &Path, e: std::io::Error| AskError::Io {
            action,
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        let parent = path.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(parent).map_err(|e| io("create", parent, e))?;
        let entry = Entry {
            url: url.to_string(),
            model: model.to_string(),
            answer: answer.clone(),
        };
        let text = serde_json::to_string(&entry).unwrap_or_default();
        crate::dataset::write_atomic(&path, text.as_bytes()).map_err(|e| AskError::Io {
            action: "write",
            path: path.clone(),
            reason: e.to_string(),
        })
    }
}
