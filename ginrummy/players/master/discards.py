"""Which card the master throws: by the hand it keeps, then by what the card gives away.

The discards are ranked by the value of the hand kept (`values`). The closest ones are
then re-ranked: in gin-only rounds by what the next draw can make of each; by the
deadwood each would save a sampled opponent hand, or, against an opponent read as a
greedy knocker, by the chance that it can meld the card; and, in rounds with knocking,
by the opponent's greedy reply on replayed samples (a discard that lets it knock costs
that knock's points; one it knocks on into an undercut gains).
"""

from __future__ import annotations

import random

from ...core.melds import min_deadwood_mask
from ...core.round import PlayerView
from ..estimates import RANK_MATES, RUN_PAIRS, bits
from ..fastsim import NEAR, VALUE
from ..replay import greedy_reply
from ..style import KnockStyle
from .belief import Reading, knock_share, opponent_hands, replayed
from .config import MasterConfig
from .values import best_swap, value, value_after_draw

__all__ = ["danger", "discard_scores", "feed_weights"]


def danger(card: int, reading: Reading) -> float:
    """Chance that the opponent can meld ``card`` with what it holds."""
    probs = reading.in_opponent
    known = reading.opponent_known

    def p(b: int) -> float:
        return 1.0 if known & b else probs.get(b, 0.0)

    a, b, c = (p(x) for x in RANK_MATES[card])
    miss = 1.0 - (a * b + a * c + b * c - 2 * a * b * c)
    for x, y in RUN_PAIRS[card]:
        miss *= 1.0 - p(x) * p(y)
    return 1.0 - miss


def feed_weights(config: MasterConfig, style: KnockStyle, knock_limit: int) -> tuple[float, float]:
    """(points per unit `danger`, points per point of sampled feed) of a discard: the
    sampled feed (at half weight) in gin-only rounds; in rounds with knocking the two
    weighed by the belief that the opponent is a greedy knocker."""
    if not knock_limit:
        return 0.0, config.feed_weight * 0.5
    eager = max(0.0, style.eager - config.eager_from) / (1.0 - config.eager_from)
    return eager * config.eager_danger, (1.0 - eager) * config.feed_weight


def _feeds(
    config: MasterConfig, cards: list[int], reading: Reading, rng: random.Random, limit: int
) -> list[float]:
    """Mean deadwood each card would save a sampled opponent that took it."""
    hands = opponent_hands(config, reading, rng, config.feed_samples, limit)
    totals = [0.0] * len(cards)
    for h in hands:
        base = min_deadwood_mask(h)
        hb = bits(h)
        for k, c in enumerate(cards):
            if not NEAR[c] & h:
                continue
            totals[k] += max(0, base - best_swap(h | c, hb, min_deadwood_mask)[0])
    n = len(hands) or 1
    return [t / n for t in totals]


def discard_scores(
    config: MasterConfig,
    style: KnockStyle,
    view: PlayerView,
    reading: Reading,
    rng: random.Random,
) -> list[tuple[float, int]]:
    """(score, card bit) for each legal discard from the view's 11 cards, best (lowest)
    first."""
    hand11 = view.hand_mask
    banned = view.banned_bit
    stock = view.stock_size
    knock_limit = view.knock_limit
    out = []
    formula, feed_weight = feed_weights(config, style, knock_limit)
    sampled = config.feed_samples > 0 and feed_weight > 0

    def penalty(b: int) -> float:
        extra = -1e-3 * VALUE[b]
        if formula:
            extra += formula * danger(b, reading)
        return extra

    for b in bits(hand11):
        if b == banned:
            continue
        out.append((value(config, hand11 ^ b, reading, stock, knock_limit) + penalty(b), b))
    out.sort()
    ahead = 0 if knock_limit else config.gin_race_lookahead
    if ahead > 1 and len(out) > 1 and stock > 0:
        # Re-rank the closest candidates by what the next draw can make of each.
        head = [
            (value_after_draw(config, hand11 ^ b, reading, stock, knock_limit) + penalty(b), b)
            for _s, b in out[:ahead]
        ]
        out = sorted(head) + out[ahead:]
    if sampled and len(out) > 1:
        # Re-rank the closest candidates by what each would give a sampled opponent.
        n = config.feed_candidates
        head = out[:n]
        feeds = _feeds(config, [b for _s, b in head], reading, rng, knock_limit)
        head = sorted((sc + feed_weight * f, b) for (sc, b), f in zip(head, feeds, strict=True))
        out = head + out[n:]
    if config.reply_weight and knock_limit and len(out) > 1 and stock > view.rules.dead_stock:
        out = _reply_rerank(config, style, view, out, reading, rng)
    return out


def _reply_rerank(
    config: MasterConfig,
    style: KnockStyle,
    view: PlayerView,
    out: list[tuple[float, int]],
    reading: Reading,
    rng: random.Random,
) -> list[tuple[float, int]]:
    """The closest discards re-ranked by the opponent's reply on replayed samples: it
    takes the card if it melds (else draws the sampled stock's top), throws the card
    leaving the least deadwood and knocks if it can (as `knock_share` says); that knock
    is settled against the master's hand left (`replay.greedy_reply`)."""
    rules = view.rules
    limit = view.knock_limit
    hand11 = view.hand_mask
    n = config.reply_candidates
    head = out[:n]
    cards = [c for _sc, c in head]
    worlds = replayed(config, style, reading, rng, config.reply_samples, limit, config.reply_scale)
    share = knock_share(config, style)
    sums = [0.0] * len(cards)
    for opp, rest in worlds:
        top = rest[-1] if rest else 0
        for j, c in enumerate(cards):
            sums[j] += greedy_reply(
                opp, top, hand11 ^ c, c, limit, rules.gin_bonus, rules.undercut_bonus, share
            )
    count = len(worlds) or 1
    w = config.reply_weight
    head = sorted((sc - w * t / count, b) for (sc, b), t in zip(head, sums, strict=True))
    return head + out[n:]
