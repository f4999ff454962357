"""``eaai``: Todd Neller's SimpleGinRummyPlayer, the EAAI-2021 Gin Rummy challenge baseline.

A port of the Java reference player (``SimpleGinRummyPlayer`` in the challenge's public
code), rule for rule, so that our figures compare with published ones:

- **Draw** (``willDrawFaceUpCard``): take the face-up card if and only if it is part of
  *some* meld (any set of 3 or 4, any run of 3 or more) of the hand with that card;
  otherwise draw face down. The first upcard is offered the same way (take or pass).
- **Discard** (``getDiscard``): among the cards that leave the least deadwood, one at
  random (seeded here). Never the face-up card just taken, and never a card that would
  repeat, in this round, a (drawn card, discarded card) pair already played, whatever
  the order (the Java's guard against drawing and throwing the same two cards forever).
- **Knock** (``getFinalMelds``): as soon as the deadwood after the discard is within the
  knock limit; with none, that is gin.

It ignores the opponent, the discard pile and the score. The Java game has no big gin:
this port never declares it either (with all eleven cards melded it discards and goes
gin, as the original does). The knock limit is the round's (the Java's is fixed at 10;
under the EAAI rules they agree).
"""

from __future__ import annotations

import random
from typing import Final

from ..core.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..core.melds import min_deadwood_mask
from ..core.round import Phase, PlayerView
from .estimates import RANK_MATES, RUN_PAIRS

__all__ = ["EaaiPlayer", "makes_meld"]


#: By card bit: (the other cards of its rank, the masks of the pairs that make a run
#: of three with it), from `estimates.RANK_MATES` and `estimates.RUN_PAIRS`.
_MELD_TABLES: Final[dict[int, tuple[int, tuple[int, ...]]]] = {
    b: (sum(RANK_MATES[b]), tuple(x | y for x, y in RUN_PAIRS[b])) for b in RUN_PAIRS
}


def makes_meld(hand: int, card: Card) -> bool:
    """Whether ``card`` is part of some meld (set or run) made from ``hand`` plus ``card``.

    This is the Java's test: the card lies in one of ``cardsToAllMelds(hand + card)``,
    not necessarily in an optimal arrangement.
    """
    same_rank, runs = _MELD_TABLES[card.bit]
    if (hand & same_rank).bit_count() >= 2:
        return True
    return any(hand & pair == pair for pair in runs)


class EaaiPlayer:
    """SimpleGinRummyPlayer: takes only melding cards, discards greedily, knocks at once."""

    name = "eaai"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._rng = random.Random(f"ginrummy-eaai:{seed}")
        #: The round the memory below belongs to, and the (drawn, discarded) pairs played.
        self._round_key: tuple[object, ...] | None = None
        self._pairs: set[int] = set()

    def _remember_round(self, view: PlayerView) -> None:
        """Forget the played pairs when a new round starts (the Java's ``startGame``)."""
        first = view.history[0].card if view.history else None
        key = (view.round_number, view.dealer, view.scores, first)
        if key != self._round_key:
            self._round_key = key
            self._pairs = set()

    def choose(self, view: PlayerView) -> Action:
        self._remember_round(view)
        hand = view.hand_mask
        phase = view.phase
        if phase is Phase.FIRST_UPCARD or phase is Phase.DRAW:
            top = view.top_discard
            if phase is Phase.FIRST_UPCARD:
                assert top is not None
                return TakeDiscard() if makes_meld(hand, top) else Pass()
            if not view.stock_only and top is not None and makes_meld(hand, top):
                return TakeDiscard()
            return DrawStock()
        return self._discard(view, hand)

    def _discard(self, view: PlayerView, hand: int) -> Action:
        drawn = view.drawn_card
        taken = view.banned_card
        drawn_bit = drawn.bit if drawn is not None else 0
        candidates: list[Card] = []
        fallback: list[Card] = []  # if every card repeated a pair (the Java would crash)
        best = best_fallback = 1 << 30
        m = hand
        while m:
            low = m & -m
            m ^= low
            card = Card.from_bit(low)
            if card is taken:
                continue
            deadwood = min_deadwood_mask(hand ^ low)
            if deadwood < best_fallback:
                best_fallback, fallback = deadwood, [card]
            elif deadwood == best_fallback:
                fallback.append(card)
            if drawn_bit | low in self._pairs:
                continue
            if deadwood < best:
                best, candidates = deadwood, [card]
            elif deadwood == best:
                candidates.append(card)
        if not candidates:
            best, candidates = best_fallback, fallback
        # ``candidates`` is in card order, so the seeded choice is reproducible.
        card = candidates[self._rng.randrange(len(candidates))]
        self._pairs.add(drawn_bit | card.bit)
        if best <= self.knock_at(view):
            return Knock(card)
        return Discard(card)

    def knock_at(self, view: PlayerView) -> int:
        """The deadwood it goes out with: the round's knock limit (at its first chance)."""
        return view.knock_limit
