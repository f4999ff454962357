"""The master's diagnosis scripts (scripts/master_*.py) run and say what they measured.

They are tools for tuning, not part of the game, but BENCHMARKS.md quotes their commands:
a small run of each must still work, and bad arguments get one line, not a traceback.
Each runs in its own process (the oracle patches `Round.view` for its whole process).
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ginrummy.core import Round
from ginrummy.core.cards import Card, mask_of
from ginrummy.core.round import Phase, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.players import make_player

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
    proc = _run(
        "master_belief.py", "eaai", "EAAI", "2", "samples=8", "improve_scale=1.0", "replay_pool=2"
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "master vs eaai (EAAI), 2 rounds" in out
    assert "knobs: {'improve_scale': 1.0, 'replay_pool': 2}" in out
    assert "the master's discards: " in out
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


def test_variants_run_every_experiment() -> None:
    proc = _run(
        "master_variants.py",
        "eaai",
        "EAAI",
        "1",
        "1",
        "v6:",
        "all:feed_meld_points=15.0,replay_pool=2,knock_replay=2,mc_candidates=2,mc_samples=2",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("v6 ")
    assert lines[1].startswith("all ")
    assert any(line.startswith("all against v6:") for line in lines)


@pytest.fixture(scope="module")
def variants() -> Iterator[ModuleType]:
    sys.path.insert(0, str(SCRIPTS))
    try:
        yield importlib.import_module("master_variants")
    finally:
        sys.path.remove(str(SCRIPTS))


def test_replay_never_rules_out_a_greedy_players_true_hand(variants: ModuleType) -> None:
    """At depth 1 the replay weighs eaai's real hand above 0 at every discard of the
    master: the last discard left the least deadwood, eaai did not knock, and the card it
    declined before drawing made no meld (some card of the hand is the one it drew)."""
    rules = Rules.preset("EAAI")
    checked = 0
    for seed in range(6):
        rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (make_player("expert", 1), make_player("eaai", seed + 1))
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0 and view.phase is Phase.DISCARD:
                turns = variants.opponent_turns(view)
                true = mask_of(rnd.hand(1))
                rng = random.Random(seed)
                assert variants.replay_weight(true, turns, view.knock_limit, rng, 1, 0.0) > 0
                checked += 1
            rnd.apply(bots[me].choose(view), me)
    assert checked > 20


def _mask(cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards.split())


def test_replay_weighs_down_what_a_greedy_player_would_not_do(variants: ModuleType) -> None:
    weight = variants.replay_weight
    rng = random.Random(1)
    # It declined 9C (no meld with these cards), drew and threw KD, the worst card kept
    # or a tie with QC: a greedy player's turn.
    drew = [("draw", Card.parse("9C").bit), ("discard", Card.parse("KD").bit)]
    assert weight(_mask("AS 2S 3S 4H 5H 6H QC JH 2D 3C"), drew, 10, rng, 1, 0.5) == 1.0
    # With KS KH in hand, KD made a set: throwing it kept 25 deadwood where 3C left 2.
    assert weight(_mask("AS 2S 3S 4H 5H 6H KS KH 2D 3C"), drew, 10, rng, 1, 0.5) == 0.5
    # Down to 2 deadwood after the discard, a greedy player knocks.
    assert weight(_mask("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C"), drew, 10, rng, 1, 0.0) == 0.0
    # With 7C 8C in hand, 9C made a run: only if one of them was the card it then drew
    # (2 of the 11 cards it held after the draw) did it decline a meld.
    assert weight(_mask("AS 2S 3S 4H 5H 6H 7C 8C JH QS"), drew, 10, rng, 1, 0.0) == 2 / 11
    # It took 9C: a greedy player takes only to meld.
    took = [("take", Card.parse("9C").bit), ("discard", Card.parse("KD").bit)]
    assert weight(_mask("AS 2S 3S 9S 9H 9C QC JH 4D 5C"), took, 10, rng, 1, 0.5) == 1.0
    assert weight(_mask("AS 2S 3S 4H 5H 6H 9C QC JH 2D"), took, 10, rng, 1, 0.5) == 0.5
