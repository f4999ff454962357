"""The master plays the same moves for the same seeds: a digest of every action of a few
whole games against the expert and the simple player, under two presets.

The digests were recorded before the master became a package with a `MasterConfig`; a
change that moves any card of these games changes them. The master's time cap is lifted
so that a slow, shared machine cannot cut its sampling short."""

from __future__ import annotations

import hashlib

import pytest

from ginrummy.core import Game, Player
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.master import MasterConfig, MasterPlayer
from ginrummy.tools.arena import bot_seed, plan_game


def _player(name: str, seed: int) -> Player:
    if name == "master":
        return MasterPlayer(seed, config=MasterConfig(budget=float("inf")))
    return make_player(name, seed)


def action_digest(
    bots: tuple[str, str], preset: str, games: int, seed: int, rounds: int | None = None
) -> str:
    """A hash of every action of ``games`` games between ``bots`` under ``preset``, set up
    as `ginrummy arena` sets them up (seats, dealers, deal and bot seeds); with ``rounds``,
    each game stops after that many rounds."""
    rules = Rules.preset(preset)
    digest = hashlib.sha256()
    for index in range(games):
        plan = plan_game(seed, index)
        by_player = (
            _player(bots[0], bot_seed(plan.seed, 0)),
            _player(bots[1], bot_seed(plan.seed, 1)),
        )
        players = (by_player[plan.seats[0]], by_player[plan.seats[1]])
        game = Game(rules, seed=plan.seed, first_dealer=plan.first_dealer)
        while True:
            rnd = game.round
            while rnd.result is None:
                me = rnd.to_act
                action = players[me].choose(rnd.view(me))
                digest.update(f"{index}:{rnd.number}:{me}:{action}|".encode())
                game.apply(action, me)
            if game.winner is not None or rnd.number == rounds:
                break
            game.next_round()
        digest.update(f"{index}:{game.winner}:{game.scores}|".encode())
    return digest.hexdigest()


#: (players, preset, games, rounds per game, arena seed, digest of every action).
CASES = [
    (
        ("master", "expert"),
        "Standard",
        2,
        1,
        1,
        "b321c50b388b1e9f87204561f348809818888ac657c8d955b2d579acbfef145c",
    ),
    (
        ("master", "simple"),
        "Standard",
        2,
        1,
        1,
        "369c8826b264374241bedea0aab843ae4d0f514d5375265d3859f4a774c2014c",
    ),
    # Knock limits 6 and 2: the learned knock and the undercut curve's other side.
    (
        ("master", "expert"),
        "Oklahoma",
        2,
        1,
        3,
        "d6b5e4b3195dfc6470b081ae7f3449bb4f18be8036f0a1a1514d9eea75eb5e22",
    ),
    (
        ("master", "simple"),
        "Oklahoma",
        2,
        1,
        3,
        "e7c63bba960852a615b0204832f041c276ef1071d2ad1a4f53f50d686a892643",
    ),
    # Gin only: the loose-card cost and the second draw's look-ahead.
    (
        ("master", "simple"),
        "Straight gin",
        1,
        1,
        1,
        "d37d3142371764afe507b84b5b2396aad63d3db3ea55c675840aa0543330857d",
    ),
]


@pytest.mark.parametrize(("bots", "preset", "games", "rounds", "seed", "expected"), CASES)
def test_the_master_plays_the_recorded_moves(
    bots: tuple[str, str], preset: str, games: int, rounds: int, seed: int, expected: str
) -> None:
    assert action_digest(bots, preset, games, seed, rounds) == expected
