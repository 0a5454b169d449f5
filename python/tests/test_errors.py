"""Errors are Python exceptions carrying the diagnostic text."""

import pytest

import puzzlec
from puzzlec import _native


def test_a_bad_spec_raises_spec_error_with_every_diagnostic(tmp_path):
    bad = tmp_path / "bad.puzzle"
    bad.write_text("puzzle bad\nfamily direkt\n")
    with pytest.raises(puzzlec.SpecError) as e:
        puzzlec.load(bad)
    text = str(e.value)
    assert "unknown family `direkt`" in text and "did you mean `direct`?" in text
    assert "no `tier`" in text
    assert "bad.puzzle" in text and "\x1b[" not in text


def test_compile_spec_from_text_reports_syntax_errors():
    with pytest.raises(puzzlec.SpecError) as e:
        _native.compile_spec("inline.puzzle", "puzzle {")
    assert "inline.puzzle" in str(e.value)


def test_unknown_names_tiers_and_languages():
    with pytest.raises(puzzlec.PuzzlecError, match="no built-in spec"):
        puzzlec.spec("no_such_puzzle")
    with pytest.raises(puzzlec.GenerationError, match="the tiers are"):
        puzzlec.generate("sudoku", "impossible", "en")
    with pytest.raises(puzzlec.PuzzlecError, match="does not render `ko`"):
        puzzlec.generate("cipher_en", "easy", "ko")
    with pytest.raises(puzzlec.PuzzlecError, match="no built-in suite"):
        puzzlec.suite("nope")
    with pytest.raises(puzzlec.PuzzlecError, match="cannot read"):
        puzzlec.load("/no/such/folder")


def test_every_error_is_a_puzzlec_error():
    for cls in [puzzlec.SpecError, puzzlec.OverrideError, puzzlec.GenerationError, puzzlec.ScoreError]:
        assert issubclass(cls, puzzlec.PuzzlecError) and issubclass(cls, Exception)
