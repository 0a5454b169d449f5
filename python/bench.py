"""Benchmark: in-process generation (items/s per spec and tier, one thread)
against the command line's single-thread `puzzlec bench`, and µs per
`puzzlec.score` call on short answers.

    python python/bench.py [--specs puzzles] [-n 50] [--bin target/release/puzzlec]

Prints Markdown tables. Both sides generate the same items (same seed and
indices); the Python side also turns each record into a dict.
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import time

# Import the installed package, not the source folder beside this script.
HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]

import puzzlec  # noqa: E402

ROOT = HERE.parent


def cli_rates(binary, specs, n, seed):
    out = subprocess.run(
        [binary, "bench", specs, "-n", str(n), "--seed", str(seed)], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"\| (\S+) \| (\S+) \| (\d+) \| ([\d.]+) \| (\d+) \|", line)
        if m:
            rates[(m.group(1), m.group(2))] = int(m.group(3)) / float(m.group(4))
    return rates


def python_rate(spec, tier, n, seed):
    lang = spec.languages[0]
    start = time.perf_counter()
    for i in range(n):
        puzzlec.generate(spec, tier, lang, index=i, seed=seed)
    return n / (time.perf_counter() - start)


def score_us(spec, calls):
    rec = puzzlec.generate(spec, spec.tiers[0], spec.languages[0])
    responses = [f"The answer is [[{rec['answer']}]].", "[[0]]"]
    puzzlec.score(rec, responses[0])
    start = time.perf_counter()
    for i in range(calls):
        puzzlec.score(rec, responses[i & 1])
    return (time.perf_counter() - start) / calls * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", default="puzzles")
    ap.add_argument("-n", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--bin", default=os.environ.get("PUZZLEC_BIN", str(ROOT / "target/release/puzzlec")))
    args = ap.parse_args()
    specs = puzzlec.load(ROOT / args.specs)
    # Interleave: the CLI's rates first, then Python's, spec by spec, so a
    # change in machine load hits both sides of a row alike.
    print("| puzzle | tier | CLI items/s | Python items/s | Python / CLI |")
    print("|---|---|---:|---:|---:|")
    ratios = []
    for s in specs:
        cli = cli_rates(args.bin, str(pathlib.Path(s.file) if os.path.isabs(s.file) else s.file), args.n, args.seed)
        for tier in s.tiers:
            py = python_rate(s, tier, args.n, args.seed)
            c = cli[(s.name, tier)]
            ratios.append(py / c)
            print(f"| {s.name} | {tier} | {c:.0f} | {py:.0f} | {py / c:.0%} |")
    ratios.sort()
    print(f"\nmedian Python / CLI: {ratios[len(ratios) // 2]:.0%}, lowest {ratios[0]:.0%} ({len(ratios)} spec × tier rows)\n")
    print("| puzzle | answer kind | µs per score call |")
    print("|---|---|---:|")
    for s in specs:
        rec = puzzlec.generate(s, s.tiers[0], s.languages[0])
        print(f"| {s.name} | {rec['answer_kind']} | {score_us(s, args.calls):.1f} |")


if __name__ == "__main__":
    sys.exit(main())
