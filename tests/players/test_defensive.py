"""``defensive``: the arena yardstick that waits for gin (knock policy, draws, legal play)."""

from __future__ import annotations

import dataclasses

import pytest
from players_helpers import play_checked

from ginrummy.core import (
    CARDS,
    Card,
    Discard,
    DrawStock,
    Event,
    EventKind,
    Game,
    Knock,
    Phase,
    PlayerView,
    Round,
    Rules,
    TakeDiscard,
    parse_cards,
)
from ginrummy.players import LEVELS, PLAYERS, make_player
from ginrummy.players.defensive import DefensivePlayer

EAAI = Rules.preset("eaai")


def card(code: str) -> Card:
    return parse_cards(code)[0]


def view_of(hand: str, *, my_turns: int, stock: int, drawn: str | None = None) -> PlayerView:
    """Player 1 holding ``hand`` after ``my_turns`` stock draws of its own."""
    cards = parse_cards(hand)
    rest = [c for c in CARDS if c not in cards]
    deck: list[Card] = []
    for a, b in zip(cards[:10], rest[:10], strict=True):
        deck += [a, b]
    deck += rest[10:] + cards[10:]
    base = Round(EAAI, dealer=0, deck=deck).view(1)
    history = (
        base.history[0],
        *(Event(EventKind.DRAW, p) for _ in range(my_turns) for p in (1, 0)),
    )
    phase = Phase.DISCARD if len(cards) == 11 else Phase.DRAW
    return dataclasses.replace(
        base,
        hand=tuple(cards),
        phase=phase,
        history=history,
        stock_size=stock,
        drawn_card=card(drawn) if drawn else None,
        stock_only=False,
    )


KNOCK_AT_8 = "AS 2S 3S 4D 4H 4C 7H 8H 9H 8C KC"  # K♣ out: 8 deadwood


def test_knocks_early_in_the_round() -> None:
    view = view_of(KNOCK_AT_8, my_turns=2, stock=27, drawn="KC")
    assert DefensivePlayer().choose(view) == Knock(card("KC"))


def test_later_only_gin() -> None:
    view = view_of(KNOCK_AT_8, my_turns=6, stock=19, drawn="KC")
    assert DefensivePlayer().choose(view) == Discard(card("KC"))
    gin = view_of("AS 2S 3S 4D 4H 4C 7H 8H 9H TH KC", my_turns=6, stock=19, drawn="KC")
    assert DefensivePlayer().choose(gin) == Knock(card("KC"))


def test_late_in_the_stock_a_low_count_knocks() -> None:
    low = view_of("AS 2S 3S 4D 4H 4C 7H 8H 9H 2C KC", my_turns=12, stock=4, drawn="KC")
    assert DefensivePlayer().choose(low) == Knock(card("KC"))
    high = view_of(KNOCK_AT_8, my_turns=12, stock=4, drawn="KC")
    assert DefensivePlayer().choose(high) == Discard(card("KC"))


def test_takes_a_discard_that_melds_and_leaves_one_that_does_not() -> None:
    hand = "7H 8H 2C 4D 6S KC QD JS 3H 5C"
    view = view_of(hand, my_turns=3, stock=20)
    assert view.phase is Phase.DRAW
    melds = dataclasses.replace(view, discard_pile=(*view.discard_pile, card("9H")))
    assert DefensivePlayer().choose(melds) == TakeDiscard()
    low = dataclasses.replace(view, discard_pile=(*view.discard_pile, card("AD")))
    assert DefensivePlayer().choose(low) == DrawStock()


@pytest.mark.parametrize("preset", ["EAAI", "Standard", "Oklahoma", "Straight gin"])
def test_legal_and_deterministic(preset: str) -> None:
    rules = Rules.preset(preset)

    def play(seed: int) -> list[str]:
        players = (DefensivePlayer(seed), make_player("expert", seed))
        return play_checked(Game(rules, seed=seed), players)

    for seed in (1, 2):
        assert play(seed) == play(seed)


def test_registered_for_the_arena_only() -> None:
    assert isinstance(PLAYERS["defensive"](0), DefensivePlayer)
    assert "defensive" not in LEVELS
