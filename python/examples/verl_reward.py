"""A verl-style reward: ``compute_score(data_source, solution_str,
ground_truth, extra_info)``, verl's custom reward function signature.

Put the record's JSON line in ``reward_model.ground_truth`` of each row of
the parquet file verl trains on (``make_row`` below), and point
``custom_reward_function.path`` at this file with ``name=compute_score``.
"""

from typing import Any, Dict, Optional

import puzzlec


def make_row(rec: Dict[str, Any]) -> Dict[str, Any]:
    """One verl training row for a record."""
    return {
        "data_source": f"puzzlec/{rec['puzzle']}",
        "prompt": [{"role": "user", "content": rec["question"]}],
        "ability": "reasoning",
        "reward_model": {"style": "rule", "ground_truth": puzzlec.dumps(rec)},
        "extra_info": {"id": rec["id"]},
    }


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: Optional[Dict[str, Any]] = None) -> float:
    """1.0 when the response is judged correct against the record, else 0.0."""
    return 1.0 if puzzlec.score(ground_truth, solution_str).correct else 0.0
