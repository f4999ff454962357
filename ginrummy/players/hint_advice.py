"""The hint's advice from an evaluation: the move, the options and the facts behind them.

`hint.HintGiver` (light to import: the hint key makes one on the UI thread) loads this
module in the worker that computes the hint. `advice_for` asks the `Evaluator` for every
legal choice's chance to win the game and returns the best as an `Advice` in
`Unit.WIN_CHANCE`, with the facts a person can check at the table, read from the view as
the master reads it (the chance that a discard lets the opponent meld it,
`master.discards.danger`, and the cards the opponent took and passed that say so; the
deadwood left; the cards that would give gin; a card no meld can use; a knock's undercut
risk by the stock's size).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..core.actions import Action, BigGin, Discard, Knock, TakeDiscard
from ..core.melds import min_deadwood_mask
from ..core.round import Phase, PlayerView
from .advice import Advice, KnockFacts, Option, Unit, card_risk, take_facts
from .evaluator import Evaluation, Evaluator
from .expert import ExpertPlayer, discard_advice
from .master.belief import read_view
from .master.config import MasterConfig
from .master.discards import danger
from .review import INACCURACY
from .tracking import CardTracker, Tracking

__all__ = ["ADVICE_OPTIONS", "advice_for"]

#: How many options an advice lists (the move first).
ADVICE_OPTIONS: Final = 5
#: The master's settings: how it reads the view, and from what belief an opponent is one
#: that knocks early.
CONFIG: Final = MasterConfig()


def advice_for(
    evaluator: Evaluator, view: PlayerView, eager: float, prefer: Action | None = None
) -> Advice:
    """The move to advise for ``view`` (the seat to act), with its facts; ``eager``: the
    belief that the opponent knocks as soon as it can (`KnockStyle`).

    ``prefer`` (the master's move) is advised when the evaluation grades it good (it
    loses less than `review.INACCURACY` against the evaluator's best): the evaluator's
    greedy play-outs value a decision well enough to catch a move that gives the game
    away, but a player who always followed its best choice would lose to the master.
    Otherwise, and without ``prefer``, the evaluator's best is advised."""
    keep = (prefer,) if prefer is not None else ()
    evaluation = evaluator.evaluate(view, keep)
    action = evaluation.best.action
    if prefer is not None and evaluation.loss(prefer) < INACCURACY:
        action = prefer
    ranked = [c for c in evaluation.choices if c.action == action]
    ranked += [c for c in evaluation.choices if c.action != action]
    options = tuple(Option(c.action, c.win) for c in ranked[:ADVICE_OPTIONS])
    if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
        advice = _draw_advice(view, action, options)
    else:
        advice = _discard_advice(view, action, evaluation, options, eager)
    return replace(advice, hand=view.hand)


# --- a draw ----------------------------------------------------------------------------
def _draw_advice(view: PlayerView, action: Action, options: tuple[Option, ...]) -> Advice:
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
    view: PlayerView,
    action: Action,
    evaluation: Evaluation,
    options: tuple[Option, ...],
    eager: float,
) -> Advice:
    stock = view.stock_size
    hand = view.hand_mask
    if isinstance(action, BigGin):
        return Advice(action, Unit.WIN_CHANCE, options, stock, 0)
    tracking = CardTracker.track(view)
    knock = _knock_facts(view, evaluation, tracking, eager)
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
    reading = read_view(view, CONFIG.discard_w, CONFIG.pass_w, CONFIG.take_w)
    # The discards weighed, in the options' order (the move's first).
    discards = [o.action.card for o in options if isinstance(o.action, Discard)]
    risks = tuple(
        card_risk(c, hand, danger(c.bit, reading), reading.opponent_known, reading.rejected)
        for c in discards
    )
    return discard_advice(action, Unit.WIN_CHANCE, options, stock, hand, tracking, risks, knock)


def _knock_facts(
    view: PlayerView, evaluation: Evaluation, tracking: Tracking, eager: float
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
    return KnockFacts(
        card,
        deadwood,
        (1.0 - eager) * p_wait + eager * p_eager,
        Unit.WIN_CHANCE,
        best.win,
        play_on.win if play_on is not None else best.win,
        opponent_knocks_early=eager > CONFIG.eager_from,
    )
