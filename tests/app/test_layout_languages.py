"""Every language fits an 80x24 terminal: no button label, footer key or form row cut off.

Hungarian and Finnish words are long; a translation that grows a button past its box, or
pushes the footer's last key or a form field off the right edge, fails here with the
screen, the language and the text named.
"""

from __future__ import annotations

import gettext
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from support.pilot import (
    pressing,
    settle,
    to_game_over,
    to_knock_chance,
    to_knock_dialog,
    to_result,
)
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select
from textual.widgets._footer import FooterKey

from ginrummy.app import GinRummyApp
from ginrummy.core import Rules
from ginrummy.text import i18n

SIZE = (80, 24)
LANGUAGES = sorted(i18n.LANGUAGES)

Setup = Callable[[Pilot[Any]], Awaitable[None]]


def computer(**kw: Any) -> Callable[[str], GinRummyApp]:
    kw.setdefault("seed", 7)
    return lambda lang: GinRummyApp(mode="computer", computer_delay=0.0, language=lang, **kw)


def start(lang: str) -> GinRummyApp:
    return GinRummyApp(computer_delay=0.0, language=lang)


def hotseat(lang: str) -> GinRummyApp:
    return GinRummyApp(
        mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0, language=lang
    )


SCREENS: dict[str, tuple[Callable[[str], GinRummyApp], Setup]] = {
    "start": (start, pressing()),
    "rules editor": (start, pressing("f4")),
    "settings": (start, pressing("f7")),
    "quit dialog": (start, pressing("escape")),
    "table": (computer(), pressing("p", "s")),
    "first upcard": (computer(), pressing()),
    "round result": (computer(seed=5), to_result),
    "knock chance": (computer(seed=10), to_knock_chance),
    "knock dialog": (computer(seed=10), to_knock_dialog),
    "game over": (computer(seed=1, rules=Rules(target=30)), to_game_over),
    "privacy": (hotseat, pressing()),
    "hot-seat table": (hotseat, pressing("enter")),
    "help": (computer(), pressing("question_mark")),
}


def visible(widget: Widget) -> bool:
    return widget.display and widget.visible and widget.region.width > 0


def problems(app: GinRummyApp) -> list[str]:
    """Every widget whose text does not fit its box or that reaches past the right edge."""
    found = []
    screen = app.screen
    width = screen.size.width
    for widget in screen.query("*"):
        if not visible(widget):
            continue
        name = f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__
        if isinstance(widget, Button):
            label = widget.label
            need = label.cell_length if hasattr(label, "cell_length") else len(str(label))
            room = widget.content_region.width
            if need > room:
                found.append(f"{name} {str(label)!r} needs {need} columns, has {room}")
        if isinstance(widget, FooterKey):
            text = f"{widget.key_display} {widget.description}".strip()
            if widget.region.right > width:
                found.append(f"footer key {text!r} is beyond column {width}")
        if isinstance(widget, (Button, Input, Select, Checkbox)) and widget.region.right > width:
            found.append(f"{name} reaches column {widget.region.right}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_screen_fits_80x24(screen: str, lang: str) -> None:
    make, setup = SCREENS[screen]
    app = make(lang)
    async with app.run_test(size=SIZE) as pilot:
        await setup(pilot)
        assert i18n.language() == lang
        assert not problems(app), f"{screen} in {lang}:\n" + "\n".join(problems(app))


class Verbose(gettext.NullTranslations):
    """A language whose every message is three times as long as the English."""

    def gettext(self, message: str) -> str:
        return " ".join([message] * 3)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


async def test_the_check_sees_a_label_that_does_not_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(i18n._cache, "fi", Verbose())
    app = start("fi")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        found = problems(app)
    assert any("Button" in problem for problem in found), found
