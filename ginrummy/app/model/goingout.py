"""Going out at the table: what `k` and `g` offer, the best first, and when they ask.

A key that goes out never gives up points without a question: with big gin possible,
`g` and `k` ask with big gin as the answer offered first; a knock with a card that does
not leave the least deadwood asks with the best knock offered first (the card selected
offered too when it knocks); a card that cannot knock (or go gin) while others can
asks with the best of those. Only `g` on a card that goes gin, with no big gin in
reach, plays at once: no other move scores more. No Textual, no words but refusals.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import BigGin, Card, Knock, Phase, PlayerView, deadwood_after_discards, min_deadwood
from ...text.cards import card_label
from ...text.i18n import _


@dataclass(frozen=True)
class Exit:
    """One way of going out: the action and the deadwood it leaves (0: gin, big gin)."""

    action: Knock | BigGin
    deadwood: int

    @property
    def card(self) -> Card | None:
        """The card discarded (None for big gin, which keeps all eleven)."""
        return self.action.card if isinstance(self.action, Knock) else None


@dataclass(frozen=True)
class Question:
    """Ask before going out: ``choices`` are the answers (the first is the default, at
    most two), ``others`` the other cards that allow a knock, least deadwood first."""

    choices: tuple[Exit, ...]
    others: tuple[Exit, ...]

    @property
    def default(self) -> Exit:
        return self.choices[0]


@dataclass(frozen=True)
class PlayNow:
    """Go out at once with ``action`` (nothing better is possible), or play it and let
    the core say why it is refused (not the time to go out)."""

    action: Knock | BigGin


@dataclass(frozen=True)
class Refused:
    """Nothing to offer: the reason, in words."""

    reason: str


Answer = Question | PlayNow | Refused


def exits(view: PlayerView) -> list[Exit]:
    """Every knock (gin included) legal now, least deadwood first (then suit and rank)."""
    after = deadwood_after_discards(view.hand)
    knocks = [a for a in view.legal_actions() if isinstance(a, Knock)]
    knocks.sort(key=lambda a: (after[a.card], a.card.index))
    return [Exit(a, after[a.card]) for a in knocks]


def going_out(view: PlayerView | None, selected: Card, key: str, ascii: bool = False) -> Answer:
    """What `k` (``key`` "k") or `g` ("g") does with ``selected`` the card selected."""
    if view is None or view.phase is not Phase.DISCARD or not view.is_my_turn:
        return PlayNow(Knock(selected))
    options = exits(view)
    big = BigGin() in view.legal_actions()
    if key == "g":
        options = [e for e in options if e.deadwood == 0]
        if not options and not big:
            return Refused(gin_refusal(view, selected, ascii))
        if not big and any(e.card is selected for e in options):
            return PlayNow(Knock(selected))
    elif not options and not big:
        return PlayNow(Knock(selected))
    # The selected card first among equals: choosing it costs nothing.
    options.sort(key=lambda e: (e.deadwood, e.card is not selected))
    choices: list[Exit] = [Exit(BigGin(), 0)] if big else []
    if options:
        choices.append(options[0])
    mine = next((e for e in options if e.card is selected), None)
    if mine is not None and mine not in choices and not big:
        choices.append(mine)
    others = tuple(e for e in options if e not in choices)
    return Question(tuple(choices), others)


def gin_refusal(view: PlayerView, card: Card, ascii: bool = False) -> str:
    """Why `g` cannot go gin with ``card`` when no card goes gin."""
    label = card_label(card, ascii)
    if card is view.banned_card:
        return _("No gin with {card}: you just took it from the discard pile.").format(card=label)
    left = min_deadwood([c for c in view.hand if c is not card])
    return _("No gin: discarding {card} leaves {n} deadwood.").format(card=label, n=left)
