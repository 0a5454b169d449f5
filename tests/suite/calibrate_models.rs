//! `puzzlec calibrate` against two models at once (`--endpoint` and
//! `--model` given twice), each a fake server of `calibrate.rs`; the second
//! finds every list as hard as the first finds a longer one. The search
//! follows the pooled curve; a tier is in band only when both models'
//! confirmations are, and the report gives both curves.

use crate::fake_model;

use fake_model::{puzzlec, s, text, true_accuracy, FakeModel};
use std::path::Path;
use std::process::Output;

const FIXTURE: &str = "tests/data/calibrate/adder.puzzle";
const BAND: f64 = 0.10;

fn calibrate_two(a: &FakeModel, b: &FakeModel, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "calibrate",
        FIXTURE,
        "--endpoint",
        &a.endpoint,
        "--model",
        "fake-1",
        "--endpoint",
        &b.endpoint,
        "--model",
        "fake-2",
        "-o",
        s(out),
        "--timeout",
        "0.5",
        "--backoff-ms",
        "5",
        "--retries",
        "3",
    ];
    args.extend_from_slice(extra);
    puzzlec(&args)
}

fn summary(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("calibration.json")).expect("summary"))
        .expect("json")
}

#[test]
fn two_models_are_calibrated_together_and_both_curves_are_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b) = (FakeModel::start(), FakeModel::start_harder(2));
    let out = dir.path().join("report");
    let run = calibrate_two(&a, &b, &out, &["--n", "60", "--confirm-n", "100"]);
    assert!(
        run.status.success(),
        "{}\n{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    // Every item went to both models.
    assert_eq!(a.requests(), b.requests());
    let sum = summary(&out);
    assert_eq!(sum["models"], serde_json::json!(["fake-1", "fake-2"]));
    for t in sum["tiers"].as_array().expect("tiers") {
        let terms = t["levers"]["terms"].as_i64().expect("terms") as usize;
        let target = t["target"].as_f64().expect("target");
        for (model, truth) in [
            ("fake-1", true_accuracy(terms, false)),
            ("fake-2", true_accuracy(terms + 2, false)),
        ] {
            assert!(
                (truth - target).abs() <= BAND,
                "{t}: {model} has true accuracy {truth:.3} at terms = {terms}"
            );
            let c = t["confirmations"]
                .as_array()
                .expect("confirmations")
                .iter()
                .find(|c| c["model"] == model && c["lang"] == "en")
                .expect("a confirmation per model");
            assert_eq!(c["in_band"], true, "{c}");
        }
    }
    // Both curves, each model's own measurements.
    let curve = &sum["curves"][0];
    let models: Vec<&str> = curve["per_model"]
        .as_array()
        .expect("per model")
        .iter()
        .map(|m| m["model"].as_str().expect("model"))
        .collect();
    assert_eq!(models, ["fake-1", "fake-2"]);
    let at_end = |fit: &serde_json::Value| {
        fit.as_array()
            .expect("fit")
            .iter()
            .find(|f| f["step"] == 0)
            .expect("step 0")["judged"]
            .as_u64()
            .expect("judged")
    };
    let (one, two) = (
        at_end(&curve["per_model"][0]["fit"]),
        at_end(&curve["per_model"][1]["fit"]),
    );
    assert_eq!(one, two);
    assert_eq!(at_end(&curve["fit"]), one + two, "the pooled curve");
    let report = std::fs::read_to_string(out.join("report.md")).expect("report");
    assert!(
        report.contains("against `fake-1` and `fake-2`")
            && report.contains("## Models")
            && report.contains("model `fake-2`"),
        "{report}"
    );
    let points = std::fs::read_to_string(out.join("points.jsonl")).expect("points");
    for model in ["fake-1", "fake-2"] {
        assert!(points.contains(&format!("\"model\":\"{model}\"")));
    }
    let svg = std::fs::read_to_string(out.join("accuracy.svg")).expect("svg");
    assert!(svg.contains("fit of fake-2"));
}

#[test]
fn a_tier_is_in_band_only_when_both_models_are() {
    // The second model finds every list as hard as the first finds one 12
    // numbers longer: no length puts both near 50 %.
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b) = (FakeModel::start(), FakeModel::start_harder(12));
    let out = dir.path().join("report");
    let run = calibrate_two(
        &a,
        &b,
        &out,
        &[
            "--targets",
            "medium=50",
            "--n",
            "40",
            "--confirm-n",
            "60",
            "--rounds",
            "2",
        ],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let sum = summary(&out);
    assert_eq!(sum["status"], "not_calibrated");
    let tier = &sum["tiers"][0];
    let verdicts: Vec<bool> = tier["confirmations"]
        .as_array()
        .expect("confirmations")
        .iter()
        .filter(|c| c["lang"] == "en")
        .map(|c| c["in_band"].as_bool().expect("verdict"))
        .collect();
    assert_eq!(verdicts.len(), 2, "{tier}");
    assert!(verdicts.contains(&false), "{tier}");
}

#[test]
fn models_and_endpoints_must_pair_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = FakeModel::start();
    let out = dir.path().join("report");
    let s_out = s(&out);
    let e = server.endpoint.as_str();
    // Two endpoints for three models.
    let bad = puzzlec(&[
        "calibrate",
        FIXTURE,
        "--endpoint",
        e,
        "--endpoint",
        e,
        "--model",
        "a",
        "--model",
        "b",
        "--model",
        "c",
        "-o",
        s_out,
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("2 `--endpoint` for 3 `--model`"),
        "{}",
        text(&bad.stderr)
    );
    // The same model twice.
    let twice = puzzlec(&[
        "calibrate",
        FIXTURE,
        "--endpoint",
        e,
        "--model",
        "a",
        "--model",
        "a",
        "-o",
        s_out,
    ]);
    assert_eq!(twice.status.code(), Some(1));
    assert!(text(&twice.stderr).contains("model `a` is given twice"));
    // `ask` asks one model.
    let ask = puzzlec(&[
        "ask",
        "tests/data/calibrate",
        "--endpoint",
        e,
        "--model",
        "a",
        "--model",
        "b",
        "-o",
        s(&dir.path().join("r.jsonl")),
    ]);
    assert_eq!(ask.status.code(), Some(1));
    assert!(
        text(&ask.stderr).contains("run it once per model"),
        "{}",
        text(&ask.stderr)
    );
    assert_eq!(server.requests(), 0);
}
