"""Cards: the 52 interned `Card` values, parsing, and the bit masks the solver uses.

A card's *bit* is ``1 << (suit * 16 + rank - 1)``: each suit owns a 16-bit lane of a
hand mask, so a suit's 13-bit rank pattern is one shift and one AND away.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .errors import N_, GinRummyError, Phrase

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardError",
    "cards_from_mask",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
]

#: Suits in the engine's fixed order (index 0..3).
SUITS: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
#: Rank characters, index 1..13 (index 0 unused).
RANKS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

SUIT_LANE: Final = 16
SUIT_PATTERN: Final = 0x1FFF


class CardError(GinRummyError):
    """A card token could not be read, or a card was given twice.

    ``code`` says which: ``bad-card`` (a token that is not a card, `parse_card`),
    ``repeated-card`` (a card given twice, `parse_cards`), ``no-such-card`` (a rank or suit
    out of range, ``Card(rank, suit)``).
    """


class Card:
    """One playing card. There are exactly 52 instances; compare them with ``==`` or ``is``.

    ``rank`` is 1 (ace) .. 13 (king); ``suit`` is 0..3 in the order spades, hearts,
    diamonds, clubs. ``index`` (0..51) orders the deck by suit then rank.
    """

    __slots__ = ("bit", "index", "rank", "suit", "value")

    rank: int
    suit: int
    index: int
    bit: int
    value: int

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (1 <= rank <= 13 and 0 <= suit <= 3):
            raise CardError(f"no such card: rank {rank}, suit {suit}", code="no-such-card")
        return CARDS[suit * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", suit * 13 + rank - 1)
        object.__setattr__(card, "bit", 1 << (suit * SUIT_LANE + rank - 1))
        object.__setattr__(card, "value", min(rank, 10))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        """``Card.parse('JC')``: evaluates back to the same card."""
        return f"Card.parse({self.code!r})"

    @property
    def code(self) -> str:
        """Canonical two-character text, e.g. ``AS``, ``TD``."""
        return RANKS[self.rank] + SUITS[self.suit]

    @property
    def pretty(self) -> str:
        """Display text with a suit symbol, e.g. ``10♦``, ``A♠``."""
        rank = "10" if self.rank == 10 else RANKS[self.rank]
        return rank + SUIT_SYMBOLS[self.suit]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    @staticmethod
    def from_index(index: int) -> Card:
        return CARDS[index]

    @staticmethod
    def from_bit(bit: int) -> Card:
        return _BY_BIT[bit]

    @staticmethod
    def parse(token: str) -> Card:
        """The card a token names (`parse_card`); raises `CardError` for a bad token."""
        return parse_card(token)


#: All 52 cards, ordered by suit then rank; ``CARDS[c.index] is c``.
CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(rank, suit) for suit in range(4) for rank in range(1, 14)
)
_BY_BIT: Final[dict[int, Card]] = {c.bit: c for c in CARDS}
#: Bit position -> card, for decoding masks quickly (None for unused lane bits).
_BY_POS: Final[tuple[Card | None, ...]] = tuple(
    _BY_BIT.get(1 << pos) for pos in range(4 * SUIT_LANE)
)

_RANK_TOKENS: Final = {
    "A": 1,
    "T": 10,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    **{str(n): n for n in range(2, 10)},
}
_SUIT_TOKENS: Final = {
    "S": 0,
    "H": 1,
    "D": 2,
    "C": 3,
    "♠": 0,
    "♥": 1,
    "♦": 2,
    "♣": 3,
    "♤": 0,
    "♡": 1,
    "♢": 2,
    "♧": 3,
}
_TOKEN_SEPARATORS: Final = str.maketrans({",": " ", ";": " ", "[": " ", "]": " "})


#: Characters that change how a suit is drawn, or mark the text's encoding: not part of a card.
_INVISIBLE = str.maketrans(dict.fromkeys("\ufe0e\ufe0f\ufeff\u200b"))


def parse_card(token: str) -> Card:
    """Read one card: rank ``A 2-9 T 10 J Q K`` then suit ``S H D C`` or a symbol, any case."""
    # An emoji suit (``A♥️``) carries a variation selector; a file may start with a BOM.
    text = token.translate(_INVISIBLE).strip().upper()
    if len(text) >= 2:
        rank = _RANK_TOKENS.get(text[:-1])
        suit = _SUIT_TOKENS.get(text[-1])
        if rank is not None and suit is not None:
            return CARDS[suit * 13 + rank - 1]
    raise CardError(
        Phrase(
            # TRANSLATORS: {token} is what the player typed. Keep the card letters as they are
            # (A T J Q K, S H D C): they are what the program reads.
            N_(
                "bad card {token}: write a rank (A 2-9 T/10 J Q K) then a suit"
                " (S H D C or ♠ ♥ ♦ ♣), e.g. AS, 10h, Q♠"
            ),
            token=repr(token),
        ),
        code="bad-card",
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas, refusing a bad token or a repeated card."""
    if isinstance(text, str):
        tokens = text.translate(_TOKEN_SEPARATORS).split()
    else:
        tokens = [t for item in text for t in item.translate(_TOKEN_SEPARATORS).split()]
    cards: list[Card] = []
    seen = 0
    for token in tokens:
        card = parse_card(token)
        if seen & card.bit:
            raise CardError(
                Phrase(N_("card {card} is given twice"), card=card.code), code="repeated-card"
            )
        seen |= card.bit
        cards.append(card)
    return cards


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_from_mask(mask: int) -> list[Card]:
    """The cards of a mask, in deck order (by suit, then rank)."""
    out: list[Card] = []
    by_pos = _BY_POS
    while mask:
        low = mask & -mask
        card = by_pos[low.bit_length() - 1]
        if card is None:
            raise ValueError("mask has bits outside the 52 cards")
        out.append(card)
        mask ^= low
    return out


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    return " ".join(c.pretty if pretty else c.code for c in cards)


def by_rank(card: Card) -> tuple[int, int]:
    """Sort key: rank first, then suit."""
    return (card.rank, card.suit)


def by_suit(card: Card) -> tuple[int, int]:
    """Sort key: suit first, then rank."""
    return (card.suit, card.rank)
