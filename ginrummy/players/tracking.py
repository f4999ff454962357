"""What a card-counting player reads from the public history: which cards may share a
meld, what the opponent threw away, passed and took, and so where the unseen cards
likely are (`Tracking`, read by `CardTracker`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import EventKind
from ..core.cards import CARDS, Card, mask_of
from ..core.round import PlayerView

__all__ = ["MELD_PARTNERS", "CardTracker", "Signals", "Tracking", "opponent_signals"]

_ALL = mask_of(CARDS)


def _meld_partners(card: Card) -> int:
    return mask_of(
        o
        for o in CARDS
        if o is not card
        and (o.rank == card.rank or (o.suit == card.suit and abs(o.rank - card.rank) <= 2))
    )


#: The cards that can share a meld with each card: its rank, or its suit within two.
MELD_PARTNERS: dict[Card, int] = {c: _meld_partners(c) for c in CARDS}


@dataclass(frozen=True, slots=True)
class Signals:
    """What the public history says of the opponent's hand this round."""

    #: Cards it threw away.
    discarded: int
    #: Cards it saw on top of the pile and did not take (passed or drew instead).
    passed: int
    #: Cards it took from the discard pile (held or not).
    took: int
    #: How many cards it took from the discard pile.
    takes: int
    #: How many times it drew from the stock.
    draws: int


def opponent_signals(view: PlayerView) -> Signals:
    """Read the round's public history from ``view``'s seat."""
    me = view.player
    discarded = passed = took = takes = draws = 0
    top: Card | None = None
    for ev in view.history:
        kind = ev.kind
        if kind is EventKind.UPCARD or kind is EventKind.DISCARD:
            if kind is EventKind.DISCARD and ev.player != me and ev.card is not None:
                discarded |= ev.card.bit
            top = ev.card
        elif kind is EventKind.TAKE:
            if ev.player != me and ev.card is not None:
                took |= ev.card.bit
                takes += 1
            top = None
        elif ev.player != me and top is not None and kind in (EventKind.PASS, EventKind.DRAW):
            # The opponent saw this card on the pile and did not want it.
            passed |= top.bit
        if kind is EventKind.DRAW and ev.player != me:
            draws += 1
            top = None
    return Signals(discarded, passed, took, takes, draws)


@dataclass(frozen=True, slots=True)
class Tracking:
    """What the expert knows of the cards, read from a `PlayerView`."""

    #: Cards in no known place: in the stock or hidden in the opponent's hand.
    unseen: int
    #: Cards the opponent is known to hold.
    opponent_known: int
    #: How many of the opponent's cards are unknown.
    opponent_unknown: int
    #: Cards the opponent threw away, or declined to take from the discard pile.
    opponent_rejected: int
    #: Cards the opponent took from the discard pile (held or not).
    opponent_took: int
    #: Chance that each unseen card is in the opponent's hand (by card index).
    in_opponent: tuple[float, ...]


class CardTracker:
    """Reads the public history into a `Tracking` (the card-counting part of the expert)."""

    @staticmethod
    def track(view: PlayerView) -> Tracking:
        hand = view.hand_mask
        pile = mask_of(view.discard_pile)
        known = mask_of(view.opponent_known)
        signals = opponent_signals(view)
        rejected = signals.discarded | signals.passed
        took = signals.took
        unseen = _ALL & ~hand & ~pile & ~known
        n_unknown = view.opponent_card_count - len(view.opponent_known)
        weights = [0.0] * 52
        total = 0.0
        for c in CARDS:
            if not unseen & c.bit:
                continue
            w = 1.0
            near = MELD_PARTNERS[c]
            if near & rejected:
                w *= 0.55
            if near & (took | known):
                w *= 1.8
            weights[c.index] = w
            total += w
        probs = [0.0] * 52
        if total > 0 and n_unknown > 0:
            scale = n_unknown / total
            for i, w in enumerate(weights):
                if w:
                    probs[i] = min(0.95, w * scale)
        return Tracking(unseen, known, n_unknown, rejected, took, tuple(probs))
