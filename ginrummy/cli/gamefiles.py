"""Game records for the commands: a history game as records, record files read and written.

`history_records` turns a game of the history into `ginrummy.core.record.Record` objects
(one per game: a match gives several); `read_records` reads a record file (one JSON
object or JSON lines) with every problem one `UsageError` line; `write_records` writes
``.jsonl``.
"""

from __future__ import annotations

from pathlib import Path

from ..core.game import Game, Match
from ..core.record import Record, RecordError, Seat, dumps_many, loads_many
from ..store import GameMeta, HistoryRecord
from ..store.reviews import seats_of
from ..text.errors import describe
from ..text.i18n import _
from .errors import UsageError

__all__ = [
    "history_record_of",
    "history_records",
    "is_file_argument",
    "read_records",
    "write_records",
]

#: A record file larger than this is refused rather than read into memory.
MAX_FILE_BYTES = 256 * 1024 * 1024


def _seats(record: HistoryRecord) -> tuple[Seat, Seat]:
    return seats_of(record.meta)


def history_records(record: HistoryRecord, number: int) -> list[Record]:
    """Every game of history game ``number`` as a record (a match: one per game)."""
    seats = _seats(record)
    obj = record.game
    games: list[Game] = obj.games if isinstance(obj, Match) else [obj]
    out = []
    for i, game in enumerate(games, 1):
        extra: dict[str, object] = {"history": number, "finished": record.finished}
        if len(games) > 1:
            extra["match_game"] = i
        out.append(Record(game, seats, extra))
    return out


def is_file_argument(text: str | None) -> bool:
    """Whether a command's game argument names a file rather than a game's number: not a
    number, and a file that exists or a name with a dot or a slash (``two`` is a bad
    number, ``two.jsonl`` a missing file)."""
    if text is None or text.strip().lstrip("-").isdigit():
        return False
    return Path(text).exists() or any(c in text for c in "./\\")


def history_record_of(record: Record) -> HistoryRecord:
    """A game record as the replay screen reads a game of the history: against the
    computer when a bot sat at seat 1 (or both seats were bots), online when a seat was
    remote, else hot-seat."""
    seats = record.seats
    names = (seats[0].name, seats[1].name)
    kinds = {s.kind for s in seats}
    if "remote" in kinds:
        me = 0 if seats[0].kind != "remote" else 1
        meta = GameMeta("online", names, "", seat=me)
    elif seats[1].kind == "bot":
        meta = GameMeta("computer", names, seats[1].level or "")
    else:
        meta = GameMeta("hotseat", names, "")
    finished = record.extra.get("finished")
    return HistoryRecord(meta, finished if isinstance(finished, str) else "", record.game)


def read_records(path: str) -> list[Record]:
    """The records of a file; a missing, unreadable or damaged file is one error line."""
    file = Path(path)
    try:
        if file.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(_("{file}: the file is too large for a game record").format(file=path))
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(_("{file}: no such file").format(file=path)) from None
    except UnicodeDecodeError:
        raise UsageError(_("{file}: not a text file").format(file=path)) from None
    except OSError as exc:
        raise UsageError(
            _("{file}: cannot be read: {problem}").format(file=path, problem=exc.strerror or exc)
        ) from None
    try:
        return loads_many(text)
    except RecordError as exc:
        raise UsageError(
            _("{file}: not a readable game record: {problem}").format(
                file=path, problem=describe(exc)
            )
        ) from None


def write_records(path: str, records: list[Record]) -> None:
    """Write ``records`` as JSON lines (``-``: standard output)."""
    text = dumps_many(records)
    if path == "-":
        from .output import out

        out(text.rstrip("\n"))
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(
            _("{file}: cannot be written: {problem}").format(file=path, problem=exc.strerror or exc)
        ) from None
