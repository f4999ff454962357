"""``ginrummy host``: serve online tables (`ginrummy.net`) and print their join codes.

With ``--headless`` both seats of every table are remote: one join code per table is
printed, one a line, and the command exits when every match has ended. A saved online
match (the host was stopped) is served again first, under its old code, unless ``--new``.
"""

from __future__ import annotations

import argparse
import asyncio
import ssl
import sys
from typing import TYPE_CHECKING

from ..core import Game, Match, Rules
from ..net.clock import AwayWatch, TurnClock
from ..net.protocol import join_command
from ..net.referee import Table
from ..net.saves import OnlineSaves
from ..net.server import Host, Limits, is_all_interfaces
from ..text.i18n import _, ngettext
from .errors import UsageError, warning
from .history import open_store
from .output import out

if TYPE_CHECKING:
    from ..web.server import WebServer

__all__ = ["load_web", "run", "tls_context"]


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The server's TLS context from --cert and --key (both or neither)."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise UsageError(_("--cert and --key go together: give both files"))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise UsageError(
            _("cannot use the certificate {cert} and key {key}: {problem}").format(
                cert=cert, key=key, problem=exc.strerror or exc
            )
        ) from None
    return context


def load_web() -> type[WebServer]:
    """The web server class; a `UsageError` saying how to install it if the extra is
    missing."""
    try:
        from ..web.server import WebServer
    except ImportError:
        raise UsageError(
            # TRANSLATORS: keep the pip command exactly as it is.
            _("playing in a browser needs the web extra: pip install 'ginrummy[web]'")
        ) from None
    return WebServer


def _new_match(rules: Rules) -> Game | Match:
    return Match(rules) if rules.is_match else Game(rules)


def run(args: argparse.Namespace) -> int:
    tls = tls_context(args.cert, args.key)
    if args.web is not None:
        if args.headless:
            # TRANSLATORS: keep --web and --headless.
            raise UsageError(_("--web serves the seat of your table: it cannot go with --headless"))
        load_web()  # without the extra: one line saying how to install it
    if not args.headless:
        return _open_table(args, tls)
    if is_all_interfaces(args.bind):
        warning(
            _(
                "listening on every network interface: anyone who can reach this machine"
                " can try join codes (use --cert and --key on a network you do not trust)"
            )
        )
    store = open_store()
    saves = OnlineSaves(store)
    tables: list[Table] = []
    if not args.new:
        for saved in saves.saved()[: args.tables]:
            tables.append(saves.restore(saved))
            names = " - ".join(saved.meta.names)
            warning(_("serving the saved online match {names} again").format(names=names))
    rules = args.rules if args.rules is not None else Rules()
    while len(tables) < args.tables:
        table = Table(_new_match(rules))
        saves.attach(table)
        tables.append(table)
    try:
        return asyncio.run(_serve(tables, args, tls))
    finally:
        store.close()


def _open_table(args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    """The host's own table in this terminal: the app shows the address and the code,
    waits for the other player and opens the table (the match is saved as it goes)."""
    from .play import launch_app

    plan = {
        "bind": args.bind,
        "port": args.port,
        "rules": args.rules,
        "name": args.name or "",
        "tls": tls,
        "cert": args.cert or "",
        "resume": not args.new,
        "clock": args.clock,
        "clock_level": args.level,
        "forfeit": args.forfeit * 60 if args.forfeit else None,
        "web": args.web,
    }
    launch_app(_("the game cannot start: {problem}"), online=("host", plan))
    return 0


def cannot_listen(args: argparse.Namespace, exc: OSError) -> UsageError:
    """The one line for a port that cannot be listened on (`host`, `serve`)."""
    return UsageError(
        _("cannot listen on {address} port {port}: {problem}").format(
            address=args.bind, port=args.port, problem=exc.strerror or exc
        )
    )


async def _serve(tables: list[Table], args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    host = Host(tables, bind=args.bind, port=args.port, tls=tls, limits=Limits())
    try:
        await host.start()
    except OSError as exc:
        raise cannot_listen(args, exc) from None
    clocks: list[TurnClock | AwayWatch] = []
    if args.clock:
        clocks += [TurnClock(t, args.clock, level=args.level) for t in tables]
    if args.forfeit:
        clocks += [AwayWatch(t, args.forfeit * 60) for t in tables]
    for clock in clocks:
        clock.start()
    address, port = host.address
    scheme = "wss" if tls is not None else "ws"
    shown = f"[{address}]" if ":" in address else address
    command = join_command(f"{shown}:{port}", "CODE", cert=args.cert if tls is not None else None)
    sys.stderr.write(
        # TRANSLATORS: {command} is a shell command (ginrummy join ...): keep it as it is.
        ngettext(
            "hosting {n} table on {uri}; join with: {command}",
            "hosting {n} tables on {uri}; join with: {command}",
            len(tables),
        ).format(n=len(tables), uri=f"{scheme}://{shown}:{port}/", command=command)
        + "\n"
    )
    for table in tables:
        out(table.code)
    sys.stdout.flush()
    try:
        await host.serve_until_done()
    finally:
        for clock in clocks:
            await clock.stop()
        await host.close()
    return 0
