//! `puzzlec calibrate` over a `one of` lever, against the fake model of
//! `calibrate.rs`: a mixture moved between two weight vectors and an ordered
//! list of values. The fixture maps each value to a list length, so the
//! true accuracy of any setting is known from the fake model's curve: the
//! chosen settings must have true accuracies inside the bands, and the
//! calibrated spec must carry them and build.

use crate::fake_model;

use fake_model::{puzzlec, run_model_command, s, text, true_accuracy, FakeModel};
use std::path::Path;

const FIXTURE: &str = "tests/data/calibrate/mixer.puzzle";
const BLOCK: &str =
    r#"calibrate { size from weighted { "tiny": 1 } to weighted { "huge": 1 } steps 20 }"#;
const TARGETS: [(&str, f64); 3] = [("easy", 0.75), ("medium", 0.50), ("hard", 0.25)];
const BAND: f64 = 0.10;

/// The list length of each value of the fixture's `size` lever.
fn terms(size: &str) -> usize {
    match size {
        "tiny" => 4,
        "short" => 14,
        "medium" => 20,
        "long" => 24,
        "huge" => 30,
        other => panic!("no size {other}"),
    }
}

/// The true English accuracy of a setting: a value, or a mixture's
/// weighted mean.
fn truth(setting: &serde_json::Value) -> f64 {
    match setting {
        serde_json::Value::String(v) => true_accuracy(terms(v), false),
        serde_json::Value::Object(w) => {
            let total: f64 = w.values().map(|n| n.as_f64().expect("weight")).sum();
            w.iter()
                .map(|(v, n)| n.as_f64().expect("weight") * true_accuracy(terms(v), false))
                .sum::<f64>()
                / total
        }
        other => panic!("not a setting of `size`: {other}"),
    }
}

fn calibrate_with(block: &str, dir: &Path) -> (serde_json::Value, String) {
    let spec = dir.join("mixer.puzzle");
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    assert!(fixture.contains(BLOCK));
    std::fs::write(&spec, fixture.replace(BLOCK, block)).expect("write");
    let server = FakeModel::start();
    let out = dir.join("report");
    let run = run_model_command(
        "calibrate",
        &spec,
        &server.endpoint,
        &out,
        &["--n", "60", "--confirm-n", "100"],
    );
    assert!(
        run.status.success(),
        "{}\n{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("calibration.json")).expect("json"))
            .expect("json");
    let calibrated = std::fs::read_to_string(out.join("calibrated.puzzle")).expect("calibrated");
    let built = puzzlec(&[
        "build",
        s(&out.join("calibrated.puzzle")),
        "-o",
        s(&dir.join("data")),
        "-n",
        "3",
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    (summary, calibrated)
}

/// Every tier's chosen setting has a true accuracy inside its band, and the
/// calibrated spec writes it into the tier.
fn assert_in_band_and_written(summary: &serde_json::Value, calibrated: &str) {
    assert_eq!(summary["status"], "calibrated", "{summary}");
    for (tier, target) in TARGETS {
        let t = summary["tiers"]
            .as_array()
            .expect("tiers")
            .iter()
            .find(|t| t["tier"] == tier)
            .unwrap_or_else(|| panic!("no {tier}"));
        let setting = &t["levers"]["size"];
        let acc = truth(setting);
        assert!(
            (acc - target).abs() <= BAND,
            "{tier}: {setting} has true accuracy {acc:.3}, outside {target} ± {BAND}"
        );
        let written = t["settings"]["size"].as_str().expect("setting text");
        let line = calibrated
            .lines()
            .find(|l| l.starts_with(&format!("tier {tier} ")))
            .expect("tier line");
        assert!(line.contains(&format!("size = {written} ")), "{line}");
    }
}

#[test]
fn a_mixture_lever_lands_in_band_and_is_written_back_as_weights() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (summary, calibrated) = calibrate_with(BLOCK, dir.path());
    assert_in_band_and_written(&summary, &calibrated);
    // Every chosen setting is a mixture of the two ends, written as one.
    for t in summary["tiers"].as_array().expect("tiers") {
        let weights = t["levers"]["size"].as_object().expect("a mixture");
        let keys: Vec<&str> = weights.keys().map(String::as_str).collect();
        assert_eq!(keys, ["tiny", "huge"], "{t}");
        let text = t["settings"]["size"].as_str().expect("text");
        assert!(text.starts_with("weighted { "), "{text}");
    }
}

#[test]
fn an_ordered_lever_lands_in_band_on_listed_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (summary, calibrated) = calibrate_with(
        r#"calibrate { size in ["tiny", "short", "medium", "long", "huge"] }"#,
        dir.path(),
    );
    assert_in_band_and_written(&summary, &calibrated);
    // The fake model's curve over the list: 98 %, 82 %, 50 %, 27 %, 8 %.
    for (tier, want) in [("easy", "short"), ("medium", "medium"), ("hard", "long")] {
        let t = summary["tiers"]
            .as_array()
            .expect("tiers")
            .iter()
            .find(|t| t["tier"] == tier)
            .expect("tier");
        assert_eq!(t["levers"]["size"], want, "{t}");
        assert_eq!(t["settings"]["size"], format!("\"{want}\""));
    }
}
