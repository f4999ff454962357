"""How the app ends: without a terminal it does not open; an unexpected error in it is one
line, a non-zero exit status and a log file, never a traceback over the terminal."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import types
import uuid
from pathlib import Path
from typing import Any

import pytest
from support.tmux import Tmux

from ginrummy.app.app import GinRummyApp
from ginrummy.cli import main
from ginrummy.cli.errors import CRASH_LOG
from ginrummy.store import ENV_DATA_DIR

from .helpers import CLI, ROOT, Run

#: The headless ways the refusal names.
HEADLESS_WAYS = ("join --bot", "host --headless", "arena")


def _without_terminal(argv: list[str], *, stdin: Any, stdout: Any) -> Run:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("GINRUMMY_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-m", "ginrummy", *argv],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=60,
        cwd=ROOT,
        env=env,
        check=False,
    )
    out = proc.stdout.decode() if isinstance(proc.stdout, bytes) else ""
    return Run(proc.returncode, out, proc.stderr.decode())


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["play", "--vs", "computer", "--seed", "3"],
        ["join", "127.0.0.1:9", "--code", "AAAAA-AAAAA"],
        ["host", "--port", "0"],
        ["replay"],
    ],
)
def test_without_a_terminal_the_app_is_refused(argv: list[str]) -> None:
    run = _without_terminal(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    run.assert_error("needs a terminal", *HEADLESS_WAYS)
    assert run.out == ""  # no escape codes written into the file


def test_a_terminal_on_one_side_only_is_not_enough() -> None:
    """Standard input a terminal but output a file, and the other way round."""
    leader, follower = os.openpty()
    try:
        to_file = _without_terminal([], stdin=follower, stdout=subprocess.PIPE)
        from_file = _without_terminal([], stdin=subprocess.DEVNULL, stdout=follower)
    finally:
        os.close(leader)
        os.close(follower)
    to_file.assert_error("needs a terminal", *HEADLESS_WAYS)
    assert to_file.out == ""
    from_file.assert_error("needs a terminal", *HEADLESS_WAYS)


def test_the_headless_commands_need_no_terminal(cli: CLI) -> None:
    """The ways the refusal names work without one (stdout is captured here)."""
    assert cli("arena", "--players", "random,random", "--games", "1", "--seed", "1").code == 0
    assert cli("replay", "--list").err.startswith("ginrummy: error: no finished games")


@pytest.fixture
def crashing_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app module whose ``launch`` fails as a key handler's bug would end the app."""
    module = types.ModuleType("ginrummy.app")

    def launch(**kwargs: Any) -> None:
        raise AttributeError("'RemoteSession' object has no attribute 'past_views'")

    module.launch = launch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ginrummy.app", module)
    monkeypatch.setattr("ginrummy.cli.play.has_terminal", lambda: True)
    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)


@pytest.mark.usefixtures("crashing_app")
def test_an_app_that_crashes_is_one_line_and_a_log(cli: CLI, isolated_data_dir: Path) -> None:
    run = cli("play")
    log = isolated_data_dir / CRASH_LOG
    run.assert_error("internal error: AttributeError", "past_views", f"details in {log}")
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "AttributeError: 'RemoteSession' object has no attribute 'past_views'" in text
    assert "in launch" in text  # where it happened
    # A second crash is added after the first.
    cli("play").assert_error("internal error: AttributeError")
    assert log.read_text(encoding="utf-8").count("Traceback (most recent call last)") == 2


@pytest.mark.usefixtures("crashing_app")
def test_a_log_that_cannot_be_written_is_said(
    cli: CLI, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(ENV_DATA_DIR, str(blocked / "data"))
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(blocked / "tmp"))
    cli("play").assert_error("internal error: AttributeError", "could not be written")


async def test_the_app_keeps_an_unhandled_exception_for_launch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key handler's bug ends the app with status 1 and nothing printed: `launch`
    raises it again (run_test re-raises it, as Textual does for tests)."""

    def broken(self: GinRummyApp) -> None:
        raise AttributeError("no attribute 'past_views'")

    monkeypatch.setattr(GinRummyApp, "action_help", broken)
    app = GinRummyApp(data_dir=tmp_path)
    with pytest.raises(AttributeError, match="past_views"):
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
    assert isinstance(app.crash, AttributeError)
    assert app.return_code == 1
    app._print_error_renderables()  # what Textual prints once the app closed: nothing
    assert app._exit_renderables == []


CRASHING_PROGRAM = """\
import sys
from ginrummy.app.app import GinRummyApp
from ginrummy.cli import main

def broken(self):
    raise AttributeError("'RemoteSession' object has no attribute 'past_views'")

GinRummyApp.action_help = broken
sys.exit(main([]))
"""


def test_a_crash_in_a_real_terminal(tmp_path: Path, isolated_data_dir: Path) -> None:
    """The real program in tmux: press ? (whose handler fails); the terminal shows one
    line and the exit status is 2; the log holds the traceback."""
    assert shutil.which("tmux"), "tmux is needed"
    tmux = Tmux("ginrummy-crash", timeout=60.0, poll=0.1)
    script = tmp_path / "crash.py"
    script.write_text(CRASHING_PROGRAM)
    program = shlex.join(
        [
            "env",
            f"{ENV_DATA_DIR}={isolated_data_dir}",
            "TERM=xterm-256color",
            "GINRUMMY_DEBUG=",
            sys.executable,
            str(script),
        ]
    )
    command = f'{program}; echo "exit status $?"; sleep 60'
    name = f"crash-{uuid.uuid4().hex[:8]}"
    tmux.run("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "-c", str(ROOT), command)
    try:
        tmux.wait_for(name, lambda text: "Play the computer" in text)
        tmux.run("send-keys", "-t", name, "?")
        tmux.wait_for(name, lambda text: "exit status" in text)
        screen = tmux.run("capture-pane", "-p", "-J", "-t", name)
    finally:
        tmux.kill_session(name)
        tmux.kill_server()
    lines = [line for line in screen.splitlines() if line.strip()]
    assert "Traceback" not in screen
    assert lines[-1] == "exit status 2"
    assert len(lines) == 2, screen
    log = isolated_data_dir / CRASH_LOG
    assert lines[0].startswith("ginrummy: error: internal error: AttributeError: ")
    assert f"details in {log}" in lines[0]
    assert "in broken" in log.read_text(encoding="utf-8")


def test_main_says_a_crash_in_one_line_even_from_a_command(
    monkeypatch: pytest.MonkeyPatch, isolated_data_dir: Path
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    monkeypatch.setattr("ginrummy.cli.solve.best_melding", broken)
    assert main(["solve", "AS"]) == 2
    assert "RuntimeError: boom" in (isolated_data_dir / CRASH_LOG).read_text(encoding="utf-8")
