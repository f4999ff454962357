"""Serve the game to browsers: one game process for each open page, behind a secret.

textual-serve provides the parts: the page's script (xterm.js talking to a websocket) and
`AppService`, which runs a Textual app in a process with Textual's web driver and relays its
screen and keys. Its own `Server` lacks what a page that starts processes on this machine
needs, so the aiohttp application is built here instead, around the same parts:

- **a secret in the path** (``/SECRET/``, ``/SECRET/ws``, ``/SECRET/static/...``): a guard
  in front of every route compares the path's first part with the secret in constant time
  (`hmac.compare_digest`) and answers 403 to anything else, before routing matters. An
  address that sent too many wrong ones in a minute gets 429 for a while, right or wrong.
- **no secret in a log**: no access log, and the two loggers that could name a request
  (aiohttp's, textual-serve's) write through a handler that blanks the secret out.
- **only the game**: the process is started without a shell (`create_subprocess_exec`),
  from the argument list the server was given; a browser chooses nothing of it but the
  language (one of ours, from its Accept-Language). The game hosts no table and joins
  none but the invitation's (`guest`).
- **a data folder per guest**: each browser gets a cookie naming a folder of its own under
  the server's folder, given to the game as ``GINRUMMY_DATA_DIR``: a guest never sees the
  serving user's saves, history or settings (nor another guest's), and finds their own
  saved game again on their next visit. The oldest folders beyond `WebLimits.guests` go.
- **a session ends with its page**: when the websocket closes the game is told to quit,
  and killed if it has not within `WebLimits.stop_timeout`; when the game ends, the page
  is told.
- **a cap**: at most `WebLimits.sessions` games at once; the next page says the table is
  full (503).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import shutil
import socket
import ssl
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from string import Template

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from ..store import ENV_DATA_DIR
from ..text import i18n
from ..text.i18n import _, ngettext
from .guest import ENV_GUEST, NO_JOIN

__all__ = ["GUEST_COOKIE", "Command", "WebLimits", "WebServer", "game_command", "join_command"]

#: The page's script, styles and fonts, as textual-serve ships them.
STATIC = Path(textual_serve.__file__).parent / "static"
#: The cookie that names a browser's guest folder (a random token; the folder is its hash).
GUEST_COOKIE = "ginrummy_guest"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
#: The largest terminal a page may ask for, in cells.
MAX_SIZE = 500

#: The argument list of a guest's game process, given the guest's language.
Command = Callable[[str], Sequence[str]]


def game_command(language: str) -> list[str]:
    """The whole game, from its start screen (``ginrummy serve``)."""
    return [sys.executable, "-m", "ginrummy", "--lang", language, "play"]


def join_command(address: str, code: str, cafile: str = "") -> Command:
    """The joining seat of one table (``ginrummy host --web``): ``ginrummy join``."""

    def command(language: str) -> list[str]:
        extra = ["--cafile", cafile] if cafile else []
        return [
            *(sys.executable, "-m", "ginrummy", "--lang", language, "join", address),
            *("--code", code, *extra),
        ]

    return command


@dataclass(frozen=True)
class WebLimits:
    """The server's limits (tests shrink some)."""

    #: Games running at once; the next page says the table is full.
    sessions: int = 8
    #: Requests with a wrong secret from one address in a minute before it gets 429.
    wrong_per_minute: int = 30
    #: Guest folders kept (the least recently used beyond it are removed).
    guests: int = 200
    #: The largest message a page may send (keys and sizes are a few bytes).
    max_message: int = 64 * 1024
    #: Seconds a game has to quit after its page closed before it is killed.
    stop_timeout: float = 5.0


class _Redact(logging.Filter):
    """Blank the secret out of a log record (its message and any traceback)."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        record.msg, record.args = text.replace(self.secret, "…"), None
        record.exc_text = None
        return True


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever ``sys.stderr`` is when it writes."""

    @property
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, value: object) -> None:
        pass


class GuestService(AppService):
    """textual-serve's app process, started without a shell from an argument list, with the
    guest's data folder; the page is told when the game ends."""

    def __init__(
        self, argv: Sequence[str], data_dir: Path, joins: str = "", **kwargs: object
    ) -> None:
        super().__init__(" ".join(argv), **kwargs)  # type: ignore[arg-type]
        self.argv = list(argv)
        self.data_dir = data_dir
        #: The one table address the game may join ("": none; `guest.may_join`).
        self.joins = joins

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        return self._process

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment[ENV_DATA_DIR] = str(self.data_dir)
        environment[ENV_GUEST] = self.joins or NO_JOIN
        return environment

    async def _open_app_process(
        self, width: int = 80, height: int = 24
    ) -> asyncio.subprocess.Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            cwd=self.data_dir,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # the game ended (or failed): the page shows it

    async def end(self, timeout: float) -> None:
        """Ask the game to quit; kill it if it has not within ``timeout`` seconds."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.stop(), timeout)
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


# The page: textual-serve's, without its web font (the page loads nothing from elsewhere),
# with our words, and with addresses relative to the page's own (so that it works under any
# name the server is reached by, and keeps the secret in every request).
PAGE = Template("""<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>$title</title>
<link rel="stylesheet" href="static/css/xterm.css">
<script src="static/js/textual.js"></script>
<style>
@font-face { font-family: "Roboto Mono";
  src: url("static/fonts/RobotoMono-VariableFont_wght.ttf"); }
html, body { margin: 0; height: 100%; background: #0c181f; }
body { color: rgba(255, 255, 255, 0.95); font-family: "Roboto Mono", monospace; }
.textual-terminal { width: 100vw; height: 100vh; }
.closed { display: none; position: absolute; inset: 0; z-index: 10;
  align-items: center; justify-content: center; background: rgba(12, 24, 31, 0.9); }
body.-closed .closed { display: flex; }
.message { background: #12232d; padding: 32px 48px; text-align: center; }
button { padding: 12px 28px; margin-top: 16px; background: #5e0ba7; color: inherit;
  border: none; font: inherit; cursor: pointer; }
</style>
</head>
<body>
<div class="closed"><div class="message"><div>$ended</div>
<button type="button" onclick="location.reload()">$again</button></div></div>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<script>
document.getElementById("terminal").dataset.sessionWebsocketUrl =
  (location.protocol === "https:" ? "wss://" : "ws://") + location.host
  + location.pathname.replace(/[^/]*$$/, "") + "ws";
</script>
</body>
</html>
""")

FULL_PAGE = Template("""<!DOCTYPE html>
<html lang="$lang"><head><meta charset="utf-8"><title>$title</title>
<style>body { background: #0c181f; color: #eee; font-family: monospace; padding: 48px; }</style>
</head><body><p id="full">$full</p>
<button type="button" onclick="location.reload()">$again</button></body></html>
""")


def page_language(accept: str) -> str:
    """The first language of a browser's Accept-Language that the game speaks (English if
    none): the game's language for that guest."""
    for entry in accept.split(",")[:20]:
        code = i18n.normalise(entry.split(";", 1)[0].strip())
        if code is not None:
            return code
    return i18n.SOURCE_LANGUAGE


def _size(value: object, default: int) -> int:
    try:
        number = int(str(value)[:6])
    except ValueError:
        return default
    return min(max(number, 1), MAX_SIZE)


class WebServer:
    """Serve ``command`` to browsers (see the module's notes): `start`, then `url` is the
    address to open, with the secret in it; `close` ends every game."""

    def __init__(
        self,
        command: Command,
        *,
        root: Path,
        bind: str = "127.0.0.1",
        port: int = 8000,
        tls: ssl.SSLContext | None = None,
        limits: WebLimits | None = None,
        joins: str = "",
    ) -> None:
        self.command = command
        #: The one table address a guest's game may join ("": none).
        self.joins = joins
        self.root = root
        self.bind = bind
        self.port = port
        self.tls = tls
        self.limits = limits or WebLimits()
        #: The secret in every address the server answers (128 bits and more).
        self.secret = secrets.token_urlsafe(24)
        #: The games running now.
        self.services: set[GuestService] = set()
        self._opening = 0
        self._wrong: dict[str, deque[float]] = {}
        self._downloads = DownloadManager()
        self._runner: web.AppRunner | None = None
        self._log_handler: logging.Handler | None = None

    # --- the addresses ----------------------------------------------------------------

    @property
    def sessions(self) -> int:
        """How many games run (or are starting) now."""
        return len(self.services) + self._opening

    def url(self, host: str | None = None) -> str:
        """The address to open (``host``: the name to show; default: the bind address, or
        this machine's name when listening on every interface)."""
        if host is None:
            host = self.bind
            if host.strip("[]") in ("0.0.0.0", "::", ""):
                host = socket.gethostname()
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        scheme = "https" if self.tls is not None else "http"
        return f"{scheme}://{host}:{self.port}/{self.secret}/"

    # --- start and stop ---------------------------------------------------------------

    def application(self) -> web.Application:
        """The aiohttp application: the guard, then the page, the websocket and the files,
        all under ``/SECRET/``."""
        app = web.Application(middlewares=[self._guard])
        base = f"/{self.secret}"
        app.router.add_get(base, self._to_page)
        app.router.add_get(f"{base}/", self._page)
        app.router.add_get(f"{base}/ws", self._websocket)
        app.router.add_static(f"{base}/static", STATIC, show_index=False, follow_symlinks=False)
        return app

    async def start(self) -> None:
        """Listen (raises OSError if the address cannot be used)."""
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._quiet_logs()
        runner = web.AppRunner(self.application(), access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.bind, self.port, ssl_context=self.tls)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        server = site._server
        if self.port == 0 and isinstance(server, asyncio.Server) and server.sockets:
            self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening and end every game."""
        runner, self._runner = self._runner, None
        await asyncio.gather(
            *(s.end(self.limits.stop_timeout) for s in list(self.services)),
            return_exceptions=True,
        )
        if runner is not None:
            await runner.cleanup()
        if self._log_handler is not None:
            for name in ("aiohttp", "textual-serve"):
                logging.getLogger(name).removeHandler(self._log_handler)
            self._log_handler = None

    def _quiet_logs(self) -> None:
        """aiohttp's and textual-serve's warnings and errors on stderr, the secret blanked
        out (they do not reach the root logger's handlers, which would not blank it)."""
        handler = _Stderr()
        handler.setLevel(logging.WARNING)
        handler.addFilter(_Redact(self.secret))
        for name in ("aiohttp", "textual-serve"):
            logger = logging.getLogger(name)
            logger.addHandler(handler)
            logger.propagate = False
        self._log_handler = handler

    # --- the guard --------------------------------------------------------------------

    @web.middleware
    async def _guard(
        self,
        request: web.Request,
        handler: Callable[[web.Request], object],
    ) -> web.StreamResponse:
        address = request.remote or ""
        wrong = self._wrong.get(address)
        now = time.monotonic()
        while wrong and wrong[0] < now - 60:
            wrong.popleft()
        if wrong is not None and len(wrong) >= self.limits.wrong_per_minute:
            return web.Response(status=429, text=_("Too many wrong addresses: wait a minute."))
        first = request.path.split("/", 2)[1] if request.path.startswith("/") else ""
        given = first.encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(given, self.secret.encode()):
            if wrong is None:
                if len(self._wrong) > 4096:
                    self._wrong = {a: q for a, q in self._wrong.items() if q}
                wrong = self._wrong[address] = deque()
            wrong.append(now)
            return web.Response(status=403, text=_("This address needs its secret part."))
        response = await handler(request)  # type: ignore[misc]
        assert isinstance(response, web.StreamResponse)
        return response

    # --- the page and the websocket ---------------------------------------------------

    async def _to_page(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(f"/{self.secret}/")

    def _words(self) -> dict[str, str]:
        return {
            "lang": i18n.language(),
            # TRANSLATORS: the browser page's title.
            "title": escape(_("Gin Rummy")),
            # TRANSLATORS: the browser page once its game has ended (or was closed).
            "ended": escape(_("The game has ended.")),
            # TRANSLATORS: a button on the browser page: start the game again.
            "again": escape(_("Play again")),
        }

    async def _page(self, request: web.Request) -> web.StreamResponse:
        headers = {
            "Cache-Control": "no-store",
            "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline';"
            " style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:",
            "X-Frame-Options": "DENY",
        }
        words = self._words()
        if self.sessions >= self.limits.sessions:
            words["full"] = escape(
                # TRANSLATORS: the browser page when every seat of the server is taken.
                ngettext(
                    "The table is full: {n} game is being played here. Try again later.",
                    "The table is full: {n} games are being played here. Try again later.",
                    self.limits.sessions,
                ).format(n=self.limits.sessions)
            )
            # TRANSLATORS: a button on the full page: load the page again.
            words["again"] = escape(_("Try again"))
            return web.Response(
                status=503,
                text=FULL_PAGE.substitute(words),
                content_type="text/html",
                headers=headers,
            )
        response = web.Response(
            text=PAGE.substitute(words), content_type="text/html", headers=headers
        )
        if not _TOKEN.fullmatch(request.cookies.get(GUEST_COOKIE, "")):
            response.set_cookie(
                GUEST_COOKIE,
                secrets.token_urlsafe(24),
                path=f"/{self.secret}/",
                max_age=365 * 24 * 3600,
                httponly=True,
                samesite="Strict",
                secure=self.tls is not None,
            )
        return response

    def guest_folder(self, token: str) -> Path:
        """The data folder of the guest whose cookie is ``token`` (made, and marked as used
        now; the least recently used folders beyond the limit are removed)."""
        name = hashlib.sha256(token.encode()).hexdigest()[:32]
        folder = self.root / name
        folder.mkdir(mode=0o700, exist_ok=True)
        os.utime(folder)
        in_use = {s.data_dir for s in self.services} | {folder}
        folders = sorted(
            (p for p in self.root.iterdir() if p.is_dir() and p not in in_use),
            key=lambda p: p.stat().st_mtime,
        )
        for old in folders[: max(0, len(folders) + 1 - self.limits.guests)]:
            shutil.rmtree(old, ignore_errors=True)
        return folder

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        if self.sessions >= self.limits.sessions:
            raise web.HTTPServiceUnavailable(text=_("The table is full."))
        self._opening += 1
        service: GuestService | None = None
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=self.limits.max_message)
        try:
            token = request.cookies.get(GUEST_COOKIE, "")
            if not _TOKEN.fullmatch(token):
                token = secrets.token_urlsafe(24)  # no cookie: a folder for this visit only
            folder = self.guest_folder(token)
            language = page_language(request.headers.get("Accept-Language", ""))
            await websocket.prepare(request)
            service = GuestService(
                self.command(language),
                folder,
                self.joins,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self._downloads,
            )
            self.services.add(service)
            self._opening -= 1
            width = _size(request.query.get("width"), 80)
            height = _size(request.query.get("height"), 24)
            await service.start(width, height)
            await self._relay(websocket, service)
        finally:
            if service is None:
                self._opening -= 1
            else:
                await service.end(self.limits.stop_timeout)
                self.services.discard(service)
            await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: GuestService) -> None:
        """The page's messages to the game: keys, sizes, focus; pings answered. Anything
        else is ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(
                    _size(data.get("width"), 80), _size(data.get("height"), 24)
                )
            elif kind == "ping":
                await websocket.send_json(["pong", str(data)[:32]])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()
