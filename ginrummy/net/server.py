"""The host: a WebSocket server in front of one or more refereed tables.

Each connection says hello with a table's join code (compared in constant time), sits in a
seat and then sends moves. Whatever breaks the protocol (a message over 64 KiB, text that
is not JSON, an unknown type, a flood) closes that connection only: the table goes on and
the seat waits for its player to rejoin with the seat's token. websockets' pings notice a
dead peer within ``ping_interval + ping_timeout`` seconds.

Against a stranger who guesses codes or hoards connections (the limits are in `Limits`):

- Every answer to a hello, right or wrong, waits for its turn at the `Gate`, which paces
  the answers after wrong codes and tokens per address (an IPv6 address counts by its /64)
  and over all addresses: the wait is set before the code is read, so it tells nothing,
  and a client that gives up waiting has learnt nothing. The addresses with the fewest
  recent wrong answers go first, so a player from elsewhere is answered at once.
- A connection that is not seated is closed at the hello timeout whatever it sends
  (pings included). Unseated connections are capped per address and overall, and all
  connections below the process's file limit: over a cap, the oldest unseated connection
  of the address that lost the most connections unseated lately is dropped (a flood's
  connections all end unseated; a player's are seated, however often it rejoins, and a
  few players behind one address are too).
- A seat's flood credit belongs to the seat, not the connection: every message, rejoin
  and ping spends it; only a new position earns any.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from .gate import Churn, Gate, Limits, address_key
from .protocol import (
    MAX_MESSAGE,
    ProtocolError,
    dumps,
    normalise_code,
    read_client_message,
)
from .referee import Refused, Table

__all__ = [
    "STAGES",
    "Host",
    "Limits",
    "Trace",
    "WsLink",
    "address_key",
    "is_all_interfaces",
]

log = logging.getLogger(__name__)

#: Close codes (RFC 6455): 1000 normal, 1001 going away, 1008 policy violation.
NORMAL, GOING_AWAY, POLICY = 1000, 1001, 1008
#: The flood credit of a connection not seated yet.
UNSEATED_BURST = 4.0
#: The stages of a connection's opening that `Host`'s ``trace`` is given, in order: the
#: host accepted it, the websocket handshake was done, its hello was read, the gate judged
#: it, the answer (welcome or error) was written.
STAGES = ("accepted", "opened", "hello", "judged", "answered")
#: A connection's trace: its address and the loop's time at each stage it reached.
Trace = Callable[[str, dict[str, float]], None]


def is_all_interfaces(bind: str) -> bool:
    """Whether a bind address listens on every interface (worth a warning)."""
    return bind.strip("[]") in ("0.0.0.0", "::", "")


def _file_limit() -> int:
    """The process's soft limit on open files (a large number where unknown)."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 1 << 20
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@dataclass
class _Bucket:
    """A token bucket: ``burst`` messages at once, ``rate`` more a second."""

    burst: float
    rate: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    #: The last position that earned credit (a position told again earns none).
    earned: int = -1

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def grant(self, n: float) -> None:
        self.tokens = min(self.burst, self.tokens + n)

    def earn(self, seq: int) -> None:
        """Two more for a position not told before."""
        if seq > self.earned:
            self.earned = seq
            self.grant(2)

    def take(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < cost:
            self.tokens = 0.0  # a flooder refused once starts again from nothing
            return False
        self.tokens -= cost
        return True


class WsLink:
    """One websocket connection's messages: they queue and go out in order."""

    def __init__(self, ws: ServerConnection, limit: int, bucket: _Bucket) -> None:
        self.ws = ws
        self.limit = limit
        self.bucket = bucket
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closing = False
        #: Called once the first message has been written (the host's trace only).
        self.on_first_sent: Callable[[], None] | None = None
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.limit:
            self.close("flood")
            return
        if message.get("type") == "state":
            self.bucket.earn(int(message.get("seq", -1)))
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
                    if item[0] == POLICY:
                        # An offender is not waited for long to answer the close.
                        self.ws.close_timeout = 0.5
                    await self.ws.close(item[0], item[1])
                    return
                await self.ws.send(item)
                if self.on_first_sent is not None:
                    self.on_first_sent()
                    self.on_first_sent = None
        except ConnectionClosed:
            return

    async def finish(self, timeout: float = 2.0) -> None:
        """Wait (a little) for the queued messages to go out, then stop writing."""
        if not self.closing:
            self.end("bye")
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        self.writer.cancel()


class _Connection(ServerConnection):
    """A websocket connection that the host counts from the moment it opens, closes at
    the hello timeout unless seated, and charges for its pings."""

    host: Host  # set on the subclass `Host.start` makes

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.key = address_key(str(peer[0])) if peer else "?"
        self.opened = self.loop.time()
        self.seated = False
        self.dropped = False
        self.gone: asyncio.Future[None] = self.loop.create_future()
        # Until it is seated: a hello and a few pings, a whole credit each (websockets'
        # own pings come every 20 s).
        self.bucket = _Bucket(UNSEATED_BURST, self.host.limits.per_second)
        self.deadline: asyncio.TimerHandle | None = None
        #: The loop's time at each stage of its opening, when the host traces them.
        self.stages: dict[str, float] | None = None
        if self.host.trace is not None:
            self.stages = {"accepted": self.opened}
        self.host._opened(self)

    def stage(self, name: str) -> None:
        """Note that the connection reached stage ``name`` now (when traced)."""
        if self.stages is not None:
            self.stages[name] = self.loop.time()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if not self.gone.done():
            self.gone.set_result(None)
        self.host._lost(self)

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.opcode in (Opcode.PING, Opcode.PONG):
            # A pong answering the host's own ping is free; any other costs credit.
            answered = event.opcode is Opcode.PONG and bytes(event.data) in self.pending_pings
            cost = self.host.limits.ping_cost if self.seated else 1.0
            if not answered and not self.bucket.take(cost):
                self.host._drop(self, "flood")
                return
        super().process_event(event)


@dataclass(frozen=True)
class _Verdict:
    """What the gate found for a hello: the table (None: a wrong code) and the seat whose
    token it gave (None: no token, or a wrong one)."""

    table: Table | None
    token_seat: int | None
    wrong_token: bool


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
        trace: Trace | None = None,
    ) -> None:
        """``trace`` (for benchmarks; None in play, at no cost): called with each
        connection's address and `STAGES` times once the answer to its hello is written."""
        self.tables = list(tables)
        self.trace = trace
        self.bind = bind
        self.port = port
        self.tls = tls
        self.limits = limits or Limits()
        self.server: Server | None = None
        self.done = asyncio.Event()
        self._gate: Gate | None = None
        self._links: set[WsLink] = set()
        #: Every open connection, and the unseated ones (oldest first): all, and by address.
        self._open: set[_Connection] = set()
        self._unseated_all: dict[_Connection, None] = {}
        self._unseated: dict[str, dict[_Connection, None]] = {}
        self._churn = Churn()
        #: Each seat's flood credit, kept across its connections.
        self._credit: dict[tuple[int, int], _Bucket] = {}
        #: Connections dropped over a cap, at the hello timeout, or for pinging too much;
        #: the longest a connection that was never seated stayed open, in seconds.
        self.dropped = 0
        self.longest_unseated = 0.0
        self.max_open = max(
            16, min(self.limits.connections, _file_limit() - self.limits.spare_files)
        )
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

    @property
    def gate(self) -> Gate:
        assert self._gate is not None, "the host has not started"
        return self._gate

    @property
    def open_connections(self) -> int:
        return len(self._open)

    @property
    def unseated_connections(self) -> int:
        return len(self._unseated_all)

    async def start(self) -> None:
        """Listen; raises `OSError` if the address cannot be bound."""
        limits = self.limits
        self._gate = Gate(limits)
        connection_class = type("HostConnection", (_Connection,), {"host": self})
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
            create_connection=connection_class,
            backlog=limits.accept_batch,
        )
        # asyncio listens with the number it accepts in one turn: the kernel's queue is
        # widened apart from it (a second listen on the same socket sets only the queue).
        for listening in self.server.sockets:
            with contextlib.suppress(OSError):
                widened = socket.socket(fileno=os.dup(listening.fileno()))
                try:
                    widened.listen(limits.backlog)
                finally:
                    widened.close()
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
        if self._gate is not None:
            self._gate.close()

    async def serve_until_done(self) -> None:
        """Serve until every table's match has ended, then close."""
        await self.done.wait()
        await self.close()

    # --- counting connections ---------------------------------------------------------
    def _opened(self, conn: _Connection) -> None:
        self._open.add(conn)
        self._unseated_all[conn] = None
        if conn.key not in self._unseated:
            self._unseated[conn.key] = {}
            self._churn.remind(conn.key)
        self._unseated[conn.key][conn] = None
        conn.deadline = conn.loop.call_at(
            conn.opened + self.limits.hello_timeout, self._drop, conn, "hello-timeout"
        )
        limits = self.limits
        mine = self._unseated[conn.key]
        if len(mine) > limits.unseated_per_address:
            self._drop(next(iter(mine)), "busy")
        # Over the caps in all: not the address holding the most, for a flood from many
        # addresses holds one or two each, as a few players behind one address do; nor
        # the one opening the most, for a player may rejoin often and a flood hold on.
        while len(self._unseated_all) > limits.unseated or len(self._open) > self.max_open:
            if not self._unseated:
                break
            busiest = self._churn.busiest(self._unseated)
            if busiest is None:  # none has lost any yet: the oldest unseated goes
                self._drop(next(iter(self._unseated_all)), "busy")
            else:
                self._drop(next(iter(self._unseated[busiest])), "busy")

    def _forget_unseated(self, conn: _Connection) -> None:
        self._unseated_all.pop(conn, None)
        mine = self._unseated.get(conn.key)
        if mine is not None and conn in mine:
            del mine[conn]
            if not mine:
                del self._unseated[conn.key]
        if conn.deadline is not None:
            conn.deadline.cancel()
            conn.deadline = None

    def _seat(self, conn: _Connection) -> None:
        conn.seated = True
        self._forget_unseated(conn)

    def _lost(self, conn: _Connection) -> None:
        if not conn.seated:
            now = conn.loop.time()
            self.longest_unseated = max(self.longest_unseated, now - conn.opened)
            self._churn.add(conn.key, now)
        self._open.discard(conn)
        self._forget_unseated(conn)

    def _drop(self, conn: _Connection, code: str) -> None:
        """Close ``conn`` now (its file is freed at once): an error frame and a close
        frame if it is open, then the transport is aborted."""
        if conn.dropped:
            return
        if code == "hello-timeout" and conn.seated:
            return
        conn.dropped = True
        self.dropped += 1
        self._open.discard(conn)  # its file is closed on the loop's next turn
        self._forget_unseated(conn)
        if conn.protocol.state is State.OPEN:
            with contextlib.suppress(Exception):
                error = {"type": "error", "code": code, "message": code}
                conn.protocol.send_text(dumps(error).encode())
                conn.protocol.send_close(POLICY, code)
                conn.send_data()
        conn.transport.abort()

    def _credit_for(self, table: Table, seat: int) -> _Bucket:
        key = (id(table), seat)
        bucket = self._credit.get(key)
        if bucket is None:
            bucket = _Bucket(self.limits.burst, self.limits.per_second, earned=table.seq)
            self._credit[key] = bucket
        return bucket

    # --- one connection ---------------------------------------------------------------
    def _find(self, code: str) -> Table | None:
        """The table whose code this is, comparing every code in constant time."""
        wanted = normalise_code(code).encode()
        found = None
        for table in self.tables:
            if hmac.compare_digest(wanted, table.code.encode()):
                found = table
        return found

    def _judge(self, code: str, token: str) -> tuple[_Verdict, bool]:
        """The gate's verdict on a hello, and whether it was a wrong guess."""
        table = self._find(code)
        if table is None:
            return _Verdict(None, None, False), True
        if not token:
            return _Verdict(table, None, False), False
        given = token.encode()
        seats = [s for s in (0, 1) if hmac.compare_digest(given, table.tokens[s].encode())]
        if not seats:
            return _Verdict(table, None, True), True
        return _Verdict(table, seats[0], False), False

    def _time_left(self, conn: _Connection) -> float:
        """Seconds until the connection is told it is too late (a little before the hello
        timeout, which closes it for good)."""
        timeout = self.limits.hello_timeout
        polite = conn.opened + timeout - min(1.0, timeout / 5)
        return max(0.0, polite - conn.loop.time())

    async def _handle(self, ws: ServerConnection) -> None:
        assert isinstance(ws, _Connection)
        link = WsLink(ws, self.limits.outbox, ws.bucket)
        self._links.add(link)
        if ws.stages is not None:
            ws.stage("opened")
            link.on_first_sent = lambda: self._traced(ws)
        table: Table | None = None
        seat: int | None = None
        try:
            table, seat = await self._greet(ws, link)
            if table is None or seat is None:
                return
            if table.over:
                link.end()
                return
            async for raw in ws:
                if not link.bucket.take():
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

    def _traced(self, conn: _Connection) -> None:
        """The answer to ``conn``'s hello is written: give its stages to the trace."""
        conn.stage("answered")
        if self.trace is not None and conn.stages is not None:
            self.trace(conn.key, conn.stages)

    async def _greet(self, ws: _Connection, link: WsLink) -> tuple[Table | None, int | None]:
        try:
            # A timeout rather than wait_for: no task of its own, so the hello is read
            # in the turn after it arrives (every turn counts when the host is busy).
            async with asyncio.timeout(self._time_left(ws)):
                raw = await ws.recv()
        except TimeoutError:
            link.close("hello-timeout")
            return None, None
        ws.stage("hello")
        try:
            hello = read_client_message(raw)
        except ProtocolError as exc:
            link.close(exc.code, exc.detail)
            return None, None
        if hello.type != "hello":
            link.close("hello-first")
            return None, None
        try:
            verdict: _Verdict = await self.gate.answer(
                ws, lambda: self._judge(hello.code, hello.token), self._time_left(ws)
            )
        except TimeoutError:
            link.close("hello-timeout")
            return None, None
        except ConnectionError:
            return None, None
        ws.stage("judged")
        table = verdict.table
        if table is None:
            link.close("wrong-code")
            return None, None
        if verdict.wrong_token:
            link.close("wrong-token")
            return None, None
        if verdict.token_seat is not None:
            credit = self._credit_for(table, verdict.token_seat)
            if not credit.take(self.limits.rejoin_cost):
                link.close("flood")
                return None, None
        try:
            seat = table.claim(hello.name, hello.token, link)
        except ProtocolError as exc:
            link.close(exc.code)
            return None, None
        link.bucket = ws.bucket = self._credit_for(table, seat)
        self._seat(ws)
        return table, seat
