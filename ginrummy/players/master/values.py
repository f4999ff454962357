"""What a hand is worth to the master: its cost now less what one more draw is expected
to make of it.

A hand's cost is its deadwood; at a knock limit of 10, on the undercut curve (each point
below the limit is worth the undercut it may bring); in gin-only rounds, plus a cost per
loose card (the race is to gin). Its potential is the expected drop in cost from one
stock draw, over the unseen cards not likely in the opponent's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TypeVar

from ...core.melds import min_deadwood_mask, min_unmelded_cost_mask
from ..estimates import UNDERCUT_LIMIT, bits, curved_deadwood
from ..fastsim import NEAR, VALUE
from .belief import Reading
from .config import MasterConfig

__all__ = ["best_swap", "cost_of", "gain", "potential_weight", "value", "value_after_draw"]

#: A hand's cost: whole points, or points on the undercut curve.
_N = TypeVar("_N", int, float)


def best_swap(with_c: int, throwable: list[int], cost: Callable[[int], _N]) -> tuple[_N, int]:
    """(least cost of ``with_c`` less one card of ``throwable``, that card): a drawn card
    kept, another thrown; the highest card among equals."""
    best_d = throwable[0]
    best = cost(with_c ^ best_d)
    for d in throwable[1:]:
        v = cost(with_c ^ d)
        if v < best or (v == best and VALUE[d] > VALUE[best_d]):
            best, best_d = v, d
    return best, best_d


@cache
def _cost_function(extra: int) -> Callable[[int], int]:
    """A hand's cost with ``extra`` per loose card, made once per ``extra``."""
    if not extra:
        return min_deadwood_mask
    return partial(min_unmelded_cost_mask, extra=extra)


def _curved(lam: float, hand: int) -> float:
    return curved_deadwood(lam, min_deadwood_mask(hand))


@cache
def _curved_cost(lam: float) -> Callable[[int], float]:
    """A hand's cost on the undercut curve, made once per ``lam``."""
    return partial(_curved, lam)


@cache
def _curve_shape(lam: float) -> Callable[[int], float]:
    """A deadwood's cost on the undercut curve, made once per ``lam``."""
    return partial(curved_deadwood, lam)


def _loose_cost(config: MasterConfig, knock_limit: int) -> int:
    return config.gin_race_loose_cost if knock_limit == 0 else 0


def _curve_applies(config: MasterConfig, knock_limit: int) -> bool:
    return bool(config.undercut_curve) and knock_limit == UNDERCUT_LIMIT


def cost_of(config: MasterConfig, knock_limit: int) -> Callable[[int], float]:
    """What a hand costs in a round with this knock limit."""
    if _curve_applies(config, knock_limit):
        return _curved_cost(config.undercut_curve)
    return _cost_function(_loose_cost(config, knock_limit))


def gain(config: MasterConfig, hand: int, reading: Reading, knock_limit: int) -> float:
    """Expected drop in cost from one stock draw (a draw that goes gin counts
    `MasterConfig.gin_draw_bonus` more). The drop is worked out on the round's plain
    cost, which adds up card by card, and then reshaped onto the undercut curve."""
    shape = _curve_shape(config.undercut_curve) if _curve_applies(config, knock_limit) else None
    loose = _loose_cost(config, knock_limit)
    cost = _cost_function(loose)
    base = cost(hand)
    if base == 0:
        return 0.0
    shaped = float(base) if shape is None else shape(base)
    hb = bits(hand)
    best_without_one = min(cost(hand ^ b) for b in hb)
    related = 0
    for b in hb:
        related |= NEAR[b]
    probs = reading.in_opponent
    total = 0.0
    weight_sum = 0.0
    gin_bonus = config.gin_draw_bonus
    for c in reading.unseen:
        q = 1.0 - probs.get(c, 0.0)
        weight_sum += q
        if c & related:
            best = min(base, best_swap(hand | c, hb, cost)[0])
        else:
            best = min(base, best_without_one + VALUE[c] + loose)
        total += q * (shaped - (best if shape is None else shape(best)))
        if best == 0:
            total += q * gin_bonus
    return total / weight_sum if weight_sum else 0.0


def potential_weight(config: MasterConfig, reading: Reading, stock: int) -> float:
    """The weight of a hand's one-draw potential: less as the opponent is likelier to go
    out next and as the stock runs low."""
    hazard = max(0.0, 1.0 - config.hazard_scale * reading.hazard)
    return config.potential_weight * hazard * max(0.0, min(1.0, stock / 24.0))


def value(config: MasterConfig, hand: int, reading: Reading, stock: int, knock_limit: int) -> float:
    """A 10-card hand's value (lower is better): its cost less its weighted potential."""
    dw = cost_of(config, knock_limit)(hand)
    weight = potential_weight(config, reading, stock)
    if weight <= 0.0:
        return float(dw)
    return dw - weight * gain(config, hand, reading, knock_limit)


def value_after_draw(
    config: MasterConfig, hand: int, reading: Reading, stock: int, knock_limit: int
) -> float:
    """The expected `value` of a 10-card hand after one more stock draw and the best
    discard by cost (a draw that goes gin is worth ``-gin_draw_bonus``, as in `gain`)."""
    probs = reading.in_opponent
    cost = cost_of(config, knock_limit)
    hb = bits(hand)
    related = 0
    for b in hb:
        related |= NEAR[b]
    later = max(0, stock - 2)
    keep = value(config, hand, reading, later, knock_limit)
    gin_value = -config.gin_draw_bonus
    total = 0.0
    weight_sum = 0.0
    for c in reading.unseen:
        q = 1.0 - probs.get(c, 0.0)
        weight_sum += q
        v = keep
        if c & related:
            with_c = hand | c
            best, best_d = best_swap(with_c, hb, cost)
            if best == 0:
                v = gin_value
            else:
                v = min(keep, value(config, with_c ^ best_d, reading, later, knock_limit))
        total += q * v
    return total / weight_sum if weight_sum else keep
