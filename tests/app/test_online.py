"""The online table in the app (Pilot, 80x24): a local app hosts or joins, and a bot
client from `ginrummy.net.client` plays the other seat over 127.0.0.1.

Every wait polls the app (or the bot's client) until what is expected is there, within
a deadline: nothing sleeps a fixed time, so the tests hold under load.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from support.net import client_for, new_table
from support.online import (
    PATIENT,
    PATIENT_PINGS,
    SIZE,
    LocalBot,
    bot_playing,
    hosting,
    joining,
    model,
    table,
    text_of,
)
from support.pilot import keys_for, until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.gameover import GameOverScreen
from ginrummy.app.screens.online_host import HostScreen
from ginrummy.app.screens.online_join import JoinScreen
from ginrummy.app.screens.online_table import OnlineTableScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.core import Discard, Game, Phase, Rules
from ginrummy.net.clock import TurnClock
from ginrummy.net.referee import Table
from ginrummy.net.server import Host
from ginrummy.players.simple import SimplePlayer
from ginrummy.store import Store


async def my_turn(pilot: Pilot[Any], app: GinRummyApp) -> None:
    await until(
        pilot,
        lambda: isinstance(app.screen, OnlineTableScreen) and table(app).acting_seat is not None,
        what="the player's turn",
    )


async def play_keys(pilot: Pilot[Any], app: GinRummyApp, bot: SimplePlayer) -> None:
    """Play the seat at the keyboard (as the simple bot would, by keys) until the round's
    result is shown."""
    for _ in range(300):
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, RoundResultScreen)
                or (
                    isinstance(app.screen, OnlineTableScreen) and table(app).acting_seat is not None
                )
            ),
            what="the player's turn or the result",
        )
        if isinstance(app.screen, RoundResultScreen):
            return
        screen = table(app)
        seq = screen.remote.seq
        action = bot.choose(screen.session.view(screen.remote.seat))
        for key in keys_for(screen, action):
            await pilot.press(key)
        await until(
            pilot,
            lambda screen=screen, seq=seq: (
                screen.remote.seq != seq or isinstance(app.screen, RoundResultScreen)
            ),
            what="the host's answer",
        )
    raise AssertionError("the round did not end")


async def test_hosting_shows_the_code_then_plays_a_round_against_a_bot(tmp_path: Path) -> None:
    async with hosting(tmp_path) as (app, pilot, waiting):
        code = waiting.table.code
        assert code in text_of(waiting, "#online-code")
        assert "Waiting for the other player" in text_of(waiting, "#online-status")
        client = client_for(waiting.host, code, name="Bob")
        async with bot_playing(client):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            screen = table(app)
            assert screen.session.names == ("Ann", "Bob")
            await until(pilot, lambda: "online" in (screen.sub_title or ""), what="the state")
            # The round's opening is told once (the table starts the round once).
            openings = [line.text() for line in model(app).log.lines]
            assert sum("The upcard is" in text for text in openings) == 1
            await play_keys(pilot, app, SimplePlayer())
            result = app.screen
            assert isinstance(result, RoundResultScreen)
            # The showdown came from the host: both hands, the points in words.
            assert result.result.hands[1]
            await pilot.press("enter")
            await until(
                pilot,
                lambda: (
                    model(app).remote.round.number == 2 or isinstance(app.screen, GameOverScreen)
                ),
                what="the next round",
            )


async def test_the_online_move_log_closes_the_round_with_its_result_and_the_totals(
    tmp_path: Path,
) -> None:
    """As at a local table, the round's last line in the log is its result in words and
    the totals after it, told once (every later state of the ended round adds nothing)."""
    from textual.widgets import RichLog

    from ginrummy.app.model.movelog import LineKind

    async with hosting(tmp_path) as (app, pilot, waiting):
        client = client_for(waiting.host, waiting.table.code, name="Bob")
        async with bot_playing(client):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            await play_keys(pilot, app, SimplePlayer())
            remote = model(app)
            session = remote.remote
            result = session.round.result
            assert result is not None
            results = [line for line in remote.log.lines if line.kind is LineKind.RESULT]
            assert len(results) == 1
            assert remote.log.lines[-1] is results[0]
            text = results[0].text()
            first, second = session.game.scores
            assert text.startswith(session.explain(result))
            assert text.endswith(f"Totals: Ann {first} · Bob {second} (to 100)")
            assert max(first, second) == result.points or result.points == 0
            # The host's later messages about the ended round log nothing more.
            remote.sync_log()
            assert [line.kind for line in remote.log.lines].count(LineKind.RESULT) == 1
            await pilot.press("enter")
            await until(
                pilot,
                lambda: isinstance(app.screen, OnlineTableScreen),
                what="back at the table",
            )
            log = table(app).query_one("#log", RichLog)
            written = " ".join(" ".join(strip.text for strip in log.lines).split())
            assert f"Totals: Ann {first} · Bob {second} (to 100)" in written


async def test_quitting_at_the_round_result_says_how_to_go_back_to_the_match(
    tmp_path: Path,
) -> None:
    """`q` on the result screen over an online table leaves as `q` at the table does: the
    line printed after the app has closed says how to come back to the match."""
    async with hosting(tmp_path) as (app, pilot, waiting):
        client = client_for(waiting.host, waiting.table.code, name="Bob")
        async with bot_playing(client):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            await play_keys(pilot, app, SimplePlayer())
            assert isinstance(app.screen, RoundResultScreen)
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, what="the app to close")
    assert app.goodbye is not None and "run ginrummy host again" in app.goodbye


async def test_a_move_the_host_refuses_is_said_with_the_reason_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async with (
        hosting(tmp_path) as (app, pilot, waiting),
        bot_playing(client_for(waiting.host, waiting.table.code, name="Bob")),
    ):
        await my_turn(pilot, app)
        screen = table(app)
        # Out of turn is refused here, before anything is sent.
        if screen.remote.remote.own_view.phase is Phase.DISCARD:
            await play_keys_once(pilot, app)
        await my_turn(pilot, app)
        seq = screen.remote.seq
        await pilot.press("d")  # take the upcard or the top discard
        await until(pilot, lambda: screen.remote.seq != seq, what="the take")
        await my_turn(pilot, app)
        view = screen.session.view(screen.remote.seat)
        taken = view.taken_card
        assert taken is not None and view.phase is Phase.DISCARD
        seq = screen.remote.seq
        for key in keys_for(screen, Discard(taken)):
            await pilot.press(key)
        await until(pilot, lambda: "may not discard" in screen.message_text, what="refusal")
        assert screen.message_text.startswith("You may not discard")
        assert screen.remote.seq == seq
        assert taken in screen.session.view(screen.remote.seat).hand
        # u is refused online: it would show hidden cards.
        await pilot.press("u")
        await pilot.pause()
        assert "hidden cards" in screen.message_text
        # The table goes on: another card is discarded.
        other = next(c for c in view.hand if c is not taken)
        for key in keys_for(screen, Discard(other)):
            await pilot.press(key)
        await until(pilot, lambda: screen.remote.seq != seq, what="the discard")
        assert other not in screen.session.view(screen.remote.seat).hand


def prompt_of(screen: OnlineTableScreen) -> str:
    return text_of(screen, "#prompt")


async def play_keys_once(pilot: Pilot[Any], app: GinRummyApp) -> None:
    screen = table(app)
    seq = screen.remote.seq
    action = SimplePlayer().choose(screen.session.view(screen.remote.seat))
    for key in keys_for(screen, action):
        await pilot.press(key)
    await until(pilot, lambda: screen.remote.seq != seq, what="the host's answer")


async def test_the_table_says_the_other_is_away_and_waits_until_they_rejoin(
    tmp_path: Path,
) -> None:
    async with hosting(tmp_path) as (app, pilot, waiting):
        code = waiting.table.code
        client = client_for(waiting.host, code, name="Bob")
        await client.connect()
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        screen = table(app)
        await until(pilot, lambda: "online" in (screen.sub_title or ""), what="the state")
        await client.close()
        await until(pilot, lambda: "Bob is away" in (screen.sub_title or ""), what="away")
        assert "Bob is away" in screen.message_text
        assert screen.acting_seat is None
        assert "waits for them" in prompt_of(screen)
        await pilot.press("s")
        await pilot.pause()
        assert "Bob is away" in screen.message_text
        # Bob comes back with his seat's token, and his bot plays on.
        again = client_for(waiting.host, code, token=client.token)
        async with bot_playing(again):
            await until(pilot, lambda: "Bob is back" in screen.message_text, what="back")
            assert "away" not in (screen.sub_title or "")
            await play_keys(pilot, app, SimplePlayer())


async def test_joining_a_host_plays_a_round_and_a_lost_host_goes_back_to_the_menu(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    host, bot, app = await joining(tmp_path, serve, patient=True, patience=1.0)
    async with bot_playing(bot), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        screen = table(app)
        await until(pilot, lambda: "online" in (screen.sub_title or ""), what="the state")
        assert screen.session.names == ("Ann", "Bob")
        await play_keys(pilot, app, SimplePlayer())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        # The host goes away for good: the player is told and is back at the menu.
        await host.close()
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", what="menu")
        assert app.screen_stack[-1] is app.screen


async def test_the_join_form_says_why_it_cannot_join(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    host: Host = await serve(new_table(5))
    ip, port = host.address
    app = GinRummyApp(store=Store(tmp_path), online=("join", {}))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen), what="the form")
        form = app.screen
        cases = [
            ("", "AAAAA-AAAAA", "Type the host's address"),
            ("bad host", "AAAAA-AAAAA", "Not an address: 'bad host'"),
            (f"{ip}:{port}", "", "Type the join code"),
            (f"{ip}:{port}", "AAAAA-AAAAA", "Wrong join code"),
            ("127.0.0.1:9", "AAAAA-AAAAA", "Cannot reach"),
        ]
        for address, code, said in cases:
            form.query_one("#join-address", Input).value = address
            form.query_one("#join-code", Input).value = code
            form.query_one("#join-code", Input).focus()
            await pilot.press("enter")
            await until(pilot, lambda said=said: said in text_of(form, "#online-status"), what=said)
            assert not isinstance(app.screen, OnlineTableScreen)


async def test_the_start_screen_offers_join_and_host(tmp_path: Path) -> None:
    app = GinRummyApp(store=Store(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f9")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen), what="the join form")
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", what="menu")


async def test_a_joiners_finished_game_is_in_their_statistics(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    """The host's record of the finished game goes to the joiner's own history: the
    statistics screen counts it against the host's player, from the joiner's seat."""
    from ginrummy.app.screens.stats import StatsScreen

    host: Host = await serve(Table(Game(Rules().with_(target=1), seed=5)))
    code = host.tables[0].code
    ip, port = host.address
    plan = {"address": f"{ip}:{port}", "code": code, "name": "Bob", "now": True}
    plan |= {"ping": 0.2, "patience": 1.0, "retry_delay": 0.1}
    store = Store(tmp_path)
    app = GinRummyApp(store=store, online=("join", plan))
    async with bot_playing(client_for(host, code, name="Ann")), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        for _ in range(5):  # a dead round deals again; the first round won ends the game
            await play_keys(pilot, app, SimplePlayer())
            await pilot.press("enter")
            if host.tables[0].over:
                break
        await until(pilot, lambda: store.history_count() == 1, what="the record kept")
        app.push_screen(StatsScreen(store))
        await until(pilot, lambda: app.screen.query("#stats-table"), what="statistics")
        shown = text_of(app.screen, "#stats-table")
        assert "online: Ann" in shown and "Games played" in shown
        [entry] = store.history_page(1, 1)
        assert entry.meta.seat == 1 and entry.meta.names == ("Ann", "Bob")


async def test_a_host_lost_while_the_round_result_is_shown_goes_back_to_the_menu(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    """The table closes with the result screen over it (Textual alone would close only the
    result screen, leaving a table whose game is gone)."""
    host, bot, app = await joining(tmp_path, serve, patient=True, patience=1.0)
    async with bot_playing(bot), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        await play_keys(pilot, app, SimplePlayer())
        assert isinstance(app.screen, RoundResultScreen)
        await host.close()
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", what="menu")
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "StartScreen"]


async def test_a_joiner_without_a_name_is_you_at_their_table(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    """No --name: the host seats "Player 2", but at this keyboard the player is "You" in the
    score lines as in the sentences ("You went gin"), never both names at once."""
    host, bot, app = await joining(tmp_path, serve, patient=True, name="")
    async with bot_playing(bot), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        screen = table(app)
        assert host.tables[0].names == ["Ann", "Player 2"]
        assert screen.session.names == ("Ann", "You")
        await play_keys(pilot, app, SimplePlayer())
        result = app.screen
        assert isinstance(result, RoundResultScreen)
        shown = " ".join(str(s.render()) for s in result.query(Static))
        assert "Player 2" not in shown


async def play_to_game_over(pilot: Pilot[Any], app: GinRummyApp) -> None:
    """Play the seat here round after round until the game-over screen (target 1: the first
    round won ends the game; a dead round deals again)."""
    for _ in range(8):
        await play_keys(pilot, app, SimplePlayer())
        await pilot.press("enter")
        await until(
            pilot,
            lambda: isinstance(app.screen, GameOverScreen | OnlineTableScreen),
            what="the next round or the end",
        )
        if isinstance(app.screen, GameOverScreen):
            return
    raise AssertionError("the game did not end")


async def test_the_host_plays_again_at_the_same_table_with_the_seats_swapped(
    tmp_path: Path,
) -> None:
    rules = Rules().with_(target=1)
    async with hosting(tmp_path, limits=PATIENT, rules=rules) as (app, pilot, waiting):
        host, code = waiting.host, waiting.table.code
        assert host is not None
        async with bot_playing(client_for(host, code, name="Bob", **PATIENT_PINGS)):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            assert model(app).seat == 0
            await play_to_game_over(pilot, app)
            await pilot.press("a")  # Play again
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, HostScreen)
                    and "Play again: waiting for Bob" in text_of(app.screen, "#online-status")
                ),
                what="the host waiting for the rematch",
            )
        # Bob joins again with the same code: the same table, the seats swapped.
        again = client_for(host, code, name="Bob", **PATIENT_PINGS)
        async with bot_playing(again):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="rematch")
            await until(pilot, lambda: again.seat is not None, what="the bot's welcome")
            assert model(app).seat == 1 and again.seat == 0
            assert table(app).session.names == ("Bob", "Ann")
            assert not model(app).match_over
            await play_keys(pilot, app, SimplePlayer())  # the rematch is played


async def test_the_joiner_plays_again_at_the_same_table_with_the_seats_swapped(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    first = Table(Game(Rules().with_(target=1), seed=5))
    host, bot, app = await joining(tmp_path, serve, patient=True, table=first)
    async with app.run_test(size=SIZE) as pilot:
        async with bot_playing(bot):
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            mine = model(app).seat  # whoever came first sat first
            await play_to_game_over(pilot, app)
            await pilot.press("a")  # Play again: wait for the host to offer it
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, JoinScreen)
                    and "Play again: waiting for Ann" in text_of(app.screen, "#online-status")
                ),
                what="the joiner waiting for the rematch",
            )
        # The host's player says "Play again" too: the next match under the same code,
        # the host in the other seat (as HostScreen.rematch does).
        rematch = Table(Game(Rules().with_(target=1), seed=6), code=first.code)
        host.add_table(rematch)
        LocalBot(rematch, "Ann", mine)
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="rematch")
        assert model(app).seat == 1 - mine
        names = ["Ann", "Ann"]
        names[1 - mine] = "Bob"
        assert rematch.names == names and list(table(app).session.names) == names
        await play_keys(pilot, app, SimplePlayer())  # the rematch is played


async def wait_out_the_clock(pilot: Pilot[Any], app: GinRummyApp) -> None:
    """At the player's turn, press nothing: the table shows the time left, warns, and the
    computer plays the turn for the player."""
    await my_turn(pilot, app)
    screen = table(app)
    seq = model(app).seq
    await until(pilot, lambda: "your time 0:0" in (screen.sub_title or ""), what="the clock")
    await until(pilot, lambda: "Hurry" in screen.message_text, what="the warning")
    assert "then the computer plays this turn for you" in screen.message_text
    await until(pilot, lambda: model(app).seq != seq, what="the computer's move")
    await until(pilot, lambda: "Your time ran out" in screen.message_text, what="told")


async def test_the_turn_clock_plays_for_a_host_who_waits(tmp_path: Path) -> None:
    async with (
        hosting(tmp_path, limits=PATIENT, clock=4.0) as (app, pilot, waiting),
        bot_playing(client_for(waiting.host, waiting.table.code, name="Bob", **PATIENT_PINGS)),  # type: ignore[arg-type, union-attr]
    ):
        await wait_out_the_clock(pilot, app)


async def test_the_turn_clock_plays_for_a_joiner_who_waits(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    first = new_table(5)
    clock = TurnClock(first, 4.0, level="simple")
    _host, bot, app = await joining(tmp_path, serve, patient=True, table=first)
    clock.start()
    try:
        async with bot_playing(bot), app.run_test(size=SIZE) as pilot:
            await wait_out_the_clock(pilot, app)
    finally:
        await clock.stop()


async def test_the_host_wins_by_forfeit_when_the_joiner_stays_away(tmp_path: Path) -> None:
    """Bob leaves and does not come back: the host's table counts down his time to come
    back, then says the host won by forfeit; the host's history keeps it so."""
    async with hosting(tmp_path, limits=PATIENT, forfeit=3.0) as (app, pilot, waiting):
        assert waiting.host is not None and waiting.table is not None
        bob = client_for(waiting.host, waiting.table.code, name="Bob", **PATIENT_PINGS)  # type: ignore[arg-type]
        await bob.connect()
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
        screen = table(app)
        await until(pilot, lambda: "online" in (screen.sub_title or ""), what="the state")
        await bob.close()
        await until(
            pilot, lambda: "lose the match by forfeit in 0:0" in prompt_of(screen), what="count"
        )
        await until(pilot, lambda: "you win the match" in prompt_of(screen), what="forfeit")
        assert "Bob was away too long: you win the match by forfeit." in screen.message_text
        assert "Press q" in prompt_of(screen)
        await pilot.press("s")  # nothing is played any more
        await pilot.pause()
        assert screen.acting_seat is None
        store = Store(tmp_path)
        await until(pilot, lambda: store.history_count() == 1, what="the record")
        [entry] = store.history_page(1, 1)
        assert entry.forfeit == 1 and entry.winner == 0
        await pilot.press("q")
        await until(pilot, lambda: not isinstance(app.screen, OnlineTableScreen), what="left")


async def test_the_joiner_wins_by_forfeit_and_keeps_the_record(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    """Ann (the host's other seat) goes away for longer than the host allows: the joiner's
    table says they won by forfeit, and their own history keeps the match so."""
    from ginrummy.net.clock import AwayWatch

    first = new_table(5)
    watch = AwayWatch(first, 3.0)
    _host, bot, app = await joining(tmp_path, serve, patient=True, table=first)
    store = app.store
    watch.start()
    try:
        await bot.connect()
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen), what="table")
            screen = table(app)
            await until(pilot, lambda: first.seated, what="both seated")
            await bot.close()
            await until(pilot, lambda: "Ann is away" in screen.message_text, what="away")
            await until(pilot, lambda: "you win the match" in prompt_of(screen), what="forfeit")
            assert "Ann was away too long: you win the match by forfeit." in screen.message_text
            await until(pilot, lambda: store.history_count() == 1, what="the record kept")
            [entry] = store.history_page(1, 1)
            assert (entry.meta.seat, entry.forfeit, entry.winner) == (1, 0, 1)
            assert store.stats()["online: Ann"].games_won == 1
    finally:
        await watch.stop()
