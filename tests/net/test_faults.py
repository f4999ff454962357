"""Faults: a dropped player rejoins where it was; a host killed mid-match is started again
from its autosave and both players rejoin; the finished match is in the history."""

from __future__ import annotations

import asyncio
from typing import Any

from support.net import FAST, client_for, new_table

from ginrummy.core import Game, Rules
from ginrummy.net.client import play
from ginrummy.net.saves import OnlineSaves
from ginrummy.net.server import Host
from ginrummy.players import make_player
from ginrummy.store import Store
from ginrummy.store.records import ONLINE


def _abort(host: Host) -> None:
    """Drop every connection as a killed process would: no close frame, no goodbye."""
    assert host.server is not None
    for conn in list(host.server.connections):
        conn.transport.abort()


async def _until(check: Any, timeout: float = 10) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)


async def test_a_dropped_player_is_away_then_rejoins_where_it_was(serve: Any) -> None:
    table = new_table(21)
    host = await serve(table)
    a = client_for(host, table.code, name="Ann")
    b = client_for(host, table.code, name="Ben")
    seen: list[list[bool]] = []
    tasks = [
        asyncio.create_task(
            play(a, make_player("simple"), on_state=lambda m: seen.append(m["present"]))
        ),
        asyncio.create_task(play(b, make_player("simple"), retry_delay=0.3)),
    ]
    await _until(lambda: table.seq >= 15)
    assert b.ws is not None
    b.ws.transport.abort()
    await _until(lambda: [True, False] in seen)
    finals = await asyncio.wait_for(asyncio.gather(*tasks), 30)
    assert table.over and finals[1]["seat"] == 1 == b.seat
    assert seen[-1] == [True, True] or finals[0]["match"]["over"]


async def test_a_killed_host_starts_again_from_its_save(tmp_path: Any) -> None:
    store = Store(tmp_path)
    saves = OnlineSaves(store)
    table = new_table(22)
    saves.attach(table)
    host = Host([table], port=0, limits=FAST)
    await host.start()
    _ip, port = host.address
    a = client_for(host, table.code, name="Ann")
    b = client_for(host, table.code, name="Ben")
    tasks = [
        asyncio.create_task(play(a, make_player("simple"), retry_delay=0.2)),
        asyncio.create_task(play(b, make_player("expert"), threaded=True, retry_delay=0.2)),
    ]
    await _until(lambda: table.seq >= 25)
    played = table.seq
    _abort(host)
    assert host.server is not None
    host.server.close()
    await host.server.wait_closed()
    store.close()

    # a new process: a new store over the same folder, the same port
    store2 = Store(tmp_path)
    saves2 = OnlineSaves(store2)
    [saved] = saves2.saved()
    assert saved.meta.mode == ONLINE and saved.meta.names == ("Ann", "Ben")
    assert saved.code == table.code and saved.tokens == table.tokens
    again = saves2.restore(saved)
    assert again.seq >= played - 1  # every move anyone saw was saved first
    host2 = Host([again], port=port, limits=FAST)
    await host2.start()
    try:
        finals = await asyncio.wait_for(asyncio.gather(*tasks), 30)
        await asyncio.wait_for(host2.serve_until_done(), 10)
    finally:
        await host2.close()
    assert again.over and finals[0]["match"]["over"]
    assert isinstance(again.match, Game)
    assert finals[0]["game"]["scores"] == again.match.scores
    # the history has it, with both names; the statistics count it against Ben
    [entry] = store2.history_page(1, 10)
    assert entry.meta.mode == ONLINE and entry.meta.names == ("Ann", "Ben")
    record = store2.history_record(1)
    assert record is not None and record.opponent == "online: Ben"
    assert record.game.rules == Rules()
    assert "online: Ben" in store2.stats()
    assert saves2.saved() == [] and not list(tmp_path.glob("online-*.json"))
    store2.close()
