"""Scale-out on Ray Data: ``ray.data.range(N).map_batches`` over puzzlec
generation. Position ``k`` of a :class:`puzzlec.Mixture` is the same record
on any worker, so the output is the same for any cluster size or batching.

    ray.init()                       # or ray.init(address="auto") on a cluster
    ds = generate(100_000, seed=1)
    ds.write_json("out/")            # or write_parquet
"""

from typing import Any, Dict, List

import puzzlec

TASKS = [("sudoku", "easy", "en", 1), ("number_baseball", "easy", "ko", 1), ("causal_dag", "easy", "en", 1)]


def generate_batch(batch: Dict[str, Any], seed: int = 1) -> Dict[str, List[Any]]:
    """One batch of positions (Ray's ``id`` column) → their records as JSON lines."""
    mixture = puzzlec.Mixture(TASKS, seed=seed)
    positions = [int(k) for k in batch["id"]]
    return {"position": positions, "record": [puzzlec.dumps(mixture.item(k)) for k in positions]}


def generate(n: int, seed: int = 1, batch_size: int = 16):
    """A Ray dataset of ``n`` records (columns ``position`` and ``record``)."""
    import ray.data

    return ray.data.range(n).map_batches(generate_batch, fn_kwargs={"seed": seed}, batch_size=batch_size)
