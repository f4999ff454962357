"""The start screen is whole in its first frame: its footer keys are there and the button to
play is focused, as on the settled screen; the app says when that frame is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.start import StartScreen
from ginrummy.store import LastGame, Store


def _at_first_frame(app: GinRummyApp, seen: list[object]) -> None:
    """What the screen holds when ``drawn`` is called: its class, the footer keys, the
    focused widget's id, and the screen as drawn."""
    screen = app.screen
    keys = [str(key.key) for key in screen.query(FooterKey)]
    focused = screen.focused.id if screen.focused is not None else None
    seen.append((type(screen), keys, focused, app.export_screenshot()))


async def _first_and_settled(app: GinRummyApp, seen: list[object]) -> tuple[object, ...]:
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        settled = app.export_screenshot()
    assert len(seen) == 1  # called once
    first = seen[0]
    assert isinstance(first, tuple)
    return (*first, settled)


async def test_the_first_frame_has_the_keys_and_the_focus(tmp_path: Path) -> None:
    seen: list[object] = []
    app = GinRummyApp(data_dir=tmp_path, drawn=lambda: _at_first_frame(app, seen))
    screen, keys, focused, first, settled = await _first_and_settled(app, seen)
    assert screen is StartScreen
    assert keys == ["f2", "f3", "f8", "f9", "question_mark", "escape"]
    assert focused == "play-computer"
    # Drawn as it stays: no key row, focus or value coming a frame later.
    assert first == settled


async def test_a_hot_seat_player_finds_the_hot_seat_button_focused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_last_game(LastGame(opponent="hotseat"))
    store.close()
    seen: list[object] = []
    app = GinRummyApp(data_dir=tmp_path, drawn=lambda: _at_first_frame(app, seen))
    _, _, focused, first, settled = await _first_and_settled(app, seen)
    assert focused == "play-hotseat"
    assert first == settled


async def test_focused_first_only_the_button_marked_for_it(tmp_path: Path) -> None:
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        marked = [
            button.id for button in app.screen.query(Button) if button.has_class("-first-focus")
        ]
        assert marked == ["play-computer"]
        # Tab goes on from there as before: the next field is the hot-seat panel's.
        await pilot.press("tab")
        assert app.screen.focused is not None
        assert app.screen.focused.id == "name1"


async def test_drawn_is_called_once_and_the_fallback_does_not_call_it_again(
    tmp_path: Path,
) -> None:
    calls: list[int] = []
    app = GinRummyApp(data_dir=tmp_path, drawn=lambda: calls.append(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(1.3)  # past the one-second fallback
    assert calls == [1]


@pytest.mark.parametrize(("latest", "called"), [(0.2, [1]), (60.0, [])])
async def test_drawn_comes_at_the_latest_if_the_screen_never_refreshes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, latest: float, called: list[int]
) -> None:
    # As if the top screen had closed before its first refresh: what it was asked to call
    # after that refresh never runs; the app's timer calls ``drawn`` (if it is not too long).
    monkeypatch.setattr(StartScreen, "call_after_refresh", lambda *args, **kwargs: False)
    monkeypatch.setattr(GinRummyApp, "DRAWN_AT_THE_LATEST", latest)
    calls: list[int] = []
    app = GinRummyApp(data_dir=tmp_path, drawn=lambda: calls.append(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.6)
    assert calls == called


async def test_a_form_select_looks_and_works_as_textuals() -> None:
    """Made ready before it mounts, a `FormSelect` ends as Textual's `Select` does: with or
    without a value, compact or not, and it still opens and takes a choice."""
    from textual.app import App, ComposeResult
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent, SelectOverlay

    from ginrummy.app.widgets.forms import FormSelect

    options = [("one", 1), ("two", 2)]

    class Both(App[None]):
        def compose(self) -> ComposeResult:
            for cls in (Select, FormSelect):
                yield cls(options, value=2, allow_blank=False, compact=True)
                yield cls(options, compact=False)  # blank: the prompt shown

    def state(select: Select[int]) -> tuple[object, ...]:
        current, overlay = select.query_one(SelectCurrent), select.query_one(SelectOverlay)
        return (
            select.value,
            current.has_value,
            sorted(current.classes),
            overlay.compact,
            sorted(overlay.classes),
        )

    app = Both()
    async with app.run_test() as pilot:
        await pilot.pause()
        textual, textual_blank, ours, ours_blank = app.query(Select).results(Select)
        assert state(ours) == state(textual)
        assert state(ours_blank) == state(textual_blank)
        assert state(ours)[1] and not state(ours_blank)[1]
        ours_blank.focus()
        await pilot.press("enter", "down", "enter")
        assert ours_blank.value == 1
        assert ours_blank.query_one(SelectCurrent).has_value
