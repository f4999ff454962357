"""Hosting an online table from the app: listen, show the address and the join code, wait
for the other player, then sit down at the table (`OnlineTableScreen`). The host's own
seat talks to the referee in this process (`LocalSeat`)."""

from __future__ import annotations

import asyncio
import socket
import ssl
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ...core import Game, Match, Rules
from ...net.clock import AwayWatch, TurnClock
from ...net.protocol import DEFAULT_PORT, join_command
from ...net.referee import Table
from ...net.saves import OnlineSaves
from ...net.seats import LocalSeat
from ...net.server import Host, Limits, is_all_interfaces
from ...text.i18n import N_, _
from ...web.guest import is_guest
from ..model.remote import RemoteTableModel
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of
from .online_form import ONLINE_CSS, show_status
from .online_table import OnlineTableScreen

if TYPE_CHECKING:
    from ...web.server import WebServer

__all__ = ["HostPlan", "HostScreen", "guest_address", "shown_address"]


@dataclass
class HostPlan:
    """How to host: where to listen, which rules, the host's name, TLS, a saved match."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    rules: Rules | None = None
    name: str = ""
    tls: ssl.SSLContext | None = None
    #: The certificate file behind ``tls`` (named in the join command shown).
    cert: str = ""
    #: The turn clock: seconds a turn (None: off), and the computer that plays a turn
    #: whose time ran out.
    clock: float | None = None
    clock_level: str = "simple"
    #: Seconds a player may be away before losing the match by forfeit (None: never).
    forfeit: float | None = None
    #: Serve the latest saved online match again, if there is one.
    resume: bool = True
    limits: Limits | None = None
    #: Also serve the joining seat to a browser on this port (``host --web``; 0: any free
    #: port; None: no page). Needs the extra ``web``.
    web: int | None = None


def shown_address(bind: str, port: int) -> str:
    """``HOST:PORT`` as the other player types it (this machine's name when listening on
    every interface)."""
    host = socket.gethostname() if is_all_interfaces(bind) else bind
    host = f"[{host}]" if ":" in host else host
    return f"{host}:{port}"


def guest_address(bind: str, port: int, tls: bool) -> str:
    """Where a browser guest's ``ginrummy join``, run on this machine, finds the table: this
    machine's own address (with TLS, the name the certificate is likely made for)."""
    if is_all_interfaces(bind) and not tls:
        host = "::1" if bind.strip("[]") == "::" else "127.0.0.1"
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return shown_address(bind, port)


class HostScreen(GinScreen[str]):
    """Host an online table: listen, show the address and the join code, wait for the
    other player, then sit down at the table. Dismisses with ``menu`` or ``quit``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer key: leave the online screen for the menu.
        Binding("escape", "leave", N_("Back")),
        # TRANSLATORS: footer key of the host screen: serve (or stop serving) a link that
        # seats the other player in a browser.
        Binding("f5", "browser_link", N_("Browser link")),
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
        self.clock: TurnClock | None = None
        self.away_watch: AwayWatch | None = None
        #: The host's own name at the table ("" if none: "You" at this keyboard).
        self.player_name = ""
        #: The page that seats a browser at the table (``plan.web``, or the key F5).
        self.web: WebServer | None = None
        #: The command the other player runs, as shown.
        self.command = ""

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
        if is_guest():
            # TRANSLATORS: the host screen in a game played in a browser (ginrummy serve).
            self._status(_("A game in a browser cannot host a table."), error=True)
            return
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
        self._start_clock(table)
        port = host.address[1]
        seat = LocalSeat(table, self._heard)
        self.seat = seat
        self.player_name = plan.name or app.settings.name or ""
        saves.local_seat = seat.claim(self.player_name)
        address = shown_address(plan.bind, port)
        scheme = "wss" if plan.tls is not None else "ws"
        command = join_command(
            address, table.code, cert=(plan.cert or "CERT.pem") if plan.tls is not None else None
        )
        self.query_one("#online-address", Static).update(
            Text.assemble(
                # TRANSLATORS: the host screen: where the other player connects.
                (_("Address:") + " ", "dim"),
                (address, "bold"),
                (f"  ({scheme}://{address}/)", "dim"),
            )
        )
        self.command = command
        self._show_code(await self._serve_page(table, port) if plan.web is not None else "")
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

    def _show_code(self, link: str) -> None:
        """The join code, the command the other player runs and the browser link, if any."""
        table = self.table
        if table is None:
            return
        self.query_one("#online-code", Static).update(
            Text.assemble(
                # TRANSLATORS: the host screen: the code the other player types.
                (_("Join code:") + " ", "dim"),
                (table.code, "bold reverse"),
                "\n\n",
                # TRANSLATORS: the host screen, before the command the other player runs.
                (_("The other player runs:") + "\n", "dim"),
                (f"  {self.command}", "bold"),
                *(
                    (
                        "\n\n",
                        # TRANSLATORS: the host screen with a browser link, before it.
                        (_("Or opens this link in a browser:") + "\n", "dim"),
                        (f"  {link}", "bold"),
                    )
                    if link
                    else ()
                ),
            )
        )

    def action_browser_link(self) -> None:
        """Serve a browser link to this table, or stop serving it (the key F5)."""
        self.run_worker(self._toggle_page(), exclusive=True, group="host-web")

    async def _toggle_page(self) -> None:
        host, table = self.host, self.table
        if host is None or table is None or self.seated:
            return
        if self.web is not None:
            web, self.web = self.web, None
            await web.close()
            self._show_code("")
            return
        self._show_code(await self._serve_page(table, host.address[1]))

    async def _serve_page(self, table: Table, port: int) -> str:
        """Serve the page whose link seats a browser at ``table`` (its ``ginrummy join``
        runs here); the link, or "" if it cannot be served (said in a notice)."""
        from ...store import data_dir

        try:
            from ...web.server import WebLimits, WebServer, join_command
        except ImportError:
            self.notify(
                _("playing in a browser needs the web extra: pip install 'ginrummy[web]'"),
                severity="error",
                timeout=10,
            )
            return ""

        plan = self.plan
        address = guest_address(plan.bind, port, plan.tls is not None)
        web = WebServer(
            join_command(address, table.code, cafile=plan.cert if plan.tls is not None else ""),
            root=data_dir() / "web",
            bind=plan.bind,
            port=plan.web or 0,
            tls=plan.tls,
            # Two at once: a page opened again while the game of the one before is ending.
            limits=WebLimits(sessions=2),
            joins=address,
        )
        try:
            await web.start()
        except OSError as exc:
            self.notify(
                _("Cannot serve the page on {address} port {port}: {problem}").format(
                    address=plan.bind, port=plan.web or 0, problem=exc.strerror or exc
                ),
                severity="error",
                timeout=10,
            )
            return ""
        self.web = web
        return web.url()

    def _heard(self, message: dict[str, Any]) -> None:
        """The referee's messages for the host's seat while waiting for the other player."""
        if self.seated or message.get("type") != "state" or not message.get("seated"):
            return
        self.seated = True
        seat, table = self.seat, self.table
        assert seat is not None and table is not None and seat.seat is not None
        model = RemoteTableModel(
            seat.seat,
            table.match.rules,
            message,
            seat,
            ascii=self.gin_app.ascii,
            unnamed=not self.player_name,
        )
        seat.deliver = model.receive
        # TRANSLATORS: printed after quitting an online game as its host; keep the
        # command and "F8".
        goodbye = _(
            "The online match is saved: run ginrummy host again (or press F8 on the start"
            " screen) to go on, and the other player rejoins."
        )
        self.app.push_screen(
            OnlineTableScreen(model, ascii=self.gin_app.ascii, goodbye=goodbye), self._left
        )

    def _left(self, choice: str | None) -> None:
        if choice == "again":
            self.rematch()
            return
        self.run_worker(self._finish(choice), group="host-close")

    def rematch(self) -> None:
        """A new match at the same table (the same code and rules), seats swapped: the host
        sits in the other seat and waits for the other player to join again."""
        old, host, saves, seat = self.table, self.host, self.saves, self.seat
        if old is None or host is None or saves is None or seat is None or seat.seat is None:
            self.dismiss("menu")
            return
        other = old.names[1 - seat.seat]
        mine = 1 - seat.seat
        seat.leave()
        rules = old.match.rules
        table = Table(Match(rules) if rules.is_match else Game(rules), code=old.code)
        saves.local_seat = mine
        saves.attach(table)
        host.add_table(table)
        self.table, self.seated = table, False
        self._start_clock(table)
        self.seat = LocalSeat(table, self._heard)
        self.seat.claim(self.player_name, mine)
        # TRANSLATORS: the host screen after "Play again": {name} is the other player.
        self._status(_("Play again: waiting for {name} to join again…").format(name=other))

    async def _finish(self, choice: str | None) -> None:
        await self.stop()
        if choice == "quit":
            self.app.exit()
        else:
            self.dismiss("menu")

    def _start_clock(self, table: Table) -> None:
        """The turn clock and the forfeit rule of ``table``, if the plan sets them (the
        last table's stop)."""
        if self.clock is not None:
            self.run_worker(self.clock.stop(), group="host-clock")
            self.clock = None
        if self.away_watch is not None:
            self.run_worker(self.away_watch.stop(), group="host-clock")
            self.away_watch = None
        if self.plan.clock:
            self.clock = TurnClock(table, self.plan.clock, level=self.plan.clock_level)
            self.clock.start()
        if self.plan.forfeit:
            self.away_watch = AwayWatch(table, self.plan.forfeit)
            self.away_watch.start()

    async def stop(self) -> None:
        """Leave the seat and stop listening (the match stays saved for another time)."""
        if self.clock is not None:
            clock, self.clock = self.clock, None
            await clock.stop()
        if self.away_watch is not None:
            away_watch, self.away_watch = self.away_watch, None
            await away_watch.stop()
        if self.seat is not None:
            self.seat.leave()
            self.seat = None
        web, self.web = self.web, None
        if web is not None:
            await web.close()
        host, self.host = self.host, None
        if host is not None:
            await host.close()

    def on_unmount(self) -> None:
        if self.web is not None:
            web, self.web = self.web, None
            asyncio.get_running_loop().create_task(web.close())
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
