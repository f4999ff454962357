"""Every key the table's footer offers does what it says, in every mode: hot-seat, against
the computer, and online (as the host and as the joining player).

At each of the player's turns the test reads the keys the footer shows and presses each
(the help only at the first):
the selection keys move the selection, `o` sorts, `v` shows the pile, `h` gives a hint
(or says why not), `?` shows the help, `k`/`g` ask (or explain why not), `u` takes the
move back; then the move the simple bot would make is played by keys, and it must be a
key the footer offered. `q` is pressed last and must leave the game.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from support.net import client_for
from support.online import PATIENT, PATIENT_PINGS, bot_playing, hosting, joining
from support.pilot import keys_for, settle, table_of, until
from textual.app import App
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.dialogs import ConfirmScreen, DiscardPileScreen
from ginrummy.app.screens.help import HelpScreen
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.players.simple import SimplePlayer

SIZE = (80, 24)
#: The footer's move keys, by action (the move the bot chooses is one of them).
MOVES = {
    "draw_stock": DrawStock,
    "take_discard": TakeDiscard,
    "pass_upcard": Pass,
    "discard": Discard,
    "big_gin": BigGin,
}


def offered(app: App[Any]) -> list[tuple[str, str]]:
    """The (key, action) pairs the footer shows now."""
    return [(key.key, key.action.split("(")[0]) for key in app.screen.query(FooterKey)]


def moment(table: TableScreen) -> tuple[int, ...]:
    """Where the round is: a move changes it, a key that only looks does not."""
    rnd = table.session.round
    return (table.session.game_number, rnd.number, len(rnd.history))


async def back_to(pilot: Pilot[Any], table: TableScreen) -> None:
    await pilot.press("escape")
    await until(pilot, lambda: pilot.app.screen is table, what="the table again")


async def check_key(pilot: Pilot[Any], table: TableScreen, key: str, action: str) -> None:
    """Press a key that does not move (or asks before moving) and check what it did."""
    app = pilot.app
    before = moment(table)
    if action.startswith("select"):
        selected = table.selected
        await pilot.press(key)
        await pilot.pause()
        assert table.selected is not None and table.selected is not selected, key
    elif action == "sort":
        mode = table.hand.mode
        await pilot.press(key)
        await pilot.pause()
        assert table.hand.mode != mode and table.message_text.startswith("Sorted")
    elif action == "view_pile":
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, DiscardPileScreen), what="the pile")
        await back_to(pilot, table)
    elif action == "app.help":
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help")
        await back_to(pilot, table)
    elif action == "hint":
        table.hint = ""
        await pilot.press(key)
        await until(
            pilot,
            lambda: table.message_text.startswith(("Hint:", "No hint")),
            what="the hint",
        )
        assert table.message_text.startswith("Hint: ") and table.hint, table.message_text
    elif action in ("knock", "gin"):
        table.show_message("")
        await pilot.press(key)
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, ConfirmScreen | RoundResultScreen)
                or bool(table.message_text)
                or moment(table) != before
            ),
            what=f"{key} answered",
        )
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("n")
            await until(pilot, lambda: app.screen is table, what="the table again")
        return  # a gin played at once ends the round: also what the key says
    else:
        raise AssertionError(f"the footer offers {key} ({action}), which no test presses")
    assert moment(table) == before, f"{key} changed the game"


#: Keys pressed at the first turn that offers them only: what they show does not depend on
#: the turn (the help is the rules and the keys), and drawing it is the dearest thing the
#: test did (1.5 s of CPU under load, at each of the four turns of the four tests).
ONCE = {"app.help"}


async def exercise_turn(
    pilot: Pilot[Any],
    table: TableScreen,
    seen: set[str],
    moved: Callable[[tuple[int, ...]], Awaitable[None]],
) -> None:
    """At the player's turn: press every key offered, then play the bot's move by keys."""
    await pilot.pause()
    keys = offered(pilot.app)
    assert keys, "the footer offers nothing at the player's turn"
    for key, name in keys:
        if name in MOVES or name in ("app.quit_game", "leave_online", "undo"):
            continue
        if name in ONCE and name in seen:
            continue
        await check_key(pilot, table, key, name)
        seen.add(name)
        if pilot.app.screen is not table or table.acting_seat is None:
            return  # a gin went out
    seat = table.acting_seat
    assert seat is not None
    action = SimplePlayer().choose(table.session.view(seat))
    names = {name for _key, name in keys}
    if isinstance(action, Knock):
        assert names & {"knock", "gin"}, names
    else:
        kind = next(name for name, cls in MOVES.items() if isinstance(action, cls))
        assert kind in names, f"{kind} not offered: {names}"
        seen.add(kind)
    before = moment(table)
    for key in keys_for(table, action):
        await pilot.press(key)
    await moved(before)


async def play_turns(
    pilot: Pilot[Any],
    table: TableScreen,
    turns: int,
    my_turn: Callable[[], Awaitable[bool]],
    moved: Callable[[tuple[int, ...]], Awaitable[None]],
) -> set[str]:
    seen: set[str] = set()
    for _ in range(turns):
        if not await my_turn():
            break
        await exercise_turn(pilot, table, seen, moved)
    return seen


EVERYWHERE = {"select", "sort", "view_pile", "hint", "app.help", "discard"}


async def quit_leaves(pilot: Pilot[Any], table: TableScreen) -> None:
    keys = offered(pilot.app)
    assert ("q", "app.quit_game") in keys or ("q", "leave_online") in keys, keys
    await pilot.press("q")
    await until(pilot, lambda: not pilot.app.is_running, what="the app to close")


@pytest.mark.parametrize("mode", ["hotseat", "computer"])
async def test_every_offered_key_works_at_a_local_table(mode: str) -> None:
    app = GinRummyApp(mode=mode, seed=4, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)

        async def my_turn() -> bool:
            for _ in range(3):
                if isinstance(app.screen, PrivacyScreen):
                    await pilot.press("enter")
                await settle(pilot)
            return app.screen is table and table.acting_seat is not None

        async def moved(before: tuple[int, ...]) -> None:
            await settle(pilot)
            assert moment(table) != before

        seen = await play_turns(pilot, table, 4, my_turn, moved)
        assert seen >= EVERYWHERE and seen & {"draw_stock", "take_discard"}, seen
        if mode == "computer":
            # After a move, u is offered and takes it back.
            await my_turn()
            before = moment(table)
            assert ("u", "undo") in offered(app)
            await pilot.press("u")
            await settle(pilot)
            assert table.message_text == "Move taken back." and moment(table) < before
        else:
            assert ("u", "undo") not in offered(app)
        await my_turn()
        await quit_leaves(pilot, table)


async def online_turns(pilot: Pilot[Any], app: GinRummyApp) -> set[str]:
    await until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
    table = table_of(app)

    async def my_turn() -> bool:
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, RoundResultScreen)
                or (app.screen is table and table.acting_seat is not None)
            ),
            what="the player's turn",
        )
        return app.screen is table

    async def moved(before: tuple[int, ...]) -> None:
        await until(
            pilot,
            lambda: moment(table) != before or app.screen is not table,
            what="the host's answer",
        )

    seen = await play_turns(pilot, table, 4, my_turn, moved)
    assert ("u", "undo") not in offered(app)
    assert seen >= EVERYWHERE and seen & {"draw_stock", "take_discard"}, seen
    await my_turn()
    return seen


async def test_every_offered_key_works_for_the_host(tmp_path: Path) -> None:
    async with (
        hosting(tmp_path, limits=PATIENT) as (app, pilot, waiting),
        bot_playing(client_for(waiting.host, waiting.table.code, name="Bob", **PATIENT_PINGS)),  # type: ignore[arg-type, union-attr]
    ):
        await online_turns(pilot, app)
        await quit_leaves(pilot, table_of(app))
    # Not "choose Continue" (online games are not there): how to go back to this one.
    assert app.goodbye is not None and "run ginrummy host again" in app.goodbye
    assert not app.left_saved_game


async def test_every_offered_key_works_for_the_joiner(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    _host, bot, app = await joining(tmp_path, serve, patient=True)
    async with bot_playing(bot), app.run_test(size=SIZE) as pilot:
        await online_turns(pilot, app)
        await quit_leaves(pilot, table_of(app))
    assert app.goodbye is not None
    assert "join again: ginrummy join 127.0.0.1:" in app.goodbye and "--name Bob" in app.goodbye
