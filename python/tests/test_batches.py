"""Batched generation (`generate_many`, `stream`'s batches) gives the same
records as one `generate` call per index, and fails where the loop fails."""

import pytest

import puzzlec
from puzzlec import _native

# Fails for about a third of its indices: one attempt, a draw that must not be 1.
FLAKY = """
puzzle flaky
title en "Flaky" ko "불안정"
family direct
attempts 1

lever top: int in 2..=9
tier easy { top = 3 }

generate {
  let a = int in 1..=top
  require a != 1
}

answer int = a

template en "What is {a}? End with a line \\"Answer: <number>\\"."
template ko "{a:은} 무엇입니까? 마지막 줄에 \\"정답: <수>\\" 형식으로 답하세요."
"""


def loop(spec, tier, lang, start, count, seed, overrides=None):
    return [puzzlec.generate(spec, tier, lang, index=i, seed=seed, overrides=overrides) for i in range(start, start + count)]


@pytest.mark.parametrize("name,tier,lang", [("saju", "hard", "ko"), ("sudoku", "easy", "en"), ("time", "medium", "ko")])
def test_generate_many_equals_a_loop_of_generate(name, tier, lang):
    assert puzzlec.generate_many(name, tier, lang, count=7, start=3, seed=9) == loop(name, tier, lang, 3, 7, 9)


def test_generate_many_with_overrides_and_across_the_batch_limit(monkeypatch):
    monkeypatch.setattr(puzzlec, "BATCH_LIMIT", 4)
    got = puzzlec.generate_many("saju", "easy", "ko", count=10, seed=2, overrides={"task": "day"})
    assert got == loop("saju", "easy", "ko", 0, 10, 2, {"task": "day"})
    assert all(r["levers"] == got[0]["levers"] for r in got)
    assert puzzlec.generate_many("saju", count=0) == []


@pytest.mark.parametrize("batch", [1, 3, 64])
def test_stream_batches_change_no_record(batch):
    got = []
    for rec in puzzlec.stream("time", "easy", "ko", seed=3, start=5, epoch=4, batch=batch):
        got.append(rec)
        if len(got) == 10:
            break
    want = loop("time", "easy", "ko", 5, 4, 3) + loop("time", "easy", "ko", 5, 4, 4) + loop("time", "easy", "ko", 5, 2, 5)
    assert got == want


def first_failure(spec):
    for i in range(100):
        try:
            puzzlec.generate(spec, "easy", "en", index=i, seed=1)
        except puzzlec.GenerationError:
            return i
    raise AssertionError("the flaky spec never failed")


@pytest.mark.parametrize("batch", [1, 4, 64])
def test_a_failing_item_raises_where_it_falls_in_the_stream(batch):
    spec = _native.compile_spec("flaky.puzzle", FLAKY)
    k = first_failure(spec)
    got = []
    with pytest.raises(puzzlec.GenerationError, match="flaky"):
        for rec in puzzlec.stream(spec, "easy", "en", seed=1, batch=batch):
            got.append(rec["index"])
    assert got == list(range(k))
    with pytest.raises(puzzlec.GenerationError):
        puzzlec.generate_many(spec, "easy", "en", count=k + 1, seed=1)
    assert len(puzzlec.generate_many(spec, "easy", "en", count=k, seed=1)) == k


def test_bad_batch_arguments_are_errors():
    with pytest.raises(puzzlec.PuzzlecError, match="`batch` must be from 1"):
        next(puzzlec.stream("saju", batch=0))
    with pytest.raises(puzzlec.PuzzlecError, match="at most 4096"):
        puzzlec.spec("saju").records("easy", "ko", 0, 5000, 1)
    with pytest.raises(puzzlec.PuzzlecError, match="must not be negative"):
        puzzlec.generate_many("saju", count=-1)
