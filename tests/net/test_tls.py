"""--cert/--key: the host speaks wss://, a client trusting the certificate plays over it,
and one that does not is refused with one line."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from support.net import FAST, new_table

from ginrummy.cli.host import tls_context
from ginrummy.net.client import Address, Client, ConnectFailed, play
from ginrummy.net.server import Host
from ginrummy.players import make_player

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def _certificate(folder: Path) -> tuple[str, str]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return str(cert), str(key)


async def test_a_game_over_tls(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    table = new_table(31)
    host = Host([table], port=0, tls=tls_context(cert, key), limits=FAST)
    await host.start()
    try:
        address = Address("127.0.0.1", host.address[1], True)
        trusting = ssl.create_default_context(cafile=cert)
        stranger = Client(address, table.code, name="Eve")  # the system's authorities only
        with pytest.raises(ConnectFailed, match="cannot reach"):
            await stranger.connect()
        clients = [Client(address, table.code, name=n, tls=trusting) for n in ("Ann", "Ben")]
        finals = await asyncio.wait_for(
            asyncio.gather(*(play(c, make_player("simple")) for c in clients)), 30
        )
        assert finals[0]["match"]["over"] and table.over
    finally:
        await host.close()
