"""Table widgets: the opponent's cards, the two piles, the score board, the too-small notice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from ...core import Card
from ...text.i18n import _
from ..messages import PileClicked
from .cardart import (
    BACK_H,
    BACK_W,
    CARD_H,
    CARD_W,
    Canvas,
    draw_back,
    draw_empty,
    draw_face,
    draw_small_face,
)

MIN_WIDTH = 80
MIN_HEIGHT = 24


class OpponentView(Widget):
    """The opponent's hand: face down, except cards everyone saw it take from the pile."""

    DEFAULT_CSS = """
    OpponentView {
        height: 3;
        width: 1fr;
    }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.name_text = ""
        self.count = 0
        self.known: list[Card] = []
        self.notes: list[str] = []

    def show(self, name: str, count: int, known: Sequence[Card], notes: Sequence[str]) -> None:
        """Show ``count`` cards, ``known`` of them face up, beside the name and notes."""
        self.name_text = name
        self.count = count
        self.known = sorted(known, key=lambda c: (c.rank, c.suit))
        self.notes = list(notes)
        self.refresh()

    def render(self) -> Text:
        label_w = 18
        width = max(self.size.width, label_w + 1)
        canvas = Canvas(width, BACK_H)
        canvas.put(0, 0, self.name_text[: label_w - 1], Style(bold=True))
        for i, note in enumerate(self.notes[:2]):
            canvas.put(0, i + 1, note[: label_w - 1], Style(dim=True))
        room = width - label_w
        step = (
            BACK_W
            if self.count * BACK_W <= room
            else max(2, (room - BACK_W) // max(1, self.count - 1))
        )
        x = label_w
        hidden = self.count - len(self.known)
        for _card in range(hidden):
            draw_back(canvas, x, 0, ascii=self.ascii, width=BACK_W, height=BACK_H)
            x += step
        for card in self.known:
            draw_small_face(canvas, x, 0, card, ascii=self.ascii)
            x += step
        return canvas.text()


@dataclass
class PileState:
    """What the piles show: the stock's size and the discard pile's cards (top last)."""

    stock: int = 0
    discards: tuple[Card, ...] = ()
    can_take: bool = True


class PilesView(Widget):
    """The stock and the discard pile; clicking one posts `PileClicked`."""

    DEFAULT_CSS = """
    PilesView {
        height: 7;
        width: 24;
    }
    """

    STOCK_X = 1
    DISCARD_X = 13

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.state = PileState()
        self.highlight = False

    def show(self, state: PileState, highlight: bool = False) -> None:
        """Show the piles; ``highlight`` when it is time to draw."""
        self.state = state
        self.highlight = highlight
        self.refresh()

    def render(self) -> Text:
        canvas = Canvas(max(self.size.width, 24), CARD_H + 3)
        head = Style(bold=True)
        key = Style(color="#e0a030", bold=True) if self.highlight else Style(dim=True)
        room = self.DISCARD_X - 1 - self.STOCK_X - 1  # the stock's label stops before the pile's
        # TRANSLATORS: the label over the stock with the number of cards in it; at most
        # 10 characters with the number.
        stock = _("Stock {n}").format(n=self.state.stock)
        canvas.put(self.STOCK_X, 0, stock[:room], head)
        # TRANSLATORS: written inside an empty pile's outline; at most 4 letters.
        none = _("none")
        if self.state.stock:
            draw_back(canvas, self.STOCK_X, 1, ascii=self.ascii)
        else:
            draw_empty(canvas, self.STOCK_X, 1, none, ascii=self.ascii)
        canvas.put(self.STOCK_X, CARD_H + 1, "[s]", key)
        pile = self.state.discards
        # TRANSLATORS: the label over the discard pile with the number of cards in it; at
        # most 12 characters with the number.
        canvas.put(self.DISCARD_X - 1, 0, _("Discard {n}").format(n=len(pile)), head)
        if pile:
            draw_face(canvas, self.DISCARD_X, 1, pile[-1], ascii=self.ascii)
        else:
            draw_empty(canvas, self.DISCARD_X, 1, none, ascii=self.ascii)
        canvas.put(self.DISCARD_X, CARD_H + 1, "[d]", key)
        # TRANSLATORS: under the discard pile: press v to view the whole pile; at most
        # 12 characters, keep "v:".
        canvas.put(self.DISCARD_X - 1, CARD_H + 2, _("v: view"), Style(dim=True))
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        """Clicking a pile asks to draw from it."""
        if 1 <= event.y <= CARD_H + 1:
            if self.STOCK_X <= event.x < self.STOCK_X + CARD_W:
                event.stop()
                self.post_message(PileClicked("stock"))
            elif self.DISCARD_X <= event.x < self.DISCARD_X + CARD_W:
                event.stop()
                self.post_message(PileClicked("discard"))


class TooSmall(Static):
    """Shown instead of a screen's content when the terminal is smaller than 80x24."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        color: $warning;
    }
    """

    def render(self) -> Text:
        width, height = self.app.size
        lines = (
            _("Gin Rummy needs a terminal of at least {width} x {height}.").format(
                width=MIN_WIDTH, height=MIN_HEIGHT
            ),
            _("This one is {width} x {height}: please make the window larger.").format(
                width=width, height=height
            ),
            "",
            # TRANSLATORS: keep "ctrl+q" (the key).
            _("(ctrl+q quits)"),
        )
        return Text("\n".join(lines), justify="center")

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()


class ScoreChart(Widget):
    """Both players' totals after each round as pairs of columns, scaled to the target."""

    DEFAULT_CSS = """
    ScoreChart {
        height: 8;
        width: 1fr;
    }
    """

    BLOCKS = " ▁▂▃▄▅▆▇█"
    COLOURS = ("#4dabf7", "#ffa94d")

    def __init__(
        self,
        history: Sequence[tuple[int, int]],
        names: tuple[str, str],
        target: int,
        *,
        ascii: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.history = list(history)
        self.names = names
        self.target = target
        self.ascii = ascii

    def render(self) -> Text:
        rows = max(2, self.size.height - 2)
        width = max(10, self.size.width)
        top = max(1, self.target, *(max(h) for h in self.history))
        per_round = 3
        shown = self.history[-max(1, (width - 5) // per_round) :]
        canvas = Canvas(width, rows + 2)
        canvas.put(0, 0, f"{top:>4}", Style(dim=True))
        canvas.put(0, rows - 1, f"{0:>4}", Style(dim=True))
        for i, totals in enumerate(shown):
            x = 5 + i * per_round
            for seat in (0, 1):
                eighths = round(totals[seat] / top * rows * 8)
                style = Style(color=self.COLOURS[seat])
                for r in range(rows):
                    fill = min(8, max(0, eighths - r * 8))
                    if self.ascii:
                        ch = "#" if fill >= 4 else " "
                    else:
                        ch = self.BLOCKS[fill]
                    canvas.put(x + seat, rows - 1 - r, ch, style)
        # TRANSLATORS: under the score chart's columns (one pair per round).
        rounds = _("rounds")
        canvas.put(5, rows, f"{rounds} →" if not self.ascii else f"{rounds} ->", Style(dim=True))
        legend = Text()
        x = 0
        for seat in (0, 1):
            mark = "#" if self.ascii else "█"
            # TRANSLATORS: the score chart's legend: whose column is the left/right one.
            side = _("{name} (left)") if seat == 0 else _("{name} (right)")
            label = f"{mark} {side.format(name=self.names[seat])}  "
            canvas.put(x, rows + 1, label, Style(color=self.COLOURS[seat]))
            x += len(label)
        del legend
        return canvas.text()
