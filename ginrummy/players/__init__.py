"""Computer players. Each sees only its `PlayerView`, never the round.

The registry names the bots without importing them: `make_player` imports the one asked
for, and ``from ginrummy.players import MasterPlayer`` imports that module on first use
(the app's start screen needs only `LEVELS`, not the master's tables).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import import_module
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..core.errors import N_, GinRummyError, Phrase
from ..core.player import Player
from ..core.round import PlayerView

if TYPE_CHECKING:
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
    "MasterPlayer",
    "RandomPlayer",
    "Remembering",
    "SimplePlayer",
    "UnknownPlayerError",
    "advisor_for",
    "make_player",
]

#: Each class's module, imported on first use (`__getattr__`): a bot's, or the advice's
#: (which needs the bots' fast play-outs).
_MODULES: dict[str, str] = {
    "Advice": "advice",
    "DefensivePlayer": "defensive",
    "EaaiPlayer": "eaai",
    "ExpertPlayer": "expert",
    "MasterPlayer": "master",
    "RandomPlayer": "random_player",
    "SimplePlayer": "simple",
}


def __getattr__(name: str) -> object:
    """The bot classes and `Advice`, imported when first asked for (PEP 562)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = found
    return found


def _random(seed: int) -> Player:
    from .random_player import RandomPlayer

    return RandomPlayer(seed)


def _simple(seed: int) -> Player:
    from .simple import SimplePlayer

    return SimplePlayer()


def _expert(seed: int) -> Player:
    from .expert import ExpertPlayer

    return ExpertPlayer(seed)


def _master(seed: int) -> Player:
    from .master import MasterPlayer

    return MasterPlayer(seed)


def _eaai(seed: int) -> Player:
    from .eaai import EaaiPlayer

    return EaaiPlayer(seed)


def _defensive(seed: int) -> Player:
    from .defensive import DefensivePlayer

    return DefensivePlayer(seed)


#: Bot name -> factory taking a seed (each imports its bot's module when called).
PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "simple": _simple,
    "expert": _expert,
    "master": _master,
    # Yardsticks for the arena only (not in LEVELS): Neller's EAAI-2021 baseline, and a
    # player that waits for gin and undercuts (what beat the expert before issue 10).
    "eaai": _eaai,
    "defensive": _defensive,
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
    """Who gives hints against ``level`` (hot-seat games pass ""): the evaluator at the
    review's budget (`hint.HintGiver`), whatever the level, so that the hint is the move the
    review would rate best; it takes play's time (BENCHMARKS.md: the hint's speed)."""
    del level  # every level gets the same hints
    from .hint import HintGiver

    return HintGiver()
