"""Shared helpers for the command-line tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Run:
    """What a command did: its exit status and both outputs."""

    code: int
    out: str
    err: str

    def assert_error(self, *fragments: str) -> None:
        """Exit 2, exactly one ``ginrummy: error:`` line on stderr holding each fragment."""
        assert self.code == 2, (self.code, self.out, self.err)
        lines = self.err.splitlines()
        assert len(lines) == 1, self.err
        assert lines[0].startswith("ginrummy: error: "), self.err
        assert "Traceback" not in self.err
        for fragment in fragments:
            assert fragment in lines[0], (fragment, lines[0])


CLI = Callable[..., Run]


def run_program(*argv: str, stdin: str | None = None, timeout: float = 60) -> Run:
    """Run ``python -m ginrummy ARGS...`` as a real process."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("GINRUMMY_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-m", "ginrummy", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        cwd=ROOT,
        env=env,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def python_output(*args: str, timeout: float = 120) -> str:
    """What ``python ARGS...`` (this interpreter, from the repository's root) printed; it
    must exit 0 (its stderr is the failure's message otherwise)."""
    proc = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout
