"""The master's configuration: every number its play depends on, in one frozen value.

The defaults are the master's play. Vary them with `dataclasses.replace` to try another
setting; the same seed and configuration always play the same moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import CAREFUL_KNOCK_FIT, CAREFUL_PLAY_ON_FIT, KNOCK_FIT, PLAY_ON_FIT

__all__ = ["MasterConfig"]


@dataclass(frozen=True, slots=True)
class MasterConfig:
    """How the master values hands, reads the opponent and decides its knocks."""

    # --- hand values ---------------------------------------------------------------
    #: Weight of a 10-card hand's expected improvement from one more stock draw.
    potential_weight: float = 1.5
    #: Extra value of a draw that goes gin (a draw that only reaches the knock limit
    #: counts for nothing more: the master seldom knocks as soon as it may).
    gin_draw_bonus: float = 4.0
    #: In gin-only rounds, points added per loose card: the race is to gin, and a lone
    #: king is one card from it where an ace and a deuce are two.
    gin_race_loose_cost: int = 25
    #: In gin-only rounds, how many of the best discards are re-ranked by what a second
    #: draw can make of each (at least `feed_candidates`, so both compare like with like).
    gin_race_lookahead: int = 5
    #: At a knock limit of 10, a hand's deadwood is valued on the undercut curve times
    #: this (`estimates.curved_deadwood`): each point below the limit is worth the
    #: undercut it may bring, not 1 (0: deadwood alone).
    undercut_curve: float = 1.0
    #: A hand's potential counts for 1 - this times the chance that the opponent goes
    #: out on its next draw (`Reading.hazard`; 0: the hazard is not read).
    hazard_scale: float = 4.0
    #: Take the discard only when it beats an average stock draw by this much.
    take_margin: float = -0.5

    # --- the belief ------------------------------------------------------------------
    #: Weight of an unseen card being in the opponent's hand next to a card it threw
    #: away, passed, took (`read_view`).
    discard_w: float = 0.5
    pass_w: float = 0.7
    take_w: float = 2.0
    #: Greedy improvement draws a sampled opponent hand plays per draw the opponent made
    #: (a hand dealt at random is far worse than one its owner has shaped), at most
    #: `improve_cap`.
    improve_scale: float = 2.5
    improve_cap: int = 16
    #: Replayed samples are drawn this many times over and resampled by how well a
    #: greedy player holding each explains the opponent's last `replay_depth` turns,
    #: each broken rule weighing `replay_miss` (`replay.replay_weight`).
    reply_pool: int = 8
    replay_depth: int = 1
    replay_miss: float = 0.02
    #: Against an opponent read as careful, the replayed weight of a hand it could have
    #: knocked with and did not is lifted from `replay_miss` towards 1 by this much: a
    #: careful player keeps such hands (0: the greedy rule whatever the style).
    careful_replay: float = 1.0
    #: The share of its chances to knock short of gin that a careful opponent plays on
    #: with, in the discards' reply and the hazard (0: it knocks with all of them).
    careful_plays_on: float = 0.9
    #: The belief that the opponent knocks at once below which it counts as careful: the
    #: careful weight is how far the belief is below this, scaled to 0-1.
    careful_from: float = 0.5

    # --- discards ----------------------------------------------------------------------
    #: Sampled opponent hands that judge what each close discard would save them.
    feed_samples: int = 16
    #: How many of the best discards are re-ranked by that feed.
    feed_candidates: int = 5
    #: Points a discard costs per point of deadwood it saves a sampled opponent.
    feed_weight: float = 0.5
    #: Against an opponent read as a greedy knocker, points a discard costs per unit
    #: chance that the opponent can meld it; the two measures are weighed by that
    #: belief above `eager_from`, scaled to 0-1.
    eager_danger: float = 3.5
    eager_from: float = 0.5
    #: Points per point the master would get from the opponent's greedy reply to a
    #: discard (its knock, or an undercut of it), over `reply_samples` replayed samples
    #: with `reply_scale` greedy draws per draw, for the `reply_candidates` best discards.
    reply_weight: float = 0.5
    reply_samples: int = 32
    reply_candidates: int = 5
    reply_scale: float = 0.5

    # --- knocks ------------------------------------------------------------------------
    #: Sampled opponent hands per knock decision.
    knock_samples: int = 48
    #: Replayed samples in each of the learned knock's two replayed sets.
    knock_replayed: int = 48
    #: While the stock lasts, knock when the learned fit's points for the knock beat
    #: those of playing on by this much.
    learned_knock_margin: float = 0.0
    #: At the end of the stock, game-win chance a knock must gain over a dead round.
    knock_margin: float = 0.01
    #: The learned fits (`data`): a knock's points and the points of playing on, against
    #: a greedy knocker and against a careful player that waits for gin; the two are
    #: blended by the belief that the opponent is careful and waits.
    knock_fit: tuple[float, ...] = KNOCK_FIT
    play_on_fit: tuple[float, ...] = PLAY_ON_FIT
    careful_knock_fit: tuple[float, ...] = CAREFUL_KNOCK_FIT
    careful_play_on_fit: tuple[float, ...] = CAREFUL_PLAY_ON_FIT

    #: Safety cap on one decision's sampling, in seconds: the number of samples is fixed
    #: (the moves depend on the seed only); on a slow machine the rest are skipped.
    budget: float = 0.4
