"""What every file check of the store shares: the errors it raises, the version, the time."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from ..core.errors import GinRummyError, Phrase
from ..text.i18n import _

VERSION = 1


class StorageError(GinRummyError):
    """A file or record in the data directory cannot be used; the message says why in one
    line, already in the player's language (it names what the store found: a field, a
    number, the system's own words)."""

    def __init__(self, message: str, *, code: str = "unusable") -> None:
        # The message is worded already: the phrase only carries it (braces and all).
        super().__init__(Phrase("{message}", message=message), code=code)


class DatabaseUnavailable(StorageError, OSError):
    """The database cannot be read or written just now: SQLite's own error (busy beyond
    the wait, the disk full, the folder read-only, a damaged page) said in one line.

    Every `Store` method raises it in place of `sqlite3.Error`, so callers never see
    SQLite. It is an `OSError` too (as `SlotTaken` is): whoever handles a file that
    cannot be written handles it the same way (``strerror`` is SQLite's description).
    """

    def __init__(self, problem: str) -> None:
        super().__init__(problem, code="database-unavailable")
        self.strerror = problem


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StorageError(message)


def _exact_keys(data: dict[str, Any], required: Iterable[str], where: str) -> None:
    required = set(required)
    missing = sorted(required - data.keys())
    unknown = sorted(data.keys() - required)
    _need(
        not missing,
        # TRANSLATORS: a damaged data file: {where} is a place in it ("game 3"), {fields} the
        # file's field names as written in it.
        _("{where}: missing {fields}").format(where=where, fields=", ".join(missing)),
    )
    _need(
        not unknown,
        _("{where}: unknown field {fields}").format(
            where=where, fields=", ".join(map(repr, unknown))
        ),
    )


def now_iso() -> str:
    """The time now, for records: ISO 8601 in UTC to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


#: The most digits a whole number in a data file may have (every real figure has far fewer).
MAX_DIGITS = 18


class TooBig(str):
    """A number too long to read, kept as its text so that the record holding it is
    refused by its own checks (a number must be an ``int``) while the others are read."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise StorageError(
            # TRANSLATORS: a damaged data file holds a number of {n} digits.
            _("a number has too many digits ({n})").format(n=len(text.lstrip("-")))
        )
    return int(text)


def _lenient_int(text: str) -> int | TooBig:
    return TooBig(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _bounded_float(text: str) -> float:
    value = float(text) if len(text) <= 40 else math.inf
    _need(math.isfinite(value), _("a number is too large ({text}…)").format(text=text[:12]))
    return value


def _no_constant(name: str) -> float:
    raise StorageError(_("{name} is not a number a file may hold").format(name=name))


def bounded_loads(text: str, *, lenient: bool = False) -> Any:
    """JSON with every number bounded: a 5000-digit number or ``1e999`` is a `StorageError`
    (``lenient``: too long a whole number is read as `TooBig`, for the record's own checks to
    refuse). Malformed JSON is a `StorageError` too, never a traceback."""
    try:
        return json.loads(
            text,
            parse_int=_lenient_int if lenient else _bounded_int,
            parse_float=_bounded_float,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as exc:
        raise StorageError(
            # TRANSLATORS: {problem} is Python's own English description of the JSON error.
            _("not valid JSON: {problem} at line {line}").format(problem=exc.msg, line=exc.lineno)
        ) from None
    except RecursionError:
        raise StorageError(_("not valid JSON: nested too deeply")) from None
    except ValueError as exc:  # anything else the parser refuses, worded by Python
        raise StorageError(str(exc)[:200]) from None
