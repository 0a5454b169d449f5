//! Regressions across models: one group's accuracy on another's (each model
//! one point), with R² and the partial correlation given a control group.

use serde::Serialize;

use super::groups::{group_accuracy, Task, DIRECT, KOREAN_ONLY};
use super::load::Run;
use super::stats::{ols, partial_correlation, Ols, Partial};
use super::CompareError;

/// Which groups a regression relates (group keys `group/lang`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegressionSpec {
    /// The group on the y axis.
    pub outcome: String,
    /// The group on the x axis.
    pub predictor: String,
    /// The group controlled for in the partial correlation.
    pub control: Option<String>,
}

impl RegressionSpec {
    /// Parses `OUTCOME~PREDICTOR` or `OUTCOME~PREDICTOR|CONTROL` (spaces
    /// allowed), e.g. `scrambled/ko ~ letters/ko | direct/ko`.
    pub fn parse(text: &str) -> Result<RegressionSpec, CompareError> {
        let bad = |message: &str| CompareError::BadOption {
            option: "--regress",
            value: text.to_string(),
            message: message.to_string(),
        };
        let (outcome, rest) = text
            .split_once('~')
            .ok_or_else(|| bad("expected `OUTCOME ~ PREDICTOR [| CONTROL]`"))?;
        let (predictor, control) = match rest.split_once('|') {
            Some((p, c)) => (p, Some(c.trim().to_string())),
            None => (rest, None),
        };
        let spec = RegressionSpec {
            outcome: outcome.trim().to_string(),
            predictor: predictor.trim().to_string(),
            control,
        };
        let ok = |k: &str| {
            k.split_once('/')
                .is_some_and(|(g, l)| !g.is_empty() && !l.is_empty())
        };
        if !ok(&spec.outcome)
            || !ok(&spec.predictor)
            || spec.control.as_deref().is_some_and(|c| !ok(c))
        {
            return Err(bad("each group is `GROUP/LANG`, e.g. `direct/ko`"));
        }
        Ok(spec)
    }

    /// `outcome ~ predictor | control`.
    pub fn name(&self) -> String {
        match &self.control {
            Some(c) => format!("{} ~ {} | {}", self.outcome, self.predictor, c),
            None => format!("{} ~ {}", self.outcome, self.predictor),
        }
    }
}

/// The default regressions when none is asked for: the Korean accuracy of
/// every group of a script-adapted family on every Korean-only group that a
/// spec declares (a `group` other than its family), controlling for the
/// direct types in Korean when there are any.
pub fn default_specs(tasks: &[Task]) -> Vec<RegressionSpec> {
    let ko = |t: &&Task| t.lang == "ko";
    let mut predictors: Vec<String> = tasks
        .iter()
        .filter(ko)
        .filter(|t| t.family == KOREAN_ONLY && t.group != t.family)
        .map(Task::group_key)
        .collect();
    let mut outcomes: Vec<String> = tasks
        .iter()
        .filter(ko)
        .filter(|t| t.family != KOREAN_ONLY && t.family != DIRECT)
        .map(Task::group_key)
        .collect();
    predictors.sort();
    predictors.dedup();
    outcomes.sort();
    outcomes.dedup();
    let control = tasks
        .iter()
        .any(|t| t.family == DIRECT && t.lang == "ko")
        .then(|| format!("{DIRECT}/ko"));
    outcomes
        .iter()
        .flat_map(|o| {
            predictors.iter().map(|p| RegressionSpec {
                outcome: o.clone(),
                predictor: p.clone(),
                control: control.clone(),
            })
        })
        .collect()
}

/// One model's point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// The model.
    pub label: String,
    /// The predictor group's accuracy.
    pub x: f64,
    /// The outcome group's accuracy.
    pub y: f64,
    /// The control group's accuracy.
    pub z: Option<f64>,
}

/// A fitted regression.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Regression {
    /// What was regressed.
    pub spec: RegressionSpec,
    /// One point per model above the floor that has every group.
    pub points: Vec<Point>,
    /// `outcome = intercept + slope · predictor` (`None` with fewer than
    /// three points or no spread in the predictor).
    pub fit: Option<Ols>,
    /// The partial correlation of predictor and outcome given the control.
    pub partial: Option<Partial>,
}

/// Fits `spec` over the `runs` with `included[i]`.
pub fn regress(
    spec: &RegressionSpec,
    tasks: &[Task],
    runs: &[Run],
    included: &[bool],
) -> Regression {
    let points: Vec<Point> = runs
        .iter()
        .zip(included)
        .filter(|(_, inc)| **inc)
        .filter_map(|(run, _)| {
            let x = group_accuracy(run, tasks, &spec.predictor)?;
            let y = group_accuracy(run, tasks, &spec.outcome)?;
            let z = match &spec.control {
                Some(c) => Some(group_accuracy(run, tasks, c)?),
                None => None,
            };
            Some(Point {
                label: run.label.clone(),
                x,
                y,
                z,
            })
        })
        .collect();
    let xs: Vec<f64> = points.iter().map(|p| p.x).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.y).collect();
    let zs: Vec<f64> = points.iter().filter_map(|p| p.z).collect();
    let partial = (spec.control.is_some() && zs.len() == xs.len())
        .then(|| partial_correlation(&xs, &ys, &zs))
        .flatten();
    Regression {
        spec: spec.clone(),
        fit: ols(&xs, &ys),
        partial,
        points,
    }
}
