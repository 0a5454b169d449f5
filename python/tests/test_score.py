"""`score` from Python gives the verdicts and extracted answers of the
`puzzlec score` command on the same responses."""

import json
import shutil

import pytest

import puzzlec

SPECS = [
    "puzzles/sudoku.puzzle",
    "puzzles/minesweeper.puzzle",
    "puzzles/time.puzzle",
    "suites/korbench/kor_puzzle_10_24_points.puzzle",  # accept
    "suites/korbench/kor_cipher_01_shift.puzzle",  # answer slot
    "suites/hrmcr/hrmcr_date.puzzle",  # checkpoints
]


def responses_for(rec):
    gold = rec["answer"]
    steps = "\n".join(f"Step {c['step']}: {c['gold']}" for c in json.loads(rec.get("checkpoints") or "[]"))
    bundle = {b["key"]: b["answer"] for b in rec.get("bundle", [])}
    return [
        f"The answer is [[{gold}]].",
        f"<think>maybe [[0]]</think>\n{steps}\nFinal: [[{gold}]]",
        gold,
        "[[definitely not it 123]]",
        "",
        "I cannot tell.",
        json.dumps(bundle, ensure_ascii=False) if bundle else f"[[ {gold.lower()} ]]",
    ]


@pytest.fixture(scope="module")
def dataset(cli, root, tmp_path_factory):
    base = tmp_path_factory.mktemp("score")
    specs = base / "specs"
    specs.mkdir()
    for s in SPECS:
        shutil.copy(root / s, specs)
    data = base / "data"
    cli("build", str(specs), "-o", str(data), "-n", "2", "--seed", "9", "--jobs", "2")
    bundles = base / "bundles"
    cli("bundle", str(data), "-o", str(bundles), "-k", "2", "-n", "3", "--seed", "2")
    return base, [data, bundles]


def records(folder):
    out = []
    for f in sorted(folder.rglob("*.jsonl")):
        out += [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
    return out


def test_verdicts_and_extracted_answers_equal_the_score_command(cli, dataset):
    base, folders = dataset
    seen = set()
    for data in folders:
        recs = records(data)
        assert recs
        for variant in range(7):
            responses = base / f"responses-{data.name}-{variant}.jsonl"
            with responses.open("w", encoding="utf-8") as f:
                for rec in recs:
                    f.write(json.dumps({"id": rec["id"], "response": responses_for(rec)[variant]}, ensure_ascii=False) + "\n")
            report = base / f"report-{data.name}-{variant}"
            cli("score", str(data), str(responses), "-o", str(report), "--per-item")
            per_item = {}
            for line in (report / "per_item.jsonl").read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                per_item[row["id"]] = row
            for rec in recs:
                got = puzzlec.score(rec, responses_for(rec)[variant])
                want = per_item[rec["id"]]
                assert got.verdict == want["verdict"], (rec["id"], variant, got, want)
                assert got.extracted == want["extracted"], (rec["id"], variant)
                assert got.parts == want.get("parts", []), (rec["id"], variant)
                seen.add(got.verdict)
    assert seen == {"correct", "wrong", "unparseable", "empty"}


def test_a_judge_parses_once_and_takes_json_text():
    rec = puzzlec.generate("sudoku", "easy", "en")
    judge = puzzlec.Judge(puzzlec.dumps(rec))
    assert judge.id == rec["id"]
    good = judge.score(f"[[{rec['answer']}]]")
    assert good.correct and good.extracted == rec["answer"] and "gold" in good.reason
    bad = puzzlec.score(rec, "[[1, 1, 1, 1]]")
    assert bad.verdict == "wrong" and rec["answer"] in bad.reason


def test_a_broken_record_raises_score_error():
    with pytest.raises(puzzlec.ScoreError):
        puzzlec.Judge("{not json")
    rec = puzzlec.generate("sudoku")
    rec["answer_kind"] = "no_such_kind"
    with pytest.raises(puzzlec.ScoreError):
        puzzlec.score(rec, "[[1]]")
