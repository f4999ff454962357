"""The optimal-meld solver.

Runs live inside one suit and sets take one card of a rank from several suits, so a
hand's best arrangement is: choose which sets to form (only ranks held three or four
times can form one), then cover what is left of each suit with runs as well as that
suit allows. The second part is a table lookup: ``RUN_DEADWOOD[p]`` is the least
deadwood of the 13-bit suit pattern ``p`` using runs only, built once at import.
A 10-card hand has at most three set candidates, so at most a few dozen lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final

from .cards import SUIT_LANE, SUIT_PATTERN, Card, cards_from_mask, mask_of

__all__ = [
    "Meld",
    "Melding",
    "all_meld_masks",
    "arrangements",
    "best_discards",
    "best_melding",
    "best_melding_mask",
    "deadwood_after_discards",
    "hand_mask",
    "is_big_gin",
    "knock_discards",
    "min_deadwood",
    "min_deadwood_mask",
    "min_unmelded_cost_mask",
]

_RANK_VALUES: Final = tuple(min(r + 1, 10) for r in range(13))


def _build_tables(
    values: tuple[int, ...] = _RANK_VALUES,
) -> tuple[list[int], list[int], list[int]]:
    """For every suit pattern: its points, its least points left out of runs (each card
    worth ``values[rank - 1]``), and how its lowest card is used in that best cover."""
    size = 1 << 13
    value = [0] * size
    best = [0] * size
    choice = [0] * size  # 0: the lowest card is deadwood; n >= 3: a run of n starts there
    for p in range(1, size):
        low = p & -p
        r = low.bit_length() - 1
        value[p] = value[p ^ low] + values[r]
        # The lowest card is either deadwood or the first card of a run.
        b = best[p ^ low] + values[r]
        c = 0
        run = low
        n = 1
        while r + n < 13 and p & (1 << (r + n)):
            run |= 1 << (r + n)
            n += 1
            if n >= 3:
                cand = best[p ^ run]
                # Prefer the longer run on ties: fewer, longer melds read better.
                if cand <= b:
                    b = cand
                    c = n
        best[p] = b
        choice[p] = c
    return value, best, choice


PATTERN_VALUE, RUN_DEADWOOD, _RUN_CHOICE = _build_tables()
_PV: Final = PATTERN_VALUE
_RD: Final = RUN_DEADWOOD


def hand_mask(cards: Iterable[Card] | int) -> int:
    """A hand as a mask: accepts a mask as it is, or any iterable of cards."""
    if isinstance(cards, int):
        return cards
    return mask_of(cards)


def _sets_min(a: int, b: int, c: int, d: int, t: int, rd: list[int] = _RD) -> int:
    """Least deadwood of suit patterns a..d when each rank bit of ``t`` may form a set
    (``rd``: the runs-only table of the cost counted)."""
    if a & b & c & d & t:
        return _sets_min_fours(a, b, c, d, t, rd)
    # No four of a kind: each rank of ``t`` is a set of its three cards or not, so the
    # arrangements are the subsets of ``t`` (walked from ``t`` itself down to none).
    best = rd[a] + rd[b] + rd[c] + rd[d]
    s = t
    while s:
        k = ~s
        v = rd[a & k] + rd[b & k] + rd[c & k] + rd[d & k]
        if v < best:
            best = v
        s = (s - 1) & t
    return best


def _sets_min_fours(a: int, b: int, c: int, d: int, t: int, rd: list[int] = _RD) -> int:
    """`_sets_min` by recursion over the ranks of ``t``, for hands with four of a kind
    (a set of four, or of three leaving any one card free)."""
    r = t & -t
    t ^= r
    if t:
        best = _sets_min_fours(a, b, c, d, t, rd)
    else:
        best = rd[a] + rd[b] + rd[c] + rd[d]
    k = ~r
    a2, b2, c2, d2 = a & k, b & k, c & k, d & k
    options: tuple[tuple[int, int, int, int], ...]
    if a & b & c & d & r:
        # Four of a kind: a set of four, or a set of three leaving any one card free.
        options = (
            (a2, b2, c2, d2),
            (a, b2, c2, d2),
            (a2, b, c2, d2),
            (a2, b2, c, d2),
            (a2, b2, c2, d),
        )
    else:
        options = ((a2, b2, c2, d2),)
    for pa, pb, pc, pd in options:
        if t:
            v = _sets_min_fours(pa, pb, pc, pd, t, rd)
        else:
            v = rd[pa] + rd[pb] + rd[pc] + rd[pd]
        best = min(best, v)
    return best


def min_deadwood_mask(mask: int, _rd: list[int] = _RD) -> int:
    """Least deadwood points of the hand ``mask`` (the fast path). ``_rd`` is internal:
    the runs-only table to count with (`min_unmelded_cost_mask` passes its own)."""
    a = mask & 0x1FFF
    b = (mask >> 16) & 0x1FFF
    c = (mask >> 32) & 0x1FFF
    d = mask >> 48
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:
        return _rd[a] + _rd[b] + _rd[c] + _rd[d]
    return _sets_min(a, b, c, d, t, _rd)


@cache
def _unmelded_cost_table(extra: int) -> list[int]:
    return _build_tables(tuple(v + extra for v in _RANK_VALUES))[1]


def min_unmelded_cost_mask(mask: int, extra: int) -> int:
    """Least of (deadwood points + ``extra`` per unmelded card) over the arrangements of
    the hand ``mask``: with ``extra`` > 0, fewer loose cards beat fewer points (in a race
    to gin a lone king is one card from gin, an ace and a deuce are two)."""
    return min_deadwood_mask(mask, _unmelded_cost_table(extra))


def min_deadwood(cards: Iterable[Card] | int) -> int:
    """Least deadwood points over every arrangement of ``cards`` (any number of cards)."""
    if isinstance(cards, int):
        return min_deadwood_mask(cards)
    mask = 0
    for card in cards:
        mask |= card.bit
    return min_deadwood_mask(mask)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (3-4 cards of one rank) or a run (3+ cards of one suit in sequence)."""

    cards: tuple[Card, ...]

    @property
    def is_run(self) -> bool:
        return len({c.suit for c in self.cards}) == 1

    @property
    def is_set(self) -> bool:
        return not self.is_run

    @property
    def kind(self) -> str:
        return "run" if self.is_run else "set"

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def points(self) -> int:
        return sum(c.value for c in self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(c.code for c in self.cards)

    @staticmethod
    def from_mask(mask: int) -> Meld:
        cards = cards_from_mask(mask)
        if len({c.suit for c in cards}) > 1:
            cards.sort(key=lambda c: c.suit)
        return Meld(tuple(cards))

    @staticmethod
    def is_valid(cards: Iterable[Card]) -> bool:
        """Whether ``cards`` form one legal meld."""
        cs = list(cards)
        if len(cs) < 3 or len(set(cs)) != len(cs):
            return False
        if len({c.rank for c in cs}) == 1:
            return len(cs) <= 4
        if len({c.suit for c in cs}) != 1:
            return False
        ranks = sorted(c.rank for c in cs)
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


@dataclass(frozen=True, slots=True)
class Melding:
    """An arrangement of a hand: its melds, the deadwood cards and their points."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    def to_dict(self) -> dict[str, object]:
        return {
            "melds": [[c.code for c in m.cards] for m in self.melds],
            "deadwood": [c.code for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }


def _runs_of_pattern(p: int, suit: int) -> list[int]:
    """The runs (as hand masks) of the optimal runs-only cover of suit pattern ``p``."""
    runs: list[int] = []
    shift = suit * SUIT_LANE
    while p:
        low = p & -p
        n = _RUN_CHOICE[p]
        if n:
            run = ((1 << n) - 1) * low
            runs.append(run << shift)
            p ^= run
        else:
            p ^= low
    return runs


def _best_sets(a: int, b: int, c: int, d: int, t: int) -> tuple[int, list[int]]:
    """Like `_sets_min`, also returning the chosen sets as hand masks."""
    if not t:
        return _RD[a] + _RD[b] + _RD[c] + _RD[d], []
    r = t & -t
    t ^= r
    best, best_sets = _best_sets(a, b, c, d, t)
    k = ~r
    a2, b2, c2, d2 = a & k, b & k, c & k, d & k
    options: tuple[tuple[int, int, int, int], ...]
    if a & b & c & d & r:
        options = (
            (a2, b2, c2, d2),
            (a, b2, c2, d2),
            (a2, b, c2, d2),
            (a2, b2, c, d2),
            (a2, b2, c2, d),
        )
    else:
        options = ((a2, b2, c2, d2),)
    for pa, pb, pc, pd in options:
        v, sets = _best_sets(pa, pb, pc, pd, t)
        if v < best:
            removed = (a ^ pa) | ((b ^ pb) << 16) | ((c ^ pc) << 32) | ((d ^ pd) << 48)
            best, best_sets = v, [*sets, removed]
    return best, best_sets


def best_melding_mask(mask: int) -> tuple[list[int], int, int]:
    """Best arrangement of ``mask``: (meld masks, deadwood mask, deadwood points)."""
    a = mask & 0x1FFF
    b = (mask >> 16) & 0x1FFF
    c = (mask >> 32) & 0x1FFF
    d = mask >> 48
    t = (a & b & (c | d)) | (c & d & (a | b))
    points, sets = _best_sets(a, b, c, d, t)
    rest = mask
    for s in sets:
        rest &= ~s
    melds = list(sets)
    for suit in range(4):
        melds.extend(_runs_of_pattern((rest >> (suit * SUIT_LANE)) & SUIT_PATTERN, suit))
    dead = mask
    for m in melds:
        dead &= ~m
    return melds, dead, points


def _meld_sort_key(m: Meld) -> tuple[int, int, int]:
    first = m.cards[0]
    return (0 if m.is_set else 1, first.rank if m.is_set else first.suit, first.rank)


def melding_from_masks(meld_masks: Iterable[int], dead_mask: int) -> Melding:
    melds = sorted((Meld.from_mask(m) for m in meld_masks), key=_meld_sort_key)
    dead = sorted(cards_from_mask(dead_mask), key=lambda c: (c.rank, c.suit))
    return Melding(tuple(melds), tuple(dead), sum(c.value for c in dead))


def best_melding(cards: Iterable[Card] | int) -> Melding:
    """An arrangement of ``cards`` with the least deadwood (sets listed before runs)."""
    melds, dead, _ = best_melding_mask(hand_mask(cards))
    return melding_from_masks(melds, dead)


def deadwood_after_discards(cards: Iterable[Card] | int) -> dict[Card, int]:
    """For each card of the hand, the least deadwood of the hand without it."""
    mask = hand_mask(cards)
    out: dict[Card, int] = {}
    m = mask
    while m:
        low = m & -m
        m ^= low
        out[Card.from_bit(low)] = min_deadwood_mask(mask ^ low)
    return out


def best_discards(
    cards: Iterable[Card] | int, exclude: Iterable[Card] = ()
) -> tuple[int, list[Card]]:
    """The least deadwood reachable by one discard, and every discard that reaches it."""
    options = deadwood_after_discards(cards)
    for card in exclude:
        options.pop(card, None)
    if not options:
        raise ValueError("no card to discard")
    best = min(options.values())
    return best, sorted((c for c, v in options.items() if v == best), key=lambda c: c.index)


def knock_discards(
    cards: Iterable[Card] | int, knock_limit: int, exclude: Iterable[Card] = ()
) -> dict[Card, int]:
    """The discards after which the hand may knock (deadwood <= limit; 0 means gin)."""
    options = deadwood_after_discards(cards)
    for card in exclude:
        options.pop(card, None)
    return {c: v for c, v in options.items() if v <= knock_limit}


def is_big_gin(cards: Iterable[Card] | int) -> bool:
    """Whether exactly 11 cards form melds with no deadwood."""
    mask = hand_mask(cards)
    return mask.bit_count() == 11 and min_deadwood_mask(mask) == 0


def all_meld_masks(mask: int) -> list[int]:
    """Every meld that can be made from ``mask``: all sets of 3 and 4, all runs of 3+."""
    out: list[int] = []
    lanes = [(mask >> (s * SUIT_LANE)) & SUIT_PATTERN for s in range(4)]
    for r in range(13):
        held = [s for s in range(4) if lanes[s] >> r & 1]
        if len(held) >= 3:
            bits = [1 << (s * SUIT_LANE + r) for s in held]
            full = sum(bits)
            if len(held) == 4:
                out.append(full)
                out.extend(full ^ b for b in bits)
            else:
                out.append(full)
    for s, p in enumerate(lanes):
        shift = s * SUIT_LANE
        for start in range(13):
            if not p >> start & 1:
                continue
            end = start
            while end + 1 < 13 and p >> (end + 1) & 1:
                end += 1
                if end - start >= 2:
                    out.append((((1 << (end - start + 1)) - 1) << start) << shift)
    return out


def arrangements(mask: int) -> Iterator[tuple[list[int], int]]:
    """Every arrangement of ``mask`` into disjoint melds: (meld masks, deadwood mask).

    Includes partial ones (a shorter run than possible, a meld left as deadwood, no
    melds at all): the knocker may choose any of them.
    """
    melds = all_meld_masks(mask)
    n = len(melds)
    chosen: list[int] = []

    def walk(i: int, used: int) -> Iterator[tuple[list[int], int]]:
        yield list(chosen), mask & ~used
        for j in range(i, n):
            m = melds[j]
            if not m & used:
                chosen.append(m)
                yield from walk(j + 1, used | m)
                chosen.pop()

    yield from walk(0, 0)


def mask_points(mask: int) -> int:
    """Sum of card values in ``mask``."""
    return (
        _PV[mask & 0x1FFF]
        + _PV[(mask >> 16) & 0x1FFF]
        + _PV[(mask >> 32) & 0x1FFF]
        + _PV[mask >> 48]
    )
