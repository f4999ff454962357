"""The experiments on the master since the sixth session, kept so that they can be run again.

    python scripts/master_variants.py OPPONENT RULES GAMES SEED VARIANT [VARIANT ...]

The same as `scripts/master_ab.py`, with the master replaced by `Variant`: the master as
it is unless one of the knobs below turns an experiment on. None of them alone won
against eaai (BENCHMARKS.md at 8789123, "Sixth session" and "Seventh session"); three of the
seventh session's together did in A/B runs (``potential_weight=1.5,reply_weight=0.5,
reply_scale=0.5,learned_knock=0.0``: +51 of 1,200 games against v6), and the eighth
session moved them into the master, where they are `MasterPlayer` knobs now (``v6:``
alone turns them off: `master_ab.NAMED`). The others are leads or dead ends measured,
not parts of the game.

- ``feed_meld_points=P``: a discard's feed is the share of the sampled opponent hands it
  makes a meld with (a set or a run, `eaai.makes_meld`), times P points, instead of the
  mean deadwood it would save them (the sampled hands are too good against eaai, so
  little is left to save and a near-certain feed looked cheap).
- ``replay_pool=N``: the feed samples are drawn N times over and resampled by how well a
  greedy player (takes only to meld, throws the card leaving the least deadwood, knocks
  at once) explains the opponent's last ``replay_depth`` turns (`replay.replay_weight`);
  their greedy improvement draws are ``replay_scale`` per draw the opponent made.
- ``knock_replay=N``: the play-outs' samples (the knock decision's, and those below) are
  drawn N times over and resampled the same way.
- ``play_on_knock=D``: in the knock decision's play-outs of playing on, the master goes
  out only at D deadwood or less (0: gin only), not as soon as it may.
- ``mc_candidates=K``: the K best discards are re-ranked by ``mc_samples`` play-outs of
  the rest of the round each (the same samples for all K), the master knocking in them
  only at ``mc_my_knock`` deadwood or less (0: gin only), the opponent at
  ``mc_opp_knock`` (None: as `MasterPlayer._opponent_knock_at` says, the knock limit
  against every opponent; forty-eighth session: the expert waits for gin).
- ``hazard_scale=K`` (eighth session): the weight of a hand's one-draw potential
  (`potential_weight`) is multiplied by 1 - K p, where p is the share of 32 replayed
  samples (0.5 greedy draws per draw) in which the opponent would knock on its next
  stock draw: a hand's promise counts for less when the opponent is about to go out.
  K 4: +14 and -7 on 400 games of seeds 2 and 3, +3 on the target's 1000 (seed 1).
  A knob of the master itself since the eighteenth session (v9: 4).
- ``reply_turns=K`` (ninth and eleventh sessions): the discards' reply (below) looks K
  turns ahead (`multi_turn_reply`): if the greedy opponent does not knock on its reply,
  the master is taken to draw the stock's top card and throw it (its hand unchanged), and
  the opponent takes that card if it melds, else draws, throws greedily and knocks if it
  can, until a knock, the dead stock or K turns; a knock's points count as the first
  turn's do (a feed that brings it within a draw of going out costs, a hand ready to
  undercut it gains). On the target's 1000 games (seed 1): K 2 +4 against v7 (in the
  ninth session's form, which ignored the master's throws and the dead stock), K 4 -5.
- ``game_knock_within=N`` (ninth session): when a round can end the game (either score
  within N points of the target), the learned knock weighs game-win chances, not points:
  the knock's outcomes against the master's own samples and greedy play-outs of playing
  on, each set `tilted` to the mean its fit predicts, each outcome worth its game-win
  chance (`gamevalue`). N 40 on the target's 1000 games (seed 1): 30% more knocks,
  -6 against v7.
- ``race_within=N,race_against=M,race_knock_bonus=B`` (eleventh session): when the
  master is within N points of the target or the opponent within M (times the
  multiplier), one round likely decides the game, so the master races: it knocks by
  simulation weighed by game-win chance (`_knock_choice` with ``learned_knock`` None:
  the knock against its own samples, playing on by greedy play-outs in which it goes out
  as soon as it may), and a draw that lets its hand go out is worth B more
  (``knock_bonus``). With ``race_knock=True`` it knocks whenever it may instead, with
  the least deadwood (at the master's knock chances against eaai, a knock won the round
  95-98% of the time with 12 or more cards in the stock, playing on 75-78%). On the
  target's 1000 games (seed 1), against v7: N 25, M 15, B 6 -10; knocking whenever it
  may at N 25, M 20 -32 (at N 25 alone -17, at M 20 alone -22): waiting for the
  undercut wins at game point too.
- ``replay_exact=D`` (tenth session): replayed samples are weighed by `exact_weight`,
  the replay of the last D turns summed over every card each stock draw may have been
  (`replay.replay_weight` guesses one). Depth 3 reads eaai's deadwood far better
  (correlation 0.79 against 0.64) and its feeds no better (AUC 0.79 against 0.78).
- ``careful_replay=W`` (thirty-sixth session, a `MasterPlayer` knob): against an
  opponent read as careful (`MasterPlayer._careful`), the replay's rule that a hand able
  to knock would have knocked is lifted by W (a careful player keeps such hands); with
  ``careful_replay_knock=False`` the learned knock's sample sets keep the greedy rule
  (its fits were learned on them). ``careful_plays_on=W``: against the same opponent the
  discards' reply and the hazard count its knocks short of gin for 1 - W times that
  belief.
- ``careful_early_from=L`` (thirty-eighth session, a `MasterPlayer` knob): the careful
  belief behind ``careful_replay`` and ``careful_plays_on`` fades from L cards in the
  stock up (to none at ``careful_early_to``): early in a round the expert knocks with
  most of its chances (`scripts/master_rounds.py`). L 20 with ``careful_plays_on=1.0``:
  127 of 200 against expert, as many as without it.
- ``danger_floor=W`` (thirty-seventh session): in rounds with knocking the danger
  formula (`MasterPlayer._danger`, at `eager_danger` points per unit) weighs at least W
  of a discard's feed, the sampled feed the rest, whatever the style belief says (the
  master weighs the formula by the belief that the opponent is a greedy knocker, so
  against a careful one not at all). Against expert the formula read the feeds better
  than the samples did (AUC 0.834 against 0.788, `master_belief.py`, thirty-sixth
  session).
- ``fits=NAME`` (tenth session): the learned knock's fits refitted by
  `scripts/master_knocks.py` (`FITS`; ``'x2'`` on the samples of ``replay_exact=2``).
  The two on the target's 1000 games (seed 1): -3 against v7.
- ``style_fits=NAME`` (twenty-third session): the fits ``NAME`` of `FITS` as the
  master's careful fits (`MasterPlayer.careful_knock_fit`, `careful_play_on_fit`),
  blended into its own by the belief that the opponent is careful, from a belief that
  it knocks at once below `careful_from` (0.5) down; with ``careful_until_knocks=N``
  only until the opponent has ended N of the game's rounds by a knock. The twenty-fourth
  session weighed them also by the belief that the opponent waits for gin rather than
  knocking when it looks safe (``careful_waits=True``, `KnockStyle.waits`) and made
  ``'g0'`` so weighed the master's own (v10: `CAREFUL_KNOCK_FIT`); ``v9:`` turns them off.
- ``next_discard=W`` (twelfth session): a hand's potential (`MasterPlayer._potential`)
  also counts the opponent's next discard, which the master may take at its next draw:
  W times the expected gain of taking it over a stock draw, when that is higher, over
  the greedy throws of `next_discard_samples` replayed samples after a stock draw
  (`_likely_discards`). A greedy opponent throws its highest loose cards, so a high pair
  is closer to a meld than the stock alone says. W 1 on the target's 1000 games (seed
  1): -17 against v7 (the master kept high cards and undercut eaai less often).
- ``undercut_curve=L`` (twelfth session): in rounds with a knock limit of 10, a hand's
  cost is its deadwood plus L times `UNDERCUT_BONUS`, what each deadwood of 0-10 is
  worth at a greedy opponent's knock (an undercut's chance makes each point below the
  limit worth 2-5, not 1); its one-draw gain is counted on that cost too. On the
  target's 1000 games (seed 1), against v7: L 0.5 +6, L 1 +11, L 2 +4, L 3 -5; L 1 on
  400 games of seed 2: -3. Flat. A knob of the master itself since the eighteenth
  session (v9: 1; v9 is v8 with this, ``hazard_scale=4.0`` and ``style_shown=True``).
- ``reply_gain=G``, ``reply_base=C`` (thirteenth session): the discards' reply weighs an
  undercut it sets up (the master's points from the opponent's knock, when positive) by
  G instead of `reply_weight`, and counts a knock that ends the round at C points less
  than it is worth to the master (the round's continuation, which the master would have
  played on to win, is lost). On the target's 1000 games (seed 1), against v7: G 1 -7,
  C 5 -6.
- ``feed_ready=K`` (thirteenth session): a discard's feed (`_feeds`) is multiplied by
  1 + K (d - 10) / 10 (at least 0), d the deadwood of the hand the discard leaves: a
  feed costs more when the master is far from undercutting the knock it brings nearer.
  Re-ranking the three best discards by it on `master_regret.py`'s play-outs (K 0.5 to
  2): +0.02 to +0.06 points a decision, within ± 0.16 to 0.22; not run in games.
- ``layoff_weight=W`` (thirteenth session): the `reply_candidates` best discards each
  gain W times the mean deadwood the hand left would lay off on the melds of
  ``layoff_samples`` replayed opponent hands (what the master's cards are worth at the
  opponent's knock, beyond their deadwood). W 0.5 on the target's 1000 games (seed 1,
  sixteenth session): 795, +1 against v8, and half again as slow (53 ms a decision).
- ``style_prior=L`` (fifteenth session): the style belief starts at log-odds L (0: even),
  so an opponent not yet read gets part of the danger formula from the first round; with
  ``style_shown=True`` a careful opponent is read as such at the master's first go-out
  that shows a hand within the knock limit. L 1.1 (a belief of 0.75) with
  ``style_shown=True`` on the target's 1000 games (sixteenth session): 797, +3 against v8.
- ``stakes=C`` (twenty-first session): the discards' feed costs (the danger formula and
  the sampled feed) are multiplied by what a point of the opponent's is worth against
  one of the master's at the game's score, and the reply's knocks are counted by the
  game-win chance they bring or cost (`Stakes`, its ratio clipped to 1/C..C): early in a
  game the ratio is about 1, with the opponent one knock from the target 2-4, with the
  master that close 0.4-0.7. C 4 against v9: +12 on the target's 1000 games (seed 1),
  -8 on seed 1801503868's; flat.
- ``early_knock=S,early_knock_dw=D`` (thirty-third session): with S or more cards in
  the stock the master knocks whenever it may with D deadwood or less (the least it can),
  whatever the learned rule says. Against the refitted expert a knock at 24-29 cards won
  the round 86% of the time for +11.6 points a chance, playing on +4.2
  (`master_knocks.py expert Standard 1500`, thirty-second session), where the master
  knocked at 99 of 5,238 chances.
- ``knock_replay_depth=D`` (forty-first session): the learned knock's replayed sample
  sets replay the opponent's last D turns, whatever ``replay_depth`` says for the
  discards' reply and the hazard: the knock's fits were learned on samples replayed one
  turn deep. Replayed two turns deep, the samples read the expert's hand better
  (`master_belief.py expert Standard 40 careful=1.0 replay_depth=2`: deadwood
  correlation 0.840 against 0.807, feeds AUC 0.838 against 0.826, the replies that go
  out at once AUC 0.913 against 0.899); replayed so everywhere (``replay_depth=2``) they
  made the master knock more (208 knocks in 200 games against 167), and it won 110 of the
  benchmark's first 200 games against expert, v11 120; with the knock's kept one turn
  deep (``knock_replay_depth=1``) 113.
- ``knock_lookahead=K`` (forty-second session): in rounds with knocking too, the K
  best discards are re-ranked by what the next draw can make of each
  (`MasterPlayer._value_after_draw`), as `gin_race_lookahead` does in gin-only rounds.
  The expert went gin twice as often as it knocked against v11 (91 gins, 46 knocks in
  300 one-round deals): a race to gin, where the look-ahead helped under Straight gin.
  K 5 won 123 of the benchmark's first 200 games against expert and 170 of the next
  300, 293 of 500 as v11 did.
- ``hazard_plays_on=W`` (forty-second session): the hazard (`MasterPlayer._hazard`)
  counts a careful opponent's knocks short of gin for 1 - W times the careful belief,
  whatever `careful_plays_on` says for the discards' reply (v11 counts both at 0.1
  against expert, which knocked with 83% of its chances with 28 or more cards in the
  stock and won 46 of 300 one-round deals by a knock, at 22.5 cards on average).
  W 0 won 119 of the benchmark's first 200 games against expert, v11 120.
- ``reply_gin=G`` (forty-third session): in the discards' reply a sampled opponent that
  goes gin on it counts G times (its knocks as before). Seeing the expert's hand in the
  reply alone would win 160 of 200 games (`master_oracle.py`'s ``y``), and what it
  avoids is the gin feeds (`scripts/master_reply.py`: 4 in 1,637 discards of 200
  deals, against the master's 20). G 2 took them to 14 at +162 points of the master's own
  value given up, where the reply weighed 1.0 (``reply_weight``) took them to 13 at
  +172 and more samples (``reply_samples=256``) to 17 at -28; 256 samples won 124 of
  the benchmark's first 200 games against expert (v11 120), 256 weighed 0.8 118.
- ``replay_habits=S`` (forty-fourth session): replayed samples are weighed by how likely
  a player of the expert's habits was to play the opponent's last ``replay_depth``
  turns (`opponent_habits.habit_weight`, `EXPERT_HABITS`: its takes by meld and
  saving, its throws by how far from the least deadwood, its playing on by the stock),
  not by a greedy player's rules; S 1 for the discards' reply and the hazard, 2 for the
  knock's samples too. Against expert it read the replayed hands' deadwood a little
  better (correlation 0.837 against 0.806) and which card would let the true hand go
  gin (AUC 0.873 against 0.833); S 1 won 115 of the benchmark's first 200 games, S 2
  118, v11 120.
- ``reply_window=X,reply_window_weight=W`` (forty-fifth session): the discards whose own
  score is within X of the best weigh the reply W, the others `reply_weight` (avoiding
  a feed should cost the master's hand little). One step against expert
  (`scripts/master_reply.py`, 200 deals, v11 20 gin feeds): X 1, W 2 16 gin feeds at
  +526 points of own value given up; X 3, W 1 14 at +187; X 2, W 2 with no credit for
  an undercut the reply sets up (``reply_gain=0.0``) 20 at +574. Worse than the reply
  weighed 1.0 everywhere (13 at +172), which lost games; not run in games.
- ``last_reply=F`` (forty-fifth session): with one card above the dead stock (the
  opponent's stock draw ends the round unless it goes out) every legal discard is ranked
  by F times its own score less its mean reply on ``last_reply_samples`` replayed
  samples: the hand's promise is worth next to nothing by then, the reply nearly all.
  F 0 to 0.3 changed 2-3 of 1,637 discards of 200 deals against expert (one gin feed
  fewer); not run in games.
- ``reply_late=S,reply_late_weight=W`` (forty-sixth session): below S cards in the
  stock the discards' reply weighs more, in a straight line from `reply_weight` to W
  with one card above the dead stock. Late in a round the master's hand is worth less
  (a dead hand scores nothing) and a gin fed costs as much: two of the master's 20 gin
  feeds in 200 deals against expert were of cards nearly every sample went gin on,
  with 6 and 3 cards in the stock (forty-fifth session).
- ``reply_gin_sure=T,reply_gin_sure_weight=W`` (forty-fifth session): a candidate that
  T or more of the reply's samples go gin on counts those gins W times (``reply_gin``
  counts every sampled gin so). Of the master's 20 gin feeds in 200 deals against
  expert, 4 were of cards 41-100% of fresh samples went gin on, 8 of 15-34% and 8 of
  under 15% (a `/tmp` probe). T 0.4, W 3: 18 gin feeds at +65 own value given up; T 0.2,
  W 3: 13 at +176, where the reply weighed 1.0 made 13 at +172: the same trade. Not run
  in games.
- ``safe_reserve=W,safe_reserve_below=S`` (forty-seventh session): with fewer than S
  cards in the stock, each of the `reply_candidates` best discards costs W points per
  unit of the danger formula (`MasterPlayer._danger`) of the safest loose card of the
  hand it leaves: a hand with no safe throw left feeds at its next turns whatever the
  reply then says (of v11's 20 gin feeds in 200 deals against expert, 4 were seen and
  thrown anyway, the hand kept being worth 14-27 points more).
- ``knock_hazard=K`` (forty-seventh session): the learned knock's points of playing on
  lose K times the hazard (`Reading.hazard`, the share of replayed samples that go out
  on their next stock draw) times the gin bonus and the deadwood the master keeps: the
  play-on fit (stock and deadwood kept) does not see how close the opponent is, and
  the expert's gins cost the master more than its knocks do.
- ``race_loose=L`` (forty-eighth session): in rounds with the undercut curve a hand's
  value (not only its one-draw gain, as ``loose_cost`` has it there) counts L points per
  loose card on top of its curved deadwood (`race_cost`): against the expert, which
  reads the master as a waiter and races it to gin, a hand with fewer loose cards is
  closer to gin, as `gin_race_loose_cost` says under Straight gin.
- ``feed_tau=T`` (fortieth session): a discard's sampled feed counts the deadwood it
  saves a sampled opponent on the scale T (1 - exp(-d / T)) (`Variant._saving`):
  a point saved near gin counts for 1, one at T deadwood for 0.37. A careful opponent
  wins by going out, so what a card does to a hand far from it matters little.
- Knobs of the master itself (thirteenth session, on the target's 1000 games): the
  sampled feed weighed 0.2 (``feed_weight=0.2``) won 802 (+24), and the danger formula
  at 3.5 for the sampled feeds (``feed_samples=0,danger_weight=3.5``) 806 (+28), +8 on
  1,200 games of seeds 2-4, but against expert (Standard, 500 games) 371 against v7's
  400: the sampled feeds read a careful player's hand, the formula does not.
- Knobs of the master itself (fourteenth session): ``eager_danger=D,eager_from=F``, the
  formula at D for the sampled feed weighed by the belief that the opponent knocks as
  soon as it may (`style.KnockStyle`, read from how it ended the game's rounds), from a
  belief of F up. On the target's 1000 games (seed 1): F 0 801 (+23 against v7); F 0.5
  on 1,200 fresh games (seeds 2-4) 966 against v7's 934; against expert (Standard, 500
  games) 389 / 391 against v7's 400. The master is v8 with D 3.5, F 0.5 since then
  (``v7:`` has D None).
- In the master since the eighth session (``v6:`` has them off): ``reply_weight=W``,
  the ``reply_candidates`` best discards re-ranked by the opponent's greedy reply
  (`replay.greedy_reply`) on ``reply_samples`` replayed samples (``reply_pool`` times
  over, ``reply_scale`` greedy draws per draw), W times the mean points the master
  would get from a knock on that reply (an undercut counts for it) coming off the
  discard's score; and ``learned_knock=M``, the knock decided by linear fits learned
  against eaai by `scripts/master_knocks.py` (`master.KNOCK_FIT`, `master.PLAY_ON_FIT`),
  knocking when the knock beats playing on by M points (None: by simulation).

Examples (a run of the sixth session's, and the eighth session's check of the master):

    python scripts/master_variants.py eaai EAAI 400 1 'v6:' 'sh15:feed_meld_points=15.0'
    python scripts/master_variants.py eaai EAAI 400 4 'v6:' 'v7:'
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

import master_ab  # next to this script (the script's folder is first on sys.path)
from opponent_habits import habit_weight

from ginrummy.core.cards import Card
from ginrummy.core.melds import best_melding_mask, min_deadwood_mask, min_unmelded_cost_mask
from ginrummy.core.round import Phase, PlayerView
from ginrummy.core.rules import Rules
from ginrummy.players.eaai import makes_meld
from ginrummy.players.estimates import bits, curved_deadwood
from ginrummy.players.expert import Advice
from ginrummy.players.fastsim import VALUE, best_discard, layoff_deadwood, showdown_points
from ginrummy.players.gamevalue import GameValue
from ginrummy.players.master import (
    CAREFUL_KNOCK_FIT,
    CAREFUL_PLAY_ON_FIT,
    MasterPlayer,
    Reading,
    _best_swap,
    read_view,
)
from ginrummy.players.replay import DISCARD, DRAW, TAKE, SampleSets, Turn


@dataclass(frozen=True, slots=True)
class Stakes:
    """What points are worth at one score (``stakes``): a round's points for either
    player in the game-win chance they bring or cost, in points of the master's. A point
    of the opponent's is worth `ratio` of the master's (about 1 early in a game, far from
    it when one round can end the game). ``gain`` / ``loss``: the chance a point of the
    master's / the opponent's is worth here, over a typical round won by either
    (`GAIN_POINTS`, `LOSS_POINTS`: an undercut or a gin, a knock that stands)."""

    #: The game-win chance after a round worth so many points to the master (negative:
    #: to the opponent): `MasterPlayer._worth` at these scores.
    worth: Callable[[float], float]
    here: float
    gain: float
    loss: float
    ratio: float

    GAIN_POINTS = 20
    LOSS_POINTS = 12

    @classmethod
    def at(cls, value: GameValue, mine: int, theirs: int, multiplier: int, clip: float) -> Stakes:
        """The stakes at these scores, `ratio` clipped to ``1 / clip``..``clip``."""
        worth = partial(MasterPlayer._worth, value, mine, theirs, multiplier)
        here = worth(0)
        gain = (worth(cls.GAIN_POINTS) - here) / cls.GAIN_POINTS
        loss = (here - worth(-cls.LOSS_POINTS)) / cls.LOSS_POINTS
        ratio = min(clip, max(1.0 / clip, loss / gain)) if gain > 1e-9 and loss > 1e-9 else 1.0
        return cls(worth, here, gain, loss, ratio)

    def points(self, pts: float) -> float:
        """A round worth ``pts`` to the master (negative: to the opponent) in points of
        the master's: a gain by the chance it brings over what a point of the master's is
        worth here, a loss by the chance it costs over what one of the opponent's is
        worth, times `ratio`."""
        if not pts:
            return 0.0
        delta = self.worth(pts) - self.here
        if pts > 0:
            return delta / self.gain if self.gain > 1e-9 else pts
        return self.ratio * delta / self.loss if self.loss > 1e-9 else pts * self.ratio


#: Refits of the learned knock (`master_knocks.py`), by name: (knock fit, play-on fit).
FITS: dict[str, tuple[tuple[float, ...], tuple[float, ...]]] = {
    # MASTER=x2:replay_exact=2 python scripts/master_knocks.py eaai EAAI 3000
    "x2": (
        (15.4559, -0.2047, 0.9935, -0.0678, -13.4191, 11.3141, -0.1776, -0.4609, -0.8003, -1.1998),
        (29.8710, 0.2904, -2.1789),
    ),
    # python scripts/style_probe.py's eaai0 (gin only) through master_knocks.py, 500
    # rounds (twenty-second session): early knocks pay against a player that never knocks
    "g0": (CAREFUL_KNOCK_FIT, CAREFUL_PLAY_ON_FIT),
    # the expert with the refitted knock model (thirty-second session), playing on also
    # from the kept hand's one-draw gain (`python scripts/master_knocks.py expert
    # Standard 1500`: the knock fit over all rounds, and the play-on fit printed under
    # "playing on also from gain"; +1.15 points a round at margin 6 on held-out deals)
    "ex": (
        (83.8093, -0.6261, 0.7432, 0.1584, -17.9705, 12.8530, -1.5495, -1.8439, -4.7067, -2.6312),
        (0.0543, 0.4235, -2.4207, 2.9188),
    ),
}


class Variant(MasterPlayer):
    """The master with the experiments above as knobs (all off: the master as it is)."""

    feed_meld_points = 0.0
    replay_pool = 0
    replay_scale = 0.0
    knock_replay = 0
    play_on_knock: int | None = None
    mc_candidates = 0
    mc_samples = 24
    mc_my_knock = 0
    mc_opp_knock: int | None = None
    reply_turns = 1
    race_within: int | None = None
    race_against = 0
    race_knock_bonus = 0.0
    race_knock = False
    game_knock_within: int | None = None
    replay_exact = 0
    fits = ""
    style_fits = ""
    next_discard = 0.0
    next_discard_samples = 32
    reply_gain: float | None = None
    reply_base = 0.0
    feed_ready = 0.0
    layoff_weight = 0.0
    layoff_samples = 32
    style_prior = 0.0
    stakes = 0.0
    early_knock: int | None = None
    early_knock_dw = 10
    danger_floor = 0.0
    careful_replay_knock = True
    knock_replay_depth: int | None = None
    feed_tau = 0.0
    knock_lookahead = 0
    hazard_plays_on: float | None = None
    reply_gin = 1.0
    replay_habits = 0
    reply_window: float | None = None
    reply_window_weight = 2.0
    last_reply: float | None = None
    last_reply_samples = 64
    reply_gin_sure: float | None = None
    reply_gin_sure_weight = 3.0
    reply_late: int | None = None
    reply_late_weight = 1.0
    safe_reserve = 0.0
    safe_reserve_below = 99
    knock_hazard = 0.0
    race_loose = 0

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.style.log_odds = self.style_prior
        #: The opponent's likely next discards for this decision: {card bit: chance}.
        self._likely: dict[int, float] = {}
        #: The 11-card hand whose discards are being scored (for ``feed_ready``).
        self._hand11 = 0
        if self.fits:
            self.knock_fit, self.play_on_fit = FITS[self.fits]
        if self.style_fits:
            self.careful_knock_fit, self.careful_play_on_fit = FITS[self.style_fits]
        #: For ``stakes``, while a discard is scored.
        self._stake: Stakes | None = None
        #: For ``replay_habits``: whether the replayed samples are weighed by the habits
        #: now (everywhere at 2), and the stock of the reading they are drawn for.
        self._habits_on = self.replay_habits >= 2
        self._stock_now = 0
        #: For ``reply_gin_sure``, while the reply re-ranks: per candidate card, the
        #: samples replied to, those that went gin on it and the points those gins cost.
        self._gin_tally: dict[int, list[float]] | None = None

    def _knock_sample_sets(
        self, view: PlayerView, reading: Reading, rng: random.Random, deadline: float
    ) -> SampleSets:
        lifted, depth = self.careful_replay, self.replay_depth
        if not self.careful_replay_knock:
            self.careful_replay = 0.0
        if self.knock_replay_depth is not None:
            self.replay_depth = self.knock_replay_depth
        try:
            return super()._knock_sample_sets(view, reading, rng, deadline)
        finally:
            self.careful_replay, self.replay_depth = lifted, depth

    def _replay_weight(
        self,
        hand: int,
        turns: tuple[Turn, ...],
        limit: int,
        rng: random.Random,
        knock_miss: float | None,
    ) -> float:
        if self._habits_on:
            careful = self._careful_at(self._stock_now)
            depth, stock = self.replay_depth, self._stock_now
            return habit_weight(hand, turns, limit, rng, depth, stock, careful=careful)
        if not self.replay_exact:
            return super()._replay_weight(hand, turns, limit, rng, knock_miss)
        return exact_weight(hand, turns, limit, self.replay_exact, self.replay_miss)

    def _replayed(
        self, reading: Reading, rng: random.Random, n: int, limit: int, pool: int, scale: float
    ) -> list[tuple[int, list[int]]]:
        self._stock_now = reading.stock
        return super()._replayed(reading, rng, n, limit, pool, scale)

    def _reply_rerank(
        self,
        view: PlayerView,
        out: list[tuple[float, int]],
        hand11: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        sure = self.reply_gin_sure is not None
        self._gin_tally = {} if sure else None
        late = self._late_reply_weight(view)
        try:
            if late is not None:
                self.reply_weight = late
            with self._habits(1):
                ranked = super()._reply_rerank(view, out, hand11, reading, rng)
            if sure:
                ranked = self._sure_gins(ranked)
        finally:
            self._gin_tally = None
            if late is not None:
                del self.reply_weight  # the class's weight again
        x, w = self.reply_window, self.reply_weight if late is None else late
        if x is None or not w:
            return ranked
        # Each candidate's own score and mean reply points (its score less the one the
        # reply gave it, over the reply's weight); within ``x`` of the best own score the
        # reply weighs ``reply_window_weight``.
        own = {b: sc for sc, b in out[: self.reply_candidates]}
        best = min(own.values())
        weight = self.reply_window_weight
        head = []
        for sc, b in ranked[: self.reply_candidates]:
            if own[b] <= best + x:
                sc = own[b] - weight * (own[b] - sc) / w
            head.append((sc, b))
        return sorted(head) + ranked[self.reply_candidates :]

    def _late_reply_weight(self, view: PlayerView) -> float | None:
        """``reply_late=S``: the reply's weight for this decision, from `reply_weight`
        with S or more cards in the stock up to `reply_late_weight` with one card above
        the dead stock, in a straight line (None: the knob is off or the stock is high)."""
        s = self.reply_late
        if s is None or view.stock_size >= s:
            return None
        last = view.rules.dead_stock + 1
        t = min(1.0, (s - view.stock_size) / max(1, s - last))
        return self.reply_weight + t * (self.reply_late_weight - self.reply_weight)

    def _sure_gins(self, ranked: list[tuple[float, int]]) -> list[tuple[float, int]]:
        """``reply_gin_sure=T``: the candidates that at least T of the reply's samples go
        gin on count those gins ``reply_gin_sure_weight`` times (`_gin_tally`)."""
        tally = self._gin_tally or {}
        t, extra = self.reply_gin_sure or 0.0, self.reply_gin_sure_weight - 1.0
        k = self.reply_candidates
        head = []
        for sc, b in ranked[:k]:
            n, gins, points = tally.get(b, (0.0, 0.0, 0.0))
            if n and gins / n >= t:
                sc -= extra * self.reply_weight * points / n
            head.append((sc, b))
        return sorted(head) + ranked[k:]

    def _hazard(self, view: PlayerView, reading: Reading) -> float:
        with self._habits(1):
            return super()._hazard(view, reading)

    @contextmanager
    def _habits(self, scope: int) -> Iterator[None]:
        """Weigh the replayed samples by the habits (``replay_habits``) within this block
        if the knob reaches ``scope``."""
        before = self._habits_on
        self._habits_on = before or self.replay_habits >= scope
        try:
            yield
        finally:
            self._habits_on = before

    def advise(self, view: PlayerView) -> Advice:
        if not self.next_discard or not view.knock_limit or view.phase is Phase.FIRST_UPCARD:
            return self._advise_race(view)
        if view.stock_size <= view.rules.dead_stock + 1:
            return self._advise_race(view)
        self._likely = self._likely_discards(view)
        try:
            return self._advise_race(view)
        finally:
            self._likely = {}

    def _likely_discards(self, view: PlayerView) -> dict[int, float]:
        """The chance of each card being the opponent's next discard: a greedy player's
        throw after a stock draw on `next_discard_samples` replayed samples (none when it
        would knock instead)."""
        limit = view.knock_limit
        reading = read_view(view, self.discard_w, self.pass_w, self.take_w)
        rng = random.Random(f"next:{self.seed}:{view.round_number}:{len(view.history)}")
        n = self.next_discard_samples
        worlds = self._replayed(reading, rng, n, limit, self.reply_pool, self.reply_scale)
        counts: dict[int, int] = {}
        for opp, stock in worlds:
            if not stock:
                continue
            dw, e = best_discard(opp | stock[-1], 0)
            if dw > limit:
                counts[e] = counts.get(e, 0) + 1
        total = len(worlds) or 1
        return {e: k / total for e, k in counts.items()}

    def _potential(
        self, hand: int, reading: Reading, knock_limit: int, stock_gain: float | None = None
    ) -> float:
        g = super()._potential(hand, reading, knock_limit, stock_gain)
        if not self._likely:
            return g
        cost = self._cost_of(knock_limit)
        base = cost(hand)
        if base == 0:
            return g
        hb = bits(hand)
        extra = 0.0
        for e, p in self._likely.items():
            if e & hand:
                continue
            best = min(base, _best_swap(hand | e, hb, cost)[0])
            take = base - best + (self.gin_draw_bonus if best == 0 else 0.0)
            if take > g:
                extra += p * (take - g)
        return g + self.next_discard * extra

    def _advise_race(self, view: PlayerView) -> Advice:
        if not self._racing(view):
            return super().advise(view)
        self.learned_knock = None
        self.knock_bonus = self.race_knock_bonus
        try:
            return super().advise(view)
        finally:
            del self.learned_knock, self.knock_bonus

    def _knock_choice(
        self,
        view: PlayerView,
        reading: Reading,
        hand: int,
        outs: list[tuple[int, int]],
        discard: int,
    ) -> int:
        if self.race_knock and self._racing(view):
            return outs[0][1]
        early = self.early_knock
        if early is not None and view.stock_size >= early and outs[0][0] <= self.early_knock_dw:
            return outs[0][1]
        return super()._knock_choice(view, reading, hand, outs, discard)

    def _racing(self, view: PlayerView) -> bool:
        """Whether one round likely decides the game (`race_within`, `race_against`)."""
        if self.race_within is None or not view.knock_limit:
            return False
        gv, mine, theirs, mult = self._stakes(view)
        return (
            gv.target - mine <= self.race_within * mult
            or gv.target - theirs <= self.race_against * mult
        )

    def _opponent_hands(
        self, reading: Reading, rng: random.Random, n: int, limit: int
    ) -> list[int]:
        if not self.replay_pool:
            return super()._opponent_hands(reading, rng, n, limit)
        worlds = self._replayed(reading, rng, n, limit, self.replay_pool, self.replay_scale)
        return [h for h, _s in worlds]

    def _feeds(
        self, cards: list[int], reading: Reading, rng: random.Random, limit: int
    ) -> list[float]:
        if not self.feed_meld_points:
            feeds = super()._feeds(cards, reading, rng, limit)
            if not self.feed_ready or not self._hand11:
                return feeds
            k = self.feed_ready
            dws = [min_deadwood_mask(self._hand11 ^ c) for c in cards]
            scale = [max(0.0, 1.0 + k * (dw - 10) / 10) for dw in dws]
            return [f * m for f, m in zip(feeds, scale, strict=True)]
        hands = self._opponent_hands(reading, rng, self.feed_samples, limit)
        n = len(hands) or 1
        return [
            self.feed_meld_points * sum(makes_meld(h, Card.from_bit(c)) for h in hands) / n
            for c in cards
        ]

    def _saving(self, base: int, after: int) -> float:
        """``feed_tau=T``: what a card saves a sampled opponent counted on the scale
        G(d) = T (1 - exp(-d / T)): a point saved near gin counts for 1, one at T deadwood
        for 0.37, at 2T for 0.14 (a careful opponent wins by going out; the points of a
        hand far from it matter little)."""
        t = self.feed_tau
        if not t or after >= base:
            return super()._saving(base, after)
        return t * (math.exp(-after / t) - math.exp(-base / t))

    def _reply_points(
        self,
        opp: int,
        stock: list[int],
        mine: int,
        card: int,
        limit: int,
        rules: Rules,
        share: float,
    ) -> float:
        if self.reply_turns < 2:
            pts: float = super()._reply_points(opp, stock, mine, card, limit, rules, share)
        else:
            knobs = (limit, rules.dead_stock, rules.gin_bonus, rules.undercut_bonus)
            pts = multi_turn_reply(opp, stock, mine, card, knobs, self.reply_turns, share)
        if pts < 0 and self.reply_gin != 1.0 and gins_on_reply(opp, stock, card):
            pts *= self.reply_gin
        if self._gin_tally is not None:
            counts = self._gin_tally.setdefault(card, [0.0, 0.0, 0.0])
            counts[0] += 1
            if pts < 0 and gins_on_reply(opp, stock, card):
                counts[1] += 1
                counts[2] += pts
        if pts and self._stake is not None:
            pts = self._stake.points(pts)
        if not pts or (self.reply_base == 0.0 and self.reply_gain is None):
            return pts
        pts -= self.reply_base
        if pts > 0 and self.reply_gain is not None and self.reply_weight:
            pts *= self.reply_gain / self.reply_weight
        return pts

    def _hazard_share(self, stock: int) -> float:
        if self.hazard_plays_on is None:
            return super()._hazard_share(stock)
        return 1.0 - self.hazard_plays_on * self._careful_at(stock)

    def _cost_of(self, knock_limit: int) -> Callable[[int], float]:
        if self.race_loose and self._curve_applies(knock_limit):
            return partial(race_cost, self.undercut_curve, self.race_loose)
        return super()._cost_of(knock_limit)

    def _lookahead(self, knock_limit: int) -> int:
        if knock_limit and self.knock_lookahead:
            return self.knock_lookahead
        return super()._lookahead(knock_limit)

    def _feed_weights(self, knock_limit: int) -> tuple[float, float]:
        formula, feed = super()._feed_weights(knock_limit)
        danger = self.eager_danger
        if self.danger_floor and knock_limit and danger and feed:
            eager = formula / danger  # the formula's share as the master weighs it
            if eager < self.danger_floor:
                feed *= (1.0 - self.danger_floor) / (1.0 - eager)
                formula = self.danger_floor * danger
        if self._stake is None:
            return formula, feed
        return formula * self._stake.ratio, feed * self._stake.ratio

    def _knock_beats(
        self,
        view: PlayerView,
        reading: Reading,
        hand: int,
        card: int,
        knock_points: float,
        discard: int,
        play_points: float,
    ) -> bool:
        if self.knock_hazard and reading.hazard:
            # Playing on loses what the opponent's going out next would cost: a gin's
            # bonus and the deadwood kept, at the chance it does.
            kept = min_deadwood_mask(hand ^ discard)
            play_points -= self.knock_hazard * reading.hazard * (view.rules.gin_bonus + kept)
        gv, mine, theirs, mult = self._stakes(view)
        within = self.game_knock_within
        if within is None or gv.target - max(mine, theirs) > within * mult:
            return super()._knock_beats(
                view, reading, hand, card, knock_points, discard, play_points
            )
        rules = view.rules
        rng = random.Random(f"game-knock:{self.seed}:{view.round_number}:{len(view.history)}")
        deadline = time.perf_counter() + self.budget
        knocked = hand ^ card
        after = hand ^ discard
        knocks: list[int] = []
        plays: list[int] = []
        for opp, stock in self._knock_samples(view, reading, rng, self.knock_samples):
            if knocks and time.perf_counter() > deadline:
                break
            knocks.append(showdown_points(knocked, opp, rules.gin_bonus, rules.undercut_bonus))
            plays.append(self._play_on(view, opp, after, stock, discard, view.knock_limit))
        if not knocks:
            return super()._knock_beats(
                view, reading, hand, card, knock_points, discard, play_points
            )
        worth = partial(self._worth, gv, mine, theirs, mult)
        return game_value(knocks, knock_points, worth) > game_value(plays, play_points, worth)

    def _layoff_rerank(
        self, view: PlayerView, out: list[tuple[float, int]], hand11: int, reading: Reading
    ) -> list[tuple[float, int]]:
        """The `reply_candidates` best discards, each less `layoff_weight` times the mean
        deadwood the hand left would lay off on the melds of `layoff_samples` replayed
        opponent hands (drawn with a random stream of their own, so that the master's
        other samples stay as they are)."""
        limit = view.knock_limit
        rng = random.Random(f"layoff:{self.seed}:{view.round_number}:{len(view.history)}")
        worlds = self._replayed(
            reading, rng, self.layoff_samples, limit, self.reply_pool, self.reply_scale
        )
        melds = [best_melding_mask(o)[0] for o, _s in worlds]
        head = out[: self.reply_candidates]
        rescored = []
        for sc, c in head:
            mine = hand11 ^ c
            dw = min_deadwood_mask(mine)
            saved = sum(dw - layoff_deadwood(mine, m) for m in melds) / (len(melds) or 1)
            rescored.append((sc - self.layoff_weight * saved, c))
        return sorted(rescored) + out[self.reply_candidates :]

    # --- play-outs ------------------------------------------------------------------
    def _knock_samples(
        self, view: PlayerView, reading: Reading, rng: random.Random, n: int
    ) -> Iterator[tuple[int, list[int]]]:
        if not self.knock_replay:
            yield from super()._knock_samples(view, reading, rng, n)
            return
        size = view.stock_size
        limit = view.knock_limit
        for h, s in self._replayed(reading, rng, n, limit, self.knock_replay, self.replay_scale):
            yield h, (s[len(s) - size :] if size else [])

    def _play_on(
        self,
        view: PlayerView,
        opp: int,
        mine: int,
        stock: list[int],
        top: int,
        my_knock: int,
        opp_knock: int | None = None,
    ) -> int:
        if self.play_on_knock is not None and my_knock == view.knock_limit:
            my_knock = self.play_on_knock
        return super()._play_on(view, opp, mine, stock, top, my_knock, opp_knock)

    def _discard_scores(
        self,
        view: PlayerView,
        hand11: int,
        banned: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        self._hand11 = hand11
        if self.stakes and view.knock_limit:
            self._stake = Stakes.at(*self._stakes(view), self.stakes)
        try:
            out = super()._discard_scores(view, hand11, banned, reading, rng)
        finally:
            self._hand11 = 0
            self._stake = None
        if self.layoff_weight and view.knock_limit and len(out) > 1:
            out = self._layoff_rerank(view, out, hand11, reading)
        reserve = self.safe_reserve and view.stock_size < self.safe_reserve_below
        if reserve and view.knock_limit and len(out) > 1:
            out = self._reserve_rerank(out, hand11, reading)
        last = view.stock_size == view.rules.dead_stock + 1
        if self.last_reply is not None and last and view.knock_limit and len(out) > 1:
            out = self._last_reply(view, out, hand11, reading, rng)
        k = self.mc_candidates
        if k < 2 or len(out) < 2 or not view.knock_limit:
            return out
        if view.stock_size <= view.rules.dead_stock + 1:
            return out
        gv, mine, theirs, mult = self._stakes(view)
        head = [b for _s, b in out[:k]]
        sums = [0.0] * len(head)
        for opp, rest in self._knock_samples(view, reading, rng, self.mc_samples):
            for j, b in enumerate(head):
                pts = self._play_on(
                    view, opp, hand11 ^ b, rest, b, self.mc_my_knock, self.mc_opp_knock
                )
                sums[j] += self._worth(gv, mine, theirs, mult, pts)
        best = max(range(len(head)), key=lambda j: sums[j])
        if best:
            first = out[best]
            out = [first] + [o for o in out if o is not first]
        return out

    def _reserve_rerank(
        self, out: list[tuple[float, int]], hand11: int, reading: Reading
    ) -> list[tuple[float, int]]:
        """``safe_reserve=W``: the `reply_candidates` best discards each cost W points
        per unit of the danger formula (`_danger`) of the safest loose card of the hand
        it leaves: a hand whose every loose card the opponent may meld has no safe throw
        at its next turns."""
        k = self.reply_candidates
        head = [
            (sc + self.safe_reserve * reserve_risk(hand11 ^ b, reading, self._danger), b)
            for sc, b in out[:k]
        ]
        return sorted(head) + out[k:]

    def _last_reply(
        self,
        view: PlayerView,
        out: list[tuple[float, int]],
        hand11: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        """``last_reply=F``: every legal discard re-ranked by the opponent's reply on
        `last_reply_samples` replayed samples, its own score counting F times: a stock
        draw by the opponent ends the round unless it goes out, so what the master's hand
        may still become is nearly worth nothing, and the reply is nearly all."""
        cards = [c for _sc, c in out]
        sums, n = self._reply_sums(view, cards, hand11, reading, rng, self.last_reply_samples)
        own = self.last_reply or 0.0
        return sorted((own * sc - t / n, c) for (sc, c), t in zip(out, sums, strict=True))


def race_cost(lam: float, loose: int, hand: int) -> float:
    """A hand's cost in a race to gin under the undercut curve: the least of its points
    plus ``loose`` per unmelded card (`min_unmelded_cost_mask`), plus ``lam`` times the
    curve's bonus for its least deadwood (`curved_deadwood`, less that deadwood)."""
    dw = min_deadwood_mask(hand)
    return min_unmelded_cost_mask(hand, loose) + curved_deadwood(lam, dw) - dw


def reserve_risk(hand: int, reading: Reading, danger: Callable[[int, Reading], float]) -> float:
    """The least ``danger`` of a loose card of the 10-card ``hand`` (one whose throw
    takes its whole value off the deadwood), 0 if none is loose."""
    dw = min_deadwood_mask(hand)
    risks = [danger(b, reading) for b in bits(hand) if min_deadwood_mask(hand ^ b) == dw - VALUE[b]]
    return min(risks, default=0.0)


def gins_on_reply(opp: int, stock: list[int], card: int) -> bool:
    """Whether a greedy opponent holding ``opp`` goes gin on its reply to the master's
    discard ``card``, as `replay.greedy_reply` plays it: it takes the card if that makes
    a meld, else draws the top of ``stock`` (the last card; none if it is empty)."""
    if makes_meld(opp, Card.from_bit(card)):
        return best_discard(opp | card, card)[0] == 0
    return bool(stock) and best_discard(opp | stock[-1], 0)[0] == 0


def tilted(values: list[int], mean: float) -> list[float]:
    """Weights for ``values`` (summing to 1) whose weighted mean is ``mean``, as close to
    equal as can be (exponential tilting: weight ∝ exp(t × value)); all on the largest
    or smallest values when ``mean`` lies beyond them. Unlike shifting every value, it
    keeps each outcome what it is (a win stays a win) and changes how likely it is."""
    lo, hi = min(values), max(values)
    if mean >= hi or mean <= lo:
        edge = hi if mean >= hi else lo
        count = values.count(edge)
        return [1.0 / count if v == edge else 0.0 for v in values]

    def weights(t: float) -> list[float]:
        top = max(t * v for v in values)
        w = [math.exp(t * v - top) for v in values]
        total = sum(w)
        return [x / total for x in w]

    a, b = -10.0, 10.0  # per point: even a 1-point spread tilts to within e^-10 of an edge
    for _i in range(50):
        t = (a + b) / 2
        if sum(w * v for w, v in zip(weights(t), values, strict=True)) < mean:
            a = t
        else:
            b = t
    return weights((a + b) / 2)


def game_value(outcomes: list[int], points: float, worth: Callable[[float], float]) -> float:
    """The game-win chance of a choice whose round ``outcomes`` were sampled and whose
    mean is predicted to be ``points``: the outcomes `tilted` to that mean, each worth
    ``worth(outcome)``."""
    weights = tilted(outcomes, points)
    return sum(w * worth(o) for w, o in zip(weights, outcomes, strict=True))


def multi_turn_reply(
    opp: int,
    stock: list[int],
    mine: int,
    card: int,
    rules: tuple[int, int, int, int],
    turns: int,
    share: float = 1.0,
) -> float:
    """The master's points if a greedy opponent holding ``opp`` goes out within ``turns``
    turns of the master's discard ``card`` (``stock`` with the top last), the master's 10
    cards ``mine`` unchanged in between: each time the master draws the stock's top card
    and throws it, and the opponent takes it if it melds, else draws. ``rules`` is (knock
    limit, dead stock, gin bonus, undercut bonus); 0 if no knock comes (a dead round
    included). It goes gin whenever it can and knocks short of gin in ``share`` of its
    chances (`MasterPlayer._knock_share`), playing on in the rest: the points are
    weighed by the chance of each knock. One turn is `greedy_reply`."""
    limit, dead, gin, under = rules
    hand = opp
    top = card
    sp = len(stock)
    points = 0.0
    on = 1.0  # the chance that the opponent is still playing
    for _turn in range(turns):
        took = bool(top) and makes_meld(hand, Card.from_bit(top))
        if took:
            drawn = top
        elif sp:
            sp -= 1
            drawn = stock[sp]
        else:
            return points
        dw, thrown = best_discard(hand | drawn, drawn if took else 0)
        hand = (hand | drawn) ^ thrown
        if dw <= limit:
            knock = -showdown_points(hand, mine, gin, under)
            if not dw:
                return points + on * knock
            points += on * share * knock
            on *= 1.0 - share
            if not on:
                return points
        if sp <= dead or not sp:
            return points
        sp -= 1  # the master draws the top card and throws it
        top = stock[sp]
        if sp <= dead:
            return points
    return points


def exact_weight(hand: int, turns: tuple[Turn, ...], limit: int, depth: int, miss: float) -> float:
    """`replay.replay_weight` summed over every card a stock draw may have been (each
    equally likely) instead of one guessed: the chance, up to ``miss`` per broken rule,
    that a greedy player ending with ``hand`` played the last ``depth`` discards' turns."""
    taken_ever = 0
    for kind, c in turns:
        if kind == TAKE:
            taken_ever |= c
    branches: dict[int, float] = {hand: 1.0}
    seen = 0
    for i in range(len(turns) - 1, -1, -1):
        kind, c = turns[i]
        new: dict[int, float] = {}
        if kind == DISCARD:
            if seen >= depth:
                break
            seen += 1
            banned = turns[i - 1][1] if i > 0 and turns[i - 1][0] == TAKE else 0
            for cur, w in branches.items():
                with_c = cur | c
                dw = min_deadwood_mask(cur)
                if dw <= limit:
                    w *= miss
                else:
                    best = min(min_deadwood_mask(with_c ^ b) for b in bits(with_c) if b != banned)
                    if dw > best:
                        w *= miss
                new[with_c] = new.get(with_c, 0.0) + w
        elif kind == TAKE:
            card = Card.from_bit(c)
            for cur, w in branches.items():
                before = cur ^ c
                if not makes_meld(before, card):
                    w *= miss
                new[before] = new.get(before, 0.0) + w
        elif kind == DRAW:
            declined = Card.from_bit(c) if c else None
            last = seen >= depth
            for cur, w in branches.items():
                choices = bits(cur & ~taken_ever)
                if not choices:
                    new[cur] = new.get(cur, 0.0) + w
                    continue
                share = w / len(choices)
                for s in choices:
                    ws = share
                    if declined is not None and makes_meld(cur ^ s, declined):
                        ws *= miss
                    key = cur if last else cur ^ s  # past the depth only the share counts
                    new[key] = new.get(key, 0.0) + ws
        else:
            card = Card.from_bit(c)
            for cur, w in branches.items():
                new[cur] = new.get(cur, 0.0) + (w * miss if makes_meld(cur, card) else w)
        branches = new
    return sum(branches.values())


def main(argv: list[str]) -> int:
    master_ab.BASE = Variant
    return master_ab.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
