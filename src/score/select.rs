//! Which records of a dataset `score` scores: `--puzzle`, `--lang` and
//! `--tier` narrow the dataset, and `--answered-only` keeps only the tasks
//! (puzzle × language × tier) that at least one response line answers.
//!
//! Records left out are not scored at all (not counted as missing); a
//! response to one of them is counted as excluded, not as unknown.

use std::collections::{BTreeSet, HashSet};
use std::io::BufRead;

use super::dataset::Item;
use super::input::parse_line;
use super::ScoreError;
use crate::dataset::lines::{read_line_bounded, MAX_LINE_BYTES};

/// The record filters of `score`. An empty list keeps every value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Puzzle names to keep.
    pub puzzles: Vec<String>,
    /// Language codes to keep.
    pub langs: Vec<String>,
    /// Tier names to keep.
    pub tiers: Vec<String>,
    /// Keep only the tasks some response answers.
    pub answered_only: bool,
}

/// One filter: its flag, the values wanted, and the record field it reads.
type Filter<'a> = (&'static str, &'a Vec<String>, fn(&Item) -> &str);

/// One task: puzzle, language and tier.
type TaskKey = (String, String, String);

fn task_of(r: &Item) -> TaskKey {
    (r.puzzle.clone(), r.lang.clone(), r.tier.clone())
}

impl Selection {
    /// Whether no filter is set.
    pub fn is_everything(&self) -> bool {
        self.puzzles.is_empty()
            && self.langs.is_empty()
            && self.tiers.is_empty()
            && !self.answered_only
    }

    /// A one-line description for the report, e.g. `puzzle p, q; lang ko`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (name, values) in [
            ("puzzle", &self.puzzles),
            ("lang", &self.langs),
            ("tier", &self.tiers),
        ] {
            if !values.is_empty() {
                parts.push(format!("{name} {}", values.join(", ")));
            }
        }
        if self.answered_only {
            parts.push("answered tasks only".to_string());
        }
        parts.join("; ")
    }

    /// Fails when a filter value names nothing in `records` (a typo would
    /// otherwise score an empty selection).
    pub fn check_values(&self, records: &[Item]) -> Result<(), ScoreError> {
        let fields: [Filter<'_>; 3] = [
            ("puzzle", &self.puzzles, |r| &r.puzzle),
            ("lang", &self.langs, |r| &r.lang),
            ("tier", &self.tiers, |r| &r.tier),
        ];
        for (flag, wanted, field) in fields {
            let present: BTreeSet<&str> = records.iter().map(field).collect();
            if let Some(value) = wanted.iter().find(|v| !present.contains(v.as_str())) {
                return Err(ScoreError::UnknownSelection {
                    flag,
                    value: value.clone(),
                    available: present.into_iter().collect::<Vec<_>>().join(", "),
                });
            }
        }
        Ok(())
    }

    /// Whether `r` passes the puzzle, language and tier filters.
    fn keeps(&self, r: &Item) -> bool {
        let ok =
            |wanted: &[String], value: &str| wanted.is_empty() || wanted.iter().any(|w| w == value);
        ok(&self.puzzles, &r.puzzle) && ok(&self.langs, &r.lang) && ok(&self.tiers, &r.tier)
    }

    /// Splits `records` into the ones scored and the ids of the ones left
    /// out. `answered` is the set of tasks some response answers (read with
    /// [`answered_tasks`]); it is used only with `answered_only`.
    pub fn apply(
        &self,
        records: Vec<Item>,
        answered: Option<&HashSet<TaskKey>>,
    ) -> Result<(Vec<Item>, HashSet<String>), ScoreError> {
        self.check_values(&records)?;
        let mut kept = Vec::with_capacity(records.len());
        let mut excluded = HashSet::new();
        for r in records {
            let answered_ok =
                !self.answered_only || answered.is_some_and(|a| a.contains(&task_of(&r)));
            if self.keeps(&r) && answered_ok {
                kept.push(r);
            } else {
                excluded.insert(r.id);
            }
        }
        if kept.is_empty() {
            return Err(ScoreError::EmptySelection {
                selection: self.describe(),
            });
        }
        Ok((kept, excluded))
    }
}

/// The tasks of `records` that some line of `reader` answers (by id). Lines
/// that do not parse are skipped here; the scoring pass reports them.
pub fn answered_tasks<R: BufRead>(
    mut reader: R,
    records: &[Item],
) -> std::io::Result<HashSet<TaskKey>> {
    let ids: HashSet<String> = {
        let mut ids = HashSet::new();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if !read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES)? {
                break;
            }
            let Ok(text) = std::str::from_utf8(&buf) else {
                continue;
            };
            let text = text.trim_start_matches('\u{feff}').trim();
            if text.is_empty() {
                continue;
            }
            if let Ok(line) = parse_line(text) {
                ids.insert(line.id);
            }
        }
        ids
    };
    Ok(records
        .iter()
        .filter(|r| ids.contains(&r.id))
        .map(task_of)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(puzzle: &str, lang: &str, tier: &str, i: u32) -> Item {
        Item {
            id: format!("{puzzle}/{lang}/{tier}/{i}"),
            puzzle: puzzle.into(),
            lang: lang.into(),
            tier: tier.into(),
            family: "direct".into(),
            pair: format!("{puzzle}/{tier}/{i}"),
            answer: "1".into(),
            answer_kind: "integer".into(),
            slot: None,
            accept: None,
            instance: None,
            checkpoints: Vec::new(),
            bundle: Vec::new(),
        }
    }

    fn records() -> Vec<Item> {
        let mut v = Vec::new();
        for p in ["a", "b"] {
            for l in ["en", "ko"] {
                for t in ["easy", "hard"] {
                    for i in 0..3 {
                        v.push(item(p, l, t, i));
                    }
                }
            }
        }
        v
    }

    #[test]
    fn filters_combine_as_and_values_as_or() {
        let sel = Selection {
            puzzles: vec!["b".into()],
            langs: vec!["ko".into()],
            tiers: vec!["easy".into(), "hard".into()],
            answered_only: false,
        };
        let (kept, excluded) = sel.apply(records(), None).unwrap();
        assert_eq!(kept.len(), 6);
        assert!(kept.iter().all(|r| r.puzzle == "b" && r.lang == "ko"));
        assert_eq!(excluded.len(), 24 - 6);
        assert!(!excluded.iter().any(|id| id.starts_with("b/ko/")));
    }

    #[test]
    fn an_unknown_value_names_the_available_ones() {
        let sel = Selection {
            tiers: vec!["medium".into()],
            ..Selection::default()
        };
        let err = sel.apply(records(), None).unwrap_err();
        assert!(err.to_string().contains("`--tier medium`"), "{err}");
        let ScoreError::UnknownSelection { available, .. } = err else {
            panic!("{err:?}");
        };
        assert_eq!(available, "easy, hard");
    }

    #[test]
    fn answered_only_keeps_tasks_with_a_response() {
        let responses = "{\"id\":\"a/en/hard/2\",\"response\":\"1\"}\n\nnot json\n\
                         {\"id\":\"b/ko/easy/0\",\"response\":\"\"}\n";
        let recs = records();
        let answered = answered_tasks(responses.as_bytes(), &recs).unwrap();
        assert_eq!(answered.len(), 2);
        let sel = Selection {
            answered_only: true,
            ..Selection::default()
        };
        let (kept, _) = sel.apply(recs, Some(&answered)).unwrap();
        let ids: BTreeSet<String> = kept.iter().map(|r| r.id.clone()).collect();
        assert_eq!(ids.len(), 6);
        assert!(ids
            .iter()
            .all(|id| id.starts_with("a/en/hard/") || id.starts_with("b/ko/easy/")));
    }

    #[test]
    fn a_selection_with_no_record_is_an_error() {
        let sel = Selection {
            answered_only: true,
            ..Selection::default()
        };
        let err = sel.apply(records(), Some(&HashSet::new())).unwrap_err();
        assert!(matches!(err, ScoreError::EmptySelection { .. }));
    }
}
