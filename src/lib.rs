//! puzzlec: a compiler for a declarative puzzle language.
//!
//! The pipeline is visible in the module tree: [`syntax`] (text → AST),
//! [`check`] (names, types, levers), [`eval`] (the expression language),
//! [`gen`] (seeded generation), [`render`] (templates and Korean particles),
//! [`answer`] (answer kinds), [`dataset`] (records and files).

// Diagnostics carry their source text and spans, so error values are large by
// design; they are built once per failure, never on a hot path.
#![allow(clippy::result_large_err)]

pub mod answer;
pub mod api;
pub mod ask;
pub mod calibrate;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod compare;
pub mod compile;
pub mod dataset;
pub mod effort;
pub mod eval;
pub mod export;
pub mod fd;
pub mod gen;
pub mod judge;
pub mod render;
pub mod sat;
pub mod score;
pub mod snap;
pub mod source;
pub mod span;
pub mod stdlib;
pub mod syntax;
