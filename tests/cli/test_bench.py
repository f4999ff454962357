"""``ginrummy bench``: runs quickly with --quick and reports every figure."""

from __future__ import annotations

import json
import sys

import pytest

from ginrummy.core import Card, min_deadwood
from ginrummy.tools.bench import CORPORA, make_corpora

from .helpers import CLI


def test_quick_json_has_every_figure(cli: CLI) -> None:
    run = cli("bench", "--quick", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["quick"] is True
    for key in ("python", "platform", "cpu", "cores", "date"):
        assert key in data["machine"]
    assert set(data["corpora"]) == set(CORPORA)
    for figures in data["corpora"].values():
        for key in ("min_deadwood_us", "min_deadwood_mask_us", "best_melding_us"):
            assert figures[key] > 0
    # Meld-dense hands really are denser in melds.
    assert (
        data["corpora"]["dense10"]["mean_deadwood"] < data["corpora"]["uniform10"]["mean_deadwood"]
    )
    assert data["simple_vs_simple"]["rounds_per_second"] > 0
    assert "peers" not in data


def test_peers_not_installed_is_not_an_error(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes the import fail as if the package were missing.
    for name in ("pyspiel", "rlcard", "rlcard.games.gin_rummy.utils.melding"):
        monkeypatch.setitem(sys.modules, name, None)
    run = cli("bench", "--quick", "--peers")
    assert run.code == 0, run.err
    assert "OpenSpiel: not installed" in run.out
    assert "RLCard: not installed" in run.out
    assert "µs" in run.out and "rounds per second" in run.out


def test_corpora_are_fixed_and_shaped() -> None:
    a, b = make_corpora(50), make_corpora(50)
    assert a == b
    assert all(len(h) == 10 for h in a["uniform10"] + a["dense10"])
    assert all(len(h) == 11 for h in a["uniform11"])
    assert all(len(set(h)) == len(h) for hands in a.values() for h in hands)
    for hand in a["dense10"]:
        ranks = {c.rank for c in hand}
        assert max(ranks) - min(ranks) <= 5
    assert all(isinstance(c, Card) for c in a["uniform10"][0])
    assert min_deadwood(a["dense10"][0]) >= 0
