//! What `calibrate` aims at: target accuracy per tier, band width, the
//! separation of adjacent tiers, sample sizes and the search's limits.

use super::CalibrateError;

/// One tier's target accuracy.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    /// The tier.
    pub tier: String,
    /// The target accuracy in 0..=1.
    pub accuracy: f64,
}

/// The options of a calibration.
#[derive(Debug, Clone)]
pub struct Options {
    /// Targets, any order (they are searched from the easiest).
    pub targets: Vec<Target>,
    /// Half-width of each band (0.10 = ±10 pp).
    pub band: f64,
    /// The least accuracy gap between tiers adjacent in target order.
    pub separation: f64,
    /// Items per measurement of the sweep.
    pub n: u64,
    /// Items of each confirmation sample.
    pub confirm_n: u64,
    /// The most sweep measurements one tier may add.
    pub max_points: usize,
    /// Confirmation rounds per tier (a miss sends the tier back to the search).
    pub rounds: usize,
    /// The dataset seed of calibration items (their tier names keep them
    /// apart from release items of any seed; see docs/calibration.md).
    pub seed: u64,
}

impl Options {
    /// Defaults: the reference benchmark's bands (75 / 50 / 25 % ± 10 pp,
    /// adjacent tiers 10 pp apart) and its sample size: 100 items per sweep
    /// point and per confirmation.
    pub fn new(targets: Vec<Target>) -> Options {
        Options {
            targets,
            band: 0.10,
            separation: 0.10,
            n: 100,
            confirm_n: 100,
            max_points: 8,
            rounds: 3,
            seed: 1,
        }
    }

    /// Checks ranges.
    pub fn validate(&self) -> Result<(), CalibrateError> {
        let bad = |message: String, help: &str| CalibrateError::Options {
            message,
            help: help.into(),
        };
        if self.targets.is_empty() {
            return Err(bad(
                "no targets".into(),
                "pass e.g. `--targets easy=75,medium=50,hard=25`",
            ));
        }
        if !(0.0 < self.band && self.band < 0.5) {
            return Err(bad(
                format!("band ±{} is outside (0, 0.5)", self.band),
                "pass `--band 10` for ±10 pp",
            ));
        }
        if !(0.0..1.0).contains(&self.separation) {
            return Err(bad(
                format!("separation {} is outside [0, 1)", self.separation),
                "pass `--separation 10` for 10 pp",
            ));
        }
        if self.n == 0 || self.confirm_n == 0 {
            return Err(bad(
                "sample sizes must be positive".into(),
                "pass `--n 40 --confirm-n 80` or similar",
            ));
        }
        if self.rounds == 0 || self.max_points == 0 {
            return Err(bad(
                "`--rounds` and `--max-points` must be at least 1".into(),
                "use the defaults unless you have a reason",
            ));
        }
        Ok(())
    }
}

/// Reads a fraction written as a percentage (`75`, `75%`) or a fraction
/// (`0.75`).
pub fn parse_fraction(text: &str) -> Option<f64> {
    let t = text.trim().trim_end_matches('%').trim();
    let v: f64 = t.parse().ok()?;
    let v = if v > 1.0 || text.contains('%') {
        v / 100.0
    } else {
        v
    };
    (v.is_finite() && (0.0..=1.0).contains(&v)).then_some(v)
}

/// Reads `easy=75,medium=50,hard=25`.
pub fn parse_targets(text: &str) -> Result<Vec<Target>, CalibrateError> {
    let mut out: Vec<Target> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let parsed = part
            .split_once('=')
            .and_then(|(t, a)| Some((t.trim().to_string(), parse_fraction(a)?)));
        let Some((tier, accuracy)) = parsed.filter(|(t, _)| !t.is_empty()) else {
            return Err(CalibrateError::Options {
                message: format!("target `{part}` is not `TIER=ACCURACY`"),
                help:
                    "pass e.g. `--targets easy=75,medium=50,hard=25` (percent) or `easy=0.75,...`"
                        .into(),
            });
        };
        if out.iter().any(|t| t.tier == tier) {
            return Err(CalibrateError::Options {
                message: format!("tier `{tier}` has two targets"),
                help: "give each tier one target".into(),
            });
        }
        out.push(Target { tier, accuracy });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_percent_or_fraction() {
        let t = parse_targets("easy=75, medium=0.5,hard=25%").expect("parses");
        let acc: Vec<f64> = t.iter().map(|t| t.accuracy).collect();
        assert_eq!(acc, vec![0.75, 0.5, 0.25]);
        assert!(parse_targets("easy").is_err());
        assert!(parse_targets("easy=150").is_err());
        assert!(parse_targets("easy=70,easy=60").is_err());
    }
}
