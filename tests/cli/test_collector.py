"""The garbage collector is held off while the command line starts, and only then.

`ginrummy.cli.collector`: off from the start of `main` until the command runs (for ``play``,
until the app's first screen is drawn, what loading made being frozen before the app
starts), on again after it, and never turned on if the caller had turned it off.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import ginrummy.cli
from ginrummy.cli import collector

from .helpers import CLI


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Record `gc.freeze` calls (whether the collector was off then) without freezing the
    test process's objects for good; the collector is left on, as found."""
    calls: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append(gc.isenabled()))
    assert gc.isenabled()
    yield calls
    gc.enable()


def test_hold_and_release_turn_the_collector_off_and_on(frozen: list[bool]) -> None:
    collector.hold()
    assert not gc.isenabled()
    collector.hold()  # held twice: still one release
    collector.freeze()
    assert frozen == [False]  # frozen while the collector is off
    collector.release()
    assert gc.isenabled()
    collector.freeze()  # nothing held: nothing done
    collector.release()
    assert frozen == [False]
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off(frozen: list[bool]) -> None:
    gc.disable()
    collector.hold()
    collector.freeze()
    collector.release()
    assert not gc.isenabled()
    assert frozen == []


def test_a_command_starts_with_the_collector_off_and_runs_with_it_on(
    cli: CLI, monkeypatch: pytest.MonkeyPatch, frozen: list[bool]
) -> None:
    seen: dict[str, bool] = {}
    runner = ginrummy.cli.command_runner

    def loading(command: str) -> Any:
        seen["loading"] = gc.isenabled()
        run = runner(command)

        def running(args: Any) -> int:
            seen["running"] = gc.isenabled()
            return run(args)

        return running

    monkeypatch.setattr(ginrummy.cli, "command_runner", loading)
    assert cli("solve", "AS", "--json").code == 0
    assert seen == {"loading": False, "running": True}
    assert gc.isenabled()
    assert frozen == []  # only the app's start is frozen


def test_play_lets_the_collector_go_once_the_first_screen_is_drawn(
    cli: CLI, monkeypatch: pytest.MonkeyPatch, frozen: list[bool]
) -> None:
    seen: list[bool] = []
    module = types.ModuleType("ginrummy.app")

    def launch(drawn: Callable[[], None], **options: Any) -> None:
        seen.append(gc.isenabled())  # the app starts with the collector held off
        drawn()  # its first screen is drawn
        seen.append(gc.isenabled())

    module.launch = launch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ginrummy.app", module)
    monkeypatch.setattr("ginrummy.cli.play.has_terminal", lambda: True)
    assert cli("play").code == 0
    assert frozen == [False]  # what loading made, frozen before the app started
    assert seen == [False, True]
    assert gc.isenabled()


def test_an_app_that_never_draws_leaves_the_collector_on(
    cli: CLI, monkeypatch: pytest.MonkeyPatch, frozen: list[bool]
) -> None:
    module = types.ModuleType("ginrummy.app")

    def launch(**options: Any) -> None:
        raise KeyboardInterrupt  # Ctrl+C before the first screen

    module.launch = launch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ginrummy.app", module)
    monkeypatch.setattr("ginrummy.cli.play.has_terminal", lambda: True)
    assert cli("play").code == 130
    assert gc.isenabled()


def test_a_refused_play_leaves_the_collector_on(cli: CLI, frozen: list[bool]) -> None:
    # No terminal here: refused before the app is loaded.
    assert cli("play").code == 2
    assert gc.isenabled()
    assert frozen == []
