"""The hint giver: the evaluator's best move for the seat to act, with the facts behind it.

`HintGiver.advise(view)` asks the `Evaluator` (`evaluator.py`) for the game-win chance of
every legal choice of the seat's decision, from its view alone, at the review's own budget
and seed (`HINT_SAMPLES`, `HINT_SEED`): the move advised is the evaluator's best, so the
review of the game, which values the same choices on the same sampled worlds, never grades
it below *good* unless a choice it only screened turns out better once valued on every
world (`scripts/hint_bench.py --agreement` measures how often).

The advice is data (`Advice`), in `Unit.WIN_CHANCE`: the options weighed, best first, and
the facts a person can check at the table, read from the view as the master reads it (the
chance that a discard lets the opponent meld it, `master.discards.danger`, and the cards
the opponent took and passed that say so; the deadwood left; the cards that would give
gin; a card no meld can use; a knock's undercut risk by the stock's size).
`ginrummy.text.hints` words it.

Cost: one evaluation (about 80 ms on this 2-core machine, BENCHMARKS.md); the facts cost
a few milliseconds more.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core.actions import Action, BigGin, Discard, Knock, TakeDiscard
from ..core.melds import min_deadwood_mask
from ..core.round import Phase, PlayerView
from .advice import Advice, KnockFacts, Option, Unit, card_risk, gin_outs, take_facts
from .evaluator import DEFAULT_SAMPLES, Evaluation, Evaluator
from .expert import ExpertPlayer, dead_card
from .master.belief import read_view
from .master.config import MasterConfig
from .master.discards import danger
from .style import KnockStyle
from .tracking import CardTracker, Tracking

__all__ = ["ADVICE_OPTIONS", "HINT_SAMPLES", "HINT_SEED", "HintGiver"]

#: Worlds per hint: the review's default budget, which fits play's time (a mean of about
#: 80 ms, the target is 150 ms), so that the hint and the review value a decision alike.
HINT_SAMPLES: Final = DEFAULT_SAMPLES
#: The evaluator's seed for hints: the review's default.
HINT_SEED: Final = 0
#: How many options an advice lists (the move first).
ADVICE_OPTIONS: Final = 5


class HintGiver:
    """Advises the seat to act by the evaluator, and says why with numbers.

    ``samples`` and ``seed``: the evaluator's budget and seed (the review's by default).
    It reads the opponent's style from the rounds it is told (`recall`), to say that an
    opponent knocks early; the move advised never depends on it. Use one per thread."""

    name = "hint"

    def __init__(self, samples: int = HINT_SAMPLES, seed: int | str = HINT_SEED) -> None:
        self.evaluator = Evaluator(samples, seed=seed)
        self.config = MasterConfig()
        #: How eagerly the opponent knocks, read from the rounds recalled.
        self.style = KnockStyle()

    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Read the opponent's style from rounds that ended before the hint was asked."""
        self.style.recall(rounds)

    def advise(self, view: PlayerView) -> Advice:
        """The evaluator's best choice for ``view`` (the seat to act), with its facts."""
        evaluation = self.evaluator.evaluate(view)
        options = tuple(Option(c.action, c.win) for c in evaluation.choices[:ADVICE_OPTIONS])
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            return self._draw_advice(view, evaluation.best.action, options)
        return self._discard_advice(view, evaluation, options)

    # --- a draw ------------------------------------------------------------------------
    def _draw_advice(self, view: PlayerView, action: Action, options: tuple[Option, ...]) -> Advice:
        hand = view.hand_mask
        deadwood = min_deadwood_mask(hand)
        top = view.top_discard
        if top is None or view.stock_only:
            return Advice(action, Unit.WIN_CHANCE, options, view.stock_size, deadwood)
        facts = take_facts(hand, top)
        taking = isinstance(action, TakeDiscard)
        return Advice(
            action,
            Unit.WIN_CHANCE,
            options,
            view.stock_size,
            facts.deadwood_after if taking else deadwood,
            take=facts,
        )

    # --- a discard, a knock or gin -------------------------------------------------------
    def _discard_advice(
        self, view: PlayerView, evaluation: Evaluation, options: tuple[Option, ...]
    ) -> Advice:
        action = evaluation.best.action
        stock = view.stock_size
        hand = view.hand_mask
        if isinstance(action, BigGin):
            return Advice(action, Unit.WIN_CHANCE, options, stock, 0)
        tracking = CardTracker.track(view)
        knock = self._knock_facts(view, evaluation, tracking)
        if isinstance(action, Knock):
            deadwood = min_deadwood_mask(hand ^ action.card.bit)
            return Advice(
                action,
                Unit.WIN_CHANCE,
                options,
                stock,
                deadwood,
                knock=knock if deadwood else None,
            )
        assert isinstance(action, Discard)
        reading = read_view(view, self.config.discard_w, self.config.pass_w, self.config.take_w)
        card = action.card
        # The discards weighed, in the options' order (the move's first).
        discards = [o.action.card for o in options if isinstance(o.action, Discard)]
        risks = tuple(
            card_risk(c, hand, danger(c.bit, reading), reading.opponent_known, reading.rejected)
            for c in discards
        )
        hand10 = hand ^ card.bit
        return Advice(
            action,
            Unit.WIN_CHANCE,
            options,
            stock,
            min_deadwood_mask(hand10),
            gin_outs=gin_outs(hand10, tracking.unseen),
            risks=risks,
            knock=knock,
            dead=dead_card(card, hand, tracking),
        )

    def _knock_facts(
        self, view: PlayerView, evaluation: Evaluation, tracking: Tracking
    ) -> KnockFacts | None:
        """The best knock short of gin (taken or declined), its value against the best
        discard's, and its undercut risk by the stock's size: the expert's model of the
        opponent's deadwood (`ExpertPlayer.undercut_chances`, fitted on real knocks), its
        waiting and eager opponents mixed by the style read (as the master's hint did: a
        share of the evaluator's few worlds is too coarse a figure to show). None when the
        hand cannot knock with deadwood."""
        hand = view.hand_mask
        knocks = [
            c
            for c in evaluation.choices
            if isinstance(c.action, Knock) and min_deadwood_mask(hand ^ c.action.card.bit)
        ]
        if not knocks:
            return None
        best = knocks[0]  # the choices are best first
        assert isinstance(best.action, Knock)
        play_on = next((c for c in evaluation.choices if isinstance(c.action, Discard)), None)
        card = best.action.card
        deadwood = min_deadwood_mask(hand ^ card.bit)
        p_wait, p_eager, _mean = ExpertPlayer().undercut_chances(deadwood, view, tracking)
        eager = self.style.eager
        return KnockFacts(
            card,
            deadwood,
            (1.0 - eager) * p_wait + eager * p_eager,
            Unit.WIN_CHANCE,
            best.win,
            play_on.win if play_on is not None else best.win,
            opponent_knocks_early=self.style.eager > self.config.eager_from,
        )
