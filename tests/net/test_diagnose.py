"""The benchmarks' diagnostics: the host's trace of each connection's opening stages, the
rejoin probe's stages matched with it, and the loop-turn watch."""

from __future__ import annotations

import asyncio
import gc
import json
import time

from support.net import FAST, new_table
from websockets.asyncio.client import connect

from ginrummy.net.attack_report import REJOIN_STAGES, rejoin_stages
from ginrummy.net.protocol import VERSION
from ginrummy.net.server import STAGES, Host
from ginrummy.net.turns import TurnWatch


async def _answer(host: Host, code: str, **extra: str) -> dict[str, str]:
    ip, port = host.address
    async with connect(f"ws://{ip}:{port}/", local_addr=("127.0.0.3", 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": VERSION, "code": code, **extra}))
        answer: dict[str, str] = json.loads(await ws.recv())
        return answer


async def test_the_host_traces_each_opening_stage_once_answered() -> None:
    traced: list[tuple[str, dict[str, float]]] = []
    table = new_table()
    host = Host([table], port=0, limits=FAST, trace=lambda k, s: traced.append((k, dict(s))))
    await host.start()
    try:
        before = time.monotonic()
        assert (await _answer(host, table.code, name="Ann"))["type"] == "welcome"
        assert (await _answer(host, "AAAAA-AAAAA"))["code"] == "wrong-code"
        after = time.monotonic()
        for _ in range(50):  # the second answer's trace follows its write
            if len(traced) == 2:
                break
            await asyncio.sleep(0.01)
    finally:
        await host.close()
    assert [key for key, _ in traced] == ["127.0.0.3", "127.0.0.3"]
    for _key, stages in traced:
        assert list(stages) == list(STAGES)
        times = list(stages.values())
        assert times == sorted(times) and before <= times[0] and times[-1] <= after


async def test_an_untraced_host_keeps_no_stages() -> None:
    table = new_table()
    host = Host([table], port=0, limits=FAST)
    await host.start()
    try:
        ip, port = host.address
        async with connect(f"ws://{ip}:{port}/") as ws:
            await asyncio.sleep(0.05)
            (conn,) = host._open
            assert conn.stages is None
            conn.stage("hello")
            assert conn.stages is None
            del ws
    finally:
        await host.close()


def test_the_slowest_rejoins_are_split_with_the_hosts_trace() -> None:
    probe = [(10.0, 10.2, 10.5), (20.0, 20.1, 21.7), (30.0, 30.1, 30.2)]
    host = [
        {"accepted": 10.01, "opened": 10.1, "hello": 10.3, "judged": 10.4, "answered": 10.45},
        {"accepted": 20.05, "opened": 20.08, "hello": 20.6, "judged": 21.5, "answered": 21.6},
        {"accepted": 30.01, "opened": 30.05, "hello": 30.1, "judged": 30.15, "answered": 30.19},
    ]
    slowest = rejoin_stages(probe, host, most=2)
    assert [s["total_ms"] for s in slowest] == [500.0, 1700.0]
    worst = slowest[1]
    assert worst == {
        "total_ms": 1700.0,
        "connect": 50.0,
        "handshake": 30.0,
        "hello": 520.0,
        "gate": 900.0,
        "write": 100.0,
        "read": 100.0,
    }
    assert list(worst)[1:] == [name for name, _start, _end in REJOIN_STAGES]
    # A rejoin the host never traced has only its total.
    assert rejoin_stages([(40.0, 40.1, 40.3)], host) == [{"total_ms": 300.0}]


def test_the_turn_watch_finds_the_long_turn_and_its_callback() -> None:
    def slow() -> None:
        time.sleep(0.08)

    def quick() -> None:
        pass

    loop = asyncio.new_event_loop()
    watch = TurnWatch(longer_than=0.05)
    original = asyncio.Handle._run
    watch.install(loop)
    try:

        async def main() -> None:
            loop.call_soon(quick)
            await asyncio.sleep(0)
            loop.call_soon(slow)
            await asyncio.sleep(0.01)
            gc.collect()

        loop.run_until_complete(main())
    finally:
        watch.uninstall()
        loop.close()
    assert asyncio.Handle._run is original
    figures = watch.figures()
    (turn,) = [t for t in figures["longest_turns"] if t["costliest_ms"][0][0].endswith("slow")]
    assert turn["ms"] >= 80 and turn["costliest_ms"][0][1] >= 80 and turn["callbacks"] >= 1
    names = {c["name"] for c in figures["costliest_callbacks"]}
    assert any(n.endswith("quick") for n in names) and any(n.endswith("slow") for n in names)
    assert figures["gc"]["2"]["count"] >= 1
