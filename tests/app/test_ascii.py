"""ASCII mode: no suit symbol anywhere a player reads text, core messages included."""

from __future__ import annotations

from pathlib import Path

from support.pilot import play_until_result, record_games, settle, table_of
from textual.widgets import RichLog

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.help import HelpScreen
from ginrummy.app.screens.replay import ReplayScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.core import Card
from ginrummy.store import Store
from ginrummy.text.cards import plain_suits, shown

SIZE = (80, 24)
SYMBOLS = set("♠♥♦♣♤♡♢♧")


def no_symbols(text: str) -> bool:
    return not SYMBOLS & set(text)


def test_plain_suits_writes_letters() -> None:
    assert plain_suits("10♦") == "10D"
    assert plain_suits("A♠ 2♥ 3♦ 4♣, K♥️ and ♤♡♢♧") == "AS 2H 3D 4C, KH and SHDC"
    assert plain_suits("no cards here") == "no cards here"
    assert shown("J♥", ascii=False) == "J♥" and shown("J♥", ascii=True) == "JH"


def log_text(app: GinRummyApp) -> str:
    log = table_of(app).query_one("#log", RichLog)
    return "\n".join(strip.text for strip in log.lines)


async def test_refusals_hints_log_and_result_have_no_symbols(tmp_path: Path) -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, ascii=True, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("h")  # the expert's reason names cards
        await settle(pilot)
        assert table.hint and no_symbols(table.message_text)
        await pilot.press("d")  # take the upcard 3D
        await pilot.pause()
        taken = Card.parse("3D")
        while table.selected is not taken:
            await pilot.press("right")
        await pilot.press("enter")  # refused by the core, whose message says "3♦"
        await pilot.pause()
        assert table.message_text == (
            "You may not discard 3D: you just took it from the discard pile."
        )
        await pilot.press("h")
        await settle(pilot)
        assert table.hint and no_symbols(table.message_text)
        assert no_symbols(app.export_screenshot())
        await play_until_result(pilot)
        assert isinstance(app.screen, RoundResultScreen)
        explanation = str(app.screen.query_one("#result-text").render())
        assert explanation and no_symbols(explanation)
        assert no_symbols(app.export_screenshot())
        assert "Round 1" in log_text(app) and no_symbols(log_text(app))


async def test_replay_and_help_in_ascii_have_no_symbols(tmp_path: Path) -> None:
    record_games(Store(tmp_path), seeds=(3,))
    app = GinRummyApp(data_dir=tmp_path, replay=1, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(len(screen.steps)):
            if screen.step.result is not None:
                break
            await pilot.press("right")
        assert screen.step.result is not None
        text = str(screen.query_one("#replay-text").render())
        assert "knock" in text.lower() or "gin" in text.lower() or "dead" in text.lower()
        assert no_symbols(text) and no_symbols(app.export_screenshot())
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert no_symbols(app.export_screenshot())
