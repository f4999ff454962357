"""The deadwood a greedy player knocks with, and what that makes the master's deadwood worth.

    python research/greedy_knocks.py [DEALS] [SEED]

Plays DEALS rounds (6,000 by default, seed 1) of greedy self-play on `fastsim` masks (EAAI
rules: take the face-up card only if it makes a meld, throw the card leaving the least
deadwood, knock as soon as the deadwood is at most 10; a round with 2 cards left in the
stock is dead), prints how often the first knock came with each deadwood, and the table
`ginrummy.players.estimates.UNDERCUT_BONUS` made from it: at such a knock, a defender's deadwood of
0-10 is worth the undercut's chance (25 points and the difference) beyond its points.
"""

from __future__ import annotations

import random
import sys

from ginrummy.core.cards import CARDS, Card
from ginrummy.players.eaai import makes_meld
from ginrummy.players.fastsim import best_discard

LIMIT = 10
UNDERCUT = 25
GIN = 25


def knock_deadwood(deals: int, seed: int) -> list[int]:
    """How many of ``deals`` greedy rounds ended in a knock with each deadwood 0-10."""
    rng = random.Random(seed)
    hist = [0] * (LIMIT + 1)
    for _deal in range(deals):
        deck = [c.bit for c in CARDS]
        rng.shuffle(deck)
        hands = [0, 0]
        for _i in range(10):
            hands[0] |= deck.pop()
            hands[1] |= deck.pop()
        top = deck.pop()
        p = 0
        while len(deck) > 2:
            hand = hands[p]
            if makes_meld(hand, Card.from_bit(top)):
                dw, thrown = best_discard(hand | top, top)
                hand = (hand | top) ^ thrown
            else:
                drawn = deck.pop()
                dw, thrown = best_discard(hand | drawn, 0)
                hand = (hand | drawn) ^ thrown
            hands[p] = hand
            top = thrown
            if dw <= LIMIT:
                hist[dw] += 1
                break
            p ^= 1
    return hist


def undercut_bonus(shares: list[float]) -> tuple[float, ...]:
    """For a defender's deadwood 0-10, its expected points at a knock whose deadwood has
    the chances ``shares`` (0: gin), less those of a deadwood above the limit and less
    the deadwood itself, negated (a cost, as the master's hand values are), to 0.1."""

    def cost(m: int) -> float:
        pay = 0.0
        for k, p in enumerate(shares):
            if k == 0:
                pay -= p * (m + GIN)
            elif m <= k:
                pay += p * (UNDERCUT + k - m)
            else:
                pay -= p * (m - k)
        return -pay - m

    above = cost(LIMIT + 1)
    return tuple(round(cost(m) - above, 1) for m in range(LIMIT + 1))


def main(argv: list[str]) -> int:
    try:
        deals = int(argv[0]) if argv else 6000
        seed = int(argv[1]) if len(argv) > 1 else 1
    except ValueError:
        print(f"greedy_knocks: DEALS and SEED are whole numbers, not {argv!r}", file=sys.stderr)
        return 2
    hist = knock_deadwood(deals, seed)
    total = sum(hist) or 1
    shares = [h / total for h in hist]
    print(f"{sum(hist)} knocks in {deals} deals (seed {seed})")
    print("deadwood " + " ".join(f"{k:>5}" for k in range(LIMIT + 1)))
    print("share    " + " ".join(f"{s:5.3f}" for s in shares))
    print(f"UNDERCUT_BONUS = {undercut_bonus([round(s, 3) for s in shares])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
