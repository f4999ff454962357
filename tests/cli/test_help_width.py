"""Every line of every --help, in every language, fits an 80-column terminal."""

from __future__ import annotations

import pytest

from ginrummy.text import i18n

from .helpers import CLI

COMMANDS = ["", "play", "solve", "score", "arena", "bench", "stats", "replay", "review"]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_help_line_fits_80_columns(
    cli: CLI, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for command in COMMANDS:
        run = cli("--lang", code, *([command] if command else []), "--help")
        assert run.code == 0, (code, command, run.err)
        assert "usage" in run.out.lower() or "ginrummy" in run.out
        for line in run.out.splitlines():
            assert len(line) <= 80, (code, command, len(line), line)
