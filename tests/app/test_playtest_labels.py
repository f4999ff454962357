"""Found while playing at 80x24 in every language: the labels over the piles keep their
numbers whole (Danish "Kastebunke 10" was cut to "Kastebunke 1", a pile of 1)."""

from __future__ import annotations

import pytest
from support.pilot import settle, table_of

from ginrummy.app import GinRummyApp
from ginrummy.app.widgets.piles import PilesView
from ginrummy.core.cards import parse_cards
from ginrummy.text import i18n

LANGUAGES = ("en", "pl", "da", "hu", "es", "fi")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_pile_labels_keep_two_digit_counts_at_80_columns(code: str) -> None:
    i18n.set_language(code)
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        piles = table_of(app).query_one("#piles", PilesView)
        pile = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")
        piles.show(31, pile)
        await pilot.pause()
        top = piles.render().plain.splitlines()[0]
        stock = i18n._("Stock {n}").format(n=31)
        discard = i18n._("Discard {n}").format(n=len(pile))
        assert stock in top
        assert discard in top
        # The discard label ends before the log's column (the pile panel is 24 wide).
        assert top.index(discard) + len(discard) <= 24
