"""``ginrummy replay``, and the history of finished games as the commands read and number it.

Games are numbered from 1, the oldest; ``replay --list``, ``replay N`` and ``stats`` all
count the same way. The lists read the history's index page by page, never all of it.
"""

from __future__ import annotations

import argparse

from ..store import HistoryEntry, HistoryRecord, NewerDatabase, Store
from ..text.history import record_line
from ..text.i18n import _
from ..text.problems import problem_line
from .errors import UsageError, warning
from .output import out
from .play import launch_app, require_terminal

__all__ = ["PAGE", "history_game", "numbered", "open_store", "report", "run"]

#: How many games the list reads from the database at a time.
PAGE = 500


def open_store() -> Store:
    """The data folder's store, opened; a database from a newer ginrummy is one error line
    (it is left untouched)."""
    store = Store()
    try:
        store.check()
    except NewerDatabase as exc:
        raise UsageError(str(exc)) from None
    report(store)
    return store


def report(store: Store) -> None:
    """What the store had to set aside (a damaged record, say), as warnings."""
    for problem in store.take_problems():
        warning(problem_line(problem))


def numbered(entry: HistoryEntry) -> str:
    """A game's line in the lists: its number, right-aligned, and its summary."""
    return f"{entry.number:>4}  {record_line(entry)}"


def _game_number(text: str, count: int) -> int:
    try:
        number = int(text.strip())
    except ValueError:
        raise UsageError(
            _("the game number must be a whole number, not {text}").format(text=repr(text))
        ) from None
    if not 1 <= number <= count:
        if count == 1:
            message = _(
                "there is no game {number} in the history: choose game 1"
                " (ginrummy replay --list shows them)"
            )
        else:
            message = _(
                "there is no game {number} in the history: choose 1 (the oldest) to {count}"
                " (the latest) (ginrummy replay --list shows them)"
            )
        raise UsageError(message.format(number=number, count=count))
    return number


def _empty_history(folder: object) -> UsageError:
    """The one error line for a command that needs a finished game when there is none."""
    return UsageError(
        _("no finished games in the history yet ({folder}): finish a game first").format(
            folder=folder
        )
    )


def history_game(text: str | None) -> tuple[int, HistoryRecord]:
    """Game ``text`` of the history (None: the latest) with its number; a missing game or
    an empty history is one error line."""
    store = open_store()
    try:
        count = store.history_count()
        if not count:
            raise _empty_history(store.root)
        number = count if text is None else _game_number(text, count)
        record = store.history_record(number)
        report(store)
    finally:
        store.close()
    if record is None:
        raise UsageError(
            _("game {number} of the history is damaged and was set aside").format(number=number)
        )
    return number, record


def _export(args: argparse.Namespace) -> int:
    from .gamefiles import history_records, is_file_argument, read_records, write_records

    if is_file_argument(args.game):
        write_records(args.export, read_records(args.game))
        return 0
    number, record = history_game(args.game)
    write_records(args.export, history_records(record, number))
    return 0


def _replay_file(args: argparse.Namespace) -> int:
    """Replay the first game of a game record file."""
    from .gamefiles import history_record_of, read_records

    require_terminal()
    records = read_records(args.game)
    launch_app(
        _("the replay cannot start: {problem}"),
        replay=history_record_of(records[0]),
        ascii=True if args.ascii else None,
    )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.export is not None:
        return _export(args)
    from .gamefiles import is_file_argument

    if not args.list and is_file_argument(args.game):
        return _replay_file(args)
    if not args.list:
        require_terminal()
    store = open_store()
    count = store.history_count()
    if not count:
        raise _empty_history(store.root)
    if args.list:
        for entry in store.history_entries(1, PAGE):
            out(numbered(entry))
        report(store)
        return 0
    number = count if args.game is None else _game_number(args.game, count)
    store.close()
    launch_app(
        _("the replay cannot start: {problem}"),
        replay=number,
        ascii=True if args.ascii else None,
    )
    return 0
