"""Whether the master knocks, and with which card.

While the stock lasts, a linear rule learned from the master's own knock chances
predicts the points of each of the three lowest knocks and of playing on, from public
features and the sampled and replayed opponent hands (`replay.knock_features`); the fits
learned against a careful player are blended in by the belief that the opponent is one.
At the end of the stock playing on means a dead round, and each knock is settled against
the sampled hands, every outcome weighed by its effect on the chance of winning the game.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from ...core.melds import min_deadwood_mask
from ...core.round import PlayerView
from ..fastsim import showdown_points
from ..gamevalue import GameValue, value_table
from ..replay import SampleSets, knock_features
from ..style import KnockStyle
from .belief import Reading, careful, decision_rng, knock_samples, replayed
from .config import MasterConfig
from .data import blend

__all__ = ["KnockChoice", "knock_card", "knock_choice", "knock_fits", "sample_sets"]


class KnockChoice(NamedTuple):
    """The knock decision with the values it weighed: the card to knock with (a bit; 0:
    play on), the best knock's value and playing on's, as expected points of the round
    while the stock lasts (``win_chance`` False), else as game-win chances; and the share
    of the opponent hands it weighed that undercut the best knock (the replayed ones while
    the stock lasts, the sampled ones at its end)."""

    bit: int
    knock_bit: int
    knock_value: float
    play_on_value: float
    win_chance: bool
    undercut: float


def knock_card(
    config: MasterConfig,
    style: KnockStyle,
    seed: int | str,
    view: PlayerView,
    reading: Reading,
    outs: list[tuple[int, int]],
    discard: int,
) -> int:
    """The card to knock with (a bit), or 0 to discard ``discard`` and play on; ``outs``
    are the knocks the rules allow (`estimates.knock_outs`), the least deadwood first."""
    return knock_choice(config, style, seed, view, reading, outs, discard).bit


def knock_choice(
    config: MasterConfig,
    style: KnockStyle,
    seed: int | str,
    view: PlayerView,
    reading: Reading,
    outs: list[tuple[int, int]],
    discard: int,
) -> KnockChoice:
    """`knock_card`'s decision with the values it weighed."""
    if view.stock_size > view.rules.dead_stock:
        return _learned_knock(config, style, seed, view, reading, outs, discard)
    return _last_knock(config, seed, view, reading, outs)


def knock_fits(
    config: MasterConfig, style: KnockStyle
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The learned knock's fits (knock, play on) for the opponent as read so far: the
    ones learned against a greedy knocker, blended with the careful ones by the belief
    that the opponent is careful and waits for gin."""
    w = careful(config, style, True)
    if w <= 0:
        return config.knock_fit, config.play_on_fit
    return (
        blend(config.knock_fit, config.careful_knock_fit, w),
        blend(config.play_on_fit, config.careful_play_on_fit, w),
    )


def sample_sets(
    config: MasterConfig,
    style: KnockStyle,
    view: PlayerView,
    reading: Reading,
    rng: random.Random,
    deadline: float,
) -> SampleSets:
    """The learned knock's opponent hands: the sampled ones (until ``deadline``), and two
    replayed sets, with no greedy draws and with 0.5 per draw."""
    limit = view.knock_limit
    own = []
    for opp in knock_samples(config, reading, rng, limit):
        own.append(opp)
        if time.perf_counter() > deadline:
            break
    n = config.knock_replayed
    rep = [o for o, _s in replayed(config, style, reading, rng, n, limit, 0.0)]
    rep5 = [o for o, _s in replayed(config, style, reading, rng, n, limit, 0.5)]
    return own, rep, rep5


def _learned_knock(
    config: MasterConfig,
    style: KnockStyle,
    seed: int | str,
    view: PlayerView,
    reading: Reading,
    outs: list[tuple[int, int]],
    discard: int,
) -> KnockChoice:
    """The best of the three lowest knocks by the knock fit's points, if they beat the
    play-on fit's points by `MasterConfig.learned_knock_margin`; else 0."""
    hand = view.hand_mask
    deadline = time.perf_counter() + config.budget
    sets = sample_sets(config, style, view, reading, decision_rng(seed, view), deadline)
    draws, takes = reading.opponent_draws, reading.opponent_takes
    fit, on = knock_fits(config, style)
    best, best_b, undercut = float("-inf"), 0, 0.0
    for _dw, b in outs[:3]:
        feats = knock_features(view, hand, b, sets, draws, takes)
        points = fit[0] + sum(c * f for c, f in zip(fit[1:], feats, strict=True))
        if points > best:
            # The undercut shares against the two replayed sets (`KNOCK_FEATURES`).
            best, best_b, undercut = points, b, (feats[3] + feats[4]) / 2
    kept = min_deadwood_mask(hand ^ discard)
    play_on = on[0] + on[1] * view.stock_size + on[2] * kept
    bit = best_b if best > play_on + config.learned_knock_margin else 0
    return KnockChoice(bit, best_b, best, play_on, False, undercut)


def _worth(gv: GameValue, mine: int, theirs: int, mult: int, points: float) -> float:
    """Game-win chance after a round worth ``points`` to me (negative: to them)."""
    if points > 0:
        return gv.win(mine + points * mult, theirs)
    if points < 0:
        return gv.win(mine, theirs - points * mult)
    return gv.win(mine, theirs)


def _last_knock(
    config: MasterConfig,
    seed: int | str,
    view: PlayerView,
    reading: Reading,
    outs: list[tuple[int, int]],
) -> KnockChoice:
    """At the end of the stock: the best of the three lowest knocks by the game-win
    chance it leaves against the sampled hands (lay-offs and bonuses included), if it
    beats a dead round's by `MasterConfig.knock_margin`; else 0."""
    rules = view.rules
    hand = view.hand_mask
    gv = value_table(rules)
    me = view.player
    mine, theirs, mult = view.scores[me], view.scores[1 - me], view.multiplier
    rng = decision_rng(seed, view)
    deadline = time.perf_counter() + config.budget
    candidates = [b for _dw, b in outs[:3]]
    knock_sum = [0.0] * len(candidates)
    undercuts = [0] * len(candidates)
    n = 0
    for opp in knock_samples(config, reading, rng, view.knock_limit):
        if n and time.perf_counter() > deadline:
            break
        for k, b in enumerate(candidates):
            pts = showdown_points(hand ^ b, opp, rules.gin_bonus, rules.undercut_bonus)
            knock_sum[k] += _worth(gv, mine, theirs, mult, pts)
            undercuts[k] += pts < 0
        n += 1
    dead = gv.win(mine, theirs) * n
    best_k = max(range(len(candidates)), key=lambda k: knock_sum[k])
    bit = candidates[best_k] if knock_sum[best_k] >= dead + config.knock_margin * n else 0
    count = n or 1
    return KnockChoice(
        bit,
        candidates[best_k],
        knock_sum[best_k] / count,
        dead / count,
        True,
        undercuts[best_k] / count,
    )
