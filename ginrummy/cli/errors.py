"""How the command line reports trouble: one line on stderr and an exit status.

Every failure is one line, ``ginrummy: error: ...``, and exit status 2; Ctrl+C exits with
130. Nothing prints a traceback: an unexpected internal error (in a command or in the app)
is one line naming the log file in the data folder that holds its details (`crash_line`;
``GINRUMMY_DEBUG=1`` shows the traceback instead). Errors of the core and the store are
worded with `ginrummy.text.errors.describe`.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from ..text.i18n import _

__all__ = [
    "CRASH_LOG",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "PROG",
    "UsageError",
    "crash_line",
    "error",
    "warning",
    "write_crash_log",
]

PROG = "ginrummy"
#: The exit status of every error: a bad command line or input, or an internal error.
EXIT_ERROR = 2
#: The exit status after Ctrl+C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130
#: The file in the data folder where internal errors are written down, the latest last.
CRASH_LOG = "errors.log"
#: A log grown past this many bytes is moved to ``errors.log.1`` (replacing it) first.
CRASH_LOG_LIMIT = 256 * 1024


class UsageError(Exception):
    """A bad command line or input: reported as one line with exit status 2."""


def error(message: str) -> None:
    """Print ``ginrummy: error: MESSAGE`` on one line (any line breaks in it become spaces)."""
    text = " ".join(str(message).split())
    # TRANSLATORS: how every command line error is printed; {prog} is "ginrummy".
    sys.stderr.write(_("{prog}: error: {message}").format(prog=PROG, message=text) + "\n")
    sys.stderr.flush()


def warning(message: str) -> None:
    """Print ``ginrummy: warning: MESSAGE``: something went wrong, but the command goes on."""
    sys.stderr.write(_("{prog}: warning: {message}").format(prog=PROG, message=message) + "\n")


def _crash_folders() -> list[Path]:
    """Where the log may go: the data folder, else the system's temporary folder."""
    folders = []
    try:
        from ..store import data_dir

        folders.append(data_dir())
    except Exception:  # a log of a crash must not crash in its turn
        pass
    folders.append(Path(tempfile.gettempdir()))
    return folders


def write_crash_log(exc: BaseException) -> Path | None:
    """Append ``exc``'s traceback, the time, the command line and the versions to the log
    in the data folder (else the temporary folder); its path, or None if none could be
    written."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ours = version("ginrummy")
    except PackageNotFoundError:  # pragma: no cover - a bare checkout
        ours = "unknown"
    entry = "".join(
        [
            f"--- {time.strftime('%Y-%m-%d %H:%M:%S %z')}: ginrummy {ours},"
            f" Python {platform.python_version()} on {platform.platform()}\n",
            f"command: {' '.join(sys.argv)}\n",
            *traceback.format_exception(exc),
            "\n",
        ]
    )
    for folder in _crash_folders():
        path = folder / CRASH_LOG
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > CRASH_LOG_LIMIT:
                os.replace(path, path.with_name(CRASH_LOG + ".1"))
            with path.open("a", encoding="utf-8", errors="replace") as log:
                log.write(entry)
        except OSError:
            continue
        return path
    return None


def crash_line(exc: BaseException) -> str:
    """The one line said about an unexpected internal error: what it was, and the log file
    that now holds its details (written here)."""
    from ..text.errors import describe

    log = write_crash_log(exc)
    problem = describe(exc)
    if log is None:
        return _(
            "internal error: {error}: {problem} (its details could not be written to a file;"
            " run with GINRUMMY_DEBUG=1 to see them; please report it)"
        ).format(error=type(exc).__name__, problem=problem)
    # TRANSLATORS: {log} is the path of the log file holding the error's details.
    return _("internal error: {error}: {problem} (details in {log}; please report it)").format(
        error=type(exc).__name__, problem=problem, log=log
    )
