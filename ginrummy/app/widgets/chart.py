"""The score chart of the game over screen: both totals after each round."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ...text.i18n import _
from .cardart import Canvas
from .palette import Painted

DIM = Style(dim=True)


class ScoreChart(Painted):
    """Both players' totals after each round as pairs of columns, scaled to the target."""

    BLOCKS = " ▁▂▃▄▅▆▇█"

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

    def round_columns(self, width: int) -> tuple[list[int], int]:
        """Which rounds get a pair of columns (numbered from 1), and how far apart the pairs
        are: every round when it fits (a gap between pairs, or none); otherwise every
        ``step``-th round, always the last, said under the chart (never silently cut)."""
        count = len(self.history)
        room = max(2, width - 5)
        for per_round in (3, 2):
            if count * per_round <= room + (per_round - 2):
                return list(range(1, count + 1)), per_round
        pairs = max(1, room // 2)
        step = -(-count // pairs)
        shown = list(range(count, 0, -step))[::-1]
        return shown, 2

    def render(self) -> Text:
        rows = max(2, self.size.height - 2)
        width = max(10, self.size.width)
        top = max(1, self.target, *(max(h) for h in self.history))
        numbers, per_round = self.round_columns(width)
        shown = [self.history[n - 1] for n in numbers]
        canvas = Canvas(width, rows + 2)
        palette = self.palette
        colours = (palette.chart_first, palette.chart_second)
        canvas.put(0, 0, f"{top:>4}", DIM)
        canvas.put(0, rows - 1, f"{0:>4}", DIM)
        for i, totals in enumerate(shown):
            x = 5 + i * per_round
            for seat in (0, 1):
                eighths = round(totals[seat] / top * rows * 8)
                style = colours[seat]
                for r in range(rows):
                    fill = min(8, max(0, eighths - r * 8))
                    if self.ascii:
                        ch = "#" if fill >= 4 else " "
                    else:
                        ch = self.BLOCKS[fill]
                    canvas.put(x + seat, rows - 1 - r, ch, style)
        if len(numbers) == len(self.history):
            # TRANSLATORS: under the score chart's columns (one pair per round).
            rounds = _("rounds")
        else:
            step = numbers[1] - numbers[0] if len(numbers) > 1 else len(self.history)
            # TRANSLATORS: under the score chart when it has no room for every round: one
            # pair of columns for every {step} rounds, up to the last ({last}). Short.
            rounds = _("rounds (1 in {step}, to {last})").format(step=step, last=numbers[-1])
        canvas.put(5, rows, f"{rounds} →" if not self.ascii else f"{rounds} ->", DIM)
        x = 0
        for seat in (0, 1):
            mark = "#" if self.ascii else "█"
            # TRANSLATORS: the score chart's legend: whose column is the left/right one.
            side = _("{name} (left)") if seat == 0 else _("{name} (right)")
            label = f"{mark} {side.format(name=self.names[seat])}  "
            canvas.put(x, rows + 1, label, colours[seat])
            x += len(label)
        return canvas.text()
