"""The master's diagnosis scripts (scripts/master_*.py) run and say what they measured.

They are tools for tuning, not part of the game, but BENCHMARKS.md quotes their commands:
a small run of each must still work, and bad arguments get one line, not a traceback.
Each runs in its own process (the oracle patches `Round.view` for its whole process).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, JOBS="1")
    return subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )


def test_belief_compares_samples_with_the_true_hand() -> None:
    proc = _run("master_belief.py", "eaai", "EAAI", "2", "samples=8", "improve_scale=1.0")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "master vs eaai (EAAI), 2 rounds" in out
    assert "knobs: {'improve_scale': 1.0}" in out
    assert "deadwood: true mean" in out
    # eaai knocks as soon as it can, so after its discards it never could (these deals
    # give it no dealt hand within the limit either).
    assert "could knock: true 0.0%" in out
    assert "AUC 0." in out


def test_oracle_plays_the_same_games_seeing_the_hand() -> None:
    proc = _run("master_oracle.py", "eaai", "EAAI", "2", "1", "f")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("seen-nothing ")
    assert lines[1].startswith("f ")
    assert any(line.startswith("f against seen-nothing:") for line in lines)


def test_rounds_tells_how_they_end() -> None:
    proc = _run("master_rounds.py", "eaai", "EAAI", "1", "1")
    assert proc.returncode == 0, proc.stderr
    assert "rounds of 1 games, master vs eaai (EAAI), seed 1:" in proc.stdout
    assert "eaai's knocks by cards left in the stock" in proc.stdout


@pytest.mark.parametrize(
    ("script", "args", "message"),
    [
        ("master_oracle.py", ("eaai", "EAAI", "2", "1", "kx"), "parts are letters of"),
        ("master_belief.py", ("eaai", "EAAI", "two"), "master_belief:"),
        ("master_belief.py", ("eaai", "EAAI", "2", "nope=1"), "not a master knob"),
        ("master_belief.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("master_ab.py", ("eaai", "EAAI", "2", "1", "x:nope=1"), "not a master knob"),
        ("master_ab.py", ("eaai", "Nowhere", "2", "1", "x:"), "master_ab:"),
        ("master_rounds.py", ("eaai", "EAAI", "0", "1"), "at least one game"),
    ],
)
def test_bad_arguments_get_one_line(script: str, args: tuple[str, ...], message: str) -> None:
    proc = _run(script, *args)
    assert proc.returncode != 0
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
