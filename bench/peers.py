"""Benchmark: puzzlec against the generators it must beat, on the same task
and the same sizes, in one process and one thread, as ratios.

    python bench/peers.py [--nolli DIR] [-n 200] [--rounds 3] [--only NAME ...] [--json FILE]

Two kinds of peer, each optional (a pair whose peer is missing is listed
as skipped, with the reason):

* the reference benchmark's own generators (`generation/*.py` of a
  HAE-RAE/NOLLI checkout, `--nolli DIR`; they need `pandas`, `ephem` and
  `LunarCalendar` from PyPI), called per item as their dataset scripts call
  them, without writing files;
* the Python peer, `reasoning_gym` from PyPI, through its
  `create_dataset(name, size, seed, **config)`, with each item read.

puzzlec runs in-process through its Python package (`puzzlec.generate_many`:
the whole record of each item, prompt, gold and solution, as a dict). Both
sides are timed on the calling thread's CPU clock (`time.thread_time`), so
a loaded machine slows neither figure; they take turns pair by pair,
`--rounds` times, and each side's best round is kept. The ratio is puzzlec's
items per CPU second over the peer's. `bench/peers.md` says what each pair
compares and holds the last measured table.
"""

import argparse
import dataclasses
import json
import os
import pathlib
import random
import sys
import time
from typing import Callable, Optional

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent

import puzzlec  # noqa: E402

CLOCK = time.thread_time
TIERS = ("easy", "medium", "hard")


@dataclasses.dataclass
class Pair:
    """One task on both sides. `peer(tier, n)` makes n items of the peer's
    matching tier; `size` says what is matched."""

    name: str
    spec: str
    lang: str
    peer_name: str
    peer: Callable[[str, int], None]
    size: str
    tiers: tuple = TIERS
    overrides: Optional[dict] = None


# --- The reference's generators (a NOLLI checkout) ---------------------------

class Nolli:
    """Imports the reference's generator modules from `DIR/generation`."""

    def __init__(self, folder):
        self.folder = pathlib.Path(folder) / "generation" if folder else None
        self.modules = {}

    def module(self, name):
        if self.folder is None:
            raise Skip("no --nolli checkout given")
        if name not in self.modules:
            if not (self.folder / f"{name}.py").is_file():
                raise Skip(f"{self.folder}/{name}.py not found")
            if str(self.folder) not in sys.path:
                sys.path.insert(0, str(self.folder))
            try:
                self.modules[name] = __import__(name)
            except ImportError as error:
                raise Skip(f"{name}.py needs {error.name} (pip install it)") from None
        return self.modules[name]


class Skip(Exception):
    """A peer that cannot run here, with the reason."""


def nolli_pairs(nolli):
    def kinship(tier, n):
        m = nolli.module("kinship")
        chains = list(m.get_relation_chain_to_title().keys())
        difficulty = tier.capitalize()
        for chain in m._stratified_chain_queue(chains, difficulty, n):
            m.generate_question(difficulty=difficulty, forced_chain=chain)

    def steps_and_trace(module):
        def make(tier, n):
            m = nolli.module(module)
            rng = random.Random(1)
            for _ in range(n):
                q, a, steps, *kind = m.generate_one(tier, rng)
                m.build_solution_trace(steps, a, *(kind or [tier]))
        return make

    def korean_units(tier, n):
        m = nolli.module("korean_units_ko")
        made, seed = 0, 0
        while made < n and seed < n * 400:
            made += m.generate_puzzle(tier, seed=seed) is not None
            seed += 1

    def array_formula(tier, n):
        m = nolli.module("array_formula_en")
        for i in range(n):
            m.generate_puzzle(difficulty=tier, seed=1 + i)

    def cipher_en(tier, n):
        m = nolli.module("cipher_en")
        generator = m.SelfContainedCipherGenerator()
        config = next(c for c in m.DIFFICULTY_CONFIG.values() if c["name"] == tier)
        for i in range(n):
            generator.generate_problem(config, 4000 + i)

    def time_ko(tier, n):
        m = nolli.module("time_ko")
        for i in range(n):
            m.generate_problem(tier, problem_id=i, seed=1 + i)

    same = "the reference's own tiers (reproduced, see docs/reference-parity.md)"
    return [
        Pair("kinship", "kinship", "ko", "NOLLI kinship.py", kinship, same),
        Pair("saju", "saju", "ko", "NOLLI saju_ko.py", steps_and_trace("saju_ko"), same),
        Pair("jamo", "jamo_composition", "ko", "NOLLI jamo_ko.py", steps_and_trace("jamo_ko"), same),
        Pair("korean_units", "korean_units", "ko", "NOLLI korean_units_ko.py", korean_units, same),
        Pair("array_formula", "array_formula", "en", "NOLLI array_formula_en.py", array_formula, same),
        Pair("cipher_en", "cipher_en", "en", "NOLLI cipher_en.py", cipher_en, same),
        Pair("time", "time", "ko", "NOLLI time_ko.py", time_ko, same),
    ]


# --- The Python peer (reasoning_gym) -----------------------------------------

def gym(name, configs):
    """A reasoning_gym dataset of n items with the tier's config, each read."""

    def make(tier, n):
        try:
            import reasoning_gym
        except ImportError:
            raise Skip("reasoning_gym is not installed (pip install reasoning-gym)") from None
        data = reasoning_gym.create_dataset(name, size=n, seed=1, **configs[tier])
        for i in range(n):
            data[i]

    make.configs = configs
    return make


def gym_pairs():
    words = {"easy": 1, "medium": 2, "hard": 3}
    return [
        Pair(
            "sudoku", "sudoku", "en", "reasoning_gym sudoku",
            gym("sudoku", {t: {"min_empty": 81 - hi, "max_empty": 81 - lo}
                           for t, (lo, hi) in {"easy": (40, 43), "medium": (37, 39),
                                               "hard": (31, 35)}.items()}),
            "givens 40–43 / 37–39 / 31–35 on both sides (gym: min_empty, max_empty)",
        ),
        Pair(
            "futoshiki", "kor_puzzle_17_futoshiki", "en", "reasoning_gym futoshiki",
            gym("futoshiki", {t: {"min_board_size": s, "max_board_size": s}
                              for t, s in {"easy": 4, "medium": 5, "hard": 5}.items()}),
            "boards 4×4 / 5×5 / 5×5 on both sides",
        ),
        Pair(
            "caesar", "kor_cipher_01_shift", "en", "reasoning_gym caesar_cipher",
            gym("caesar_cipher", {t: {"min_words": w, "max_words": w} for t, w in words.items()}),
            "puzzlec: 3–5 / 6–10 / 11–16 letters (KOR-Bench's shift rule); gym: 1 / 2 / 3 words",
        ),
        Pair(
            "syllogism", "kor_logic_10_syllogism", "en", "reasoning_gym syllogism",
            gym("syllogism", {t: {} for t in TIERS}),
            "one syllogism per item on both sides (gym's default config)",
        ),
    ]


# --- Timing ------------------------------------------------------------------

def timed(work):
    start = CLOCK()
    work()
    return CLOCK() - start


def measure(pair, tier, n, rounds):
    spec = puzzlec.spec(pair.spec)
    # One untimed item each first: imports, caches and tables built once.
    pair.peer(tier, 1)
    puzzlec.generate_many(spec, tier, pair.lang, count=1, seed=99, overrides=pair.overrides)
    ours = theirs = float("inf")
    for round_ in range(rounds):
        ours = min(ours, timed(lambda: puzzlec.generate_many(
            spec, tier, pair.lang, count=n, seed=round_ + 1, overrides=pair.overrides)))
        theirs = min(theirs, timed(lambda: pair.peer(tier, n)))
    return n / ours, n / theirs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nolli", help="a HAE-RAE/NOLLI checkout (its generation/ folder is imported)")
    parser.add_argument("-n", type=int, default=200, help="items per tier and round (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per side; the best is kept")
    parser.add_argument("--only", nargs="*", help="pair names to run (default: all)")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    if args.n < 1 or args.rounds < 1:
        parser.error("-n and --rounds must be at least 1")

    pairs = nolli_pairs(Nolli(args.nolli)) + gym_pairs()
    if args.only:
        unknown = set(args.only) - {p.name for p in pairs}
        if unknown:
            parser.error(f"unknown pair(s) {', '.join(sorted(unknown))}; "
                         f"the pairs are {', '.join(p.name for p in pairs)}")
        pairs = [p for p in pairs if p.name in args.only]

    print(f"load average before: {os.getloadavg()[0]:.2f}; -n {args.n}, best of {args.rounds}")
    print()
    print("| task | peer | tier | puzzlec items/CPU-s | peer items/CPU-s | ratio |")
    print("|---|---|---|---:|---:|---:|")
    rows, skipped = [], []
    for pair in pairs:
        for tier in pair.tiers:
            try:
                ours, theirs = measure(pair, tier, args.n, args.rounds)
            except Skip as why:
                skipped.append(f"{pair.name} ({pair.peer_name}): {why}")
                break
            rows.append({"task": pair.name, "spec": pair.spec, "peer": pair.peer_name, "tier": tier,
                         "size": pair.size, "puzzlec": ours, "peer_rate": theirs,
                         "ratio": ours / theirs})
            print(f"| {pair.name} | {pair.peer_name} | {tier} | {ours:,.0f} | {theirs:,.0f} "
                  f"| {ours / theirs:.1f}× |", flush=True)
    print()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    for line in skipped:
        print(f"skipped: {line}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
