//! `puzzlec._native`: the compiled half of the Python package. It exposes
//! the library's general entry points ([`puzzlec::api`]) and nothing
//! puzzle-specific; the Python half (`puzzlec/__init__.py`) builds the
//! user-facing API on them.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use puzzlec::api::{self, ApiError};
use puzzlec::check::program::Program;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

mod record;

// The library's allocator in the extension too: the evaluator allocates many
// small values, which mimalloc serves faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

create_exception!(
    _native,
    PuzzlecError,
    PyException,
    "Any puzzlec failure; the message is the diagnostic text."
);
create_exception!(
    _native,
    SpecError,
    PuzzlecError,
    "A spec that does not compile."
);
create_exception!(
    _native,
    OverrideError,
    PuzzlecError,
    "A lever override that does not fit the spec."
);
create_exception!(
    _native,
    GenerationError,
    PuzzlecError,
    "Generating an item failed (a runtime error or a spent budget)."
);
create_exception!(
    _native,
    ScoreError,
    PuzzlecError,
    "A record that cannot be judged."
);

/// The width diagnostics are rendered at.
const WIDTH: usize = 100;

/// The most records one [`Spec::records`] call makes (they are held until
/// the call returns).
const MAX_BATCH: u64 = 4096;

fn render(diagnostics: &[&dyn Diagnostic]) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(WIDTH);
    let mut out = String::new();
    for d in diagnostics {
        if handler
            .render_report(&mut out, &puzzlec::compile::elide(*d))
            .is_err()
        {
            out.push_str(&format!("error: {d}\n"));
        }
    }
    out.trim_end().to_string()
}

fn to_py(e: ApiError) -> PyErr {
    match &e {
        ApiError::Spec { error, .. } => SpecError::new_err(render(&error.diagnostics())),
        ApiError::Override(errors) => {
            let list: Vec<&dyn Diagnostic> = errors.iter().map(|e| e as &dyn Diagnostic).collect();
            OverrideError::new_err(render(&list))
        }
        ApiError::Gen(g) => GenerationError::new_err(render(&[g.as_ref()])),
        ApiError::Score(_) | ApiError::Record(_) => ScoreError::new_err(render(&[&e])),
        _ => PuzzlecError::new_err(render(&[&e])),
    }
}

/// One compiled spec.
#[pyclass(frozen, module = "puzzlec._native")]
struct Spec {
    program: Arc<Program>,
    suite: Option<String>,
    /// Programs with overrides applied, by their settings.
    overridden: Mutex<HashMap<Vec<String>, Arc<Program>>>,
    /// The template dicts of its records.
    templates: record::Templates,
}

impl Spec {
    fn new(program: Program, suite: Option<String>) -> Spec {
        Spec {
            program: Arc::new(program),
            suite,
            overridden: Mutex::new(HashMap::new()),
            templates: record::Templates::default(),
        }
    }

    fn with(&self, overrides: Vec<String>) -> Result<Arc<Program>, ApiError> {
        if overrides.is_empty() {
            return Ok(self.program.clone());
        }
        let mut cache = self.overridden.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(p) = cache.get(&overrides) {
            return Ok(p.clone());
        }
        let p = Arc::new(api::with_overrides(&self.program, &overrides)?);
        cache.insert(overrides, p.clone());
        Ok(p)
    }
}

#[pymethods]
impl Spec {
    /// The puzzle name.
    #[getter]
    fn name(&self) -> &str {
        &self.program.name.name
    }

    /// `direct`, `script` or `korean_only`.
    #[getter]
    fn family(&self) -> &str {
        self.program.family.name()
    }

    /// The languages, in declaration order.
    #[getter]
    fn languages(&self) -> Vec<String> {
        self.program.languages.clone()
    }

    /// The tier names, in declaration order.
    #[getter]
    fn tiers(&self) -> Vec<String> {
        self.program
            .tier_names()
            .iter()
            .map(|t| t.to_string())
            .collect()
    }

    /// `(name, domain)` of every lever, in declaration order.
    #[getter]
    fn levers(&self) -> Vec<(String, String)> {
        self.program
            .levers
            .iter()
            .map(|l| (l.name.name.clone(), puzzlec::check::describe_domain(&l.ty)))
            .collect()
    }

    /// `sha256:<hex>` of the spec's bytes.
    #[getter]
    fn spec_hash(&self) -> &str {
        &self.program.spec_hash
    }

    /// The file name diagnostics show.
    #[getter]
    fn file(&self) -> &str {
        &self.program.source.name
    }

    /// The built-in suite it came from, if any.
    #[getter]
    fn suite(&self) -> Option<&str> {
        self.suite.as_deref()
    }

    /// Checks `lever=value` settings against the spec (raises OverrideError).
    fn check_overrides(&self, overrides: Vec<String>) -> PyResult<()> {
        self.with(overrides).map(|_| ()).map_err(to_py)
    }

    /// The JSON line of item `index` of `tier` in `lang` for dataset seed
    /// `seed`, as `puzzlec render --json` prints it.
    #[pyo3(signature = (tier, lang, index, seed, overrides=Vec::new()))]
    fn record_json(
        &self,
        py: Python<'_>,
        tier: &str,
        lang: &str,
        index: u64,
        seed: u64,
        overrides: Vec<String>,
    ) -> PyResult<String> {
        let program = self.with(overrides).map_err(to_py)?;
        py.detach(|| api::record_line(&program, tier, lang, index, seed))
            .map_err(to_py)
    }

    /// Item `index` of `tier` in `lang` for dataset seed `seed` as a dict
    /// equal to `json.loads` of [`Spec::record_json`]'s line (same keys in
    /// the same order, same values), built without the text round trip.
    #[pyo3(signature = (tier, lang, index, seed, overrides=None))]
    fn record<'py>(
        &self,
        py: Python<'py>,
        tier: &str,
        lang: &str,
        index: u64,
        seed: u64,
        overrides: Option<Vec<String>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let program = self.with(overrides.unwrap_or_default()).map_err(to_py)?;
        let record = py
            .detach(|| api::record(&program, tier, lang, index, seed))
            .map_err(to_py)?;
        self.templates.dict(py, &record)
    }

    /// Items `start, start+1, …, start+count-1` of `tier` in `lang` as
    /// record dicts, generated in one call (the GIL released while they
    /// are made): `(dicts, error)`, where `error` is the exception of the
    /// first item that failed (`None` when every item was made) and `dicts`
    /// the records before it.
    #[pyo3(signature = (tier, lang, start, count, seed, overrides=None))]
    #[allow(clippy::too_many_arguments)]
    fn records<'py>(
        &self,
        py: Python<'py>,
        tier: &str,
        lang: &str,
        start: u64,
        count: u64,
        seed: u64,
        overrides: Option<Vec<String>>,
    ) -> PyResult<(Vec<Bound<'py, PyDict>>, Option<PyErr>)> {
        if count > MAX_BATCH {
            return Err(PuzzlecError::new_err(format!(
                "a batch holds at most {MAX_BATCH} records; {count} were asked for"
            )));
        }
        let program = self.with(overrides.unwrap_or_default()).map_err(to_py)?;
        let (made, failed) = py.detach(|| {
            let mut made = Vec::with_capacity(count as usize);
            for index in start..start.saturating_add(count) {
                match api::record(&program, tier, lang, index, seed) {
                    Ok(record) => made.push(record),
                    Err(e) => return (made, Some(e)),
                }
            }
            (made, None)
        });
        let dicts = made
            .iter()
            .map(|record| self.templates.dict(py, record))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((dicts, failed.map(to_py)))
    }

    fn __repr__(&self) -> String {
        format!("<puzzlec.Spec {}>", self.program.name.name)
    }
}

/// Compiles every spec under a file or folder path.
#[pyfunction]
fn load_path(py: Python<'_>, path: &str) -> PyResult<Vec<Spec>> {
    let programs = py
        .detach(|| api::load_path(Path::new(path)))
        .map_err(to_py)?;
    Ok(programs.into_iter().map(|p| Spec::new(p, None)).collect())
}

/// Compiles a spec from its text.
#[pyfunction]
fn compile_spec(name: &str, text: &str) -> PyResult<Spec> {
    api::compile_text(name, text)
        .map(|p| Spec::new(p, None))
        .map_err(to_py)
}

/// The names of the built-in suites.
#[pyfunction]
fn builtin_suites() -> Vec<&'static str> {
    let mut names: Vec<&str> = Vec::new();
    for (suite, _, _) in builtin::BUILTIN {
        if !names.contains(suite) {
            names.push(suite);
        }
    }
    names
}

/// Compiles every spec of a built-in suite.
#[pyfunction]
fn load_builtin(py: Python<'_>, suite: &str) -> PyResult<Vec<Spec>> {
    let files: Vec<_> = builtin::BUILTIN
        .iter()
        .filter(|(s, _, _)| *s == suite)
        .collect();
    if files.is_empty() {
        return Err(PuzzlecError::new_err(format!(
            "no built-in suite `{suite}`; the suites are: {}",
            builtin_suites().join(", ")
        )));
    }
    let programs = py
        .detach(|| {
            files
                .iter()
                .map(|(_, name, text)| api::compile_text(name, text))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(to_py)?;
    Ok(programs
        .into_iter()
        .map(|p| Spec::new(p, Some(suite.to_string())))
        .collect())
}

/// One record, parsed once, judging responses as `puzzlec score` does.
#[pyclass(frozen, module = "puzzlec._native")]
struct Judge {
    judge: api::Judge,
}

#[pymethods]
impl Judge {
    /// Reads the record from its JSON text.
    #[new]
    fn new(record_json: &str) -> PyResult<Judge> {
        api::Judge::from_json(record_json)
            .map(|judge| Judge { judge })
            .map_err(to_py)
    }

    /// The record's id.
    #[getter]
    fn id(&self) -> &str {
        self.judge.id()
    }

    /// `(verdict, reason, extracted, parts)` of one response.
    fn judge(&self, response: &str) -> (&'static str, String, Option<String>, Vec<&'static str>) {
        let j = self.judge.judge(response);
        let parts = j
            .parts
            .iter()
            .map(|p| p.map_or("missing", |v| v.name()))
            .collect();
        (j.verdict.name(), j.reason, j.extracted, parts)
    }
}

/// The component index of a weighted mixture at `position`.
#[pyfunction]
fn mixture_component(seed: u64, position: u64, weights: Vec<u64>) -> PyResult<usize> {
    api::mixture_component(seed, position, &weights).map_err(to_py)
}

/// The generator version written into records (`puzzlec X.Y.Z`).
#[pyfunction]
fn generator_version() -> String {
    puzzlec::dataset::build::generator_version()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Spec>()?;
    m.add_class::<Judge>()?;
    m.add_function(wrap_pyfunction!(load_path, m)?)?;
    m.add_function(wrap_pyfunction!(compile_spec, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_suites, m)?)?;
    m.add_function(wrap_pyfunction!(load_builtin, m)?)?;
    m.add_function(wrap_pyfunction!(mixture_component, m)?)?;
    m.add_function(wrap_pyfunction!(generator_version, m)?)?;
    m.add("JUDGE_FIELDS", api::Judge::FIELDS.to_vec())?;
    m.add("JUDGE_ACCEPT_FIELDS", api::Judge::ACCEPT_FIELDS.to_vec())?;
    m.add("PuzzlecError", py.get_type::<PuzzlecError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("OverrideError", py.get_type::<OverrideError>())?;
    m.add("GenerationError", py.get_type::<GenerationError>())?;
    m.add("ScoreError", py.get_type::<ScoreError>())?;
    Ok(())
}
