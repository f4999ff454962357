"""Errors in the player's language.

The core raises typed errors (`ginrummy.core.errors.GinRummyError`: a `Phrase` of an
English template and its facts); `describe` words any of them, and any `Phrase`, in the
current language. It is how the app and the command line show an error to a person.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cards import Card
from ..core.errors import GinRummyError, Phrase
from .cards import card_label, cards_label
from .i18n import _

__all__ = ["describe", "phrase_text"]


def describe(exc: BaseException) -> str:
    """What ``exc`` says, in the current language, for a person to read."""
    if isinstance(exc, GinRummyError):
        return phrase_text(exc.phrase)
    return str(exc)


def phrase_text(phrase: Phrase | str) -> str:
    """A phrase in the current language (its facts worded too: cards, nested phrases)."""
    if not isinstance(phrase, Phrase):
        return phrase
    facts = {name: _fact(value) for name, value in phrase.facts.items()}
    return _(phrase.template).format(**facts) if phrase.template else ""


def _fact(value: Any) -> Any:
    if isinstance(value, Card):
        return card_label(value)
    if isinstance(value, Phrase):
        return phrase_text(value)
    if isinstance(value, BaseException):
        return describe(value)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Card) for v in value):
        cards: Iterable[Card] = value
        return cards_label(cards)
    return value
