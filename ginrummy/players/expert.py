"""The expert opponent: card tracking, an estimate of the opponent's hand, and look-ahead.

It values a 10-card hand by its deadwood less the improvement one more draw is expected
to bring (over the unseen cards that may still come from the stock; deadwood under a
knock limit of 10 counts for the undercut it may bring, on half the master's curve),
discards to keep that value low while avoiding cards the opponent is likely to use,
takes the discard only when that beats an average stock draw, and times the knock
against the risk of an undercut.

The knock weighs that risk from what the opponent showed. A player who holds out for
gin or an undercut lowers its deadwood with every card it sees: its expected deadwood
falls with the cards it has drawn and the discards it took (melds it showed), and the
chance that it is at or below the knocker's count follows. A player who knocks as soon
as it can is rarely below the limit while it plays on; against it, playing on is
worth more (its knock is likely to be undercut). Which kind the opponent is, the expert
learns over the game from the public scores: knocks of its own that were undercut,
rounds the opponent won by gin, and rounds it ended by a knock in the middle of the
stock. It knocks when the expected points of knocking now beat the value of playing on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..core.actions import Action, BigGin, Discard, DrawStock, EventKind, Knock, Pass, TakeDiscard
from ..core.cards import CARDS, Card, mask_of
from ..core.melds import min_deadwood_mask
from ..core.round import Phase, PlayerView
from .advice import (
    Advice,
    CardRisk,
    DeadCard,
    KnockFacts,
    Option,
    Unit,
    card_risk,
    gin_outs,
    take_facts,
)
from .estimates import (
    UNDERCUT_LIMIT,
    bits,
    curved_deadwood,
    draw_gain,
    knock_outs,
    meld_danger,
    takes_back,
)
from .style import bayes_step, round_key
from .tracking import CardTracker, Tracking

__all__ = ["Advice", "CardTracker", "ExpertPlayer", "KnockOdds", "Tracking"]


class ExpertPlayer:
    """Plays to keep a low, improvable hand, discards safely, and knocks with care."""

    name = "expert"

    #: Weight of the expected one-draw improvement in a hand's value.
    potential_weight = 1.2
    #: At a knock limit of 10, a hand's deadwood is valued on the master's undercut
    #: curve times this (`estimates.curved_deadwood`): each point below the limit is worth
    #: the undercut it may bring at the opponent's knock, not 1.
    undercut_curve = 0.5
    #: How much of the potential weight is gone when the stock is nearly empty.
    late_discount = 0.8
    #: Weight of the danger of feeding the opponent a card.
    danger_weight = 0.9
    #: Take the discard only when it beats an average stock draw by this much.
    take_margin = 0.5
    #: In gin-only rounds (knock limit 0) the race to gin is all: taking a useful discard
    #: matters more than feeding the opponent. Measured on 200 Straight gin games against
    #: simple: 31% won with the knock-game settings, 55% with these.
    gin_only_danger_weight = 0.0
    gin_only_take_margin = -1.0
    #: Against an opponent that waits for gin the round is a race to gin too, whatever the
    #: knock limit: the expert moves from the knock game's discards and takes to these
    #: as its belief that the opponent waits (`waiter_chance`) goes from ``race_from`` to
    #: ``race_full``. The prior (0.62) sits just below, so an opponent not yet read, or one
    #: that knocks (whose knocks lower the belief), meets the knock game's settings.
    race_danger_weight = 0.45
    #: The curve against a player who waits: as in the knock game. (It was 0, no curve,
    #: while the knock model below underrated how often a waiting player undercuts a low
    #: knock: the curve's lower hands were then knocked into undercuts.)
    race_undercut_curve = 0.5
    race_take_margin = -1.0
    race_from = 0.63
    race_full = 0.83
    #: Knock timing: always with this little deadwood, without weighing the undercut.
    #: 0: every knock is weighed. (At 1 it used to be always: against the defensive
    #: yardstick those knocks were undercut 21% of the time, 141 of 684.)
    knock_always_at = 0
    #: A waiting opponent's expected deadwood (after lay-offs): ``fresh_deadwood`` for a
    #: fresh deal, times ``exp(-draw_decay)`` per card it drew from the stock and
    #: ``take_factor`` per discard it took; the deadwood is gamma-distributed (shape 2)
    #: around it, and a share of the hands (``ready_share``) is at gin's door. Fitted by
    #: likelihood on whether a knock would have been undercut at every one of the
    #: expert's 11,952 chances to knock short of gin in 500 games against the defensive
    #: yardstick (EAAI rules, seed 1; knocked or not, the opponent's true hand settled
    #: against it; `research/expert_knocks.py`): log-likelihood -0.577 a chance, against
    #: -0.928 for the model before (60, 0.3, 0.85, no ready share), which was fitted on
    #: the knocks made alone and called a knock of 1 after 6-8 draws undercut 6% of the
    #: time where it was 22%.
    fresh_deadwood = 80.0
    draw_decay = 0.15
    take_factor = 0.55
    #: The share of waiting opponents already ready to undercut any knock (at or near 0
    #: after lay-offs) once they have drawn many cards: ``ready_share * (1 -
    #: exp(-ready_rate * draws))`` of them undercut whatever the knock's deadwood.
    ready_share = 0.3
    ready_rate = 0.2
    #: The chance that an opponent who knocks whenever it can undercuts a knock of 10
    #: (only lay-offs bring it under the limit); smaller knocks in proportion.
    eager_undercut = 0.04
    #: How likely each kind of opponent wins a round it wins by gin rather than by a
    #: knock, as (waiting, eager). Measured: the defensive yardstick about half of them,
    #: eaai and simple a few percent. (Whether a knock of mine is undercut is weighed by
    #: the chances the two models gave it when it was made.)
    evidence_gin = (0.5, 0.05)
    #: Rounds the opponent ended with the stock still this full say nothing of its style
    #: (every kind knocks a good early hand).
    evidence_after_stock = 22
    #: The belief, before any evidence, that the opponent waits (as log-odds): leaning
    #: to caution, since an undercut costs more than a knock brings.
    waiter_prior = 0.5
    #: Knock when its expected points beat this, the value of playing on against a
    #: waiting opponent; it shrinks with the stock (fewer draws left to improve with).
    wait_value = 8.0
    #: The same against an opponent that knocks as soon as it can, mixed with
    #: ``wait_value`` by `waiter_chance`: playing on keeps the chance to undercut its
    #: knock, 25 points and more, where a knock of its own wins a few. Against eaai
    #: (1000 games, seed 1) 8 won 717 games, 14 684, 20 717, 30 741, 45 763, 70 761 and
    #: 120 768: the expert then knocks about once a game and undercuts eaai's knocks.
    eager_wait_value = 45.0
    #: A round the opponent ended by a knock with the stock (at my last discard) below
    #: ``evidence_after_stock`` and above ``evidence_knock_above`` says it knocks when
    #: it can: the chances of such a knock ending a round under each style (waiting,
    #: eager). A waiting player knocks a good early hand or at the stock's end, seldom
    #: between. None: such knocks say nothing.
    evidence_knock: tuple[float, float] | None = (0.1, 0.6)
    evidence_knock_above = 7
    #: Extra value of a draw that would let the hand knock (racing the opponent out).
    knock_bonus = 6.0

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        # What the game so far says of the opponent's style (see `_observe`).
        self._round_key: tuple[object, ...] | None = None
        self._round_scores: tuple[int, int] = (0, 0)
        self._round_multiplier = 1
        #: The undercut chances (waiting, eager) of my knock this round, if I knocked.
        self._knocked_with: tuple[float, float] | None = None
        self._my_deadwood: int | None = None
        self._last_stock = 31
        #: Log-odds that the opponent is a waiting one.
        self._waiter_log_odds = self.waiter_prior

    # --- evaluation ----------------------------------------------------------
    def _expected_gain(
        self, hand: int, tracking: Tracking, stock_size: int, knock_limit: int
    ) -> float:
        """Expected drop in deadwood from one stock draw (with the best discard after it),
        counting a draw that lets the hand knock as worth ``knock_bonus`` more."""
        return draw_gain(
            hand, tracking, stock_size, knock_limit=knock_limit, knock_bonus=self.knock_bonus
        )

    def _danger(self, card: Card, tracking: Tracking) -> float:
        """How likely the opponent can meld ``card`` (from what it is known or likely to hold)."""
        return meld_danger(card, tracking)

    def _value(self, hand: int, tracking: Tracking, stock_size: int, knock_limit: int) -> float:
        dw = min_deadwood_mask(hand)
        # Potential is worth less as the stock runs down: fewer draws remain to use it.
        weight = self.potential_weight * (1.0 - self.late_discount * (1.0 - stock_size / 31.0))
        cost = float(dw)
        if knock_limit == UNDERCUT_LIMIT:
            lam = self._race_blend(self.undercut_curve, self.race_undercut_curve, 0.0, knock_limit)
            if lam:
                cost = curved_deadwood(lam, dw)
        return cost - weight * self._expected_gain(hand, tracking, stock_size, knock_limit)

    def _race_blend(
        self, knock_game: float, racing: float, gin_only: float, knock_limit: int
    ) -> float:
        """A setting for this round: ``gin_only`` in a gin-only round, else between its
        knock-game and racing values as far as the belief that the opponent waits says."""
        if not knock_limit:
            return gin_only
        if racing == knock_game:  # the undercut curve, as it stands: no belief to weigh
            return knock_game
        race = (self.waiter_chance - self.race_from) / (self.race_full - self.race_from)
        race = min(1.0, max(0.0, race))
        return knock_game + race * (racing - knock_game)

    def _best_discard(
        self,
        hand11: int,
        banned: Card | None,
        tracking: Tracking,
        stock_size: int,
        knock_limit: int,
    ) -> tuple[Card, float]:
        best_card: Card | None = None
        best_score = 1e9
        for score, card in self._weighed(hand11, banned, tracking, stock_size, knock_limit):
            if score < best_score - 1e-9 or (
                abs(score - best_score) <= 1e-9
                and best_card is not None
                and card.value > best_card.value
            ):
                best_card, best_score = card, score
        assert best_card is not None
        return best_card, best_score

    # --- decisions -------------------------------------------------------------
    def choose(self, view: PlayerView) -> Action:
        self._observe(view)
        action = self._decide(view)[0]
        if isinstance(action, Knock):
            hand10 = view.hand_mask ^ action.card.bit
            if min_deadwood_mask(hand10):
                p_wait, p_eager, _mean = self.undercut_chances(
                    min_deadwood_mask(hand10), view, CardTracker.track(view)
                )
                self._knocked_with = (p_wait, p_eager)
        elif isinstance(action, Discard):
            self._my_deadwood = min_deadwood_mask(view.hand_mask ^ action.card.bit)
            self._last_stock = view.stock_size
        return action

    def _observe(self, view: PlayerView) -> None:
        """At a new round, read how the last one ended from the scores.

        My knock followed by points for the opponent was undercut; points for the
        opponent when I did not knock, more than my deadwood could give, were a gin.
        Both show an opponent that waits; my knocks that scored, its plain knocks and
        its knocks I undercut show one that does not.
        """
        key = round_key(view)
        if key == self._round_key:
            return
        if self._round_key is not None:
            me, opp = view.player, view.opponent
            gained = view.scores[opp] - self._round_scores[opp]
            mine = view.scores[me] - self._round_scores[me]
            if gained >= 0 and mine >= 0 and (gained or mine):  # a new game resets scores
                if self._knocked_with is not None:
                    self._learn(self._knocked_with, gained > 0)
                elif gained and self._my_deadwood is not None:
                    self._opponent_went_out(
                        gained, self._my_deadwood * self._round_multiplier, self._last_stock
                    )
        self._round_key = key
        self._round_scores = view.scores
        self._round_multiplier = view.multiplier
        self._knocked_with = None
        self._my_deadwood = None
        self._last_stock = 31

    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Learn from rounds played before this player sat down (their last views from its
        seat: a restored game, the earlier games of a match) what `_observe` learns from
        each round it plays: whether its knocks were undercut, weighed by the chances its
        model gave them from the round's history, and the opponent's gins after long
        rounds."""
        for view in rounds:
            result = view.result
            if result is None or not result.points:
                continue
            me = view.player
            mine = min_deadwood_mask(mask_of(result.hands[me]))
            if result.knocker == me:
                if mine:
                    p_wait, p_eager, _mean = self.undercut_chances(
                        mine, view, CardTracker.track(view)
                    )
                    self._learn((p_wait, p_eager), result.winner != me)
            elif (
                result.winner == view.opponent
                and (stock := _stock_at_last_discard(view)) is not None
            ):
                self._opponent_went_out(result.points, mine * result.multiplier, stock)

    def _opponent_went_out(self, points: int, my_deadwood_points: int, stock: int) -> None:
        """Learn from a round the opponent won by going out, ``points`` to it, when my
        hand's deadwood was worth ``my_deadwood_points`` and the stock held ``stock`` at my
        last discard. More than my deadwood was a gin; no more, a knock. Rounds ended
        with the stock still full say nothing (every kind goes out with a good early
        hand); a gin after that shows a waiting player, a knock before the stock's end
        an eager one (a waiting player knocks too, when the stock runs out)."""
        if stock >= self.evidence_after_stock:
            return
        if points > my_deadwood_points:
            self._learn(self.evidence_gin, True)
        elif self.evidence_knock is not None and self.evidence_knock_above < stock:
            self._learn(self.evidence_knock, True)

    def _learn(self, likelihood: tuple[float, float], happened: bool) -> None:
        """Bayes: update the belief that the opponent waits by one observation."""
        self._waiter_log_odds = bayes_step(self._waiter_log_odds, likelihood, happened)

    @property
    def waiter_chance(self) -> float:
        """The belief that the opponent holds out for gin or an undercut."""
        return 1.0 / (1.0 + math.exp(-self._waiter_log_odds))

    def _decide(self, view: PlayerView) -> tuple[Action, Tracking]:
        """The move, and the tracking it read (`choose` plays it; `advise` says why)."""
        tracking = CardTracker.track(view)
        hand = view.hand_mask
        stock = view.stock_size
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            top = view.top_discard
            first = view.phase is Phase.FIRST_UPCARD
            if not first and view.stock_only:
                return DrawStock(), tracking
            assert top is not None
            if self._should_take(hand, top, tracking, stock, view.knock_limit) and not takes_back(
                view, top
            ):
                return TakeDiscard(), tracking
            return (Pass() if first else DrawStock()), tracking
        if view.rules.big_gin_bonus is not None and min_deadwood_mask(hand) == 0:
            return BigGin(), tracking
        # Going out: gin if any discard allows it, else a knock when it is worth it.
        outs = knock_outs(view)
        if outs:
            dw, b = outs[0]
            card = Card.from_bit(b)
            if dw == 0 or self._should_knock(dw, view, tracking, hand ^ card.bit):
                return Knock(card), tracking
        card, _score = self._best_discard(hand, view.banned_card, tracking, stock, view.knock_limit)
        return Discard(card), tracking

    def advise(self, view: PlayerView) -> Advice:
        """What the expert would do now in this seat, with the facts behind it."""
        action, tracking = self._decide(view)
        hand = view.hand_mask
        stock = view.stock_size
        if isinstance(action, BigGin):
            return Advice(action, Unit.HAND_COST, (Option(action, 0.0),), stock, 0)
        if isinstance(action, TakeDiscard | Pass | DrawStock):
            return self._draw_advice(view, action, tracking)
        outs = knock_outs(view)
        if isinstance(action, Knock):
            going = self._knock_facts(view, action.card, tracking)
            if not going.deadwood:  # gin
                return Advice(action, Unit.HAND_COST, (Option(action, 0.0),), stock, 0)
            best, _score = self._best_discard(
                hand, view.banned_card, tracking, stock, view.knock_limit
            )
            weighed = (
                Option(action, going.knock_value),
                Option(Discard(best), going.play_on_value),
            )
            return Advice(action, Unit.POINTS, weighed, stock, going.deadwood, knock=going)
        assert isinstance(action, Discard)
        card = action.card
        scores = self._discard_scores(hand, view.banned_card, tracking, stock, view.knock_limit)
        ranked = [(sc, c) for sc, c in scores if c is card] + [
            (sc, c) for sc, c in scores if c is not card
        ]
        options = tuple(Option(Discard(c), sc) for sc, c in ranked[:5])
        held = tracking.opponent_known
        risks = tuple(
            card_risk(c, hand, self._danger(c, tracking), held, tracking.opponent_rejected)
            for _sc, c in ranked[:5]
        )
        knock = self._knock_facts(view, Card.from_bit(outs[0][1]), tracking) if outs else None
        return discard_advice(action, Unit.HAND_COST, options, stock, hand, tracking, risks, knock)

    def _knock_facts(self, view: PlayerView, card: Card, tracking: Tracking) -> KnockFacts:
        """A knock with ``card``: its deadwood and the chance of an undercut (`knock_odds`)."""
        hand10 = view.hand_mask ^ card.bit
        deadwood = min_deadwood_mask(hand10)
        odds = self.knock_odds(hand10, view, tracking)
        return KnockFacts(
            card,
            deadwood,
            odds.undercut_chance if deadwood else 0.0,
            Unit.POINTS,
            odds.expected_points,
            self._wait_value(view),
            opponent_knocks_early=self.waiter_chance < 0.5,
        )

    def _draw_advice(self, view: PlayerView, action: Action, tracking: Tracking) -> Advice:
        hand = view.hand_mask
        deadwood = min_deadwood_mask(hand)
        top = view.top_discard
        stock = view.stock_size
        if top is None or (view.phase is Phase.DRAW and view.stock_only):
            option = Option(action, float(deadwood))
            return Advice(action, Unit.HAND_COST, (option,), stock, deadwood)
        best_after, stock_value = self._take_values(hand, top, tracking, stock, view.knock_limit)
        facts = take_facts(hand, top)
        decline: Action = Pass() if view.phase is Phase.FIRST_UPCARD else DrawStock()
        take = Option(TakeDiscard(), best_after)
        other = Option(decline, stock_value)
        taking = isinstance(action, TakeDiscard)
        options = (take, other) if taking else (other, take)
        dw = facts.deadwood_after if taking else deadwood
        return Advice(action, Unit.HAND_COST, options, stock, dw, take=facts)

    def _discard_scores(
        self,
        hand11: int,
        banned: Card | None,
        tracking: Tracking,
        stock_size: int,
        knock_limit: int,
    ) -> list[tuple[float, Card]]:
        """(score, card) of every legal discard as `_best_discard` weighs them, lowest
        (best) first, the higher card first among equals."""
        out = list(self._weighed(hand11, banned, tracking, stock_size, knock_limit))
        out.sort(key=lambda t: (t[0], -t[1].value))
        return out

    def _weighed(
        self,
        hand11: int,
        banned: Card | None,
        tracking: Tracking,
        stock_size: int,
        knock_limit: int,
    ) -> Iterator[tuple[float, Card]]:
        """(score, card) of each legal discard in card order: the hand's value after it,
        plus its danger of feeding the opponent, weighted by the race."""
        danger_weight = self._race_blend(
            self.danger_weight, self.race_danger_weight, self.gin_only_danger_weight, knock_limit
        )
        for b in bits(hand11):
            card = Card.from_bit(b)
            if card is banned:
                continue
            score = self._value(hand11 ^ b, tracking, stock_size, knock_limit)
            if danger_weight:
                score += danger_weight * self._danger(card, tracking) * card.value
            yield score, card

    def _take_values(
        self, hand: int, top: Card, tracking: Tracking, stock: int, knock_limit: int
    ) -> tuple[float, float]:
        """(the best hand value after taking ``top``, the value of a stock draw less the
        margin a take must beat it by): `_should_take` takes when the first is lower."""
        with_top = hand | top.bit
        # The best hand after taking it (the taken card may not go straight back).
        best_after = 1e9
        for b in bits(hand):
            v = self._value(with_top ^ b, tracking, stock - 1, knock_limit)
            if v < best_after:
                best_after = v
        now = min_deadwood_mask(hand)
        gain = self._expected_gain(hand, tracking, stock, knock_limit)
        # A stock draw is worth its expected gain; taking also tells the opponent something.
        stock_value = now - gain - self.potential_weight * gain
        margin = self._race_blend(
            self.take_margin, self.race_take_margin, self.gin_only_take_margin, knock_limit
        )
        return best_after, stock_value - margin

    def _should_take(
        self, hand: int, top: Card, tracking: Tracking, stock: int, knock_limit: int
    ) -> bool:
        best_after, stock_value = self._take_values(hand, top, tracking, stock, knock_limit)
        return best_after < stock_value

    def _should_knock(
        self, deadwood: int, view: PlayerView, tracking: Tracking, hand10: int
    ) -> bool:
        """Knock when the expected points of knocking now beat playing on."""
        if deadwood <= self.knock_always_at:
            return True
        odds = self.knock_odds(hand10, view, tracking)
        return odds.expected_points >= self._wait_value(view)

    def _wait_value(self, view: PlayerView) -> float:
        """What declining a knock is worth: the chances to improve that the stock still
        holds (nothing with the stock all but gone)."""
        left = max(0, view.stock_size - view.rules.dead_stock)
        pi = self.waiter_chance
        wait = pi * self.wait_value + (1.0 - pi) * self.eager_wait_value
        return wait * min(1.0, left / 20.0)

    def undercut_chances(
        self, k: int, view: PlayerView, tracking: Tracking
    ) -> tuple[float, float, float]:
        """The chance that a knock with ``k`` is undercut by a waiting opponent and by an
        eager one, and the waiting one's mean deadwood."""
        drawn = 0
        for ev in view.history:
            if ev.player == view.opponent and ev.kind is EventKind.DRAW:
                drawn += 1
        takes = tracking.opponent_took.bit_count()
        mean = self.fresh_deadwood * math.exp(-self.draw_decay * drawn)
        mean = max(0.5, mean * self.take_factor**takes)
        x = 2.0 * k / mean
        p_wait = 1.0 - math.exp(-x) * (1.0 + x)
        if self.ready_share:
            ready = self.ready_share * (1.0 - math.exp(-self.ready_rate * drawn))
            p_wait = ready + (1.0 - ready) * p_wait
        return p_wait, self.eager_undercut * k / 10.0, mean

    def knock_odds(self, hand10: int, view: PlayerView, tracking: Tracking) -> KnockOdds:
        """What knocking with ``hand10`` now is expected to bring.

        A waiting opponent's deadwood after lay-offs is taken as gamma-distributed
        (shape 2) around a mean that falls with each card it drew and each discard it
        took; an eager one is under the limit only through lay-offs. The two are mixed
        by `waiter_chance`.
        """
        k = min_deadwood_mask(hand10)
        p_wait, p_eager, mean = self.undercut_chances(k, view, tracking)
        theta = mean / 2.0
        x = k / theta
        # Its expected deadwood when it is over ``k`` (the gamma's conditional mean).
        over_wait = theta * (x * x + 2 * x + 2) / (1 + x)
        # An eager opponent still playing is over the limit: about the limit and more.
        over_eager = max(mean, view.knock_limit + 8.0)
        pi = self.waiter_chance
        p = pi * p_wait + (1 - pi) * p_eager
        gain = pi * (1 - p_wait) * (over_wait - k) + (1 - pi) * (1 - p_eager) * (over_eager - k)
        loss = p * (view.rules.undercut_bonus + k / 2.0)
        deadwood = pi * (p_wait * k / 2 + (1 - p_wait) * over_wait) + (1 - pi) * over_eager
        return KnockOdds(gain - loss, p, deadwood)


def _stock_at_last_discard(view: PlayerView) -> int | None:
    """The stock's size when ``view``'s seat last discarded in its round (None if it never
    did): the stock now and every card drawn from it since."""
    drawn = 0
    for ev in reversed(view.history):
        if ev.kind is EventKind.DISCARD and ev.player == view.player:
            return view.stock_size + drawn
        if ev.kind is EventKind.DRAW:
            drawn += 1
    return None


@dataclass(frozen=True, slots=True)
class KnockOdds:
    """What a knock is expected to bring, from the model of the opponent (`knock_odds`)."""

    #: Mean points for the knocker (negative: the undercuts cost more than the wins bring).
    expected_points: float
    #: The chance that the knock is undercut.
    undercut_chance: float
    #: The opponent's expected deadwood after its lay-offs.
    opponent_deadwood: float


def discard_advice(
    action: Discard,
    unit: Unit,
    options: tuple[Option, ...],
    stock: int,
    hand: int,
    tracking: Tracking,
    risks: tuple[CardRisk, ...],
    knock: KnockFacts | None,
) -> Advice:
    """The advice to discard ``action``'s card from ``hand`` (11 cards), with the facts of
    the hand left: its deadwood, its gin outs, whether the card thrown is dead."""
    hand10 = hand ^ action.card.bit
    return Advice(
        action,
        unit,
        options,
        stock,
        min_deadwood_mask(hand10),
        gin_outs=gin_outs(hand10, tracking.unseen),
        risks=risks,
        knock=knock,
        dead=dead_card(action.card, hand, tracking),
    )


def dead_card(card: Card, hand: int, tracking: Tracking) -> DeadCard | None:
    """``card`` as no meld can ever use it (cards gone to the discard pile), or None."""
    live = tracking.unseen | tracking.opponent_known | hand
    same_rank = [o for o in CARDS if o.rank == card.rank and o is not card]
    gone_rank = [o for o in same_rank if not live & o.bit]
    if len(gone_rank) < 2:
        return None
    neighbours = []
    for r in (card.rank - 2, card.rank - 1, card.rank + 1, card.rank + 2):
        if 1 <= r <= 13:
            neighbours.append(Card(r, card.suit))
    alive = {n.rank for n in neighbours if live & n.bit}
    r = card.rank
    if (r - 1 in alive and (r - 2 in alive or r + 1 in alive)) or (
        r + 1 in alive and r + 2 in alive
    ):
        return None
    gone_run = tuple(x for x in neighbours if not live & x.bit and abs(x.rank - r) == 1)
    return DeadCard(card, len(gone_rank), gone_run)
