"""How the command line reports trouble: one line on stderr and an exit status.

Every failure is one line, ``ginrummy: error: ...``, and exit status 2; Ctrl+C exits with
130. Nothing prints a traceback (``GINRUMMY_DEBUG=1`` shows one for an unexpected internal
error). Errors of the core and the store are worded with `ginrummy.text.errors.describe`.
"""

from __future__ import annotations

import sys

from ..text.i18n import _

__all__ = ["EXIT_ERROR", "EXIT_INTERRUPTED", "PROG", "UsageError", "error", "warning"]

PROG = "ginrummy"
#: The exit status of every error: a bad command line or input, or an internal error.
EXIT_ERROR = 2
#: The exit status after Ctrl+C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130


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
