"""Cards in running text: ``10♥`` (or ``10H`` where the terminal or the player wants ASCII).

The one card formatter for people (the app and the command line); ``Card.code`` (``TD``) is
the machine form that every parser reads back.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import Card

__all__ = [
    "SUIT_LETTERS",
    "card_label",
    "cards_label",
    "plain_suits",
    "rank_text",
    "shown",
    "suit_text",
]

SUIT_LETTERS = ("S", "H", "D", "C")


def rank_text(card: Card) -> str:
    """The rank as shown on a card: A 2..10 J Q K."""
    return "10" if card.rank == 10 else "A23456789TJQK"[card.rank - 1]


def suit_text(card: Card, ascii: bool) -> str:
    """The suit symbol, or its letter in ASCII mode."""
    return SUIT_LETTERS[card.suit] if ascii else card.symbol


def card_label(card: Card, ascii: bool = False) -> str:
    """A card in running text: ``10♥`` (or ``10H`` in ASCII mode)."""
    return rank_text(card) + suit_text(card, ascii)


def cards_label(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards in running text, separated by spaces: ``7♥ 8♥ 9♥``."""
    return " ".join(card_label(c, ascii) for c in cards)


#: Suit symbols (solid, outlined and with the emoji variation selector) to ASCII letters.
_PLAIN_SUITS = str.maketrans(
    {
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "♤": "S",
        "♡": "H",
        "♢": "D",
        "♧": "C",
        "\ufe0f": None,
    }
)


def plain_suits(text: str) -> str:
    """``text`` with every suit symbol written as its letter: "10♦" becomes "10D".

    The one place the app turns the core's words (refusals, hints, results) into ASCII.
    """
    return text.translate(_PLAIN_SUITS)


def shown(text: str, ascii: bool) -> str:
    """Text as the player reads it: suit symbols as letters in ASCII mode."""
    return plain_suits(text) if ascii else text
