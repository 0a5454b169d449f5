//! `ask`'s request layouts: the completions API for base models (one text,
//! `choices[0].text` read back) and few-shot prompts (each record after
//! solved examples of its own puzzle, language and tier).

use crate::fake_model;

use fake_model::{puzzlec, run_model_command, s, text, FakeModel};
use puzzlec::answer::Verdict;
use puzzlec::api::Judge;
use puzzlec::ask::shots::{choose_shots, ShotRecord};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const FIXTURE: &str = "tests/data/calibrate/adder.puzzle";

fn dataset(dir: &Path, spec: &str, n: &str) -> PathBuf {
    let data = dir.join("data");
    let out = puzzlec(&["build", spec, "-o", s(&data), "-n", n, "--seed", "7"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    data
}

/// Every record line of a built dataset, in file and line order.
fn record_lines(data: &Path) -> Vec<serde_json::Value> {
    let mut files: Vec<PathBuf> = walk(data);
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f)
                .expect("read")
                .lines()
                .map(|l| serde_json::from_str(l).expect("json"))
                .collect::<Vec<serde_json::Value>>()
        })
        .collect()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("dir") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "jsonl") {
            out.push(p);
        }
    }
    out
}

fn verdicts(data: &Path, responses: &Path) -> Vec<(String, String)> {
    let report = responses.with_extension("report");
    let out = puzzlec(&[
        "score",
        s(data),
        s(responses),
        "-o",
        s(&report),
        "--per-item",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let per_item = report.join("per_item.jsonl");
    let mut v: Vec<(String, String)> = std::fs::read_to_string(&per_item)
        .expect("per-item")
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).expect("json");
            (
                j["id"].as_str().unwrap().to_string(),
                j["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_completions_api_sends_one_text_and_scores_like_chat() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path(), FIXTURE, "5");
    let server = FakeModel::start();
    let chat = dir.path().join("chat.jsonl");
    let base = dir.path().join("base.jsonl");
    let a = run_model_command("ask", &data, &server.endpoint, &chat, &["--no-cache"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let b = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &base,
        &["--no-cache", "--api", "completions"],
    );
    assert!(b.status.success(), "{}", text(&b.stderr));
    let bodies = server.state.bodies.lock().expect("lock").clone();
    assert_eq!(bodies.len(), 60);
    let (chats, texts): (Vec<_>, Vec<_>) = bodies
        .iter()
        .partition(|(p, _)| p == "/v1/chat/completions");
    assert_eq!((chats.len(), texts.len()), (30, 30));
    for (path, body) in &texts {
        assert_eq!(path, "/v1/completions");
        assert!(body.get("messages").is_none());
        let prompt = body["prompt"].as_str().expect("a prompt text");
        assert!(
            prompt.ends_with('\n') && (prompt.contains("Add up") || prompt.contains("더하세요"))
        );
    }
    // The same fake decisions read back from `text` as from `message.content`.
    assert_eq!(verdicts(&data, &chat), verdicts(&data, &base));
}

#[test]
fn few_shot_prompts_show_the_next_records_of_the_group_with_their_answers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path(), FIXTURE, "4");
    let records = record_lines(&data);
    let server = FakeModel::start();
    let out = dir.path().join("shots.jsonl");
    let run = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &out,
        &["--no-cache", "--shots", "2", "--concurrency", "1"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    // The records of each (lang, tier) group in dataset order.
    let mut groups: BTreeMap<(String, String), Vec<&serde_json::Value>> = BTreeMap::new();
    for r in &records {
        groups
            .entry((
                r["lang"].as_str().unwrap().into(),
                r["tier"].as_str().unwrap().into(),
            ))
            .or_default()
            .push(r);
    }
    let by_question: BTreeMap<&str, &serde_json::Value> = records
        .iter()
        .map(|r| (r["question"].as_str().unwrap(), r))
        .collect();
    let bodies = server.state.bodies.lock().expect("lock").clone();
    assert_eq!(bodies.len(), records.len());
    for (_, body) in &bodies {
        let m = body["messages"].as_array().expect("messages");
        let roles: Vec<&str> = m.iter().map(|x| x["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["user", "assistant", "user", "assistant", "user"]);
        let target = by_question[m[4]["content"].as_str().unwrap()];
        let key = (
            target["lang"].as_str().unwrap().to_string(),
            target["tier"].as_str().unwrap().to_string(),
        );
        let group = &groups[&key];
        let p = group.iter().position(|r| r["id"] == target["id"]).unwrap();
        for (d, shot) in [(1, 0), (2, 2)] {
            let want = group[(p + d) % group.len()];
            assert_eq!(m[shot]["content"], want["question"]);
            let answer = m[shot + 1]["content"].as_str().unwrap();
            let marker = if key.0 == "ko" {
                "정답: "
            } else {
                "Answer: "
            };
            assert!(
                answer.ends_with(&format!("{marker}{}", want["answer"].as_str().unwrap())),
                "{answer}"
            );
            assert!(
                answer.starts_with(want["solution"].as_str().unwrap()),
                "{answer}"
            );
        }
    }
    // With the completions API the same examples come as one text.
    let base = dir.path().join("base.jsonl");
    let run = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &base,
        &["--no-cache", "--shots", "1", "--api", "completions"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let bodies = server.state.bodies.lock().expect("lock").clone();
    let last = bodies.last().expect("a request");
    let prompt = last.1["prompt"].as_str().unwrap();
    // One example (its question, its solution and answer), then the question.
    let target = prompt.rsplit("\n\n").next().unwrap().trim_end();
    let r = by_question[target];
    let key = (
        r["lang"].as_str().unwrap().to_string(),
        r["tier"].as_str().unwrap().to_string(),
    );
    let group = &groups[&key];
    let p = group.iter().position(|x| x["id"] == r["id"]).unwrap();
    let shot = group[(p + 1) % group.len()];
    let marker = if key.0 == "ko" {
        "정답: "
    } else {
        "Answer: "
    };
    let want = format!(
        "{}\n{}\n\n{marker}{}\n\n{target}\n",
        shot["question"].as_str().unwrap(),
        shot["solution"].as_str().unwrap().trim(),
        shot["answer"].as_str().unwrap()
    );
    assert_eq!(prompt, want);
    assert_eq!(verdicts(&data, &base).len(), records.len());
}

#[test]
fn few_shot_and_api_misuse_are_located_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path(), FIXTURE, "2");
    let server = FakeModel::start();
    let out = dir.path().join("r.jsonl");
    let few = run_model_command("ask", &data, &server.endpoint, &out, &["--shots", "2"]);
    assert_eq!(few.status.code(), Some(1));
    let err = text(&few.stderr);
    assert!(
        err.contains("puzzlec::ask::too_few_for_shots")
            && err.contains("needs 3 records of `adder/"),
        "{err}"
    );
    let many = run_model_command("ask", &data, &server.endpoint, &out, &["--shots", "33"]);
    assert!(text(&many.stderr).contains("puzzlec::ask::too_many_shots"));
    let system = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &out,
        &["--api", "completions", "--system", "hi"],
    );
    assert_eq!(system.status.code(), Some(1));
    assert!(text(&system.stderr).contains("a system prompt needs the chat API"));
    assert_eq!(server.requests(), 0);
}

#[test]
fn every_record_of_the_reference_suite_serves_as_an_example_judged_correct() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path(), "puzzles", "2");
    let records: Vec<ShotRecord> = record_lines(&data)
        .iter()
        .map(|r| ShotRecord {
            id: r["id"].as_str().unwrap().into(),
            group: format!(
                "{}/{}/{}",
                r["puzzle"].as_str().unwrap(),
                r["lang"].as_str().unwrap(),
                r["tier"].as_str().unwrap()
            ),
            question: r["question"].as_str().unwrap().into(),
            line: r.to_string(),
        })
        .collect();
    let shots = choose_shots(&records, 1).expect("every record makes an example");
    let mut worked = 0;
    for (r, s) in records.iter().zip(&shots) {
        assert_eq!(s.len(), 1);
        // Judged again here, from the example's own record.
        let other = records
            .iter()
            .find(|x| x.question == s[0].question)
            .unwrap();
        assert_ne!(other.id, r.id);
        let judge = Judge::from_json(&other.line).expect("judge");
        assert_eq!(
            judge.judge(&s[0].answer).verdict,
            Verdict::Correct,
            "{}: {}",
            other.id,
            s[0].answer
        );
        let solution: serde_json::Value = serde_json::from_str(&other.line).unwrap();
        let sol = solution["solution"].as_str().unwrap().trim();
        worked += usize::from(!sol.is_empty() && s[0].answer.starts_with(sol));
    }
    // The worked form (solution, then the answer) is the rule, not the exception.
    assert!(
        worked * 10 >= records.len() * 9,
        "{worked} of {} examples show their solution",
        records.len()
    );
}

#[test]
fn self_correction_follows_a_wrong_reply_up_until_it_is_right_or_rounds_run_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dataset(dir.path(), FIXTURE, "20");
    let records = record_lines(&data);
    let gold: BTreeMap<String, i64> = records
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["answer"].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let server = FakeModel::start();
    let one = dir.path().join("one.jsonl");
    let three = dir.path().join("three.jsonl");
    let run = run_model_command("ask", &data, &server.endpoint, &one, &["--no-cache"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let before = server.requests();
    let run = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &three,
        &["--no-cache", "--rounds", "3"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let given = |reply: &str| -> i64 { reply.rsplit(": ").next().unwrap().trim().parse().unwrap() };
    let mut replies = 0u64;
    let mut by_round = [0usize; 3];
    for line in std::fs::read_to_string(&three).unwrap().lines() {
        let j: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = j["id"].as_str().unwrap();
        let rounds = j["rounds"].as_u64().unwrap() as usize;
        let history = j["history"].as_array().unwrap();
        assert_eq!(history.len(), rounds - 1);
        // Every earlier reply was wrong; the final one is right unless the rounds ran out.
        for h in history {
            assert_ne!(given(h.as_str().unwrap()), gold[id], "{line}");
        }
        let right = given(j["response"].as_str().unwrap()) == gold[id];
        assert!(right || rounds == 3, "{line}");
        if right {
            by_round[rounds - 1] += 1;
        }
        replies += rounds as u64;
    }
    assert_eq!(server.requests() - before, replies, "one request per reply");
    // Follow-ups were sent as user turns after the wrong reply.
    let bodies = server.state.bodies.lock().expect("lock").clone();
    let follow_ups = bodies
        .iter()
        .filter(|(_, b)| b["messages"].as_array().is_some_and(|m| m.len() == 3))
        .count();
    assert!(follow_ups > 0);
    for (_, b) in &bodies {
        let m = b["messages"].as_array().unwrap();
        if m.len() == 3 {
            let f = m[2]["content"].as_str().unwrap();
            assert!(
                f.starts_with("Your answer is incorrect") || f.starts_with("답이 틀렸습니다"),
                "{f}"
            );
        }
    }
    // Accuracy after three rounds is that of one round plus the corrections.
    let correct = |v: &[(String, String)]| v.iter().filter(|(_, x)| x == "correct").count();
    let (a1, a3) = (
        correct(&verdicts(&data, &one)),
        correct(&verdicts(&data, &three)),
    );
    assert_eq!(a1, by_round[0]);
    assert_eq!(a3, by_round.iter().sum::<usize>());
    assert!(
        by_round[1] + by_round[2] > 0,
        "some record was corrected: {by_round:?}"
    );
    let bad = run_model_command(
        "ask",
        &data,
        &server.endpoint,
        &three,
        &["--rounds", "2", "--api", "completions"],
    );
    assert!(text(&bad.stderr).contains("needs the chat API"));
}
