"""Settings kept between sessions: prefilled start screen, the settings screen, CLI overrides."""

from __future__ import annotations

from pathlib import Path

from support.pilot import settle, table_of
from textual.widgets import Checkbox, Input, Select

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.settings import SettingsScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.core import Rules
from ginrummy.store import SETTINGS, LastGame, Settings, Store

SIZE = (80, 24)


async def test_choices_of_a_game_are_the_next_runs_defaults(tmp_path: Path) -> None:
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#your-name", Input).value = "Ann"
        start.query_one("#level", Select).value = "expert"
        start.query_one("#preset", Select).value = "Oklahoma"
        await pilot.pause()
        await pilot.press("f2")
        await settle(pilot)
        assert table_of(app).session.names == ("Ann", "Computer")
        await pilot.press("q")
    saved = Store(tmp_path).load_settings()
    assert saved == Settings(name="Ann")  # the settings hold only what was chosen there
    last = Store(tmp_path).load_last_game()
    assert (last.opponent, last.level) == ("computer", "expert")
    assert last.rules == Rules.preset("Oklahoma")

    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = again.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#your-name", Input).value == "Ann"
        assert start.query_one("#name1", Input).value == "Ann"
        assert start.query_one("#level", Select).value == "expert"
        assert start.query_one("#preset", Select).value == "Oklahoma"
        # (The saved game is offered first; without it the computer's button has focus.)
        assert start.query_one("#continue").has_focus


async def test_hotseat_last_time_focuses_hotseat(tmp_path: Path) -> None:
    Store(tmp_path).save_settings(Settings(name="Bea"))
    Store(tmp_path).save_last_game(LastGame(opponent="hotseat"))
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#play-hotseat").has_focus
        assert app.screen.query_one("#name1", Input).value == "Bea"


async def test_options_given_override_the_settings(tmp_path: Path) -> None:
    Store(tmp_path).save_settings(Settings(pace=1.2, ascii=True))
    Store(tmp_path).save_last_game(LastGame(level="expert", rules=Rules.preset("Oklahoma")))
    default = GinRummyApp(data_dir=tmp_path)
    assert (default.level, default.rules.name, default.computer_delay, default.ascii) == (
        "expert",
        "Oklahoma",
        1.2,
        True,
    )
    given = GinRummyApp(
        level="simple", rules=Rules(), computer_delay=0.0, ascii=False, data_dir=tmp_path
    )
    assert (given.level, given.rules, given.computer_delay, given.ascii) == (
        "simple",
        Rules(),
        0.0,
        False,
    )
    async with given.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert given.screen.query_one("#level", Select).value == "simple"


async def test_settings_screen_changes_pace_ascii_theme_and_name(tmp_path: Path) -> None:
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        for key in ("B", "e", "n", "enter"):
            await pilot.press(key)
        screen.query_one("#pace", Select).value = "instant"
        screen.query_one("#ascii", Checkbox).value = True
        screen.query_one("#theme", Select).value = "nord"
        await pilot.pause()
        assert app.theme == "nord" and app.computer_delay == 0.0 and app.ascii
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#your-name", Input).value == "Ben"
        assert "G I N" in str(app.screen.query_one("#banner").render())
        assert "S H" in str(app.screen.query_one("#banner").render())
    kept = Store(tmp_path).load_settings()
    assert (kept.name, kept.pace, kept.ascii, kept.theme) == ("Ben", 0.0, True, "nord")

    again = GinRummyApp(data_dir=tmp_path, mode="computer", seed=2)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.theme == "nord" and again.computer_delay == 0.0
        table = table_of(again)
        assert table.ascii and table.delay == 0.0 and table.session.names[0] == "Ben"


async def test_a_bad_name_in_the_settings_is_refused(tmp_path: Path) -> None:
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        app.screen.query_one("#settings-name", Input).value = "Ann\u200b"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert any("cannot be shown" in n.message for n in app._notifications)
    assert Store(tmp_path).load_settings().name == ""


async def test_theme_from_the_command_palette_is_kept(tmp_path: Path) -> None:
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "gruvbox"
        await pilot.pause()
    assert Store(tmp_path).load_settings().theme == "gruvbox"


async def test_a_corrupt_settings_file_is_one_message_and_defaults(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text('{"format": "ginrummy-settings", "version": 1, "pace": -4}')
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1
        assert messages[0].startswith("The settings could not be read (the pace must be")
        assert messages[0].endswith("it was set aside and everything else is kept.")
        assert app.settings == Settings() and app.level == "simple"
    # The old file is kept as a backup; its content, in the database's quarantine table.
    assert [p.name.startswith("settings.json.imported-") for p in tmp_path.glob("s*")] == [True]
    assert Store(tmp_path).quarantined()[0][0] == SETTINGS


async def test_an_unknown_theme_in_the_settings_is_ignored(tmp_path: Path) -> None:
    Store(tmp_path).save_settings(Settings(theme="no-such-theme"))
    app = GinRummyApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"


async def test_hotseat_keeps_both_names_for_next_time(tmp_path: Path) -> None:
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#name1", Input).value = "Anna"
        start.query_one("#name2", Input).value = "Ben"
        await pilot.press("f3")
        await pilot.pause()
        assert table_of(app).session.names == ("Anna", "Ben")
        await pilot.press("q")
    saved = Store(tmp_path).load_settings()
    assert (saved.name1, saved.name2) == ("Anna", "Ben")
    assert Store(tmp_path).load_last_game().opponent == "hotseat"
    assert saved.name == ""  # not the name of the one who plays the computer

    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = again.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#name1", Input).value == "Anna"
        assert start.query_one("#name2", Input).value == "Ben"
    straight = GinRummyApp(mode="hotseat", computer_delay=0.0, data_dir=tmp_path)
    assert straight.config_for("hotseat").names == ("Anna", "Ben")


async def test_rules_confirmed_in_the_editor_are_saved_at_once(tmp_path: Path) -> None:
    from ginrummy.app.screens.rules_editor import RulesScreen

    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("4", "5", "escape")  # cancelled: nothing kept
        await pilot.pause()
        assert Store(tmp_path).load_last_game().rules == Rules()
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("4", "5", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert Store(tmp_path).load_last_game().rules == Rules(target=45)  # before any game
    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.rules == Rules(target=45)
        assert "to 45" in str(again.screen.query_one("#rules-summary").render())


async def test_choosing_custom_opens_the_editor_and_cancel_goes_back(tmp_path: Path) -> None:
    from ginrummy.app.screens.rules_editor import RulesScreen

    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        preset = start.query_one("#preset", Select)
        preset.value = "Oklahoma"
        await pilot.pause()
        preset.value = "Custom"
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start
        assert preset.value == "Oklahoma"
        assert "Oklahoma" in str(start.query_one("#rules-summary").render())
        # Saved from the editor with a changed knob: the custom summary, not a preset's.
        preset.value = "Custom"
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, RulesScreen)
        editor.query_one("#k-target", Input).value = "45"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is start
        assert preset.value == "Custom"
        assert app.rules == Rules.preset("Oklahoma").with_(target=45)
        summary = str(start.query_one("#rules-summary").render())
        assert summary.startswith("Custom rules: to 45")


async def test_the_rules_editor_refuses_in_the_players_language(tmp_path: Path) -> None:
    from ginrummy.app.screens.rules_editor import RulesScreen
    from ginrummy.text import i18n

    i18n.set_language("pl")
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path, language="pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, RulesScreen)
        editor.query_one("#k-games", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        shown = str(editor.query_one("#rules-error").render())
        assert shown
        assert "must be an odd number" not in shown  # the core's English, not the player's


async def test_the_pace_changed_in_a_game_applies_at_once(tmp_path: Path) -> None:
    """Issue 65: a pace chosen with F7 during a game waited for a restart. Back at the
    table the new pace is used from the computer's next turn, and each pace is labelled
    with how long a computer's turn lasts (two moves: 0.3 s a move is 0.6 s a turn)."""
    import time

    from support.pilot import keys_for

    from ginrummy.core import Discard
    from ginrummy.players.simple import SimplePlayer

    app = GinRummyApp(data_dir=tmp_path, mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.delay == 0.0
        await pilot.press("f7")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        pace = screen.query_one("#pace", Select)
        labels = [str(label) for label, _value in pace._options]
        assert labels[1:] == [
            "fast (about 0.6 s a turn)",
            "normal (about 1.2 s a turn)",
            "slow (about 2.4 s a turn)",
        ]
        pace.value = "fast"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and table.delay == 0.3
        # Play until a discard hands the turn over, and time the computer's turn.
        rnd = table.session.round
        for _ in range(4):
            seat = table.acting_seat
            assert seat is not None
            action = SimplePlayer().choose(table.session.view(seat))
            keys = keys_for(table, action)
            for key in keys[:-1]:
                await pilot.press(key)
            before = len(rnd.actions)
            started = time.monotonic()
            await pilot.press(keys[-1])
            await settle(pilot)
            if isinstance(action, Discard) and len(rnd.actions) >= before + 3:
                # The computer drew and discarded: two moves at 0.3 s each at least.
                assert time.monotonic() - started >= 0.6
                return
        raise AssertionError("no computer turn after a discard")
