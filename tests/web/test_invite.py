"""``ginrummy host --web``: the hosting screen shows a link whose page seats a browser at
the table (its game process runs ``ginrummy join`` with the table's code); a browser
guest's game hosts no table and joins none but its invitation's."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from support.online import PATIENT, SIZE, host_app, hosting, text_of
from support.pilot import until

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.online_host import HostScreen, guest_address
from ginrummy.app.screens.online_table import OnlineTableScreen
from ginrummy.cli import main
from ginrummy.store import Store
from ginrummy.web.guest import ENV_GUEST, NO_JOIN, is_guest, may_join


async def test_the_link_on_the_hosting_screen_seats_a_browser(tmp_path: Path) -> None:
    async with hosting(tmp_path, web=0, limits=PATIENT) as (app, pilot, waiting):
        await until(pilot, lambda: waiting.web is not None, what="the page served")
        web = waiting.web
        assert web is not None and waiting.table is not None
        link = web.url()
        code = str(waiting.query_one("#online-code").render())
        assert "Or opens this link in a browser:" in code and link in code
        async with aiohttp.ClientSession() as http:
            async with http.get(link) as page:
                assert page.status == 200
            async with http.get(link.replace(web.secret, "x" * len(web.secret))) as wrong:
                assert wrong.status == 403
            ws = await http.ws_connect(link + "ws?width=100&height=30")
            (service,) = web.services
            assert waiting.host is not None
            address = f"127.0.0.1:{waiting.host.address[1]}"
            assert service.argv[-4:] == ["join", address, "--code", waiting.table.code]
            # The browser's game joined: the host sits down at the table.
            await until(
                pilot,
                lambda: isinstance(app.screen, OnlineTableScreen),
                what="the host seated",
                timeout=30,
            )
            process = service.process
            await ws.close()
            assert process is not None
            await asyncio.wait_for(process.wait(), 10)


def test_web_does_not_go_with_headless(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--headless", "--web"]) == 2
    assert "--web serves the seat of your table" in capsys.readouterr().err


def test_the_guest_reaches_the_table_on_this_machine() -> None:
    assert guest_address("0.0.0.0", 7777, False) == "127.0.0.1:7777"
    assert guest_address("::", 7777, False) == "[::1]:7777"
    assert guest_address("192.0.2.5", 7777, False) == "192.0.2.5:7777"


async def test_a_browser_guests_game_hosts_no_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_GUEST, NO_JOIN)  # as the web server starts a guest's game
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HostScreen), what="the host screen")
        screen = app.screen
        assert isinstance(screen, HostScreen)
        said = "A game in a browser cannot host a table."
        await until(pilot, lambda: said in text_of(screen, "#online-status"), what=said)
        assert screen.host is None


async def test_a_browser_guests_game_joins_only_its_invitations_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_GUEST, "127.0.0.1:7777")
    app = GinRummyApp(
        store=Store(tmp_path),
        online=("join", {"address": "192.0.2.9:7777", "code": "K7QMX-R3FTA", "now": True}),
    )
    async with app.run_test(size=SIZE) as pilot:
        said = "A game in a browser joins only the table of its link."
        await until(pilot, lambda: said in text_of(app.screen, "#online-status"), what=said)


@pytest.mark.parametrize(
    ("value", "address", "allowed"),
    [
        (None, "192.0.2.9:7777", True),
        (NO_JOIN, "127.0.0.1:7777", False),
        ("127.0.0.1:7777", "127.0.0.1:7777", True),
        ("127.0.0.1:7777", " 127.0.0.1:7777 ", True),
        ("127.0.0.1:7777", "127.0.0.1:7778", False),
    ],
)
def test_may_join(value: str | None, address: str, allowed: bool) -> None:
    environ = {} if value is None else {ENV_GUEST: value}
    assert may_join(address, environ) is allowed
    assert is_guest(environ) is (value is not None)


async def test_f5_serves_a_browser_link_and_stops_it(tmp_path: Path) -> None:
    async with hosting(tmp_path, limits=PATIENT) as (_app, pilot, waiting):
        assert waiting.web is None
        assert "in a browser" not in str(waiting.query_one("#online-code").render())
        await pilot.press("f5")
        await until(pilot, lambda: waiting.web is not None, what="the page served")
        assert waiting.web is not None
        link = waiting.web.url()
        await until(
            pilot, lambda: link in str(waiting.query_one("#online-code").render()), what="link"
        )
        async with aiohttp.ClientSession() as http, http.get(link) as page:
            assert page.status == 200
        await pilot.press("f5")
        await until(pilot, lambda: waiting.web is None, what="the page stopped")
        assert link not in str(waiting.query_one("#online-code").render())
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(link)
