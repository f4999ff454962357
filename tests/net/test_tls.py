"""--cert/--key: the host speaks wss://, a client trusting the certificate plays over it,
and one that does not is refused with one line."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import ssl
import subprocess
import sys
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


def test_a_tls_host_prints_the_command_that_joins_it(tmp_path: Path) -> None:
    """The headless host's join line names wss:// and the certificate to trust; two bots
    that run it as printed play the match through."""
    cert, key = _certificate(tmp_path)
    env = {**os.environ, "GINRUMMY_DATA_DIR": str(tmp_path / "data"), "LANGUAGE": "en"}
    program = [sys.executable, "-m", "ginrummy"]
    host = subprocess.Popen(
        [*program, "host", "--headless", "--port", "0", "--cert", cert, "--key", key],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert host.stderr is not None and host.stdout is not None
        banner = host.stderr.readline()
        code = host.stdout.readline().strip()
        found = re.search(
            r"join with: ginrummy (join wss://127\.0\.0\.1:\d+ --code CODE .*)$", banner
        )
        assert found, banner
        assert f"--cafile {cert}" in banner
        argv = shlex.split(found.group(1).replace("CODE", code))
        joins = [
            subprocess.Popen(
                [*program, *argv, "--name", name, "--bot", "simple"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env={**env, "GINRUMMY_DATA_DIR": str(tmp_path / name)},
            )
            for name in ("Ann", "Ben")
        ]
        for join in joins:
            out, err = join.communicate(timeout=120)
            assert join.returncode == 0, err
            assert "Ann" in out and "Ben" in out
        host.communicate(timeout=30)
        assert host.returncode == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()


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
