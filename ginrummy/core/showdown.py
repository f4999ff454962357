"""The showdown: the knocker's arrangement against the defender's optimal melds and lay-offs.

docs/rules.md section 5: the defender chooses melds and lay-offs *together* to minimise its
deadwood, and the knocker picks, among every legal arrangement (any disjoint melds,
deadwood within the knock limit), the one that scores best against that defence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import product

from .cards import SUIT_LANE, Card, cards_from_mask
from .errors import N_, GinRummyError, Phrase
from .melds import (
    Melding,
    arrangements,
    best_melding_mask,
    mask_points,
    melding_from_masks,
    min_deadwood_mask,
)

__all__ = [
    "Defence",
    "ResultKind",
    "RoundResult",
    "Showdown",
    "ShowdownError",
    "best_defence",
    "layoff_options",
    "settle",
]


class ResultKind(Enum):
    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's answer: its own melds, the cards laid off on each knocker meld."""

    melding: Melding
    #: For each knocker meld (same order as the knocker's melding), the cards laid off on it.
    layoffs: tuple[tuple[Card, ...], ...]

    @property
    def deadwood_points(self) -> int:
        return self.melding.deadwood_points

    @property
    def laid_off(self) -> tuple[Card, ...]:
        return tuple(c for cards in self.layoffs for c in cards)


@dataclass(frozen=True, slots=True)
class Showdown:
    """The settled end of a round that someone went out of."""

    kind: ResultKind
    knocker: Melding
    defence: Defence
    #: Points before any round multiplier; ``knocker_won`` says who scores them.
    points: int
    knocker_won: bool

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker.deadwood_points

    @property
    def defender_deadwood(self) -> int:
        return self.defence.deadwood_points


def layoff_options(meld_mask: int, defender: int) -> list[int]:
    """The sets of defender cards that could be laid off on one knocker meld."""
    low = meld_mask & -meld_mask
    pos = low.bit_length() - 1
    suit, rank0 = divmod(pos, SUIT_LANE)
    lane = (meld_mask >> (suit * SUIT_LANE)) & 0x1FFF
    if lane != low >> (suit * SUIT_LANE):  # more than one card in this lane: a run
        top = lane.bit_length() - 1
        down = [0]
        r = rank0 - 1
        acc = 0
        while r >= 0 and defender >> (suit * SUIT_LANE + r) & 1:
            acc |= 1 << (suit * SUIT_LANE + r)
            down.append(acc)
            r -= 1
        up = [0]
        r = top + 1
        acc = 0
        while r < 13 and defender >> (suit * SUIT_LANE + r) & 1:
            acc |= 1 << (suit * SUIT_LANE + r)
            up.append(acc)
            r += 1
        return [d | u for d in down for u in up]
    # A set: its missing card, if there is one and the defender holds it.
    if meld_mask.bit_count() == 4:
        return [0]
    for s in range(4):
        bit = 1 << (s * SUIT_LANE + rank0)
        if not meld_mask & bit:
            return [0, bit] if defender & bit else [0]
    return [0]


def _best_layoff(defender: int, knocker_melds: list[int]) -> tuple[int, int]:
    """(least defender deadwood, the lay-off mask achieving it)."""
    per_meld = [layoff_options(m, defender) for m in knocker_melds]
    per_meld = [opts for opts in per_meld if len(opts) > 1]
    best = min_deadwood_mask(defender)
    best_l = 0
    if not per_meld:
        return best, best_l
    seen = {0}
    for combo in product(*per_meld):
        laid = 0
        for part in combo:
            laid |= part
        if laid in seen:
            continue
        seen.add(laid)
        v = min_deadwood_mask(defender & ~laid)
        if v < best:
            best, best_l = v, laid
    return best, best_l


def _assign_layoffs(laid: int, knocker_melds: list[int]) -> list[int]:
    """Attribute each laid-off card to a knocker meld (runs grow first, chain by chain)."""
    out = [0] * len(knocker_melds)
    left = laid
    for i, m in enumerate(knocker_melds):
        low = m & -m
        pos = low.bit_length() - 1
        suit = pos // SUIT_LANE
        lane = (m >> (suit * SUIT_LANE)) & 0x1FFF
        if lane == low >> (suit * SUIT_LANE):
            continue  # a set
        grown = m
        changed = True
        while changed:
            changed = False
            below = (grown & -grown) >> 1
            if below and below & left and (below.bit_length() - 1) // SUIT_LANE == suit:
                grown |= below
                left ^= below
                out[i] |= below
                changed = True
            above = 1 << grown.bit_length()
            if above & left and (above.bit_length() - 1) // SUIT_LANE == suit:
                grown |= above
                left ^= above
                out[i] |= above
                changed = True
    for i, m in enumerate(knocker_melds):
        low = m & -m
        suit = (low.bit_length() - 1) // SUIT_LANE
        if (m >> (suit * SUIT_LANE)) & 0x1FFF != low >> (suit * SUIT_LANE):
            continue
        rank0 = (low.bit_length() - 1) % SUIT_LANE
        for s in range(4):
            bit = 1 << (s * SUIT_LANE + rank0)
            if bit & left:
                out[i] |= bit
                left ^= bit
    if left:  # pragma: no cover - the options guarantee every card has a home
        raise AssertionError("a laid-off card found no meld")
    return out


def best_defence(
    defender: int, knocker_melds: list[int], *, layoffs_allowed: bool = True
) -> Defence:
    """The defender's melds and lay-offs chosen together for the least deadwood."""
    laid = _best_layoff(defender, knocker_melds)[1] if layoffs_allowed else 0
    melds, dead, _ = best_melding_mask(defender & ~laid)
    per_meld = _assign_layoffs(laid, knocker_melds) if laid else [0] * len(knocker_melds)
    return Defence(
        melding_from_masks(melds, dead),
        tuple(tuple(sorted(cards_from_mask(x), key=lambda c: c.rank)) for x in per_meld),
    )


def _knock_score(k: int, d: int, undercut_bonus: int) -> int:
    """The knocker's signed result: positive when it wins."""
    return d - k if d > k else -(undercut_bonus + k - d)


class ShowdownError(GinRummyError):
    """The knocker may not go out with these cards, or the two hands share a card."""


def settle(
    knocker: int,
    defender: int,
    *,
    knock_limit: int,
    gin_bonus: int = 25,
    undercut_bonus: int = 25,
    big_gin_bonus: int | None = 31,
) -> Showdown:
    """Settle a showdown between hand masks (knocker 10 cards, or 11 for big gin).

    Raises `ShowdownError` (a ``ValueError``) when the knocker may not go out (deadwood
    over the limit, or 11 cards that are not all melded).
    """
    if knocker & defender:
        raise ShowdownError(Phrase(N_("the two hands share a card")), code="shared-card")
    n = knocker.bit_count()
    if n == 11:
        if big_gin_bonus is None:
            raise ShowdownError(
                Phrase(N_("big gin is off under these rules: the knocker must show 10 cards")),
                code="no-big-gin",
            )
        melds, dead, points = best_melding_mask(knocker)
        if points:
            raise ShowdownError(
                Phrase(
                    N_("big gin needs all eleven cards in melds: you have {deadwood} deadwood"),
                    deadwood=points,
                ),
                code="not-big-gin",
            )
        d_melds, d_dead, d_points = best_melding_mask(defender)
        return Showdown(
            ResultKind.BIG_GIN,
            melding_from_masks(melds, dead),
            Defence(melding_from_masks(d_melds, d_dead), tuple(() for _ in melds)),
            big_gin_bonus + d_points,
            True,
        )
    melds, dead, k_min = best_melding_mask(knocker)
    if k_min == 0:
        d_melds, d_dead, d_points = best_melding_mask(defender)
        return Showdown(
            ResultKind.GIN,
            melding_from_masks(melds, dead),
            Defence(melding_from_masks(d_melds, d_dead), tuple(() for _ in melds)),
            gin_bonus + d_points,
            True,
        )
    if k_min > knock_limit:
        if knock_limit == 0:
            raise ShowdownError(
                Phrase(
                    N_("the knocker may not knock: {deadwood} deadwood, gin only"), deadwood=k_min
                ),
                code="gin-only",
            )
        raise ShowdownError(
            Phrase(
                N_(
                    "the knocker may not knock: {deadwood} deadwood,"
                    " over the knock limit of {limit}"
                ),
                deadwood=k_min,
                limit=knock_limit,
            ),
            code="over-knock-limit",
        )
    best_key: tuple[int, int] | None = None
    best_choice: list[int] = melds
    for chosen, dead_mask in arrangements(knocker):
        k = mask_points(dead_mask)
        if k > knock_limit:
            continue
        d = _best_layoff(defender, chosen)[0]
        key = (_knock_score(k, d, undercut_bonus), -k)
        if best_key is None or key > best_key:
            best_key, best_choice = key, chosen
    assert best_key is not None
    chosen_dead = knocker
    for m in best_choice:
        chosen_dead &= ~m
    # Order the melds as displayed, then compute the defence against that order.
    knocker_melding = melding_from_masks(best_choice, chosen_dead)
    ordered = [m.mask for m in knocker_melding.melds]
    defence = best_defence(defender, ordered)
    k = knocker_melding.deadwood_points
    d = defence.deadwood_points
    if d > k:
        return Showdown(ResultKind.KNOCK, knocker_melding, defence, d - k, True)
    return Showdown(ResultKind.UNDERCUT, knocker_melding, defence, undercut_bonus + k - d, False)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and what it scored."""

    kind: ResultKind
    #: Who went out (None in a dead round).
    knocker: int | None
    #: Who scores (None in a dead round).
    winner: int | None
    #: Points scored by ``winner`` after the round multiplier.
    points: int
    #: Points before the multiplier.
    base_points: int
    multiplier: int
    showdown: Showdown | None
    #: Both players' final cards (the knocker's eleven when it went big gin).
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    knock_limit: int
    undercut_bonus: int
    gin_bonus: int
    big_gin_bonus: int | None
    stock_left: int

    @property
    def is_draw(self) -> bool:
        return self.kind is ResultKind.DRAW

    def __str__(self) -> str:
        """How the round ended, as a developer reads it: its kind, who won and the points."""
        if self.winner is None:
            return f"result: {self.kind.value}, no points (stock left: {self.stock_left})"
        knocker = "" if self.knocker is None else f", knocked by player {self.knocker}"
        return f"result: {self.kind.value}{knocker}, player {self.winner} scores {self.points}"
