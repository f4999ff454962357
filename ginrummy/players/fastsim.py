"""The master's inner loop: hidden-card sampling, greedy improvement and knock settlement
on bit masks.

Everything here works on 52-bit hand masks and the solver's `min_deadwood_mask`, never
on `Round` objects, so that the thousands of sampled hands of one decision stay cheap.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Final

from ..core.cards import CARDS
from ..core.melds import best_melding_mask, min_deadwood_mask
from ..core.showdown import layoff_options
from .estimates import VALUE
from .tracking import MELD_PARTNERS

__all__ = [
    "NEAR",
    "VALUE",
    "best_discard",
    "improve",
    "layoff_deadwood",
    "sample_hidden",
    "showdown_points",
]


def layoff_deadwood(defender: int, knocker_melds: list[int]) -> int:
    """The defender's least deadwood after laying off on the knocker's melds."""
    per_meld = [layoff_options(m, defender) for m in knocker_melds]
    per_meld = [opts for opts in per_meld if len(opts) > 1]
    best = min_deadwood_mask(defender)
    if not per_meld:
        return best
    for combo in product(*per_meld):
        laid = 0
        for part in combo:
            laid |= part
        if laid:
            v = min_deadwood_mask(defender & ~laid)
            if v < best:
                best = v
    return best


def showdown_points(knocker: int, defender: int, gin_bonus: int, undercut_bonus: int) -> int:
    """The knocker's signed points (before a multiplier) for a 10-card knock.

    The knocker's arrangement is its least-deadwood one (the engine may find a better
    one that denies lay-offs: this errs slightly against the knocker).
    """
    melds, _dead, k = best_melding_mask(knocker)
    if k == 0:
        return gin_bonus + min_deadwood_mask(defender)
    d = layoff_deadwood(defender, melds)
    if d > k:
        return d - k
    return -(undercut_bonus + k - d)


def sample_hidden(
    rng: random.Random, unseen: list[int], weights: list[float], n_opponent: int
) -> tuple[int, list[int]]:
    """Deal the unseen cards: ``n_opponent`` to the opponent's hidden hand (weighted,
    without replacement), the rest shuffled into the stock. Returns (opponent mask,
    stock cards with the top last)."""
    keyed = []
    rand = rng.random
    for b, w in zip(unseen, weights, strict=True):
        # Efraimidis-Spirakis: the n largest u ** (1 / w) are a weighted sample.
        keyed.append((rand() ** (1.0 / w), b))
    keyed.sort(reverse=True)
    opp = 0
    for _key, b in keyed[:n_opponent]:
        opp |= b
    stock = [b for _key, b in keyed[n_opponent:]]
    rng.shuffle(stock)
    return opp, stock


def improve(
    rng: random.Random, hidden: int, keep: int, stock: list[int], steps: int
) -> tuple[int, list[int]]:
    """Let a sampled hidden hand play ``steps`` stock draws greedily, as the opponent did.

    A hand drawn at random from the unseen cards is far worse than one its owner has
    improved for several turns; each step draws a random card of ``stock`` into the hand
    (``hidden | keep``) and throws back the card whose loss leaves the least deadwood
    (never a card of ``keep``, the cards known to be held). Returns the new hidden part
    and the stock (shuffled).
    """
    if steps <= 0 or not stock:
        return hidden, stock
    pool = list(stock)
    rand = rng.random
    for _step in range(steps):
        i = int(rand() * len(pool))
        c = pool[i]
        best_b = best_discard(hidden | keep | c, 0, keep)[1]
        hidden = (hidden | c) ^ best_b
        pool[i] = best_b
    rng.shuffle(pool)
    return hidden, pool


#: (value, mask of the cards worth it), the highest value first.
_BY_VALUE: Final[tuple[tuple[int, int], ...]] = tuple(
    (v, sum(c.bit for c in CARDS if c.value == v)) for v in range(10, 0, -1)
)
#: The cards that can share a meld with each card (`estimates.MELD_PARTNERS`), by bit.
NEAR: Final[dict[int, int]] = {c.bit: MELD_PARTNERS[c] for c in CARDS}


def best_discard(hand11: int, banned: int, keep: int = 0) -> tuple[int, int]:
    """(least deadwood after one discard, that discard): the highest card among equals,
    then the lowest bit; never ``banned`` nor a card of ``keep``. (999, 0) if no card
    may go.

    Throwing a card lowers the hand's deadwood by at most the card's value, and by
    exactly that when the card shares no meld with the rest: so the cards are tried from
    the highest value down, the solver asked only for those that could be in a meld, and
    the search stops as soon as no card left can do better.
    """
    whole = min_deadwood_mask(hand11)
    allowed = hand11 & ~(banned | keep)
    best = 999
    best_b = 0
    for v, of_value in _BY_VALUE:
        floor = whole - v
        if floor >= best:
            break
        m = allowed & of_value
        while m:
            b = m & -m
            m ^= b
            d = min_deadwood_mask(hand11 ^ b) if NEAR[b] & hand11 else floor
            if d < best:
                best = d
                best_b = b
                if d == floor:
                    break
    return best, best_b
