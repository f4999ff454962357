"""``ginrummy host --headless`` and ``ginrummy join --bot`` as programs: codes one a line,
whole matches, one clear line for bad input, a clean Ctrl+C."""

from __future__ import annotations

import asyncio
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.net.client import Address, Client

PROGRAM = [sys.executable, "-m", "ginrummy"]


def _start_host(*args: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], int, list[str]]:
    proc = subprocess.Popen(
        [*PROGRAM, "host", "--headless", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stderr is not None and proc.stdout is not None
    banner = proc.stderr.readline()
    found = re.search(r"127\.0\.0\.1:(\d+) --code", banner)
    assert found, banner
    tables = int(re.search(r"hosting (\d+)", banner).group(1))  # type: ignore[union-attr]
    codes = [proc.stdout.readline().strip() for _ in range(tables)]
    return proc, int(found.group(1)), codes


@pytest.fixture
def env(isolated_data_dir: Path) -> dict[str, str]:
    return {**os.environ, "GINRUMMY_DATA_DIR": str(isolated_data_dir), "LANGUAGE": "en"}


def test_headless_host_serves_two_tables_of_bots_and_exits(
    env: dict[str, str], tmp_path: Path
) -> None:
    host, port, codes = _start_host("--tables", "2", env=env)
    # Each bot of the first table joins from a data folder of its own (the second's share
    # the host's: the history keeps the match once, by its id).
    own = {name: {**env, "GINRUMMY_DATA_DIR": str(tmp_path / name)} for name in ("Ann", "Ben")}
    assert len(codes) == 2 and all(re.fullmatch(r"[A-Z2-9]{5}-[A-Z2-9]{5}", c) for c in codes)
    joins = [
        subprocess.Popen(
            [
                *PROGRAM,
                "join",
                f"127.0.0.1:{port}",
                "--code",
                code,
                "--bot",
                "simple",
                "--name",
                name,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=own[name] if code == codes[0] else env,
        )
        for code in codes
        for name in ("Ann", "Ben")
    ]
    for join in joins:
        out, err = join.communicate(timeout=60)
        assert join.returncode == 0, err
        assert re.fullmatch(r"(Ann|Ben) \d+-\d+ (Ann|Ben): (Ann|Ben) won\n", out), out
    assert host.wait(timeout=30) == 0
    history = subprocess.run(
        [*PROGRAM, "replay", "--list"], capture_output=True, text=True, env=env, check=True
    )
    assert len(re.findall(r"online vs (Ann|Ben)", history.stdout)) >= 2
    # A bot that joined keeps the match in its own history, from its seat.
    lines = []
    for name, other in (("Ann", "Ben"), ("Ben", "Ann")):
        listed = subprocess.run(
            [*PROGRAM, "replay", "--list"],
            capture_output=True,
            text=True,
            env=own[name],
            check=True,
        )
        [line] = [x for x in listed.stdout.splitlines() if f"online vs {other}" in x]
        lines.append(line)
        stats = subprocess.run(
            [*PROGRAM, "stats"], capture_output=True, text=True, env=own[name], check=True
        )
        assert f"online: {other}" in stats.stdout
    assert sum("you won" in line for line in lines) == 1, lines


def test_a_headless_host_ends_a_table_by_forfeit_and_exits(env: dict[str, str]) -> None:
    """--forfeit 0.05 (3 s): Ben sits down and goes; Ann's bot is told she won by forfeit,
    and the host, its only table ended, exits."""
    host, port, [code] = _start_host("--forfeit", "0.05", env=env)

    async def sit_and_go() -> None:
        ben = Client(Address("127.0.0.1", port, False), code, name="Ben")
        await ben.connect()  # welcomed: Ben has the seat
        await ben.close()

    asyncio.run(sit_and_go())
    base = [*PROGRAM, "join", f"127.0.0.1:{port}", "--code", code, "--bot", "simple"]
    ann = subprocess.run(
        [*base, "--name", "Ann"], check=False, capture_output=True, text=True, env=env, timeout=60
    )
    assert ann.returncode == 0, ann.stderr
    assert re.fullmatch(r"Ben \d+-\d+ Ann: Ann won by forfeit\n", ann.stdout), ann.stdout
    assert host.wait(timeout=30) == 0
    listed = subprocess.run(
        [*PROGRAM, "replay", "--list"], capture_output=True, text=True, env=env, check=True
    )
    assert "won by forfeit" in listed.stdout, listed.stdout


def test_ctrl_c_stops_the_host_cleanly(env: dict[str, str]) -> None:
    host, _port, _codes = _start_host(env=env)
    time.sleep(0.2)
    host.send_signal(signal.SIGINT)
    _out, err = host.communicate(timeout=20)
    assert host.returncode == 130
    assert err.strip().splitlines()[-1] == "ginrummy: interrupted"
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["join", "bad host", "--code", "X", "--bot", "simple"], "not an address: 'bad host'"),
        (["join", "h:99999", "--code", "X", "--bot", "simple"], "not a port number"),
        (["join", "127.0.0.1:9", "--code", "X", "--bot", "simple"], "cannot reach"),
        # The code as the README shows it, with a space and unquoted.
        (["join", "127.0.0.1:9", "--code", "k7qmx", "r3fta", "--bot", "simple"], "cannot reach"),
        (
            ["join", "ws://127.0.0.1:9", "--code", "X", "--cafile", "c.pem", "--bot", "simple"],
            "--cafile is for a TLS connection: write the address with wss://",
        ),
        (["join", "127.0.0.1", "--code", "X", "--bot", "nobody"], "invalid choice"),
        (["host", "--headless", "--port", "70000"], "must be at most 65535"),
        (["host", "--headless", "--bind", "203.0.113.9"], "cannot listen on 203.0.113.9"),
        (["host", "--headless", "--cert", "c.pem"], "--cert and --key go together"),
        (["host", "--headless", "--forfeit", "0"], "minutes from 0.05 to 1440, not '0'"),
        (["host", "--headless", "--forfeit", "soon"], "minutes from 0.05 to 1440, not 'soon'"),
        (["host", "--headless", "--forfeit", "nan"], "minutes from 0.05 to 1440, not 'nan'"),
        (["host", "--headless", "--cert", "c.pem", "--key", "k.pem"], "cannot use the cert"),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_wrong_code_is_one_line(env: dict[str, str]) -> None:
    host, port, _codes = _start_host(env=env)
    try:
        join = subprocess.run(
            [*PROGRAM, "join", f"127.0.0.1:{port}", "--code", "AAAAA-AAAAA", "--bot", "simple"],
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
            check=False,
        )
        assert join.returncode == 2
        assert join.stderr == "ginrummy: error: wrong join code\n"
    finally:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=20)


@pytest.mark.parametrize("bot", [[], ["--bot", "simple"]])
def test_join_to_a_closed_port_is_one_line_at_once(env: dict[str, str], bot: list[str]) -> None:
    """Nobody listening: one line and status 2 within seconds, the table never opened
    (it used to open and, without a terminal, spin a core for as long as it was left).
    Without ``--bot`` the join has a terminal (a pty), as the app needs one."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    leader, follower = pty.openpty()
    start = time.perf_counter()
    try:
        join = subprocess.run(
            [*PROGRAM, "join", f"127.0.0.1:{port}", "--code", "AAAAA-AAAAA", *bot],
            stdin=subprocess.DEVNULL if bot else follower,
            stdout=subprocess.PIPE if bot else follower,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=30,
            check=False,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert join.returncode == 2 and not join.stdout
    assert join.stderr == (
        f"ginrummy: error: cannot reach 127.0.0.1:{port}: nobody is listening there\n"
    )
    assert time.perf_counter() - start < 10
