"""The abuse limits measured: ``python -m ginrummy.net.bench --attack all``.

A host (the real `Limits`) runs in a child process of its own; each attack runs in
another child, from addresses of 127.0.0.0/8 only (never any other), and stops by itself
after ``--seconds``. The attackers run at ``--attacker-nice`` (10): on the host's own
machine, three busy attackers at the host's priority took most of its CPU (its longest
turns ran 15% on the CPU), which a real attacker, on machines of its own, would not.

- ``guess``: parallel guessers of the join code (half give up after 0.3 s), from
  ``--addresses`` addresses;
- ``idle``: ``--connections`` connections that never sit down (silent TCP, a websocket
  that only pings, a wrong code and then pings), each opened again a second after it is
  closed;
- ``flood``: a seated player sends ``ready``, pings or rejoins at 10,000 a second, one
  after the other at fresh tables, while a bot plays the other seat.

Meanwhile this process plays games at the same host (two bots, from two more addresses)
and rejoins a seat once a second from another, and then prints the figures: wrong answers
a minute per address and in all, the host's memory above its idle figure, its open files
against its limit, the longest an unseated connection stayed open, the floods' closing
times, the rejoin's time and the games' move round trip. The slowest rejoins are split
into their stages, the probe's times matched with the host's trace of the connection
(`attack_report.REJOIN_STAGES`); ``--diagnose`` adds the host's longest loop turns (`TurnWatch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..core import Game, Rules
from ..players import make_player
from .attack_report import rejoin_stages
from .client import Address, Client, ConnectFailed, play
from .protocol import VERSION
from .referee import Table
from .server import Host, Limits
from .turns import TurnWatch

__all__ = [
    "ATTACKS",
    "attacker",
    "most_in_window",
    "run_attacks",
    "serve",
]

ATTACKS = ("guess", "idle", "flood")
WRONG = "AAAAA-AAAAA"
#: The game tables, the flood tables; one more table is the rejoin probe's.
GAMES, FLOODS = 400, 200
#: The address the rejoin probe comes from (the host traces its connections' stages).
PROBE = "127.0.9.1"


def _rss_kib(pid: int | str = "self") -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _files(pid: int | str = "self") -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def _hello(code: str, **extra: Any) -> str:
    return json.dumps({"type": "hello", "version": VERSION, "code": code, **extra})


def _address(block: int, n: int) -> str:
    """The ``n``-th attacker address of a block: 127.0.BLOCK.x, then 127.1.BLOCK.x..."""
    return f"127.{n // 250}.{block}.{n % 250 + 1}"


async def _raw(port: int, source: str, **kwargs: Any) -> ClientConnection:
    kwargs.setdefault("ping_interval", None)
    return await connect(
        f"ws://127.0.0.1:{port}/",
        max_size=None,
        local_addr=(source, 0),
        open_timeout=15,
        compression=None,
        **kwargs,
    )


# --- the host ------------------------------------------------------------------------------


async def serve(diagnose: bool = False) -> None:
    """The host's child: serve until standard input closes; print the figures (with
    ``diagnose``, also its longest loop turns and what filled them)."""
    tables = [Table(Game(Rules(), seed=n + 1)) for n in range(1 + GAMES + FLOODS)]
    probes: list[dict[str, float]] = []

    def trace(key: str, stages: dict[str, float]) -> None:
        if key == PROBE:
            probes.append(dict(stages))

    host = Host(tables, port=0, limits=Limits(), trace=trace)
    #: The connections the host dropped, by reason: the attackers' and the players'.
    drops: dict[str, int] = defaultdict(int)
    drop = host._drop

    def counted(conn: Any, code: str) -> None:
        if not conn.dropped and not (code == "hello-timeout" and conn.seated):
            player = conn.key in ("127.0.0.1", PROBE)
            drops[f"{'players' if player else 'attackers'} {code}"] += 1
        drop(conn, code)

    host._drop = counted  # type: ignore[method-assign]
    opened = host._opened
    accepted = 0

    def count_opened(conn: Any) -> None:
        nonlocal accepted
        accepted += 1
        opened(conn)

    host._opened = count_opened  # type: ignore[method-assign]
    await host.start()
    loop = asyncio.get_running_loop()
    watch = TurnWatch() if diagnose else None
    if watch is not None:
        watch.install(loop)
    await asyncio.sleep(1.0)
    idle = _rss_kib()
    peak, most_files, most_open, lag = idle, _files(), 0, 0.0

    async def sample() -> None:
        nonlocal peak, most_files, most_open, lag
        while True:
            peak = max(peak, _rss_kib())
            most_files = max(most_files, _files())
            most_open = max(most_open, host.open_connections)
            asked = loop.time()
            await asyncio.sleep(0.05)
            lag = max(lag, loop.time() - asked - 0.05)

    sampler = loop.create_task(sample())
    print(json.dumps({"port": host.address[1], "codes": [t.code for t in tables]}), flush=True)
    profile = None
    if os.environ.get("GINRUMMY_PROFILE_HOST"):
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
    await loop.run_in_executor(None, sys.stdin.read)
    if profile is not None:
        profile.disable()
        profile.dump_stats(os.environ["GINRUMMY_PROFILE_HOST"])
    sampler.cancel()
    if watch is not None:
        watch.uninstall()
    import resource

    print(
        json.dumps(
            {
                "probes": probes,
                "accepted": accepted,
                "cpu_s": round(sum(resource.getrusage(resource.RUSAGE_SELF)[:2]), 1),
                "drops": dict(drops),
                "turns": watch.figures() if watch is not None else None,
                "idle_kib": idle,
                "peak_kib": peak,
                "most_files": most_files,
                "file_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
                "max_open": host.max_open,
                "most_open": most_open,
                "longest_unseated": round(host.longest_unseated, 3),
                "answered": host.gate.answered,
                "wrong": host.gate.wrong,
                "dropped": host.dropped,
                "loop_lag_max_ms": round(lag * 1000, 1),
            }
        ),
        flush=True,
    )
    with contextlib.suppress(Exception):
        await asyncio.wait_for(host.close(), 10)


# --- the attackers -------------------------------------------------------------------------


async def _guess(port: int, seconds: float, addresses: int, guessers: int) -> dict[str, Any]:
    heard: dict[str, list[float]] = defaultdict(list)
    other: dict[str, int] = defaultdict(int)
    start = time.monotonic()
    stop = start + seconds

    async def guesser(n: int) -> None:
        source = _address(1, n % addresses)
        patience = 0.3 if n % 2 else 30.0
        while time.monotonic() < stop:
            ws: ClientConnection | None = None
            try:
                ws = await _raw(port, source)
                await ws.send(_hello(WRONG))
                answer = json.loads(await asyncio.wait_for(ws.recv(), patience))
                if answer.get("code") == "wrong-code":
                    heard[source].append(time.monotonic() - start)
                else:
                    other[str(answer.get("code"))] += 1
                await ws.close()
            except TimeoutError:
                other["gave up"] += 1
                if ws is not None:
                    ws.transport.abort()  # and guess again at once
            except (ConnectionClosed, OSError, InvalidHandshake):
                other["closed"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(*(guesser(n) for n in range(guessers)))
    every = sorted(t for times in heard.values() for t in times)
    return {
        "seconds": seconds,
        "addresses": addresses,
        "guessers": guessers,
        "wrong_answers": len(every),
        "most_a_minute_per_address": max(
            (most_in_window(t, 60) for t in heard.values()), default=0
        ),
        "most_a_minute_overall": most_in_window(every, 60),
        "other": dict(other),
    }


def most_in_window(times: list[float], window: float) -> int:
    """The most of ``times`` in any half-open window of ``window`` seconds."""
    times = sorted(times)
    most, first = 0, 0
    for last, t in enumerate(times):
        while times[first] <= t - window:
            first += 1
        most = max(most, last - first + 1)
    return most


async def _idle(port: int, seconds: float, connections: int) -> dict[str, Any]:
    lifetimes: list[float] = []
    failures: dict[str, int] = defaultdict(int)
    stop = time.monotonic() + seconds
    opened_now = 0
    most_open = 0

    async def one(n: int) -> None:
        nonlocal opened_now, most_open
        source = _address(2, n % 100)
        await asyncio.sleep(n * 0.001)  # five seconds to open them all
        while time.monotonic() < stop:
            begun = time.monotonic()
            try:
                opened_now += 1
                most_open = max(most_open, opened_now)
                if n % 3 == 0:
                    reader, writer = await asyncio.open_connection(
                        "127.0.0.1", port, local_addr=(source, 0)
                    )
                    with contextlib.suppress(ConnectionResetError):
                        await asyncio.wait_for(reader.read(), stop - time.monotonic() + 15)
                    writer.close()
                else:
                    ws = await _raw(port, source, ping_interval=1.0, ping_timeout=None)
                    with contextlib.suppress(ConnectionClosed):
                        if n % 3 == 1:
                            await ws.send(_hello(WRONG))
                        while True:
                            await asyncio.wait_for(ws.recv(), stop - time.monotonic() + 15)
                lifetimes.append(time.monotonic() - begun)
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                failures[type(exc).__name__] += 1
            finally:
                opened_now -= 1
            await asyncio.sleep(1.0)

    await asyncio.gather(*(one(n) for n in range(connections)))
    lifetimes.sort()
    return {
        "connections": connections,
        "closed": len(lifetimes),
        "lifetime_median_s": round(statistics.median(lifetimes), 3) if lifetimes else None,
        "lifetime_max_s": round(lifetimes[-1], 3) if lifetimes else None,
        "most_open_at_once": most_open,
        "failures": dict(failures),
    }


async def _flood(port: int, seconds: float, codes: list[str]) -> dict[str, Any]:
    address = Address("127.0.0.1", port, False)
    closing: dict[str, list[float]] = defaultdict(list)
    finished = unfinished = 0
    stop = time.monotonic() + seconds
    kinds = ("ready", "ping", "rejoin")
    for n, code in enumerate(codes):
        if time.monotonic() >= stop:
            break
        kind = kinds[n % 3]
        victim = Client(address, code, name="Vic", open_timeout=15)
        flooder = Client(address, code, name="Eve", open_timeout=15)
        victim_game = asyncio.create_task(play(victim, make_player("simple")))
        await flooder.connect()
        while flooder.state is None or not flooder.state["seated"]:
            await flooder.receive()
        took = await _flood_once(kind, port, flooder)
        closing[kind].append(took)
        await asyncio.sleep(1.0)  # the seat's credit comes back for one rejoin
        again = Client(address, code, name="Eve", token=flooder.token, open_timeout=15)
        try:
            await asyncio.wait_for(
                asyncio.gather(victim_game, play(again, make_player("simple"))), 60
            )
            finished += 1
        except Exception:  # a game that did not finish is counted, not raised
            unfinished += 1
            victim_game.cancel()
    return {
        "floods": {k: len(v) for k, v in closing.items()},
        "closed_within_max_s": {k: round(max(v), 3) for k, v in closing.items() if v},
        "victims_games_finished": finished,
        "victims_games_unfinished": unfinished,
    }


async def _flood_once(kind: str, port: int, flooder: Client) -> float:
    """Flood at 10,000 a second until the host closes (or refuses) the flooder; seconds."""
    ws = flooder.ws
    assert ws is not None and flooder.state is not None
    start = time.monotonic()
    closed = asyncio.get_running_loop().create_future()

    async def read() -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                message = json.loads(await ws.recv())
                if message.get("type") == "error":
                    break
        if not closed.done():
            closed.set_result(time.monotonic() - start)

    async def send() -> None:
        ready = json.dumps({"type": "ready", "seq": flooder.state["seq"]})  # type: ignore[index]
        hello = _hello(flooder.code, token=flooder.token)
        for n in range(100_000):
            if kind == "ready":
                await ws.send(ready)
            elif kind == "ping":
                if ws.transport.is_closing():  # closed by the host: writing on would only
                    return  # make asyncio warn "socket.send() raised exception."
                ws.protocol.send_ping(n.to_bytes(4, "big"))
                ws.send_data()
            else:
                other = await _raw(port, "127.0.6.1")
                await other.send(hello)
                answer = json.loads(await other.recv())
                await other.close()
                if answer.get("type") == "error":
                    if not closed.done():
                        closed.set_result(time.monotonic() - start)
                    return
            if n % 10 == 9:
                await asyncio.sleep(0.001)

    reader = asyncio.create_task(read())
    sender = asyncio.create_task(send())
    try:
        return await asyncio.wait_for(closed, 10)
    finally:
        for task in (reader, sender):
            task.cancel()
        await asyncio.gather(reader, sender, return_exceptions=True)
        with contextlib.suppress(Exception):
            await flooder.close()


def attacker(kind: str, port: int, seconds: float, options: dict[str, Any]) -> None:
    """An attack's child: run it, print its figures as JSON. It runs at the niceness
    ``options["nice"]``: on the host's own machine its work must not starve the host,
    which a real attacker's (on other machines) would not."""
    if options.get("nice"):
        os.nice(int(options["nice"]))
    if kind == "guess":
        result = _guess(port, seconds, options["addresses"], options["guessers"])
    elif kind == "idle":
        result = _idle(port, seconds, options["connections"])
    else:
        result = _flood(port, seconds, options["codes"])
    print(json.dumps(asyncio.run(result)), flush=True)


# --- the real players --------------------------------------------------------------------


async def _players(port: int, codes: list[str], seconds: float) -> dict[str, Any]:
    address = Address("127.0.0.1", port, False)
    stop = time.monotonic() + seconds
    trips: list[float] = []
    joins: list[float] = []
    #: Each rejoin's monotonic times (the host's clock too): begun, websocket open,
    #: answered.
    stages: list[tuple[float, float, float]] = []
    failed: list[str] = []
    #: Why games could not be played (a player refused a seat: the other one is stopped).
    games_failed: list[str] = []
    games = 0

    async def games_on() -> None:
        nonlocal games
        for code in codes[1 : 1 + GAMES]:
            if time.monotonic() >= stop:
                return
            pair = [Client(address, code, name=n, open_timeout=15) for n in ("Ann", "Ben")]
            tasks = [asyncio.create_task(play(c, make_player("simple"))) for c in pair]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            problems = [t.exception() for t in tasks if t.done() and t.exception()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if problems:
                games_failed.extend(str(p) for p in problems)
                continue
            trips.extend(t for c in pair for t in c.round_trips)
            games += 1

    async def rejoins() -> None:
        probe = Client(address, codes[0], name="Real", open_timeout=15)
        while probe.seat is None and time.monotonic() < stop:
            try:
                await probe.connect()
            except ConnectFailed as exc:  # counted, and tried again
                failed.append(f"first join: {exc.code or exc}")
                await asyncio.sleep(1.0)
        await probe.close()
        while time.monotonic() < stop:
            begun = time.monotonic()
            try:
                ws = await _raw(port, PROBE)
                opened = time.monotonic()
                await ws.send(_hello(codes[0], token=probe.token))
                answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if answer.get("type") == "welcome":
                    now = time.monotonic()
                    joins.append(now - begun)
                    stages.append((begun, opened, now))
                else:
                    failed.append(str(answer.get("code")))
                await ws.close()
            except Exception as exc:  # counted, not hidden
                failed.append(type(exc).__name__)
            await asyncio.sleep(1.0)

    await asyncio.gather(games_on(), rejoins())
    trips.sort()
    joins.sort()
    return {
        "games": games,
        "games_failed": games_failed,
        "moves": len(trips),
        "round_trip_median_ms": round(statistics.median(trips) * 1000, 2) if trips else None,
        "round_trip_p99_ms": round(trips[int(0.99 * (len(trips) - 1))] * 1000, 2)
        if trips
        else None,
        "rejoins": len(joins),
        "rejoin_median_ms": round(statistics.median(joins) * 1000, 1) if joins else None,
        "rejoin_max_ms": round(joins[-1] * 1000, 1) if joins else None,
        "rejoin_times": stages,
        "rejoins_failed": failed,
    }


def run_attacks(
    kinds: list[str], seconds: float, options: dict[str, Any], *, diagnose: bool = False
) -> dict[str, Any]:
    """Start the host, the attacks and the real players; the figures of all of them (with
    ``diagnose``, the host's longest loop turns too)."""
    host = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.net.bench", "--serve-attacked"]
        + (["--diagnose"] if diagnose else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None and host.stdin is not None
    ready = json.loads(host.stdout.readline())
    port, codes = ready["port"], ready["codes"]
    children: dict[str, subprocess.Popen[str]] = {}
    for kind in kinds:
        extra = {**options, "codes": codes[1 + GAMES :]} if kind == "flood" else options
        children[kind] = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ginrummy.net.bench",
                "--attacker",
                json.dumps({"kind": kind, "port": port, "seconds": seconds, "options": extra}),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
    time.sleep(2.0)  # the attacks are under way
    players = asyncio.run(_players(port, codes, seconds - 2.0))
    figures: dict[str, Any] = {
        "seconds": seconds,
        "attacks": kinds,
        "nice": options.get("nice", 0),
        "players": players,
    }
    for kind, child in children.items():
        out, _err = child.communicate(timeout=seconds + 120)
        figures[kind] = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
    host.stdin.close()
    figures["host"] = json.loads(host.stdout.readline())
    host.wait(timeout=30)
    stats = figures["host"]
    stats["memory_above_idle_mib"] = round((stats["peak_kib"] - stats["idle_kib"]) / 1024, 1)
    players["rejoin_slowest"] = rejoin_stages(players.pop("rejoin_times"), stats.pop("probes"))
    return figures
