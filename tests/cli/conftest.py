"""Fixtures for the command-line tests: run ``main(argv)`` in-process."""

from __future__ import annotations

import io
import sys
import types
from typing import Any

import pytest

from ginrummy.cli import main
from ginrummy.text import i18n

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


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace ``ginrummy.app`` by a module whose ``launch`` records its arguments (and let
    the command line believe it has a terminal, as the real app needs one)."""
    calls: list[dict[str, Any]] = []
    module = types.ModuleType("ginrummy.app")

    def launch(**kwargs: Any) -> None:
        # The language passed is the one the command line speaks when it starts the app.
        assert kwargs.get("language") == i18n.language()
        # Called by the app once its first screen is drawn (tests/cli/test_collector.py).
        kwargs.pop("drawn")()
        calls.append(kwargs)

    module.launch = launch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ginrummy.app", module)
    monkeypatch.setattr("ginrummy.cli.play.has_terminal", lambda: True)
    return calls
