"""Online tests of the app: an app hosting or joining a table on 127.0.0.1, and a bot
client from `ginrummy.net.client` playing the other seat."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from ginrummy.app import GinRummyApp
from ginrummy.app.model.remote import RemoteTableModel
from ginrummy.app.screens.online_host import HostScreen
from ginrummy.app.screens.online_table import OnlineTableScreen
from ginrummy.net.client import Client, play
from ginrummy.net.protocol import view_from_json
from ginrummy.net.referee import Table
from ginrummy.net.seats import LocalSeat
from ginrummy.net.server import Host, Limits
from ginrummy.players.simple import SimplePlayer
from ginrummy.store import Store

from .net import FAST, client_for, new_table
from .pilot import until

SIZE = (80, 24)
#: Timings for tests whose app is busy for long stretches (hints, screens over the table):
#: no ping is missed while the loop draws, so nobody is taken for away.
PATIENT = Limits(ping_interval=1.0, ping_timeout=20.0, hello_timeout=5.0)
#: A bot client's timings to match.
PATIENT_PINGS = {"ping_interval": 1.0, "ping_timeout": 20.0}


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


def host_app(data: Path, **plan: Any) -> GinRummyApp:
    options = {"port": 0, "limits": FAST, "name": "Ann", **plan}
    return GinRummyApp(store=Store(data), computer_delay=0.0, online=("host", options))


def table(app: GinRummyApp) -> OnlineTableScreen:
    screen = app.table
    assert isinstance(screen, OnlineTableScreen)
    return screen


def model(app: GinRummyApp) -> RemoteTableModel:
    return table(app).remote


@contextlib.asynccontextmanager
async def bot_playing(client: Client) -> AsyncIterator[asyncio.Task[dict[str, Any]]]:
    task = asyncio.create_task(play(client, SimplePlayer(), retries=2, retry_delay=0.05))
    try:
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        with contextlib.suppress(Exception):
            await client.close()


@contextlib.asynccontextmanager
async def hosting(
    data: Path, **plan: Any
) -> AsyncIterator[tuple[GinRummyApp, Pilot[Any], HostScreen]]:
    """An app hosting a table (data in ``data``; ``plan``: `HostPlan`'s fields), run until
    its host listens: the app, its pilot and the host's waiting screen (with its host and
    table)."""
    app = host_app(data, **plan)
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, HostScreen) and app.screen.host is not None,
            what="the host listening",
        )
        waiting = app.screen
        assert isinstance(waiting, HostScreen)
        assert waiting.host is not None and waiting.table is not None
        yield app, pilot, waiting


async def joining(
    data: Path,
    serve: Callable[..., Any],
    *,
    patient: bool = False,
    table: Any = None,
    name: str = "Bob",
    patience: float | None = None,
) -> tuple[Host, Client, GinRummyApp]:
    """A host with one table (``table``, else a new game), a bot client for its seat Ann,
    and an app (data in ``data``) joining it now as Bob, quick to notice that the host is
    gone (``patient``: timings for a busy app, `PATIENT`)."""
    if patient:
        host: Host = await serve(table or new_table(5), limits=PATIENT)
    else:
        host = await serve(table or new_table(5))
    code = host.tables[0].code
    bot = client_for(host, code, name="Ann", **(PATIENT_PINGS if patient else {}))
    ip, port = host.address
    plan = {"address": f"{ip}:{port}", "code": code.lower(), "name": name, "now": True}
    if patience is None:
        patience = 20.0 if patient else 1.0
    plan |= {"ping": 1.0 if patient else 0.2, "patience": patience}
    plan |= {"retry_delay": 0.1}
    return host, bot, GinRummyApp(store=Store(data), online=("join", plan))


class LocalBot:
    """The simple bot in ``seat`` of a table in this process, as the host app's own player
    sits there (through a `LocalSeat`)."""

    def __init__(self, table: Table, name: str, seat: int) -> None:
        self.table = table
        self.player = SimplePlayer()
        self.local = LocalSeat(table, self.heard)
        self.local.claim(name, seat)

    def heard(self, message: dict[str, Any]) -> None:
        if message.get("type") != "state" or message["match"]["over"] or not message["seated"]:
            return
        view = view_from_json(message["view"], self.table.match.rules)
        seat = self.local.seat
        assert seat is not None
        if view.result is not None:
            if not message["ready"][seat]:
                self.local.ready(message["seq"])
        elif message["legal"]:
            self.local.act(str(self.player.choose(view)), message["seq"])
