"""Drawing cards as small boxes of text: faces, backs, fanned rows and meld groups.

Everything here is pure (no widgets): it turns cards into Rich `Text` lines plus the
hit boxes a widget needs to map a mouse click back to a card. A card face always shows
its rank *and* its suit (symbol, or letter in ASCII mode), so colour is never the only cue.
The colours come from the stylesheet, through the drawing widget's `Palette`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.markup import escape
from rich.style import Style
from rich.text import Text

from ...core import Card
from ...text.cards import card_label, rank_text, suit_text
from ...text.i18n import N_, _
from .cardsize import GROUP_GAP, NORMAL, CardSize
from .palette import Palette

#: Width and height of a full card face, borders included (the normal size).
CARD_W = NORMAL.w
CARD_H = NORMAL.h
#: A face-down card in the opponent's row is narrower and shorter.
BACK_W = NORMAL.back_w
BACK_H = NORMAL.back_h


@dataclass(frozen=True)
class Borders:
    """Box-drawing characters for one style of card outline."""

    tl: str
    tr: str
    bl: str
    br: str
    h: str
    v: str
    back: str


BOLD = Style(bold=True)

UNICODE_BORDERS = Borders("┌", "┐", "└", "┘", "─", "│", "░")
ASCII_BORDERS = Borders("+", "+", "+", "+", "-", "|", "#")
#: The outline of the card a hint suggests: its shape tells it apart, not only its colour.
HINT_BORDERS = Borders("╔", "╗", "╚", "╝", "═", "║", "░")
ASCII_HINT_BORDERS = Borders("*", "*", "*", "*", "=", "!", "#")


#: Running-text colours of the four suits (spades, hearts, diamonds, clubs) in a
#: four-colour deck.
FOUR_COLOUR_TEXT = ("bold", "bold red", "bold #3d8bfd", "bold #3fae4f")


def card_text(card: Card, ascii: bool = False, *, four_colour: bool = False) -> Text:
    """A card in running text, coloured red or black, or in the four colours (the suit is
    always written too)."""
    if four_colour:
        return Text(card_label(card, ascii), style=FOUR_COLOUR_TEXT[card.suit])
    return Text(card_label(card, ascii), style="bold red" if card.is_red else "bold")


def markup_format(template: str, **fields: str | int | Text) -> Text:
    """``template`` (a translated message: Rich markup such as ``[b]...[/b]`` allowed) with
    its named fields filled in; `Text` fields keep their own styles (coloured cards)."""
    tokens = {name: f"\x00{i}\x00" for i, name in enumerate(fields)}
    flat = {
        name: tokens[name] if isinstance(value, Text) else escape(str(value))
        for name, value in fields.items()
    }
    text = Text.from_markup(template.format(**flat))
    for name, value in fields.items():
        if isinstance(value, Text):
            token = tokens[name]
            while (i := text.plain.find(token)) >= 0:
                text = text[:i] + value + text[i + len(token) :]
    return text


def cards_text(
    cards: Sequence[Card], ascii: bool = False, sep: str = " ", *, four_colour: bool = False
) -> Text:
    """Several cards in running text, separated by ``sep``."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card, ascii, four_colour=four_colour))
    return out


class Canvas:
    """A grid of styled cells that later drawing overwrites (so cards can overlap)."""

    def __init__(self, width: int, height: int, style: Style | None = None) -> None:
        self.width = width
        self.height = height
        blank = style or Style()
        self.cells: list[list[tuple[str, Style]]] = [
            [(" ", blank) for _ in range(width)] for _ in range(height)
        ]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        """Write ``text`` at column ``x`` of row ``y``, clipped to the canvas."""
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (ch, style)

    def lines(self) -> list[Text]:
        """The canvas as one Rich `Text` per row, adjacent cells of one style merged."""
        out: list[Text] = []
        for row in self.cells:
            text = Text(no_wrap=True, overflow="crop")
            run = ""
            run_style: Style | None = None
            for ch, style in row:
                if style is run_style:
                    run += ch
                else:
                    if run:
                        text.append(run, run_style)
                    run, run_style = ch, style
            if run:
                text.append(run, run_style)
            out.append(text)
        return out

    def text(self) -> Text:
        """The canvas as one multi-line `Text`."""
        return Text("\n", no_wrap=True).join(self.lines())


def _draw_box(
    canvas: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    b: Borders,
    edge: Style,
    fill: str,
    inside: Style,
) -> None:
    """A card's outline ``w`` x ``h`` in ``b``'s lines, its inside filled with ``fill``."""
    inner = w - 2
    canvas.put(x, y, b.tl + b.h * inner + b.tr, edge)
    for row in range(1, h - 1):
        canvas.put(x, y + row, b.v, edge)
        canvas.put(x + 1, y + row, fill * inner, inside)
        canvas.put(x + w - 1, y + row, b.v, edge)
    canvas.put(x, y + h - 1, b.bl + b.h * inner + b.br, edge)


def draw_face(
    canvas: Canvas,
    x: int,
    y: int,
    card: Card,
    palette: Palette,
    *,
    ascii: bool = False,
    selected: bool = False,
    tinted: bool = False,
    hinted: bool = False,
    size: CardSize = NORMAL,
) -> None:
    """Draw a card face (``size.w`` x ``size.h``) with its top-left corner at (x, y);
    ``tinted``: on the lay-off background; ``hinted``: the card a hint suggests (a double
    outline).

    Normal cards show the rank and suit in the top corner and the suit in the bottom one;
    large cards the rank and suit in both corners and the suit in the middle."""
    if hinted:
        b = ASCII_HINT_BORDERS if ascii else HINT_BORDERS
    else:
        b = ASCII_BORDERS if ascii else UNICODE_BORDERS
    p = palette
    if selected:
        border, face = p.border_selected, p.face_selected
        ink = p.ink(card, selected=True)
    else:
        border, face, ink = p.border, p.face, p.ink(card)
    if hinted:
        border = border + p.border_hint
    if tinted and not selected:
        border = border + p.layoff
        face = face + p.layoff
        ink = ink + p.layoff
    w, h = size.w, size.h
    inner = w - 2
    rank, suit = rank_text(card), suit_text(card, ascii)
    _draw_box(canvas, x, y, w, h, b, border, " ", face)
    canvas.put(x + 1, y + 1, (rank + suit).ljust(inner), ink)
    if size.large:
        canvas.put(x + 1 + (inner - len(suit)) // 2, y + h // 2, suit, ink)
        canvas.put(x + w - 1 - len(rank + suit), y + h - 2, rank + suit, ink)
    else:
        canvas.put(x + w - 1 - len(suit) - 1, y + h - 2, suit, ink)


def draw_back(
    canvas: Canvas,
    x: int,
    y: int,
    palette: Palette,
    *,
    ascii: bool = False,
    width: int = CARD_W,
    height: int = CARD_H,
) -> None:
    """Draw a face-down card ``width`` x ``height``."""
    b = ASCII_BORDERS if ascii else UNICODE_BORDERS
    _draw_box(canvas, x, y, width, height, b, palette.back_border, b.back, palette.back)


def draw_small_face(
    canvas: Canvas,
    x: int,
    y: int,
    card: Card,
    palette: Palette,
    *,
    ascii: bool = False,
    size: CardSize = NORMAL,
) -> None:
    """A face-up card of the opponent's row (``size.back_w`` x ``size.back_h``): a card
    everyone saw it take."""
    b = ASCII_BORDERS if ascii else UNICODE_BORDERS
    w, h = size.back_w, size.back_h
    _draw_box(canvas, x, y, w, h, b, palette.border, " ", palette.face)
    canvas.put(x + 1, y + 1, card_label(card, ascii).ljust(w - 2), palette.ink(card))


def draw_empty(
    canvas: Canvas,
    x: int,
    y: int,
    label: str,
    palette: Palette,
    *,
    ascii: bool = False,
    size: CardSize = NORMAL,
) -> None:
    """An empty pile: a dotted outline (of a card of ``size``) with a word in it."""
    dot = "." if ascii else "┄"
    side = ":" if ascii else "┆"
    style = palette.empty
    w, h = size.w, size.h
    inner = w - 2
    canvas.put(x, y, " " + dot * inner + " ", style)
    for row in range(1, h - 1):
        canvas.put(x, y + row, side + " " * inner + side, style)
    canvas.put(x + 1, y + (h - 1) // 2, label[:inner].center(inner), style)
    canvas.put(x, y + h - 1, " " + dot * inner + " ", style)


#: The marks under cards (keys of the ``marks`` given to `layout_groups`), as shown.
MARK_WORDS: dict[str, str] = {
    # TRANSLATORS: marks under a card: the card just drawn from the stock, just taken
    # from the discard pile, laid off on the knocker's meld. At most 6 letters.
    "new": N_("new"),
    "taken": N_("taken"),
    "laid": N_("laid"),
}


@dataclass
class Group:
    """A labelled run of cards drawn side by side (a meld, the deadwood, a whole hand)."""

    label: str
    cards: list[Card]
    #: Cards drawn with a tint (e.g. the defender's lay-offs on the knocker's melds).
    tinted: set[Card] = field(default_factory=set)
    #: What the group is, for its label's colour: "meld", "deadwood" or "" (plain bold).
    kind: str = ""


@dataclass
class Layout:
    """The result of laying out groups: the drawing and where each card is."""

    text: Text
    #: card -> (x0, x1, y0, y1) of its visible part, for mouse hits.
    boxes: dict[Card, tuple[int, int, int, int]]
    width: int
    height: int

    def card_at(self, x: int, y: int) -> Card | None:
        """The card drawn at cell (x, y), if any."""
        for card, (x0, x1, y0, y1) in self.boxes.items():
            if x0 <= x < x1 and y0 <= y < y1:
                return card
        return None


def groups_width(groups: Sequence[Group], step: int, group_gap: int, card_w: int = CARD_W) -> int:
    """Columns needed to draw ``groups`` with cards ``step`` apart (``card_w`` wide)."""
    used = [g for g in groups if g.cards]
    if not used:
        return 0
    return sum(step * (len(g.cards) - 1) + card_w for g in used) + group_gap * (len(used) - 1)


def layout_groups(
    groups: Sequence[Group],
    width: int,
    palette: Palette,
    *,
    ascii: bool = False,
    selected: Card | None = None,
    marks: dict[Card, str] | None = None,
    raise_selected: bool = True,
    labels: bool = True,
    hinted: Card | None = None,
    size: CardSize = NORMAL,
) -> Layout:
    """Lay out groups of cards left to right within ``width`` columns.

    Rows: an optional label row, a row the selected card is raised into, the card
    faces, then a row of marks under cards (e.g. ``new`` for the card just drawn).
    The ``hinted`` card (the one a hint suggests) has a double outline.
    Cards are spaced one column apart when that fits, touching when not, and fanned
    (overlapping) when even that is too wide. ``size``: how big the cards are drawn.
    """
    marks = marks or {}
    used = [g for g in groups if g.cards]
    card_w = size.w
    group_gap = GROUP_GAP
    step = card_w + 1
    for candidate in (card_w + 1, card_w):
        step = candidate
        if groups_width(used, step, group_gap, card_w) <= width:
            break
    else:
        total_cards = sum(len(g.cards) for g in used)
        fixed = len(used) * card_w + group_gap * (len(used) - 1)
        slots = max(1, total_cards - len(used))
        step = max(2, min(card_w, (width - fixed) // slots))
        if groups_width(used, step, group_gap, card_w) > width:
            group_gap = 1
    top = 1 if labels else 0
    lift = 1 if raise_selected else 0
    face_y = top + lift
    mark_y = face_y + size.h
    height = mark_y + (1 if marks else 0)
    total = groups_width(used, step, group_gap, card_w)
    canvas = Canvas(max(width, total), height)
    boxes: dict[Card, tuple[int, int, int, int]] = {}
    x = 0
    label_end = 0
    for n, g in enumerate(used):
        span = step * (len(g.cards) - 1) + card_w
        if labels:
            # A label may run on into the gap after its cards; the last one on past them
            # ("deadwood 5" over one card), moved left to end at the edge if need be (it
            # was cut to "deadwo" at the right of a long showdown).
            label_x = x
            if n < len(used) - 1:
                room = span + group_gap - 1
            else:
                label_x = max(label_end + 1 if n else 0, min(x, canvas.width - len(g.label)))
                room = canvas.width - label_x
            label = g.label[:room]
            canvas.put(label_x, 0, label, _label_style(g.kind, palette))
            label_end = label_x + len(label)
        for i, card in enumerate(g.cards):
            cx = x + i * step
            is_sel = card is selected
            cy = face_y - (lift if is_sel else 0)
            draw_face(
                canvas,
                cx,
                cy,
                card,
                palette,
                ascii=ascii,
                selected=is_sel,
                tinted=card in g.tinted,
                hinted=card is hinted,
                size=size,
            )
            visible = card_w if i == len(g.cards) - 1 else step
            boxes[card] = (cx, cx + visible, top, mark_y)
            mark = marks.get(card)
            if mark:
                word = _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark
                canvas.put(
                    cx,
                    mark_y,
                    word[:visible].center(min(visible, card_w)),
                    _mark_style(mark, palette),
                )
        x += span + group_gap
    return Layout(canvas.text(), boxes, total, height)


def _label_style(kind: str, palette: Palette) -> Style:
    if kind == "meld":
        return palette.meld_label
    if kind == "deadwood":
        return palette.deadwood_label
    return BOLD


def _mark_style(mark: str, palette: Palette) -> Style:
    if mark.strip().lower().startswith("new"):
        return palette.mark_new
    if mark == "laid":
        return palette.mark_laid
    return palette.mark_other
