"""Driving the real program in tmux: a tmux server of the test process's own, whose panes
are read by polling (never a fixed sleep)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

#: The repository: where the program runs.
ROOT = Path(__file__).resolve().parents[2]
#: What tmux says to a command that reached its server as it exited.
EXITING = "server exited unexpectedly"


class Tmux:
    """A tmux server of this test process's own (``-L label-PID``): a developer's tmux, or
    another test worker's server exiting as its last session ends, is never in the way.

    ``wait_for`` polls a pane every ``poll`` seconds for ``timeout`` seconds at most."""

    def __init__(self, label: str, *, timeout: float, poll: float) -> None:
        self.command = ("tmux", "-L", f"{label}-{os.getpid()}")
        self.timeout = timeout
        self.poll = poll

    def run(self, *args: str) -> str:
        """A tmux command on this server; its output.

        tmux exits once its last session has ended, a moment after; a command that
        reaches it then fails with "server exited unexpectedly" (a test's first
        ``new-session`` right after the previous test ended its last one, with the machine
        busy). Such a command is sent again, to a server of its own, up to twice."""
        for attempt in range(3):
            proc = subprocess.run(
                [*self.command, *args], check=False, capture_output=True, text=True, cwd=ROOT
            )
            if proc.returncode == 0:
                return proc.stdout
            if attempt == 2 or EXITING not in proc.stderr:
                break
            time.sleep(self.poll)
        raise subprocess.CalledProcessError(proc.returncode, proc.args, proc.stdout, proc.stderr)

    def screen(self, name: str) -> str:
        """What the pane of session ``name`` shows."""
        return self.run("capture-pane", "-p", "-t", name)

    def wait_for(
        self, name: str, ready: Callable[[str], bool], timeout: float | None = None
    ) -> str:
        """The pane's text once ``ready`` says yes (an AssertionError with it, if never)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        text = ""
        while time.monotonic() < deadline:
            text = self.screen(name)
            if ready(text):
                return text
            time.sleep(self.poll)
        raise AssertionError(f"timed out on {name}; the screen was:\n{text}")

    def kill_session(self, name: str) -> None:
        """End session ``name`` (nothing if it is gone already)."""
        subprocess.run(
            [*self.command, "kill-session", "-t", name], check=False, capture_output=True
        )

    def kill_server(self) -> None:
        """End the server (nothing if it is gone already)."""
        subprocess.run([*self.command, "kill-server"], check=False, capture_output=True)
