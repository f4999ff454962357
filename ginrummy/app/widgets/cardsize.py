"""How big cards are drawn: the normal size of an 80x24 terminal, and the large one of a
terminal that has room for it (`card_size_for`), the thresholds computed from the widths
and heights of the table's rows.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardSize:
    """How big cards are drawn: a full face (``w`` x ``h``, borders included) and a card of
    the opponent's row (``back_w`` x ``back_h``, face down or a card it took)."""

    w: int
    h: int
    back_w: int
    back_h: int

    @property
    def large(self) -> bool:
        return self.h > 4


#: The cards of an 80x24 terminal: the rank and suit in the top corner, the suit again in
#: the bottom one.
NORMAL = CardSize(w=6, h=4, back_w=5, back_h=3)
#: The cards of a large terminal: the rank and suit in the top and bottom corners and the
#: suit in the middle (`card_size_for` says when).
LARGE = CardSize(w=9, h=6, back_w=7, back_h=4)

#: The most groups a hand of 11 cards is laid out in: three 3-card melds and the deadwood.
MAX_HAND = 11
MAX_GROUPS = 4
#: The columns between two groups of cards (`layout_groups`).
GROUP_GAP = 2


def hand_width(size: CardSize, cards: int = MAX_HAND, groups: int = MAX_GROUPS) -> int:
    """The columns a hand needs with its cards one column apart (never touching or fanned):
    by default the widest hand, 11 cards in four groups."""
    return (cards - groups) * (size.w + 1) + groups * size.w + (groups - 1) * GROUP_GAP


#: Lines of the move log beside the piles that a large table keeps at least.
LOG_LINES = 3


def table_rows(size: CardSize) -> int:
    """The rows the table needs with cards of ``size`` (in a terminal of 32 lines or more,
    where its rows have a blank line between them)."""
    header = footer = 1
    opponent = size.back_h + 1 + 1  # its cards, its last move, a blank line
    piles = 1 + size.h + 2  # the labels, the cards, the keys and "v: view"
    side = 3 + LOG_LINES  # the score board (three lines in a match) and the move log
    prompt, info = 2, 1  # the prompt has a blank line over it
    hand = 1 + 1 + 1 + size.h + 1  # a blank line, the labels, the raised card, marks
    message = 2  # a hint or a refusal may take two lines
    return header + opponent + max(piles, side) + prompt + info + hand + message + footer


#: Columns of the table besides the hand (its padding).
TABLE_COLUMNS_BESIDES_HAND = 2

#: The smallest terminal the large cards are drawn in: the widest hand fits with its cards
#: apart, and the table with the opponent's row, the piles and the hand in large cards
#: (computed, not guessed: 114 x 32 with 9x6 cards). The round result needs no more.
LARGE_MIN_WIDTH = hand_width(LARGE) + TABLE_COLUMNS_BESIDES_HAND
LARGE_MIN_HEIGHT = table_rows(LARGE)


def card_size_for(width: int, height: int) -> CardSize:
    """The card size for a terminal of ``width`` x ``height``."""
    if width >= LARGE_MIN_WIDTH and height >= LARGE_MIN_HEIGHT:
        return LARGE
    return NORMAL


#: The columns the move log beside the hand needs to read well (a move a line, mostly).
SIDE_MIN_WIDTH = 36
#: The columns of the side panel's left border and padding.
SIDE_FRAME = 2
#: The smallest terminal where the score board and the move log take the height beside the
#: piles and the hand (rather than beside the piles only): large cards, the widest hand and
#: a readable log beside it (computed: 114 + 2 + 36 = 152 columns).
SIDE_BESIDE_HAND_MIN_WIDTH = LARGE_MIN_WIDTH + SIDE_FRAME + SIDE_MIN_WIDTH


def side_beside_hand(width: int, height: int) -> bool:
    """Whether the table of a terminal of ``width`` x ``height`` puts its side panel beside
    the hand too."""
    return card_size_for(width, height) is LARGE and width >= SIDE_BESIDE_HAND_MIN_WIDTH
