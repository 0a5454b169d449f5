"""`puzzlec export lm-eval` and `puzzlec export inspect`, run end to end by the
real harness packages against a stub OpenAI-compatible server on 127.0.0.1.

The stub looks each prompt up among the dataset's questions and answers with
that record's gold inside some reasoning text (which lm-eval's exact-match
and Inspect's `match()` would score wrong); in the wrong-answer mode it
answers every prompt with a text that is no gold. Each harness must then
report 100 % and 0 %, the accuracy puzzlec's judge gives those responses.
"""

import json
import os
import pathlib
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import lm_eval  # noqa: F401  (pinned in requirements-ci.txt: run here, never skipped)
import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

# Local files only: never the network.
OFFLINE = {"HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "INSPECT_DISPLAY": "none", "NO_COLOR": "1"}
WRONG = "I could not work it out. Final: [[no such answer]]"


class Stub(ThreadingHTTPServer):
    """Chat completions whose reply is the gold of the record whose question
    is the prompt (or `WRONG`)."""

    daemon_threads = True

    def __init__(self, golds):
        super().__init__(("127.0.0.1", 0), Handler)
        self.golds = golds
        self.wrong = False
        self.asked = 0
        self.unknown = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def reply(self, prompt: str) -> str:
        self.asked += 1
        gold = self.golds.get(prompt.strip())
        if gold is None:
            self.unknown.append(prompt[:80])
            return "unknown prompt"
        return WRONG if self.wrong else f"Working through the clues step by step.\nFinal: [[{gold}]]"


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):  # quiet
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self.send_error(404)
            return
        content = body["messages"][-1]["content"]
        if isinstance(content, list):  # content parts
            content = "".join(part.get("text", "") for part in content)
        text = self.server.reply(content)
        answer = {
            "id": f"stub-{self.server.asked}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "stub"),
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture(scope="module")
def work(tmp_path_factory, cli, root):
    """A small build (every reference puzzle, easy tier, one item per
    language), both exports of it, and the stub serving its golds."""
    work = tmp_path_factory.mktemp("harness")
    binary = cli("--version").args[0]

    def puzzlec(*args):
        done = subprocess.run([binary, *args], cwd=work, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done

    puzzlec("build", str(root / "puzzles"), "-o", "data", "-n", "1", "--tier", "easy", "--seed", "3")
    puzzlec("export", "lm-eval", "data", "-o", "lm-eval-tasks")
    puzzlec("export", "inspect", "data", "-o", "inspect-tasks")
    manifest = json.loads((work / "data" / "manifest.json").read_text())
    golds = {}
    for task in manifest["tasks"]:
        for line in (work / "data" / task["file"]).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            golds[record["question"].strip()] = record["answer"]
    stub = Stub(golds)
    thread = threading.Thread(target=stub.serve_forever, daemon=True)
    thread.start()
    yield work, manifest, stub, puzzlec
    stub.shutdown()
    stub.server_close()


def run(args, cwd, env):
    done = subprocess.run(
        [sys.executable, *args], cwd=cwd, capture_output=True, text=True,
        env={**os.environ, **OFFLINE, **env}, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def lm_eval_cli(work, stub, out: str) -> dict:
    """`lm_eval run` as a user runs it (it also indexes lm-eval's own tasks)."""
    stub.wrong = False
    stub.asked = 0
    run(
        ["-m", "lm_eval", "run", "--model", "local-chat-completions",
         "--model_args", f"base_url={stub.url}/chat/completions,model=stub,num_concurrent=1,max_retries=1",
         "--apply_chat_template", "--include_path", "lm-eval-tasks", "--tasks", "puzzlec",
         "--output_path", out, "--log_samples"],
        cwd=work, env={"OPENAI_API_KEY": "stub"},
    )
    [results] = (work / out).rglob("results_*.json")
    return json.loads(results.read_text())


def lm_eval_api(work, stub, tasks) -> dict:
    """lm-eval's Python API on the export folder alone (no indexing of its own
    tasks, which takes most of a CLI run)."""
    from lm_eval import simple_evaluate
    from lm_eval.tasks import TaskManager

    stub.wrong = True
    stub.asked = 0
    cwd = os.getcwd()
    os.chdir(work)  # `data_files` are read from the working directory
    try:
        return simple_evaluate(
            model="local-chat-completions",
            model_args=f"base_url={stub.url}/chat/completions,model=stub,num_concurrent=1,max_retries=1",
            tasks=tasks,
            task_manager=TaskManager(include_path=str(work / "lm-eval-tasks"), include_defaults=False),
            apply_chat_template=True,
        )
    finally:
        os.chdir(cwd)


def test_lm_eval_scores_the_golds_100_percent_with_puzzlecs_judge(work):
    work, manifest, stub, puzzlec = work
    results = lm_eval_cli(work, stub, "lm-right")
    assert stub.unknown == []
    assert stub.asked == manifest["total"]
    tasks = {f"puzzlec_{t['puzzle']}_{t['lang']}_{t['tier']}": t for t in manifest["tasks"]}
    scores = results["results"]
    for name in tasks:
        assert scores[name]["acc,none"] == 1.0, (name, scores[name])
    assert scores["puzzlec"]["acc,none"] == 1.0
    langs = {t["lang"] for t in manifest["tasks"]}
    for lang in langs:
        assert scores[f"puzzlec_{lang}"]["acc,none"] == 1.0
    assert results["n-samples"][next(iter(tasks))]["effective"] == 1
    # The sample logs carry the records: `puzzlec score` reads them and agrees.
    samples = sorted((work / "lm-right").rglob("samples_*.jsonl"))
    assert len(samples) == len(tasks)
    merged = work / "lm-right-samples.jsonl"
    merged.write_text("".join(s.read_text(encoding="utf-8") for s in samples), encoding="utf-8")
    puzzlec("score", "data", str(merged), "-o", "lm-right-report")
    report = json.loads((work / "lm-right-report" / "report.json").read_text())
    assert report["totals"]["n"] == report["totals"]["correct"] == manifest["total"], report["totals"]


def test_lm_eval_scores_a_wrong_answer_0_percent(work, monkeypatch):
    work, manifest, stub, _ = work
    monkeypatch.setenv("OPENAI_API_KEY", "stub")
    for name, value in OFFLINE.items():
        monkeypatch.setenv(name, value)
    results = lm_eval_api(work, stub, ["puzzlec_ko"])
    assert stub.unknown == []
    korean = sum(t["count"] for t in manifest["tasks"] if t["lang"] == "ko")
    assert stub.asked == korean
    assert results["results"]["puzzlec_ko"]["acc,none"] == 0.0
    assert results["n-samples"] and all(r["acc,none"] == 0.0 for r in results["results"].values())


def inspect_cli(work, stub, log_dir: str):
    """`inspect eval` as a user runs it."""
    stub.wrong = False
    stub.asked = 0
    run(["-m", "inspect_ai", "eval", "inspect-tasks/puzzlec_tasks.py", "--model", "openai-api/stub/gold",
         "--log-dir", log_dir, "--display", "none", "--max-connections", "4"],
        cwd=work, env={"STUB_API_KEY": "stub", "STUB_BASE_URL": stub.url})
    [log] = list_eval_logs(str(work / log_dir))
    return read_eval_log(log)


def inspect_api(work, stub, log_dir: str, monkeypatch, **task_args):
    """Inspect's Python API, in this process."""
    from inspect_ai import eval as inspect_eval

    stub.wrong = True
    stub.asked = 0
    for name, value in {**OFFLINE, "STUB_API_KEY": "stub", "STUB_BASE_URL": stub.url}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(work)  # Inspect takes a task file relative to the working directory
    [log] = inspect_eval(
        "inspect-tasks/puzzlec_tasks.py", task_args=task_args, model="openai-api/stub/gold",
        log_dir=str(work / log_dir), display="none", max_connections=4,
    )
    return log


def metric(log, name):
    [score] = [s for s in log.results.scores if s.name == "puzzlec_judge"]
    return score.metrics[name].value


def test_inspect_scores_the_golds_100_percent_with_puzzlecs_judge(work):
    work, manifest, stub, _ = work
    log = inspect_cli(work, stub, "inspect-right")
    assert log.status == "success", log.error
    assert stub.unknown == []
    assert log.results.total_samples == manifest["total"] == stub.asked
    assert metric(log, "accuracy") == 1.0
    for t in manifest["tasks"]:
        assert metric(log, f"{t['puzzle']}/{t['lang']}/{t['tier']}") == 1.0
    sample = log.samples[0]
    assert sample.scores["puzzlec_judge"].explanation.startswith("correct")


def test_inspect_scores_a_wrong_answer_0_percent_and_filters_by_parameter(work, monkeypatch):
    work, manifest, stub, _ = work
    log = inspect_api(work, stub, "inspect-wrong", monkeypatch, lang="ko")
    assert log.status == "success", log.error
    korean = sum(t["count"] for t in manifest["tasks"] if t["lang"] == "ko")
    assert log.results.total_samples == korean == stub.asked
    assert metric(log, "accuracy") == 0.0
    assert {s.scores["puzzlec_judge"].metadata["verdict"] for s in log.samples} <= {"wrong", "unparseable"}
