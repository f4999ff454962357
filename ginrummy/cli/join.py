"""``ginrummy join HOST[:PORT] --code CODE``: take a seat at an online table.

With ``--bot LEVEL`` a computer player plays the seat until the match ends. The seat's
token is kept in the data folder, so a join that was stopped rejoins the same seat
(run it again with the same --name).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ssl
from typing import Any

from ..net.client import (
    Address,
    Client,
    ConnectFailed,
    Disconnected,
    Refusal,
    connect_problem,
    parse_address,
    play,
)
from ..net.protocol import cafile_refusal, normalise_code
from ..net.saves import keep_record
from ..net.seats import SeatTokens
from ..players import make_player
from ..store import Store
from ..text.i18n import _
from .errors import UsageError
from .history import open_store
from .output import out
from .play import require_terminal

__all__ = ["run"]

#: Seconds the host has to accept the connection before the table opens (`_reachable`).
REACH_TIMEOUT = 10.0


def _tokens(store: Store) -> dict[str, str]:
    return SeatTokens(store).all()


def _keep(store: Store, key: str, token: str | None) -> None:
    SeatTokens(store).keep(key, token)


def _client_tls(cafile: str | None, secure: bool) -> ssl.SSLContext | None:
    if cafile is None:
        return ssl.create_default_context() if secure else None
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        raise UsageError(
            _("cannot read the certificate {file}: {problem}").format(
                file=cafile, problem=getattr(exc, "strerror", None) or exc
            )
        ) from None


def run(args: argparse.Namespace) -> int:
    code_text = " ".join(args.code) if isinstance(args.code, list) else str(args.code)
    refusal = cafile_refusal(args.address, args.cafile)
    if refusal is not None:
        raise UsageError(refusal)
    try:
        address = parse_address(args.address, secure=args.cafile is not None)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    tls = _client_tls(args.cafile, address.secure)
    code = normalise_code(code_text)
    if args.bot is None:
        require_terminal()  # before reaching out: without a terminal there is no table
        _reachable(address, tls)
        return _open_table(args, tls, code_text)
    store = open_store()
    key = SeatTokens.key(address.host, address.port, code, args.name or "")
    client = Client(address, code, name=args.name or "", token=_tokens(store).get(key, ""), tls=tls)

    kept = [client.token]

    def remember(message: dict[str, Any]) -> None:
        if client.token and client.token != kept[0]:
            kept[0] = client.token
            _keep(store, key, client.token)

    try:
        final = asyncio.run(
            play(
                client,
                make_player(args.bot),
                threaded=args.bot != "simple",
                on_state=remember,
            )
        )
        _keep(store, key, None)  # the match is over: its seat's token is no longer needed
        if client.finished is not None:
            keep_record(store, *client.finished)  # the bot played from here: your history
    except ConnectFailed as exc:
        if exc.code == "wrong-token":
            _keep(store, key, None)
        raise UsageError(str(exc)) from None
    except Disconnected:
        raise UsageError(_("the connection to the host was lost")) from None
    except Refusal as exc:
        raise UsageError(_("the host refused a move: {problem}").format(problem=exc)) from None
    finally:
        store.close()
    names = final["names"]
    game = final["game"]
    match = final["match"]
    won = match["games_won"] if match["is_match"] else game["scores"]
    winner = match["winner"] if match["is_match"] else game["winner"]
    line = f"{names[0]} {won[0]}-{won[1]} {names[1]}"
    forfeit = match.get("forfeit")
    if forfeit in (0, 1):
        # TRANSLATORS: the last line of join --bot when the other player (or this one)
        # was away longer than the host allows; {name} is the winner's name.
        line = _("{score}: {name} won by forfeit").format(score=line, name=names[1 - forfeit])
    elif winner is not None:
        line = _("{score}: {name} won").format(score=line, name=names[winner])
    out(line)
    return 0


def _reachable(address: Address, tls: ssl.SSLContext | None) -> None:
    """Refuse with one line, before the app opens, a host that cannot be reached (nobody
    listening, no such host, no answer, an untrusted certificate)."""

    async def probe() -> None:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(
                address.host,
                address.port,
                ssl=tls,
                server_hostname=address.host if tls is not None else None,
            ),
            REACH_TIMEOUT,
        )
        writer.close()
        with contextlib.suppress(OSError, TimeoutError):
            await asyncio.wait_for(writer.wait_closed(), 1.0)

    try:
        asyncio.run(probe())
    except (OSError, TimeoutError) as exc:
        raise UsageError(
            _("cannot reach {address}: {problem}").format(
                address=address.shown, problem=connect_problem(exc)
            )
        ) from None


def _open_table(args: argparse.Namespace, tls: ssl.SSLContext | None, code_text: str) -> int:
    """The table in this terminal: the app joins at once and opens the table when seated
    (a refusal is said on its join form, where the player may try again)."""
    from .play import launch_app

    plan = {
        "address": args.address,
        "code": code_text,
        "name": args.name or "",
        "cafile_tls": tls,
        "cafile": args.cafile or "",
        "now": True,
    }
    launch_app(_("the game cannot start: {problem}"), online=("join", plan))
    return 0
