//! A checked `calibrate { ... }` block. Each calibrated lever has a path
//! from its easiest setting to its hardest: an integer range
//! (`givens in 28..=46 harder down`), values in order
//! (`key_source in ["given", "label", "position"]`), or a mixture moved
//! between two weight vectors (`task from weighted { .. } to weighted { .. }
//! steps 10`). [`Calibration`] maps one search coordinate, the step, to a
//! setting of every calibrated lever.

mod check;
mod error;

pub use check::check_calibrate;
pub use error::CalibrateError;

use super::show_literal;
use crate::span::Span;
use crate::syntax::ast::Literal;

/// Which direction of an integer range makes items harder.
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

/// The steps of a mixture path when the spec gives none.
pub const DEFAULT_MIXTURE_STEPS: i64 = 10;

/// The path of one calibrated lever, easiest setting first.
#[derive(Debug, Clone, PartialEq)]
pub enum LeverPath {
    /// Every integer of `lo..=hi`, in the direction `harder`.
    Range {
        /// The lower bound (inclusive).
        lo: i64,
        /// The upper bound (inclusive).
        hi: i64,
        /// Which direction is harder.
        harder: Harder,
    },
    /// These values in order, easiest first.
    Ordered(Vec<Literal>),
    /// The mixture moved in `steps` equal steps from the weights `from`
    /// (easiest) to the weights `to` (hardest); both list every value of
    /// the mixture, a value absent from one end with weight 0.
    Mixture {
        /// The easiest weights.
        from: Vec<(Literal, i64)>,
        /// The hardest weights, for the same values in the same order.
        to: Vec<(Literal, i64)>,
        /// How many steps the path takes.
        steps: i64,
    },
}

impl LeverPath {
    /// The last position on the path (the path has `width + 1` settings).
    pub fn width(&self) -> i64 {
        match self {
            LeverPath::Range { lo, hi, .. } => hi - lo,
            LeverPath::Ordered(values) => values.len() as i64 - 1,
            LeverPath::Mixture { steps, .. } => *steps,
        }
    }

    /// The setting at `position` (clamped to `0..=width`).
    pub fn at(&self, position: i64) -> LeverValue {
        let p = position.clamp(0, self.width().max(0));
        match self {
            LeverPath::Range { lo, hi, harder } => LeverValue::Fixed(Literal::Int(match harder {
                Harder::Up => lo + p,
                Harder::Down => hi - p,
            })),
            LeverPath::Ordered(values) => LeverValue::Fixed(values[p as usize].clone()),
            LeverPath::Mixture { from, to, steps } => LeverValue::Mix(mix_at(from, to, *steps, p)),
        }
    }

    /// How the path orders its settings, for labels.
    pub fn direction(&self) -> String {
        match self {
            LeverPath::Range { harder, .. } => format!("harder {}", harder.name()),
            LeverPath::Ordered(_) => "harder along the list".into(),
            LeverPath::Mixture { .. } => "mixture, harder towards `to`".into(),
        }
    }
}

/// The exact mixture at `p` of `steps`: each end normalised to its total and
/// interpolated linearly, `a·B·(S−p) + b·A·p` for weights `a`, `b` and
/// totals `A`, `B`, divided by the common divisor. The checker bounds
/// `A·B·S`, so nothing overflows.
fn mix_at(
    from: &[(Literal, i64)],
    to: &[(Literal, i64)],
    steps: i64,
    p: i64,
) -> Vec<(Literal, i64)> {
    let total = |w: &[(Literal, i64)]| w.iter().map(|(_, n)| i128::from(*n)).sum::<i128>();
    let (a_total, b_total) = (total(from), total(to));
    let (s, p) = (i128::from(steps), i128::from(p));
    let raw: Vec<i128> = from
        .iter()
        .zip(to)
        .map(|((_, a), (_, b))| i128::from(*a) * b_total * (s - p) + i128::from(*b) * a_total * p)
        .collect();
    let divisor = raw.iter().fold(0i128, |g, &w| gcd(g, w)).max(1);
    from.iter()
        .zip(raw)
        .map(|((lit, _), w)| (lit.clone(), i64::try_from(w / divisor).unwrap_or(i64::MAX)))
        .collect()
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The setting of a calibrated lever at one step.
#[derive(Debug, Clone, PartialEq)]
pub enum LeverValue {
    /// One value.
    Fixed(Literal),
    /// A mixture: every value of the path with its weight (possibly 0).
    Mix(Vec<(Literal, i64)>),
}

impl LeverValue {
    /// The integer, for a value of an integer lever.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            LeverValue::Fixed(Literal::Int(v)) => Some(*v),
            _ => None,
        }
    }

    /// The entries of positive weight of a mixture.
    pub fn weights(&self) -> Vec<(Literal, i64)> {
        match self {
            LeverValue::Mix(w) => w.iter().filter(|(_, n)| *n > 0).cloned().collect(),
            LeverValue::Fixed(_) => Vec::new(),
        }
    }

    /// A short label for a plot axis: the value, or a mixture's shares in
    /// percent (`20:80:0`).
    pub fn short(&self) -> String {
        match self {
            LeverValue::Fixed(lit) => show_literal(lit),
            LeverValue::Mix(w) => {
                let total: i64 = w.iter().map(|(_, n)| *n).sum::<i64>().max(1);
                w.iter()
                    .map(|(_, n)| format!("{:.0}", *n as f64 * 100.0 / total as f64))
                    .collect::<Vec<_>>()
                    .join(":")
            }
        }
    }
}

/// Spec text: `41`, `"label"`, or `weighted { "day": 1, "hour_from_day": 4 }`
/// (entries of weight 0 left out).
impl std::fmt::Display for LeverValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeverValue::Fixed(lit) => f.write_str(&show_literal(lit)),
            LeverValue::Mix(_) => {
                let entries = self
                    .weights()
                    .iter()
                    .map(|(lit, n)| format!("{}: {n}", show_literal(lit)))
                    .collect::<Vec<_>>();
                write!(f, "weighted {{ {} }}", entries.join(", "))
            }
        }
    }
}

/// JSON: a number, string or boolean; a mixture as an object of weights
/// keyed by value (`{"day": 1, "hour_from_day": 4}`).
impl serde::Serialize for LeverValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            LeverValue::Fixed(Literal::Int(v)) => serializer.serialize_i64(*v),
            LeverValue::Fixed(Literal::Str(v)) => serializer.serialize_str(v),
            LeverValue::Fixed(Literal::Bool(v)) => serializer.serialize_bool(*v),
            LeverValue::Mix(w) => {
                let mut map = serializer.serialize_map(Some(w.len()))?;
                for (lit, n) in w {
                    let key = match lit {
                        Literal::Str(s) => s.clone(),
                        other => show_literal(other),
                    };
                    map.serialize_entry(&key, n)?;
                }
                map.end()
            }
        }
    }
}

/// One calibrated lever.
#[derive(Debug, Clone, PartialEq)]
pub struct CalibratedLever {
    /// The lever's position in the program's lever list.
    pub lever: usize,
    /// The lever's name.
    pub name: String,
    /// Its path, easiest first.
    pub path: LeverPath,
}

/// A checked `calibrate` block. The levers move together along one path:
/// step 0 sets each to its easiest setting, step [`Calibration::steps`] to
/// its hardest, and the steps between move each lever along its own path in
/// proportion (rounded to the nearest position), so a larger step is never
/// easier.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// The calibrated levers, in written order.
    pub levers: Vec<CalibratedLever>,
    /// The declaration.
    pub span: Span,
}

impl Calibration {
    /// The largest step: the longest lever path.
    pub fn steps(&self) -> i64 {
        self.levers
            .iter()
            .map(|l| l.path.width())
            .max()
            .unwrap_or(0)
    }

    /// The setting of each calibrated lever at `step` (clamped to
    /// `0..=steps`), as `(lever position, setting)` pairs.
    pub fn values_at(&self, step: i64) -> Vec<(usize, LeverValue)> {
        let total = self.steps().max(1);
        let step = step.clamp(0, total);
        self.levers
            .iter()
            .map(|l| {
                let width = i128::from(l.path.width());
                // Round half up: (2 * step * width + total) / (2 * total).
                let moved =
                    (2 * i128::from(step) * width + i128::from(total)) / (2 * i128::from(total));
                (l.lever, l.path.at(moved as i64))
            })
            .collect()
    }

    /// `name=setting` for every calibrated lever at `step`, comma-separated.
    pub fn describe_step(&self, step: i64) -> String {
        self.values_at(step)
            .iter()
            .zip(&self.levers)
            .map(|((_, v), l)| format!("{}={v}", l.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(lever: usize, lo: i64, hi: i64, harder: Harder) -> CalibratedLever {
        CalibratedLever {
            lever,
            name: format!("l{lever}"),
            path: LeverPath::Range { lo, hi, harder },
        }
    }

    fn ints(values: &[(usize, LeverValue)]) -> Vec<(usize, i64)> {
        values
            .iter()
            .map(|(i, v)| (*i, v.as_int().expect("int")))
            .collect()
    }

    fn s(x: &str) -> Literal {
        Literal::Str(x.into())
    }

    #[test]
    fn one_lever_walks_its_range_from_easy_to_hard() {
        let c = Calibration {
            levers: vec![range(0, 10, 20, Harder::Down)],
            span: Span::default(),
        };
        assert_eq!(c.steps(), 10);
        assert_eq!(ints(&c.values_at(0)), vec![(0, 20)]);
        assert_eq!(ints(&c.values_at(10)), vec![(0, 10)]);
        assert_eq!(ints(&c.values_at(3)), vec![(0, 17)]);
        assert_eq!(ints(&c.values_at(99)), vec![(0, 10)]);
    }

    #[test]
    fn two_levers_move_together_and_never_get_easier() {
        let c = Calibration {
            levers: vec![range(0, 2, 12, Harder::Up), range(1, 4, 6, Harder::Down)],
            span: Span::default(),
        };
        assert_eq!(c.steps(), 10);
        assert_eq!(ints(&c.values_at(0)), vec![(0, 2), (1, 6)]);
        assert_eq!(ints(&c.values_at(10)), vec![(0, 12), (1, 4)]);
        let mut last = ints(&c.values_at(0));
        for step in 1..=10 {
            let now = ints(&c.values_at(step));
            assert!(now[0].1 >= last[0].1 && now[1].1 <= last[1].1, "{step}");
            last = now;
        }
        assert_eq!(c.describe_step(5), "l0=7, l1=5");
    }

    #[test]
    fn an_ordered_path_walks_its_list_in_proportion_to_the_longest_path() {
        let c = Calibration {
            levers: vec![
                range(0, 0, 8, Harder::Up),
                CalibratedLever {
                    lever: 1,
                    name: "key".into(),
                    path: LeverPath::Ordered(vec![s("given"), s("label"), s("position")]),
                },
            ],
            span: Span::default(),
        };
        let key = |step| c.values_at(step)[1].1.to_string();
        assert_eq!(key(0), "\"given\"");
        assert_eq!(key(1), "\"given\"");
        assert_eq!(key(2), "\"label\"");
        assert_eq!(key(6), "\"position\"");
        assert_eq!(key(8), "\"position\"");
        assert_eq!(c.describe_step(4), "l0=4, key=\"label\"");
    }

    #[test]
    fn a_mixture_moves_its_shares_linearly_and_exactly() {
        // 20/80/0 to 4/1/4.
        let path = LeverPath::Mixture {
            from: vec![(s("day"), 20), (s("hfd"), 80), (s("hdate"), 0)],
            to: vec![(s("day"), 4), (s("hfd"), 1), (s("hdate"), 4)],
            steps: 10,
        };
        let shares = |p: i64| {
            let w = match path.at(p) {
                LeverValue::Mix(w) => w,
                other => panic!("{other:?}"),
            };
            let total: i64 = w.iter().map(|(_, n)| n).sum();
            w.iter()
                .map(|(_, n)| *n as f64 / total as f64)
                .collect::<Vec<_>>()
        };
        let (a, b) = ([0.2, 0.8, 0.0], [4.0 / 9.0, 1.0 / 9.0, 4.0 / 9.0]);
        for p in 0..=10 {
            let t = p as f64 / 10.0;
            for (k, share) in shares(p).iter().enumerate() {
                let want = a[k] * (1.0 - t) + b[k] * t;
                assert!((share - want).abs() < 1e-12, "{p} {k}: {share} vs {want}");
            }
        }
        // The ends are written in lowest terms, without zero weights.
        assert_eq!(
            path.at(0).to_string(),
            "weighted { \"day\": 1, \"hfd\": 4 }"
        );
        assert_eq!(
            path.at(10).to_string(),
            "weighted { \"day\": 4, \"hfd\": 1, \"hdate\": 4 }"
        );
        assert_eq!(path.at(0).short(), "20:80:0");
        let json = serde_json::to_value(path.at(10)).expect("json");
        assert_eq!(json, serde_json::json!({"day": 4, "hfd": 1, "hdate": 4}));
    }
}
