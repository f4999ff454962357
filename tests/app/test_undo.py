"""Undo at the table: `u` takes back the player's last move and the computer's reply, as far
back as the start of the round; only against the computer; the game is marked."""

from __future__ import annotations

import json

from support.pilot import play_turn_with_keys, settle, table_of, to_game_over

from ginrummy.app import GinRummyApp
from ginrummy.app.model.seats import TableConfig
from ginrummy.app.model.table import TableModel
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Discard, DrawStock, Pass, Phase, Rules
from ginrummy.core.save import to_dict
from ginrummy.store import Store
from ginrummy.store.stats import format_table
from ginrummy.text.history import record_line

SIZE = (80, 24)


def core_state(table: TableScreen) -> dict[str, object]:
    """The game as a save holds it, without the app's details (the undo mark)."""
    data = to_dict(table.session.state)
    data.pop("extra")
    return data


def saved_state(store: Store) -> dict[str, object]:
    row = store.db().execute("SELECT save FROM saves").fetchone()
    data = json.loads(row[0])
    data.pop("extra")
    return data


async def test_undo_takes_back_the_discard_and_the_reply_then_the_draw() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        # Play until the person has to draw, with a move of the round behind.
        await play_turn_with_keys(pilot)
        while table.session.round.phase is not Phase.DRAW:
            await play_turn_with_keys(pilot)
        rnd = table.session.round
        assert rnd.to_act == 0 and rnd.phase is Phase.DRAW
        before_draw = core_state(table)
        moves = len(rnd.actions)
        log_before = [line.text() for line in table.model.log.lines]
        await pilot.press("s")
        await pilot.pause()
        assert table.session.round.phase is Phase.DISCARD
        before_discard = core_state(table)
        hand = table.session.round.hand(0)
        await pilot.press("enter")
        await settle(pilot)
        assert table.session.round.hand(0) != hand  # discarded, and the computer replied
        await pilot.press("u")
        await settle(pilot)
        assert core_state(table) == before_discard
        assert saved_state(app.store) == before_discard
        assert table.acting_seat == 0 and table.session.round.phase is Phase.DISCARD
        assert "taken back" in table.message_text
        await pilot.press("u")
        await settle(pilot)
        assert core_state(table) == before_draw
        assert saved_state(app.store) == before_draw
        # The log tells the round as it was, and that a move was taken back.
        log_after = [line.text() for line in table.model.log.lines]
        assert log_after[: len(log_before)] == log_before
        assert log_after[-1] == "You took your move back."
        assert table.model.meta.undo == (1,)
        # The game goes on from there.
        await play_turn_with_keys(pilot)
        assert len(table.session.round.actions) == moves + 1


async def test_undo_is_refused_before_any_move_of_the_round(computer_app: GinRummyApp) -> None:
    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        before = core_state(table)
        await pilot.press("u")
        await pilot.pause()
        assert table.message_text == "Nothing to take back: you have not moved yet in this round."
        assert core_state(table) == before
        assert table.model.meta.undo == ()


async def test_undo_is_refused_in_hot_seat() -> None:
    app = GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        await pilot.press("enter")  # the privacy screen
        await pilot.pause()
        await play_turn_with_keys(pilot)
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert table.acting_seat is not None
        before = core_state(table)
        await pilot.press("u")
        await pilot.pause()
        assert table.message_text.startswith("Undo is only for games against the computer")
        assert core_state(table) == before


async def test_a_game_with_undo_is_marked_in_the_history_and_the_statistics() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0, rules=Rules(target=25))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await play_turn_with_keys(pilot)
        await play_turn_with_keys(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert table.model.meta.undo == (1,)
        await to_game_over(pilot)
        store = app.store
        (entry,) = store.history_page(1, 1)
        assert entry.undo
        assert record_line(entry).endswith(", with undo")
        record = store.history_record(1)
        assert record is not None and record.meta.undo == (1,)
        app.open_replay(1)
        await pilot.pause()
        assert "With undo" in str(app.screen.query_one("#replay-text").render())
        stats = store.stats()["simple"]
        assert stats.undo_games == 1
        assert "Games with undo" in format_table(store.stats())


def test_the_model_takes_back_a_pass_and_refuses_after_the_round() -> None:
    model = TableModel(TableConfig.make("computer", seed=2))
    model.start_round()
    model.advance()
    assert model.undo_refusal() is not None
    model.play(Pass())
    # The computer passes too; the person must draw from the stock.
    model.apply_computer(1, Pass())
    model.play(DrawStock())
    card = model.session.round.hand(0)[0]
    model.play(Discard(card))
    assert model.undo_points() == [0, 2, 3]
    assert model.undo() is None
    assert len(model.session.round.actions) == 3
    assert model.undo() is None and model.undo() is None
    assert model.session.round.actions == ()
    assert model.undo_refusal() is not None
