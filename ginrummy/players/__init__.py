"""Computer players. Each sees only its `PlayerView`, never the round."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

from ..core.errors import N_, GinRummyError, Phrase
from ..core.player import Player
from ..core.round import PlayerView
from .advice import Advice
from .defensive import DefensivePlayer
from .eaai import EaaiPlayer
from .expert import ExpertPlayer
from .master import MasterPlayer
from .random_player import RandomPlayer
from .simple import SimplePlayer

__all__ = [
    "LEVELS",
    "PLAYERS",
    "Advice",
    "Advisor",
    "DefensivePlayer",
    "EaaiPlayer",
    "ExpertPlayer",
    "RandomPlayer",
    "Remembering",
    "SimplePlayer",
    "UnknownPlayerError",
    "advisor_for",
    "make_player",
]

#: Bot name -> factory taking a seed.
PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "simple": lambda seed: SimplePlayer(),
    "expert": ExpertPlayer,
    "master": MasterPlayer,
    # Yardsticks for the arena only (not in LEVELS): Neller's EAAI-2021 baseline, and a
    # player that waits for gin and undercuts (what beat the expert before issue 10).
    "eaai": EaaiPlayer,
    "defensive": DefensivePlayer,
}

#: The computer levels a person can play against, weakest first (the app's picker and
#: ``ginrummy play --level``); the other bots are arena yardsticks.
LEVELS: tuple[str, ...] = ("simple", "expert", "master")


class UnknownPlayerError(GinRummyError):
    """`make_player` was asked for a bot that does not exist (``code`` is
    ``unknown-player``; the phrase names the choices). A `GinRummyError`, hence a
    `ValueError` too."""


def make_player(name: str, seed: int = 0) -> Player:
    """A bot by name (a key of `PLAYERS`, any case): ``seed`` seeds its random choices.
    Raises `UnknownPlayerError` naming the choices for an unknown one."""
    try:
        factory = PLAYERS[name.strip().lower()]
    except KeyError:
        raise UnknownPlayerError(
            Phrase(
                N_("unknown player {name}: choose one of {players}"),
                name=repr(name),
                players=", ".join(sorted(PLAYERS)),
            ),
            code="unknown-player",
        ) from None
    return factory(seed)


@runtime_checkable
class Remembering(Protocol):
    """A player that learns from how earlier rounds ended (the master and the expert read
    the opponent's style from them): one made for a restored game, or for the next game of
    a match, is told those rounds by their last views from the seat it takes (each with
    the round's public history and its result), as if it had played them."""

    def recall(self, rounds: Iterable[PlayerView]) -> None: ...


class Advisor(Protocol):
    """A player that can say what it would do and why (the hint key asks one)."""

    def advise(self, view: PlayerView) -> Advice: ...


def advisor_for(level: str) -> Advisor:
    """Who gives hints against ``level``: the master for the master, else the expert (the
    simple player gives no reasons; hot-seat games pass "")."""
    return MasterPlayer() if level == "master" else ExpertPlayer()
