//! Checking a `calibrate { ... }` block: every entry names a declared `int`
//! lever, searches a range inside that lever's domain, and says which
//! direction is harder. The checked [`Calibration`] maps one search
//! coordinate, the step, to a value of every calibrated lever.

use super::program::LeverDef;
use super::resolve::suggest;
use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::{Calibrate, LeverType};
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// Which direction of a lever makes items harder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harder {
    /// Larger values are harder.
    Up,
    /// Smaller values are harder.
    Down,
}

impl Harder {
    /// `up` or `down`.
    pub fn name(self) -> &'static str {
        match self {
            Harder::Up => "up",
            Harder::Down => "down",
        }
    }
}

/// One calibrated lever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalibratedLever {
    /// The lever's position in the program's lever list.
    pub lever: usize,
    /// The lever's name.
    pub name: String,
    /// The search range's lower bound (inclusive).
    pub lo: i64,
    /// The search range's upper bound (inclusive).
    pub hi: i64,
    /// Which direction is harder.
    pub harder: Harder,
}

impl CalibratedLever {
    /// The easiest value of the range.
    pub fn easiest(&self) -> i64 {
        match self.harder {
            Harder::Up => self.lo,
            Harder::Down => self.hi,
        }
    }

    /// The hardest value of the range.
    pub fn hardest(&self) -> i64 {
        match self.harder {
            Harder::Up => self.hi,
            Harder::Down => self.lo,
        }
    }
}

/// A checked `calibrate` block. The levers move together along one path:
/// step 0 sets each to its easiest value, step [`Calibration::steps`] to its
/// hardest, and the steps between interpolate linearly (rounded to the
/// nearest integer), so a larger step is never easier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calibration {
    /// The calibrated levers, in written order.
    pub levers: Vec<CalibratedLever>,
    /// The declaration.
    pub span: Span,
}

impl Calibration {
    /// The largest step: the widest lever range.
    pub fn steps(&self) -> i64 {
        self.levers.iter().map(|l| l.hi - l.lo).max().unwrap_or(0)
    }

    /// The value of each calibrated lever at `step` (clamped to `0..=steps`),
    /// as `(lever position, value)` pairs.
    pub fn values_at(&self, step: i64) -> Vec<(usize, i64)> {
        let total = self.steps().max(1);
        let step = step.clamp(0, total);
        self.levers
            .iter()
            .map(|l| {
                let width = (l.hi - l.lo) as i128;
                // Round half up: (2 * step * width + total) / (2 * total).
                let moved = (2 * step as i128 * width + total as i128) / (2 * total as i128);
                let moved = moved as i64;
                let value = match l.harder {
                    Harder::Up => l.lo + moved,
                    Harder::Down => l.hi - moved,
                };
                (l.lever, value)
            })
            .collect()
    }

    /// `name=value` for every calibrated lever at `step`, comma-separated.
    pub fn describe_step(&self, step: i64) -> String {
        self.values_at(step)
            .iter()
            .zip(&self.levers)
            .map(|((_, v), l)| format!("{}={v}", l.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

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

    /// A calibrated lever that is not an `int` lever.
    #[error("lever `{lever}` is {domain}, but only `int` levers can be calibrated")]
    #[diagnostic(
        code(puzzlec::check::calibrate_not_int),
        help("calibration searches a range of integers; calibrate an `int` lever, or set this one by hand in each tier")
    )]
    NotInt {
        /// The lever.
        lever: String,
        /// Its declared domain.
        domain: String,
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

/// Checks `block` against the declared `levers`; returns the calibration
/// when every entry is valid, and every problem found.
pub fn check_calibrate(
    source: &SourceFile,
    block: &Calibrate,
    levers: &[LeverDef],
) -> (Option<Calibration>, Vec<CalibrateError>) {
    let mut errors = Vec::new();
    let mut out: Vec<(CalibratedLever, Span)> = Vec::new();
    for entry in &block.levers {
        let harder = match entry.harder.name.as_str() {
            "up" => Some(Harder::Up),
            "down" => Some(Harder::Down),
            word => {
                let help = match suggest(word, &["up".to_string(), "down".to_string()]) {
                    Some(s) => format!("did you mean `{s}`? Write `harder up` when larger values are harder and `harder down` when smaller values are"),
                    None => "write `harder up` when larger values are harder and `harder down` when smaller values are".into(),
                };
                errors.push(CalibrateError::Direction {
                    word: word.to_string(),
                    help,
                    src: source.named(),
                    span: entry.harder.span,
                });
                None
            }
        };
        let Some(index) = levers.iter().position(|l| l.name.name == entry.lever.name) else {
            let names: Vec<String> = levers.iter().map(|l| l.name.name.clone()).collect();
            let help = match suggest(&entry.lever.name, &names) {
                Some(s) => format!("did you mean `{s}`?"),
                None if names.is_empty() => {
                    "declare it first, e.g. `lever size: int in 1..=9`".into()
                }
                None => format!("the levers are: {}", names.join(", ")),
            };
            errors.push(CalibrateError::UnknownLever {
                lever: entry.lever.name.clone(),
                help,
                src: source.named(),
                span: entry.lever.span,
            });
            continue;
        };
        if let Some((_, first)) = out.iter().find(|(l, _)| l.lever == index) {
            errors.push(CalibrateError::Twice {
                lever: entry.lever.name.clone(),
                src: source.named(),
                span: entry.lever.span,
                first: *first,
            });
            continue;
        }
        let (dlo, dhi) = match &levers[index].ty {
            LeverType::Int { lo, hi, .. } => (*lo, *hi),
            other => {
                errors.push(CalibrateError::NotInt {
                    lever: entry.lever.name.clone(),
                    domain: super::describe_domain(other),
                    src: source.named(),
                    span: entry.lever.span,
                });
                continue;
            }
        };
        let count = (entry.hi - entry.lo).saturating_add(1).max(0);
        if count < 2 {
            errors.push(CalibrateError::TooNarrow {
                lever: entry.lever.name.clone(),
                count,
                src: source.named(),
                span: entry.range_span,
            });
            continue;
        }
        if entry.lo < dlo || entry.hi > dhi {
            errors.push(CalibrateError::OutsideDomain {
                lever: entry.lever.name.clone(),
                lo: entry.lo,
                hi: entry.hi,
                domain: format!("{dlo}..={dhi}"),
                src: source.named(),
                span: entry.range_span,
            });
            continue;
        }
        if let Some(harder) = harder {
            out.push((
                CalibratedLever {
                    lever: index,
                    name: entry.lever.name.clone(),
                    lo: entry.lo,
                    hi: entry.hi,
                    harder,
                },
                entry.lever.span,
            ));
        }
    }
    let calibration = errors.is_empty().then(|| Calibration {
        levers: out.into_iter().map(|(l, _)| l).collect(),
        span: block.span,
    });
    (calibration, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lever(lever: usize, lo: i64, hi: i64, harder: Harder) -> CalibratedLever {
        CalibratedLever {
            lever,
            name: format!("l{lever}"),
            lo,
            hi,
            harder,
        }
    }

    #[test]
    fn one_lever_walks_its_range_from_easy_to_hard() {
        let c = Calibration {
            levers: vec![lever(0, 10, 20, Harder::Down)],
            span: Span::default(),
        };
        assert_eq!(c.steps(), 10);
        assert_eq!(c.values_at(0), vec![(0, 20)]);
        assert_eq!(c.values_at(10), vec![(0, 10)]);
        assert_eq!(c.values_at(3), vec![(0, 17)]);
        assert_eq!(c.values_at(99), vec![(0, 10)]);
    }

    #[test]
    fn two_levers_move_together_and_never_get_easier() {
        let c = Calibration {
            levers: vec![lever(0, 2, 12, Harder::Up), lever(1, 4, 6, Harder::Down)],
            span: Span::default(),
        };
        assert_eq!(c.steps(), 10);
        assert_eq!(c.values_at(0), vec![(0, 2), (1, 6)]);
        assert_eq!(c.values_at(10), vec![(0, 12), (1, 4)]);
        let mut last = c.values_at(0);
        for s in 1..=10 {
            let now = c.values_at(s);
            assert!(now[0].1 >= last[0].1 && now[1].1 <= last[1].1, "{s}");
            last = now;
        }
        assert_eq!(c.describe_step(5), "l0=7, l1=5");
    }
}
