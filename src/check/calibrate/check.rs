//! Checking a `calibrate { ... }` block: every entry names a declared lever
//! once, and its path stays inside that lever's domain: an integer range of
//! an `int` lever with a direction, an ordered list of at least two distinct
//! values, or a mixture whose two ends weigh values of the lever.

use super::DEFAULT_MIXTURE_STEPS;
use super::{CalibrateError, CalibratedLever, Calibration, Harder, LeverPath};
use crate::check::program::LeverDef;
use crate::check::resolve::suggest;
use crate::check::{describe_domain, in_domain, show_literal};
use crate::source::SourceFile;
use crate::span::Span;
use crate::syntax::ast::{Calibrate, CalibratePath, Ident, LeverType, Literal};

/// The largest weight of a mixture end.
const MAX_WEIGHT: i64 = 1_000_000;
/// The most steps a mixture path may take.
const MAX_STEPS: i64 = 1000;

/// Checks `block` against the declared `levers`; returns the calibration
/// when every entry is valid, and every problem found.
pub fn check_calibrate(
    source: &SourceFile,
    block: &Calibrate,
    levers: &[LeverDef],
) -> (Option<Calibration>, Vec<CalibrateError>) {
    let mut check = Check {
        source,
        errors: Vec::new(),
    };
    let mut out: Vec<(CalibratedLever, Span)> = Vec::new();
    for entry in &block.levers {
        let Some(index) = check.lever_index(&entry.lever, levers) else {
            continue;
        };
        if let Some((_, first)) = out.iter().find(|(l, _)| l.lever == index) {
            check.errors.push(CalibrateError::Twice {
                lever: entry.lever.name.clone(),
                src: source.named(),
                span: entry.lever.span,
                first: *first,
            });
            continue;
        }
        let lever = &levers[index];
        let path = match &entry.path {
            CalibratePath::Range {
                lo,
                hi,
                range_span,
                harder,
            } => check.range(lever, &entry.lever, *lo, *hi, *range_span, harder),
            CalibratePath::Ordered(values, span) => check.ordered(lever, values, *span),
            CalibratePath::Mixture {
                from,
                to,
                steps,
                span,
            } => check.mixture(lever, from, to, *steps, *span),
        };
        if let Some(path) = path {
            out.push((
                CalibratedLever {
                    lever: index,
                    name: entry.lever.name.clone(),
                    path,
                },
                entry.lever.span,
            ));
        }
    }
    let errors = check.errors;
    let calibration = errors.is_empty().then(|| Calibration {
        levers: out.into_iter().map(|(l, _)| l).collect(),
        span: block.span,
    });
    (calibration, errors)
}

struct Check<'s> {
    source: &'s SourceFile,
    errors: Vec<CalibrateError>,
}

impl Check<'_> {
    fn lever_index(&mut self, name: &Ident, levers: &[LeverDef]) -> Option<usize> {
        let found = levers.iter().position(|l| l.name.name == name.name);
        if found.is_none() {
            let names: Vec<String> = levers.iter().map(|l| l.name.name.clone()).collect();
            let help = match suggest(&name.name, &names) {
                Some(s) => format!("did you mean `{s}`?"),
                None if names.is_empty() => {
                    "declare it first, e.g. `lever size: int in 1..=9`".into()
                }
                None => format!("the levers are: {}", names.join(", ")),
            };
            self.errors.push(CalibrateError::UnknownLever {
                lever: name.name.clone(),
                help,
                src: self.source.named(),
                span: name.span,
            });
        }
        found
    }

    fn direction(&mut self, harder: &Ident) -> Option<Harder> {
        match harder.name.as_str() {
            "up" => Some(Harder::Up),
            "down" => Some(Harder::Down),
            word => {
                let rule = "Write `harder up` when larger values are harder and `harder down` when smaller values are";
                let help = match suggest(word, &["up".to_string(), "down".to_string()]) {
                    Some(s) => format!("did you mean `{s}`? {rule}"),
                    None => {
                        let mut r = rule.to_string();
                        r[..1].make_ascii_lowercase();
                        r
                    }
                };
                self.errors.push(CalibrateError::Direction {
                    word: word.to_string(),
                    help,
                    src: self.source.named(),
                    span: harder.span,
                });
                None
            }
        }
    }

    fn range(
        &mut self,
        lever: &LeverDef,
        name: &Ident,
        lo: i64,
        hi: i64,
        range_span: Span,
        harder: &Ident,
    ) -> Option<LeverPath> {
        let harder = self.direction(harder);
        let (dlo, dhi) = match &lever.ty {
            LeverType::Int { lo, hi, .. } => (*lo, *hi),
            other => {
                self.errors.push(CalibrateError::NotInt {
                    lever: name.name.clone(),
                    domain: describe_domain(other),
                    help: other_paths(&name.name, other),
                    src: self.source.named(),
                    span: name.span,
                });
                return None;
            }
        };
        let count = (hi - lo).saturating_add(1).max(0);
        if count < 2 {
            self.errors.push(CalibrateError::TooNarrow {
                lever: name.name.clone(),
                count,
                src: self.source.named(),
                span: range_span,
            });
            return None;
        }
        if lo < dlo || hi > dhi {
            self.errors.push(CalibrateError::OutsideDomain {
                lever: name.name.clone(),
                lo,
                hi,
                domain: format!("{dlo}..={dhi}"),
                src: self.source.named(),
                span: range_span,
            });
            return None;
        }
        Some(LeverPath::Range {
            lo,
            hi,
            harder: harder?,
        })
    }

    /// Reports values outside the domain and repeats; whether all were fine.
    fn values<'v>(
        &mut self,
        lever: &LeverDef,
        values: impl Iterator<Item = (&'v Literal, Span)>,
    ) -> bool {
        let before = self.errors.len();
        let mut seen: Vec<(&Literal, Span)> = Vec::new();
        for (lit, span) in values {
            if !in_domain(&lever.ty, lit) {
                self.errors.push(CalibrateError::Value {
                    lever: lever.name.name.clone(),
                    value: show_literal(lit),
                    domain: describe_domain(&lever.ty),
                    help: value_help(lit, &lever.ty),
                    src: self.source.named(),
                    span,
                });
            } else if let Some((_, first)) = seen.iter().find(|(l, _)| *l == lit) {
                self.errors.push(CalibrateError::Duplicate {
                    lever: lever.name.name.clone(),
                    value: show_literal(lit),
                    src: self.source.named(),
                    span,
                    first: *first,
                });
            } else {
                seen.push((lit, span));
            }
        }
        self.errors.len() == before
    }

    fn ordered(
        &mut self,
        lever: &LeverDef,
        values: &[(Literal, Span)],
        span: Span,
    ) -> Option<LeverPath> {
        if !self.values(lever, values.iter().map(|(l, s)| (l, *s))) {
            return None;
        }
        if values.len() < 2 {
            self.errors.push(CalibrateError::OneSetting {
                lever: lever.name.name.clone(),
                src: self.source.named(),
                span,
            });
            return None;
        }
        Some(LeverPath::Ordered(
            values.iter().map(|(l, _)| l.clone()).collect(),
        ))
    }

    fn mixture(
        &mut self,
        lever: &LeverDef,
        from: &[(Literal, i64, Span)],
        to: &[(Literal, i64, Span)],
        steps: Option<(i64, Span)>,
        span: Span,
    ) -> Option<LeverPath> {
        let mut ok = true;
        for end in [from, to] {
            ok &= self.values(lever, end.iter().map(|(l, _, s)| (l, *s)));
            ok &= self.weights(end, span);
        }
        let steps = match steps {
            Some((n, nspan)) if !(1..=MAX_STEPS).contains(&n) => {
                self.errors.push(CalibrateError::Steps {
                    steps: n,
                    src: self.source.named(),
                    span: nspan,
                });
                return None;
            }
            Some((n, _)) => n,
            None => DEFAULT_MIXTURE_STEPS,
        };
        if !ok {
            return None;
        }
        // Every value of either end, `from`'s first; absent means weight 0.
        let mut values: Vec<Literal> = from.iter().map(|(l, _, _)| l.clone()).collect();
        for (l, _, _) in to {
            if !values.contains(l) {
                values.push(l.clone());
            }
        }
        let weights = |end: &[(Literal, i64, Span)]| -> Vec<(Literal, i64)> {
            values
                .iter()
                .map(|v| {
                    let w = end.iter().find(|(l, _, _)| l == v).map_or(0, |e| e.1);
                    (v.clone(), w)
                })
                .collect()
        };
        let (a, b) = (weights(from), weights(to));
        let total = |w: &[(Literal, i64)]| w.iter().map(|(_, n)| i128::from(*n)).sum::<i128>();
        let (ta, tb) = (total(&a), total(&b));
        if 2 * ta * tb * i128::from(steps) > i128::from(i64::MAX) {
            self.errors.push(CalibrateError::Weight {
                problem: "the mixture's weights are too large to interpolate exactly".into(),
                src: self.source.named(),
                span,
                label: "use smaller weights in the same proportion".into(),
            });
            return None;
        }
        // The same proportions at both ends: a single setting.
        let same = a
            .iter()
            .zip(&b)
            .all(|((_, x), (_, y))| i128::from(*x) * tb == i128::from(*y) * ta);
        if same {
            self.errors.push(CalibrateError::OneSetting {
                lever: lever.name.name.clone(),
                src: self.source.named(),
                span,
            });
            return None;
        }
        Some(LeverPath::Mixture {
            from: a,
            to: b,
            steps,
        })
    }

    /// Reports weights outside `0..=MAX_WEIGHT` and an end without a
    /// positive weight; whether all were fine.
    fn weights(&mut self, end: &[(Literal, i64, Span)], span: Span) -> bool {
        let mut ok = true;
        for (_, w, wspan) in end {
            if !(0..=MAX_WEIGHT).contains(w) {
                self.errors.push(CalibrateError::Weight {
                    problem: format!("mixture weight {w} is outside 0..={MAX_WEIGHT}"),
                    src: self.source.named(),
                    span: *wspan,
                    label: "this weight".into(),
                });
                ok = false;
            }
        }
        if ok && end.iter().all(|(_, w, _)| *w == 0) {
            self.errors.push(CalibrateError::Weight {
                problem: "an end of the mixture has no positive weight".into(),
                src: self.source.named(),
                span,
                label: "every weight of one end is 0".into(),
            });
            ok = false;
        }
        ok
    }
}

/// The help of a range over a lever that is not an `int` lever: the two
/// paths it can take, written with its own values.
fn other_paths(name: &str, ty: &LeverType) -> String {
    let values: Vec<String> = match ty {
        LeverType::Choice(choices, _) => choices
            .iter()
            .take(2)
            .map(|(c, _)| format!("\"{c}\""))
            .collect(),
        _ => vec!["true".into(), "false".into()],
    };
    let (a, b) = (&values[0], values.get(1).unwrap_or(&values[0]));
    format!(
        "list its values easiest first (`{name} in [{a}, {b}]`), or move a mixture of them (`{name} from weighted {{ {a}: 3, {b}: 1 }} to weighted {{ {a}: 1, {b}: 3 }}`)"
    )
}

/// The help of a value outside a lever's domain.
fn value_help(lit: &Literal, ty: &LeverType) -> String {
    match (lit, ty) {
        (Literal::Str(s), LeverType::Choice(choices, _)) => {
            let names: Vec<String> = choices.iter().map(|(c, _)| c.clone()).collect();
            match suggest(s, &names) {
                Some(n) => format!("did you mean \"{n}\"?"),
                None => format!("the values are: {}", describe_domain(ty)),
            }
        }
        _ => format!("the lever's values are {}", describe_domain(ty)),
    }
}
