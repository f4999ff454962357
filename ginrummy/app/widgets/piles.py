"""The cards on the table besides the player's hand: the opponent's row and the two piles."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive

from ...core import Card
from ...text.i18n import _
from ..messages import PileClicked
from .cardart import Canvas, draw_back, draw_empty, draw_face, draw_small_face
from .palette import Painted

BOLD = Style(bold=True)
DIM = Style(dim=True)


class OpponentView(Painted):
    """The opponent's hand: face down, except cards everyone saw it take from the pile.

    Its state is reactives (a change repaints it, and only a change)."""

    name_text: reactive[str] = reactive("")
    count: reactive[int] = reactive(0)
    known: reactive[tuple[Card, ...]] = reactive(())
    notes: reactive[tuple[str, ...]] = reactive(())
    last: reactive[str] = reactive("")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def show(
        self,
        name: str,
        count: int,
        known: Sequence[Card],
        notes: Sequence[str],
        last: str = "",
    ) -> None:
        """Show ``count`` cards, ``known`` of them face up, beside the name and notes;
        ``last``: the opponent's last move, on the line under the cards."""
        self.name_text = name
        self.count = count
        self.known = tuple(sorted(known, key=lambda c: (c.rank, c.suit)))
        self.notes = tuple(notes)
        self.last = last

    def render(self) -> Text:
        label_w = 18
        size = self.card_size
        back_w, back_h = size.back_w, size.back_h
        width = max(self.size.width, label_w + 1)
        canvas = Canvas(width, back_h + 1)
        palette = self.palette
        canvas.put(0, 0, self.name_text[: label_w - 1], BOLD)
        for i, note in enumerate(self.notes[:2]):
            canvas.put(0, i + 1, note[: label_w - 1], DIM)
        room = width - label_w
        step = (
            back_w
            if self.count * back_w <= room
            else max(2, (room - back_w) // max(1, self.count - 1))
        )
        x = label_w
        hidden = self.count - len(self.known)
        for _card in range(hidden):
            draw_back(canvas, x, 0, palette, ascii=self.ascii, width=back_w, height=back_h)
            x += step
        for card in self.known:
            draw_small_face(canvas, x, 0, card, palette, ascii=self.ascii, size=size)
            x += step
        canvas.put(0, back_h, self.last[:width], palette.last_move)
        return canvas.text()


class PilesView(Painted):
    """The stock and the discard pile; clicking one posts `PileClicked`.

    Its state is three reactives (the stock's size, the pile, whether to draw now): a
    change repaints it, and only a change (Textual compares the values).
    """

    STOCK_X = 1
    DISCARD_X = 13

    stock: reactive[int] = reactive(0)
    pile: reactive[tuple[Card, ...]] = reactive(())
    highlight: reactive[bool] = reactive(False)

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def show(self, stock: int, pile: Sequence[Card], *, highlight: bool = False) -> None:
        """Show the stock's size and the discard pile (top last); ``highlight`` when it is
        time to draw."""
        self.stock = stock
        self.pile = tuple(pile)
        self.highlight = highlight

    def render(self) -> Text:
        size = self.card_size
        card_h = size.h
        canvas = Canvas(max(self.size.width, 24), card_h + 3)
        palette = self.palette
        head = BOLD
        key = palette.pile_key if self.highlight else DIM
        room = self.DISCARD_X - 1 - self.STOCK_X - 1  # the stock's label stops before the pile's
        # TRANSLATORS: the label over the stock with the number of cards in it; at most
        # 10 characters with the number.
        stock = _("Stock {n}").format(n=self.stock)
        canvas.put(self.STOCK_X, 0, stock[:room], head)
        # TRANSLATORS: written inside an empty pile's outline; at most 4 letters.
        none = _("none")
        if self.stock:
            draw_back(
                canvas, self.STOCK_X, 1, palette, ascii=self.ascii, width=size.w, height=card_h
            )
        else:
            draw_empty(canvas, self.STOCK_X, 1, none, palette, ascii=self.ascii, size=size)
        canvas.put(self.STOCK_X, card_h + 1, "[s]", key)
        pile = self.pile
        # TRANSLATORS: the label over the discard pile with the number of cards in it; at
        # most 12 characters with the number.
        canvas.put(self.DISCARD_X - 1, 0, _("Discard {n}").format(n=len(pile)), head)
        if pile:
            draw_face(canvas, self.DISCARD_X, 1, pile[-1], palette, ascii=self.ascii, size=size)
        else:
            draw_empty(canvas, self.DISCARD_X, 1, none, palette, ascii=self.ascii, size=size)
        canvas.put(self.DISCARD_X, card_h + 1, "[d]", key)
        # TRANSLATORS: under the discard pile: press v to view the whole pile; at most
        # 12 characters, keep "v:".
        canvas.put(self.DISCARD_X - 1, card_h + 2, _("v: view"), DIM)
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        """Clicking a pile asks to draw from it."""
        size = self.card_size
        if 1 <= event.y <= size.h + 1:
            if self.STOCK_X <= event.x < self.STOCK_X + size.w:
                event.stop()
                self.post_message(PileClicked("stock"))
            elif self.DISCARD_X <= event.x < self.DISCARD_X + size.w:
                event.stop()
                self.post_message(PileClicked("discard"))


class ReplayPiles(Painted):
    """The replay's piles: the stock (its size) and the top of the discard pile, kept in
    reactives (a change repaints it)."""

    stock: reactive[int] = reactive(0)
    pile: reactive[tuple[Card, ...]] = reactive(())

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def show(self, stock: int, pile: Sequence[Card]) -> None:
        self.stock = stock
        self.pile = tuple(pile)

    def render(self) -> Text:
        size = self.card_size
        canvas = Canvas(max(self.size.width, 24), size.h + 1)
        palette = self.palette
        canvas.put(1, 0, _("Stock {n}").format(n=self.stock)[:10], BOLD)
        none = _("none")
        if self.stock:
            draw_back(canvas, 1, 1, palette, ascii=self.ascii, width=size.w, height=size.h)
        else:
            draw_empty(canvas, 1, 1, none, palette, ascii=self.ascii, size=size)
        canvas.put(12, 0, _("Discard {n}").format(n=len(self.pile)), BOLD)
        if self.pile:
            draw_face(canvas, 13, 1, self.pile[-1], palette, ascii=self.ascii, size=size)
        else:
            draw_empty(canvas, 13, 1, none, palette, ascii=self.ascii, size=size)
        return canvas.text()
