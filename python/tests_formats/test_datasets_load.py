"""Builds load with the real Hugging Face `datasets` package.

A default build (JSON files read with the `json` loader) and a `--format hf`
build (the folder read through its dataset card) of every shipped suite must
load in one call, with one row per record and the features the card declares.
The `puzzlec` binary is `$PUZZLEC_BIN`, else the first of target/debug and
target/release (under `$CARGO_TARGET_DIR` when it is set) that exists.
"""

import json
import os
import pathlib
import subprocess

os.environ.setdefault("HF_DATASETS_OFFLINE", "1")  # local folders only: never the network
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import datasets  # noqa: E402
import pytest  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
SUITES = ["puzzles", "suites/korbench", "suites/hrmcr"]
PER_TIER = 2
STRING_FIELDS = [
    "id", "puzzle", "lang", "tier", "family", "pair", "question", "context", "query", "answer",
    "answer_kind", "slot", "accept", "solution", "instance", "levers", "seed",
    "spec_hash", "generator", "choices", "checkpoints",
]


def puzzlec() -> str:
    if os.environ.get("PUZZLEC_BIN"):
        return os.environ["PUZZLEC_BIN"]
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ["debug", "release"]:
        candidate = target / profile / "puzzlec"
        if candidate.is_file():
            return str(candidate)
    pytest.fail("no puzzlec binary: run `cargo build` or set PUZZLEC_BIN")


def build(suite: str, out: pathlib.Path, *extra: str) -> dict:
    subprocess.run(
        [puzzlec(), "build", str(ROOT / suite), "-o", str(out), "-n", str(PER_TIER),
         "--seed", "1", *extra],
        check=True, capture_output=True,
    )
    return json.loads((out / "manifest.json").read_text())


def expected_features() -> datasets.Features:
    fields = {name: datasets.Value("string") for name in STRING_FIELDS}
    fields["index"] = datasets.Value("int64")
    return fields


def check_rows(table: datasets.Dataset, manifest: dict) -> None:
    assert table.num_rows == manifest["total"]
    assert dict(table.features) == expected_features()
    ids = set(table["id"])
    assert len(ids) == manifest["total"]
    # The JSON-text columns parse back to the structures they carry.
    for row in table.select(range(0, table.num_rows, 7)):
        assert isinstance(json.loads(row["instance"]), (dict, list, str, int, float, bool, type(None)))
        assert isinstance(json.loads(row["levers"]), dict)
        assert isinstance(json.loads(row["choices"]), list)
        assert isinstance(json.loads(row["checkpoints"]), list)


@pytest.fixture(scope="module", params=SUITES)
def hf_build(request, tmp_path_factory):
    """One `--format hf` build per suite. Its task files are the bytes of a
    default build (tests/format_hf.rs compares them), so both tests use it."""
    data = tmp_path_factory.mktemp("build") / "data"
    return data, build(request.param, data, "--format", "hf")


def test_a_default_build_loads_as_one_table(hf_build, tmp_path):
    data, manifest = hf_build
    files = [str(data / t["file"]) for t in manifest["tasks"]]
    table = datasets.load_dataset(
        "json", data_files=files, split="train", cache_dir=str(tmp_path / "cache")
    )
    check_rows(table, manifest)


def test_an_hf_build_loads_from_its_folder(hf_build, tmp_path):
    data, manifest = hf_build
    cache = str(tmp_path / "cache")
    everything = datasets.load_dataset(str(data), split="test", cache_dir=cache)
    check_rows(everything, manifest)
    configs = datasets.get_dataset_config_names(str(data))
    puzzles = sorted({t["puzzle"] for t in manifest["tasks"]})
    assert sorted(configs) == sorted(["all", *puzzles])
    for puzzle in puzzles[:2]:
        one = datasets.load_dataset(str(data), puzzle, cache_dir=cache)
        assert list(one) == ["test"]
        rows = sum(t["count"] for t in manifest["tasks"] if t["puzzle"] == puzzle)
        assert one["test"].num_rows == rows
        assert set(one["test"]["puzzle"]) == {puzzle}
