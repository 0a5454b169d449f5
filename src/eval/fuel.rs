//! Run-time limits: the deterministic fuel budget of one item.
//!
//! Every item gets one [`Fuel`] with the spec's [`Limits`]. The evaluator
//! and the generator charge it in units that depend only on the spec, the
//! seed and the index (nodes evaluated, elements produced, lines recorded,
//! block runs, SAT variables and clauses), never on time or memory, so an
//! item runs out at the same place on every machine. A spec under its
//! budget makes exactly the records it would make with no budget at all.

use super::error::{EvalError, EvalErrorKind, EvalResult};
use super::value::Value;
use crate::span::Span;
use std::cell::Cell;

/// One budgeted resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Resource {
    /// Evaluation steps: one per expression node evaluated and statement
    /// run, plus one per element a builtin, operator, range or
    /// comprehension reads or produces.
    Steps,
    /// Elements of one value: a list's length or a string's bytes.
    Values,
    /// Nesting of evaluation: expressions inside function calls inside
    /// expressions (what deep recursion spends).
    Depth,
    /// Lines of the solution trace recorded by `step`.
    Trace,
    /// Runs of the generate block and of `retry` bodies, in all.
    Runs,
    /// Variables of the SAT model.
    Vars,
    /// Clauses of the SAT model.
    Clauses,
}

impl Resource {
    /// Every resource, in the order of the docs' table.
    pub const ALL: [Resource; 7] = [
        Resource::Steps,
        Resource::Values,
        Resource::Depth,
        Resource::Trace,
        Resource::Runs,
        Resource::Vars,
        Resource::Clauses,
    ];

    /// The name used in a `limits { … }` declaration.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Steps => "steps",
            Resource::Values => "values",
            Resource::Depth => "depth",
            Resource::Trace => "trace",
            Resource::Runs => "runs",
            Resource::Vars => "vars",
            Resource::Clauses => "clauses",
        }
    }

    /// What the resource counts, in words.
    pub fn what(self) -> &'static str {
        match self {
            Resource::Steps => "evaluation steps",
            Resource::Values => "elements in one list or bytes in one string",
            Resource::Depth => "levels of nested evaluation",
            Resource::Trace => "solution trace lines",
            Resource::Runs => "runs of the generate block and its retry bodies",
            Resource::Vars => "SAT variables",
            Resource::Clauses => "SAT clauses",
        }
    }

    /// The resource called `name`.
    pub fn from_name(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The default limit per item.
    pub fn default_limit(self) -> u64 {
        match self {
            Resource::Steps => 250_000_000,
            Resource::Values => 1_000_000,
            Resource::Depth => 5_000,
            Resource::Trace => 100_000,
            Resource::Runs => 1_000_000,
            Resource::Vars => 1_000_000,
            Resource::Clauses => 5_000_000,
        }
    }

    /// The highest limit a spec may set.
    pub fn max_limit(self) -> u64 {
        match self {
            Resource::Steps => 10_000_000_000,
            Resource::Values => 100_000_000,
            Resource::Depth => 20_000,
            Resource::Trace => 10_000_000,
            Resource::Runs => 1_000_000_000,
            Resource::Vars => 20_000_000,
            Resource::Clauses => 100_000_000,
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// The limit of every resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    values: [u64; 7],
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            values: Resource::ALL.map(Resource::default_limit),
        }
    }
}

impl Limits {
    /// The limit of `resource`.
    pub fn get(&self, resource: Resource) -> u64 {
        self.values[resource.slot()]
    }

    /// Sets the limit of `resource`.
    pub fn set(&mut self, resource: Resource, limit: u64) {
        self.values[resource.slot()] = limit;
    }
}

/// What one item has spent so far (the peaks for `values` and `depth`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Evaluation steps.
    pub steps: u64,
    /// The largest value checked.
    pub values: u64,
    /// The deepest nesting.
    pub depth: u64,
    /// Trace lines.
    pub trace: u64,
    /// Block runs.
    pub runs: u64,
    /// The largest SAT model's variables.
    pub vars: u64,
    /// The largest SAT model's clauses.
    pub clauses: u64,
}

impl Usage {
    /// What `resource` used.
    pub fn get(&self, resource: Resource) -> u64 {
        match resource {
            Resource::Steps => self.steps,
            Resource::Values => self.values,
            Resource::Depth => self.depth,
            Resource::Trace => self.trace,
            Resource::Runs => self.runs,
            Resource::Vars => self.vars,
            Resource::Clauses => self.clauses,
        }
    }

    /// The larger use of each resource.
    pub fn max(self, other: Usage) -> Usage {
        Usage {
            steps: self.steps.max(other.steps),
            values: self.values.max(other.values),
            depth: self.depth.max(other.depth),
            trace: self.trace.max(other.trace),
            runs: self.runs.max(other.runs),
            vars: self.vars.max(other.vars),
            clauses: self.clauses.max(other.clauses),
        }
    }
}

/// The budget of one item and what it has spent; shared by every
/// evaluator of the item.
#[derive(Debug, Default)]
pub struct Fuel {
    limits: Limits,
    steps: Cell<u64>,
    values: Cell<u64>,
    depth: Cell<u64>,
    trace: Cell<u64>,
    runs: Cell<u64>,
    vars: Cell<u64>,
    clauses: Cell<u64>,
}

impl Fuel {
    /// A full budget of `limits`.
    pub fn new(limits: Limits) -> Fuel {
        Fuel {
            limits,
            ..Fuel::default()
        }
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// What has been spent.
    pub fn usage(&self) -> Usage {
        Usage {
            steps: self.steps.get(),
            values: self.values.get(),
            depth: self.depth.get(),
            trace: self.trace.get(),
            runs: self.runs.get(),
            vars: self.vars.get(),
            clauses: self.clauses.get(),
        }
    }

    /// Notes the size of a SAT model (its limits are enforced by the model).
    pub fn model_size(&self, vars: usize, clauses: usize) {
        self.vars.set(self.vars.get().max(vars as u64));
        self.clauses.set(self.clauses.get().max(clauses as u64));
    }

    /// Spends `n` evaluation steps.
    pub fn steps(&self, n: u64, span: Span) -> EvalResult<()> {
        add(
            &self.steps,
            n,
            self.limits.get(Resource::Steps),
            Resource::Steps,
            span,
        )
    }

    /// Spends one trace line.
    pub fn trace_line(&self, span: Span) -> EvalResult<()> {
        add(
            &self.trace,
            1,
            self.limits.get(Resource::Trace),
            Resource::Trace,
            span,
        )
    }

    /// Spends one run of a block.
    pub fn run(&self, span: Span) -> EvalResult<()> {
        add(
            &self.runs,
            1,
            self.limits.get(Resource::Runs),
            Resource::Runs,
            span,
        )
    }

    /// Checks that a value of `len` elements (or bytes) may exist, before
    /// it is built or while it grows.
    pub fn size(&self, len: u128, span: Span) -> EvalResult<()> {
        let limit = self.limits.get(Resource::Values);
        if len > limit as u128 {
            return Err(exhausted(Resource::Values, limit, span));
        }
        self.values.set(self.values.get().max(len as u64));
        Ok(())
    }

    /// Checks, before the text is built, that `before` bytes of text followed
    /// by the display of `v` fit [`Resource::Values`]. Only lists, tuples and
    /// maps are counted: a scalar's text is no larger than the value already
    /// held, and the caller's check after building catches the sum.
    pub fn display(&self, v: &Value, before: usize, span: Span) -> EvalResult<()> {
        if !matches!(v, Value::List(_) | Value::Tuple(_) | Value::Map(_)) {
            return Ok(());
        }
        let cap = self.limits.get(Resource::Values);
        self.size(
            super::size::display_len(v, cap) as u128 + before as u128,
            span,
        )
    }

    /// Charges a deep comparison of `a` with `b` before it runs: one step
    /// per element of the smaller value.
    pub fn compare(&self, a: &Value, b: &Value, span: Span) -> EvalResult<()> {
        let cap = self.limits.get(Resource::Steps);
        self.steps(super::size::comparison_len(a, b, cap), span)
    }

    /// [`Fuel::size`], then spends one step per element built.
    pub fn alloc(&self, len: u128, span: Span) -> EvalResult<()> {
        self.size(len, span)?;
        self.steps(len as u64, span)
    }

    /// Checks a nesting depth about to be entered.
    pub fn nest(&self, depth: u64, span: Span) -> EvalResult<()> {
        let limit = self.limits.get(Resource::Depth);
        if depth > limit {
            return Err(exhausted(Resource::Depth, limit, span));
        }
        self.depth.set(self.depth.get().max(depth));
        Ok(())
    }
}

/// What a piece of work spent: its steps, the largest value it checked and
/// its deepest nesting above where it began. Work whose result is reused
/// (a constraint model built once per spec and copied) charges the same
/// again, so an item's budget runs out where it would have.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spent {
    steps: u64,
    values: u64,
    depth: u64,
}

/// The state of a [`Fuel`] when a piece of work began (see
/// [`Fuel::begin`]).
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    steps: u64,
    values: u64,
    depth: u64,
    at_depth: u64,
}

impl Fuel {
    /// Starts measuring a piece of work that begins at nesting `depth`.
    pub fn begin(&self, depth: u64) -> Mark {
        Mark {
            steps: self.steps.get(),
            values: self.values.replace(0),
            depth: self.depth.replace(0),
            at_depth: depth,
        }
    }

    /// What the work since `mark` spent; the peaks become the larger of
    /// theirs before and during the work.
    pub fn end(&self, mark: Mark) -> Spent {
        let spent = Spent {
            steps: self.steps.get().saturating_sub(mark.steps),
            values: self.values.get(),
            depth: self.depth.get().saturating_sub(mark.at_depth),
        };
        self.values.set(self.values.get().max(mark.values));
        self.depth.set(self.depth.get().max(mark.depth));
        spent
    }

    /// Charges `spent` again for the same work at nesting `depth`, when all
    /// of it fits the budget; otherwise charges nothing and returns `false`
    /// (the caller then does the work itself, which fails where it would).
    pub fn replay(&self, spent: Spent, depth: u64) -> bool {
        let steps = self.steps.get().saturating_add(spent.steps);
        let peak = depth.saturating_add(spent.depth);
        if steps > self.limits.get(Resource::Steps)
            || spent.values > self.limits.get(Resource::Values)
            || peak > self.limits.get(Resource::Depth)
        {
            return false;
        }
        self.steps.set(steps);
        self.values.set(self.values.get().max(spent.values));
        if spent.depth > 0 {
            self.depth.set(self.depth.get().max(peak));
        }
        true
    }
}

fn add(counter: &Cell<u64>, n: u64, limit: u64, resource: Resource, span: Span) -> EvalResult<()> {
    let total = counter.get().saturating_add(n);
    if total > limit {
        return Err(exhausted(resource, limit, span));
    }
    counter.set(total);
    Ok(())
}

/// The error for a spent budget.
pub fn exhausted(resource: Resource, limit: u64, span: Span) -> EvalError {
    EvalError::new(
        EvalErrorKind::OutOfFuel {
            resource,
            limit,
            statement: None,
        },
        span,
    )
}
