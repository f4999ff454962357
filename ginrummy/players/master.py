"""The master opponent: card reading, hand-strength heuristics and determinized Monte Carlo.

Easy decisions are instant and heuristic: a 10-card hand is valued by its deadwood less
the improvement one more draw is expected to bring (a draw that goes gin counts more; one
that only reaches the knock limit does not, since the master seldom knocks as soon as it
may), and the discard pile is taken when that beats an average stock draw. In gin-only
rounds (Straight gin, an Oklahoma ace) only gin goes out, so a hand is valued by its loose
cards before its points (`gin_race_loose_cost`), and the closest discards are compared by
what the next draw can make of each (`gin_race_lookahead`). The decisions that decide
rounds are sampled:

- **Belief.** The hidden cards are dealt many times consistently with everything seen:
  the opponent's hidden cards weighted by what it took (more likely near those), threw
  away and passed (less likely), the stock in random order. A hand dealt at random is
  far worse than one its owner has improved for several turns, so each sampled hand
  then plays 2.5 greedy stock draws per draw the opponent made, at most 16
  (`fastsim.improve`). With one greedy draw per draw the predicted undercut rate at real
  knocks against expert was 9% against a true 22% (the master knocked into undercuts);
  1.5 draws predicted 26%, and 2.5 won 11 and 9 more of 100 games against expert and
  defensive than 1.5 (even against eaai): the careful opponents hold better hands.
- **Replayed belief.** For the discards' reply and the knock (against every opponent),
  samples are also drawn eight times over (`reply_pool`) and resampled by how well a
  greedy player holding each would have played the opponent's last turn
  (`replay.replay_weight`): what a card-by-card belief cannot see, such as a hand that
  just took a card to meld and is one draw from a knock. (With `careful_replay` and
  `careful_plays_on`, against an opponent read as careful, a hand it could have knocked
  with is not ruled out: it plays on with most of them.)
- **Discards.** The closest candidates are re-ranked by what each would give the
  sampled opponent hands (the deadwood it would save them), or, against an opponent
  that knocks as soon as it may, by the chance that it can meld the card (`_danger`):
  the style is read from how the opponent ended the game's rounds (`style.KnockStyle`;
  a knock, an undercut, a gin, a dead round), and the two measures are weighed by
  that belief (`eager_danger`, from a belief of `eager_from` up). Then by the
  opponent's reply on replayed samples (`replay.greedy_reply`): a discard that lets it
  knock at once costs the points of that knock, one that it knocks on into an undercut
  gains.
- **Knock or play on** (and with which card), while the stock lasts: a rule learned by
  least squares against eaai (`scripts/master_knocks.py`) predicts the knock's points
  from public features (its points and undercut share against the own and the replayed
  samples, its deadwood, the stock, the opponent's draws and takes) and the points of
  playing on (from the stock and the deadwood kept); the master knocks when the first
  is higher. Against a careful player the replayed samples see undercuts coming and it
  knocks less. At the end of the stock, the simulation decides: for each sample, the
  knock is settled against the sampled hand (lay-offs included), and playing on is a
  play-out of the rest of the round on bit masks by a fast greedy policy
  (`fastsim.playout`), every outcome weighed by its effect on the chance of winning the
  game from both scores (`gamevalue`, bonuses and the Oklahoma multiplier included).

These three (with `potential_weight` 1.5 for 1.0) won +51 games of 1,200 against eaai
over v6 in A/B runs on the same deals (BENCHMARKS.md, seventh and eighth sessions),
where none alone was beyond chance.
The style-weighed feed (v8) won +32 of 1,200 fresh games against eaai over v7.
v9 adds three knobs that were each slightly positive alone: at a knock limit of 10 a
hand's deadwood is valued on a curve that counts the undercut each point below the
limit may bring (`undercut_curve`), a hand's one-draw promise counts for less when the
replayed opponent hands would go out on their next draw (`hazard_scale`,
`Reading.hazard`), and the style is read from the master's own go-outs too
(`style_shown`).

v10 blends in knock fits learned against a player that waits for gin
(`CAREFUL_KNOCK_FIT`), by the belief that the opponent is careful and waits.
v11 replays a careful opponent as one that keeps hands it could knock with
(`careful_replay` 1.0) and knocks with a tenth of them (`careful_plays_on` 0.9), where
the greedy replay had it knock with all: it won 293 of the benchmark's 500 games against
expert where v10 won 262, and played eaai (read as eager) as v10 did.

The number of samples per decision is fixed, and the random numbers come from the seed
and the view, so the moves depend only on those; a deadline only caps the time on a slow
machine (the remaining samples are then skipped).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Final, TypeVar

from ..core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import CARDS, Card, mask_of
from ..core.melds import min_deadwood_mask, min_unmelded_cost_mask
from ..core.round import Phase, PlayerView
from ..core.rules import Rules
from ..text.hints import decline_reason, discard_reason, knock_reason, take_reason
from ..text.i18n import _
from .advice import Advice
from .estimates import (
    RANK_MATES,
    RUN_PAIRS,
    UNDERCUT_LIMIT,
    bits,
    curved_deadwood,
    knock_outs,
    opponent_signals,
    takes_back,
)
from .fastsim import NEAR, VALUE, best_discard, improve, playout, sample_hidden, showdown_points
from .gamevalue import GameValue, value_table
from .replay import SampleSets, Turn, greedy_reply, knock_features, opponent_turns, replay_weight
from .style import KnockStyle

__all__ = ["MasterPlayer", "Reading", "read_view"]

_ALL: Final = mask_of(CARDS)
#: A hand's cost: whole points, or points on the undercut curve.
_N = TypeVar("_N", int, float)


def _best_swap(with_c: int, throwable: list[int], cost: Callable[[int], _N]) -> tuple[_N, int]:
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
    """A hand's cost with ``extra`` per loose card, made once per ``extra`` (the hand
    values ask for it on every call)."""
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
    """A deadwood's cost on the undercut curve (`curved_deadwood`), made once per ``lam``."""
    return partial(curved_deadwood, lam)


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
    #: stock draw (`MasterPlayer._hazard`; 0 when not read).
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


#: Replayed samples per set of the learned knock (`MasterPlayer._knock_sample_sets`).
KNOCK_REPLAYED: Final = 48

#: The learned knock's fits (`scripts/master_knocks.py eaai EAAI 3000`: 4,535 knock
#: chances of the master against eaai, least squares): a knock's points from 1 and
#: `replay.KNOCK_FEATURES`, and the points of playing on from 1, the stock and the
#: deadwood kept. A linear rule on these gained +0.43 to +0.70 points per round on
#: held-out deals; the points a knock will really bring are worth +1.1 to +1.4.
KNOCK_FIT: Final = (
    29.5884,
    -0.2927,
    0.8181,
    -0.0285,
    -30.3288,
    15.8304,
    -0.3514,
    -0.7006,
    -1.4709,
    -1.6493,
)
PLAY_ON_FIT: Final = (26.9634, 0.3915, -1.9609)

#: The same fits learned against a player that waits for gin (eaai that goes out only
#: with gin, `scripts/style_probe.py`'s ``eaai0``, through `scripts/master_knocks.py`,
#: 500 rounds): early knocks pay against a player that never knocks. The master blends
#: them into its own by its belief that the opponent is careful and waits (`_knock_fits`).
CAREFUL_KNOCK_FIT: Final = (
    89.3474,
    -0.6582,
    0.6177,
    0.0890,
    -37.1371,
    8.7440,
    -1.6749,
    -1.6921,
    -5.1363,
    -1.2013,
)
CAREFUL_PLAY_ON_FIT: Final = (1.2505, 0.2478, -0.8448)


def _blend(a: tuple[float, ...], b: tuple[float, ...], w: float) -> tuple[float, ...]:
    """The linear fit ``(1 - w) a + w b`` (its prediction is the same blend of theirs); a
    fit with fewer features has 0 for the ones it lacks."""
    size = max(len(a), len(b))
    a, b = (*a, *[0.0] * (size - len(a))), (*b, *[0.0] * (size - len(b)))
    return tuple((1.0 - w) * x + w * y for x, y in zip(a, b, strict=True))


class MasterPlayer:
    """Plays the game to win it: reads the cards, simulates the decisions that matter."""

    name = "master"

    #: Weight of the expected one-draw improvement in a hand's value (1.5 against 1.0,
    #: with the reply and the learned knock: see the class's notes).
    potential_weight = 1.5
    #: Extra value of a draw that lets the hand go out (knock or gin). 0: the master
    #: knocks rarely (it waits for gin or the opponent's knock to undercut), so a hand
    #: shaped to reach the knock limit soon is not worth more. A/B on the same 200 games
    #: each, 0 against 4: +28 net games against expert, +21 against defensive, +1 eaai.
    knock_bonus = 0.0
    #: Extra value of a draw that goes gin: 4 against 0 (with `knock_bonus` 0), +9 net
    #: games of 200 against defensive, +2 against expert, -2 against eaai.
    gin_draw_bonus = 4.0
    #: In gin-only rounds (knock limit 0) a hand is valued by its deadwood plus this
    #: much per loose card (`min_unmelded_cost_mask`): the race is to gin, and a lone
    #: king is one card from it where an ace and a deuce are two (0: points only). A/B on
    #: 400 Straight gin games against expert: 25 against 0, +42 and +20 net (two seeds).
    gin_race_loose_cost = 25
    #: The same in rounds with knocking, where deadwood points decide knocks and
    #: undercuts (8 against 0: +12 net of 400 against defensive, within chance; with it,
    #: `knock_bonus` would see a draw reach the limit by its cost, not its points).
    loose_cost = 0
    #: Points a discard costs per unit chance that the opponent can meld it.
    danger_weight = 6.0
    #: Take the discard only when it beats an average stock draw by this much.
    take_margin = -0.5
    #: Play-outs per knock decision (fixed: the moves do not depend on the clock).
    knock_samples = 48
    #: Sampled opponent hands that judge what a discard feeds it (0: a formula instead).
    feed_samples = 16
    #: How many of the best discards are re-ranked by the samples.
    feed_candidates = 5
    #: In gin-only rounds, how many of the best discards are re-ranked by a second
    #: draw's look-ahead (`_value_after_draw`; 0: none). A/B on 400 Straight gin games
    #: against expert: +16 net alone, +40 and +10 on top of `gin_race_loose_cost` 10 and
    #: 25; in rounds with knocking it was within chance against eaai and four times slower.
    #: (At least `feed_candidates`, so that the feed re-ranking compares like with like.)
    gin_race_lookahead = 5
    #: Points a discard costs per point of deadwood it saves the opponent on average.
    feed_weight = 0.5
    #: Chance to keep a sampled opponent hand that could have knocked already (it did not).
    low_hand_keep = 1.0
    #: The deadwood a simulated opponent knocks with (None: the knock limit).
    opponent_knock_at: int | None = None
    #: Belief weights next to a card the opponent threw away, passed, took (`read_view`).
    discard_w = 0.5
    pass_w = 0.7
    take_w = 2.0
    #: Greedy improvement draws per draw the opponent made (above 1: it plays better
    #: than greedy, e.g. it picks its discards and keeps its deadwood low).
    improve_scale = 2.5
    #: Most greedy improvement draws given to a sampled opponent hand.
    improve_cap = 16
    #: Game-win chance a knock must gain over playing on (0: any gain), when the knock
    #: is decided by simulation (`learned_knock` None, or the stock at its end).
    knock_margin = 0.01
    #: Knock by the learned rule (`_learned_knock`): when the knock's points predicted
    #: from public features beat the predicted points of playing on by this much. None:
    #: every knock is decided by simulation. Learned against eaai, it knocks about twice
    #: as often as the simulation there, and less often against careful players.
    learned_knock: float | None = 0.0
    #: The learned knock's linear fits (`KNOCK_FIT`, `PLAY_ON_FIT`). A play-on fit may
    #: have a fourth coefficient: for the kept hand's expected gain from one stock draw
    #: (`_gain`).
    knock_fit: tuple[float, ...] = KNOCK_FIT
    play_on_fit: tuple[float, ...] = PLAY_ON_FIT
    #: Fits of the same form learned against a careful player (one that waits for gin),
    #: blended into the two above by the belief that the opponent is careful
    #: (`_knock_fits`); None: the fits above whatever the style.
    careful_knock_fit: tuple[float, ...] | None = CAREFUL_KNOCK_FIT
    careful_play_on_fit: tuple[float, ...] | None = CAREFUL_PLAY_ON_FIT
    #: The belief that the opponent knocks at once (`KnockStyle.eager`) below which the
    #: careful fits start to count: their weight is how far the belief is below this,
    #: scaled to 0-1, so an opponent not yet read is met with the fits above.
    careful_from = 0.5
    #: The careful fits count only while the opponent has ended fewer than this many of
    #: the game's rounds by a knock (None: whatever it did): they were learned against a
    #: player that never knocks, and a careful player that does knock (expert) is read as
    #: careful by the belief too.
    careful_until_knocks: int | None = None
    #: The careful fits' weight is also multiplied by the belief that the opponent waits
    #: for gin rather than knocking when it looks safe (`KnockStyle.waits`).
    careful_waits = True
    #: The opponent's reply to a discard (`replay.greedy_reply` on `reply_samples`
    #: replayed samples): this much per point the master would get from the knock that
    #: reply makes (an undercut counts for the master) comes off each of the
    #: `reply_candidates` best discards' score (0: no re-ranking).
    reply_weight = 0.5
    reply_samples = 32
    reply_candidates = 5
    #: Replayed samples (`_replayed`) are drawn `reply_pool` times over and resampled by
    #: how well a greedy player explains the opponent's last `replay_depth` turns
    #: (`replay.replay_weight`, each broken rule multiplying the weight by `replay_miss`).
    reply_pool = 8
    replay_depth = 1
    replay_miss = 0.02
    #: How far the replay's knock rule (a hand that could knock would have) is lifted
    #: against a careful opponent: the weight of a replayed hand that could have knocked
    #: and played on is `replay_miss` raised towards 1 by this times `_careful` (0: the
    #: greedy rule whatever the style). A careful opponent keeps such hands: against
    #: expert the greedy rule left 8.9% of the replayed hands able to knock where the
    #: true one could at 34.9% of the master's discards; lifted, 30.0% against 31.4%
    #: (`scripts/master_belief.py`, BENCHMARKS.md, thirty-sixth session). Alone it lost
    #: 7 of 200 games against expert; with `careful_plays_on` 0.9 (and
    #: `careful_replay_waits` False) it won +8 of the first 200 games of the benchmark
    #: and +23 of the next 300 (v11; v10: 0).
    careful_replay = 1.0
    #: Whether that belief counts the one that it waits for gin (`KnockStyle.waits`; a
    #: careful player that knocks when it looks safe keeps knockable hands too): False
    #: won 120 of 200 games against expert, True 118.
    careful_replay_waits = False
    #: The share of the hands it could knock with (short of gin) that a careful opponent
    #: plays on with: against one read as careful (`_careful`, as `careful_replay_waits`
    #: says), the reply's knocks and the hazard's count for 1 - this times that belief
    #: (`_knock_share`; 0: all of them, as a greedy player's). Without it the replayed
    #: hands lifted by `careful_replay` looked about to knock on every feed, and the
    #: master discarded against knocks that a careful opponent does not make (v11; v10:
    #: 0). 1.0 won 296 of the benchmark's 500 games against expert, 0.9 293
    #: (BENCHMARKS.md, thirty-eighth session).
    careful_plays_on = 0.9
    #: A careful opponent still knocks early in a round, when the master's hand is
    #: likely far from low: the expert knocked with 83% of its chances short of gin with
    #: 28 or more cards in the stock, 32% at 24-27, 13% at 20-23 and 2% at 16-19. From
    #: `careful_early_from` cards up, the belief behind `careful_replay` and
    #: `careful_plays_on` is scaled by 1 - k, k rising as the square from 0 there to 1 at
    #: `careful_early_to` (`_careful_at`; None: the same belief at every stock). From 20,
    #: with `careful_plays_on` 1.0, it won as many of 200 games against expert as
    #: without (127; BENCHMARKS.md, thirty-eighth session): the early chances are few.
    careful_early_from: int | None = None
    careful_early_to = 30
    #: Greedy improvement draws per draw of the opponent for the replies' samples.
    reply_scale = 0.5
    #: Against a greedy knocker the feed is judged by the danger formula (`_danger`, this
    #: many points per unit chance) instead of the sampled hands: the belief `KnockStyle`
    #: reads from the rounds the opponent ended, above `eager_from` and scaled to 0-1,
    #: ``w``, weighs the formula by ``w`` and the sampled feed by ``1 - w`` (None: the
    #: sampled feed alone, whatever the style, as in v7). The formula alone won +28 of
    #: 1000 games against eaai and lost 29 of 500 against expert; weighed by the style,
    #: +32 of 1,200 fresh games against eaai and -9 of 500 against expert (within
    #: chance; BENCHMARKS.md, fourteenth session).
    eager_danger: float | None = 3.5
    #: The belief at which the formula starts to count: its weight is the belief above
    #: this, scaled to 0-1 (0: the belief itself), so that an opponent not yet read is
    #: judged by the samples alone (0.5 against 0: -9 against -11 of 500 against expert).
    eager_from = 0.5
    #: Read the style from the rounds the master ended too: the opponent's deadwood shown
    #: at its knock or gin (a greedy knocker never holds a hand it could knock with;
    #: `style.Ending.SHOWN_LOW`). Alone it changed nothing beyond chance (eaai +5 of 1000
    #: and -5 of 800 fresh, expert +1 of 500; BENCHMARKS.md, fifteenth session); on in v9,
    #: with the two knobs below.
    style_shown = True
    #: In rounds with a knock limit of `UNDERCUT_LIMIT`, a hand costs its deadwood plus
    #: this many times `UNDERCUT_BONUS` (`curved_deadwood`), and its one-draw gain is
    #: counted on that cost: an undercut's chance makes each point below the limit worth
    #: 2-5, not 1, so a hand that gets low is worth more (0: deadwood alone). Alone, 1.0
    #: won +11 of 1000 against eaai over v7 and -3 of 400 fresh (twelfth session).
    undercut_curve = 1.0
    #: A hand's one-draw potential (`potential_weight`) is multiplied by 1 - K p, p the
    #: share of 32 replayed samples in which the opponent would go out on its next stock
    #: draw (`Reading.hazard`): a hand's promise counts for less when the opponent is
    #: about to knock (0: never). Alone, 4 won +3, +14 and -7 against eaai (eighth
    #: session). v9 is v8 with these three: +17 and +4 of two seeds' 1000 games against
    #: eaai (BENCHMARKS.md, seventeenth and eighteenth sessions).
    hazard_scale = 4.0
    #: Safety cap on the time of one decision, seconds.
    budget = 0.4

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        #: How eagerly the opponent knocks, read from the game so far (`choose` feeds it).
        self.style = KnockStyle(shown=self.style_shown)

    # --- the game's stakes ---------------------------------------------------
    def _stakes(self, view: PlayerView) -> tuple[GameValue, int, int, int]:
        gv = value_table(view.rules)
        me = view.player
        return gv, view.scores[me], view.scores[1 - me], view.multiplier

    @staticmethod
    def _worth(gv: GameValue, mine: int, theirs: int, mult: int, points: float) -> float:
        """Game-win chance after a round worth ``points`` to me (negative: to them)."""
        if points > 0:
            return gv.win(mine + points * mult, theirs)
        if points < 0:
            return gv.win(mine, theirs - points * mult)
        return gv.win(mine, theirs)

    def _opponent_knock_at(self, view: PlayerView) -> int:
        """The deadwood the opponent is assumed to go out with in play-outs."""
        if self.opponent_knock_at is None:
            return view.knock_limit
        return self.opponent_knock_at

    def _steps(self, reading: Reading) -> int:
        """How many greedy draws a sampled opponent hand gets (see `fastsim.improve`)."""
        return min(self.improve_cap, round(reading.opponent_draws * self.improve_scale))

    # --- hand values -----------------------------------------------------------
    def _loose_cost(self, knock_limit: int) -> int:
        return self.gin_race_loose_cost if knock_limit == 0 else self.loose_cost

    def _curve_applies(self, knock_limit: int) -> bool:
        return bool(self.undercut_curve) and knock_limit == UNDERCUT_LIMIT

    def _cost_of(self, knock_limit: int) -> Callable[[int], float]:
        """What a hand costs in this round: its deadwood on the undercut curve
        (`undercut_curve`) at the limit it was made for, plus `gin_race_loose_cost` per
        loose card when only gin goes out."""
        if self._curve_applies(knock_limit):
            return _curved_cost(self.undercut_curve)
        return _cost_function(self._loose_cost(knock_limit))

    def _gain(self, hand: int, reading: Reading, knock_limit: int) -> float:
        """Expected drop in cost from one stock draw, with a bonus for going out."""
        if self._curve_applies(knock_limit):
            shape = _curve_shape(self.undercut_curve)
            return self._draw_gain(hand, reading, knock_limit, shape)
        return self._draw_gain(hand, reading, knock_limit, None)

    def _potential_weight(self, reading: Reading, stock: int) -> float:
        """The weight of a hand's one-draw potential: `potential_weight`, less as the
        opponent is likelier to go out next (`hazard_scale`) and the stock runs low."""
        hazard = max(0.0, 1.0 - self.hazard_scale * reading.hazard)
        return self.potential_weight * hazard * max(0.0, min(1.0, stock / 24.0))

    def _hazard(self, view: PlayerView, reading: Reading) -> float:
        """The share of 32 replayed samples (0.5 greedy draws per draw) in which the
        opponent goes out on its next stock draw (a knock short of gin counted as
        `_knock_share` says)."""
        limit = view.knock_limit
        rng = random.Random(f"hazard:{self.seed}:{view.round_number}:{len(view.history)}")
        worlds = self._replayed(reading, rng, 32, limit, self.reply_pool, 0.5)
        share = self._hazard_share(reading.stock)
        knocks = 0.0
        for o, s in worlds:
            if s and (dw := best_discard(o | s[-1], 0)[0]) <= limit:
                knocks += share if dw else 1.0
        return knocks / (len(worlds) or 1)

    def _draw_gain(
        self,
        hand: int,
        reading: Reading,
        knock_limit: int,
        shape: Callable[[int], float] | None,
    ) -> float:
        """`_gain`, each cost first reshaped by ``shape`` (increasing; None: as it is). The
        costs are the round's plain ones (`_cost_function`), whatever `_cost_of` says in
        a subclass: a draw's gain needs a cost that adds up card by card."""
        loose = self._loose_cost(knock_limit)
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
        gain = 0.0
        weight_sum = 0.0
        bonus = self.knock_bonus
        gin_bonus = self.gin_draw_bonus
        for c in reading.unseen:
            q = 1.0 - probs.get(c, 0.0)
            weight_sum += q
            if c & related:
                best = min(base, _best_swap(hand | c, hb, cost)[0])
            else:
                best = min(base, best_without_one + VALUE[c] + loose)
            gain += q * (shaped - (best if shape is None else shape(best)))
            if best <= knock_limit:
                gain += q * bonus
                if best == 0:
                    gain += q * gin_bonus
        return gain / weight_sum if weight_sum else 0.0

    def _potential(
        self, hand: int, reading: Reading, knock_limit: int, stock_gain: float | None = None
    ) -> float:
        """The improvement a 10-card hand is expected to get at its owner's next draw
        (`_gain`; ``stock_gain`` if it is already known)."""
        if stock_gain is not None:
            return stock_gain
        return self._gain(hand, reading, knock_limit)

    def _value(self, hand: int, reading: Reading, stock: int, knock_limit: int) -> float:
        dw = self._cost_of(knock_limit)(hand)
        weight = self._potential_weight(reading, stock)
        if weight <= 0.0:
            return float(dw)
        return dw - weight * self._potential(hand, reading, knock_limit)

    def _value_after_draw(self, hand: int, reading: Reading, stock: int, knock_limit: int) -> float:
        """The expected `_value` of a 10-card hand after one more stock draw and the best
        discard by cost: the value of what the next draw can make of it (a draw that goes
        gin is worth ``-gin_draw_bonus``, as in `_gain`)."""
        probs = reading.in_opponent
        cost = self._cost_of(knock_limit)
        hb = bits(hand)
        related = 0
        for b in hb:
            related |= NEAR[b]
        later = max(0, stock - 2)
        keep = self._value(hand, reading, later, knock_limit)
        gin_value = -self.gin_draw_bonus
        total = 0.0
        weight_sum = 0.0
        for c in reading.unseen:
            q = 1.0 - probs.get(c, 0.0)
            weight_sum += q
            v = keep
            if c & related:
                with_c = hand | c
                best, best_d = _best_swap(with_c, hb, cost)
                if best == 0:
                    v = gin_value
                else:
                    v = min(keep, self._value(with_c ^ best_d, reading, later, knock_limit))
            total += q * v
        return total / weight_sum if weight_sum else keep

    @staticmethod
    def _danger(card: int, reading: Reading) -> float:
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

    def _feed_weights(self, knock_limit: int) -> tuple[float, float]:
        """(points per unit `_danger`, points per point of sampled feed) of a discard:
        the samples alone, or the formula alone if there are none; with `eager_danger`,
        in rounds with knocking, the two weighed by the belief that the opponent is a
        greedy knocker (`eager_from` and above, scaled to 0-1)."""
        danger_weight = self.danger_weight if knock_limit else self.danger_weight * 0.5
        if self.feed_samples <= 0 or danger_weight <= 0:
            return danger_weight, 0.0
        feed_weight = self.feed_weight if knock_limit else self.feed_weight * 0.5
        if not knock_limit or self.eager_danger is None:
            return 0.0, feed_weight
        eager = max(0.0, self.style.eager - self.eager_from) / (1.0 - self.eager_from)
        return eager * self.eager_danger, (1.0 - eager) * feed_weight

    def _discard_scores(
        self,
        view: PlayerView,
        hand11: int,
        banned: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        """(score, card bit) for each legal discard from ``hand11``, best (lowest) first."""
        stock = view.stock_size
        knock_limit = view.knock_limit
        out = []
        formula, feed_weight = self._feed_weights(knock_limit)
        sampled = self.feed_samples > 0 and feed_weight > 0

        def penalty(b: int) -> float:
            extra = -1e-3 * VALUE[b]
            if formula:
                extra += formula * self._danger(b, reading)
            return extra

        for b in bits(hand11):
            if b == banned:
                continue
            out.append((self._value(hand11 ^ b, reading, stock, knock_limit) + penalty(b), b))
        out.sort()
        ahead = self._lookahead(knock_limit)
        if ahead > 1 and len(out) > 1 and stock > 0:
            # Re-rank the closest candidates by what the next draw can make of each.
            head = [
                (self._value_after_draw(hand11 ^ b, reading, stock, knock_limit) + penalty(b), b)
                for _s, b in out[:ahead]
            ]
            out = sorted(head) + out[ahead:]
        if sampled and len(out) > 1:
            # Re-rank the closest candidates by what each would give a sampled opponent.
            head = out[: self.feed_candidates]
            feeds = self._feeds([b for _s, b in head], reading, rng, knock_limit)
            head = sorted((sc + feed_weight * f, b) for (sc, b), f in zip(head, feeds, strict=True))
            out = head + out[self.feed_candidates :]
        if self.reply_weight and knock_limit and len(out) > 1 and stock > view.rules.dead_stock:
            out = self._reply_rerank(view, out, hand11, reading, rng)
        return out

    def _lookahead(self, knock_limit: int) -> int:
        """How many of the best discards are re-ranked by a second draw's look-ahead
        (`_value_after_draw`): `gin_race_lookahead` in gin-only rounds, none else."""
        return 0 if knock_limit else self.gin_race_lookahead

    def _reply_rerank(
        self,
        view: PlayerView,
        out: list[tuple[float, int]],
        hand11: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        """The closest discards re-ranked by the opponent's reply on replayed samples: it
        takes the card if it melds (else draws the sampled stock's top), throws the card
        leaving the least deadwood and knocks at once if it can; that knock is settled
        against the master's hand left (undercuts included, `replay.greedy_reply`)."""
        head = out[: self.reply_candidates]
        cards = [c for _sc, c in head]
        sums, n = self._reply_sums(view, cards, hand11, reading, rng, self.reply_samples)
        w = self.reply_weight
        head = sorted((sc - w * t / n, b) for (sc, b), t in zip(head, sums, strict=True))
        return head + out[self.reply_candidates :]

    def _reply_sums(
        self,
        view: PlayerView,
        cards: list[int],
        hand11: int,
        reading: Reading,
        rng: random.Random,
        samples: int,
    ) -> tuple[list[float], int]:
        """The master's points from the opponent's reply to each discard of ``cards``
        (`_reply_points`), summed over ``samples`` replayed samples, and how many
        samples they are (at least 1, to divide by)."""
        rules = view.rules
        limit = view.knock_limit
        worlds = self._replayed(reading, rng, samples, limit, self.reply_pool, self.reply_scale)
        share = self._knock_share(reading.stock)
        sums = [0.0] * len(cards)
        for opp, rest in worlds:
            for j, c in enumerate(cards):
                sums[j] += self._reply_points(opp, rest, hand11 ^ c, c, limit, rules, share)
        return sums, len(worlds) or 1

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
        """The master's points from the opponent's reply to its discard ``card`` on one
        replayed sample (`replay.greedy_reply`; ``stock`` with the top last; ``limit``
        the round's knock limit; ``share`` the share of its knocks short of gin that the
        opponent makes, `_knock_share`, worked out once per decision)."""
        top = stock[-1] if stock else 0
        return greedy_reply(
            opp, top, mine, card, limit, rules.gin_bonus, rules.undercut_bonus, share
        )

    def _replayed(
        self, reading: Reading, rng: random.Random, n: int, limit: int, pool: int, scale: float
    ) -> list[tuple[int, list[int]]]:
        """``n`` (opponent hand, stock with the top last) samples, resampled from
        ``n * pool`` by how well a greedy player explains the opponent's last turns
        (`replay.replay_weight`); each sampled hand first plays ``scale`` greedy stock
        draws per draw the opponent made (`fastsim.improve`)."""
        steps = min(self.improve_cap, round(reading.opponent_draws * scale))
        known = reading.opponent_known
        turns = reading.turns
        worlds: list[tuple[int, list[int]]] = []
        weights: list[float] = []
        knock_miss = self._knock_miss(reading.stock)
        for _i in range(n * pool):
            hidden, stock = sample_hidden(
                rng, reading.unseen, reading.weights, reading.opponent_hidden
            )
            hidden, stock = improve(rng, hidden, known, stock, steps)
            hand = hidden | known
            worlds.append((hand, stock))
            weights.append(self._replay_weight(hand, turns, limit, rng, knock_miss))
        if sum(weights) <= 0:
            return worlds[:n]
        return rng.choices(worlds, weights=weights, k=n)

    def _careful_at(self, stock: int) -> float:
        """`_careful` as `careful_replay_waits` says, scaled down early in a round (with
        ``stock`` cards left, `careful_early_from`), when a careful player knocks too."""
        careful = self._careful(self.careful_replay_waits)
        lo = self.careful_early_from
        if lo is None or stock <= lo:
            return careful
        k = min(1.0, (stock - lo) / max(1, self.careful_early_to - lo))
        return careful * (1.0 - k * k)

    def _knock_share(self, stock: int) -> float:
        """The share of its chances to knock short of gin that the opponent is taken to
        knock with, with ``stock`` cards left (`careful_plays_on`)."""
        if not self.careful_plays_on:
            return 1.0
        return 1.0 - self.careful_plays_on * self._careful_at(stock)

    def _hazard_share(self, stock: int) -> float:
        """The share of its chances to knock short of gin that the hazard (`_hazard`)
        counts: `_knock_share`, as the discards' reply does."""
        return self._knock_share(stock)

    def _knock_miss(self, stock: int) -> float | None:
        """The replay's weight of a hand that could have knocked and played on, with
        ``stock`` cards left, lifted from `replay_miss` towards 1 against an opponent
        read as careful (`careful_replay`; None: the greedy rule, each broken rule
        weighing `replay_miss`)."""
        if not self.careful_replay:
            return None
        careful = self._careful_at(stock)
        return self.replay_miss + (1.0 - self.replay_miss) * self.careful_replay * careful

    def _replay_weight(
        self,
        hand: int,
        turns: tuple[Turn, ...],
        limit: int,
        rng: random.Random,
        knock_miss: float | None,
    ) -> float:
        """How well a greedy player explains ``turns`` ending with ``hand``
        (`replay.replay_weight` over the last `replay_depth` turns; ``knock_miss`` from
        `_knock_miss`, worked out once per `_replayed`)."""
        miss = self.replay_miss
        return replay_weight(hand, turns, limit, rng, self.replay_depth, miss, knock_miss)

    def _opponent_hands(
        self, reading: Reading, rng: random.Random, n: int, limit: int
    ) -> list[int]:
        """``n`` sampled opponent hands, improved by the draws it made."""
        out = []
        steps = self._steps(reading)
        known = reading.opponent_known
        for _i in range(n):
            for _try in range(3):
                hidden, stock = sample_hidden(
                    rng, reading.unseen, reading.weights, reading.opponent_hidden
                )
                hidden, stock = improve(rng, hidden, known, stock, steps)
                if min_deadwood_mask(hidden | known) > limit or rng.random() < self.low_hand_keep:
                    break
            out.append(hidden | known)
        return out

    def _feeds(
        self, cards: list[int], reading: Reading, rng: random.Random, limit: int
    ) -> list[float]:
        """Mean deadwood each card would save a sampled opponent that took it."""
        hands = self._opponent_hands(reading, rng, self.feed_samples, limit)
        totals = [0.0] * len(cards)
        for h in hands:
            base = min_deadwood_mask(h)
            hb = bits(h)
            for k, c in enumerate(cards):
                if not NEAR[c] & h:
                    continue
                totals[k] += self._saving(base, _best_swap(h | c, hb, min_deadwood_mask)[0])
        n = len(hands) or 1
        return [t / n for t in totals]

    def _saving(self, base: int, after: int) -> float:
        """What a card feeds a sampled opponent it takes from ``base`` deadwood to
        ``after`` (`_feeds`): the points it saves."""
        return max(0, base - after)

    # --- decisions -------------------------------------------------------------
    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Read the opponent's style from rounds played before this player sat down (their
        last views from its seat: a restored game, the earlier games of a match):
        `KnockStyle.recall`."""
        self.style.recall(rounds)

    def choose(self, view: PlayerView) -> Action:
        self.style.observe(view)
        action = self.advise(view).action
        self.style.played(view, action)
        return action

    def _rng(self, view: PlayerView) -> random.Random:
        return random.Random(
            f"master:{self.seed}:{view.round_number}:{len(view.history)}:{view.scores}"
        )

    def advise(self, view: PlayerView) -> Advice:
        """What the master would do now in this seat, with a one-line reason."""
        reading = self._read(view)
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            return self._advise_draw(view, reading)
        return self._advise_discard(view, reading)

    def _read(self, view: PlayerView) -> Reading:
        """What the master reads from ``view`` before a decision (`read_view`, and the
        hazard that the opponent goes out next, `_hazard`, where it counts)."""
        reading = read_view(view, self.discard_w, self.pass_w, self.take_w)
        if self.hazard_scale and view.knock_limit and view.stock_size > view.rules.dead_stock + 1:
            reading = replace(reading, hazard=self._hazard(view, reading))
        return reading

    def _advise_draw(self, view: PlayerView, reading: Reading) -> Advice:
        first = view.phase is Phase.FIRST_UPCARD
        if not first and view.stock_only:
            return Advice(DrawStock(), _("Draw from the stock: both players passed the upcard"))
        top = view.top_discard
        assert top is not None
        hand = view.hand_mask
        best_after, stock_value = self._take_values(view, reading, top)
        if best_after < stock_value - self.take_margin and not takes_back(view, top):
            return Advice(TakeDiscard(), take_reason(hand, top))
        fits = bool(NEAR[top.bit] & hand)
        return Advice(Pass() if first else DrawStock(), decline_reason(top, fits, first))

    def _take_values(self, view: PlayerView, reading: Reading, top: Card) -> tuple[float, float]:
        """(the best hand value after taking ``top``, the expected value after a stock
        draw): the master takes when the first is lower by `take_margin`."""
        hand = view.hand_mask
        stock = view.stock_size
        limit = view.knock_limit
        with_top = hand | top.bit
        best_after = min(self._value(with_top ^ b, reading, stock - 1, limit) for b in bits(hand))
        now = self._cost_of(limit)(hand)
        gain = self._gain(hand, reading, limit) if stock > 0 else 0.0
        weight = self._potential_weight(reading, stock)
        return best_after, now - gain - weight * self._potential(hand, reading, limit, gain)

    def _advise_discard(self, view: PlayerView, reading: Reading) -> Advice:
        hand = view.hand_mask
        rules = view.rules
        if rules.big_gin_bonus is not None and min_deadwood_mask(hand) == 0:
            # TRANSLATORS: the hint key's advice to the player; {card} is a card face (7♥).
            return Advice(BigGin(), _("Big Gin: all eleven cards are in melds"))
        banned = view.banned_bit
        outs = knock_outs(view)
        if outs:
            dw, b = outs[0]
            if dw == 0:
                card = Card.from_bit(b)
                return Advice(
                    Knock(card),
                    _("Gin: discard {card} face down, no deadwood left").format(card=card.pretty),
                )
        rng = self._rng(view)
        scores = self._discard_scores(view, hand, banned, reading, rng)
        discard = scores[0][1]
        if outs:
            knock_card = self._knock_choice(view, reading, hand, outs, discard)
            if knock_card:
                card = Card.from_bit(knock_card)
                dw = min_deadwood_mask(hand ^ knock_card)
                return Advice(Knock(card), knock_reason(card, dw, view.stock_size))
        card = Card.from_bit(discard)
        reason = discard_reason(card, hand, self._danger(discard, reading) < 0.15)
        if outs:
            reason = _(
                "{reason}; don't knock yet: {deadwood} deadwood this late risks an undercut"
            ).format(reason=reason, deadwood=outs[0][0])
        return Advice(Discard(card), reason)

    def _knock_samples(
        self, view: PlayerView, reading: Reading, rng: random.Random, n: int
    ) -> Iterator[tuple[int, list[int]]]:
        """Up to ``n`` samples for play-outs, one at a time (a deadline may stop them):
        (opponent hand, stock with the top last)."""
        size = view.stock_size
        for _i in range(n):
            opp_hidden, stock = sample_hidden(
                rng, reading.unseen, reading.weights, reading.opponent_hidden
            )
            opp_hidden, stock = improve(
                rng, opp_hidden, reading.opponent_known, stock, self._steps(reading)
            )
            opp = opp_hidden | reading.opponent_known
            if min_deadwood_mask(opp) <= view.knock_limit and rng.random() >= self.low_hand_keep:
                continue
            yield opp, (stock[len(stock) - size :] if size else [])

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
        """My points (before a multiplier) from a greedy play-out of the round after I
        discard ``top``, holding ``mine``: the opponent draws next; I go out at
        ``my_knock`` deadwood or less, the opponent at ``opp_knock`` (None: as
        `_opponent_knock_at` says)."""
        rules = view.rules
        if opp_knock is None:
            opp_knock = self._opponent_knock_at(view)
        return -playout(
            (opp, mine),
            stock,
            top,
            0,
            knock_limit=view.knock_limit,
            dead_stock=rules.dead_stock,
            gin_bonus=rules.gin_bonus,
            undercut_bonus=rules.undercut_bonus,
            knock_at=(opp_knock, my_knock),
        )

    def _knock_choice(
        self,
        view: PlayerView,
        reading: Reading,
        hand: int,
        outs: list[tuple[int, int]],
        discard: int,
    ) -> int:
        """The card to knock with, or 0 to play on: by the learned rule while the stock
        lasts (`learned_knock`), else by simulation."""
        rules = view.rules
        if self.learned_knock is not None and view.stock_size > rules.dead_stock:
            return self._learned_knock(view, reading, hand, outs, discard, self.learned_knock)
        gv, mine, theirs, mult = self._stakes(view)
        rng = self._rng(view)
        deadline = time.perf_counter() + self.budget
        candidates = [b for _dw, b in outs[:3]]
        knock_sum = [0.0] * len(candidates)
        play_sum = 0.0
        n = 0
        after = hand ^ discard
        for opp, stock in self._knock_samples(view, reading, rng, self.knock_samples):
            if n and time.perf_counter() > deadline:
                break
            for k, b in enumerate(candidates):
                pts = showdown_points(hand ^ b, opp, rules.gin_bonus, rules.undercut_bonus)
                knock_sum[k] += self._worth(gv, mine, theirs, mult, pts)
            # Play on: discard, then the opponent draws.
            pts = self._play_on(view, opp, after, stock, discard, view.knock_limit)
            play_sum += self._worth(gv, mine, theirs, mult, pts)
            n += 1
        if view.stock_size <= rules.dead_stock:
            play_sum = gv.win(mine, theirs) * n
        best_k = max(range(len(candidates)), key=lambda k: knock_sum[k])
        if knock_sum[best_k] >= play_sum + self.knock_margin * n:
            return candidates[best_k]
        return 0

    def _knock_sample_sets(
        self, view: PlayerView, reading: Reading, rng: random.Random, deadline: float
    ) -> SampleSets:
        """The learned knock's sampled opponent hands: the master's own knock samples
        (until ``deadline``), and `KNOCK_REPLAYED` replayed ones with no greedy draws
        and as many with 0.5 per draw."""
        limit = view.knock_limit
        own = []
        for opp, _stock in self._knock_samples(view, reading, rng, self.knock_samples):
            own.append(opp)
            if time.perf_counter() > deadline:
                break
        pool = self.reply_pool
        rep = [o for o, _s in self._replayed(reading, rng, KNOCK_REPLAYED, limit, pool, 0.0)]
        rep5 = [o for o, _s in self._replayed(reading, rng, KNOCK_REPLAYED, limit, pool, 0.5)]
        return own, rep, rep5

    def _learned_knock(
        self,
        view: PlayerView,
        reading: Reading,
        hand: int,
        outs: list[tuple[int, int]],
        discard: int,
        margin: float,
    ) -> int:
        """The card to knock with by the learned rule, or 0 to play on: the best of the
        three lowest knocks by the points the knock fit predicts for it, if they beat the
        points the play-on fit predicts for playing on by ``margin`` (`_knock_fits`)."""
        deadline = time.perf_counter() + self.budget
        sets = self._knock_sample_sets(view, reading, self._rng(view), deadline)
        draws, takes = reading.opponent_draws, reading.opponent_takes
        fit, on = self._knock_fits()
        best, best_b = float("-inf"), 0
        for _dw, b in outs[:3]:
            feats = knock_features(view, hand, b, sets, draws, takes)
            value = fit[0] + sum(c * f for c, f in zip(fit[1:], feats, strict=True))
            if value > best:
                best, best_b = value, b
        kept = min_deadwood_mask(hand ^ discard)
        play_on = on[0] + on[1] * view.stock_size + on[2] * kept
        if len(on) > 3 and on[3]:
            play_on += on[3] * self._gain(hand ^ discard, reading, view.knock_limit)
        knock = self._knock_beats(view, reading, hand, best_b, best, discard, play_on + margin)
        return best_b if knock else 0

    def _knock_fits(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The learned knock's fits (knock, play on) for the opponent as read so far: the
        ones learned against eaai, blended with the careful ones (if any) by how far the
        belief that the opponent knocks at once is below `careful_from`."""
        careful, careful_on = self.careful_knock_fit, self.careful_play_on_fit
        if careful is None or careful_on is None:
            return self.knock_fit, self.play_on_fit
        w = self._careful()
        if w <= 0:
            return self.knock_fit, self.play_on_fit
        return _blend(self.knock_fit, careful, w), _blend(self.play_on_fit, careful_on, w)

    def _careful(self, waits: bool = True) -> float:
        """The belief, 0-1, that the opponent is careful and waits for gin: how far the
        belief that it knocks at once is below `careful_from` (scaled), times the belief
        that it waits (if ``waits`` and `careful_waits`); 0 once it has ended
        `careful_until_knocks` rounds by a knock."""
        if self.careful_from <= 0:
            return 0.0
        until = self.careful_until_knocks
        if until is not None and self.style.knocks >= until:
            return 0.0
        w = max(0.0, self.careful_from - self.style.eager) / self.careful_from
        if waits and self.careful_waits:
            w *= self.style.waits
        return w

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
        """Whether knocking with ``card``, predicted to bring ``knock_points``, beats
        discarding ``discard`` and playing on, predicted to bring ``play_points``: by
        points (`scripts/master_variants.py` weighs them by game-win chance instead)."""
        return knock_points > play_points
