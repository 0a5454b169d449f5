"""Scoring for the lm-evaluation-harness tasks written by `puzzlec export lm-eval`.

Every task names `process_results` below, so each response is judged by
puzzlec's own judge (`puzzlec.score`: the record's answer slot, answer kind
and `accept` condition), exactly as `puzzlec score` judges it, and never by
lm-eval's regex matchers. The document is the dataset record itself.
"""

try:
    import puzzlec
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "these tasks score with puzzlec's judge: install the puzzlec Python package "
        "(`pip install ./python` in the puzzlec repository) in lm-eval's environment"
    ) from error


def process_results(doc, results):
    """`acc` is 1.0 when puzzlec's judge finds the response correct, else 0.0."""
    response = results[0] if results else ""
    verdict = puzzlec.score(dict(doc), response if isinstance(response, str) else "")
    return {"acc": 1.0 if verdict.correct else 0.0}
