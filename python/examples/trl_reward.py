"""A reward function for TRL's GRPO trainer, judged by puzzlec in-process.

TRL calls every function in ``reward_funcs`` as
``f(prompts=..., completions=..., **columns) -> list[float]``: one float per
completion, with every other dataset column passed by name as a list aligned
with ``completions``. Completions are strings (standard format) or lists of
messages whose last one is the assistant's (conversational format).

Usage with TRL (not run in CI, which has no torch)::

    from trl import GRPOConfig, GRPOTrainer
    from datasets import Dataset
    train = Dataset.from_list(rows(n=2000))
    trainer = GRPOTrainer(model="Qwen/Qwen2.5-0.5B-Instruct", reward_funcs=puzzlec_reward,
                          args=GRPOConfig(output_dir="out"), train_dataset=train)
    trainer.train()
"""

from typing import Any, Dict, List

import puzzlec


def rows(n: int, seed: int = 1, spec: str = "sudoku", tier: str = "easy", lang: str = "en") -> List[Dict[str, str]]:
    """Training rows: the ``prompt`` TRL shows the policy and the ``record``
    (its JSON line) the reward function judges against."""
    out = []
    for rec in puzzlec.stream(spec, tier, lang, seed=seed):
        out.append({"prompt": rec["question"], "record": puzzlec.dumps(rec)})
        if len(out) == n:
            return out
    return out


def _text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    # Conversational: a list of {"role", "content"} messages.
    return completion[-1]["content"] if completion else ""


def puzzlec_reward(prompts: List[Any], completions: List[Any], record: List[str], **kwargs: Any) -> List[float]:
    """1.0 for a completion puzzlec judges correct, else 0.0."""
    return [1.0 if puzzlec.score(r, _text(c)).correct else 0.0 for r, c in zip(record, completions)]
