"""Mixtures and curricula: deterministic, weighted, moving as told."""

import collections

import pytest

import puzzlec


def mixture(seed=1):
    return puzzlec.Mixture(
        [
            puzzlec.Task("sudoku", "easy", "en", weight=3),
            ("kinship", "easy", "ko", 1),
            {"spec": "time", "tier": "hard", "weight": 0.0},
        ],
        seed=seed,
    )


def test_a_mixture_is_the_same_every_time_and_at_any_position():
    a = [puzzlec.dumps(r) for r in mixture().take(8)]
    b = [puzzlec.dumps(r) for r in mixture().take(8)]
    assert a == b
    m = mixture()
    assert [puzzlec.dumps(m.item(k)) for k in reversed(range(8))] == list(reversed(a))
    it = iter(m)
    assert [puzzlec.dumps(next(it)) for _ in range(8)] == a
    assert [puzzlec.dumps(r) for r in mixture(seed=2).take(8)] != a


def test_a_mixture_follows_its_weights_and_never_draws_a_zero_weight():
    m = mixture()
    counts = collections.Counter(m.component(k) for k in range(4000))
    assert counts[2] == 0
    share = counts[0] / 4000
    # 3:1 gives 0.75; 4000 draws put it within 0.03 with overwhelming probability.
    assert abs(share - 0.75) < 0.03, counts


def test_mixture_items_are_the_tasks_records_at_their_position():
    m = mixture()
    for k in range(5):
        t = m.tasks[m.component(k)]
        assert m.item(k) == puzzlec.generate(t.spec, t.tier, t.lang, index=k, seed=1)


def test_bad_mixtures_raise():
    with pytest.raises(puzzlec.PuzzlecError):
        puzzlec.Mixture([])
    with pytest.raises(puzzlec.PuzzlecError):
        puzzlec.Mixture([("sudoku", "easy", "en", 0)])
    with pytest.raises(puzzlec.OverrideError):
        puzzlec.Mixture([puzzlec.Task("sudoku", overrides={"givens": 5})])


def test_a_scheduled_curriculum_moves_tiers_at_its_steps():
    c = puzzlec.Curriculum("sudoku", ["easy", "medium", {"givens": 30}], schedule=[2, 4])
    got = [(r["tier"], r["index"], puzzlec.levers(r)["givens"]) for r in (c.next() for _ in range(6))]
    assert [g[0] for g in got] == ["easy", "easy", "medium", "medium", "easy", "easy"]
    assert [g[1] for g in got] == list(range(6))
    assert [g[2] for g in got][4:] == [30, 30]


def test_an_accuracy_curriculum_promotes_and_demotes_on_its_window():
    c = puzzlec.Curriculum("sudoku", ["easy", "medium", "hard"], promote_at=0.75, demote_at=0.25, window=4)
    for ok in [True, True, True, False]:
        c.next()
        level = c.observe(ok)
    assert level == 1 and c.next()["tier"] == "medium"
    for _ in range(4):
        level = c.observe("wrong")
    assert level == 0
    rec = c.next()
    assert c.observe(puzzlec.score(rec, f"[[{rec['answer']}]]")) == 0
    assert c.accuracy == 1.0


def test_a_curriculum_checks_its_levels():
    with pytest.raises(puzzlec.PuzzlecError):
        puzzlec.Curriculum("sudoku", ["easiest"])
    with pytest.raises(puzzlec.OverrideError):
        puzzlec.Curriculum("sudoku", [{"givens": 100}])
