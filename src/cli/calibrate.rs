//! `puzzlec calibrate`: tune the levers of a spec's `calibrate` block
//! against a model so each tier lands in its accuracy band.

use super::load::load_one;
use super::model_args::ModelArgs;
use super::output::{fail, fail_with};
use super::Reported;
use crate::calibrate::options::parse_fraction;
use crate::calibrate::{
    calibrate, calibrated_spec, parse_targets, plot, to_json, to_markdown, Calls, Options,
    PointRecord,
};
use crate::dataset::{check_output_file, write_atomic};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// Arguments of `calibrate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The spec to calibrate (it must have a `calibrate` block).
    spec: PathBuf,
    /// Where to write `report.md`, `calibration.json`, `accuracy.svg`,
    /// `points.jsonl` and `calibrated.puzzle` (and the cache, by default).
    #[arg(short, long, default_value = "calibrate-report")]
    out: PathBuf,
    /// Target accuracy per tier, in percent or as fractions.
    #[arg(long, default_value = "easy=75,medium=50,hard=25")]
    targets: String,
    /// Half-width of each band, in percentage points (or a fraction).
    #[arg(long, default_value = "10")]
    band: String,
    /// The least gap between tiers adjacent in target order, in percentage points.
    #[arg(long, default_value = "10")]
    separation: String,
    /// Items per sweep point.
    #[arg(long, default_value_t = 100)]
    n: u64,
    /// Items per confirmation sample.
    #[arg(long, default_value_t = 100)]
    confirm_n: u64,
    /// The most sweep points one tier may add.
    #[arg(long, default_value_t = 8)]
    max_points: usize,
    /// Search-and-confirm rounds per tier.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// The dataset seed of calibration items (kept apart from release items).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the calibrated values into the spec file itself.
    #[arg(long)]
    in_place: bool,
    /// The endpoint, model and request settings.
    #[command(flatten)]
    model: ModelArgs,
}

fn fraction(text: &str, flag: &str) -> Result<f64, Reported> {
    parse_fraction(text).ok_or_else(|| {
        fail(format!(
            "`--{flag} {text}` is not a percentage such as `10` or a fraction such as `0.1`"
        ))
    })
}

/// The files `calibrate` writes into its output folder; each is checked before
/// any request is sent (not a symbolic link, not the spec, not inside a dataset).
const OUTPUT_FILES: [&str; 5] = [
    "points.jsonl",
    "report.md",
    "calibration.json",
    "accuracy.svg",
    "calibrated.puzzle",
];

/// Calibrates, writes the files, prints the report; exit 1 unless every
/// tier is calibrated.
pub fn run(args: Args) -> Result<(), Reported> {
    let loaded = load_one(&args.spec)?;
    let program = loaded.program;
    let mut options = Options::new(parse_targets(&args.targets).map_err(|e| fail_with(&e))?);
    options.band = fraction(&args.band, "band")?;
    options.separation = fraction(&args.separation, "separation")?;
    options.n = args.n;
    options.confirm_n = args.confirm_n;
    options.max_points = args.max_points;
    options.rounds = args.rounds;
    options.seed = args.seed;
    options.validate().map_err(|e| fail_with(&e))?;
    for name in OUTPUT_FILES {
        check_output_file(&args.out.join(name), &[&args.spec]).map_err(fail)?;
    }
    let setup = args.model.setup_models(&args.out.join("cache"), true)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| fail(format!("cannot create `{}`: {e}", args.out.display())))?;
    let points_path = args.out.join("points.jsonl");
    let mut log = std::fs::File::create(&points_path)
        .map_err(|e| fail(format!("cannot write `{}`: {e}", points_path.display())))?;
    let session = setup.session();
    let clients = setup.clients(&session);
    let mut on_point = |p: &PointRecord| {
        if let Ok(line) = serde_json::to_string(p) {
            let _ = writeln!(log, "{line}");
            let _ = log.flush();
        }
        eprintln!(
            "{} {} {} step {} ({}): {}/{} correct",
            p.model,
            p.phase,
            p.tier.as_deref().unwrap_or(&p.group),
            p.step,
            p.levers
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", "),
            p.correct,
            p.judged
        );
    };
    let outcome = calibrate(
        &clients,
        &program,
        &options,
        setup.max_failures,
        &mut on_point,
    )
    .map_err(|e| fail_with(&e))?;
    let calls = Calls {
        requests: setup.budget.used(),
        received: session.stats.received.load(Ordering::Relaxed),
        cached: session.stats.cached.load(Ordering::Relaxed),
    };
    let markdown = to_markdown(&outcome, &options, calls);
    let write = |name: &str, text: &str| {
        let path = args.out.join(name);
        write_atomic(&path, text.as_bytes()).map_err(fail)
    };
    write("report.md", &markdown)?;
    write("calibration.json", &to_json(&outcome, &options, calls))?;
    if let Some(c) = &program.calibration {
        write("accuracy.svg", &plot(&outcome, c, &options))?;
    }
    let spec_text = calibrated_spec(&program, &outcome.tiers).map_err(|e| fail_with(&e))?;
    if let Some(text) = &spec_text {
        write("calibrated.puzzle", text)?;
        if args.in_place && outcome.stopped.is_none() {
            write_atomic(&args.spec, text.as_bytes()).map_err(fail)?;
            eprintln!("wrote the calibrated values into `{}`", args.spec.display());
        }
    }
    print!("{markdown}");
    eprintln!("report in `{}`", args.out.join("report.md").display());
    if let Some(why) = &outcome.stopped {
        return Err(fail(format!(
            "calibration stopped early: {why}; run the same command again to continue (cached answers cost nothing)"
        )));
    }
    if !outcome.success() {
        return Err(fail("not every tier is calibrated; see the report"));
    }
    Ok(())
}
