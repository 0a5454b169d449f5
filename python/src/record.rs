//! Record dicts built straight from a [`Record`]'s fields, without writing
//! and parsing its JSON line: the same keys in the same order, each value
//! the `str` or `int` the line holds (see [`Record::fields`]).
//!
//! Most of a record's short texts (the puzzle, tier, language, family,
//! answer kind, spec hash, generator…) are the same for every item of a
//! tier in a language, so each (tier, language) keeps a template dict made
//! from its first record: a new record's dict is a copy of the template
//! with every field whose text differs from the template's set anew. The
//! comparison is on the texts themselves, so a template only saves work and
//! never decides a value.

use puzzlec::dataset::{Field, Record, FIELD_COUNT};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};
use std::sync::{Arc, Mutex};

/// The record's keys as interned Python strings, made once per process.
static KEYS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// Texts longer than this are made anew for every record (they differ from
/// item to item, and keeping them would only cost a copy).
const KEPT_TEXT: usize = 96;

/// The dict of a (tier, language)'s first record and the texts it holds.
struct Template {
    tier: String,
    lang: String,
    /// Per field, the text the dict holds when it may be reused.
    texts: Vec<Option<String>>,
    dict: Py<PyDict>,
}

/// The templates of one spec.
#[derive(Default)]
pub struct Templates(Mutex<Vec<Arc<Template>>>);

impl Templates {
    /// The dict of `record`.
    pub fn dict<'py>(&self, py: Python<'py>, record: &Record) -> PyResult<Bound<'py, PyDict>> {
        let fields = record.fields();
        let keys = KEYS.get_or_init(py, || {
            fields
                .iter()
                .map(|(k, _)| PyString::intern(py, k).unbind())
                .collect()
        });
        // The lock is held only to find or add a template, never while
        // Python runs.
        let found = {
            let list = self.0.lock().unwrap_or_else(|p| p.into_inner());
            list.iter()
                .find(|t| t.tier == record.tier && t.lang == record.lang)
                .cloned()
        };
        let Some(template) = found else {
            let dict = PyDict::new(py);
            for (key, (_, value)) in keys.iter().zip(&fields) {
                dict.set_item(key.bind(py), value_of(py, value)?)?;
            }
            let template = Template {
                tier: record.tier.clone(),
                lang: record.lang.clone(),
                texts: fields
                    .iter()
                    .map(|(_, v)| match v {
                        Field::Text(t) if t.len() <= KEPT_TEXT => Some(t.to_string()),
                        _ => None,
                    })
                    .collect(),
                dict: dict.copy()?.unbind(),
            };
            let mut list = self.0.lock().unwrap_or_else(|p| p.into_inner());
            list.push(Arc::new(template));
            return Ok(dict);
        };
        let dict = template.dict.bind(py).copy()?;
        for ((key, (_, value)), kept) in keys.iter().zip(&fields).zip(&template.texts) {
            let same = matches!((value, kept), (Field::Text(t), Some(k)) if **t == **k);
            if !same {
                dict.set_item(key.bind(py), value_of(py, value)?)?;
            }
        }
        debug_assert_eq!(dict.len(), FIELD_COUNT);
        Ok(dict)
    }
}

fn value_of<'py>(py: Python<'py>, value: &Field<'_>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Field::Text(text) => PyString::new(py, text).into_any(),
        Field::Int(n) => n.into_pyobject(py)?.into_any(),
    })
}
