//! `puzzlec compare`: the analyses across several models' score reports.

use super::output::{fail, fail_with};
use super::Reported;
use crate::compare::{
    compare, figures, load_data, load_run, report_dataset, split_label, to_html, to_json,
    to_markdown, CompareError, Options, RegressionSpec,
};
use crate::dataset::{check_output_dir, write_atomic};
use std::collections::HashSet;
use std::path::PathBuf;

/// Arguments of `compare`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The output folders of `puzzlec score --per-item`, one per model, each
    /// `DIR` or `LABEL=DIR`.
    #[arg(required = true, value_name = "REPORT_DIR")]
    reports: Vec<String>,
    /// Where to write `report.md`, `report.json`, `report.html` and the figures.
    #[arg(short, long)]
    out: PathBuf,
    /// The dataset the reports were scored on (default: the one the first
    /// report names).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Leave models whose overall accuracy is below this percentage out of
    /// the tests.
    #[arg(long, default_value_t = 3.0)]
    floor: f64,
    /// The equivalence margin of the TOST tests, in percentage points.
    #[arg(long, default_value_t = 10.0)]
    margin: f64,
    /// A regression across models, `OUTCOME ~ PREDICTOR [| CONTROL]` over
    /// groups `GROUP/LANG` (repeatable; default: every script-adapted group
    /// in Korean on every declared Korean-only group, given `direct/ko`).
    #[arg(long = "regress", value_name = "SPEC")]
    regress: Vec<String>,
}

fn percent(option: &'static str, value: f64, max: f64) -> Result<f64, CompareError> {
    if value.is_finite() && (0.0..=max).contains(&value) {
        Ok(value / 100.0)
    } else {
        Err(CompareError::BadOption {
            option,
            value: value.to_string(),
            message: format!("expected a percentage from 0 to {max}"),
        })
    }
}

/// Loads, compares, writes the report files and prints the Markdown report.
pub fn run(args: Args) -> Result<(), Reported> {
    let options = Options {
        floor: percent("--floor", args.floor, 100.0).map_err(|e| fail_with(&e))?,
        margin: percent("--margin", args.margin, 100.0).map_err(|e| fail_with(&e))?,
        regressions: args
            .regress
            .iter()
            .map(|r| RegressionSpec::parse(r))
            .collect::<Result<_, _>>()
            .map_err(|e| fail_with(&e))?,
    };
    let reports: Vec<(Option<String>, PathBuf)> =
        args.reports.iter().map(|a| split_label(a)).collect();
    let data_path = match &args.data {
        Some(p) => p.clone(),
        None => report_dataset(&reports[0].1).map_err(|e| fail_with(&e))?,
    };
    let mut inputs: Vec<&std::path::Path> = reports.iter().map(|(_, d)| d.as_path()).collect();
    inputs.push(&data_path);
    check_output_dir(&args.out, &inputs).map_err(fail)?;
    let data = load_data(&data_path).map_err(|e| fail_with(&e))?;
    let mut runs = Vec::new();
    let mut labels = HashSet::new();
    for (label, dir) in &reports {
        let run = load_run(dir, label.clone(), &data).map_err(|e| fail_with(&e))?;
        if !labels.insert(run.label.clone()) {
            return Err(fail_with(&CompareError::DuplicateLabel {
                label: run.label,
            }));
        }
        runs.push(run);
    }
    let comparison = compare(&data, &runs, &options);
    let figures = figures(&comparison);
    let markdown = to_markdown(&comparison, &figures);
    let mut files = vec![
        ("report.md".to_string(), markdown.clone()),
        ("report.json".to_string(), to_json(&comparison)),
        ("report.html".to_string(), to_html(&comparison, &figures)),
    ];
    files.extend(figures.into_iter().map(|f| (f.file, f.svg)));
    for (name, text) in &files {
        write_atomic(&args.out.join(name), text.as_bytes()).map_err(fail)?;
    }
    print!("{markdown}");
    eprintln!(
        "compared {} model(s); wrote {} file(s) to `{}`",
        runs.len(),
        files.len(),
        args.out.display()
    );
    Ok(())
}
