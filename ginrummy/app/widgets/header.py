"""The title bar: Textual's `Header`, safe while it is torn down."""

from __future__ import annotations

from contextlib import suppress

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

__all__ = ["GameHeader"]


class GameHeader(Header):
    """Textual's header (8.2), whose title watchers can run after its title child is gone:
    a screen's title changing while the screen is removed raised `NoMatches` there and
    ended the program with a traceback (seen once in ten runs of the two-window
    end-to-end test on a loaded machine). The same watchers, with that case skipped."""

    def _on_mount(self, event: Mount) -> None:
        # Header's own handler would add the watchers that raise; Widget's (scroll bars
        # shown for overflow: scroll) does not apply to a header.
        event.prevent_default()

        async def set_title() -> None:
            # Mounting or being removed: nothing to draw on.
            with suppress(NoScreen, NoMatches):
                self.query_one(HeaderTitle).update(self.format_title())

        for source in (self.app, self.screen):
            self.watch(source, "title", set_title)
            self.watch(source, "sub_title", set_title)
