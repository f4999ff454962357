"""Shared by the players' tests: play a few rounds, checking every move is legal; eaai's
public play and true hand (or another opponent's) at each of its opponent's discards."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ginrummy.core import Game, Player, Round
from ginrummy.core.cards import mask_of
from ginrummy.core.round import Phase, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.replay import Turn, opponent_turns


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


def eaai_turns(seeds: range) -> Iterator[tuple[int, tuple[Turn, ...], int]]:
    """Rounds of expert (seat 0) against eaai under the EAAI rules, one per deck seed: at
    each of expert's discards, (eaai's true hand, eaai's public play so far, the knock
    limit)."""
    for true, turns, limit, _stock in opponent_turns_at("eaai", "EAAI", seeds):
        yield true, turns, limit


def expert_turns(seeds: range) -> Iterator[tuple[int, tuple[Turn, ...], int, int]]:
    """The same against expert under the Standard rules, with the stock at each."""
    return opponent_turns_at("expert", "Standard", seeds)


def opponent_turns_at(
    opponent: str, preset: str, seeds: range
) -> Iterator[tuple[int, tuple[Turn, ...], int, int]]:
    """Rounds of expert (seat 0) against ``opponent`` under the ``preset`` rules, one per
    deck seed: at each of expert's discards, (the opponent's true hand, its public play
    so far, the knock limit, the stock)."""
    rules = Rules.preset(preset)
    for seed in seeds:
        rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (make_player("expert", 1), make_player(opponent, seed + 1))
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0 and view.phase is Phase.DISCARD:
                true = mask_of(rnd.hand(1))
                yield true, opponent_turns(view), view.knock_limit, view.stock_size
            rnd.apply(bots[me].choose(view), me)
