//! End-to-end tests of `puzzlec compare`: the synthetic specs in
//! `tests/data/compare/specs` are built, five models answer with a known
//! pattern of right and wrong answers (the `synthetic` part of
//! `tests/data/compare/stats_fixtures.json`), each is scored with the real
//! `puzzlec score --per-item`, and every table entry of `compare`'s
//! `report.json` is checked against the values computed independently with
//! scipy / statsmodels by `tests/data/compare/make_fixtures.py`. Then the
//! HTML report is opened in headless Chromium.

use crate::common::{self, browser, lossy, puzzlec, utf8};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixture() -> Value {
    let path = common::root().join("tests/data/compare/stats_fixtures.json");
    let all: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    all["synthetic"].clone()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1e-3)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn check_num(got: &Value, want: &Value, what: &str) {
    assert!(close(num(got), num(want)), "{what}: got {got}, want {want}");
}

fn check_list(got: &Value, want: &Value, what: &str) {
    let (g, w) = (got.as_array().unwrap(), want.as_array().unwrap());
    assert_eq!(g.len(), w.len(), "{what}: {got} vs {want}");
    for (a, b) in g.iter().zip(w) {
        check_num(a, b, what);
    }
}

/// Builds the dataset, writes and scores each model's responses; returns
/// the temporary folder, the dataset path and the report folders.
fn scored(fx: &Value) -> (tempfile::TempDir, PathBuf, Vec<PathBuf>) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let specs = common::root().join("tests/data/compare/specs");
    let per_tier = fx["per_tier"].as_u64().unwrap();
    let o = puzzlec(&[
        "build",
        utf8(&specs),
        "-o",
        utf8(&data),
        "-n",
        &per_tier.to_string(),
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "build: {}", lossy(&o.stderr));
    let mut reports = Vec::new();
    for label in fx["labels"].as_array().unwrap() {
        let label = label.as_str().unwrap();
        let mut lines = String::new();
        for file in puzzlec::dataset::dataset_files(&data).unwrap() {
            for r in puzzlec::dataset::read_records(&file).unwrap() {
                let offset = fx["offsets"][label][&r.lang].as_u64().unwrap();
                let cell = format!("{}/{}/{}", r.puzzle, r.lang, r.tier);
                let k = fx["k"][label][&cell].as_u64().unwrap();
                let correct = (r.index + offset) % per_tier < k;
                let answer = if correct {
                    r.answer.clone()
                } else {
                    format!("{}", r.answer.parse::<i64>().unwrap() + 1)
                };
                let response = format!("Let me add.\nAnswer: {answer}");
                lines += &serde_json::json!({"id": r.id, "response": response}).to_string();
                lines.push('\n');
            }
        }
        let responses = tmp.path().join(format!("{label}.jsonl"));
        std::fs::write(&responses, lines).unwrap();
        let dir = tmp.path().join(format!("score-{label}"));
        let o = puzzlec(&[
            "score",
            utf8(&data),
            utf8(&responses),
            "-o",
            utf8(&dir),
            "--per-item",
        ]);
        assert!(o.status.success(), "score {label}: {}", lossy(&o.stderr));
        reports.push(dir);
    }
    (tmp, data, reports)
}

fn run_compare(fx: &Value, reports: &[PathBuf], out: &Path) -> Value {
    let mut args: Vec<String> = vec!["compare".into()];
    for (label, dir) in fx["labels"].as_array().unwrap().iter().zip(reports) {
        args.push(format!("{}={}", label.as_str().unwrap(), utf8(dir)));
    }
    args.extend(["-o".into(), utf8(out).into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = puzzlec(&args);
    assert!(o.status.success(), "compare: {}", lossy(&o.stderr));
    let text = std::fs::read_to_string(out.join("report.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn synthetic_models_match_the_reference_values() {
    let fx = fixture();
    let want = &fx["expected"];
    let (tmp, _data, reports) = scored(&fx);
    let out = tmp.path().join("cmp");
    let got = run_compare(&fx, &reports, &out);

    // Models, the floor.
    let models = got["models"].as_array().unwrap();
    assert_eq!(models.len(), 5);
    for (i, m) in models.iter().enumerate() {
        assert_eq!(m["label"], fx["labels"][i]);
        assert_eq!(m["records"], want["records"][i]);
        check_num(&m["accuracy"], &want["accuracy"][i], "model accuracy");
        assert_eq!(m["included"], want["included"][i], "{m}");
    }

    // Tasks, tiers, tier order.
    let tasks = got["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), want["tasks"].as_array().unwrap().len());
    for w in want["tasks"].as_array().unwrap() {
        let name = w["task"].as_str().unwrap();
        let t = tasks
            .iter()
            .find(|t| {
                format!(
                    "{}/{}",
                    t["puzzle"].as_str().unwrap(),
                    t["lang"].as_str().unwrap()
                ) == name
            })
            .unwrap_or_else(|| panic!("task {name}"));
        assert_eq!(
            format!(
                "{}/{}",
                t["group"].as_str().unwrap(),
                t["lang"].as_str().unwrap()
            ),
            w["group"].as_str().unwrap()
        );
        check_list(&t["accuracy"], &w["accuracy"], name);
        for (tier, wt) in t["tiers"]
            .as_array()
            .unwrap()
            .iter()
            .zip(w["tiers"].as_array().unwrap())
        {
            check_list(&tier["accuracy"], wt, name);
        }
        let keeps: Vec<Value> = t["keeps_order"].as_array().unwrap().clone();
        assert_eq!(Value::Array(keeps), w["keeps_order"], "{name}");
        assert_eq!(t["order_kept"], w["order_kept"], "{name}");
        assert_eq!(t["order_of"], w["order_of"], "{name}");
    }

    // Groups.
    let groups = got["groups"].as_array().unwrap();
    let want_groups = want["groups"].as_object().unwrap();
    assert_eq!(groups.len(), want_groups.len());
    for g in groups {
        let key = g["key"].as_str().unwrap();
        check_list(&g["accuracy"], &want_groups[key], key);
    }

    // Equivalence: two-sample TOST, paired TOST, McNemar, Holm.
    let eq = got["equivalence"].as_array().unwrap();
    for (e, w) in eq.iter().zip(want["equivalence"].as_array().unwrap()) {
        let who = w["label"].as_str().unwrap();
        assert_eq!(e["label"], w["label"]);
        assert_eq!(e["en_correct"], w["en_correct"], "{who}");
        assert_eq!(e["ko_correct"], w["ko_correct"], "{who}");
        assert_eq!(e["pairs"], w["pairs"], "{who}");
        assert_eq!(e["en_only"], w["en_only"], "{who}");
        assert_eq!(e["ko_only"], w["ko_only"], "{who}");
        check_num(&e["two_sample"]["p"], &w["two_sample_p"], who);
        check_num(&e["two_sample"]["p_lower"], &w["two_sample_p_lower"], who);
        check_num(&e["two_sample"]["p_upper"], &w["two_sample_p_upper"], who);
        check_num(&e["paired"]["p"], &w["paired_p"], who);
        check_num(&e["mcnemar"]["p"], &w["mcnemar_p"], who);
        assert_eq!(e["mcnemar"]["exact"], w["mcnemar_exact"], "{who}");
        for key in ["two_sample", "paired", "mcnemar"] {
            let (g, h) = (&e[format!("{key}_holm")], &w[format!("{key}_p_holm")]);
            if h.is_null() {
                assert!(g.is_null(), "{who} {key}: excluded by the floor, got {g}");
            } else {
                check_num(g, h, &format!("{who} {key} holm"));
            }
        }
    }
    // The 0 % model: no discordant pairs (McNemar p = 1), not decided.
    let zero = &eq[4];
    assert_eq!(zero["mcnemar"]["p"], 1.0);
    assert_eq!(zero["two_sample"]["decided"], false);

    // The default regression, from the groups' metadata.
    let regs = got["regressions"].as_array().unwrap();
    assert_eq!(regs.len(), 1, "{regs:?}");
    let (r, w) = (&regs[0], &want["regression"]);
    assert_eq!(r["spec"]["outcome"], "code/ko");
    assert_eq!(r["spec"]["predictor"], "letters/ko");
    assert_eq!(r["spec"]["control"], "direct/ko");
    let xs: Vec<Value> = r["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["x"].clone())
        .collect();
    check_list(&Value::Array(xs), &w["x"], "x");
    for key in ["slope", "intercept", "r2", "slope_p"] {
        check_num(&r["fit"][key], &w[key], key);
    }
    check_num(&r["partial"]["r"], &w["partial_r"], "partial r");
    check_num(&r["partial"]["p"], &w["partial_p"], "partial p");

    // Within-Korean deficits.
    for d in got["deficits"].as_array().unwrap() {
        let task = d["task"].as_str().unwrap();
        check_list(&d["deficit"], &want["deficits"][task], task);
    }

    // Levers: `size` grows, `top` stays.
    for l in got["levers"].as_array().unwrap() {
        let name = l["lever"].as_str().unwrap();
        let means: Vec<Value> = l["means"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m[1].clone())
            .collect();
        check_list(&Value::Array(means), &want["levers"][name], name);
        let trend = if name == "size" { "grows" } else { "flat" };
        assert_eq!(l["trend"], trend, "{l}");
    }

    // The other files.
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        md.contains("| code/ko ~ letters/ko \\| direct/ko | 4 |"),
        "{md}"
    );
    for f in [
        "report.html",
        "accuracy_heatmap.svg",
        "tiers.svg",
        "regression_1.svg",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    browser_check(&out.join("report.html"));
}

/// Opens the report in headless Chromium: the page's own script must find
/// every figure rendered with a non-zero size, and the screenshot must not
/// be blank.
fn browser_check(html: &Path) {
    let Some(chromium) = browser::chromium("report.html") else {
        return;
    };
    let dom = browser::dump_dom(&chromium, html);
    let check = dom
        .lines()
        .find(|l| l.contains("id=\"figure-check\""))
        .unwrap_or_else(|| panic!("no #figure-check in the dumped DOM: {dom}"));
    assert!(check.contains("data-ok=\"true\""), "{check}");
    assert!(check.contains("data-figures=\"3\""), "{check}");
    let png = browser::screenshot(&chromium, html, (1200, 2400));
    assert!(
        browser::png_not_blank(&png, 40_000),
        "the screenshot is one flat colour"
    );
}

#[test]
fn bad_inputs_are_located_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    std::fs::create_dir(&dir).unwrap();
    // No report.json.
    let o = puzzlec(&["compare", utf8(&dir), "-o", utf8(&tmp.path().join("o"))]);
    assert_eq!(o.status.code(), Some(1));
    let err = lossy(&o.stderr);
    assert!(
        err.contains("puzzlec::compare::missing_file") && err.contains("report.json"),
        "{err}"
    );
    // A report.json that is not JSON: the diagnostic points into it.
    std::fs::write(dir.join("report.json"), "{\n  \"dataset\": 5,\n}").unwrap();
    let o = puzzlec(&["compare", utf8(&dir), "-o", utf8(&tmp.path().join("o"))]);
    assert_eq!(o.status.code(), Some(1));
    let err = lossy(&o.stderr);
    assert!(
        err.contains("puzzlec::compare::bad_report") && err.contains("2 │"),
        "{err}"
    );
    // A missing directory.
    let o = puzzlec(&[
        "compare",
        utf8(&tmp.path().join("nope")),
        "-o",
        utf8(&tmp.path().join("o")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(lossy(&o.stderr).contains("puzzlec::compare::missing_dir"));
    // A bad option.
    let o = puzzlec(&[
        "compare",
        utf8(&dir),
        "-o",
        utf8(&tmp.path().join("o")),
        "--floor",
        "150",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(lossy(&o.stderr).contains("puzzlec::compare::option"));
}

#[test]
fn refuses_an_output_inside_an_input_and_a_foreign_report() {
    let fx = fixture();
    let (tmp, _data, reports) = scored(&fx);
    // The output folder inside a report folder.
    let inside = reports[0].join("cmp");
    let o = puzzlec(&["compare", utf8(&reports[0]), "-o", utf8(&inside)]);
    assert_eq!(o.status.code(), Some(1), "{}", lossy(&o.stderr));
    assert!(!inside.exists());
    // A report scored on another dataset: drop one record from its per-item file.
    let per_item = reports[1].join("per_item.jsonl");
    let text = std::fs::read_to_string(&per_item).unwrap();
    let fewer: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(&per_item, fewer).unwrap();
    let out = tmp.path().join("cmp");
    let o = puzzlec(&[
        "compare",
        utf8(&reports[0]),
        utf8(&reports[1]),
        "-o",
        utf8(&out),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = lossy(&o.stderr);
    assert!(
        err.contains("puzzlec::compare::inconsistent")
            && err.contains("1 dataset record(s) have no verdict"),
        "{err}"
    );
    // Two reports with one label.
    let o = puzzlec(&[
        "compare",
        &format!("a={}", utf8(&reports[0])),
        &format!("a={}", utf8(&reports[2])),
        "-o",
        utf8(&out),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(lossy(&o.stderr).contains("puzzlec::compare::duplicate_label"));
}

#[test]
fn step_accuracy_by_number_of_steps() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let spec = common::root().join("suites/hrmcr/hrmcr_zodiac.puzzle");
    let o = puzzlec(&["build", utf8(&spec), "-o", utf8(&data), "-n", "6"]);
    assert!(o.status.success(), "build: {}", lossy(&o.stderr));
    let records: Vec<_> = puzzlec::dataset::dataset_files(&data)
        .unwrap()
        .iter()
        .flat_map(|f| puzzlec::dataset::read_records(f).unwrap())
        .collect();
    // step count → (records, final correct per model, step correct per model)
    type Tally = (u64, [u64; 2], Vec<[u64; 2]>);
    let mut want: std::collections::BTreeMap<usize, Tally> = Default::default();
    let mut dirs = Vec::new();
    for (m, label) in ["one", "two"].iter().enumerate() {
        let mut lines = String::new();
        for (j, r) in records.iter().enumerate() {
            let k = r.checkpoints.len();
            let tally = want.entry(k).or_insert((0, [0; 2], vec![[0; 2]; k]));
            if m == 0 {
                tally.0 += 1;
            }
            let mut text = String::new();
            for c in &r.checkpoints {
                let right = (c.step + j + m) % 3 != 0;
                tally.2[c.step - 1][m] += right as u64;
                let said = if right {
                    c.gold.clone()
                } else {
                    "모름".to_string()
                };
                text += &format!("Step {}: {said}\n", c.step);
            }
            let right = j % 2 == m;
            tally.1[m] += right as u64;
            text += &format!("정답: {}", if right { r.answer.as_str() } else { "모름" });
            lines += &serde_json::json!({"id": r.id, "response": text}).to_string();
            lines.push('\n');
        }
        let responses = tmp.path().join(format!("{label}.jsonl"));
        std::fs::write(&responses, lines).unwrap();
        let dir = tmp.path().join(label);
        let o = puzzlec(&[
            "score",
            utf8(&data),
            utf8(&responses),
            "-o",
            utf8(&dir),
            "--per-item",
            "--steps",
        ]);
        assert!(o.status.success(), "score: {}", lossy(&o.stderr));
        dirs.push(dir);
    }
    let out = tmp.path().join("cmp");
    let o = puzzlec(&["compare", utf8(&dirs[0]), utf8(&dirs[1]), "-o", utf8(&out)]);
    assert!(o.status.success(), "compare: {}", lossy(&o.stderr));
    let got: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let rows = got["steps"].as_array().unwrap();
    assert_eq!(rows.len(), want.len(), "{rows:?}");
    for (row, (k, (n, finals, steps))) in rows.iter().zip(&want) {
        assert_eq!(row["steps"], *k as u64);
        assert_eq!(row["n"], *n);
        for m in 0..2 {
            check_num(
                &row["accuracy"][m],
                &Value::from(finals[m] as f64 / *n as f64),
                "final",
            );
            for (s, counts) in steps.iter().enumerate() {
                let want = counts[m] as f64 / *n as f64;
                check_num(&row["step_accuracy"][s][m], &Value::from(want), "step");
            }
        }
    }
}
