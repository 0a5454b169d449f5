"""Weighted mixtures of tasks and curricula that move levers or tiers."""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any, Deque, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from . import _native
from . import PuzzlecError, Score, _resolve, _settings, generate

#: Weights are turned into whole numbers of this many units before the
#: draw, so the draw uses no floating point (any float weight is rounded).
WEIGHT_UNITS = 1_000_000


class Task:
    """One component of a :class:`Mixture`: a spec, a tier, a language,
    optional lever overrides and a weight."""

    def __init__(
        self,
        spec: Any,
        tier: Optional[str] = None,
        lang: Optional[str] = None,
        weight: Union[int, float, Fraction] = 1,
        overrides: Optional[Mapping[str, Any]] = None,
    ):
        self.spec = _resolve(spec)
        self.tier = tier if tier is not None else self.spec.tiers[0]
        self.lang = lang if lang is not None else self.spec.languages[0]
        if weight < 0:
            raise PuzzlecError(f"the weight of {self.spec.name}/{self.lang}/{self.tier} is negative")
        self.weight = weight
        self.overrides = dict(overrides or {})
        self.spec.check_overrides(_settings(self.overrides))

    def __repr__(self) -> str:
        return f"Task({self.spec.name!r}, {self.tier!r}, {self.lang!r}, weight={self.weight!r})"


def _units(weights: Sequence[Union[int, float, Fraction]]) -> List[int]:
    units = [int(round(Fraction(w) * WEIGHT_UNITS)) for w in weights]
    if sum(units) == 0:
        raise PuzzlecError("a mixture needs at least one positive weight")
    return units


class Mixture:
    """A weighted mixture of tasks. Position ``k`` draws its task with the
    library's ChaCha sampler seeded by ``(seed, k)`` and generates that task's
    item ``k`` for dataset seed ``seed``, so every position can be generated
    alone, in any order, on any worker, and ids never repeat within a task."""

    def __init__(self, tasks: Sequence[Union[Task, Sequence[Any], Mapping[str, Any]]], seed: int = 1):
        self.tasks: List[Task] = [_task(t) for t in tasks]
        if not self.tasks:
            raise PuzzlecError("a mixture needs at least one task")
        self.seed = seed
        self._units = _units([t.weight for t in self.tasks])

    def component(self, position: int) -> int:
        """The index into :attr:`tasks` drawn at ``position``."""
        return _native.mixture_component(self.seed, position, self._units)

    def item(self, position: int) -> Dict[str, Any]:
        """The record at ``position``."""
        t = self.tasks[self.component(position)]
        return generate(t.spec, t.tier, t.lang, index=position, seed=self.seed, overrides=t.overrides)

    def take(self, n: int, start: int = 0) -> List[Dict[str, Any]]:
        """The records at positions ``start .. start+n-1``."""
        return [self.item(k) for k in range(start, start + n)]

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        k = 0
        while True:
            yield self.item(k)
            k += 1


def _task(t: Union[Task, Sequence[Any], Mapping[str, Any]]) -> Task:
    if isinstance(t, Task):
        return t
    if isinstance(t, Mapping):
        return Task(**t)
    return Task(*t)


class Level:
    """One step of a :class:`Curriculum`: a tier and lever overrides."""

    def __init__(self, tier: Optional[str] = None, overrides: Optional[Mapping[str, Any]] = None):
        self.tier = tier
        self.overrides = dict(overrides or {})

    def __repr__(self) -> str:
        return f"Level(tier={self.tier!r}, overrides={self.overrides!r})"


class Curriculum:
    """Items of one spec whose difficulty moves through ``levels``.

    * **By schedule**: ``schedule=[1000, 3000]`` uses level 0 for the first
      1000 items, level 1 up to item 3000, then level 2.
    * **By accuracy**: ``promote_at=0.8`` moves one level up once the last
      ``window`` observed results (:meth:`observe`) reach that accuracy;
      ``demote_at=0.2`` moves down at or below it. The window starts empty
      after every move.

    Item ``k`` (the ``k``-th drawn) is index ``k`` of its level's tier, so
    the same observations give the same items, and ids never repeat within a
    tier. A level is a :class:`Level`, a tier name, or a dict of overrides.
    """

    def __init__(
        self,
        spec: Any,
        levels: Sequence[Union[Level, str, Mapping[str, Any]]],
        lang: Optional[str] = None,
        seed: int = 1,
        schedule: Optional[Sequence[int]] = None,
        promote_at: Optional[float] = None,
        demote_at: Optional[float] = None,
        window: int = 64,
        start_level: int = 0,
    ):
        self.spec = _resolve(spec)
        self.lang = lang if lang is not None else self.spec.languages[0]
        self.levels: List[Level] = [_level(l) for l in levels]
        if not self.levels:
            raise PuzzlecError("a curriculum needs at least one level")
        for lv in self.levels:
            if lv.tier is None:
                lv.tier = self.spec.tiers[0]
            elif lv.tier not in self.spec.tiers:
                raise PuzzlecError(
                    f"`{self.spec.name}` has no tier `{lv.tier}`; its tiers are: {', '.join(self.spec.tiers)}"
                )
            self.spec.check_overrides(_settings(lv.overrides))
        if schedule is not None and (promote_at is not None or demote_at is not None):
            raise PuzzlecError("give either a `schedule` or accuracy thresholds, not both")
        if schedule is not None and list(schedule) != sorted(schedule):
            raise PuzzlecError("the `schedule` must be increasing")
        if window < 1:
            raise PuzzlecError("`window` must be at least 1")
        if not 0 <= start_level < len(self.levels):
            raise PuzzlecError("`start_level` is not a level")
        self.seed = seed
        self.schedule = list(schedule) if schedule is not None else None
        self.promote_at = promote_at
        self.demote_at = demote_at
        self.window = window
        self.level = start_level
        self.position = 0
        self._results: Deque[bool] = deque(maxlen=window)

    def _scheduled_level(self) -> int:
        assert self.schedule is not None
        passed = sum(1 for s in self.schedule if self.position >= s)
        return min(passed, len(self.levels) - 1)

    def next(self) -> Dict[str, Any]:
        """The next record at the current level."""
        if self.schedule is not None:
            self.level = self._scheduled_level()
        lv = self.levels[self.level]
        rec = generate(self.spec, lv.tier, self.lang, index=self.position, seed=self.seed, overrides=lv.overrides)
        self.position += 1
        return rec

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        while True:
            yield self.next()

    @property
    def accuracy(self) -> Optional[float]:
        """The accuracy over the current window, ``None`` before any result."""
        if not self._results:
            return None
        return sum(self._results) / len(self._results)

    def observe(self, result: Union[bool, str, Score]) -> int:
        """Records one result (``True``/``False``, a verdict name or a
        :class:`~puzzlec.Score`) and returns the level to use next."""
        if isinstance(result, Score):
            ok = result.correct
        elif isinstance(result, str):
            ok = result == "correct"
        else:
            ok = bool(result)
        self._results.append(ok)
        if self.schedule is not None or len(self._results) < self.window:
            return self.level
        acc = self.accuracy or 0.0
        if self.promote_at is not None and acc >= self.promote_at and self.level + 1 < len(self.levels):
            self.level += 1
            self._results.clear()
        elif self.demote_at is not None and acc <= self.demote_at and self.level > 0:
            self.level -= 1
            self._results.clear()
        return self.level


def _level(l: Union[Level, str, Mapping[str, Any]]) -> Level:
    if isinstance(l, Level):
        return l
    if isinstance(l, str):
        return Level(tier=l)
    return Level(overrides=l)
