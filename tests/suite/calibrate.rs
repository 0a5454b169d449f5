//! `puzzlec calibrate` end to end against a fake model on 127.0.0.1 whose
//! accuracy falls with the number of terms along a logistic curve the
//! calibrator does not know. The chosen values must have true accuracies
//! inside the bands, within a bounded number of calls; reruns are free;
//! a spent budget keeps its partial results and the next run continues;
//! an unreachable band is reported as such.

use crate::fake_model;

use fake_model::{
    dead_endpoint, puzzlec, run_model_command, s, text, true_accuracy, FakeModel, Fault,
};
use std::path::Path;
use std::process::Output;

const FIXTURE: &str = "tests/data/calibrate/adder.puzzle";
/// Targets and band of the default options.
const TARGETS: [(&str, f64); 3] = [("easy", 0.75), ("medium", 0.50), ("hard", 0.25)];
const BAND: f64 = 0.10;
/// Sweep and confirmation sample sizes used by the tests.
const N: &str = "60";
const CONFIRM_N: &str = "100";
/// A full grid over `terms in 2..=60` at N items per value.
const FULL_GRID: u64 = 59 * 60;

fn calibrate(spec: &Path, endpoint: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["--n", N, "--confirm-n", CONFIRM_N];
    args.extend_from_slice(extra);
    run_model_command("calibrate", spec, endpoint, out, &args)
}

fn summary(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("calibration.json")).expect("summary"))
        .expect("json")
}

fn chosen_terms(summary: &serde_json::Value, tier: &str) -> Option<i64> {
    summary["tiers"]
        .as_array()?
        .iter()
        .find(|t| t["tier"] == tier)?["levers"]["terms"]
        .as_i64()
}

#[test]
fn calibrate_recovers_the_hidden_curve_and_a_rerun_is_free() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("adder.puzzle");
    std::fs::copy(FIXTURE, &spec).expect("copy");
    let server = FakeModel::start();
    // Faults on the first requests are retried without harm.
    server.queue(&[Fault::ServerError, Fault::RateLimit, Fault::Malformed]);
    let out = dir.path().join("report");
    let run = calibrate(&spec, &server.endpoint, &out, &[]);
    assert!(
        run.status.success(),
        "{}\n{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let calls = server.requests();
    let sum = summary(&out);
    assert_eq!(sum["status"], "calibrated");
    for (tier, target) in TARGETS {
        let terms = chosen_terms(&sum, tier).unwrap_or_else(|| panic!("no value for {tier}"));
        let truth = true_accuracy(terms as usize, false);
        assert!(
            (truth - target).abs() <= BAND,
            "{tier}: terms = {terms} has true accuracy {truth:.3}, outside {target} ± {BAND}"
        );
    }
    // Successive narrowing, not a grid: the sweep costs under a quarter of a
    // full grid, and everything (confirmations in both languages and the
    // three injected faults included) well under half.
    let points = std::fs::read_to_string(out.join("points.jsonl")).expect("points");
    let sweep: u64 = points
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("point"))
        .filter(|p| p["phase"] == "sweep")
        .map(|p| p["judged"].as_u64().expect("judged"))
        .sum();
    assert!(
        sweep <= FULL_GRID / 4,
        "{sweep} sweep calls\n{}",
        text(&run.stderr)
    );
    assert!(
        calls <= FULL_GRID * 2 / 5,
        "{calls} requests\n{}",
        text(&run.stderr)
    );
    assert_eq!(sum["calls"]["requests"].as_u64(), Some(calls));

    // The Korean mirror is harder for this model: the report names the
    // Korean cells that miss their band, and each really does.
    let report = std::fs::read_to_string(out.join("report.md")).expect("report");
    assert!(report.contains("## Mirrored languages"), "{report}");
    let mut ko_misses = 0;
    for t in sum["tiers"].as_array().expect("tiers") {
        let ko = &t["confirmations"][1];
        assert_eq!(ko["lang"], "ko");
        let terms = t["levers"]["terms"].as_i64().expect("terms") as usize;
        let target = t["target"].as_f64().expect("target");
        if ko["in_band"] == false {
            ko_misses += 1;
            assert!(report.contains(&format!("`{}` in `ko`", t["tier"].as_str().expect("tier"))));
        }
        // The measured KO accuracy is near the true one.
        let measured = ko["accuracy"].as_f64().expect("acc");
        assert!((measured - true_accuracy(terms, true)).abs() < 0.2, "{t}");
        let _ = target;
    }
    assert!(ko_misses >= 1, "{report}");
    // The plot shades the bands and marks the chosen values.
    let svg = std::fs::read_to_string(out.join("accuracy.svg")).expect("svg");
    assert!(svg.starts_with("<svg") && svg.contains("easy band") && svg.contains("confirmed (ko)"));
    // The points log holds every measurement.
    let judged: u64 = points
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).expect("point")["judged"]
                .as_u64()
                .expect("judged")
        })
        .sum();
    assert_eq!(judged, calls - 3);

    // The calibrated spec has the chosen values and builds.
    let calibrated = std::fs::read_to_string(out.join("calibrated.puzzle")).expect("calibrated");
    for (tier, _) in TARGETS {
        let terms = chosen_terms(&sum, tier).expect("terms");
        assert!(
            calibrated.contains(&format!("tier {tier}"))
                && calibrated.contains(&format!("terms = {terms} ")),
            "{calibrated}"
        );
    }
    let built = puzzlec(&[
        "build",
        s(&out.join("calibrated.puzzle")),
        "-o",
        s(&dir.path().join("data")),
        "-n",
        "3",
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    // The original spec is untouched without `--in-place`.
    assert_eq!(
        std::fs::read_to_string(&spec).expect("spec"),
        std::fs::read_to_string(FIXTURE).expect("fixture")
    );

    // A rerun replays from the cache: no request, the same result.
    let again = calibrate(&spec, &server.endpoint, &out, &["--in-place"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(server.requests(), calls);
    let sum2 = summary(&out);
    assert_eq!(sum2["tiers"], sum["tiers"]);
    assert_eq!(sum2["calls"]["requests"], 0);
    assert_eq!(std::fs::read_to_string(&spec).expect("spec"), calibrated);
}

#[test]
fn a_spent_budget_stops_with_partial_results_and_the_next_run_continues() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = FakeModel::start();
    let spec = Path::new(FIXTURE);
    let out = dir.path().join("report");
    let first = calibrate(spec, &server.endpoint, &out, &["--budget", "250"]);
    assert_eq!(first.status.code(), Some(1), "{}", text(&first.stderr));
    let err = text(&first.stderr);
    assert!(
        err.contains("stopped early") && err.contains("budget of 250"),
        "{err}"
    );
    assert_eq!(server.requests(), 250);
    let report = std::fs::read_to_string(out.join("report.md")).expect("partial report");
    assert!(report.contains("stopped early"), "{report}");
    assert_eq!(summary(&out)["status"], "stopped");
    assert!(!std::fs::read_to_string(out.join("points.jsonl"))
        .expect("points")
        .is_empty());

    let second = calibrate(spec, &server.endpoint, &out, &[]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    let total = server.requests();
    // The same run from scratch costs exactly as much: nothing was asked twice.
    let fresh_server = FakeModel::start();
    let fresh = calibrate(spec, &fresh_server.endpoint, &dir.path().join("fresh"), &[]);
    assert!(fresh.status.success(), "{}", text(&fresh.stderr));
    assert_eq!(fresh_server.requests(), total);
    assert_eq!(
        summary(&out)["tiers"],
        summary(&dir.path().join("fresh"))["tiers"]
    );
}

#[test]
fn a_band_out_of_reach_is_reported_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("adder.puzzle");
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    // From 24 terms on, the fake model is right at most ~27 % of the time.
    std::fs::write(
        &spec,
        fixture.replace("terms in 2..=60", "terms in 24..=60"),
    )
    .expect("write");
    let server = FakeModel::start();
    let out = dir.path().join("report");
    let run = calibrate(&spec, &server.endpoint, &out, &[]);
    assert_eq!(run.status.code(), Some(1));
    let report = std::fs::read_to_string(out.join("report.md")).expect("report");
    assert!(report.contains("out of reach"), "{report}");
    assert!(
        report.contains("`easy`: even the easiest value of the range (terms=24)")
            && report.contains("below the band"),
        "{report}"
    );
    assert!(
        report.contains("`medium`: even the easiest value"),
        "{report}"
    );
    let sum = summary(&out);
    assert_eq!(sum["status"], "not_calibrated");
    // The hard tier is still calibrated.
    let hard = chosen_terms(&sum, "hard").expect("hard");
    assert!((true_accuracy(hard as usize, false) - 0.25).abs() <= BAND);
    // Out of reach is found with few calls.
    assert!(server.requests() < 1200, "{}", server.requests());
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("report");
    // Server down.
    let down = calibrate(Path::new(FIXTURE), &dead_endpoint(), &out, &[]);
    assert_eq!(down.status.code(), Some(1));
    assert!(
        text(&down.stderr).contains("cannot reach"),
        "{}",
        text(&down.stderr)
    );
    // A spec without a calibrate block.
    let plain = dir.path().join("plain.puzzle");
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    std::fs::write(
        &plain,
        fixture.replace("calibrate { terms in 2..=60 harder up }", ""),
    )
    .expect("write");
    let server = FakeModel::start();
    let none = calibrate(&plain, &server.endpoint, &out, &[]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        text(&none.stderr).contains("has no `calibrate` block"),
        "{}",
        text(&none.stderr)
    );
    // A target tier the spec lacks.
    let tier = calibrate(
        Path::new(FIXTURE),
        &server.endpoint,
        &out,
        &["--targets", "easy=75,expert=10"],
    );
    assert_eq!(tier.status.code(), Some(1));
    assert!(
        text(&tier.stderr).contains("target tier `expert`"),
        "{}",
        text(&tier.stderr)
    );
    assert_eq!(server.requests(), 0);
    // A hang everywhere: timeouts, retried, then the items fail and the run stops.
    server.always(Some(Fault::Hang(std::time::Duration::from_secs(2))));
    let hung = calibrate(
        Path::new(FIXTURE),
        &server.endpoint,
        &dir.path().join("hung"),
        &[
            "--retries",
            "1",
            "--max-failures",
            "2",
            "--concurrency",
            "2",
        ],
    );
    assert_eq!(hung.status.code(), Some(1));
    assert!(
        text(&hung.stderr).contains("within 0.5 s"),
        "{}",
        text(&hung.stderr)
    );
}

#[test]
fn fake_model_curve_is_what_the_tests_assume() {
    assert!((true_accuracy(20, false) - 0.5).abs() < 1e-12);
    assert!(true_accuracy(2, false) > 0.98 && true_accuracy(60, false) < 0.001);
    assert!(true_accuracy(30, false) < 0.08);
    // Korean is harder at every length.
    assert!((2..=60).all(|n| true_accuracy(n, true) < true_accuracy(n, false)));
}

#[test]
fn calibrate_judges_with_the_specs_accept_condition_as_score_does() {
    // Every integer answer is accepted: `score` counts each of the fake
    // model's answers correct, so calibrate must see a flat 100 % curve and
    // find the 75 % band out of reach at the hardest end.
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("adder_accept.puzzle");
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    let with_accept = fixture.replace(
        "instance = { numbers: xs }",
        "instance = { numbers: xs }\naccept(r) = r == r",
    );
    assert_ne!(with_accept, fixture);
    std::fs::write(&spec, with_accept).expect("write");
    let server = FakeModel::start();
    let out = dir.path().join("report");
    let run = run_model_command(
        "calibrate",
        &spec,
        &server.endpoint,
        &out,
        &["--targets", "easy=75", "--n", "20", "--confirm-n", "20"],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let points = std::fs::read_to_string(out.join("points.jsonl")).expect("points");
    let mut at_hardest = (0, 0);
    for line in points.lines() {
        let p: serde_json::Value = serde_json::from_str(line).expect("point");
        assert_eq!(p["correct"], p["judged"], "{p}");
        if p["levers"]["terms"] == 60 {
            at_hardest.0 += p["correct"].as_u64().expect("correct");
            at_hardest.1 += p["judged"].as_u64().expect("judged");
        }
    }
    let sum = summary(&out);
    assert_eq!(sum["status"], "not_calibrated");
    let why = sum["tiers"][0]["out_of_reach"].as_str().expect("reason");
    // The reason quotes the curve as reported, raw counts included.
    assert!(
        why.contains("the hardest value") && why.contains("100.0 %"),
        "{why}"
    );
    assert!(
        why.contains(&format!("{} of {} correct", at_hardest.0, at_hardest.1)),
        "{why}"
    );
}

#[test]
fn a_tier_that_samples_a_range_keeps_a_range() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("adder_range.puzzle");
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    let ranged = fixture.replace(
        "tier easy   { terms = 3  top = 99 }",
        "tier easy   { terms = 2..=4  top = 99 }",
    );
    assert_ne!(ranged, fixture);
    std::fs::write(&spec, ranged).expect("write");
    let server = FakeModel::start();
    let out = dir.path().join("report");
    let run = calibrate(&spec, &server.endpoint, &out, &["--targets", "easy=75"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let sum = summary(&out);
    let tier = &sum["tiers"][0];
    let setting = tier["settings"]["terms"].as_str().expect("setting");
    let (lo, hi) = setting.split_once("..=").expect("still a range");
    let (lo, hi): (i64, i64) = (lo.parse().expect("lo"), hi.parse().expect("hi"));
    assert_eq!(hi - lo, 2, "{setting}");
    let calibrated = std::fs::read_to_string(out.join("calibrated.puzzle")).expect("calibrated");
    assert!(
        calibrated.contains(&format!("tier easy   {{ terms = {setting}  top = 99 }}")),
        "{calibrated}"
    );
    // The range's mean true accuracy is inside the band.
    let mean = (lo..=hi)
        .map(|t| true_accuracy(t as usize, false))
        .sum::<f64>()
        / 3.0;
    assert!((mean - 0.75).abs() <= BAND, "{setting}: {mean:.3}");
}

#[test]
fn calibrate_never_writes_through_a_link_or_over_its_spec() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = FakeModel::start();
    // points.jsonl planted as a link to a file elsewhere: refused, the target untouched.
    let out = dir.path().join("report");
    std::fs::create_dir_all(&out).expect("mkdir");
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "keep me").expect("write");
    std::os::unix::fs::symlink(&precious, out.join("points.jsonl")).expect("symlink");
    let linked = calibrate(Path::new(FIXTURE), &server.endpoint, &out, &[]);
    assert_eq!(linked.status.code(), Some(1));
    assert!(
        text(&linked.stderr).contains("points.jsonl"),
        "{}",
        text(&linked.stderr)
    );
    assert_eq!(std::fs::read_to_string(&precious).expect("read"), "keep me");
    // A spec named like one of the outputs, in the output folder: refused.
    let beside = dir.path().join("beside");
    std::fs::create_dir_all(&beside).expect("mkdir");
    let spec = beside.join("calibrated.puzzle");
    std::fs::copy(FIXTURE, &spec).expect("copy");
    let over = calibrate(&spec, &server.endpoint, &beside, &[]);
    assert_eq!(over.status.code(), Some(1));
    assert_eq!(
        std::fs::read(&spec).expect("read"),
        std::fs::read(FIXTURE).expect("fixture")
    );
    assert_eq!(server.requests(), 0, "refused before any request");
}
