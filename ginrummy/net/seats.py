"""A seat played by a person in this process: the host's own, or one joined over the network.

Both deliver the host's messages to a callback (the app's table model) on the asyncio
loop, one at a time and in order, and take the player's moves as ``act`` and ``ready``:

- `LocalSeat`: the host's own seat. It is the referee's `Link` for that seat (messages
  are queued with ``call_soon``, so the referee never calls back into the table while a
  move is being played) and sends moves to the `Table` directly.
- `RemoteSeat`: a `Client`'s seat. Its `run` loop reads messages and, when the
  connection drops, rejoins the seat with its token for a while before giving up.

The seats' tokens are kept in the data folder (`SeatTokens`), so a player whose program
stopped rejoins the same seat by running the same command again. No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from typing import Any

from ..store import StorageError, Store
from ..store.folder import MISSING
from ..text.i18n import _
from .client import Client, ConnectFailed, Disconnected
from .referee import Refused, Table

__all__ = ["LocalSeat", "RemoteSeat", "SeatTokens"]

Deliver = Callable[[dict[str, Any]], None]

#: Where the seats' tokens are kept: {"HOST:PORT/CODE/NAME": token}.
TOKENS = "online-seats.json"


class SeatTokens:
    """The rejoin tokens of the seats joined from this data folder."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @staticmethod
    def key(host: str, port: int, code: str, name: str) -> str:
        # One seat a name: two players joining from one data folder keep apart.
        return f"{host}:{port}/{code}/{name}"

    def all(self) -> dict[str, str]:
        try:
            data = self.store.read_json(TOKENS)
        except StorageError:
            return {}
        if data is MISSING or not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, key: str) -> str:
        return self.all().get(key, "")

    def keep(self, key: str, token: str | None) -> None:
        """Keep ``token`` for ``key`` (None: forget it, the match is over)."""
        tokens = self.all()
        if token is None:
            tokens.pop(key, None)
        else:
            tokens[key] = token
        self.store.write_json(TOKENS, tokens)


class LocalSeat:
    """The host's own seat at ``table``: a `Link` to the referee and a channel for moves."""

    def __init__(self, table: Table, deliver: Deliver | None = None) -> None:
        self.table = table
        self.deliver = deliver
        self.seat: int | None = None
        self.closed = False
        self._loop = asyncio.get_running_loop()

    def claim(self, name: str, seat: int = 0) -> int:
        """Sit down: in ``seat`` of a new table (0, or the other seat than last time in a
        rematch), or in the host's seat of a restored one (the seat its save names)."""
        table = self.table
        if all(table.names):
            meta = table.meta
            mine = meta.seat if meta is not None and meta.seat is not None else 0
            self.seat = table.claim(name, table.tokens[mine], self)
        else:
            self.seat = table.claim(name, "", self, seat)
        return self.seat

    # --- the referee's Link ---------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        if not self.closed:
            self._loop.call_soon(self._hand_on, message)

    def close(self, code: str) -> None:
        self.send({"type": "error", "code": code, "message": code})
        self.closed = True

    def _hand_on(self, message: dict[str, Any]) -> None:
        if self.deliver is not None:
            self.deliver(message)

    # --- the player's moves -----------------------------------------------------------
    def act(self, action: str, seq: int) -> None:
        assert self.seat is not None
        try:
            self.table.act(self.seat, action, seq)
        except Refused as exc:
            self.send(self.table.refusal(exc))

    def ready(self, seq: int) -> None:
        assert self.seat is not None
        try:
            self.table.say_ready(self.seat, seq)
        except Refused as exc:
            self.send(self.table.refusal(exc))

    def leave(self) -> None:
        if self.seat is not None and not self.closed:
            self.table.leave(self.seat, self)
        self.closed = True


class RemoteSeat:
    """A seat at a host over the network, kept up: ``run`` until the match ends.

    ``on_connection(False)`` when the connection drops, ``(True)`` when the seat is
    rejoined; ``on_gone(reason)`` when the host cannot be reached for ``patience``
    seconds or refuses the seat for good. ``on_token`` hears the seat's token after each
    welcome (to keep it for a rejoin after the program stops).
    """

    def __init__(
        self,
        client: Client,
        deliver: Deliver,
        *,
        on_connection: Callable[[bool], None] | None = None,
        on_gone: Callable[[str], None] | None = None,
        on_token: Callable[[str], None] | None = None,
        patience: float = 120.0,
        retry_delay: float = 1.0,
    ) -> None:
        self.client = client
        self.deliver = deliver
        self.on_connection = on_connection
        self.on_gone = on_gone
        self.on_token = on_token
        self.patience = patience
        self.retry_delay = retry_delay
        self.over = False
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        """Read the host's messages until the match is over (rejoining after a drop)."""
        client = self.client
        while True:
            try:
                while True:
                    message = await client.receive()
                    if message.get("type") == "state" and message.get("match", {}).get("over"):
                        self.over = True
                    self.deliver(message)
            except (Disconnected, ConnectFailed) as exc:
                code = exc.code if isinstance(exc, ConnectFailed) else ""
                if self.over:
                    return
                if code not in ("", "shutting-down"):
                    self._gone(str(exc))
                    return
            client.ws = None
            if self.on_connection is not None:
                self.on_connection(False)
            if not await self._rejoin():
                return

    async def _rejoin(self) -> bool:
        deadline = time.monotonic() + self.patience
        problem = ""
        while time.monotonic() < deadline:
            await asyncio.sleep(self.retry_delay)
            try:
                await self.client.connect()
            except ConnectFailed as exc:
                if exc.code not in ("", "shutting-down"):
                    self._gone(str(exc))
                    return False
                problem = str(exc)
                continue
            except Disconnected as exc:
                problem = str(exc)
                continue
            if self.on_token is not None:
                self.on_token(self.client.token)
            if self.on_connection is not None:
                self.on_connection(True)
            return True
        self._gone(
            _("the host could not be reached again: {problem}").format(
                problem=problem or _("no answer")
            )
        )
        return False

    def _gone(self, reason: str) -> None:
        if self.on_gone is not None:
            self.on_gone(reason)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _quietly(self, work: Coroutine[Any, Any, None]) -> None:
        # A move lost with the connection is sent again by nobody: the player sees the
        # position the host kept when the seat is rejoined, and plays it again.
        with contextlib.suppress(Disconnected, ConnectFailed, AssertionError):
            await work

    def act(self, action: str, seq: int) -> None:
        """Send a move (for the position the client was last told: ``seq``)."""
        self._spawn(self._quietly(self.client.act(action)))

    def ready(self, seq: int) -> None:
        self._spawn(self._quietly(self.client.ready()))

    async def close(self) -> None:
        self.over = True
        with contextlib.suppress(Exception):
            await self.client.close()
