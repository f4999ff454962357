"""Joining an online table from the app: a small form for the address and the code, then
the table (`OnlineTableScreen`). The seat goes over the network (`RemoteSeat`), rejoining
by itself after a drop."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Static

from ...net.client import Address, Client, ConnectFailed, Disconnected, parse_address
from ...net.protocol import cafile_refusal, join_command, normalise_code
from ...net.saves import keep_record
from ...net.seats import RemoteSeat, SeatTokens
from ...store import MAX_NAME
from ...text.i18n import N_, _
from ...web.guest import may_join
from ..model.remote import RemoteTableModel
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of
from .online_form import ONLINE_CSS, show_status
from .online_table import OnlineTableScreen

__all__ = ["JoinPlan", "JoinScreen"]


@dataclass
class JoinPlan:
    """Where to join: the address as typed, the code, the player's name, TLS."""

    address: str = ""
    code: str = ""
    name: str = ""
    cafile_tls: ssl.SSLContext | None = None
    #: The certificate file behind ``cafile_tls`` (named in the command to join again).
    cafile: str = ""
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
        #: The address, code and name last joined (a rematch joins them again).
        self.last: tuple[Address, str, str] | None = None

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
        if not may_join(text):
            # TRANSLATORS: the join screen in a game played in a browser (ginrummy serve).
            self._status(_("A game in a browser joins only the table of its link."), error=True)
            return
        refusal = cafile_refusal(text, "" if self.plan.cafile_tls is not None else None)
        if refusal is not None:
            self._status(refusal, error=True)
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
        self.last = (address, code, name)
        self.run_worker(self._connect(address, code, name), exclusive=True, group="join")

    async def _connect(
        self, address: Address, code: str, name: str, *, rematch: bool = False
    ) -> None:
        """Join (``rematch``: the table's next match, as a new player, waiting while the
        host has not offered it yet: the finished match answers "match-over")."""
        plan = self.plan
        tokens = SeatTokens(self.gin_app.store)
        key = SeatTokens.key(address.host, address.port, code, name)
        while True:
            client = Client(
                address,
                code,
                name=name,
                token="" if rematch else tokens.get(key),
                tls=plan.cafile_tls,
                ping_interval=plan.ping,
                ping_timeout=plan.ping,
            )
            try:
                await client.connect()
                state = await client.receive()
                while state.get("type") != "state":
                    state = await client.receive()
                break
            except ConnectFailed as exc:
                if rematch and exc.code == "match-over":
                    await asyncio.sleep(plan.retry_delay)
                    continue
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
            client.seat, client.rules, state, _Later(), ascii=self.gin_app.ascii, unnamed=not name
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
        shown = f"[{address.host}]" if ":" in address.host else address.host
        command = join_command(
            f"{shown}:{address.port}",
            code,
            cert=plan.cafile if address.secure and plan.cafile else None,
            secure=address.secure,
            name=name,
        )
        # TRANSLATORS: printed after quitting an online game joined; {command} is the shell
        # command that joins again (keep it as it is).
        goodbye = _("To go on with this online match, join again: {command}").format(
            command=command
        )
        self.app.push_screen(
            OnlineTableScreen(model, ascii=self.gin_app.ascii, goodbye=goodbye), self._left
        )

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
        if choice == "again" and self.last is not None:
            self.run_worker(self._again(*self.last), group="join-close")
            return
        self.run_worker(self._finish(choice), group="join-close")

    async def _again(self, address: Address, code: str, name: str) -> None:
        """A rematch: the same table's next match, seats swapped (the host deals it when
        its player says "Play again" too)."""
        other = ""
        if self.model is not None:
            other = self.model.remote.names[self.model.other]
        await self.stop()
        self.joining = True
        # TRANSLATORS: the join screen after "Play again": {name} is the other player.
        self._status(_("Play again: waiting for {name} to play again…").format(name=other))
        self.run_worker(
            self._connect(address, code, name, rematch=True), exclusive=True, group="join"
        )

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
