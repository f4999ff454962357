"""Every test runs in English with its own data directory.

Nothing is ever written to the user's real data directory, and the tester's own locale
(``LANG=pl_PL.UTF-8``, say) never changes what a test sees: a test that wants another
language asks for it. A test run started as a background job still has programs that hear
the Ctrl+C a test sends them.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cputime import CpuTimes

from ginrummy.store import ENV_DATA_DIR
from ginrummy.text import i18n


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-times",
        metavar="DIR",
        help="write each test's CPU seconds to DIR/cpu-<worker>.jsonl "
        "(python tests/support/cputime.py DIR sums them)",
    )


def pytest_configure(config: pytest.Config) -> None:
    folder = config.getoption("--cpu-times")
    if folder:
        config.pluginmanager.register(CpuTimes(Path(folder)), "cpu-times")


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point GINRUMMY_DATA_DIR at a fresh folder for the test (the autosave, history...)."""
    path = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_DATA_DIR, str(path))
        yield path


@pytest.fixture(autouse=True)
def children_hear_ctrl_c() -> Iterator[None]:
    """Let the programs a test starts be interrupted as a terminal's would.

    A shell starts a background job (``make test &``, a detached CI step) with SIGINT
    ignored, and an ignored signal stays ignored across ``exec``: the program under test
    would never see the test's Ctrl+C and the test would time out, though the program is
    right. A handled signal is reset to its default at ``exec``, so while SIGINT is
    handled here, every child starts with the default a foreground program has.
    """
    before = signal.getsignal(signal.SIGINT)
    if before is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if before is signal.SIG_IGN:
        signal.signal(signal.SIGINT, before)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Clear the locale variables and speak English; put English back afterwards."""
    for var in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(var, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")
