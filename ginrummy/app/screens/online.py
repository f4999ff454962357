"""Online play in the app: hosting (the address, the join code, waiting), joining (a small
form), and the table of an online game.

The table is the local table's screen (`TableScreen`) driven by a `RemoteTableModel`:
the host's messages come in on the asyncio loop Textual runs on, the model takes them
in, and its listener posts `RemoteChanged` to the screen, which redraws. The host's own
seat talks to the referee in this process (`LocalSeat`); a joining player's seat goes
over the network (`RemoteSeat`), rejoining by itself after a drop.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RichLog, Static

from ...core import Game, Match, Rules
from ...net.client import Address, Client, ConnectFailed, Disconnected, parse_address
from ...net.protocol import DEFAULT_PORT, normalise_code
from ...net.referee import Table
from ...net.saves import OnlineSaves, keep_record
from ...net.seats import LocalSeat, RemoteSeat, SeatTokens
from ...net.server import Host, Limits, is_all_interfaces
from ...store import MAX_NAME
from ...text.i18n import N_, _
from ...text.moves import capitalise
from ..model.remote import RemoteTableModel
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of
from .table import TableScreen

__all__ = [
    "HostPlan",
    "HostScreen",
    "JoinPlan",
    "JoinScreen",
    "OnlineTableScreen",
    "RemoteChanged",
    "online_screen",
]

#: The hosting and joining screens' layout (their own: the app's stylesheet is shared).
ONLINE_CSS = """
#online { padding: 1 2; height: 1fr; }
#online-title { margin-bottom: 1; }
#online-address, #online-code, #online-help { margin-bottom: 1; }
#online-status { margin-top: 1; }
#online-form { height: auto; margin-top: 1; }
#online-form Label { padding: 0 1; }
#online-form Input { width: 18; }
#join-form { height: auto; width: 60; }
#join-form Input { margin-bottom: 1; }
#join { margin-top: 0; }
"""


class RemoteChanged(Message):
    """The online table's model took a message in: ``what`` it changed."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what


class OnlineTableScreen(TableScreen):
    """The table of an online game; dismisses with ``menu`` or ``quit``.

    The moves go to the host and come back as the new position; undo is refused (it
    would show hidden cards), the hint reads only this seat's view. While the other
    player is away the table says so and waits; if the connection is lost for good, the
    player is told why and taken back to the menu.
    """

    def __init__(self, model: RemoteTableModel, *, ascii: bool = False) -> None:
        super().__init__(model.config, ascii=ascii, model=model)
        self.remote = model
        self._was_present = model.other_present

    def on_mount(self) -> None:
        # Textual runs `TableScreen.on_mount` too (it starts the round): only listen here.
        self.remote.listener = self._heard

    def on_unmount(self) -> None:
        self.remote.listener = None

    def _heard(self, what: str) -> None:
        self.post_message(RemoteChanged(what))

    @on(RemoteChanged)
    def _remote_changed(self, message: RemoteChanged) -> None:
        model = self.remote
        what = message.what
        if what == "gone":
            reason = model.gone or ""
            self.app.notify(reason, title=_("The online game ended"), severity="error", timeout=20)
            self.dismiss("menu")
            return
        if what == "refused":
            if model.refusal:
                self.show_message(model.refusal, error=True)
                self.app.bell()
            model.refusal = None
            self.refresh_table()
            return
        if what == "connection":
            self.show_message(
                "" if model.connected else _("The connection to the host is lost: reconnecting…"),
                error=not model.connected,
            )
            self.refresh_table()
            return
        present = model.other_present
        if present != self._was_present:
            self._was_present = present
            name = model.remote.names[model.other]
            # TRANSLATORS: online, the other player's connection came back.
            self.show_message(
                _("{name} is back.").format(name=name)
                if present
                else _("{name} is away: the table waits for them to come back.").format(name=name),
                error=not present,
            )
        if model.new_round:
            if model.new_game:
                self.query_one("#log", RichLog).clear()
                model.log.clear()
                self._written = 0
            self._start_round()
            return
        model.sync_log()
        self._write_log()
        self.advance()

    def _after_result(self, _: object = None) -> None:
        """The result was seen: at the game's end, its score sheet; else say ready and
        wait for the host to deal (when both players have seen it)."""
        if self.session.game_over:
            super()._after_result()
            return
        self.remote.next_round()
        self.refresh_table()

    def _after_game_over(self, choice: str | None) -> None:
        model = self.remote
        s = model.remote
        if choice == "next" and s.match is not None and not s.match.is_over:
            model.next_round()
            self.refresh_table()
        else:
            self.dismiss("quit" if choice == "quit" else "menu")

    def refresh_table(self) -> None:
        super().refresh_table()
        model = self.remote
        self.sub_title = f"{self.sub_title} · {model.status()}"
        waiting = None
        if model.gone is None and (not model.connected or not model.other_present):
            waiting = model.wait_reason()
        elif model.remote.round_over and model.ready_sent and not model.match_over:
            # TRANSLATORS: online, after the round's result: the other player has not
            # gone on yet.
            waiting = _("Waiting for {name} to go on to the next round…").format(
                name=model.remote.names[model.other]
            )
        if waiting is not None:
            self.query_one("#prompt", Static).update(Text(waiting, style="bold"))


# --- hosting -------------------------------------------------------------------------------


@dataclass
class HostPlan:
    """How to host: where to listen, which rules, the host's name, TLS, a saved match."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    rules: Rules | None = None
    name: str = ""
    tls: ssl.SSLContext | None = None
    #: Serve the latest saved online match again, if there is one.
    resume: bool = True
    limits: Limits | None = None


def shown_address(bind: str, port: int) -> str:
    """``HOST:PORT`` as the other player types it (this machine's name when listening on
    every interface)."""
    host = socket.gethostname() if is_all_interfaces(bind) else bind
    host = f"[{host}]" if ":" in host else host
    return f"{host}:{port}"


class HostScreen(GinScreen[str]):
    """Host an online table: listen, show the address and the join code, wait for the
    other player, then sit down at the table. Dismisses with ``menu`` or ``quit``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer key: leave the online screen for the menu.
        Binding("escape", "leave", N_("Back")),
        Binding("question_mark", "app.help", N_("Help")),
    ]

    DEFAULT_CSS = ONLINE_CSS
    gin_app = property(gin_app_of)

    def __init__(self, plan: HostPlan) -> None:
        super().__init__()
        self.plan = plan
        self.host: Host | None = None
        self.table: Table | None = None
        self.seat: LocalSeat | None = None
        self.saves: OnlineSaves | None = None
        self.seated = False

    def compose(self) -> ComposeResult:
        yield GameHeader()
        with Vertical(id="online"):
            yield Label(Text(_("Host an online game"), style="bold"), id="online-title")
            yield Static(id="online-address")
            yield Static(id="online-code")
            yield Static(id="online-status")
            with Horizontal(id="online-form"):
                # TRANSLATORS: form labels of the host screen: where to listen.
                yield Label(_("Address"))
                yield Input(self.plan.bind, compact=True, id="host-bind")
                yield Label(_("Port"))
                yield Input(str(self.plan.port), type="integer", compact=True, id="host-port")
                # TRANSLATORS: a button: listen again on the address and port typed.
                yield Button(_("Host (Enter)"), id="host-again", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = _("Online")
        self.query_one("#online-form").display = False
        self.run_worker(self.start(), exclusive=True, group="host")

    def _status(self, text: str, *, error: bool = False) -> None:
        show_status(self, text, error=error)

    async def start(self) -> None:
        """Listen and take seat 0 (or the host's seat of the saved match served again)."""
        await self.stop()
        plan = self.plan
        app = self.gin_app
        saves = OnlineSaves(app.store)
        table: Table | None = None
        if plan.resume:
            saved = saves.saved()
            if saved:
                table = saves.restore(saved[0])
        if table is None:
            rules = plan.rules if plan.rules is not None else app.rules
            table = Table(Match(rules) if rules.is_match else Game(rules))
            saves.attach(table)
        host = Host([table], bind=plan.bind, port=plan.port, tls=plan.tls, limits=plan.limits)
        try:
            await host.start()
        except OSError as exc:
            self._status(
                _("Cannot listen on {address} port {port}: {problem}").format(
                    address=plan.bind, port=plan.port, problem=exc.strerror or exc
                ),
                error=True,
            )
            self.query_one("#online-form").display = True
            self.query_one("#host-port", Input).focus()
            return
        self.host, self.table, self.saves = host, table, saves
        port = host.address[1]
        seat = LocalSeat(table, self._heard)
        self.seat = seat
        saves.local_seat = seat.claim(plan.name or app.settings.name or "")
        address = shown_address(plan.bind, port)
        scheme = "wss" if plan.tls is not None else "ws"
        self.query_one("#online-address", Static).update(
            Text.assemble(
                # TRANSLATORS: the host screen: where the other player connects.
                (_("Address:") + " ", "dim"),
                (address, "bold"),
                (f"  ({scheme}://{address}/)", "dim"),
            )
        )
        self.query_one("#online-code", Static).update(
            Text.assemble(
                # TRANSLATORS: the host screen: the code the other player types.
                (_("Join code:") + " ", "dim"),
                (table.code, "bold reverse"),
                "\n\n",
                # TRANSLATORS: the host screen, before the command the other player runs.
                (_("The other player runs:") + "\n", "dim"),
                (f"  ginrummy join {address} --code {table.code}", "bold"),
            )
        )
        self._status(_("Waiting for the other player…"))
        if is_all_interfaces(plan.bind):
            self.notify(
                _(
                    "Listening on every network interface: anyone who can reach this"
                    " machine can try join codes."
                ),
                severity="warning",
                timeout=10,
            )

    def _heard(self, message: dict[str, Any]) -> None:
        """The referee's messages for the host's seat while waiting for the other player."""
        if self.seated or message.get("type") != "state" or not message.get("seated"):
            return
        self.seated = True
        seat, table = self.seat, self.table
        assert seat is not None and table is not None and seat.seat is not None
        model = RemoteTableModel(
            seat.seat, table.match.rules, message, seat, ascii=self.gin_app.ascii
        )
        seat.deliver = model.receive
        self.app.push_screen(OnlineTableScreen(model, ascii=self.gin_app.ascii), self._left)

    def _left(self, choice: str | None) -> None:
        self.run_worker(self._finish(choice), group="host-close")

    async def _finish(self, choice: str | None) -> None:
        await self.stop()
        if choice == "quit":
            self.app.exit()
        else:
            self.dismiss("menu")

    async def stop(self) -> None:
        """Leave the seat and stop listening (the match stays saved for another time)."""
        if self.seat is not None:
            self.seat.leave()
            self.seat = None
        host, self.host = self.host, None
        if host is not None:
            await host.close()

    def on_unmount(self) -> None:
        if self.host is not None:
            host, self.host = self.host, None
            if self.seat is not None:
                self.seat.leave()
            asyncio.get_running_loop().create_task(host.close())

    @on(Button.Pressed, "#host-again")
    @on(Input.Submitted)
    def _again(self) -> None:
        bind = self.query_one("#host-bind", Input).value.strip() or "127.0.0.1"
        port_text = self.query_one("#host-port", Input).value.strip()
        if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
            self._status(_("The port must be a number from 1 to 65535."), error=True)
            return
        self.plan.bind, self.plan.port = bind, int(port_text)
        self.query_one("#online-form").display = False
        self.run_worker(self.start(), exclusive=True, group="host")

    def action_leave(self) -> None:
        self.run_worker(self._finish("menu"), group="host-close")


# --- joining -------------------------------------------------------------------------------


@dataclass
class JoinPlan:
    """Where to join: the address as typed, the code, the player's name, TLS."""

    address: str = ""
    code: str = ""
    name: str = ""
    cafile_tls: ssl.SSLContext | None = None
    #: Join at once (from the command line), without waiting for the button.
    now: bool = False
    #: Client timings (the tests shorten them).
    ping: float = 5.0
    patience: float = 120.0
    retry_delay: float = 1.0


class JoinScreen(GinScreen[str]):
    """Join an online table: the host's address and the join code, then the table.

    A bad address, a wrong code or a host that cannot be reached is said on the form in
    one line, and the player may try again. Dismisses with ``menu`` or ``quit``.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("Back")),
        Binding("question_mark", "app.help", N_("Help")),
    ]

    DEFAULT_CSS = ONLINE_CSS
    gin_app = property(gin_app_of)

    def __init__(self, plan: JoinPlan) -> None:
        super().__init__()
        self.plan = plan
        self.seat: RemoteSeat | None = None
        self.model: RemoteTableModel | None = None
        self.joining = False

    def compose(self) -> ComposeResult:
        plan = self.plan
        yield GameHeader()
        with Vertical(id="online"):
            yield Label(Text(_("Join an online game"), style="bold"), id="online-title")
            yield Static(
                Text(
                    _("Type the host's address (HOST or HOST:PORT) and the join code it shows."),
                    style="dim",
                ),
                id="online-help",
            )
            with Vertical(id="join-form"):
                # TRANSLATORS: form labels of the join screen.
                yield Label(_("Address"))
                yield Input(
                    plan.address, placeholder="192.168.1.20:7777", compact=True, id="join-address"
                )
                yield Label(_("Join code"))
                yield Input(plan.code, placeholder="K7QMX-R3FTA", compact=True, id="join-code")
                yield Label(_("Your name"))
                yield Input(
                    plan.name or self.gin_app.settings.name,
                    max_length=MAX_NAME,
                    compact=True,
                    id="join-name",
                )
            # TRANSLATORS: a button of the join screen; keep "(Enter)".
            yield Button(_("Join (Enter)"), id="join", variant="primary", compact=True)
            yield Static(id="online-status")
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = _("Online")
        if self.plan.address:
            self.query_one("#join", Button).focus()
        else:
            self.query_one("#join-address", Input).focus()
        if self.plan.now:
            self._join()

    def _status(self, text: str, *, error: bool = False) -> None:
        show_status(self, text, error=error)

    @on(Button.Pressed, "#join")
    @on(Input.Submitted)
    def _join(self) -> None:
        if self.joining:
            return
        text = self.query_one("#join-address", Input).value.strip()
        code = normalise_code(self.query_one("#join-code", Input).value)
        name = self.query_one("#join-name", Input).value.strip()
        if not text:
            self._status(_("Type the host's address."), error=True)
            return
        try:
            address = parse_address(text, secure=self.plan.cafile_tls is not None)
        except ValueError as exc:
            self._status(str(exc), error=True)
            return
        if not code:
            self._status(_("Type the join code the host shows."), error=True)
            return
        self.joining = True
        # TRANSLATORS: the join screen while connecting; {address} is HOST:PORT.
        self._status(_("Joining {address}…").format(address=f"{address.host}:{address.port}"))
        self.run_worker(self._connect(address, code, name), exclusive=True, group="join")

    async def _connect(self, address: Address, code: str, name: str) -> None:
        plan = self.plan
        tokens = SeatTokens(self.gin_app.store)
        key = SeatTokens.key(address.host, address.port, code, name)
        client = Client(
            address,
            code,
            name=name,
            token=tokens.get(key),
            tls=plan.cafile_tls,
            ping_interval=plan.ping,
            ping_timeout=plan.ping,
        )
        try:
            await client.connect()
            state = await client.receive()
            while state.get("type") != "state":
                state = await client.receive()
        except ConnectFailed as exc:
            if exc.code == "wrong-token":
                tokens.keep(key, None)
            self.joining = False
            self._status(str(exc), error=True)
            return
        except Disconnected:
            self.joining = False
            self._status(_("The host closed the connection."), error=True)
            return
        with contextlib.suppress(OSError):
            tokens.keep(key, client.token)
        assert client.seat is not None and client.rules is not None

        model = RemoteTableModel(
            client.seat, client.rules, state, _Later(), ascii=self.gin_app.ascii
        )

        def kept(token: str) -> None:
            with contextlib.suppress(OSError):
                tokens.keep(key, token)

        seat = RemoteSeat(
            client,
            model.receive,
            on_connection=model.connection,
            on_gone=model.lose,
            on_token=kept,
            patience=plan.patience,
            retry_delay=plan.retry_delay,
        )
        model.channel = seat
        self.seat, self.model = seat, model
        self.run_worker(self._keep_up(seat, tokens, key), group="join-seat")
        self._status("")
        self.app.push_screen(OnlineTableScreen(model, ascii=self.gin_app.ascii), self._left)

    async def _keep_up(self, seat: RemoteSeat, tokens: SeatTokens, key: str) -> None:
        await seat.run()
        if seat.over:
            with contextlib.suppress(OSError):
                tokens.keep(key, None)  # the match is over: its seat's token is not needed
        self._keep_record(seat)

    def _keep_record(self, seat: RemoteSeat) -> None:
        """The host's record of the finished match, into this side's history (once)."""
        finished = seat.client.finished
        if finished is not None:
            with contextlib.suppress(OSError):
                keep_record(self.gin_app.store, *finished)

    def _left(self, choice: str | None) -> None:
        self.run_worker(self._finish(choice), group="join-close")

    async def _finish(self, choice: str | None) -> None:
        await self.stop()
        self.joining = False
        if choice == "quit":
            self.app.exit()
        else:
            self.dismiss("menu")

    async def stop(self) -> None:
        seat, self.seat = self.seat, None
        if seat is not None:
            await seat.close()
            self._keep_record(seat)  # if it came after the seat's loop was stopped
        self.workers.cancel_group(self, "join-seat")

    def action_leave(self) -> None:
        self.run_worker(self._finish("menu"), group="join-close")


class _Later:
    """A channel for the moment between the welcome and the seat's loop (never used)."""

    def act(self, action: str, seq: int) -> None:
        pass

    def ready(self, seq: int) -> None:
        pass


def show_status(screen: Screen[Any], text: str, *, error: bool = False) -> None:
    """The line under an online form: news in italics, a refusal in red as a sentence
    (the net's messages start in lower case and end without a full stop)."""
    if error and text:
        text = capitalise(text)
        if not text.endswith((".", "!", "?", "…")):
            text += "."
    screen.query_one("#online-status", Static).update(
        Text(text, style="bold red" if error else "italic")
    )


def online_screen(kind: str, options: dict[str, Any]) -> Screen[str]:
    """The screen that hosts (``kind`` "host") or joins ("join") with ``options`` (the
    fields of `HostPlan` or `JoinPlan`): how ``ginrummy host`` and ``join`` open the app."""
    if kind == "host":
        return HostScreen(HostPlan(**options))
    return JoinScreen(JoinPlan(**options))
