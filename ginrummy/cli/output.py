"""What the commands print on stdout: lines any console can take, JSON, and the shared words.

A console that cannot show suit symbols gets cards as letters (``10D``); a character it
cannot encode is replaced rather than fatal; after a closed pipe (``| head -1``) stdout is
pointed at /dev/null so that exiting does not fail a second time. JSON holds codes and
numbers only, never words in the player's language.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..core import Card
from ..text.cards import cards_label
from ..text.i18n import _, ngettext

__all__ = [
    "ascii_cards",
    "ascii_streams",
    "drop_stdout",
    "labelled",
    "melds_label",
    "out",
    "out_json",
    "points_label",
]


def _encoding() -> str:
    return getattr(sys.stdout, "encoding", None) or "ascii"


def ascii_cards(asked: bool | None) -> bool:
    """Whether to print cards as letters: asked for (``--ascii``), or stdout has no suits."""
    if asked:
        return True
    try:
        "♠♥♦♣".encode(_encoding())
    except (UnicodeEncodeError, LookupError):
        return True
    return False


#: What a console without these characters gets instead (suits as the letters cards use).
ASCII_FALLBACK = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "…": "...",
    "—": "-",
    "–": "-",
    "·": "-",
    "→": "->",
    "←": "<-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "\ufe0f": "",
}
ERROR_HANDLER = "ginrummy-ascii"


def _fallback(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start : exc.end]
    return "".join(ASCII_FALLBACK.get(ch, "?") for ch in text), exc.end


codecs.register_error(ERROR_HANDLER, _fallback)


def ascii_streams() -> None:
    """stdout and stderr write what the console cannot show as ASCII (suits as letters)
    instead of failing: ``ginrummy --help`` under ``LC_ALL=C`` with ``PYTHONUTF8=0``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            "♠♥♦♣…—·".encode(getattr(stream, "encoding", None) or "ascii")
        except (UnicodeEncodeError, LookupError):
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors=ERROR_HANDLER)


def out(text: str) -> None:
    """Print a line; characters stdout cannot encode are replaced rather than fatal."""
    try:
        sys.stdout.write(text + "\n")
    except UnicodeEncodeError:
        encoding = _encoding()
        sys.stdout.write((text + "\n").encode(encoding, ERROR_HANDLER).decode(encoding))


def out_json(data: Any, *, indent: int | None = None) -> None:
    """Print ``data`` as JSON (on one line unless ``indent`` is given)."""
    out(json.dumps(data, indent=indent))


def drop_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


# --- words that solve and score share -----------------------------------------------------


def points_label(n: int) -> str:
    """``1 point``, ``7 points`` (in the current language)."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def melds_label(melds: Iterable[Iterable[Card]], ascii: bool) -> str:
    """Melds in brackets, ``[7♥ 7♦ 7♣] [3♠ 4♠ 5♠]``, or "no melds"."""
    return " ".join(f"[{cards_label(meld, ascii)}]" for meld in melds) or _("no melds")


def labelled(rows: Sequence[tuple[str, str]], width: int = 10) -> list[str]:
    """``label  text`` lines with the texts in one column (at least ``width`` from the left)."""
    width = max(width, *(len(label) + 2 for label, _text in rows))
    return [f"{label:<{width}}{text}" for label, text in rows]
