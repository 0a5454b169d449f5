"""Lever overrides from Python: the same checks and records as `--set`."""

import pytest

import puzzlec


def test_overrides_equal_the_command_line_set(cli):
    line = cli("render", "puzzles/sudoku.puzzle", "--tier", "medium", "--index", "3", "--json",
               "--set", "givens=50", "--set", "queried=2..=3").stdout.rstrip("\n")
    rec = puzzlec.generate("sudoku", "medium", "en", index=3, overrides={"givens": 50, "queried": (2, 3)})
    assert puzzlec.dumps(rec) == line
    assert puzzlec.levers(rec)["givens"] == 50
    assert puzzlec.levers(rec)["queried"] in (2, 3)


def test_value_forms():
    rec = puzzlec.generate("saju", "hard", "ko", overrides={"task": "day", "anchor": True})
    assert puzzlec.levers(rec)["task"] == "day" and puzzlec.levers(rec)["anchor"] is True
    rec = puzzlec.generate("sudoku", "easy", "en", overrides={"givens": range(44, 47)})
    assert 44 <= puzzlec.levers(rec)["givens"] <= 46
    rec = puzzlec.generate("sudoku", "easy", "en", overrides={"givens": "45..=45"})
    assert puzzlec.levers(rec)["givens"] == 45


def test_an_out_of_range_value_raises_the_diagnostic():
    with pytest.raises(puzzlec.OverrideError) as e:
        puzzlec.generate("sudoku", "easy", "en", overrides={"givens": 99, "nope": 1})
    text = str(e.value)
    assert "puzzlec::set::value" in text and "int in 17..=81" in text
    assert "puzzlec::set::unknown_lever" in text, "every problem at once"
    assert "\x1b[" not in text, "no colour"
    with pytest.raises(puzzlec.OverrideError):
        puzzlec.generate("sudoku", overrides={"givens": 1.5})


def test_without_overrides_the_item_is_the_plain_one():
    plain = puzzlec.generate("sudoku", "easy", "en", index=1)
    assert puzzlec.generate("sudoku", "easy", "en", index=1, overrides={}) == plain
    changed = puzzlec.generate("sudoku", "easy", "en", index=1, overrides={"givens": 60})
    assert changed["seed"] == plain["seed"] and changed["question"] != plain["question"]
