"""puzzlec on Python: generate proven-unique bilingual puzzle items and
score responses in-process, through the same Rust code as the command line.

    >>> import puzzlec
    >>> rec = puzzlec.generate("sudoku", "easy", "en", index=0, seed=1)
    >>> puzzlec.score(rec, "[[" + rec["answer"] + "]]").verdict
    'correct'

Records are plain dicts equal to the JSONL records of ``puzzlec build`` and
``puzzlec render --json`` (``json.dumps(rec, ensure_ascii=False,
separators=(",", ":"))`` gives the same bytes). Errors are
:class:`PuzzlecError` subclasses whose message is the diagnostic text.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native
from ._native import GenerationError, OverrideError, PuzzlecError, ScoreError, SpecError

__all__ = [
    "Spec",
    "Suite",
    "Score",
    "Judge",
    "Task",
    "Mixture",
    "Level",
    "Curriculum",
    "load",
    "suite",
    "builtin_suites",
    "spec",
    "generate",
    "generate_many",
    "stream",
    "BATCH_LIMIT",
    "score",
    "dumps",
    "levers",
    "generator_version",
    "PuzzlecError",
    "SpecError",
    "OverrideError",
    "GenerationError",
    "ScoreError",
]

Spec = _native.Spec
Overrides = Optional[Mapping[str, Any]]
SpecLike = Union["_native.Spec", str, "os.PathLike[str]"]


def generator_version() -> str:
    """The generator version written into every record (``puzzlec X.Y.Z``)."""
    return _native.generator_version()


def levers(record: Mapping[str, Any]) -> Dict[str, Any]:
    """A record's lever values as a dict (the record carries them as JSON text)."""
    value = record["levers"]
    return json.loads(value) if isinstance(value, str) else dict(value)


def dumps(record: Mapping[str, Any]) -> str:
    """A record as its JSONL line (no newline): the bytes ``build`` writes."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class Suite(Sequence["_native.Spec"]):
    """Specs in load order; index by position or by puzzle name."""

    def __init__(self, specs: List["_native.Spec"]):
        self._specs = list(specs)
        self._by_name = {s.name: s for s in self._specs}

    def __len__(self) -> int:
        return len(self._specs)

    def __getitem__(self, key):  # type: ignore[override]
        if isinstance(key, str):
            try:
                return self._by_name[key]
            except KeyError:
                raise PuzzlecError(
                    f"no spec `{key}` here; the specs are: {', '.join(self._by_name)}"
                ) from None
        return self._specs[key]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    @property
    def names(self) -> List[str]:
        """The puzzle names, in load order."""
        return [s.name for s in self._specs]

    def __repr__(self) -> str:
        return f"<puzzlec.Suite {self.names}>"


def builtin_suites() -> List[str]:
    """The names of the suites built into the package: ``puzzles`` (the
    reference suite) and every folder of ``suites/`` (``hrmcr``, ``korbench``)."""
    return list(_native.builtin_suites())


_SUITES: Dict[str, Suite] = {}


def suite(name: str = "puzzles") -> Suite:
    """A built-in suite by name (compiled once per process)."""
    if name not in _SUITES:
        _SUITES[name] = Suite(_native.load_builtin(name))
    return _SUITES[name]


def load(path: Union[str, "os.PathLike[str]"]) -> Suite:
    """Every spec of a ``.puzzle`` file or a folder (searched recursively)."""
    return Suite(_native.load_path(os.fspath(path)))


_SPECS: Dict[str, "_native.Spec"] = {}


def _resolve(name_or_path: SpecLike) -> "_native.Spec":
    """A spec: a :class:`Spec` is returned as is; a path to a ``.puzzle``
    file is compiled (once per process); any other name is looked up in the
    built-in suites (``"sudoku"``, ``"kor_cipher_01_shift"``)."""
    if isinstance(name_or_path, _native.Spec):
        return name_or_path
    key = os.fspath(name_or_path)
    found = _SPECS.get(key)
    if found is not None:
        return found
    if key.endswith(".puzzle") or os.sep in key:
        specs = _native.load_path(key)
        if len(specs) != 1:
            raise PuzzlecError(f"`{key}` holds {len(specs)} specs; give one file")
        found = specs[0]
    else:
        for name in builtin_suites():
            s = suite(name)
            if key in s:
                found = s[key]
                break
        if found is None:
            raise PuzzlecError(
                f"no built-in spec `{key}` (suites: {', '.join(builtin_suites())}); "
                "give a path to a .puzzle file"
            )
    _SPECS[key] = found
    return found


def spec(name_or_path: SpecLike) -> "_native.Spec":
    """A spec: a :class:`Spec` is returned as is; a path to a ``.puzzle``
    file is compiled (once per process); any other name is looked up in the
    built-in suites (``"sudoku"``, ``"kor_cipher_01_shift"``)."""
    return _resolve(name_or_path)


def _setting(lever: str, value: Any) -> str:
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int):
        text = str(value)
    elif isinstance(value, range):
        if value.step != 1 or len(value) == 0:
            raise OverrideError(f"lever `{lever}`: a range override needs step 1 and at least one value")
        text = f"{value.start}..={value.stop - 1}"
    elif isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        text = f"{value[0]}..={value[1]}"
    elif isinstance(value, str):
        text = value
    else:
        raise OverrideError(
            f"lever `{lever}`: {value!r} is not an int, a (lo, hi) pair, a range, a bool or a name"
        )
    return f"{lever}={text}"


def _settings(overrides: Overrides) -> List[str]:
    if not overrides:
        return []
    return [_setting(k, v) for k, v in overrides.items()]


def _defaults(s: "_native.Spec", tier: Optional[str], lang: Optional[str]) -> Tuple[str, str]:
    return (tier if tier is not None else s.tiers[0], lang if lang is not None else s.languages[0])


def generate(
    spec: SpecLike,
    tier: Optional[str] = None,
    lang: Optional[str] = None,
    index: int = 0,
    seed: int = 1,
    overrides: Overrides = None,
) -> Dict[str, Any]:
    """Item ``index`` of ``tier`` in ``lang`` for dataset seed ``seed``, as a
    record dict equal to the line ``puzzlec build`` writes (``tier`` and
    ``lang`` default to the spec's first). ``overrides`` sets levers in
    every tier, as ``--set`` does: ``{"givens": 30}``, ``{"givens": (30, 34)}``
    (sampled per item, bounds inclusive), ``{"anchor": True}``,
    ``{"task": "day"}``; each is checked against the lever's declared domain
    (:class:`OverrideError`). The record's ``levers`` show the values used.
    """
    # The common call (a compiled spec, tier and language given, no
    # overrides) takes no detour: this wrapper is part of every item's cost.
    s = spec if type(spec) is Spec else _resolve(spec)
    if tier is None or lang is None:
        tier, lang = _defaults(s, tier, lang)
    return s.record(tier, lang, index, seed, _settings(overrides) if overrides else None)


def generate_many(
    spec: SpecLike,
    tier: Optional[str] = None,
    lang: Optional[str] = None,
    count: int = 1,
    start: int = 0,
    seed: int = 1,
    overrides: Overrides = None,
) -> List[Dict[str, Any]]:
    """Items ``start, start+1, …, start+count-1`` as record dicts, each equal
    to :func:`generate`'s for its index, made in batched calls (one call into
    the extension per :data:`BATCH_LIMIT` items, so the per-call cost is
    spread). Raises the first item's failure, as a loop over
    :func:`generate` would."""
    s = spec if type(spec) is Spec else _resolve(spec)
    tier, lang = _defaults(s, tier, lang)
    if count < 0 or start < 0:
        raise PuzzlecError("`count` and `start` must not be negative")
    settings = _settings(overrides) or None
    out: List[Dict[str, Any]] = []
    while count > 0:
        size = min(count, BATCH_LIMIT)
        dicts, error = s.records(tier, lang, start, size, seed, settings)
        if error is not None:
            raise error
        out.extend(dicts)
        start, count = start + size, count - size
    return out


BATCH_LIMIT = 4096
"""The most records one call into the extension makes."""


def stream(
    spec: SpecLike,
    tier: Optional[str] = None,
    lang: Optional[str] = None,
    seed: int = 1,
    start: int = 0,
    overrides: Overrides = None,
    epoch: Optional[int] = None,
    batch: int = 64,
) -> Iterator[Dict[str, Any]]:
    """An endless stream of records: indices ``start, start+1, …`` of seed
    ``seed``. With ``epoch=N``, after every ``N`` items the dataset seed
    moves on by one and the index starts again at ``start`` (a fresh,
    equally reproducible sample; records of different seeds share ids but
    not their ``seed`` field). Records are made ``batch`` at a time (1 to
    :data:`BATCH_LIMIT`; the records are the same whatever the batch); a
    failing item raises where it falls in the stream, after the records
    before it."""
    s = _resolve(spec)
    tier, lang = _defaults(s, tier, lang)
    settings = _settings(overrides)
    s.check_overrides(settings)
    if epoch is not None and epoch < 1:
        raise PuzzlecError("`epoch` must be at least 1")
    if not 1 <= batch <= BATCH_LIMIT:
        raise PuzzlecError(f"`batch` must be from 1 to {BATCH_LIMIT}, not {batch}")
    current, index = seed, start
    while True:
        size = batch if epoch is None else min(batch, start + epoch - index)
        dicts, error = s.records(tier, lang, index, size, current, settings or None)
        yield from dicts
        if error is not None:
            raise error
        index += size
        if epoch is not None and index - start >= epoch:
            current, index = current + 1, start


class Score(NamedTuple):
    """The judgement of one response, as ``puzzlec score`` makes it."""

    verdict: str
    """``correct``, ``wrong``, ``unparseable`` or ``empty``."""
    reason: str
    """A one-line explanation."""
    extracted: Optional[str]
    """The answer text found in the response, if any."""
    parts: List[str]
    """The verdict of each checkpoint or bundle question (``missing`` when absent)."""

    @property
    def correct(self) -> bool:
        """Whether the verdict is ``correct``."""
        return self.verdict == "correct"


_JUDGE_FIELDS = tuple(_native.JUDGE_FIELDS)
_ACCEPT_FIELDS = tuple(_native.JUDGE_ACCEPT_FIELDS)


def _judged_json(record: Mapping[str, Any]) -> str:
    """The JSON text of the fields of ``record`` the judge reads (the
    question, solution and, without ``accept``, the instance are left out:
    they are the bulk of a record and the judge skips them)."""
    fields = _JUDGE_FIELDS + _ACCEPT_FIELDS if record.get("accept") else _JUDGE_FIELDS
    return dumps({k: record[k] for k in fields if k in record})


class Judge:
    """One record, parsed once; :meth:`score` judges responses against it."""

    __slots__ = ("_native",)

    def __init__(self, record: Union[Mapping[str, Any], str]):
        text = record if isinstance(record, str) else _judged_json(record)
        self._native = _native.Judge(text)

    @property
    def id(self) -> str:
        """The record's id."""
        return self._native.id

    def score(self, response: str) -> Score:
        """The verdict, reason, extracted answer and part verdicts."""
        return Score(*self._native.judge(response))


_JUDGES: Dict[tuple, Judge] = {}
_JUDGES_MAX = 65536


def _judge_key(record: Mapping[str, Any]) -> tuple:
    return (
        record.get("id"),
        record.get("seed"),
        record.get("answer"),
        record.get("answer_kind"),
        record.get("slot"),
        record.get("accept"),
        record.get("spec_hash"),
    )


def score(record: Union[Mapping[str, Any], str, Judge], response: str) -> Score:
    """Judges ``response`` against ``record`` (a record dict, its JSON line
    or a :class:`Judge`) with the judge of ``puzzlec score``: the record's
    answer slot, kind and ``accept`` condition. Judges of record dicts are
    kept per process, so scoring many responses to one record parses it once."""
    if isinstance(record, Judge):
        return record.score(response)
    if isinstance(record, str):
        return Judge(record).score(response)
    key = _judge_key(record)
    judge = _JUDGES.get(key)
    if judge is None:
        if len(_JUDGES) >= _JUDGES_MAX:
            _JUDGES.clear()
        judge = _JUDGES[key] = Judge(record)
    return judge.score(response)


from ._mix import Curriculum, Level, Mixture, Task  # noqa: E402
