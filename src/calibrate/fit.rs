//! The monotone accuracy curve: measured points (step → correct / asked),
//! an isotonic (pool-adjacent-violators) fit that never rises with the
//! step, and a Wilson 95 % interval for each pooled block.

use crate::score::stats::wilson;
use std::collections::BTreeMap;

/// z for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Counts at one step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Correct answers.
    pub correct: u64,
    /// Judged answers.
    pub total: u64,
}

impl Counts {
    /// The raw accuracy (0 when nothing was judged).
    pub fn accuracy(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.correct as f64 / self.total as f64
        }
    }
}

/// Measured points along the calibration path.
#[derive(Debug, Clone, Default)]
pub struct Curve {
    /// Counts by step.
    pub points: BTreeMap<i64, Counts>,
}

/// The fit at one measured step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fitted {
    /// The step.
    pub step: i64,
    /// The raw counts at the step.
    pub counts: Counts,
    /// The isotonic estimate.
    pub value: f64,
    /// The Wilson 95 % interval of the pooled block the step belongs to.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Curve {
    /// Adds counts at `step`.
    pub fn add(&mut self, step: i64, correct: u64, total: u64) {
        let c = self.points.entry(step).or_default();
        c.correct += correct;
        c.total += total;
    }

    /// Items judged at `step`.
    pub fn total_at(&self, step: i64) -> u64 {
        self.points.get(&step).map_or(0, |c| c.total)
    }

    /// The non-increasing least-squares fit (weights = items judged), one
    /// entry per measured step in step order.
    pub fn fit(&self) -> Vec<Fitted> {
        // Blocks of (correct, total, first index, last index).
        let pts: Vec<(i64, Counts)> = self
            .points
            .iter()
            .filter(|(_, c)| c.total > 0)
            .map(|(s, c)| (*s, *c))
            .collect();
        let mut blocks: Vec<(u64, u64, usize, usize)> = Vec::new();
        for (i, (_, c)) in pts.iter().enumerate() {
            blocks.push((c.correct, c.total, i, i));
            // Merge while the newer block is more accurate than the one
            // before it (accuracy must not rise with the step).
            while blocks.len() >= 2 {
                let b = blocks[blocks.len() - 1];
                let a = blocks[blocks.len() - 2];
                if (b.0 as f64) * (a.1 as f64) > (a.0 as f64) * (b.1 as f64) {
                    blocks.pop();
                    let last = blocks.len() - 1;
                    blocks[last] = (a.0 + b.0, a.1 + b.1, a.2, b.3);
                } else {
                    break;
                }
            }
        }
        let mut out = Vec::with_capacity(pts.len());
        for (k, n, first, last) in blocks {
            let (low, high) = wilson(k, n, Z95);
            for (step, counts) in &pts[first..=last] {
                out.push(Fitted {
                    step: *step,
                    counts: *counts,
                    value: k as f64 / n as f64,
                    low,
                    high,
                });
            }
        }
        out
    }
}

/// The fitted value at `step`, interpolated linearly between measured
/// steps (flat beyond the ends); `None` when nothing is measured.
pub fn predict(fit: &[Fitted], step: i64) -> Option<f64> {
    let first = fit.first()?;
    let last = fit.last()?;
    if step <= first.step {
        return Some(first.value);
    }
    if step >= last.step {
        return Some(last.value);
    }
    let i = fit.iter().position(|f| f.step >= step)?;
    let (a, b) = (fit[i - 1], fit[i]);
    if b.step == step {
        return Some(b.value);
    }
    let t = (step - a.step) as f64 / (b.step - a.step) as f64;
    Some(a.value + t * (b.value - a.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn violators_are_pooled_and_the_fit_never_rises() {
        let mut c = Curve::default();
        c.add(0, 9, 10);
        c.add(5, 5, 10);
        c.add(6, 7, 10);
        c.add(9, 1, 10);
        let f = c.fit();
        let values: Vec<f64> = f.iter().map(|x| x.value).collect();
        assert_eq!(values, vec![0.9, 0.6, 0.6, 0.1]);
        assert!(f.windows(2).all(|w| w[0].value >= w[1].value));
        // The pooled block's interval is the one of 12/20.
        let (lo, hi) = wilson(12, 20, Z95);
        assert_eq!((f[1].low, f[1].high), (lo, hi));
        assert_eq!(predict(&f, 7), Some(0.6 - (0.5 / 3.0)));
        assert_eq!(predict(&f, -3), Some(0.9));
        assert_eq!(predict(&f, 30), Some(0.1));
    }
}
