"""Inspect tasks of a puzzlec dataset, written by `puzzlec export inspect`.

    inspect eval THIS_FILE --model openai-api/local/MODEL -T lang=ko -T tier=hard

One task, `@@TASK@@`, whose parameters choose the task files of the dataset:
`puzzle`, `lang` and `tier`, each a name or a comma-separated list (empty:
all). Its solver is `generate()`; its scorer is puzzlec's own judge
(`puzzlec.score`: the record's answer slot, answer kind and `accept`
condition), so a response is judged exactly as `puzzlec score` judges it.
The metrics are the accuracy over every sample with its standard error and
the accuracy of each task file (`puzzle/lang/tier`).

The dataset is read at run time from DATA, relative to this file; its
manifest says which files there are.
"""

import json
import pathlib

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Target, accuracy, grouped, scorer, stderr
from inspect_ai.solver import TaskState, generate

try:
    import puzzlec as _puzzlec
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "this task scores with puzzlec's judge: install the puzzlec Python package "
        "(`pip install ./python` in the puzzlec repository) in Inspect's environment"
    ) from error

DATA = pathlib.Path(__file__).resolve().parent / @@DATA@@
MAX_TOKENS = @@MAX_TOKENS@@


def _manifest() -> dict:
    path = DATA / "manifest.json"
    if not path.is_file():
        raise FileNotFoundError(f"no puzzlec dataset at {DATA} (no manifest.json): was it moved?")
    return json.loads(path.read_text(encoding="utf-8"))


def _chosen(value: str, field: str, entries: list) -> set:
    known = sorted({e[field] for e in entries})
    wanted = {v.strip() for v in value.split(",") if v.strip()}
    unknown = sorted(wanted - set(known))
    if unknown:
        raise ValueError(f"no {field} {', '.join(unknown)} in this dataset; there are: {', '.join(known)}")
    return wanted or set(known)


def _samples(entries: list) -> list:
    samples = []
    for entry in entries:
        name = f"{entry['puzzle']}/{entry['lang']}/{entry['tier']}"
        with open(DATA / entry["file"], encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                record = json.loads(line)
                samples.append(
                    Sample(
                        id=record["id"],
                        input=record["question"],
                        target=record["answer"],
                        metadata={"task": name, "record": line.rstrip("\n")},
                    )
                )
    return samples


@scorer(metrics=[accuracy(), stderr(), grouped(accuracy(), "task", all=False)])
def puzzlec_judge():
    """Correct when puzzlec's judge finds the completion correct."""

    async def score(state: TaskState, target: Target) -> Score:
        verdict = _puzzlec.score(state.metadata["record"], state.output.completion)
        return Score(
            value=CORRECT if verdict.correct else INCORRECT,
            answer=verdict.extracted,
            explanation=f"{verdict.verdict}: {verdict.reason}",
            metadata={"verdict": verdict.verdict},
        )

    return score


@task
def @@TASK@@(puzzle: str = "", lang: str = "", tier: str = "") -> Task:
    """The dataset's records of the chosen puzzles, languages and tiers."""
    manifest = _manifest()
    entries = manifest["tasks"]
    puzzles = _chosen(puzzle, "puzzle", entries)
    langs = _chosen(lang, "lang", entries)
    tiers = _chosen(tier, "tier", entries)
    entries = [e for e in entries if e["puzzle"] in puzzles and e["lang"] in langs and e["tier"] in tiers]
    if not entries:
        raise ValueError("no task file of this dataset has that puzzle, lang and tier together")
    return Task(
        dataset=MemoryDataset(_samples(entries), name="@@TASK@@"),
        solver=generate(),
        scorer=puzzlec_judge(),
        config=GenerateConfig(temperature=0, max_tokens=MAX_TOKENS),
        metadata={
            "generator": manifest["generator"],
            "dataset_seed": manifest["seed"],
            "dataset_digest": manifest.get("digest"),
        },
    )
