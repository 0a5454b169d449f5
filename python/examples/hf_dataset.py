"""A Hugging Face ``datasets.Dataset`` built with ``Dataset.from_generator``
from puzzlec generation (no files are read; items are generated on the fly).

The nested ``instance`` and ``levers`` differ in shape between puzzles, so
each row keeps the flat fields as columns and the whole record as its JSON
line in ``record`` (what :func:`puzzlec.score` takes back).
"""

from typing import Any, Dict, Iterator, Optional

import puzzlec

COLUMNS = ["id", "puzzle", "lang", "tier", "index", "question", "answer", "answer_kind"]


def rows(mixture: "puzzlec.Mixture", n: int) -> Iterator[Dict[str, Any]]:
    """The first ``n`` positions of a mixture as dataset rows."""
    for k in range(n):
        rec = mixture.item(k)
        row = {c: rec[c] for c in COLUMNS}
        row["record"] = puzzlec.dumps(rec)
        yield row


def build(n: int, seed: int = 1, cache_dir: Optional[str] = None):
    """A dataset of ``n`` items mixing three tasks of the reference suite."""
    import datasets

    # A tuple, not a list: from_generator splits list-valued gen_kwargs into shards.
    tasks = (("sudoku", "easy", "en", 2), ("kinship", "easy", "ko", 1), ("time", "medium", "ko", 1))
    return datasets.Dataset.from_generator(
        _gen, gen_kwargs={"tasks": tasks, "seed": seed, "n": n}, cache_dir=cache_dir
    )


def _gen(tasks, seed, n):
    yield from rows(puzzlec.Mixture(tasks, seed=seed), n)
