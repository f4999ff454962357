"""The master opponent: card reading, hand values and sampled decisions.

Easy decisions are instant: the discard pile is taken when the hand it makes beats an
average stock draw (`values`). The decisions that decide rounds are sampled from what
the master reads of the hidden cards (`belief`): which card to throw (`discards`) and
whether to knock (`knock`). How the opponent ends rounds (`KnockStyle`) tells the master
whether it faces a greedy knocker or a careful player, and both are met differently.
The random numbers come from the seed and the view, so the moves depend only on those.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from ...core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ...core.cards import Card
from ...core.melds import min_deadwood_mask
from ...core.round import Phase, PlayerView
from ..advice import Advice, KnockFacts, Option, Unit, card_risk, gin_outs, take_facts
from ..estimates import bits, knock_outs, takes_back
from ..expert import ExpertPlayer
from ..fastsim import NEAR
from ..style import KnockStyle
from ..tracking import CardTracker
from .belief import Reading, decision_rng, hazard, read_view
from .config import MasterConfig
from .discards import danger, discard_scores
from .knock import KnockChoice, knock_choice
from .values import cost_of, gain, potential_weight, value

__all__ = ["MasterPlayer"]

#: The hint (not the play) weighs each discard's chance of feeding the opponent this many
#: points more than the master's own ranking does, over its closest candidates, when the
#: master's own discard feeds (`HINT_FEEDS`): a hint that throws the opponent the card it
#: is collecting, when a discard of nearly equal value does not, teaches the wrong lesson
#: (the issue's 9♦ right after the computer took 9♠, 10♣ after 10♥, 2♣ after 2♥).
HINT_FEED_WEIGHT: Final = 10.0
#: The master's discard feeds when the chance that the opponent can meld it is at least
#: the first, and the opponent holds a card it took that melds with it, or the chance is
#: at least the second whatever the opponent holds. Below, the hint is the master's move.
HINT_FEEDS: Final = (0.3, 0.6)
#: How many of the master's best discards the hint re-weighs.
HINT_CANDIDATES: Final = 5
#: How many options an advice lists.
ADVICE_OPTIONS: Final = 5


@dataclass(frozen=True, slots=True)
class _Decision:
    """The master's decision and what it weighed on the way (`MasterPlayer.advise` words
    its facts; `choose` plays the action)."""

    action: Action
    reading: Reading
    #: (score, card bit) of the discards, best first (empty before a draw or out).
    scores: list[tuple[float, int]] = field(default_factory=list)
    #: The knocks the rules allow (`estimates.knock_outs`).
    outs: list[tuple[int, int]] = field(default_factory=list)
    knock: KnockChoice | None = None
    #: (best hand value after taking the discard, expected value after a stock draw).
    take: tuple[float, float] | None = None


class MasterPlayer:
    """Plays the game to win it: reads the cards, simulates the decisions that matter."""

    name = "master"

    def __init__(self, seed: int | str = 0, config: MasterConfig | None = None) -> None:
        self.seed = seed
        self.config = config if config is not None else MasterConfig()
        #: How eagerly the opponent knocks, read from the game so far (`choose` feeds it).
        self.style = KnockStyle()

    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Read the opponent's style from rounds played before this player sat down (their
        last views from its seat: a restored game, the earlier games of a match)."""
        self.style.recall(rounds)

    def choose(self, view: PlayerView) -> Action:
        self.style.observe(view)
        action = self._decide(view).action
        self.style.played(view, action)
        return action

    def advise(self, view: PlayerView) -> Advice:
        """What the master would advise now in this seat, with the facts behind it.

        The move is the master's own, except that among its closest discards the hint
        weighs the chance of feeding the opponent more (`HINT_FEED_WEIGHT`)."""
        decision = self._decide(view)
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            return self._draw_advice(view, decision)
        return self._discard_advice(view, decision)

    def _read(self, view: PlayerView) -> Reading:
        """What the master reads before a decision, with the hazard that the opponent goes
        out next where it counts (rounds with knocking, while the stock lasts)."""
        config = self.config
        reading = read_view(view, config.discard_w, config.pass_w, config.take_w)
        if config.hazard_scale and view.knock_limit and view.stock_size > view.rules.dead_stock + 1:
            reading = replace(reading, hazard=hazard(config, self.style, self.seed, view, reading))
        return reading

    # --- the decision (what `choose` plays) ----------------------------------------------
    def _decide(self, view: PlayerView) -> _Decision:
        reading = self._read(view)
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            return self._decide_draw(view, reading)
        return self._decide_discard(view, reading)

    def _decide_draw(self, view: PlayerView, reading: Reading) -> _Decision:
        first = view.phase is Phase.FIRST_UPCARD
        if not first and view.stock_only:
            return _Decision(DrawStock(), reading)
        top = view.top_discard
        assert top is not None
        best_after, stock_value = self._take_values(view, reading, top)
        take = (best_after, stock_value)
        if best_after < stock_value - self.config.take_margin and not takes_back(view, top):
            return _Decision(TakeDiscard(), reading, take=take)
        return _Decision(Pass() if first else DrawStock(), reading, take=take)

    def _take_values(self, view: PlayerView, reading: Reading, top: Card) -> tuple[float, float]:
        """(the best hand value after taking ``top``, the expected value after a stock
        draw)."""
        config = self.config
        hand = view.hand_mask
        stock = view.stock_size
        limit = view.knock_limit
        with_top = hand | top.bit
        best_after = min(value(config, with_top ^ b, reading, stock - 1, limit) for b in bits(hand))
        now = cost_of(config, limit)(hand)
        stock_gain = gain(config, hand, reading, limit) if stock > 0 else 0.0
        weight = potential_weight(config, reading, stock)
        return best_after, now - stock_gain - weight * stock_gain

    def _decide_discard(self, view: PlayerView, reading: Reading) -> _Decision:
        hand = view.hand_mask
        if view.rules.big_gin_bonus is not None and min_deadwood_mask(hand) == 0:
            return _Decision(BigGin(), reading)
        outs = knock_outs(view)
        if outs and outs[0][0] == 0:
            return _Decision(Knock(Card.from_bit(outs[0][1])), reading, outs=outs)
        config = self.config
        rng = decision_rng(self.seed, view)
        scores = discard_scores(config, self.style, view, reading, rng)
        discard = scores[0][1]
        choice = None
        if outs:
            choice = knock_choice(config, self.style, self.seed, view, reading, outs, discard)
            if choice.bit:
                return _Decision(Knock(Card.from_bit(choice.bit)), reading, scores, outs, choice)
        return _Decision(Discard(Card.from_bit(discard)), reading, scores, outs, choice)

    # --- the advice (what a hint shows) --------------------------------------------------
    def _draw_advice(self, view: PlayerView, decision: _Decision) -> Advice:
        hand = view.hand_mask
        deadwood = min_deadwood_mask(hand)
        top = view.top_discard
        if decision.take is None or top is None:
            option = Option(decision.action, float(deadwood))
            return Advice(decision.action, Unit.HAND_COST, (option,), view.stock_size, deadwood)
        best_after, stock_value = decision.take
        facts = take_facts(hand, top)
        first = view.phase is Phase.FIRST_UPCARD
        decline: Action = Pass() if first else DrawStock()
        take = Option(TakeDiscard(), best_after)
        other = Option(decline, stock_value)
        taking = isinstance(decision.action, TakeDiscard)
        options = (take, other) if taking else (other, take)
        return Advice(
            decision.action,
            Unit.HAND_COST,
            options,
            view.stock_size,
            facts.deadwood_after if taking else deadwood,
            take=facts,
        )

    def _discard_advice(self, view: PlayerView, decision: _Decision) -> Advice:
        hand = view.hand_mask
        action = decision.action
        stock = view.stock_size
        if isinstance(action, BigGin):
            return Advice(action, Unit.HAND_COST, (Option(action, 0.0),), stock, 0)
        if not decision.scores:  # gin
            return Advice(action, Unit.HAND_COST, (Option(action, 0.0),), stock, 0)
        reading = decision.reading
        knock = self._knock_facts(view, decision)
        choice = decision.knock
        if isinstance(action, Knock) and choice is not None and knock is not None:
            unit = Unit.WIN_CHANCE if choice.win_chance else Unit.POINTS
            play_on = Discard(Card.from_bit(decision.scores[0][1]))
            weighed = (Option(action, choice.knock_value), Option(play_on, choice.play_on_value))
            return Advice(action, unit, weighed, stock, knock.deadwood, knock=knock)
        scores = self._hint_scores(decision.scores, reading)
        own = decision.scores[0]
        if scores[0] != own:
            # The hint throws another card than the master would: its card is the one to
            # set against the hint's (the runner-up says why not).
            scores = [scores[0], own] + [s for s in scores[1:] if s != own]
        card = Card.from_bit(scores[0][1])
        options = tuple(Option(Discard(Card.from_bit(b)), sc) for sc, b in scores[:ADVICE_OPTIONS])
        held = reading.opponent_known
        risks = tuple(
            card_risk(Card.from_bit(b), hand, danger(b, reading), held, reading.rejected)
            for _sc, b in scores[:ADVICE_OPTIONS]
        )
        hand10 = hand ^ card.bit
        unseen = sum(reading.unseen)
        return Advice(
            Discard(card),
            Unit.HAND_COST,
            options,
            stock,
            min_deadwood_mask(hand10),
            gin_outs=gin_outs(hand10, unseen),
            risks=risks,
            knock=knock,
        )

    def _hint_scores(
        self, scores: list[tuple[float, int]], reading: Reading
    ) -> list[tuple[float, int]]:
        """The master's discard scores, best first; when its own discard feeds the
        opponent (`HINT_FEEDS`), the closest candidates re-ranked with their chance of
        feeding it weighed `HINT_FEED_WEIGHT` more."""
        first = scores[0][1]
        chance = danger(first, reading)
        held = bool(NEAR[first] & reading.opponent_known)
        if chance < HINT_FEEDS[0] or (chance < HINT_FEEDS[1] and not held):
            return scores
        head = [
            (sc + HINT_FEED_WEIGHT * danger(b, reading), sc, b)
            for sc, b in scores[:HINT_CANDIDATES]
        ]
        ranked = [(sc, b) for _w, sc, b in sorted(head)]
        return ranked + scores[HINT_CANDIDATES:]

    def _knock_facts(self, view: PlayerView, decision: _Decision) -> KnockFacts | None:
        """The best knock weighed (taken or declined), with its chance of an undercut
        (None when the hand cannot knock).

        The chance is the expert's model of the opponent's deadwood
        (`ExpertPlayer.undercut_chances`, fitted on real knocks), its waiting and eager
        opponents mixed by the master's own belief that the opponent knocks at once: the
        master's sampled shares rank its knocks, but they are features of its learned fit,
        not chances to show a person."""
        choice = decision.knock
        if choice is None or not choice.knock_bit:
            return None
        hand10 = view.hand_mask ^ choice.knock_bit
        deadwood = min_deadwood_mask(hand10)
        p_wait, p_eager, _mean = ExpertPlayer().undercut_chances(
            deadwood, view, CardTracker.track(view)
        )
        eager = self.style.eager
        return KnockFacts(
            Card.from_bit(choice.knock_bit),
            deadwood,
            (1.0 - eager) * p_wait + eager * p_eager,
            Unit.WIN_CHANCE if choice.win_chance else Unit.POINTS,
            choice.knock_value,
            choice.play_on_value,
            opponent_knocks_early=eager > self.config.eager_from,
        )
