"""The simple heuristic opponent: a fair partner for a beginner.

- Upcard and draws: take the discard only if it lands in a meld of a best
  arrangement of the hand with it, or lowers the hand's deadwood; else draw from
  the stock (or pass on the first upcard).
- Discard: the card whose removal leaves the least deadwood, the highest-valued
  among equals (so: the highest deadwood card of a best arrangement); never the
  card just taken.
- Goes big gin or gin when it can, and knocks as soon as it may.
"""

from __future__ import annotations

from ..core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..core.melds import best_melding_mask, min_deadwood_mask
from ..core.round import Phase, PlayerView


def wants_discard(hand_mask: int, card: Card) -> bool:
    """Whether ``card`` would join a meld of a best arrangement or lower the deadwood."""
    before = min_deadwood_mask(hand_mask)
    with_card = hand_mask | card.bit
    melds, _, _ = best_melding_mask(with_card)
    if any(m & card.bit for m in melds):
        return True
    m = hand_mask
    while m:
        low = m & -m
        m ^= low
        if min_deadwood_mask(with_card ^ low) < before:
            return True
    return False


def choose_discard(hand_mask: int, banned: Card | None) -> tuple[Card, int]:
    """The discard leaving the least deadwood (highest card among equals), and that deadwood."""
    best_card: Card | None = None
    best_key = (99, 0, 0)
    m = hand_mask
    while m:
        low = m & -m
        m ^= low
        card = Card.from_bit(low)
        if card is banned:
            continue
        key = (min_deadwood_mask(hand_mask ^ low), -card.value, -card.index)
        if key < best_key:
            best_key, best_card = key, card
    assert best_card is not None
    return best_card, best_key[0]


class SimplePlayer:
    """Greedy on deadwood; knocks at the first chance."""

    name = "simple"

    def choose(self, view: PlayerView) -> Action:
        mask = view.hand_mask
        phase = view.phase
        if phase is Phase.FIRST_UPCARD or phase is Phase.DRAW:
            top = view.top_discard
            can_take = phase is Phase.FIRST_UPCARD or not view.stock_only
            if can_take and top is not None and wants_discard(mask, top):
                return TakeDiscard()
            return Pass() if phase is Phase.FIRST_UPCARD else DrawStock()
        big_gin_on = view.rules.big_gin_bonus is not None
        if big_gin_on and min_deadwood_mask(mask) == 0:
            return BigGin()
        banned = view.banned_card
        card, deadwood = choose_discard(mask, banned)
        if deadwood <= view.knock_limit:
            return Knock(card)
        return Discard(card)
