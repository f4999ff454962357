"""Where the hidden cards may be: the master's reading of the public history, and the
opponent hands it samples from that reading.

Sampled hands are dealt from card weights (`read_view`), then improved by greedy draws,
since a hand dealt at random is far worse than one its owner has shaped for several
turns. Replayed samples are also resampled by how well a greedy player holding each
explains the opponent's last turn (`replay.replay_weight`): what single-card weights
cannot see, such as a hand that just took a card to meld. How careful the opponent is
(`KnockStyle`) decides how a hand it could have knocked with is read.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ...core.cards import CARDS, mask_of
from ...core.melds import min_deadwood_mask
from ...core.round import PlayerView
from ..estimates import bits
from ..fastsim import NEAR, best_discard, improve, sample_hidden
from ..replay import Turn, opponent_turns, replay_weight
from ..style import KnockStyle
from ..tracking import opponent_signals
from .config import MasterConfig

__all__ = [
    "Reading",
    "careful",
    "decision_rng",
    "hazard",
    "knock_miss",
    "knock_samples",
    "knock_share",
    "opponent_hands",
    "read_view",
    "replayed",
]

_ALL: Final = mask_of(CARDS)
#: Replayed samples that judge the hazard that the opponent goes out next.
HAZARD_SAMPLES: Final = 32


@dataclass(frozen=True, slots=True)
class Reading:
    """What the master reads from a view: where the cards may be."""

    #: Cards in no known place (the stock or the opponent's hidden cards), lowest first.
    unseen: list[int]
    #: Weight of each unseen card being in the opponent's hand (same order).
    weights: list[float]
    #: Chance that each unseen card is in the opponent's hand, by card bit.
    in_opponent: dict[int, float]
    #: Cards the opponent is known to hold (taken from the pile, not thrown since).
    opponent_known: int
    #: How many of the opponent's cards are hidden.
    opponent_hidden: int
    #: Cards the opponent discarded or declined to take.
    rejected: int
    #: How many cards the opponent took from the discard pile this round.
    opponent_takes: int
    #: How many times the opponent drew (from either pile) this round.
    opponent_draws: int
    #: The opponent's public play this round, oldest first (`replay.opponent_turns`).
    turns: tuple[Turn, ...] = ()
    #: The share of replayed samples in which the opponent would go out on its next
    #: stock draw (`hazard`; 0 when not read).
    hazard: float = 0.0
    #: The cards left in the stock.
    stock: int = 0


def read_view(
    view: PlayerView, discard_w: float = 0.5, pass_w: float = 0.7, take_w: float = 2.0
) -> Reading:
    """Read the public history: what the opponent took, threw away and passed.

    An unseen card's weight of being in the opponent's hand is multiplied by ``discard_w``
    next to a card it threw away, ``pass_w`` next to one it passed, ``take_w`` next to
    one it took or is known to hold."""
    hand = view.hand_mask
    pile = mask_of(view.discard_pile)
    known = mask_of(view.opponent_known)
    signals = opponent_signals(view)
    discarded, passed, took = signals.discarded, signals.passed, signals.took
    takes, draws = signals.takes, signals.draws
    unseen_mask = _ALL & ~hand & ~pile & ~known
    hidden = view.opponent_card_count - len(view.opponent_known)
    unseen = bits(unseen_mask)
    weights = []
    for b in unseen:
        near = NEAR[b]
        w = 1.0
        if near & discarded:
            w *= discard_w
        if near & passed:
            w *= pass_w
        if near & (took | known):
            w *= take_w
        weights.append(w)
    total = sum(weights)
    probs: dict[int, float] = {}
    if total > 0 and hidden > 0:
        scale = hidden / total
        for b, w in zip(unseen, weights, strict=True):
            probs[b] = min(0.95, w * scale)
    return Reading(
        unseen,
        weights,
        probs,
        known,
        hidden,
        discarded | passed,
        takes,
        takes + draws,
        opponent_turns(view),
        stock=view.stock_size,
    )


def decision_rng(seed: int | str, view: PlayerView) -> random.Random:
    """The random numbers of one decision: from the seed and the view only, so that the
    same game always plays the same moves."""
    return random.Random(f"master:{seed}:{view.round_number}:{len(view.history)}:{view.scores}")


def careful(config: MasterConfig, style: KnockStyle, waits: bool) -> float:
    """The belief, 0-1, that the opponent is careful: how far the belief that it knocks at
    once is below `MasterConfig.careful_from`, scaled, times (if ``waits``) the belief
    that it waits for gin rather than knocking when it looks safe."""
    if config.careful_from <= 0:
        return 0.0
    w = max(0.0, config.careful_from - style.eager) / config.careful_from
    if waits:
        w *= style.waits
    return w


def knock_share(config: MasterConfig, style: KnockStyle) -> float:
    """The share of its chances to knock short of gin that the opponent is taken to knock
    with: all for a greedy knocker, fewer as it is read as careful."""
    if not config.careful_plays_on:
        return 1.0
    return 1.0 - config.careful_plays_on * careful(config, style, False)


def knock_miss(config: MasterConfig, style: KnockStyle) -> float | None:
    """The replay's weight of a hand that could have knocked and played on, lifted from
    `MasterConfig.replay_miss` towards 1 against a careful opponent (None: the greedy
    rule)."""
    if not config.careful_replay:
        return None
    w = careful(config, style, False)
    return config.replay_miss + (1.0 - config.replay_miss) * config.careful_replay * w


def _steps(config: MasterConfig, reading: Reading) -> int:
    """How many greedy draws a sampled opponent hand gets (`fastsim.improve`)."""
    return min(config.improve_cap, round(reading.opponent_draws * config.improve_scale))


def opponent_hands(
    config: MasterConfig, reading: Reading, rng: random.Random, n: int, limit: int
) -> list[int]:
    """``n`` sampled opponent hands, improved by the draws it made."""
    out = []
    steps = _steps(config, reading)
    known = reading.opponent_known
    for _i in range(n):
        hidden, stock = sample_hidden(rng, reading.unseen, reading.weights, reading.opponent_hidden)
        hidden, stock = improve(rng, hidden, known, stock, steps)
        if min_deadwood_mask(hidden | known) <= limit:
            rng.random()  # unused: keeps each seed's random stream, so its moves, as before
        out.append(hidden | known)
    return out


def knock_samples(
    config: MasterConfig, reading: Reading, rng: random.Random, limit: int
) -> Iterator[int]:
    """`MasterConfig.knock_samples` sampled opponent hands, one at a time (a deadline may
    stop them), improved by the draws it made."""
    steps = _steps(config, reading)
    known = reading.opponent_known
    for _i in range(config.knock_samples):
        hidden, stock = sample_hidden(rng, reading.unseen, reading.weights, reading.opponent_hidden)
        hidden, stock = improve(rng, hidden, known, stock, steps)
        opp = hidden | known
        if min_deadwood_mask(opp) <= limit:
            rng.random()  # unused: keeps each seed's random stream, so its moves, as before
        yield opp


def replayed(
    config: MasterConfig,
    style: KnockStyle,
    reading: Reading,
    rng: random.Random,
    n: int,
    limit: int,
    scale: float,
) -> list[tuple[int, list[int]]]:
    """``n`` (opponent hand, stock with the top last) samples, resampled from ``n`` times
    `MasterConfig.reply_pool` by how well a greedy player explains the opponent's last
    turns; each hand first plays ``scale`` greedy stock draws per draw the opponent made."""
    steps = min(config.improve_cap, round(reading.opponent_draws * scale))
    known = reading.opponent_known
    turns = reading.turns
    worlds: list[tuple[int, list[int]]] = []
    weights: list[float] = []
    lifted = knock_miss(config, style)
    depth, miss = config.replay_depth, config.replay_miss
    for _i in range(n * config.reply_pool):
        hidden, stock = sample_hidden(rng, reading.unseen, reading.weights, reading.opponent_hidden)
        hidden, stock = improve(rng, hidden, known, stock, steps)
        hand = hidden | known
        worlds.append((hand, stock))
        weights.append(replay_weight(hand, turns, limit, rng, depth, miss, lifted))
    if sum(weights) <= 0:
        return worlds[:n]
    return rng.choices(worlds, weights=weights, k=n)


def hazard(
    config: MasterConfig, style: KnockStyle, seed: int | str, view: PlayerView, reading: Reading
) -> float:
    """The share of replayed samples (0.5 greedy draws per draw) in which the opponent
    goes out on its next stock draw, a knock short of gin counted as `knock_share` says."""
    limit = view.knock_limit
    rng = random.Random(f"hazard:{seed}:{view.round_number}:{len(view.history)}")
    worlds = replayed(config, style, reading, rng, HAZARD_SAMPLES, limit, 0.5)
    share = knock_share(config, style)
    knocks = 0.0
    for o, s in worlds:
        if s and (dw := best_discard(o | s[-1], 0)[0]) <= limit:
            knocks += share if dw else 1.0
    return knocks / (len(worlds) or 1)
