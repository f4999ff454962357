"""The host: a WebSocket server in front of one or more refereed tables.

Each connection says hello with a table's join code (compared in constant time; wrong
codes from one address are answered slower and slower, one at a time), sits in a seat and
then sends moves. Whatever breaks the protocol (a message over 64 KiB, text that is not
JSON, an unknown type, a flood) closes that connection only: the table goes on and the
seat waits for its player to rejoin with the seat's token. websockets' pings notice a dead
peer within ``ping_interval + ping_timeout`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import ssl
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .protocol import (
    MAX_MESSAGE,
    ProtocolError,
    dumps,
    normalise_code,
    read_client_message,
)
from .referee import Refused, Table

__all__ = ["Host", "Limits", "WsLink", "is_all_interfaces"]

log = logging.getLogger(__name__)

#: Close codes (RFC 6455): 1000 normal, 1001 going away, 1008 policy violation.
NORMAL, GOING_AWAY, POLICY = 1000, 1001, 1008


@dataclass(frozen=True)
class Limits:
    """The host's patience: tests shrink these to keep the suite fast."""

    #: Seconds between pings, and how long a pong may take before the peer counts as dead.
    ping_interval: float = 5.0
    ping_timeout: float = 5.0
    #: A connection must say hello within this many seconds (slow-loris).
    hello_timeout: float = 10.0
    #: The delay after the first wrong code from an address; it doubles with each one.
    wrong_code_delay: float = 0.5
    max_wrong_code_delay: float = 8.0
    #: Messages a connection may send in a burst, and how many more it earns a second;
    #: each position it is told earns it two more (a fast bot answers every one at once).
    burst: int = 30
    per_second: float = 5.0
    #: Messages waiting for a client that does not read before it is dropped.
    outbox: int = 256


def is_all_interfaces(bind: str) -> bool:
    """Whether a bind address listens on every interface (worth a warning)."""
    return bind.strip("[]") in ("0.0.0.0", "::", "")


class WsLink:
    """One seated websocket connection: messages queue and go out in order."""

    def __init__(self, ws: ServerConnection, limit: int, bucket: _Bucket) -> None:
        self.ws = ws
        self.limit = limit
        self.bucket = bucket
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closing = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.limit:
            self.close("flood")
            return
        if message.get("type") == "state":
            self.bucket.grant(2)
        self.queue.put_nowait(dumps(message))

    def close(self, code: str, detail: str = "") -> None:
        """Send an error naming ``code`` and close the connection (after what was queued)."""
        if self.closing:
            return
        message = {"type": "error", "code": code, "message": code}
        if detail:
            message["detail"] = detail[:80]
        self.queue.put_nowait(dumps(message))
        self.closing = True
        self.queue.put_nowait((POLICY if code != "replaced" else NORMAL, code))

    def end(self, reason: str = "match over") -> None:
        """Close normally once everything queued has gone out."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait((NORMAL, reason))

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.ws.close(item[0], item[1])
                    return
                await self.ws.send(item)
        except ConnectionClosed:
            return

    async def finish(self, timeout: float = 2.0) -> None:
        """Wait (a little) for the queued messages to go out, then stop writing."""
        if not self.closing:
            self.end("bye")
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        self.writer.cancel()


@dataclass
class _Bucket:
    """A token bucket: ``burst`` messages at once, ``rate`` more a second."""

    burst: float
    rate: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def grant(self, n: float) -> None:
        self.tokens = min(self.burst, self.tokens + n)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Host:
    """Serves ``tables`` on ``bind:port`` until closed (or until every match has ended)."""

    def __init__(
        self,
        tables: Sequence[Table],
        *,
        bind: str = "127.0.0.1",
        port: int = 7777,
        tls: ssl.SSLContext | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.tables = list(tables)
        self.bind = bind
        self.port = port
        self.tls = tls
        self.limits = limits or Limits()
        self.server: Server | None = None
        self.done = asyncio.Event()
        self._wrong: dict[str, tuple[int, float]] = {}
        self._ip_locks: dict[str, asyncio.Lock] = {}
        self._links: set[WsLink] = set()
        for table in self.tables:
            self._watch(table)

    def _watch(self, table: Table) -> None:
        chained = table.on_finish

        def finished(t: Table) -> None:
            if chained is not None:
                chained(t)
            for link in t.links:
                if isinstance(link, WsLink):
                    link.end()
            if all(x.over for x in self.tables):
                self.done.set()

        table.on_finish = finished
        if table.over:
            table.finished = True

    def add_table(self, table: Table) -> None:
        self._watch(table)
        self.tables.append(table)

    @property
    def address(self) -> tuple[str, int]:
        """The address and port actually listened on (the port is chosen when 0)."""
        assert self.server is not None
        sock = next(iter(self.server.sockets))
        name = sock.getsockname()
        return str(name[0]), int(name[1])

    async def start(self) -> None:
        """Listen; raises `OSError` if the address cannot be bound."""
        limits = self.limits
        self.server = await serve(
            self._handle,
            self.bind,
            self.port,
            ssl=self.tls,
            max_size=MAX_MESSAGE,
            ping_interval=limits.ping_interval,
            ping_timeout=limits.ping_timeout,
            open_timeout=limits.hello_timeout,
            close_timeout=2,
            max_queue=4,
            compression=None,
            server_header=None,
            logger=log,
        )
        if all(t.over for t in self.tables) and self.tables:
            self.done.set()

    async def close(self) -> None:
        """Tell everyone the host is going and stop listening."""
        for link in list(self._links):
            link.close("shutting-down")
        for link in list(self._links):
            await link.finish(1.0)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def serve_until_done(self) -> None:
        """Serve until every table's match has ended, then close."""
        await self.done.wait()
        await self.close()

    # --- one connection ---------------------------------------------------------------
    def _find(self, code: str) -> Table | None:
        """The table whose code this is, comparing every code in constant time."""
        wanted = normalise_code(code).encode()
        found = None
        for table in self.tables:
            if hmac.compare_digest(wanted, table.code.encode()):
                found = table
        return found

    async def _slow_down(self, ip: str) -> None:
        """Answer a wrong code or token late: later for each recent one from ``ip``."""
        count, last = self._wrong.get(ip, (0, 0.0))
        now = time.monotonic()
        if now - last > 60:
            count = 0
        self._wrong[ip] = (count + 1, now)
        limits = self.limits
        delay = min(limits.wrong_code_delay * 2**count, limits.max_wrong_code_delay)
        await asyncio.sleep(delay)

    async def _handle(self, ws: ServerConnection) -> None:
        bucket = _Bucket(self.limits.burst, self.limits.per_second)
        link = WsLink(ws, self.limits.outbox, bucket)
        self._links.add(link)
        table: Table | None = None
        seat: int | None = None
        ip = str(ws.remote_address[0]) if ws.remote_address else "?"
        try:
            table, seat = await self._greet(ws, link, ip)
            if table is None or seat is None:
                return
            if table.over:
                link.end()
                return
            async for raw in ws:
                if not bucket.take():
                    link.close("flood")
                    return
                try:
                    message = read_client_message(raw)
                except ProtocolError as exc:
                    link.close(exc.code, exc.detail)
                    return
                try:
                    if message.type == "act":
                        table.act(seat, message.action, message.seq)
                    elif message.type == "ready":
                        table.say_ready(seat, message.seq)
                    else:
                        link.close("bad-message", "hello twice")
                        return
                except Refused as exc:
                    link.send(table.refusal(exc))
        except ConnectionClosed:
            pass
        finally:
            if table is not None and seat is not None:
                table.leave(seat, link)
            await link.finish()
            self._links.discard(link)

    async def _greet(
        self, ws: ServerConnection, link: WsLink, ip: str
    ) -> tuple[Table | None, int | None]:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            link.close("hello-timeout")
            return None, None
        try:
            hello = read_client_message(raw)
        except ProtocolError as exc:
            link.close(exc.code, exc.detail)
            return None, None
        if hello.type != "hello":
            link.close("hello-first")
            return None, None
        table = self._find(hello.code)
        if table is None:
            async with self._ip_locks.setdefault(ip, asyncio.Lock()):
                await self._slow_down(ip)
            link.close("wrong-code")
            return None, None
        try:
            seat = table.claim(hello.name, hello.token, link)
        except ProtocolError as exc:
            if exc.code == "wrong-token":
                async with self._ip_locks.setdefault(ip, asyncio.Lock()):
                    await self._slow_down(ip)
            link.close(exc.code)
            return None, None
        return table, seat
