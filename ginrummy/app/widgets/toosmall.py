"""The notice shown instead of a screen when the terminal is smaller than 80x24."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static

from ...text.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    """Shown instead of a screen's content when the terminal is smaller than 80x24."""

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
