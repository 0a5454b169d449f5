"""Every example in python/examples runs here: TRL and verl rewards with a
tiny fake policy (no torch, no GPU), a datasets.Dataset from a generator, and
Ray Data on a local Ray instance."""

import json
import pathlib
import sys

import pytest

import puzzlec

EXAMPLES = str(pathlib.Path(__file__).resolve().parents[1] / "examples")
sys.path.insert(0, EXAMPLES)

import hf_dataset  # noqa: E402
import ray_generate  # noqa: E402
import trl_reward  # noqa: E402
import verl_reward  # noqa: E402


def fake_policy(record_json: str, group: int):
    """A group of completions for one prompt, as GRPO samples them: the first
    answers right, the others wrong, empty, or in the conversational form."""
    gold = json.loads(record_json)["answer"]
    outs = [f"Reasoning...\n[[{gold}]]", "[[0]]", "", [{"role": "assistant", "content": f"[[{gold}]]"}]]
    return [outs[i % len(outs)] for i in range(group)]


def test_trl_reward_function_follows_the_reward_funcs_convention():
    rows = trl_reward.rows(n=3, seed=4)
    group = 4
    prompts, completions, records = [], [], []
    for row in rows:
        for c in fake_policy(row["record"], group):
            prompts.append(row["prompt"])
            completions.append(c)
            records.append(row["record"])
    rewards = trl_reward.puzzlec_reward(prompts=prompts, completions=completions, record=records, trainer_state=None)
    assert rewards == [1.0, 0.0, 0.0, 1.0] * 3
    assert all(isinstance(r, float) for r in rewards)


def test_verl_compute_score():
    rec = puzzlec.generate("kinship", "easy", "ko", index=2)
    row = verl_reward.make_row(rec)
    truth = row["reward_model"]["ground_truth"]
    ok = verl_reward.compute_score(row["data_source"], f"답: [[{rec['answer']}]]", truth, row["extra_info"])
    bad = verl_reward.compute_score(row["data_source"], "[[모름]]", truth, row["extra_info"])
    assert (ok, bad) == (1.0, 0.0)


def test_datasets_from_generator(tmp_path):
    pytest.importorskip("datasets")
    ds = hf_dataset.build(12, seed=3, cache_dir=str(tmp_path))
    assert len(ds) == 12
    mixture = puzzlec.Mixture([("sudoku", "easy", "en", 2), ("kinship", "easy", "ko", 1), ("time", "medium", "ko", 1)], seed=3)
    for k, row in enumerate(ds):
        assert row["record"] == puzzlec.dumps(mixture.item(k))
        assert row["id"] == json.loads(row["record"])["id"]
        assert puzzlec.score(row["record"], f"[[{row['answer']}]]").correct


def test_ray_data_generation_is_deterministic_per_index(monkeypatch):
    ray = pytest.importorskip("ray")
    # The workers import the example module by name, as a cluster would from
    # `runtime_env={"py_modules": [...]}` or an installed package. Here the
    # local workers inherit PYTHONPATH from the driver (a runtime_env would
    # make Ray set up a separate worker environment: half a minute more).
    monkeypatch.setenv("PYTHONPATH", EXAMPLES)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    try:
        n = 48
        rows = ray_generate.generate(n, seed=7, batch_size=8).take_all()
        again = ray_generate.generate(n, seed=7, batch_size=5).take_all()
    finally:
        ray.shutdown()
    by_position = {int(r["position"]): r["record"] for r in rows}
    assert sorted(by_position) == list(range(n))
    assert {int(r["position"]): r["record"] for r in again} == by_position
    mixture = puzzlec.Mixture(ray_generate.TASKS, seed=7)
    for k in range(n):
        assert by_position[k] == puzzlec.dumps(mixture.item(k))
