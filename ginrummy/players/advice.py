"""A suggested move with the facts behind it: what a player's `advise` returns for a hint.

The advice is data, never words: the move, the alternatives with their values (in the
unit the player weighs them in, named by `Unit`), and the facts a person can check at the
table (the chance a discard feeds the opponent and the cards that say so, the deadwood
left, the cards that would give gin, a knock's undercut risk with the stock's size).
`ginrummy.text.hints` puts them into words, in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import Action
from ..core.cards import Card, cards_from_mask
from ..core.melds import best_melding_mask, min_deadwood_mask
from .fastsim import best_discard
from .tracking import MELD_PARTNERS

__all__ = [
    "Advice",
    "CardRisk",
    "DeadCard",
    "KnockFacts",
    "Option",
    "TakeFacts",
    "Unit",
    "card_risk",
    "gin_outs",
    "take_facts",
]


class Unit(StrEnum):
    """What an `Option`'s value measures."""

    #: The cost of the hand kept, in deadwood points, less what the coming draws are
    #: expected to bring (the expert's and the master's hand value): lower is better.
    HAND_COST = "hand-cost"
    #: Points the round is expected to bring to the adviser (the master's knock fit):
    #: higher is better.
    POINTS = "points"
    #: The chance of winning the game, 0-1: higher is better.
    WIN_CHANCE = "win-chance"

    @property
    def higher_is_better(self) -> bool:
        """Whether a larger value is a better choice."""
        return self is not Unit.HAND_COST


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice and its value in the advice's `Unit`."""

    action: Action
    value: float


@dataclass(frozen=True, slots=True)
class CardRisk:
    """What throwing one card gives away, and what it leaves."""

    card: Card
    #: The chance, 0-1, that the opponent can meld the card with what it holds.
    feed_chance: float
    #: Cards the opponent took from the pile and still holds that could meld with it
    #: (what makes it dangerous).
    took: tuple[Card, ...]
    #: Cards the opponent threw away or passed that could have melded with it (what makes
    #: it safer).
    passed: tuple[Card, ...]
    #: The adviser's deadwood after throwing it.
    deadwood_after: int


@dataclass(frozen=True, slots=True)
class DeadCard:
    """A card no meld can use any more: the cards of its rank and the run neighbours gone
    to the discard pile."""

    card: Card
    #: How many of the other three cards of its rank are gone (2 or 3).
    rank_gone: int
    #: Its next neighbours in the suit that are gone (one or two cards).
    neighbours_gone: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TakeFacts:
    """What the card on the discard pile would do for the hand."""

    card: Card
    #: The other cards of the meld it would make (empty: it makes none).
    meld: tuple[Card, ...]
    #: Whether that meld is a run (else a set).
    run: bool
    #: The hand's deadwood now, and after taking the card and throwing the best one.
    deadwood_before: int
    deadwood_after: int
    #: Whether it could join a meld with some card in the hand (as a partner).
    fits: bool


@dataclass(frozen=True, slots=True)
class KnockFacts:
    """A knock the hand could make now (taken or declined)."""

    #: The card to knock with, and the deadwood left.
    card: Card
    deadwood: int
    #: The chance, 0-1, that the opponent undercuts it (goes as low or lower after its
    #: lay-offs).
    undercut_chance: float
    #: What knocking and playing on are worth, in ``unit``: the knock is made when the
    #: first is the better (by the player's own margin).
    unit: Unit
    knock_value: float
    play_on_value: float
    #: Whether the opponent is read as one that knocks as soon as it can (playing on
    #: keeps the chance to undercut its knock).
    opponent_knocks_early: bool = False


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested action and the facts behind it, for a hint to a human player."""

    action: Action
    #: What the options' values measure.
    unit: Unit
    #: The action and the alternatives weighed against it, with their values, best first
    #: (the action first). A forced move has one.
    options: tuple[Option, ...]
    #: Cards left in the stock: the stage of the round.
    stock: int
    #: The adviser's deadwood after the move (after the best discard for a draw).
    deadwood: int
    #: Unseen cards that would give gin at the next draw, after the move (for a discard or
    #: a knock declined; 0 otherwise).
    gin_outs: int = 0
    #: For a discard: what each discard among the options gives away, in the options'
    #: order (the card thrown first, then the next discard weighed: the runner-up's,
    #: unless the runner-up is a knock).
    risks: tuple[CardRisk, ...] = ()
    #: For a take, pass or draw: what the card on the pile would do (None: only the
    #: stock may be drawn).
    take: TakeFacts | None = None
    #: The best knock, taken (the action is that knock) or declined (the action is a
    #: discard); None when the hand cannot knock or goes gin.
    knock: KnockFacts | None = None
    #: Set when the discard is a card no meld can use.
    dead: DeadCard | None = None
    #: The adviser's hand at the decision, where the advice names the other moves weighed
    #: (a knock that goes gin is named as gin); empty when not given.
    hand: tuple[Card, ...] = ()

    @property
    def runner_up(self) -> Option | None:
        """The best alternative to the action, if one was weighed."""
        return self.options[1] if len(self.options) > 1 else None

    @property
    def risk(self) -> CardRisk | None:
        """What the discard gives away (None for other moves)."""
        return self.risks[0] if self.risks else None

    @property
    def runner_up_risk(self) -> CardRisk | None:
        """What the best other discard weighed would give away, if there is one."""
        return self.risks[1] if len(self.risks) > 1 else None


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(cards_from_mask(mask))


def take_facts(hand: int, top: Card) -> TakeFacts:
    """What taking ``top`` would do for ``hand`` (10 cards): the meld it makes, if any,
    and the deadwood before and after the best discard that follows."""
    with_top = hand | top.bit
    melds, _dead, _points = best_melding_mask(with_top)
    meld: tuple[Card, ...] = ()
    run = False
    for m in melds:
        if m & top.bit:
            meld = _cards(m ^ top.bit)
            run = all(c.suit == top.suit for c in meld)
            break
    before = min_deadwood_mask(hand)
    after = min(min_deadwood_mask(with_top ^ c.bit) for c in cards_from_mask(hand))
    fits = bool(MELD_PARTNERS[top] & hand)
    return TakeFacts(top, meld, run, before, after, fits)


def gin_outs(hand10: int, unseen: int) -> int:
    """How many of the ``unseen`` cards would let ``hand10`` go gin when drawn."""
    count = 0
    for c in cards_from_mask(unseen):
        if MELD_PARTNERS[c] & hand10 and best_discard(hand10 | c.bit, 0)[0] == 0:
            count += 1
    return count


def card_risk(card: Card, hand11: int, feed_chance: float, held: int, rejected: int) -> CardRisk:
    """What throwing ``card`` from ``hand11`` gives away: ``feed_chance`` (the player's
    own reading), and of the cards that could meld with it, those the opponent took and
    holds (``held``) and those it threw away or passed (``rejected``)."""
    partners = MELD_PARTNERS[card]
    return CardRisk(
        card,
        feed_chance,
        _cards(partners & held),
        _cards(partners & rejected & ~held),
        min_deadwood_mask(hand11 ^ card.bit),
    )
