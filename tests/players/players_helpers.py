"""Shared by the players' tests: play a few rounds, checking every move is legal."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core import Game, Player


def play_checked(game: Game, players: Sequence[Player], rounds: int = 1) -> list[str]:
    """Play up to ``rounds`` rounds of ``game`` (fewer if it ends); every action a player
    chooses must be among its view's legal actions. Returns the actions, as text."""
    actions: list[str] = []
    for number in range(rounds):
        if number:
            game.next_round()
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            action = players[me].choose(view)
            assert action in view.legal_actions(), (action, view.phase)
            game.apply(action, me)
        actions += [str(a) for a in rnd.actions]
        if game.is_over:
            break
    return actions
