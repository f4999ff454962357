"""Removed widgets are freed: the app's memory does not grow round after round (issue 11).

Textual keeps a watcher's node until the watched value changes; the footer's keys and the
headers of closed screens were kept that way, thousands per game. These tests play at the
table and count the widgets that are alive but no longer on any screen.
"""

from __future__ import annotations

import gc

from support.pilot import play_until_result, settle
from textual.dom import DOMNode
from textual.widgets import Header
from textual.widgets._footer import FooterKey

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.widgets.stale_watchers import WATCHERS, let_go_of_closed

SIZE = (80, 24)


def detached(kind: type[DOMNode]) -> int:
    """How many ``kind`` widgets are alive but on no screen (after a full collection)."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, kind) and not o.is_attached)


async def test_the_footer_keys_of_a_played_round_are_freed(tmp_path) -> None:
    app = GinRummyApp(mode="computer", seed=11, computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # Moving the selection and playing change the bindings: the footer is rebuilt
        # each time (dozens of times in a round).
        for _ in range(6):
            await pilot.press("right")
        await play_until_result(pilot)
        await pilot.pause()
        # At most the last row of keys, let go of at the footer's next change (before
        # the fix: about two hundred after one round, growing with every round).
        assert detached(FooterKey) <= 12


async def test_the_headers_of_closed_result_screens_are_let_go(tmp_path) -> None:
    # Seed 105: three rounds in 32 moves (seed 11: 96), three result screens all the same.
    app = GinRummyApp(mode="computer", seed=105, computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):
            await play_until_result(pilot)
            assert isinstance(app.screen, RoundResultScreen)
            await pilot.press("enter")
            await settle(pilot)
        # The heartbeat (every few seconds in play) lets go of the closed screens' headers.
        app.heartbeat()
        assert detached(Header) == 0
        assert let_go_of_closed(app) == 0  # nothing left to drop


def test_let_go_of_closed_reads_where_textual_keeps_watchers() -> None:
    """If Textual renames its private watcher list, the pruning would silently stop."""
    import textual.reactive

    source = textual.reactive.__file__
    with open(source, encoding="utf-8") as file:
        assert f'"{WATCHERS}"' in file.read()
