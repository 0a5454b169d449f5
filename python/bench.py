"""Benchmark: in-process generation (items/s per spec and tier, one thread)
against the command line's single-thread `puzzlec bench`, and µs per
`puzzlec.score` call.

    python python/bench.py [--specs puzzles] [-n 50] [--repeat 3] [--bin target/release/puzzlec]

Prints Markdown tables. Both sides generate the same items (same seed and
indices). The CLI side is timed twice (`puzzlec bench --records`): making
each item's record in the spec's first language and its JSON line, the
work `build` does per record short of the disk (`CLI records/s`, the figure
the Python side is held to: it makes the same record as a dict), and
generating only (`CLI items/s`, no record made). Each row is
timed `--repeat` times on each side, the two sides taking turns spec by spec
(so a change in machine load hits both alike), and the best time of each
side is kept. Rates are per CPU second of the working thread on both
sides (`time.thread_time`; the CLI's `cpu_seconds`, its thread's clock), so
a loaded machine slows neither side's figure; `--clock wall` uses wall time.
The `batched` column times `puzzlec.generate_many` (one call into the
extension for all `-n` items) on the same items. The `via JSON` column times
the record's JSON line parsed with `json.loads` (the path `puzzlec.generate`
took before it built the dict directly). The load average
(`os.getloadavg`) is printed before and after.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

# Import the installed package, not the source folder beside this script.
HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]

import puzzlec  # noqa: E402

ROOT = HERE.parent

# The clock rates are measured on: the thread's CPU time (what `puzzlec bench`
# reports as CPU seconds) unless `--clock wall`.
CLOCK = time.thread_time

# A long reasoning text before the answer, for the score timings on long responses.
FILLER = "Let me check each constraint in turn; row 3 holds a 4, so column 2 cannot. " * 54


def cli_rates(binary, spec_file, n, seed):
    """Per (puzzle, tier): the CLI's items/s generating only, and its
    records/s (each item made into its first-language record and JSON line,
    as `build` does short of the disk; `bench --records`)."""
    out = subprocess.run(
        [binary, "bench", spec_file, "-n", str(n), "--seed", str(seed), "--json", "--records"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    wall = CLOCK is time.perf_counter
    key = "seconds" if wall else "cpu_seconds"
    rec_key = "records_per_second" if wall else "records_per_cpu_second"
    rows = json.loads(out)["rows"]
    for r in rows:
        if r[rec_key] is None:
            sys.exit(f"{r['puzzle']} {r['tier']}: the CLI's record pass took under 1 ms of CPU; raise -n")
    gen = {(r["puzzle"], r["tier"]): r["items"] / r[key] for r in rows}
    recs = {(r["puzzle"], r["tier"]): r[rec_key] for r in rows}
    return gen, recs


def python_rate(spec, tier, n, seed):
    lang = spec.languages[0]
    start = CLOCK()
    for i in range(n):
        puzzlec.generate(spec, tier, lang, index=i, seed=seed)
    return n / (CLOCK() - start)


def batch_rate(spec, tier, n, seed):
    lang = spec.languages[0]
    start = CLOCK()
    puzzlec.generate_many(spec, tier, lang, count=n, seed=seed)
    return n / (CLOCK() - start)


def json_rate(spec, tier, n, seed):
    lang = spec.languages[0]
    start = CLOCK()
    for i in range(n):
        json.loads(spec.record_json(tier, lang, i, seed))
    return n / (CLOCK() - start)


def score_us(rec, responses, calls):
    for r in responses:
        puzzlec.score(rec, r)
    start = CLOCK()
    for i in range(calls):
        puzzlec.score(rec, responses[i % len(responses)])
    return (CLOCK() - start) / calls * 1e6


def first_score_us(spec, n, seed):
    """µs per score of a record never scored before (its judge made anew)."""
    tier, lang = spec.tiers[0], spec.languages[0]
    recs = [puzzlec.generate(spec, tier, lang, index=1000 + i, seed=seed) for i in range(n)]
    start = CLOCK()
    for rec in recs:
        puzzlec.score(rec, f"The answer is [[{rec['answer']}]].")
    return (CLOCK() - start) / n * 1e6


def load():
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", default="puzzles")
    ap.add_argument("-n", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--first", type=int, default=200, help="records scored once each, per spec")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="CPU time of the thread (default) or wall time")
    ap.add_argument("--puzzle", action="append", help="only this puzzle (repeatable)")
    ap.add_argument("--bin", default=os.environ.get("PUZZLEC_BIN", str(ROOT / "target/release/puzzlec")))
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    specs = [s for s in puzzlec.load(ROOT / args.specs) if not args.puzzle or s.name in args.puzzle]
    print(f"{load()}; -n {args.n}, best of {args.repeat}, {args.clock} time\n")
    print(
        "| puzzle | tier | CLI records/s | CLI items/s (generation only) | Python items/s "
        "| Python / CLI records | Python / CLI generation | batched | batched / CLI records "
        "| via JSON | via JSON / CLI records |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios, gen_ratios, batch_ratios, json_ratios = [], [], [], []
    for s in specs:
        gen, cli, py, bt, js = {}, {}, {}, {}, {}
        for _ in range(args.repeat):
            gen_rates, rec_rates = cli_rates(args.bin, s.file, args.n, args.seed)
            for key, rate in gen_rates.items():
                gen[key] = max(gen.get(key, 0.0), rate)
            for key, rate in rec_rates.items():
                cli[key] = max(cli.get(key, 0.0), rate)
            for tier in s.tiers:
                py[tier] = max(py.get(tier, 0.0), python_rate(s, tier, args.n, args.seed))
                bt[tier] = max(bt.get(tier, 0.0), batch_rate(s, tier, args.n, args.seed))
                js[tier] = max(js.get(tier, 0.0), json_rate(s, tier, args.n, args.seed))
        for tier in s.tiers:
            c, g = cli[(s.name, tier)], gen[(s.name, tier)]
            ratios.append(py[tier] / c)
            gen_ratios.append(py[tier] / g)
            batch_ratios.append(bt[tier] / c)
            json_ratios.append(js[tier] / c)
            print(
                f"| {s.name} | {tier} | {c:.0f} | {g:.0f} | {py[tier]:.0f} | {py[tier] / c:.0%} "
                f"| {py[tier] / g:.0%} | {bt[tier]:.0f} | {bt[tier] / c:.0%} | {js[tier]:.0f} "
                f"| {js[tier] / c:.0%} |"
            )
    summaries = [
        ("Python / CLI records", ratios),
        ("Python / CLI generation only", gen_ratios),
        ("batched / CLI records", batch_ratios),
        ("via JSON / CLI records", json_ratios),
    ]
    for name, rs in summaries:
        rs.sort()
        at = sum(r >= 0.9 for r in rs)
        print(
            f"\n{name}: median {rs[len(rs) // 2]:.0%}, lowest {rs[0]:.0%}, "
            f"{at} of {len(rs)} spec × tier rows at or above 90 %"
        )
    print(f"\n{load()}\n")
    print(
        "| puzzle | answer kind | gold chars | µs per score call (short) "
        f"| µs per score call ({len(FILLER)}-char reasoning first) | µs per first score of a record |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for s in specs:
        rec = puzzlec.generate(s, s.tiers[0], s.languages[0])
        gold = rec["answer"]
        short = [f"The answer is [[{gold}]].", "[[0]]"]
        long = [f"{FILLER}\nThe answer is [[{gold}]].", f"{FILLER}\n[[0]]", f"<think>{FILLER}</think>\nAnswer: {gold}"]
        print(
            f"| {s.name} | {rec['answer_kind']} | {len(gold)} | {score_us(rec, short, args.calls):.1f} "
            f"| {score_us(rec, long, args.calls // 4):.1f} | {first_score_us(s, args.first, args.seed):.1f} |"
        )
    print(f"\n{load()}")


if __name__ == "__main__":
    sys.exit(main())
