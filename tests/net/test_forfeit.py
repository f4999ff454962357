"""The forfeit rule (host --forfeit): a seated player away longer than the host allows (no
connection, or the turn clock playing their turns) loses the match; both seats are told,
each keeps the record so, and a headless host's table ends."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from support.net import client_for

from ginrummy.core import Game, Match, Rules
from ginrummy.net.client import ConnectFailed, Disconnected
from ginrummy.net.clock import AwayWatch, TurnClock
from ginrummy.net.referee import Refused, Table
from ginrummy.net.saves import OnlineSaves, keep_record, read_record
from ginrummy.players import make_player
from ginrummy.store import Store
from ginrummy.text.history import record_line


class Link:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    @property
    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def close(self, code: str) -> None:
        pass


class Answering(Link):
    """A seat whose player answers every position at once (a bot, on the loop)."""

    def __init__(self, table: Table, seat: int) -> None:
        super().__init__()
        self.table, self.seat = table, seat
        self.bot = make_player("simple")

    def send(self, message: dict[str, Any]) -> None:
        super().send(message)
        if message["type"] == "state":
            asyncio.get_running_loop().call_soon(self._answer, message["seq"])

    def _answer(self, seq: int) -> None:
        table, seat = self.table, self.seat
        if table.over or table.seq != seq:
            return
        with contextlib.suppress(Refused):
            if table.game.round_over:
                if not table.ready[seat]:
                    table.say_ready(seat, seq)
            elif table.game.round.to_act == seat:
                table.act(seat, str(self.bot.choose(table.game.view(seat))), seq)


def _seated(table: Table, links: list[Any]) -> None:
    for seat, name in enumerate(("Ann", "Ben")):
        table.claim(name, "", links[seat])


async def _until(check: Any, seconds: float) -> bool:
    for _ in range(int(seconds / 0.02)):
        if check():
            return True
        await asyncio.sleep(0.02)
    return bool(check())


async def test_a_player_gone_longer_than_the_forfeit_loses_and_both_seats_are_told() -> None:
    table = Table(Match(Rules.preset("Tournament"), seed=3))
    links = [Link(), Link()]
    _seated(table, links)
    watch = AwayWatch(table, 0.4)
    assert table.state_for(0)["forfeit"] == {"after": 0.4, "away": [None, None]}
    watch.start()
    try:
        table.leave(1, links[1])
        assert table.state_for(0)["forfeit"]["away"][1] is not None
        assert await _until(lambda: table.over, 3), "no forfeit"
    finally:
        await watch.stop()
    assert (table.forfeited, table.winner, table.match.is_over) == (1, 0, False)
    last = links[0].states[-1]
    assert last["match"] == {**last["match"], "over": True, "winner": 0, "forfeit": 1}
    # After the last state the record, which the seat left reads as a forfeit it won.
    record = links[0].messages[-1]
    assert record["type"] == "record"
    obj, meta = read_record(record, 0, last, table.match.rules)
    assert meta.forfeit == 1 and meta.seat == 0 and not obj.is_over
    # Nothing more is played at the table.
    for attempt in (lambda: table.act(0, "draw stock", table.seq), lambda: table.forfeit(0)):
        try:
            attempt()
        except Refused as exc:
            assert exc.code == "match-over"
        else:
            raise AssertionError("a move after the forfeit was played")
    # The seat that was away hears it when it comes back, with the record.
    back = Link()
    table.claim("", table.tokens[1], back)
    assert back.states[-1]["match"]["forfeit"] == 1 and back.messages[-1]["type"] == "record"


async def test_coming_back_in_time_keeps_the_seat_and_the_match_going() -> None:
    table = Table(Game(Rules(), seed=4))
    links = [Link(), Link()]
    _seated(table, links)
    watch = AwayWatch(table, 0.5)
    watch.start()
    try:
        table.leave(0, links[0])
        await asyncio.sleep(0.3)
        table.claim("", table.tokens[0], links[0])  # back, by the token
        assert table.away_since == [None, None]
        await asyncio.sleep(0.5)
        assert not table.over and table.forfeited is None
        # Away again: the time starts from nothing, and runs out this time.
        table.leave(0, links[0])
        assert await _until(lambda: table.over, 3)
        assert table.forfeited == 0 and table.winner == 1
    finally:
        await watch.stop()


async def test_a_table_served_again_counts_a_seat_that_never_came_back_as_away() -> None:
    table = Table(Game(Rules(), seed=4), names=("Ann", "Ben"))
    links = [Link(), Link()]
    table.claim("", table.tokens[0], links[0])  # only Ann comes back to the restarted host
    watch = AwayWatch(table, 0.3)
    watch.start()
    try:
        assert await _until(lambda: table.over, 3)
    finally:
        await watch.stop()
    assert table.forfeited == 1


async def test_with_the_clock_a_player_who_never_answers_is_away_and_loses() -> None:
    """The clock plays Ben's turns while he stays connected but silent: he is away from the
    first turn it played for him, and loses when that lasts longer than the forfeit; Ann,
    who answers every turn herself, is never away."""
    table = Table(Game(Rules(), seed=6))
    links: list[Any] = [Answering(table, 0), Link()]
    _seated(table, links)
    clock = TurnClock(table, 0.1, level="simple", warning=0.05)
    watch = AwayWatch(table, 0.8)
    clock.start()
    watch.start()
    try:
        assert await _until(lambda: table.over, 15), "no forfeit"
    finally:
        await clock.stop()
        await watch.stop()
    assert table.forfeited == 1 and table.winner == 0
    timed = [s for s in links[0].states if s["clock"] is not None and s["forfeit"] is not None]
    assert any(s["clock"]["played_for"] == 1 for s in timed)
    assert any(s["forfeit"]["away"][1] is not None for s in timed)
    assert all(s["forfeit"]["away"][0] is None for s in timed)


async def test_the_host_records_the_forfeit_and_ends_the_table(serve: Any, tmp_path: Path) -> None:
    """Over the network: Ben's program stops, Ann is told she won by forfeit and keeps the
    record so, the host's history says so, and the host is done (a headless host exits)."""
    hosting = Store(tmp_path / "host")
    table = Table(Match(Rules.preset("Tournament"), seed=8))
    OnlineSaves(hosting).attach(table)
    host = await serve(table)
    watch = AwayWatch(table, 0.5)
    watch.start()
    ann = client_for(host, table.code, name="Ann")
    ben = client_for(host, table.code, name="Ben")
    try:
        await ann.connect()
        await ben.connect()
        assert await _until(lambda: table.seated, 3)
        await ben.close()
        states: list[dict[str, Any]] = []
        with contextlib.suppress(Disconnected, ConnectFailed):
            async with asyncio.timeout(10):
                while ann.finished is None:
                    message = await ann.receive()
                    if message["type"] == "state":
                        states.append(message)
    finally:
        await watch.stop()
    assert host.done.is_set()
    assert states[-1]["match"]["forfeit"] == 1 and states[-1]["match"]["winner"] == 0
    assert ann.finished is not None
    obj, meta = ann.finished
    assert meta.forfeit == 1 and meta.seat == 0
    mine = Store(tmp_path / "ann")
    keep_record(mine, obj, meta)
    [entry] = mine.history_page(1, 1)
    assert "you won by forfeit" in record_line(entry)
    assert mine.stats()["online: Ben"].games_won == 1
    [hosted] = hosting.history()
    assert hosted.forfeit == 1 and hosted.winner == 0 and hosted.meta.id == meta.id
    assert "Ann won by forfeit" in record_line(hosted)
    assert hosting.saved_games() == []  # nothing left to serve again
