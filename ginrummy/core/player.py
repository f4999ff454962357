"""The one interface every participant plays through, and the loops that drive it."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .actions import Action
from .game import Game
from .round import PlayerView, Round, RoundResult

__all__ = ["Player", "play_game", "play_round"]


@runtime_checkable
class Player(Protocol):
    """Anything that, shown a `PlayerView` on its turn, returns an action.

    Bots see only the view, never the round. A human is a Player whose action comes
    from the keyboard.

    ``name``: a short name for the player, shown in tables and results (the bots of
    `ginrummy.players` use their level: ``"simple"``, ``"expert"``...). ``choose`` is
    called only on the player's turn (``view.to_act == view.player``) and must return one
    of ``view.legal_actions()``; anything else makes `Round.apply` raise
    `IllegalActionError`.
    """

    name: str

    def choose(self, view: PlayerView) -> Action: ...


def play_round(rnd: Round, players: tuple[Player, Player]) -> RoundResult:
    """Ask the players in turn until the round ends."""
    while rnd.result is None:
        me = rnd.to_act
        rnd.apply(players[me].choose(rnd.view(me)), me)
    return rnd.result


def play_game(game: Game, players: tuple[Player, Player]) -> int:
    """Play rounds until the game is over; returns the winner's seat."""
    while True:
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            game.apply(players[me].choose(rnd.view(me)), me)
        if game.winner is not None:
            return game.winner
        game.next_round()
