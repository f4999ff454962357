"""``ginrummy serve``: the whole game in a browser (`ginrummy.web`), for anyone given the
address printed, which holds a secret.

Each open page runs its own game process with a data folder of its own (under the serving
user's data folder, in ``web``): guests never see the serving user's games or settings.
Needs the optional extra ``web``; without it, one line says how to install it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import ssl
import sys
from typing import TYPE_CHECKING

from ..net.server import is_all_interfaces
from ..text.i18n import N_, _, ngettext
from .errors import warning
from .host import cannot_listen, load_web, tls_context
from .output import out

if TYPE_CHECKING:
    from ..web.server import WebServer

__all__ = ["ALL_INTERFACES_WARNING", "run"]

#: The warning when a page is served on every network interface.
# TRANSLATORS: a warning of ginrummy serve and host --web; keep --cert and --key.
ALL_INTERFACES_WARNING = N_(
    "listening on every network interface: anyone who can reach this machine and has the"
    " address can start a game on it (use --cert and --key on a network you do not trust)"
)


def run(args: argparse.Namespace) -> int:
    server_class = load_web()
    from ..store import data_dir
    from ..web.server import WebLimits, game_command

    tls = tls_context(args.cert, args.key)
    if is_all_interfaces(args.bind):
        warning(_(ALL_INTERFACES_WARNING))
    server = server_class(
        game_command,
        root=data_dir() / "web",
        bind=args.bind,
        port=args.port,
        tls=tls,
        limits=WebLimits(sessions=args.sessions),
    )
    return asyncio.run(_serve(server, args, tls))


async def _serve(server: WebServer, args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    try:
        await server.start()
    except OSError as exc:
        raise cannot_listen(args, exc) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    sys.stderr.write(
        # TRANSLATORS: ginrummy serve, on start; {n} is the most games at once.
        ngettext(
            "serving the game in a browser on {address} port {port}, at most {n} game at"
            " once; Ctrl+C stops",
            "serving the game in a browser on {address} port {port}, at most {n} games at"
            " once; Ctrl+C stops",
            server.limits.sessions,
        ).format(address=args.bind, port=server.port, n=server.limits.sessions)
        + "\n"
    )
    # TRANSLATORS: ginrummy serve: the address to open (it holds a secret: share it only
    # with the players).
    out(_("open in a browser: {url}").format(url=server.url()))
    sys.stdout.flush()
    try:
        await stop.wait()
    finally:
        await server.close()
    return 0
