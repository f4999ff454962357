"""The evaluator: the game-win chance of every legal choice, from what one seat knew.

For a decision, the evaluator reads the seat's view as the master does
(`master.belief.read_view`: where the hidden cards may be, from what the opponent took,
threw away and passed) and samples ``samples`` worlds from it (`master.belief.replayed`:
the opponent's hidden hand, improved by the draws it made and resampled by how well it
explains the opponent's last turn, and the stock's order). Every legal choice is then
played out in every world to the end of the round: the choice itself, then both seats
play the fast greedy policy of `fastsim` (take the discard when it lowers deadwood,
throw the card that leaves the least deadwood, knock as soon as the rules allow), the
knock settled with lay-offs (`fastsim.showdown_points`). A round's points become the
chance of winning the game from the current scores (`gamevalue.value_table`), so 10
points to a player at 95 are worth more than 30 at the start. The same worlds serve every
choice (common random numbers), so differences between choices are much steadier than
the values themselves.

Only the view is read: never the round, never a hidden card. The random numbers come
from the seed and the view, so the same seed and view always give the same values.
A knock, gin or big gin is settled against each sampled hand at once; a draw's value
is the average over the sampled stock tops ("the average card"), which is what `luck`
compares the card actually drawn with.

Cost: the choices of a discard are first valued on `screen` worlds; only the `finalists`
best of them (and any choice the caller names, such as the move played) are valued on
all ``samples`` worlds. The others keep their screened value.

Confirmation: a loss is the best of several noisy values less another, so it is biased
upwards and noisy, the more so near a game's end, where one round decides the game and
each world's value is nearly all or nothing (a good move lost 0.05 or more on 48 worlds
several times as often at a score of 75 as in a first round, and on four times the
worlds most of those losses went). When a choice the caller names loses at least
`CONFIRM_LOSS` against the best, it and the best are valued again on `CONFIRM_FACTOR`
times as many worlds of their own, and those values replace the first ones: the worlds
that showed the loss, or made the best the best, are not used to confirm it (a loss
picked because it was large on them would lean on them again). The values of an
evaluation are then those of the choices valued on the most worlds first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..core.melds import min_deadwood_mask
from ..core.round import Phase, PlayerView
from .fastsim import best_discard, showdown_points
from .gamevalue import GameValue, value_table
from .master.belief import read_view, replayed
from .master.config import MasterConfig
from .style import KnockStyle

__all__ = ["DEFAULT_SAMPLES", "VERSION", "ChoiceValue", "Evaluation", "Evaluator"]

#: Bumped whenever the evaluator's values change, so that cached reviews are redone.
#: 3: a draw's luck is valued on the worlds where the card drawn is in the stock.
VERSION: Final = 3
#: Worlds per decision by default: a whole 100-point game reviewed for one seat within
#: 20 s on a 2-core machine (BENCHMARKS.md).
DEFAULT_SAMPLES: Final = 48
#: A kept choice (the move played) that loses at least this much of a game won against
#: the best on the sampled worlds is confirmed: it and the best are valued again on
#: `CONFIRM_FACTOR` times as many other worlds (`Evaluator`).
#: (0.03: an inaccuracy clear of its threshold, so that any loss that may be a mistake is
#: confirmed: about 9% of the master's decisions in whole games.)
CONFIRM_LOSS: Final = 0.03
CONFIRM_FACTOR: Final = 4
#: A round that runs this many turns in a rollout is called dead (a safety net: greedy
#: players cannot pass one card back and forth, as the rollout never takes a card back).
_MAX_TURNS: Final = 200


@dataclass(frozen=True, slots=True)
class ChoiceValue:
    """A legal choice and the seat's expected chance of winning the game after it."""

    action: Action
    win: float
    #: How many sampled worlds the value rests on.
    samples: int


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal choice of one decision: those valued on every sampled world first, the
    best (highest chance) first, then the ones only screened (`Evaluator`), best first."""

    seat: int
    choices: tuple[ChoiceValue, ...]

    @property
    def best(self) -> ChoiceValue:
        return self.choices[0]

    def value_of(self, action: Action) -> ChoiceValue:
        """The value of ``action`` (one of the legal choices)."""
        for choice in self.choices:
            if choice.action == action:
                return choice
        raise KeyError(str(action))

    def loss(self, action: Action) -> float:
        """How much game-win chance ``action`` gives away against the best choice."""
        return max(0.0, self.best.win - self.value_of(action).win)


def _key(view: PlayerView) -> tuple[object, ...]:
    """What identifies a decision's view for the evaluator's cache."""
    return (
        view.player,
        view.round_number,
        view.history,
        view.scores,
        view.hand,
        view.rules,
    )


def _on_top(bit: int, opp: int, stock: list[int]) -> tuple[int, list[int]]:
    """The world (opponent hand, stock) with the card ``bit`` on top of the stock; a card
    of the opponent's hand swaps places with the stock's top."""
    stock = list(stock)
    if bit & opp:
        top = stock[-1]
        opp = (opp ^ bit) | top
        stock[-1] = bit
    else:
        i = stock.index(bit)
        stock[i], stock[-1] = stock[-1], stock[i]
    return opp, stock


class _Sim:
    """One sampled world played out from a decision: bit masks and a stock list."""

    __slots__ = ("hands", "pile", "stock")

    def __init__(self, hands: list[int], pile: list[int], stock: list[int]) -> None:
        self.hands = hands
        self.pile = pile
        self.stock = stock


class Evaluator:
    """Values every legal choice of a seat's decision by sampled play-outs.

    ``samples``: worlds per decision (the budget; more is steadier and slower).
    ``seed``: the random numbers (the same seed and view give the same values).
    ``screen`` and ``finalists``: a discard's choices are screened on ``screen`` worlds
    and the ``finalists`` best valued on all of them (0: every choice on all).
    ``pool``: each world is resampled from this many replayed candidates
    (`MasterConfig.reply_pool`).
    ``confirm`` and ``confirm_factor``: when a choice the caller keeps (the move played)
    loses at least ``confirm`` against the best on the ``samples`` worlds, it and the
    best are valued again on ``confirm_factor`` times as many other worlds, whose values
    replace the first ones (1: never). A loss is the best of
    several noisy values less another, so near a game's end, where a round decides the
    game and each world's value is nearly all or nothing, a good move often loses 0.05
    on 48 worlds by chance alone; the confirmation makes the losses the review grades
    steady where they count, at the cost of a few decisions only.

    An evaluator keeps the last decision's worlds (a draw's luck reuses them): use one per
    thread or process.
    """

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        *,
        seed: int | str = 0,
        screen: int = 12,
        finalists: int = 4,
        pool: int = 4,
        config: MasterConfig | None = None,
        confirm: float = CONFIRM_LOSS,
        confirm_factor: int = CONFIRM_FACTOR,
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if confirm_factor < 1:
            raise ValueError("confirm_factor must be at least 1")
        self.confirm = confirm
        self.confirm_factor = confirm_factor
        self.samples = samples
        self.seed = seed
        self.screen = min(screen, samples)
        self.finalists = finalists
        self.config = config if config is not None else MasterConfig()
        #: The belief's settings: the master's, with a smaller pool of replayed samples
        #: per world (`pool`), as the evaluator draws more worlds than play does.
        self._belief = replace(self.config, reply_pool=pool)
        self._cache_key: tuple[object, ...] | None = None
        self._cache_worlds: list[tuple[int, list[int]]] = []
        self._cache_values: dict[Action, float] = {}
        self._more_key: tuple[object, ...] | None = None
        self._more_worlds: list[tuple[int, list[int]]] = []

    @property
    def version(self) -> str:
        """Names the values: the evaluator's version and budget (a cache key)."""
        parts: tuple[object, ...] = (
            VERSION, self.samples, self.screen, self.finalists, self._belief.reply_pool,
        )  # fmt: skip
        if self.confirm_factor > 1:
            parts = (*parts, f"c{self.confirm:g}x{self.confirm_factor}")
        return ":".join(str(p) for p in (*parts, self.seed))

    # --- the worlds ----------------------------------------------------------------
    def worlds(self, view: PlayerView) -> list[tuple[int, list[int]]]:
        """The sampled (opponent hand, stock with the top last) worlds of a decision, from
        the view alone (the last decision's are kept: a draw's luck reuses them)."""
        key = _key(view)
        if self._cache_key == key:
            return self._cache_worlds
        worlds = self._sample(view, "evaluator", self.samples)
        self._cache_key, self._cache_worlds, self._cache_values = key, worlds, {}
        return worlds

    def more_worlds(self, view: PlayerView) -> list[tuple[int, list[int]]]:
        """The worlds a confirmation values choices on (``confirm_factor`` times as many
        as `worlds`, from random numbers of their own: the view and the seed alone)."""
        key = _key(view)
        if self._more_key == key:
            return self._more_worlds
        more = self._sample(view, "evaluator-more", self.confirm_factor * self.samples)
        self._more_key, self._more_worlds = key, more
        return more

    def _sample(self, view: PlayerView, stream: str, n: int) -> list[tuple[int, list[int]]]:
        """``n`` worlds of ``view`` from the random numbers named ``stream`` (with the seed
        and the view's place in the game: the same worlds for the same decision)."""
        config = self.config
        reading = read_view(view, config.discard_w, config.pass_w, config.take_w)
        rng = random.Random(
            f"{stream}:{self.seed}:{view.round_number}:{len(view.history)}:{view.scores}"
        )
        return replayed(
            self._belief, KnockStyle(), reading, rng, n, view.knock_limit, config.reply_scale
        )

    # --- evaluation ----------------------------------------------------------------
    def evaluate(self, view: PlayerView, keep: Sequence[Action] = ()) -> Evaluation:
        """The value of every legal choice of ``view`` (the seat to act); ``keep``: choices
        valued on all worlds whatever the screening says (the move played)."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError("no decision: it is not this seat's turn")
        worlds = self.worlds(view)
        gv = value_table(view.rules)
        values = {a: self._value(view, a, worlds[: self.screen], gv) for a in legal}
        counts = dict.fromkeys(legal, min(self.screen, len(worlds)))
        if len(worlds) > self.screen:
            ranked = sorted(legal, key=lambda a: -values[a])
            full = ranked if not self.finalists else ranked[: self.finalists]
            for a in (*full, *keep):
                if a in values and counts[a] < len(worlds):
                    values[a] = self._value(view, a, worlds, gv)
                    counts[a] = len(worlds)
        for a in legal:
            if counts[a] == len(worlds):
                self._cache_values[a] = values[a]
        if keep and self.confirm_factor > 1:
            self._confirm(view, keep, values, counts, len(worlds), gv)
        # The choices valued on the most worlds first, best first; then the others (a
        # value on fewer worlds never outranks them).
        ordered = sorted(legal, key=lambda a: (-counts[a], -values[a]))
        return Evaluation(view.player, tuple(ChoiceValue(a, values[a], counts[a]) for a in ordered))

    def _confirm(
        self,
        view: PlayerView,
        keep: Sequence[Action],
        values: dict[Action, float],
        counts: dict[Action, int],
        full: int,
        gv: GameValue,
    ) -> None:
        """Value again, on the `more_worlds` alone, the kept choices that lose at least
        ``confirm`` against the best, and the best: the loss is then read on worlds that
        played no part in picking the best or in showing the loss."""
        valued = [a for a in values if counts[a] == full]
        best = max(valued, key=lambda a: values[a])
        low = [
            a for a in keep if counts.get(a) == full and values[best] - values[a] >= self.confirm
        ]
        if not low:
            return
        more = self.more_worlds(view)
        for a in (best, *low):
            values[a] = self._value(view, a, more, gv)
            counts[a] = len(more)

    def draw_luck(self, view: PlayerView, card: Card) -> float:
        """How much drawing ``card`` from the stock changed the seat's game-win chance
        against the average card: the value of the draw with ``card`` on top of the
        sampled stocks that hold it, less the value of the draw over the sampled tops.
        ``view`` is the seat's view before the draw.

        The worlds whose opponent hand holds ``card`` are left out: they cannot have it
        on top, and what is left are the worlds given that it was in the stock. Moving the
        card from such a hand to the top instead (as version 2 did) gave the opponent a
        random card for one its reading had put there, a weaker hand on average: each
        draw's luck came out +0.0084 ± 0.0025 higher (424 draws of 4 expert-against-expert
        games), some +0.3 of a game per game. If every world gives the card to the
        opponent (its reading was sure, and wrong), the card is moved so after all."""
        worlds = self.worlds(view)
        gv = value_table(view.rules)
        average = self._cache_values.get(DrawStock())
        if average is None:
            average = self._value(view, DrawStock(), worlds, gv)
        forced = [_on_top(card.bit, opp, stock) for opp, stock in worlds if not card.bit & opp]
        if not forced:
            forced = [_on_top(card.bit, opp, stock) for opp, stock in worlds]
        return self._value(view, DrawStock(), forced, gv) - average

    def position(self, view: PlayerView) -> float:
        """The seat's chance of winning the game before the round is dealt."""
        me = view.player
        return value_table(view.rules).win(view.scores[me], view.scores[1 - me])

    # --- play-outs -----------------------------------------------------------------
    def _value(
        self,
        view: PlayerView,
        action: Action,
        worlds: Sequence[tuple[int, list[int]]],
        gv: GameValue,
    ) -> float:
        me = view.player
        mine, theirs = view.scores[me], view.scores[1 - me]
        mult = view.multiplier
        rules = view.rules
        self._limit = view.knock_limit
        self._dead_stock = rules.dead_stock
        self._gin_bonus = rules.gin_bonus
        self._undercut_bonus = rules.undercut_bonus
        self._rules_big_gin = rules.big_gin_bonus
        total = 0.0
        for opp, stock in worlds:
            points = self._play_out(view, action, opp, stock)
            if points > 0:
                total += gv.win(mine + points * mult, theirs)
            elif points < 0:
                total += gv.win(mine, theirs - points * mult)
            else:
                total += gv.win(mine, theirs)
        return total / len(worlds)

    def _play_out(self, view: PlayerView, action: Action, opp: int, stock: list[int]) -> int:
        """My signed points (before the multiplier) when the round goes on from ``view``
        with ``action`` in one world; 0 for a dead round."""
        me = view.player
        hands = [0, 0]
        hands[me] = view.hand_mask
        hands[1 - me] = opp
        pile = [c.bit for c in view.discard_pile]
        sim = _Sim(hands, pile, list(stock))
        if isinstance(action, BigGin):
            return self._big_gin(sim, me, me)
        if isinstance(action, Knock):
            return self._knock(sim, me, me, action.card.bit)
        if isinstance(action, Discard):
            return self._after_discard(sim, me, me, action.card.bit)
        if isinstance(action, TakeDiscard):
            top = sim.pile.pop()
            sim.hands[me] |= top
            return self._discard_turn(sim, me, me, top)
        if isinstance(action, DrawStock):
            sim.hands[me] |= sim.stock.pop()
            return self._discard_turn(sim, me, me, 0)
        assert isinstance(action, Pass)
        if view.phase is Phase.FIRST_UPCARD and me != view.dealer:
            # The dealer may take the upcard; if it passes too I draw from the stock.
            other = 1 - me
            top = sim.pile[-1]
            if self._wants(sim.hands[other], top):
                sim.pile.pop()
                sim.hands[other] |= top
                return self._discard_turn(sim, other, me, top)
            sim.hands[me] |= sim.stock.pop()
            return self._discard_turn(sim, me, me, 0)
        # The dealer passed after the non-dealer did: the non-dealer draws from the stock.
        other = 1 - me
        sim.hands[other] |= sim.stock.pop()
        return self._discard_turn(sim, other, me, 0)

    @staticmethod
    def _wants(hand: int, top: int) -> bool:
        """The greedy rule: take the discard when it lowers the hand's deadwood."""
        return best_discard(hand | top, top)[0] < min_deadwood_mask(hand)

    def _discard_turn(self, sim: _Sim, who: int, me: int, banned: int) -> int:
        """``who`` holds 11 cards: big gin, knock as soon as allowed, else throw the card
        that leaves the least deadwood; then the play goes on."""
        rules_gin = self._rules_big_gin
        hand = sim.hands[who]
        if rules_gin is not None and min_deadwood_mask(hand) == 0:
            return self._big_gin(sim, who, me)
        dw, b = best_discard(hand, banned)
        if dw <= self._limit:
            return self._knock(sim, who, me, b)
        return self._after_discard(sim, who, me, b)

    def _after_discard(self, sim: _Sim, who: int, me: int, card: int) -> int:
        sim.hands[who] ^= card
        sim.pile.append(card)
        turns = 0
        while True:
            if len(sim.stock) <= self._dead_stock or turns > _MAX_TURNS:
                return 0
            turns += 1
            who = 1 - who
            top = sim.pile[-1]
            if self._wants(sim.hands[who], top):
                sim.pile.pop()
                sim.hands[who] |= top
                banned = top
            else:
                sim.hands[who] |= sim.stock.pop()
                banned = 0
            hand = sim.hands[who]
            if self._rules_big_gin is not None and min_deadwood_mask(hand) == 0:
                return self._big_gin(sim, who, me)
            dw, b = best_discard(hand, banned)
            if dw <= self._limit:
                return self._knock(sim, who, me, b)
            sim.hands[who] = hand ^ b
            sim.pile.append(b)

    def _knock(self, sim: _Sim, who: int, me: int, card: int) -> int:
        pts = showdown_points(
            sim.hands[who] ^ card, sim.hands[1 - who], self._gin_bonus, self._undercut_bonus
        )
        return pts if who == me else -pts

    def _big_gin(self, sim: _Sim, who: int, me: int) -> int:
        bonus = self._rules_big_gin or 0
        pts = bonus + min_deadwood_mask(sim.hands[1 - who])
        return pts if who == me else -pts

    # The round's rules, set by `_value` (kept as attributes so that the inner loop reads
    # them without a lookup through the view).
    _limit: int = 10
    _dead_stock: int = 2
    _gin_bonus: int = 25
    _undercut_bonus: int = 25
    _rules_big_gin: int | None = None
