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
from dataclasses import replace

from ...core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ...core.cards import Card
from ...core.melds import min_deadwood_mask
from ...core.round import Phase, PlayerView
from ...text.hints import decline_reason, discard_reason, knock_reason, take_reason
from ...text.i18n import _
from ..advice import Advice
from ..estimates import bits, knock_outs, takes_back
from ..fastsim import NEAR
from ..style import KnockStyle
from .belief import Reading, decision_rng, hazard, read_view
from .config import MasterConfig
from .discards import danger, discard_scores
from .knock import knock_card
from .values import cost_of, gain, potential_weight, value

__all__ = ["MasterPlayer"]

#: Below this chance that the opponent can meld it, a discard is called safe in hints.
_SAFE_DANGER = 0.15


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
        action = self.advise(view).action
        self.style.played(view, action)
        return action

    def advise(self, view: PlayerView) -> Advice:
        """What the master would do now in this seat, with a one-line reason."""
        reading = self._read(view)
        if view.phase is Phase.FIRST_UPCARD or view.phase is Phase.DRAW:
            return self._advise_draw(view, reading)
        return self._advise_discard(view, reading)

    def _read(self, view: PlayerView) -> Reading:
        """What the master reads before a decision, with the hazard that the opponent goes
        out next where it counts (rounds with knocking, while the stock lasts)."""
        config = self.config
        reading = read_view(view, config.discard_w, config.pass_w, config.take_w)
        if config.hazard_scale and view.knock_limit and view.stock_size > view.rules.dead_stock + 1:
            reading = replace(reading, hazard=hazard(config, self.style, self.seed, view, reading))
        return reading

    def _advise_draw(self, view: PlayerView, reading: Reading) -> Advice:
        first = view.phase is Phase.FIRST_UPCARD
        if not first and view.stock_only:
            return Advice(DrawStock(), _("Draw from the stock: both players passed the upcard"))
        top = view.top_discard
        assert top is not None
        hand = view.hand_mask
        best_after, stock_value = self._take_values(view, reading, top)
        if best_after < stock_value - self.config.take_margin and not takes_back(view, top):
            return Advice(TakeDiscard(), take_reason(hand, top))
        fits = bool(NEAR[top.bit] & hand)
        return Advice(Pass() if first else DrawStock(), decline_reason(top, fits, first))

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

    def _advise_discard(self, view: PlayerView, reading: Reading) -> Advice:
        hand = view.hand_mask
        if view.rules.big_gin_bonus is not None and min_deadwood_mask(hand) == 0:
            # TRANSLATORS: the hint key's advice to the player; {card} is a card face (7♥).
            return Advice(BigGin(), _("Big Gin: all eleven cards are in melds"))
        outs = knock_outs(view)
        if outs and outs[0][0] == 0:
            card = Card.from_bit(outs[0][1])
            return Advice(
                Knock(card),
                _("Gin: discard {card} face down, no deadwood left").format(card=card.pretty),
            )
        config = self.config
        rng = decision_rng(self.seed, view)
        discard = discard_scores(config, self.style, view, reading, rng)[0][1]
        if outs:
            knock_bit = knock_card(config, self.style, self.seed, view, reading, outs, discard)
            if knock_bit:
                card = Card.from_bit(knock_bit)
                dw = min_deadwood_mask(hand ^ knock_bit)
                return Advice(Knock(card), knock_reason(card, dw, view.stock_size))
        card = Card.from_bit(discard)
        reason = discard_reason(card, hand, danger(discard, reading) < _SAFE_DANGER)
        if outs:
            reason = _(
                "{reason}; don't knock yet: {deadwood} deadwood this late risks an undercut"
            ).format(reason=reason, deadwood=outs[0][0])
        return Advice(Discard(card), reason)
