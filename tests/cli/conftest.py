"""Fixtures for the command-line tests: run ``main(argv)`` in-process."""

from __future__ import annotations

import io
import sys

import pytest

from ginrummy.cli import main

from .helpers import CLI, Run


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> CLI:
    """Run ``ginrummy ARGS...`` in-process; ``stdin=`` feeds standard input."""

    def run(*argv: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
