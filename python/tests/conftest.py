"""Shared fixtures: the repository root and the release `puzzlec` binary the
records are compared against (`PUZZLEC_BIN`, else `target/release/puzzlec`)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary() -> pathlib.Path:
    env = os.environ.get("PUZZLEC_BIN")
    if env:
        return pathlib.Path(env)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "puzzlec"


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """Runs the puzzlec binary in the repository root; returns the completed process."""
    binary = _binary()
    assert binary.is_file(), f"build the binary first (cargo build --release) or set PUZZLEC_BIN; no {binary}"

    def run(*args, check=True):
        done = subprocess.run([str(binary), *args], cwd=ROOT, capture_output=True, text=True)
        if check:
            assert done.returncode == 0, done.stderr
        return done

    return run
