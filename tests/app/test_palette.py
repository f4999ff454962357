"""A card widget's palette is gathered once and gathered again whenever it could change."""

from __future__ import annotations

from types import SimpleNamespace

from rich.style import Style
from textual.app import App, ComposeResult

from ginrummy.app.widgets.palette import Painted, Palette

CSS = """
Painted > .card--face { background: white; }
Painted.-dark > .card--face { background: black; }
"""


class Cards(Painted):
    """A card widget with nothing else to it."""


class Page(App[None]):
    CSS = CSS

    def __init__(self) -> None:
        super().__init__()
        self.settings = SimpleNamespace(four_colour=False)

    def compose(self) -> ComposeResult:
        yield Cards()


async def test_the_palette_is_kept_until_the_stylesheet_or_the_deck_changes() -> None:
    app = Page()
    async with app.run_test() as pilot:
        cards = app.query_one(Cards)
        first = cards.palette
        assert first == Palette.of(cards)
        assert first.face == Style(bgcolor="#ffffff")
        cards.refresh()  # empties Textual's own cache of component styles
        await pilot.pause()
        assert cards.palette is first, "gathered again with nothing changed"

        cards.add_class("-dark")  # the stylesheet gives the components other rules
        await pilot.pause()
        dark = cards.palette
        assert dark.face == Style(bgcolor="#000000")
        assert dark == Palette.of(cards)

        app.settings.four_colour = True
        four = cards.palette
        assert four.four_colour and four == Palette.of(cards, four_colour=True)

        app.theme = "nord" if app.theme != "nord" else "gruvbox"  # the stylesheet again
        await pilot.pause()
        assert cards.palette == Palette.of(cards, four_colour=True)
        assert cards.palette.face == Style(bgcolor="#000000")
