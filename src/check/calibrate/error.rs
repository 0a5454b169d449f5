//! The diagnostics of a `calibrate` block.

use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// A `calibrate` block that does not make sense.
#[derive(Debug, Error, Diagnostic)]
pub enum CalibrateError {
    /// A calibrated lever that is not declared.
    #[error("`calibrate` names unknown lever `{lever}`")]
    #[diagnostic(code(puzzlec::check::calibrate_unknown_lever))]
    UnknownLever {
        /// The name.
        lever: String,
        /// A suggestion and the levers there are.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no lever has this name")]
        span: Span,
    },

    /// An integer range for a lever that is not an `int` lever.
    #[error("lever `{lever}` is {domain}, but only `int` levers are calibrated over a range")]
    #[diagnostic(code(puzzlec::check::calibrate_not_int))]
    NotInt {
        /// The lever.
        lever: String,
        /// Its declared domain.
        domain: String,
        /// The paths this lever can take.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not an `int` lever")]
        span: Span,
    },

    /// A search range that leaves the lever's domain.
    #[error("calibration range {lo}..={hi} of `{lever}` leaves its domain {domain}")]
    #[diagnostic(
        code(puzzlec::check::calibrate_range),
        help("search within the lever's declared domain, or widen the lever's declaration")
    )]
    OutsideDomain {
        /// The lever.
        lever: String,
        /// The range's bounds.
        lo: i64,
        /// The range's upper bound.
        hi: i64,
        /// The declared domain.
        domain: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("outside {domain}")]
        span: Span,
    },

    /// A search range with fewer than two values.
    #[error("calibration range of `{lever}` has {count} value(s); it needs at least two")]
    #[diagnostic(
        code(puzzlec::check::calibrate_empty_range),
        help("give a range such as `10..=40`; a lever with one value has nothing to search")
    )]
    TooNarrow {
        /// The lever.
        lever: String,
        /// How many values the range has.
        count: i64,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("too narrow")]
        span: Span,
    },

    /// `harder` followed by something other than `up` or `down`.
    #[error("`harder {word}` is not a direction")]
    #[diagnostic(code(puzzlec::check::calibrate_direction))]
    Direction {
        /// What was written.
        word: String,
        /// A suggestion.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("expected `up` or `down`")]
        span: Span,
    },

    /// A value of an ordered list or a mixture outside the lever's domain.
    #[error("{value} is not a value of lever `{lever}` ({domain})")]
    #[diagnostic(code(puzzlec::check::calibrate_value))]
    Value {
        /// The lever.
        lever: String,
        /// The value as written.
        value: String,
        /// The declared domain.
        domain: String,
        /// A suggestion, or the values there are.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not in {domain}")]
        span: Span,
    },

    /// A value listed twice in one ordered list or one end of a mixture.
    #[error("{value} is listed twice in the path of `{lever}`")]
    #[diagnostic(
        code(puzzlec::check::calibrate_duplicate),
        help("list each value once; in a mixture, give it one weight")
    )]
    Duplicate {
        /// The lever.
        lever: String,
        /// The value.
        value: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The repeat.
        #[label("listed again here")]
        span: Span,
        /// The first mention.
        #[label("first listed here")]
        first: Span,
    },

    /// A mixture weight that is negative or too large, or an end whose
    /// weights are all zero.
    #[error("{problem}")]
    #[diagnostic(
        code(puzzlec::check::calibrate_weight),
        help("mixture weights are integers from 0 to 1000000 (0: the value is absent at that end), and each end needs one positive weight")
    )]
    Weight {
        /// What is wrong.
        problem: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("{label}")]
        span: Span,
        /// The label.
        label: String,
    },

    /// `steps N` outside `1..=1000`.
    #[error("a mixture path takes {steps} steps; it takes 1 to 1000")]
    #[diagnostic(
        code(puzzlec::check::calibrate_steps),
        help("`steps 10` (the default) moves the mixture in ten equal steps from `from` to `to`")
    )]
    Steps {
        /// What was written.
        steps: i64,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("1 to 1000")]
        span: Span,
    },

    /// An ordered list with one value, or a mixture whose two ends are the
    /// same mixture: nothing to search.
    #[error("the path of `{lever}` has a single setting; it needs at least two")]
    #[diagnostic(
        code(puzzlec::check::calibrate_one_setting),
        help("list two or more values easiest first, or give a mixture two different ends (weights in another proportion)")
    )]
    OneSetting {
        /// The lever.
        lever: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("one setting")]
        span: Span,
    },

    /// The same lever calibrated twice.
    #[error("`calibrate` names lever `{lever}` twice")]
    #[diagnostic(
        code(puzzlec::check::calibrate_twice),
        help("give each lever one range and one direction")
    )]
    Twice {
        /// The lever.
        lever: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The repeat.
        #[label("named again here")]
        span: Span,
        /// The first mention.
        #[label("first named here")]
        first: Span,
    },
}
