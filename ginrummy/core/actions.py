"""Actions a player takes, and the public events a round records."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card, CardError, parse_card
from .errors import N_, GinRummyError, Phrase

__all__ = [
    "Action",
    "ActionError",
    "BigGin",
    "Discard",
    "DrawStock",
    "Event",
    "EventKind",
    "IllegalActionError",
    "Knock",
    "Pass",
    "TakeDiscard",
    "parse_action",
]


class IllegalActionError(GinRummyError):
    """An action the rules do not allow now; the phrase says why. Nothing was changed."""


class ActionError(GinRummyError):
    """Text that is not an action (`parse_action`): invalid, as opposed to illegal.

    ``code`` says which: ``bad-action`` (not a word the notation has, or a word with the
    wrong number of parts), ``bad-card`` (``discard`` or ``knock`` with a card that cannot
    be read; the `CardError` is the phrase's ``problem``).
    """


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (also: accept the first upcard)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the first upcard."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card face up and end the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard a card face down and go out; with no deadwood left this is gin."""

    card: Card

    def __str__(self) -> str:
        return f"knock {self.card.code}"


@dataclass(frozen=True, slots=True)
class BigGin:
    """Go out with all eleven cards melded, without discarding."""

    def __str__(self) -> str:
        return "big_gin"


Action = DrawStock | TakeDiscard | Pass | Discard | Knock | BigGin

_SIMPLE: dict[str, Action] = {
    "draw": DrawStock(),
    "stock": DrawStock(),
    "take": TakeDiscard(),
    "pass": Pass(),
    "big_gin": BigGin(),
    "biggin": BigGin(),
}


def parse_action(text: str) -> Action:
    """Read an action written as by ``str(action)``: ``draw``, ``take``, ``discard QH``..."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    if len(words) == 2 and words[0] in ("discard", "knock"):
        try:
            card = parse_card(words[1])
        except CardError as exc:
            raise ActionError(
                Phrase(N_("bad action {action}: {problem}"), action=repr(text), problem=exc),
                code="bad-card",
            ) from None
        return Discard(card) if words[0] == "discard" else Knock(card)
    raise ActionError(Phrase(N_("bad action {action}"), action=repr(text)), code="bad-action")


class EventKind(Enum):
    UPCARD = "upcard"
    PASS = "pass"
    TAKE = "take"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class Event:
    """Something both players saw. ``card`` is None when it was face down (a stock draw)."""

    kind: EventKind
    player: int | None
    card: Card | None = None

    def __str__(self) -> str:
        who = "" if self.player is None else f"P{self.player} "
        card = "" if self.card is None else f" {self.card.code}"
        return f"{who}{self.kind.value}{card}"
