"""A hostile client spoils nothing: each offence closes its own connection, or is refused,
and the table plays on."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from typing import Any

import pytest
from support.net import FAST, client_for, new_table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ginrummy.net.client import ConnectFailed, play
from ginrummy.net.protocol import VERSION
from ginrummy.net.server import Host
from ginrummy.players import make_player


async def _raw(host: Host, source: str = "127.0.0.1") -> ClientConnection:
    """A bare connection to ``host`` from ``source`` (any address of 127.0.0.0/8)."""
    ip, port = host.address
    return await connect(
        f"ws://{ip}:{port}/", ping_interval=None, max_size=None, local_addr=(source, 0)
    )


async def _hello(ws: ClientConnection, code: str, **extra: Any) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "hello", "version": VERSION, "code": code, **extra}))
    return json.loads(await ws.recv())


async def _closed_with(ws: ClientConnection, code: str) -> None:
    """The host sent an error with ``code`` and closed the connection."""
    message = json.loads(await asyncio.wait_for(ws.recv(), 5))
    assert message == {"type": "error", "code": code, "message": code} | (
        {"detail": message["detail"]} if "detail" in message else {}
    )
    with pytest.raises(ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 5)


async def _seated_pair(serve: Any) -> tuple[Any, Any, Any, Any]:
    table = new_table(7)
    host = await serve(table)
    a = client_for(host, table.code, name="Ann")
    b = client_for(host, table.code, name="Ben")
    await a.connect()
    await b.connect()
    while b.state is None or not b.state["seated"]:
        await b.receive()
    while a.state is None or not a.state["seated"]:
        await a.receive()
    return table, host, a, b


async def test_wrong_codes_are_refused_and_every_answer_after_one_waits(serve: Any) -> None:
    """After a wrong code from an address, its next answer waits whether it is right or
    wrong (so waiting tells nothing); the first answers from other addresses do not."""
    table = new_table()
    slow = replace(FAST, hello_timeout=3.0, wrong_code_delay=1.0, max_wrong_code_delay=1.0)
    host = await serve(table, limits=slow)

    async def timed(source: str, code: str) -> tuple[str, float]:
        ws = await _raw(host, source)
        start = time.perf_counter()
        answer = await _hello(ws, code, name="Ann")
        await ws.close()
        return answer["type"] if answer["type"] != "error" else answer["code"], (
            time.perf_counter() - start
        )

    first = await timed("127.0.0.2", "AAAAA-AAAAA")
    wrong_after = await timed("127.0.0.2", "AAAAA-AAAAA")
    assert first[0] == wrong_after[0] == "wrong-code"
    assert first[1] < 0.5 and wrong_after[1] >= 0.9
    await timed("127.0.0.3", "AAAAA-AAAAA")
    right_after = await timed("127.0.0.3", table.code)
    assert right_after[0] == "welcome" and right_after[1] >= 0.9
    elsewhere = await timed("127.0.0.4", table.code)
    assert elsewhere[0] == "welcome" and elsewhere[1] < 0.5
    client = client_for(host, "nope")
    with pytest.raises(ConnectFailed, match="wrong join code"):
        await client.connect()


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("garbage", "bad-json"),
        ('{"type": "act", "action": "draw", "seq": 1}', "hello-first"),
        ('{"type": "telnet"}', "unknown-type"),
        ('{"type": "hello", "version": 0, "code": "x"}', "bad-version"),
    ],
)
async def test_garbage_before_hello_closes_the_connection(
    serve: Any, payload: str, code: str
) -> None:
    host = await serve(new_table())
    ws = await _raw(host)
    await ws.send(payload)
    await _closed_with(ws, code)


async def test_slow_loris_is_closed_after_the_hello_timeout(serve: Any) -> None:
    host = await serve(new_table())
    ws = await _raw(host)
    start = time.perf_counter()
    await _closed_with(ws, "hello-timeout")
    assert time.perf_counter() - start < 3


async def test_a_third_player_is_refused(serve: Any) -> None:
    table, host, _a, _b = await _seated_pair(serve)
    ws = await _raw(host)
    assert (await _hello(ws, table.code, name="Eve"))["code"] == "table-full"
    ws = await _raw(host)
    assert (await _hello(ws, table.code, token="forged-token"))["code"] == "wrong-token"
    assert table.names == ["Ann", "Ben"] and table.present(0) and table.present(1)


async def test_offences_after_sitting_close_only_that_connection(serve: Any) -> None:
    """Oversize, garbage, unknown types, a second hello and a flood each close the
    offender's connection; its seat waits (away) and the other player is told."""
    table, host, a, b = await _seated_pair(serve)
    offences = [
        "x" * (64 * 1024 + 1),
        "{not json",
        '{"type": "chat", "text": "hi"}',
        json.dumps({"type": "hello", "version": VERSION, "code": table.code}),
    ]
    for offence in offences:
        ws = await _raw(host)
        welcome = await _hello(ws, table.code, token=table.tokens[1])
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        await ws.send(offence)
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 5)
        for _ in range(50):
            if not table.present(1):
                break
            await asyncio.sleep(0.02)
        assert not table.present(1) and table.present(0)
    # the flood: many more messages than positions
    ws = await _raw(host)
    await _hello(ws, table.code, token=table.tokens[1])
    with pytest.raises(ConnectionClosed):
        for _ in range(500):
            await ws.send('{"type": "ready", "seq": 0}')
            await asyncio.sleep(0)
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if message["type"] == "error":
                assert message["code"] == "flood"
    # the game goes on: Ann is told Ben is away, and both can finish it
    state = a.state
    while state is None or state["present"][1]:
        state = await a.receive()
    assert state["present"] == [True, False]
    await asyncio.sleep(1.0)  # the flood spent the seat's credit: a rejoin waits for some
    b.ws = None
    finals = await asyncio.wait_for(
        asyncio.gather(play(a, make_player("simple")), play(b, make_player("simple"))), 30
    )
    assert finals[0]["match"]["over"] and table.over


async def test_out_of_turn_other_seat_and_replayed_moves_are_refused(serve: Any) -> None:
    table, _host, a, b = await _seated_pair(serve)
    rnd = table.game.round
    mover, waiter = (a, b) if rnd.to_act == a.seat else (b, a)
    seq = table.seq
    await waiter.act("pass")  # not its turn: it plays the other seat's move
    refused = await waiter.receive()
    assert refused["type"] == "refused" and refused["code"] == "not-your-turn"
    assert refused["message"] == "it is not your turn" and refused["seq"] == seq
    await mover.act("draw")  # illegal now: the upcard comes first
    refused = await mover.receive()
    assert refused["code"] == "upcard-first" and table.seq == seq
    await mover.act("pass")
    state = await mover.receive()
    assert state["type"] == "state" and state["seq"] == seq + 1
    # the same message again (a replay) answers a position that is gone
    assert mover.ws is not None
    await mover.ws.send(json.dumps({"type": "act", "action": "pass", "seq": seq}))
    refused = await mover.receive()
    assert refused["code"] == "stale" and table.seq == seq + 1
    assert len(rnd.actions) == 1
