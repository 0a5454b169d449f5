//! `puzzlec export lm-eval` and `puzzlec export inspect`: the written files'
//! shape (every YAML parses; task, group and tag names; `data_files` paths
//! that lead from the working directory to the manifest's files; Inspect's
//! data path relative to its task file) and the refusals. The harnesses run
//! these files end to end in `python/tests/test_harness_exports.py`.

use crate::common::{self, lossy as text, utf8 as s};
use puzzlec::dataset::Manifest;
use serde_yaml_ng::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// Two scaffold specs (`tiny`, `small`) built into `dir/data`.
fn build(dir: &Path, format: &str) -> Manifest {
    common::build_scaffolds(dir, format);
    Manifest::read(&dir.join("data").join("manifest.json")).expect("manifest")
}

/// `puzzlec ARGS` run in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run puzzlec")
}

fn yaml(path: &Path) -> Value {
    let text = fs::read_to_string(path).expect("read yaml");
    serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_sequence()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

#[test]
fn lm_eval_tasks_groups_and_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let manifest = build(tmp.path(), "puzzlec");
    let out = run_in(tmp.path(), &["export", "lm-eval", "data", "-o", "lm"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("--include_path lm --tasks puzzlec"));
    let lm = tmp.path().join("lm");

    let mut expected: BTreeSet<String> = ["puzzlec.yaml", "puzzlec_en.yaml", "puzzlec_ko.yaml"]
        .map(String::from)
        .into();
    expected.insert("utils.py".into());
    let mut by_lang: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for task in &manifest.tasks {
        let name = format!("puzzlec_{}_{}_{}", task.puzzle, task.lang, task.tier);
        expected.insert(format!("{name}.yaml"));
        by_lang
            .entry(task.lang.clone())
            .or_default()
            .push(name.clone());

        let doc = yaml(&lm.join(format!("{name}.yaml")));
        assert_eq!(doc["task"].as_str(), Some(name.as_str()));
        assert_eq!(strings(&doc["tag"]), [format!("puzzlec_{}", task.puzzle)]);
        assert_eq!(doc["dataset_path"].as_str(), Some("json"));
        assert_eq!(doc["test_split"].as_str(), Some("test"));
        assert_eq!(doc["output_type"].as_str(), Some("generate_until"));
        assert_eq!(doc["doc_to_text"].as_str(), Some("question"));
        assert_eq!(doc["doc_to_target"].as_str(), Some("answer"));
        assert_eq!(doc["num_fewshot"].as_u64(), Some(0));
        // The data file: relative, and from the working directory of the
        // export it is the manifest's file.
        let file = doc["dataset_kwargs"]["data_files"]["test"]
            .as_str()
            .expect("data_files.test");
        assert_eq!(file, format!("data/{}", task.file));
        assert!(Path::new(file).is_relative());
        assert_eq!(
            fs::canonicalize(tmp.path().join(file)).unwrap(),
            fs::canonicalize(tmp.path().join("data").join(&task.file)).unwrap()
        );
        // Scoring is utils.process_results, through lm-eval's `!function` tag.
        let Value::Tagged(function) = &doc["process_results"] else {
            panic!(
                "process_results is not a !function: {:?}",
                doc["process_results"]
            );
        };
        assert_eq!(function.tag, "!function");
        assert_eq!(function.value.as_str(), Some("utils.process_results"));
        let metric = &doc["metric_list"][0];
        assert_eq!(metric["metric"].as_str(), Some("acc"));
        assert_eq!(metric["aggregation"].as_str(), Some("mean"));
        let generation = &doc["generation_kwargs"];
        assert_eq!(generation["until"], Value::Sequence(vec![]));
        assert_eq!(generation["max_gen_toks"].as_u64(), Some(4096));
        assert_eq!(generation["temperature"].as_u64(), Some(0));
        assert_eq!(
            doc["metadata"]["spec_hash"].as_str(),
            Some(task.spec_hash.as_str())
        );
        assert_eq!(
            doc["metadata"]["file_sha256"].as_str(),
            Some(task.sha256.as_str())
        );
    }
    let written: BTreeSet<String> = fs::read_dir(&lm)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(written, expected);

    let suite = yaml(&lm.join("puzzlec.yaml"));
    assert_eq!(suite["group"].as_str(), Some("puzzlec"));
    assert_eq!(strings(&suite["task"]), ["puzzlec_en", "puzzlec_ko"]);
    for (lang, tasks) in &by_lang {
        let group = yaml(&lm.join(format!("puzzlec_{lang}.yaml")));
        assert_eq!(
            group["group"].as_str(),
            Some(format!("puzzlec_{lang}").as_str())
        );
        assert_eq!(&strings(&group["task"]), tasks);
        let aggregate = &group["aggregate_metric_list"][0];
        assert_eq!(aggregate["metric"].as_str(), Some("acc"));
        assert_eq!(aggregate["weight_by_size"].as_bool(), Some(true));
    }
    let utils = fs::read_to_string(lm.join("utils.py")).unwrap();
    assert!(utils.contains("def process_results(doc, results):"));
    assert!(utils.contains("puzzlec.score(dict(doc), "));

    // Another prefix and token budget; an absolute dataset path stays absolute.
    let data = fs::canonicalize(tmp.path().join("data")).unwrap();
    let out = run_in(
        tmp.path(),
        &[
            "export",
            "lm-eval",
            s(&data),
            "-o",
            "lm2",
            "--name",
            "nolli",
            "--max-tokens",
            "99",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let task = &manifest.tasks[0];
    let name = format!("nolli_{}_{}_{}", task.puzzle, task.lang, task.tier);
    let doc = yaml(&tmp.path().join("lm2").join(format!("{name}.yaml")));
    assert_eq!(doc["task"].as_str(), Some(name.as_str()));
    let file = doc["dataset_kwargs"]["data_files"]["test"]
        .as_str()
        .unwrap();
    assert_eq!(Path::new(file), data.join(&task.file));
    assert_eq!(doc["generation_kwargs"]["max_gen_toks"].as_u64(), Some(99));
    assert!(tmp.path().join("lm2/nolli.yaml").is_file());
}

#[test]
fn the_inspect_task_reads_the_data_relative_to_itself() {
    let tmp = tempfile::tempdir().unwrap();
    build(tmp.path(), "hf");
    let out = run_in(
        tmp.path(),
        &["export", "inspect", "data", "-o", "evals/inspect"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = tmp.path().join("evals/inspect");
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["puzzlec_tasks.py"]);
    let task = fs::read_to_string(dir.join("puzzlec_tasks.py")).unwrap();
    let data_line = task
        .lines()
        .find(|l| l.starts_with("DATA = "))
        .expect("a DATA line");
    assert_eq!(
        data_line,
        "DATA = pathlib.Path(__file__).resolve().parent / \"../../data\""
    );
    assert_eq!(
        fs::canonicalize(dir.join("../../data/manifest.json")).unwrap(),
        fs::canonicalize(tmp.path().join("data/manifest.json")).unwrap()
    );
    assert!(task.contains(
        "\ndef puzzlec(puzzle: str = \"\", lang: str = \"\", tier: str = \"\") -> Task:\n"
    ));
    assert!(task.contains("MAX_TOKENS = 4096\n"));
    assert!(task.contains("_puzzlec.score(state.metadata[\"record\"], state.output.completion)"));
    assert!(!task.contains("@@"), "a placeholder is left");
}

#[test]
fn refusals_name_the_problem() {
    let tmp = tempfile::tempdir().unwrap();
    build(tmp.path(), "puzzlec");
    let fails = |args: &[&str], needle: &str| {
        let out = run_in(tmp.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    };
    fails(
        &["export", "lm-eval", "data", "-o", "data"],
        "overwrite the input",
    );
    fails(
        &["export", "inspect", "data", "-o", "data/tasks"],
        "overwrite the input",
    );
    fails(
        &["export", "lm-eval", "specs", "-o", "x"],
        "no `manifest.json`",
    );
    fails(
        &["export", "lm-eval", "data", "-o", "x", "--name", "9x"],
        "export::bad_name",
    );
    fails(
        &["export", "inspect", "data", "-o", "x", "--name", "class"],
        "export::reserved_name",
    );

    let ok = run_in(tmp.path(), &["export", "lm-eval", "data", "-o", "lm"]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    fails(&["export", "lm-eval", "data", "-o", "lm"], "already exists");
    let again = run_in(
        tmp.path(),
        &["export", "lm-eval", "data", "-o", "lm", "--force"],
    );
    assert!(again.status.success(), "{}", text(&again.stderr));

    // A nolli build lacks the fields the judge reads.
    let nolli = tempfile::tempdir().unwrap();
    build(nolli.path(), "nolli");
    let out = run_in(nolli.path(), &["export", "lm-eval", "data", "-o", "lm"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("export::format"),
        "{}",
        text(&out.stderr)
    );

    // A manifest edited after the build.
    let path = tmp.path().join("data/manifest.json");
    let edited = fs::read_to_string(&path)
        .unwrap()
        .replacen("\"seed\": ", "\"seed\": 1", 1);
    fs::write(&path, edited).unwrap();
    fails(
        &["export", "inspect", "data", "-o", "y"],
        "export::stale_manifest",
    );
}

#[test]
fn relative_paths_lead_from_one_folder_to_another() {
    use puzzlec::export::{relative_path, slash_path};
    let rel = |a: &str, b: &str| slash_path(&relative_path(Path::new(a), Path::new(b))).unwrap();
    assert_eq!(rel("/w/out", "/w/data"), "../data");
    assert_eq!(rel("/w/a/b", "/w/data"), "../../data");
    assert_eq!(rel("/w", "/w/data/x"), "data/x");
    assert_eq!(rel("/w/data", "/w/data"), "");
    assert_eq!(slash_path(Path::new("./data/")).unwrap(), "data");
    assert_eq!(slash_path(Path::new("/abs/./data")).unwrap(), "/abs/data");
}
