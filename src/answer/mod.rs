//! Answer kinds: one definition used both to print gold answers and to read
//! model outputs.
//!
//! * [`AnswerKind`] lists the kinds; each variant documents its canonical
//!   form (the gold text a generator prints) and what else it accepts.
//! * [`normalize`] brings a text to the canonical form or returns an
//!   [`AnswerError`].
//! * [`extract`] finds the final answer in a whole response; its doc gives
//!   the exact extraction order (think blocks, `Answer:`-style marker lines,
//!   `[[…]]`, `\boxed{…}`, kind-specific fallbacks).
//! * [`judge`] combines both into a [`Verdict`].
//!
//! Everything is linear-time in the input and never panics.

mod assignment;
mod calendar;
mod coords;
mod error;
mod extract;
mod grid;
mod interval;
mod interval_set;
mod judge;
mod kind;
mod normalize;
mod number;
mod polynomial;
mod rows;
mod set;
mod slot;
mod text;
mod words;

pub use error::AnswerError;
pub(crate) use extract::strip_think;
pub use extract::{extract, extract_in};
pub use judge::{judge, judge_in, Verdict};
pub use kind::AnswerKind;
pub use normalize::normalize;
pub use slot::AnswerSlot;
