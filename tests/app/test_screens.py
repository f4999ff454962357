"""Pilot tests of the screens around the table: start, help, quit, too small, game over."""

from __future__ import annotations

from pathlib import Path

from support.pilot import play_until_result, settle, table_of
from textual.widgets import Input

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.gameover import GameOverScreen
from ginrummy.app.screens.help import HelpScreen
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.screens.rules_editor import RulesScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.app.widgets.toosmall import TooSmall
from ginrummy.core import Rules
from ginrummy.players import LEVELS

SIZE = (80, 24)


def test_levels_come_from_the_players_registry() -> None:
    assert "simple" in LEVELS and "random" not in LEVELS


async def test_start_screen_starts_a_game_against_the_computer() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#seed", Input).value = "42"
        await pilot.press("enter")  # the focused "Play the computer" button
        await settle(pilot)
        table = table_of(app)
        assert isinstance(app.screen, TableScreen)
        assert table.session.game.seed == 42
        assert table.session.names == ("You", "Computer")


async def test_start_screen_hotseat_with_names() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name1", Input).value = "Anna"
        app.screen.query_one("#name2", Input).value = "Ben"
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        table = table_of(app)
        assert table.session.names == ("Anna", "Ben")
        assert table.session.hotseat


async def test_rules_editor_changes_knobs() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        app.screen.query_one("#k-target", Input).value = "50"
        app.screen.query_one("#k-knock_limit", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), "knock limit 12 is refused"
        assert "Knock limit must be 0..10." in str(app.screen.query_one("#rules-error").render())
        app.screen.query_one("#k-knock_limit", Input).value = "7"
        app.screen.query_one("#k-big_gin_bonus", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.rules == Rules(target=50, knock_limit=7, big_gin_bonus=None)
        await pilot.press("f2")
        await settle(pilot)
        assert table_of(app).session.rules.knock_limit == 7


async def test_too_small_terminal_says_how_large_and_follows_resizes() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(TooSmall)
        assert notice.display
        text = str(notice.render())
        assert "at least 80 x 24" in text and "70 x 20" in text
        assert not app.screen.query_one("#table").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.query_one(TooSmall).display
        assert app.screen.query_one("#table").display
        await pilot.resize_terminal(100, 23)
        await pilot.pause()
        assert app.screen.query_one(TooSmall).display


async def test_q_saves_the_game_and_quits_at_once() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert app.left_saved_game
    assert app.store.load_game() is not None


async def test_ctrl_c_saves_the_game_and_quits_without_a_traceback() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0
    loaded = app.store.load_game()
    assert loaded is not None
    assert [str(a) for a in loaded[0].round.actions][:1] == ["pass"]


async def test_help_shows_rules_and_keys() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        from ginrummy.app.screens.help import keys_markdown, rules_markdown

        assert "How to play Gin Rummy" in rules_markdown()
        keys = keys_markdown()
        for key in ("`s`", "`d`", "`p`", "`Enter`", "`k`", "`g`", "`b`", "`?`", "`q`", "`v`"):
            assert key in keys
        assert "| `q` or `ctrl+c` | quit;" in keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_a_whole_game_to_the_end_and_play_again() -> None:
    # Seed 80: the game to 30 ends in two short rounds (20 moves; seed 1 took 4 rounds,
    # 74 moves: the same screens, four times the refreshes).
    app = GinRummyApp(mode="computer", seed=80, computer_delay=0.0, rules=Rules(target=30))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(20):
            await play_until_result(pilot)
            assert isinstance(app.screen, RoundResultScreen)
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        table = table_of(app)
        assert table.session.game_over
        await pilot.press("a")
        await settle(pilot)
        fresh = table_of(app)
        assert fresh is not table and fresh.session.round.number == 1
        assert fresh.session.game.seed == 81  # the next seed: a new deal


async def test_a_tournament_match_goes_on_to_the_next_game() -> None:
    rules = Rules.preset("Tournament").with_(target=10)
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(20):
            await play_until_result(pilot)
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        table = table_of(app)
        assert table.session.match is not None
        assert sum(table.session.match.games_won) == 1
        await pilot.press("enter")  # next game
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(table.session.match.games) == 2


async def test_rules_editor_opens_with_the_first_field_ready_to_type() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        target = app.screen.query_one("#k-target", Input)
        assert target.has_focus
        await pilot.press("3", "0", "ctrl+s")  # typing replaces the value shown
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.rules.target == 30


async def test_start_footer_fits_80_columns_with_quit(tmp_path: Path) -> None:
    from textual.widgets._footer import FooterKey

    from ginrummy.core import Game
    from ginrummy.store import GameMeta, Store

    Store(tmp_path).save_game(Game(seed=5), GameMeta("computer", ("You", "Computer"), "simple"))
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.saved
        keys = [k for k in app.screen.query(FooterKey) if k.display]
        shown = {k.description: k.region for k in keys}
        for wanted in ("Continue", "Computer", "Hot-seat", "Help", "Quit"):
            region = shown[wanted]
            assert region.width and region.right <= SIZE[0], wanted


async def test_the_round_result_footer_names_enter_to_continue() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_result(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundResultScreen)
        assert screen.focused is not None and screen.focused.id == "continue"  # the button
        shown = screen.active_bindings["enter"]
        assert shown.binding.show and shown.binding.description == "Continue"
        await pilot.press("enter")  # once: on to round 2, not past it
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table_of(app).session.round.number == 2


async def test_rules_editor_has_its_own_footer() -> None:
    from textual.widgets import Footer

    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, RulesScreen)
        footer = editor.query_one(Footer)
        assert footer.screen is editor and footer.display
        keys = {k for k, b in editor.active_bindings.items() if b.binding.show}
        assert {"escape", "ctrl+s"} <= keys
        assert not {"f2", "f3", "f5"} & set(editor.active_bindings)  # the start screen's keys


async def _to_menu_after_a_game(app: GinRummyApp, pilot: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for _ in range(10):  # a dead round scores nothing: play on to the game's end
        await play_until_result(pilot)
        await pilot.press("enter")
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            break
    assert isinstance(app.screen, GameOverScreen)
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)


async def test_back_at_the_menu_the_mode_just_played_has_focus() -> None:
    # Seed 53: a knock on the sixth move ends the game (seed 1: the 28th).
    app = GinRummyApp(computer_delay=0.0, seed=53, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#your-name", Input).focus()  # where focus was when the game began
        await pilot.press("f3")
        await settle(pilot)
        await _to_menu_after_a_game(app, pilot)
        assert start.query_one("#play-hotseat").has_focus
        await pilot.press("f2")
        await settle(pilot)
        await _to_menu_after_a_game(app, pilot)
        assert start.query_one("#play-computer").has_focus
        start.query_one("#name2", Input).focus()
        await pilot.press("f6")  # other screens leave the focus where it was
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert start.query_one("#name2").has_focus


async def test_a_game_started_from_the_command_line_returns_to_its_mode() -> None:
    # Seed 53: a knock on the sixth move ends the game (seed 1: the 28th).
    app = GinRummyApp(mode="hotseat", computer_delay=0.0, seed=53, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await _to_menu_after_a_game(app, pilot)
        assert app.screen.query_one("#play-hotseat").has_focus


async def test_a_continued_game_hides_the_spent_continue_button(tmp_path: Path) -> None:
    from ginrummy.core import Game, Pass
    from ginrummy.store import GameMeta, Store

    game = Game(Rules(target=1), seed=40)  # a knock on the 6th move after (seed 1: 36th)
    game.apply(Pass())
    meta = GameMeta("hotseat", ("Ann", "Ben"), "", "x1", "2025-01-01T00:00:00+00:00")
    Store(tmp_path).save_game(game, meta)
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        await settle(pilot)
        assert table_of(app).session.names == ("Ann", "Ben")
        await _to_menu_after_a_game(app, pilot)
        assert app.screen.query_one("#play-hotseat").has_focus
        assert not app.screen.query_one("#continue-row").display


async def test_esc_on_the_start_screen_asks_before_quitting() -> None:
    from ginrummy.app.screens.dialogs import ConfirmScreen

    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen) and dialog.title_text == "Quit ginrummy?"
        shown = {b.binding.description for b in dialog.active_bindings.values() if b.binding.show}
        assert shown == {"Yes", "No"}  # its own footer, not the start screen's keys
        await pilot.press("escape")  # a second Esc: stay
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.return_code is None
        await pilot.press("n")  # n on the start screen does nothing
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_c_on_the_start_screen_quits_at_once() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0


async def test_no_key_plays_on_the_hidden_table_of_a_too_small_terminal() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        rnd = table.session.round
        before = list(rnd.actions)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        for key in ("d", "p", "s", "enter", "k", "h", "o", "right"):
            await pilot.press(key)
        await pilot.pause()
        assert list(rnd.actions) == before
        assert table.hint == ""
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("p")
        await settle(pilot)
        assert len(rnd.actions) > len(before)
