"""Run the game in the terminal (`launch`): the app, then what it leaves to print."""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from typing import Any

from ..core import Rules
from ..store import MAX_PACE, HistoryRecord
from .app import GinRummyApp
from .goodbye import goodbye_line

__all__ = ["launch"]


def launch(
    *,
    mode: str | None = None,
    level: str | None = None,
    names: tuple[str, str] | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
    ascii: bool | None = None,
    replay: int | HistoryRecord | None = None,
    language: str | None = None,
    resume: str | None = None,
    online: tuple[str, dict[str, Any]] | None = None,
    drawn: Callable[[], None] | None = None,
) -> None:
    """Run the game: the start screen, or straight to a table for ``computer`` or ``hotseat``,
    or the replay of game ``replay`` of the history (1 = the oldest).

    Options left as None take the saved settings. The environment variable
    ``GINRUMMY_COMPUTER_DELAY`` (seconds) overrides the pace of the computer's moves set in
    the settings; the end-to-end tests set it to 0. ``language``: the language forced with
    ``--lang`` (None: the one the command line already chose with `i18n.set_language`,
    else the settings', else the environment's). ``drawn``: called once the first screen
    has been drawn (the command line lets the garbage collector run again then).

    An exception that ended the app is raised again here, once the terminal is restored
    (the command line says it in one line and writes its traceback to a log).
    """
    delay = _env_delay(os.environ.get("GINRUMMY_COMPUTER_DELAY"))
    app = GinRummyApp(
        mode=mode,
        level=level,
        names=names,
        seed=seed,
        rules=rules,
        ascii=ascii,
        computer_delay=delay,
        replay=replay,
        language=language,
        resume=resume,
        online=online,
        drawn=drawn,
    )
    app.run()
    if app.crash is not None:
        raise app.crash
    if app.goodbye:
        print(app.goodbye)
    elif app.left_saved_game:
        print(goodbye_line(sys.argv[0], os.environ))


def _env_delay(text: str | None) -> float | None:
    """The delay the environment asks for; None (the settings decide) if unset or not a number."""
    try:
        value = float(text) if text else None
    except ValueError:
        return None
    return None if value is None or not math.isfinite(value) else min(MAX_PACE, max(0.0, value))
