"""Pilot tests: one saved game per slot, each offered on the start screen; a game open in
another window is not taken, one whose window is gone is taken over after asking."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.pilot import settle, table_of
from textual.widgets import Select

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.dialogs import ConfirmScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.core import Game, Pass, Rules
from ginrummy.store import GameMeta, Store, slot_of

SIZE = (80, 24)
SIMPLE = GameMeta("computer", ("Ann", "Computer"), "simple", "s1", "2025-01-01T00:00:00+00:00")
PAIR = GameMeta("hotseat", ("Ann", "Ben"), "", "h1", "2025-01-01T00:00:00+00:00")


def _two_saved(root: Path) -> Store:
    store = Store(root)
    for meta, seed in ((SIMPLE, 3), (PAIR, 4)):
        game = Game(Rules(), seed=seed)
        game.apply(Pass())
        store.save_game(game, meta)
    return store


async def test_each_saved_game_is_offered_and_continued_alone(tmp_path: Path) -> None:
    _two_saved(tmp_path)
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        choose = screen.query_one("#continue-slot", Select)
        labels = [str(prompt) for prompt, _ in choose._options]
        assert len(labels) == 2
        assert any("hot-seat" in t for t in labels) and any("vs Computer" in t for t in labels)
        assert screen.query_one("#continue").has_focus
        hot = next(v for p, v in choose._options if "hot-seat" in str(p))
        choose.value = hot
        await pilot.pause()
        await pilot.press("f5")
        await settle(pilot)
        assert table_of(app).session.names == ("Ann", "Ben")
    # The other slot's game still waits, as it was.
    left = {g.meta.id for g in Store(tmp_path).saved_games()}
    assert left == {"s1", "h1"}


async def test_a_new_game_replaces_only_its_own_slot(tmp_path: Path) -> None:
    _two_saved(tmp_path)
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name1").value = "Cy"  # type: ignore[attr-defined]
        screen.query_one("#name2").value = "Di"  # type: ignore[attr-defined]
        await pilot.press("f3")  # another pair: nothing to replace, no question
        await settle(pilot)
        assert table_of(app).session.names == ("Cy", "Di")
    ids = {g.meta.names for g in Store(tmp_path).saved_games()}
    assert ids == {("Ann", "Computer"), ("Ann", "Ben"), ("Cy", "Di")}


async def test_a_game_open_in_another_window_is_not_taken(tmp_path: Path) -> None:
    other = _two_saved(tmp_path)
    other.take_slot(SIMPLE)  # the other window sits at the vs-simple table
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choose = app.screen.query_one("#continue-slot", Select)
        label, value = next((p, v) for p, v in choose._options if "vs Computer" in str(p))
        assert "(open in another window)" in str(label)
        choose.value = value
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert any("open in another window" in n.message for n in app._notifications)
        # A new game in that slot is refused too (the other window's game is kept).
        await pilot.press("f2")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        assert isinstance(app.screen, StartScreen)
    assert Store(tmp_path).saved_games()[0].meta.id in {"s1", "h1"}
    assert {g.meta.id for g in Store(tmp_path).saved_games()} == {"s1", "h1"}


async def test_a_game_whose_window_crashed_is_continued_at_once(tmp_path: Path) -> None:
    other = _two_saved(tmp_path)
    other.take_slot(PAIR)
    # kill -9: a lease of a dead process on this host is debris, not a window.
    other.db().execute("UPDATE leases SET holder = 'gone', pid = ?", (2**22 + 4321,))
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choose = app.screen.query_one("#continue-slot", Select)
        choose.value = next(v for p, v in choose._options if "hot-seat" in str(p))
        await pilot.press("f5")
        await settle(pilot)
        assert table_of(app).session.names == ("Ann", "Ben")
        lease = Store(tmp_path).lease(slot_of(PAIR))
        assert lease is not None and lease.pid == os.getpid()


async def test_a_game_whose_window_is_silent_is_taken_over_after_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = _two_saved(tmp_path)
    other.take_slot(PAIR)
    # No heartbeat for longer than the limit (a window suspended, or on another host).
    other.db().execute("UPDATE leases SET holder = 'gone', heartbeat = heartbeat - 3600")
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choose = app.screen.query_one("#continue-slot", Select)
        choose.value = next(v for p, v in choose._options if "hot-seat" in str(p))
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert table_of(app).session.names == ("Ann", "Ben")
        lease = Store(tmp_path).lease(slot_of(PAIR))
        assert lease is not None and lease.ours is False and lease.pid == os.getpid()


async def test_the_open_table_holds_its_slot_until_it_is_left(tmp_path: Path) -> None:
    app = GinRummyApp(mode="computer", seed=3, computer_delay=0.0, data_dir=tmp_path)
    other = Store(tmp_path)  # the second window
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        [seen] = other.saved_games()
        assert seen.open_elsewhere
        app.heartbeat()  # what the timer does every few seconds: the slot stays held
        assert other.saved_games()[0].open_elsewhere
        await pilot.press("ctrl+q")
        await pilot.pause()
    [seen] = other.saved_games()
    assert not seen.open_elsewhere and seen.lease is None


async def test_a_typed_seed_deals_one_game_only(tmp_path: Path) -> None:
    from textual.widgets import Input

    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#seed", Input).value = "5"
        await pilot.press("f2")
        await settle(pilot)
        assert table_of(app).session.game.seed == 5
        assert start.query_one("#seed", Input).value == ""  # the next game: a new deal
    # Nor does a seed given with a mode on the command line stay in the form.
    app = GinRummyApp(mode="computer", seed=9, computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = app.screen_stack[1]
        assert isinstance(start, StartScreen)
        assert start.query_one("#seed", Input).value == ""


async def test_hot_seat_names_never_become_your_name(tmp_path: Path) -> None:
    from textual.widgets import Input

    app = GinRummyApp(mode="hotseat", names=("Zed", "Amy"), computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
    kept = Store(tmp_path).load_settings()
    assert kept.name == "" and (kept.name1, kept.name2) == ("Zed", "Amy")
    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = again.screen
        assert start.query_one("#your-name", Input).value == ""
        assert start.query_one("#name1", Input).value == "Zed"
        assert again.config_for("computer").names == ("You", "Computer")


async def test_the_one_saved_game_open_elsewhere_says_so_within_80_columns(
    tmp_path: Path,
) -> None:
    from textual.widgets import Button

    store = Store(tmp_path)
    game = Game(Rules(), seed=3)
    game.apply(Pass())
    store.save_game(game, SIMPLE)
    store.take_slot(SIMPLE)  # another window sits at that table
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        button = app.screen.query_one("#continue", Button)
        label = str(button.label)
        assert label.startswith("Open in another window: vs Computer (simple), Ann 0")
        assert "(F5)" not in label
        assert len(label) <= 76
