"""Pilot tests: autosave after every move, Continue, refusing bad files, finished games recorded."""

from __future__ import annotations

from pathlib import Path

from support.pilot import play_turn_with_keys, settle, table_of, until

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.dialogs import ConfirmScreen
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Rules
from ginrummy.store import AUTOSAVE, Store

SIZE = (80, 24)


async def test_every_move_is_saved_and_continue_restores_the_table(tmp_path: Path) -> None:
    app = GinRummyApp(mode="computer", seed=3, computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        for _ in range(4):
            await play_turn_with_keys(pilot)
            loaded = Store(tmp_path).load_game()
            assert loaded is not None
            saved, _ = loaded
            assert saved.round.actions == table.session.round.actions
        rnd = table.session.round
        hand, pile, scores = rnd.hand(0), rnd.discard_pile, table.session.game.scores
        actions = list(rnd.actions)
        await pilot.press("q")
        await pilot.pause()
    assert app.left_saved_game

    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, StartScreen)
        assert again.screen.query_one("#continue").has_focus
        await pilot.press("enter")
        await settle(pilot)
        table = table_of(again)
        rnd = table.session.round
        assert rnd.hand(0) == hand and rnd.discard_pile == pile
        assert table.session.game.scores == scores and list(rnd.actions) == actions
        assert table.session.names == ("You", "Computer") and table.session.bots
        assert table.acting_seat == 0
        # And play goes on from there.
        await play_turn_with_keys(pilot)
        assert len(table.session.round.actions) > len(actions)


async def test_a_new_game_asks_before_replacing_the_saved_one(tmp_path: Path) -> None:
    app = GinRummyApp(mode="computer", seed=3, computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn_with_keys(pilot)
        await pilot.press("q")
    again = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(again.screen, StartScreen), what="the start")
        assert again.saved
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(again.screen, ConfirmScreen), what="the question")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(again.screen, StartScreen), what="the start")
        assert again.saved
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(again.screen, ConfirmScreen), what="the question")
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(again.screen, TableScreen) and not again.saved


async def test_hotseat_continues_behind_the_privacy_screen(tmp_path: Path) -> None:
    app = GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await play_turn_with_keys(pilot)
        await pilot.press("ctrl+c")
    again = GinRummyApp(data_dir=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(again.screen, PrivacyScreen)
        table = table_of(again)
        assert table.viewer is None and table.session.names == ("Anna", "Ben")


async def test_a_corrupt_save_is_refused_with_one_message(tmp_path: Path) -> None:
    (tmp_path / AUTOSAVE).write_text('{"format": "ginrummy-save", "version": 1, "kin')
    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and not app.saved
        assert not app.screen.query("#continue")
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and "set aside and everything else is kept" in messages[0]
    assert [p.name.startswith("autosave.json.imported-") for p in tmp_path.glob("a*")] == [True]


def _slots_in_use() -> int:
    """How many saved games the store's table holds, read raw: `Store.saved_games`
    would itself move a finished game found in a slot to the history."""
    return int(Store().db().execute("SELECT COUNT(*) FROM saves").fetchone()[0])


async def test_a_finished_game_leaves_no_save_and_is_in_the_history() -> None:
    from support.pilot import play_until_result, resuming_the_last_move

    app = resuming_the_last_move(Rules(target=30), 1)
    assert _slots_in_use() == 1 and Store().history() == []
    async with app.run_test(size=SIZE) as pilot:
        await play_until_result(pilot)
        assert table_of(app).session.game_over
        await pilot.pause()
    assert _slots_in_use() == 0
    history = Store().history()
    assert len(history) == 1 and history[0].meta.names == ("You", "Computer")


async def test_statistics_screen_from_the_start_screen(tmp_path: Path) -> None:
    from ginrummy.app.screens.stats import StatsScreen

    app = GinRummyApp(computer_delay=0.0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "No finished games yet" in str(app.screen.query_one("#stats-table").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
