"""The play-outs' greedy discard (`fastsim.best_discard`) against trying every card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core.cards import CARDS
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.players.fastsim import VALUE, best_discard, improve


def every_card(hand: int, banned: int, keep: int) -> tuple[int, int]:
    """The least deadwood after one discard by trying each card in bit order: the
    highest card among equals, then the lowest bit."""
    best, best_b = 999, 0
    for c in CARDS:
        b = c.bit
        if not hand & b or b == banned or keep & b:
            continue
        v = min_deadwood_mask(hand ^ b)
        if v < best or (v == best and VALUE[b] > VALUE[best_b]):
            best, best_b = v, b
    return best, best_b


@st.composite
def hands(draw: st.DrawFn) -> tuple[int, int, int]:
    """A hand of 1-13 cards, half the time from a few neighbouring ranks (many melds and
    ties), with perhaps a banned card and some cards to keep."""
    if draw(st.booleans()):
        low = draw(st.integers(1, 10))
        pool = [c for c in CARDS if low <= c.rank < low + 4]
    else:
        pool = list(CARDS)
    cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=13, unique=True))
    banned = draw(st.sampled_from([0, *(c.bit for c in cards)]))
    kept = draw(st.lists(st.sampled_from(cards), max_size=3, unique=True))
    return sum(c.bit for c in cards), banned, sum(c.bit for c in kept)


@settings(max_examples=600, deadline=None)
@given(hands())
def test_best_discard_is_the_best_of_every_card(case: tuple[int, int, int]) -> None:
    hand, banned, keep = case
    assert best_discard(hand, banned, keep) == every_card(hand, banned, keep)


def test_a_hand_with_nothing_to_throw() -> None:
    card = CARDS[0].bit
    assert best_discard(card, card) == (999, 0)
    assert best_discard(card, 0, card) == (999, 0)


def test_improve_never_throws_a_kept_card() -> None:
    rng = random.Random(4)
    for _ in range(200):
        cards = [c.bit for c in rng.sample(CARDS, 22)]
        hidden, keep, stock = sum(cards[:7]), sum(cards[7:10]), cards[10:]
        new, pool = improve(rng, hidden, keep, stock, 5)
        assert not new & keep
        assert (new | keep).bit_count() == 10
        # No card is lost or made: the hand and the stock still hold the same cards.
        assert new | sum(pool) == hidden | sum(stock)
