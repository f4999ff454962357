"""A screen closes once, and only itself (Pilot, 80x24).

Textual's ``dismiss`` pops whatever screen is on top. On a loaded machine the end-to-end
test pressed Enter twice on the round result: the second Enter, queued before the result
closed, reached it afterwards and closed the game-over screen shown next, so the game
never ended on screen. These tests play that order of events out, and the other one: a
screen that closes itself while a dialog is open over it.
"""

from __future__ import annotations

import importlib
import pkgutil

from support.pilot import play_until_result, settle, table_of

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.dialogs import DiscardPileScreen
from ginrummy.app.screens.gameover import GameOverScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.core import Rules

SIZE = (80, 24)


async def test_an_enter_that_reaches_the_round_result_after_it_closed_changes_nothing() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_result(pilot)
        result = app.screen
        assert isinstance(result, RoundResultScreen)
        await pilot.press("enter")
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        # The second Enter, queued on the result screen before it closed, arrives now.
        result.action_continue()
        await pilot.pause()
        assert app.screen is over
        assert isinstance(app.screen_stack[-2], type(table_of(app)))
        await pilot.press("enter")  # the game-over screen still answers: to the menu
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert len(app.store.history()) == 1


async def test_a_table_that_closes_under_a_dialog_closes_the_dialog_with_it() -> None:
    """What an online table does when its host goes away while the pile is being looked
    at: the player is back at the menu, not at a table that is over."""
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, DiscardPileScreen)
        table.dismiss("menu")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "StartScreen"]
        table.dismiss("quit")  # closed already: a second close is nothing
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


def test_every_screen_of_the_app_closes_once() -> None:
    """A new screen made from Textual's Screen would bring the double Enter back."""
    import inspect

    from textual.screen import Screen

    from ginrummy.app import screens
    from ginrummy.app.screens.base import GinModalScreen, GinScreen

    found = []
    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == module.__name__:
                found.append(cls)
                assert issubclass(cls, GinScreen | GinModalScreen), cls
    assert len(found) >= 17  # the two bases and the fifteen screens of today
