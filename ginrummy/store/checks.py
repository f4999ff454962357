"""What every file check of the store shares: the error it raises, the version, the time."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from ..text.i18n import _

VERSION = 1


class StorageError(ValueError):
    """A file in the data directory cannot be used; the message says why in one line."""


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StorageError(message)


def _exact_keys(data: dict[str, Any], required: Iterable[str], where: str) -> None:
    required = set(required)
    missing = sorted(required - data.keys())
    unknown = sorted(data.keys() - required)
    # TRANSLATORS: a damaged data file: {where} is a place in it ("game 3"), {fields} the
    # file's field names as written in it.
    _need(
        not missing, _("{where}: missing {fields}").format(where=where, fields=", ".join(missing))
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
