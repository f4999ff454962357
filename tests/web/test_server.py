"""The web server without a browser: the secret guards every route (403), the cap (503),
a session's game ends with its websocket, each browser has its own data folder, and no log
line holds the secret."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from ginrummy.cli import main
from ginrummy.web.server import (
    GUEST_COOKIE,
    WebLimits,
    WebServer,
    game_command,
    join_command,
    page_language,
)


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[WebServer]:
    web = WebServer(game_command, root=tmp_path / "guests", port=0, limits=WebLimits(sessions=1))
    await web.start()
    try:
        yield web
    finally:
        await web.close()


def _base(server: WebServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def test_every_route_needs_the_secret(server: WebServer) -> None:
    base, secret = _base(server), server.secret
    wrong = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    async with aiohttp.ClientSession() as http:
        async with http.get(server.url()) as page:
            assert page.status == 200
            assert "static/js/textual.js" in await page.text()
            assert GUEST_COOKIE in page.cookies
        async with http.get(f"{base}/{secret}/static/js/textual.js") as script:
            assert script.status == 200
        for path in (
            "/",
            f"/{wrong}/",
            "/static/js/textual.js",
            f"/{wrong}/static/js/textual.js",
            "/ws",
            f"/{wrong}/ws",
            f"/{secret[:8]}/",
            "/favicon.ico",
        ):
            async with http.get(base + path) as refused:
                assert refused.status == 403, path
                assert secret not in await refused.text()
        for path in ("/ws", f"/{wrong}/ws"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
                await http.ws_connect(base + path)
            assert handshake.value.status == 403


async def test_an_address_guessing_secrets_is_stopped(tmp_path: Path) -> None:
    web = WebServer(game_command, root=tmp_path, port=0, limits=WebLimits(wrong_per_minute=3))
    await web.start()
    try:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for n in range(4):
                async with http.get(f"{_base(web)}/guess{n}/") as answer:
                    statuses.append(answer.status)
            async with http.get(web.url()) as right:  # even the right one, for a minute
                statuses.append(right.status)
        assert statuses == [403, 403, 403, 429, 429]
    finally:
        await web.close()


async def _screen_bytes(ws: aiohttp.ClientWebSocketResponse, enough: int = 2000) -> bytes:
    got = b""
    while len(got) < enough:
        message = await asyncio.wait_for(ws.receive(), 20)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        got += message.data
    return got


async def test_the_cap_and_a_game_that_ends_with_its_page(server: WebServer) -> None:
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(server.url() + "ws?width=100&height=30")
        assert b"Quit" in await _screen_bytes(ws)  # the start screen is drawn
        (service,) = server.services
        process = service.process
        assert process is not None and process.returncode is None
        # A second page while the one game runs: the table is full.
        async with http.get(server.url()) as full:
            assert full.status == 503
            assert "The table is full" in await full.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
            await http.ws_connect(server.url() + "ws")
        assert handshake.value.status == 503
        # Closing the page ends its game, and frees the seat.
        await ws.close()
        await asyncio.wait_for(process.wait(), 10)
        for _ in range(100):
            if not server.services:
                break
            await asyncio.sleep(0.05)
        assert server.sessions == 0
        async with http.get(server.url()) as page:
            assert page.status == 200


async def test_each_browser_plays_in_a_data_folder_of_its_own(server: WebServer) -> None:
    first = server.guest_folder("a" * 32)
    assert first.parent == server.root
    assert server.guest_folder("a" * 32) == first  # the same browser next time
    assert server.guest_folder("b" * 32) != first
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as http:
        async with http.get(server.url()) as page:
            token = page.cookies[GUEST_COOKIE].value
        ws = await http.ws_connect(server.url() + "ws?width=100&height=30")
        await _screen_bytes(ws)
        (service,) = server.services
        assert service.data_dir == server.guest_folder(token)
        assert "--lang" in service.argv and "play" in service.argv
        environment = service._build_environment()
        assert environment["GINRUMMY_DATA_DIR"] == str(service.data_dir)
        assert environment["GINRUMMY_WEB_GUEST"] == "-"  # no online table of its own
        await ws.close()
    # The game kept its files there, not in the serving user's data folder.
    assert any(service.data_dir.iterdir())


def test_the_oldest_guest_folders_go_beyond_the_limit(tmp_path: Path) -> None:
    web = WebServer(game_command, root=tmp_path, limits=WebLimits(guests=3))
    tmp_path.mkdir(exist_ok=True)
    folders = [web.guest_folder(letter * 32) for letter in "abcde"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in folders[-3:])


def test_a_guest_runs_only_the_game_with_fixed_arguments() -> None:
    assert game_command("pl") == [sys.executable, "-m", "ginrummy", "--lang", "pl", "play"]
    join = join_command("127.0.0.1:7777", "K7QMX-R3FTA")("en")
    assert join[:3] == [sys.executable, "-m", "ginrummy"]
    assert join[5:] == ["join", "127.0.0.1:7777", "--code", "K7QMX-R3FTA"]


@pytest.mark.parametrize(
    ("accept", "language"),
    [("pl-PL,pl;q=0.9,en;q=0.8", "pl"), ("de-DE,fi;q=0.5", "fi"), ("", "en"), ("xx", "en")],
)
def test_the_guest_plays_in_the_browsers_language(accept: str, language: str) -> None:
    assert page_language(accept) == language


async def test_no_log_line_holds_the_secret(
    server: WebServer, capsys: pytest.CaptureFixture[str]
) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(server.url()):
            pass
        async with http.get(f"{_base(server)}/nope/"):
            pass
    # aiohttp's and textual-serve's loggers write through the handler that blanks it.
    logging.getLogger("aiohttp.server").error("failed %s", server.url())
    logging.getLogger("textual-serve").warning("at " + server.url())
    out, err = capsys.readouterr()
    assert "failed http://127.0.0.1" in err and "at http://127.0.0.1" in err
    assert server.secret not in out + err


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ginrummy.web.server", None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "ginrummy: error: playing in a browser needs the web extra: pip install 'ginrummy[web]'\n"
    )


def test_serve_refuses_a_port_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ginrummy: error: cannot listen on 127.0.0.1 port {port}:")
    assert err.count("\n") == 1


def test_a_game_drawn_by_the_web_driver_needs_no_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ginrummy.cli.play import has_terminal

    monkeypatch.setattr(sys, "stdin", None)  # no terminal at all
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert not has_terminal()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert has_terminal()


def test_serve_takes_cert_and_key_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--cert", "cert.pem"]) == 2
    assert capsys.readouterr().err == (
        "ginrummy: error: --cert and --key go together: give both files\n"
    )
