"""The client's side: connect to a host, take a seat, send moves; and a bot that plays one.

`Client` is one seat's connection (it keeps the seat's token, so `connect` again rejoins
the same seat); `play` drives a `ginrummy.core.Player` through it until the match ends,
rejoining after a dropped connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..core import Game, Match, Player, PlayerView, Rules
from ..store import GameMeta
from ..text.i18n import _
from .protocol import (
    DEFAULT_PORT,
    MAX_RECORD,
    VERSION,
    ProtocolError,
    dumps,
    loads_from_host,
    rules_from_json,
    view_from_json,
    worded,
)
from .saves import read_record

__all__ = [
    "Client",
    "ConnectFailed",
    "Disconnected",
    "Refusal",
    "parse_address",
    "play",
]


class ConnectFailed(OSError):
    """The host cannot be reached or refused the seat; the message is for a person."""

    def __init__(self, message: str, code: str = "") -> None:
        self.code = code
        super().__init__(message)


class Disconnected(ConnectionError):
    """The connection ended while playing (the seat can be rejoined)."""


class Refusal(RuntimeError):
    """The host refused a move the bot made (a bot should never see one)."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int
    secure: bool

    @property
    def uri(self) -> str:
        return f"{'wss' if self.secure else 'ws'}://{self.shown}/"

    @property
    def shown(self) -> str:
        """``HOST:PORT``, as a person types it (an IPv6 host in brackets)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def connect_problem(exc: BaseException) -> str:
    """Why a connection could not be opened, in a few words (not Python's own message,
    which names the call and repeats the address: it did not fit a line)."""
    if isinstance(exc, ConnectionRefusedError):
        # TRANSLATORS: after "cannot reach HOST:PORT: ": no program listens there.
        return _("nobody is listening there")
    if isinstance(exc, TimeoutError):
        return _("no answer")
    if isinstance(exc, socket.gaierror):
        # TRANSLATORS: after "cannot reach HOST:PORT: ": the host name is not known.
        return _("no such host")
    if isinstance(exc, ssl.SSLCertVerificationError):
        # TRANSLATORS: after "cannot reach HOST:PORT: " (wss://, TLS).
        return _("its certificate is not trusted (see --cafile)")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror  # the system's own words, e.g. "Network is unreachable"
    return str(exc) or type(exc).__name__


def parse_address(text: str, *, secure: bool = False) -> Address:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or a ws:// / wss:// URI; `ValueError` if not."""
    rest = text.strip()
    for scheme, tls in (("wss://", True), ("ws://", False)):
        if rest.lower().startswith(scheme):
            rest, secure = rest[len(scheme) :], tls
            break
    rest = rest.rstrip("/")
    port_text = ""
    if rest.startswith("["):
        host, sep, tail = rest[1:].partition("]")
        if not sep or (tail and not tail.startswith(":")):
            raise ValueError(_("not an address: {text}").format(text=repr(text)))
        port_text = tail[1:]
    elif rest.count(":") == 1:
        host, port_text = rest.split(":")
    else:
        host = rest
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise ValueError(_("not an address: {text}").format(text=repr(text)))
    if port_text:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(_("not a port number (1-65535): {text}").format(text=repr(port_text)))
        port = int(port_text)
    else:
        port = DEFAULT_PORT
    return Address(host, port, secure)


class Client:
    """One seat at a remote table."""

    def __init__(
        self,
        address: Address,
        code: str,
        *,
        name: str = "",
        token: str = "",
        tls: ssl.SSLContext | None = None,
        ping_interval: float = 5.0,
        ping_timeout: float = 5.0,
        open_timeout: float = 10.0,
        hello_timeout: float = 15.0,
        record: list[str] | None = None,
    ) -> None:
        self.address = address
        self.code = code
        self.name = name
        self.token = token
        self.tls = tls
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.open_timeout = open_timeout
        #: How long the host may take to answer the hello (it paces its answers after
        #: wrong codes, and says "hello-timeout" itself after its own 10 s).
        self.hello_timeout = hello_timeout
        #: Every message received, as sent (the no-leak test reads them).
        self.record = record
        self.ws: ClientConnection | None = None
        self.seat: int | None = None
        self.rules: Rules | None = None
        self.state: dict[str, Any] | None = None
        #: Action round trips in seconds: from sending a move to the position it made.
        self.round_trips: list[float] = []
        self._sent: tuple[int, float] | None = None
        #: The finished match's save from the host's ``record`` and its details (the seat
        #: this client held in them), checked against what it was told; None until then.
        self.finished: tuple[Game | Match, GameMeta] | None = None

    async def connect(self) -> None:
        """Connect and take the seat (again, with the token, after the first time)."""
        tls = self.tls
        if self.address.secure and tls is None:
            tls = ssl.create_default_context()
        try:
            self.ws = await connect(
                self.address.uri,
                ssl=tls,
                max_size=MAX_RECORD,  # a finished match's record; the rest is smaller
                ping_interval=self.ping_interval,
                ping_timeout=self.ping_timeout,
                open_timeout=self.open_timeout,
                close_timeout=2,
                compression=None,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            raise ConnectFailed(
                _("cannot reach {address}: {problem}").format(
                    address=self.address.shown, problem=connect_problem(exc)
                )
            ) from None
        hello: dict[str, Any] = {"type": "hello", "version": VERSION, "code": self.code}
        if self.name:
            hello["name"] = self.name
        if self.token:
            hello["token"] = self.token
        await self._send(hello)
        try:
            async with asyncio.timeout(self.hello_timeout):
                message = await self.receive()
        except TimeoutError:
            await self.close()
            self.ws = None
            raise ConnectFailed(
                # TRANSLATORS: the host accepted the connection but did not answer the
                # join request; {seconds} is a number.
                _("the host at {address} did not answer within {seconds:g} seconds").format(
                    address=self.address.shown, seconds=self.hello_timeout
                )
            ) from None
        if message["type"] != "welcome":
            raise ConnectFailed(_("the host did not welcome us"))
        self.seat = int(message["seat"])
        self.token = str(message["token"])
        self.rules = rules_from_json(message.get("rules"))

    async def _send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise Disconnected("not connected")
        try:
            await self.ws.send(dumps(message))
        except ConnectionClosed as exc:
            raise Disconnected(str(exc)) from None

    async def receive(self) -> dict[str, Any]:
        """The next message; an ``error`` from the host raises `ConnectFailed`."""
        if self.ws is None:
            raise Disconnected("not connected")
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as exc:
            raise Disconnected(str(exc)) from None
        if self.record is not None:
            self.record.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        try:
            message = loads_from_host(raw)
            if message["type"] == "record":
                self.finished = read_record(message, self.seat, self.state, self.rules)
        except ProtocolError as exc:
            raise Disconnected(str(exc)) from None
        if message["type"] == "error":
            code = str(message.get("code", ""))
            await self.close()
            raise ConnectFailed(worded(code, str(message.get("message", ""))), code)
        if message["type"] == "state":
            self.state = message
            sent = self._sent
            if sent is not None and message.get("seq", 0) > sent[0]:
                self.round_trips.append(time.perf_counter() - sent[1])
                self._sent = None
        return message

    def view(self) -> PlayerView:
        """The latest state's view as the core's `PlayerView`."""
        assert self.state is not None and self.rules is not None
        return view_from_json(self.state["view"], self.rules)

    async def act(self, action: str) -> None:
        assert self.state is not None
        seq = int(self.state["seq"])
        self._sent = (seq, time.perf_counter())
        await self._send({"type": "act", "action": action, "seq": seq})

    async def ready(self) -> None:
        assert self.state is not None
        await self._send({"type": "ready", "seq": int(self.state["seq"])})

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def wait_record(self, timeout: float = 5.0) -> None:
        """Once the match is over: read on until the host's ``record`` of it (`finished`),
        the connection's end or ``timeout`` seconds (a host that sends none)."""
        with contextlib.suppress(Disconnected, ConnectFailed, TimeoutError):
            async with asyncio.timeout(timeout):
                while self.finished is None:
                    await self.receive()


async def play(
    client: Client,
    player: Player,
    *,
    threaded: bool = False,
    retries: int = 20,
    retry_delay: float = 0.5,
    on_state: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``client``'s seat with ``player`` until the match ends; returns the last state.

    A dropped connection is rejoined (``retries`` times, ``retry_delay`` apart). Raises
    `ConnectFailed` when the host refuses the seat, `Refusal` when it refuses a move.
    """
    failures = 0
    answered = -1
    while True:
        try:
            if client.ws is None or client.seat is None:
                await client.connect()
            failures = 0
            answered = -1
            while True:
                message = await client.receive()
                kind = message["type"]
                if kind == "refused":
                    if message.get("code") == "stale":
                        continue
                    raise Refusal(f"{message.get('code')}: {message.get('message')}")
                if kind != "state":
                    continue
                if on_state is not None:
                    on_state(message)
                if message["match"]["over"]:
                    await client.wait_record()
                    await client.close()
                    return message
                seq = int(message["seq"])
                if seq == answered or not message["seated"]:
                    continue
                view = client.view()
                if view.result is not None:
                    if not message["ready"][view.player]:
                        answered = seq
                        await client.ready()
                elif view.is_my_turn:
                    answered = seq
                    if threaded:
                        action = await asyncio.to_thread(player.choose, view)
                    else:
                        action = player.choose(view)
                    await client.act(str(action))
        except Disconnected:
            failures += 1
            client.ws = None
            if failures > retries:
                raise
            await asyncio.sleep(retry_delay)
        except ConnectFailed as exc:
            # A host that is restarting refuses the connection for a moment: try again.
            if exc.code not in ("", "shutting-down") or client.seat is None:
                raise
            if failures >= retries:
                raise
            failures += 1
            client.ws = None
            await asyncio.sleep(retry_delay)
