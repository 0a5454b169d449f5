"""bench/peers.py pairs puzzlec specs with peers: every pair's puzzlec side
exists and makes records in the stated language at every tier, the sizes the
pairs claim to match are the sizes the specs draw, and a peer that is not
installed is skipped with a reason rather than failing the run."""

import importlib.util
import pathlib

import puzzlec
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _peers():
    spec = importlib.util.spec_from_file_location("peers", ROOT / "bench" / "peers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PEERS = _peers()
PAIRS = PEERS.nolli_pairs(PEERS.Nolli(None)) + PEERS.gym_pairs()


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.name)
def test_puzzlec_side_makes_every_tier(pair):
    spec = puzzlec.spec(pair.spec)
    assert set(pair.tiers) <= set(spec.tiers)
    for tier in pair.tiers:
        [record] = puzzlec.generate_many(spec, tier, pair.lang, count=1, overrides=pair.overrides)
        assert record["lang"] == pair.lang and record["tier"] == tier


def _levers(pair, tier, n=30):
    records = puzzlec.generate_many(puzzlec.spec(pair.spec), tier, pair.lang, count=n)
    return [puzzlec.levers(r) for r in records]


def test_sudoku_givens_match_the_gym_config():
    pair = next(p for p in PAIRS if p.name == "sudoku")
    for tier, config in pair.peer.configs.items():
        givens = {lv["givens"] for lv in _levers(pair, tier)}
        assert givens <= set(range(81 - config["max_empty"], 82 - config["min_empty"])), tier


def test_futoshiki_boards_match_the_gym_config():
    pair = next(p for p in PAIRS if p.name == "futoshiki")
    for tier, config in pair.peer.configs.items():
        sizes = {lv["size"] for lv in _levers(pair, tier)}
        assert sizes == {config["min_board_size"]} == {config["max_board_size"]}, tier


def test_missing_peers_are_skipped_with_a_reason():
    kinship = next(p for p in PAIRS if p.name == "kinship")
    with pytest.raises(PEERS.Skip, match="no --nolli checkout"):
        kinship.peer("easy", 1)
