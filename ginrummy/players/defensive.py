"""``defensive``: an arena yardstick that waits for gin and punishes early knocks.

The style that beats a knock-happy opponent: keep the deadwood low at all times (so that
a knock against it is often undercut), never feed the opponent, and rarely knock.

- **Draw**: take the face-up card when it lands in a meld of a best arrangement of the
  hand with it and lowers the deadwood; otherwise draw from the stock (or pass).
- **Discard**: the card whose loss leaves the best hand, valued by its deadwood less a
  little of what the next draw is expected to bring, plus the danger of feeding the
  opponent (cards next to what it took, or that nothing it threw away rules out); cards
  the opponent cannot use (dead, or like those it rejected) cost nothing.
- **Knock**: in its first few turns as soon as it may (the opponent is far from out);
  after that gin only, except a low count when the stock is nearly gone.

It is not a level a person plays against (not in ``LEVELS``); the arena uses it to
measure how often an opponent's knocks are undercut.
"""

from __future__ import annotations

from ..core.actions import Action, BigGin, Discard, DrawStock, EventKind, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..core.melds import best_melding_mask, min_deadwood_mask
from ..core.round import Phase, PlayerView
from .estimates import bits, draw_gain, knock_outs, meld_danger
from .tracking import CardTracker, Tracking

__all__ = ["DefensivePlayer"]


class DefensivePlayer:
    """Low deadwood, safe discards, gin or nothing after the opening turns."""

    name = "defensive"

    #: Knock whenever allowed during this many of its own turns of a round.
    early_turns = 3
    #: Late in the round (stock at most ``late_stock``) knock with at most ``late_deadwood``.
    late_stock = 6
    late_deadwood = 4
    #: Weight of the expected one-draw improvement (low: a sure low count beats potential).
    potential_weight = 0.6
    #: Weight of the chance that the opponent melds a discarded card, times its value.
    danger_weight = 1.2

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        hand = view.hand_mask
        tracking = CardTracker.track(view)
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            first = view.phase is Phase.FIRST_UPCARD
            top = view.top_discard
            if (first or not view.stock_only) and top is not None and self._wants(hand, top):
                return TakeDiscard()
            return Pass() if first else DrawStock()
        if view.rules.big_gin_bonus is not None and min_deadwood_mask(hand) == 0:
            return BigGin()
        banned = view.banned_card
        outs = knock_outs(view)
        if outs:
            dw, b = outs[0]
            if dw == 0 or self._may_knock(dw, view):
                return Knock(Card.from_bit(b))
        return Discard(self._discard(hand, banned, tracking, view.stock_size))

    # --- decisions ------------------------------------------------------------------------
    @staticmethod
    def _wants(hand: int, top: Card) -> bool:
        with_top = hand | top.bit
        melds, _dead, _points = best_melding_mask(with_top)
        if not any(m & top.bit for m in melds):
            return False
        now = min_deadwood_mask(hand)
        after = min(min_deadwood_mask(with_top ^ b) for b in bits(hand))
        return after < now

    def _may_knock(self, deadwood: int, view: PlayerView) -> bool:
        my_turns = sum(
            1
            for ev in view.history
            if ev.player == view.player and ev.kind in (EventKind.DRAW, EventKind.TAKE)
        )
        if my_turns <= self.early_turns:
            return True
        return view.stock_size <= self.late_stock and deadwood <= self.late_deadwood

    def _discard(self, hand: int, banned: Card | None, tracking: Tracking, stock: int) -> Card:
        best_card: Card | None = None
        best_score = 1e18
        for b in bits(hand):
            card = Card.from_bit(b)
            if card is banned:
                continue
            rest = hand ^ b
            score = min_deadwood_mask(rest) - self.potential_weight * self._gain(
                rest, tracking, stock
            )
            score += self.danger_weight * self._danger(card, tracking) * card.value
            # Ties: the higher card goes (lower deadwood if the round ends), then card order.
            key = (score, -card.value)
            if best_card is None or key < (best_score, -best_card.value):
                best_card, best_score = card, score
        assert best_card is not None
        return best_card

    @staticmethod
    def _gain(hand: int, tracking: Tracking, stock: int) -> float:
        """Expected drop in deadwood from one stock draw with the best discard after it
        (a card that joins no meld counts nothing)."""
        return draw_gain(hand, tracking, stock, swaps=False)

    @staticmethod
    def _danger(card: Card, tracking: Tracking) -> float:
        """The chance that the opponent can meld ``card`` with what it (likely) holds."""
        return meld_danger(card, tracking)
