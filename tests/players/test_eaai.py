"""``eaai``: the rules of Neller's SimpleGinRummyPlayer (Java) on constructed positions."""

from __future__ import annotations

import dataclasses
import random

import pytest
from players_helpers import play_checked

from ginrummy.core import (
    CARDS,
    Card,
    Discard,
    DrawStock,
    Game,
    Knock,
    Pass,
    Phase,
    PlayerView,
    Round,
    Rules,
    TakeDiscard,
    mask_of,
    parse_cards,
)
from ginrummy.core.melds import all_meld_masks, min_deadwood_mask
from ginrummy.players import LEVELS, PLAYERS, make_player
from ginrummy.players.eaai import EaaiPlayer, makes_meld

EAAI = Rules.preset("eaai")


def card(code: str) -> Card:
    return parse_cards(code)[0]


def deck_with(non_dealer: str, dealer: str, upcard: str) -> list[Card]:
    """A deck order dealing these hands (dealer is player 0) and this upcard."""
    nd, de, up = parse_cards(non_dealer), parse_cards(dealer), parse_cards(upcard)
    used = set(nd) | set(de) | set(up)
    rest = [c for c in CARDS if c not in used]
    deck: list[Card] = []
    for a, b in zip(nd, de, strict=True):
        deck += [a, b]
    return deck + up + rest


def first_upcard_view(hand: str, upcard: str, rules: Rules = EAAI) -> PlayerView:
    """Player 1 (the non-dealer) holds ``hand`` and is offered the first ``upcard``."""
    other = [c for c in CARDS if c not in parse_cards(hand) and c not in parse_cards(upcard)]
    dealer = " ".join(c.code for c in other[:10])
    rnd = Round(rules, dealer=0, deck=deck_with(hand, dealer, upcard))
    view = rnd.view(1)
    assert view.phase is Phase.FIRST_UPCARD
    return view


def discard_view(
    hand: str, drawn: str, *, taken: bool, rules: Rules = EAAI, base: PlayerView | None = None
) -> PlayerView:
    """The view of a player holding ``hand`` (eleven cards) who just drew ``drawn``."""
    if base is None:
        base = first_upcard_view("2C 4D 6S KC QD JS 3H 5C 7H 8H", "9H", rules)
    cards = tuple(parse_cards(hand))
    assert len(cards) == 11 and card(drawn) in cards
    return dataclasses.replace(
        base,
        phase=Phase.DISCARD,
        hand=cards,
        drawn_card=card(drawn),
        taken_card=card(drawn) if taken else None,
        stock_only=False,
    )


def draw_view(hand: str, top: str) -> PlayerView:
    """A normal draw with ``top`` on the discard pile."""
    base = first_upcard_view(hand, "9H" if top != "9H" else "9S")
    pile = (*base.discard_pile, card(top))
    return dataclasses.replace(base, phase=Phase.DRAW, discard_pile=pile, stock_only=False)


# --- the draw: take the face-up card only if it is part of a meld ---------------------


def test_makes_meld_is_the_javas_all_melds_test() -> None:
    """``makes_meld`` agrees with 'the card lies in one of cardsToAllMelds(hand + card)'."""
    rng = random.Random(7)
    for _ in range(3000):
        cards = rng.sample(CARDS, 11)
        hand, extra = mask_of(cards[:10]), cards[10]
        expected = any(m & extra.bit for m in all_meld_masks(hand | extra.bit))
        assert makes_meld(hand, extra) is expected


@pytest.mark.parametrize(
    ("hand", "upcard", "takes"),
    [
        ("7H 8H 2C 4D 6S KC QD JS 3H 5C", "9H", True),  # run 7-9♥
        ("7H 9H 2C 4D 6S KC QD JS 3H 5C", "8H", True),  # run with the card in the middle
        ("QS QD 2C 4D 6S KC 9D JS 3H 5C", "QC", True),  # set of queens
        # A-2 is low only: K-A is no run.
        ("QH KH 2C 4D 6S KC 9D JS 3C 5C", "AH", False),
        # A low card that would cut the deadwood (K♣ out for A♠) but melds nothing: pass,
        # unlike `simple`, which takes what lowers its deadwood.
        ("7H 8H 2C 4D 6S KC QD JS 3H 5C", "AS", False),
        # Two of a suit two apart, but not adjacent to the card: 5♥ 7♥ + 9♥ is no run.
        ("5H 7H 2C 4D 6S KC QD JS 3C 5C", "9H", False),
    ],
)
def test_first_upcard_taken_only_if_it_melds(hand: str, upcard: str, takes: bool) -> None:
    view = first_upcard_view(hand, upcard)
    assert EaaiPlayer(1).choose(view) == (TakeDiscard() if takes else Pass())


def test_a_deadwood_cutting_card_is_left_where_simple_would_take_it() -> None:
    view = draw_view("7H 8H 2C 4D 6S KC QD JS 3H 5C", "AS")
    assert EaaiPlayer(1).choose(view) == DrawStock()
    assert make_player("simple").choose(view) == TakeDiscard()
    assert EaaiPlayer(1).choose(draw_view("7H 8H 2C 4D 6S KC QD JS 3H 5C", "6H")) == (TakeDiscard())


def test_stock_only_after_both_passed() -> None:
    view = dataclasses.replace(draw_view("7H 8H 2C 4D 6S KC QD JS 3H 5C", "9H"), stock_only=True)
    assert EaaiPlayer(1).choose(view) == DrawStock()


# --- the discard: least deadwood, ties at random, never the card just taken ----------


def test_discards_a_card_leaving_least_deadwood() -> None:
    view = discard_view("2C 4D 6S KC QD JS 3H 5C 7H 8H 9H", "9H", taken=False)
    action = EaaiPlayer(3).choose(view)
    hand = view.hand_mask
    best = min(min_deadwood_mask(hand ^ c.bit) for c in view.hand)
    assert isinstance(action, Discard)
    assert min_deadwood_mask(hand ^ action.card.bit) == best
    assert action.card in parse_cards("KC QD JS")  # the tens-valued deadwood


def test_ties_are_broken_at_random_by_the_seed() -> None:
    view = discard_view("2C 4D 6S KC QD JS 3H 5C 7H 8H 9H", "9H", taken=False)
    picks = {EaaiPlayer(seed).choose(view) for seed in range(40)}
    # K♣ Q♦ J♠ all leave the same deadwood: each is chosen for some seed.
    assert picks == {Discard(c) for c in parse_cards("KC QD JS")}
    assert EaaiPlayer(5).choose(view) == EaaiPlayer(5).choose(view)


def test_never_discards_the_card_just_taken() -> None:
    # All ten cards melded; 8♥ taken makes 8-Q♥. Discarding 8♥ or Q♥ both leave gin, but
    # 8♥ was just taken: it is always Q♥ (and that is gin, so a knock).
    hand = "AS 2S 3S 4D 4H 4C 9H TH JH QH 8H"
    taken = discard_view(hand, "8H", taken=True)
    for seed in range(30):
        assert EaaiPlayer(seed).choose(taken) == Knock(card("QH"))
    # Drawn face down, 8♥ may go: both discards now occur over the seeds.
    drawn = discard_view(hand, "8H", taken=False)
    assert {EaaiPlayer(seed).choose(drawn) for seed in range(30)} == {
        Knock(card("QH")),
        Knock(card("8H")),
    }


def test_a_draw_discard_pair_is_not_repeated_in_a_round() -> None:
    player = EaaiPlayer(0)
    # Drew 9♥ face down, throws K♣ (the only 10 left as deadwood): pair {9♥, K♣}.
    first = discard_view("2C 4D 6S KC 3D 3H 5C 7H 8H 9H AD", "9H", taken=False)
    assert player.choose(first) == Discard(card("KC"))
    # Later in the same round it takes K♣ back; 9♥ would be its best discard now (the run
    # is broken up), but {K♣, 9♥} was played: it throws the next best card instead.
    again = discard_view("2C 4D 6S KC 3D 3H 5C 7H 9H AD 2H", "KC", taken=True, base=first)
    assert player.choose(again) == Discard(card("7H"))
    assert EaaiPlayer(0).choose(again) == Discard(card("9H"))  # a fresh player would
    # A new round forgets the pairs.
    fresh = dataclasses.replace(again, round_number=again.round_number + 1)
    assert player.choose(fresh) == Discard(card("9H"))


# --- going out: at the first chance ------------------------------------------------------


def test_knocks_at_the_first_chance_even_at_ten() -> None:
    # Having just taken 9♠ (the first upcard, say): 3♦ 7♣ = 10 deadwood once K♣ goes.
    view = discard_view("5S 6S 7S 8S 9S 4D 4H 4C 3D 7C KC", "9S", taken=True)
    assert EaaiPlayer(2).choose(view) == Knock(card("KC"))
    # At eleven it discards instead.
    view = discard_view("5S 6S 7S 8S 9S 4D 4H 4C 3D 8C KC", "9S", taken=True)
    assert EaaiPlayer(2).choose(view) == Discard(card("KC"))


def test_the_knock_limit_is_the_rounds() -> None:
    hand = "AS 2S 3S 4D 4H 4C 7H 8H 9H 2C KC"
    view = discard_view(hand, "9H", taken=False, rules=Rules.preset("straight gin"))
    assert view.knock_limit == 0
    assert EaaiPlayer(2).choose(view) == Discard(card("KC"))


# --- whole games ---------------------------------------------------------------------------


def _game_actions(seed: int, rules: Rules, bot_seed: int = 0) -> list[str]:
    players = (EaaiPlayer(bot_seed), make_player("expert", seed))
    return play_checked(Game(rules, seed=seed), players, rounds=3)


@pytest.mark.parametrize("preset", ["EAAI", "Standard", "Oklahoma", "Straight gin"])
def test_legal_and_deterministic_per_seed(preset: str) -> None:
    rules = Rules.preset(preset)
    assert _game_actions(4, rules) == _game_actions(4, rules)


def test_different_seeds_break_ties_differently() -> None:
    # The same deals, another seed for the bot: its random tie-breaks differ somewhere.
    assert any(_game_actions(s, EAAI, 1) != _game_actions(s, EAAI, 2) for s in range(3))


def test_registered_for_the_arena_only() -> None:
    assert isinstance(PLAYERS["eaai"](3), EaaiPlayer)
    assert "eaai" not in LEVELS
