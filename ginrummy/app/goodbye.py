"""The line printed when the app closes with a game saved: how to start the game again,
said with the command this one was started with."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

from ..text.i18n import N_, _

#: What `launch` prints after the app closes with a game saved.
SAVED_NOTE = N_("Your game is saved: run ginrummy again and choose Continue.")
#: The same, when ``ginrummy`` alone would not start this game (`again_command`).
# TRANSLATORS: {command} is a shell command, e.g. "make play" or ".venv/bin/ginrummy".
SAVED_NOTE_COMMAND = N_("Your game is saved: run {command} again and choose Continue.")
#: Set by ``make play``: the command the goodbye line tells the player to run again.
ENV_AGAIN = "GINRUMMY_AGAIN"


def again_command(
    program: str, environ: dict[str, str] | os._Environ[str], cwd: Path | None = None
) -> str:
    """The shell command that starts the game again, as this one was started: what
    ``make play`` says it was started with; ``ginrummy`` when that name on the PATH is
    this program; else the program's path (relative to ``cwd`` when inside it)."""
    told = environ.get(ENV_AGAIN, "").strip()
    if told:
        return told
    path = Path(program)
    if path.name == "__main__.py":  # python -m ginrummy
        return "python -m ginrummy"
    found = shutil.which("ginrummy", path=environ.get("PATH"))
    here = Path(cwd) if cwd is not None else Path.cwd()
    if found and (here / path).resolve() == Path(found).resolve():
        return "ginrummy"
    if not path.is_absolute() and os.sep not in str(path):
        return str(path)  # found on the PATH under its own name
    full = Path(os.path.abspath(here / path))
    with contextlib.suppress(ValueError):
        return str(full.relative_to(os.path.abspath(here)))
    return str(full)


def goodbye_line(program: str, environ: dict[str, str] | os._Environ[str]) -> str:
    """The line printed after the app closes with a game saved."""
    command = again_command(program, environ)
    if command == "ginrummy":
        return _(SAVED_NOTE)
    return _(SAVED_NOTE_COMMAND).format(command=command)
