"""How an arena run is set up, reproducibly: game ``i`` of a run with seed ``S`` is dealt
from `game_seed(S, i)`, its seating and first dealer follow `plan_game`, and the bots get
seeds derived from the game seed (`bot_seed`); and the bots named on the command line."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...players import PLAYERS
from ...text.i18n import _


class ArenaError(ValueError):
    """A bad arena request (unknown bot, bad counts) or a bot that broke the rules."""


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (stable across versions)."""
    return random.Random(f"ginrummy-arena:{seed}:{index}").randrange(2**53)


def bot_seed(game: int, player: int) -> int:
    """The seed handed to bot ``player`` (0 = first named, 1 = second) in a game."""
    return random.Random(f"ginrummy-arena-bot:{game}:{player}").randrange(2**32)


@dataclass(frozen=True, slots=True)
class GamePlan:
    """How game ``index`` is set up: who sits where and which seat deals first."""

    index: int
    seed: int
    #: Player ids (0 = first named, 1 = second) in seat order.
    seats: tuple[int, int]
    #: The seat that deals the first round.
    first_dealer: int

    @property
    def first_dealer_player(self) -> int:
        """The player id of the first dealer."""
        return self.seats[self.first_dealer]


def plan_game(seed: int, index: int) -> GamePlan:
    """Seats swap every game and the first dealer seat every two games.

    Over any four consecutive games each player sits in each seat twice and deals
    first twice, once from each seat.
    """
    seats = (1, 0) if index % 2 else (0, 1)
    return GamePlan(index, game_seed(seed, index), seats, (index // 2) % 2)


def unknown_player(name: str) -> str:
    # TRANSLATORS: {players} lists the bot names as typed (random, simple, expert).
    return _("unknown player {name}: choose from {players}").format(
        name=repr(name), players=", ".join(PLAYERS)
    )


def parse_players(text: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """``"A,B"`` -> (bot names, display names); equal names are suffixed ``#1``/``#2``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise ArenaError(
            _("--players takes two bot names separated by a comma, not {text}").format(
                text=repr(text)
            )
        )
    for name in parts:
        if name.lower() not in PLAYERS:
            raise ArenaError(unknown_player(name))
    a, b = parts
    labels = (f"{a}#1", f"{b}#2") if a == b else (a, b)
    return (a.lower(), b.lower()), labels
