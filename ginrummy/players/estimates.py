"""What the card-counting players share: bit loops, meld partners, the danger of a
discard, the expected gain of one more draw from the stock, and what deadwood under the
knock limit is worth against a greedy knocker (the undercut curve).

All on 52-bit hand masks and a `Tracking` (what is unseen, what the opponent likely
holds), so the expert and the defensive yardstick value hands the same way.
"""

from __future__ import annotations

from typing import Final

from ..core.actions import EventKind
from ..core.cards import CARDS, Card
from ..core.melds import min_deadwood_mask
from ..core.round import PlayerView
from .tracking import MELD_PARTNERS, Signals, Tracking, opponent_signals

__all__ = [
    "MELD_PARTNERS",
    "RANK_MATES",
    "RUN_PAIRS",
    "UNDERCUT_BONUS",
    "UNDERCUT_LIMIT",
    "VALUE",
    "Signals",
    "bits",
    "curved_deadwood",
    "draw_gain",
    "knock_outs",
    "meld_danger",
    "opponent_signals",
]


#: Card value by card bit.
VALUE: Final[dict[int, int]] = {c.bit: c.value for c in CARDS}


def bits(mask: int) -> list[int]:
    """The single-card bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def knock_outs(view: PlayerView) -> list[tuple[int, int]]:
    """(deadwood, card bit) of each discard the rules allow now that leaves the hand
    within the knock limit (deadwood 0: gin): the least deadwood first, then the highest
    card, then the lowest index. Empty when the hand cannot go out."""
    hand = view.hand_mask
    banned = view.banned_bit
    limit = view.knock_limit
    outs = []
    for b in bits(hand):
        if b != banned and (dw := min_deadwood_mask(hand ^ b)) <= limit:
            outs.append((dw, b))
    outs.sort(key=lambda t: (t[0], -VALUE[t[1]]))  # stable: lowest index among equals
    return outs


#: By card bit: the other three cards of its rank.
RANK_MATES: Final[dict[int, tuple[int, ...]]] = {
    c.bit: tuple(o.bit for o in CARDS if o.rank == c.rank and o is not c) for c in CARDS
}


def _run_pairs(card: Card) -> tuple[tuple[int, int], ...]:
    out = []
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        r1, r2 = card.rank + lo, card.rank + hi
        if 1 <= r1 <= 13 and 1 <= r2 <= 13:
            out.append((Card(r1, card.suit).bit, Card(r2, card.suit).bit))
    return tuple(out)


#: By card bit: the pairs of its suit that make a run of three with it, (r-2, r-1),
#: (r-1, r+1) and (r+1, r+2), where they exist.
RUN_PAIRS: Final[dict[int, tuple[tuple[int, int], ...]]] = {c.bit: _run_pairs(c) for c in CARDS}


#: The knock limit `UNDERCUT_BONUS` was made for (other limits: no curve).
UNDERCUT_LIMIT: Final = 10
#: What a deadwood of 0-10 is worth at an opponent's knock beyond its points, against a
#: greedy knocker's knock deadwood (`python research/greedy_knocks.py`: 6,000 rounds of
#: greedy self-play under the EAAI rules, knock deadwood 0 2.2%, 1-5 4-5% each, 6 8.6%,
#: 7 13.2%, 8 16.6%, 9 17.9%, 10 19.2%): the chance of an undercut (25 points and the
#: difference) makes each point below the limit worth 2-5, not 1.
UNDERCUT_BONUS: Final = (-24.5, -24.5, -23.3, -22.3, -21.4, -20.2, -18.9, -16.7, -13.4, -9.3, -4.8)


def curved_deadwood(lam: float, deadwood: int) -> float:
    """A deadwood's cost with ``lam`` times `UNDERCUT_BONUS` (above the limit: itself)."""
    if deadwood <= UNDERCUT_LIMIT:
        return deadwood + lam * UNDERCUT_BONUS[deadwood]
    return float(deadwood)


def meld_danger(card: Card, tracking: Tracking) -> float:
    """How likely the opponent can meld ``card`` (from what it is known or likely to hold)."""
    probs = tracking.in_opponent
    known = tracking.opponent_known

    def p(c: Card) -> float:
        return 1.0 if known & c.bit else probs[c.index]

    # Sets: two more of the rank.
    a, b, c = (p(o) for o in CARDS if o.rank == card.rank and o is not card)
    miss = 1.0 - (a * b + a * c + b * c - 2 * a * b * c)
    # Runs: a pair of neighbours in the suit.
    s, r = card.suit, card.rank
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        if r + lo >= 1 and r + hi <= 13:
            miss *= 1.0 - p(Card(r + lo, s)) * p(Card(r + hi, s))
    return 1.0 - miss


def draw_gain(
    hand: int,
    tracking: Tracking,
    stock_size: int,
    *,
    knock_limit: int = -1,
    knock_bonus: float = 0.0,
    swaps: bool = True,
) -> float:
    """Expected drop in deadwood from one stock draw (with the best discard after it).

    Each unseen card weighs by the chance that it is not in the opponent's hand. A draw
    that lets the hand reach ``knock_limit`` counts ``knock_bonus`` more. ``swaps``: a
    card that joins no meld may still replace a higher deadwood card (else it counts 0).
    """
    if stock_size <= 0:
        return 0.0
    base = min_deadwood_mask(hand)
    if base == 0:
        return 0.0
    best_without_one = min(min_deadwood_mask(hand ^ b) for b in bits(hand)) if swaps else 0
    related = 0
    for b in bits(hand):
        related |= MELD_PARTNERS[Card.from_bit(b)]
    probs = tracking.in_opponent
    gain = 0.0
    weight_sum = 0.0
    for b in bits(tracking.unseen):
        c = Card.from_bit(b)
        q = 1.0 - probs[c.index]
        weight_sum += q
        if b & related:
            with_c = hand | b
            best = base
            for d in bits(with_c):
                v = min_deadwood_mask(with_c ^ d)
                if v < best:
                    best = v
        elif swaps:
            best = min(base, best_without_one + c.value)
        else:
            continue  # it cannot join a meld: no better than the hand as it is
        gain += q * (base - best)
        if best <= knock_limit:
            gain += q * knock_bonus
    return gain / weight_sum if weight_sum else 0.0


def takes_back(view: PlayerView, top: Card) -> bool:
    """Whether ``top`` is a card this player threw away earlier in the round, and taking
    it back would not go gin: two players who both like the other's discards could
    otherwise pass the same cards back and forth forever (a player that takes such a
    card back should not take it)."""
    me = view.player
    thrown = any(
        ev.kind is EventKind.DISCARD and ev.player == me and ev.card is top for ev in view.history
    )
    if not thrown:
        return False
    with_top = view.hand_mask | top.bit
    return all(min_deadwood_mask(with_top ^ b) > 0 for b in bits(view.hand_mask))
