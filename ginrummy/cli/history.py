"""``ginrummy replay``, and the history of finished games as the commands read and number it.

Games are numbered from 1, the oldest; ``replay --list``, ``replay N`` and ``stats`` all
count the same way.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..store import HistoryRecord, Store
from ..text.history import record_line
from ..text.i18n import _
from ..text.problems import problem_line
from .errors import UsageError, warning
from .output import out
from .play import launch_app

__all__ = ["load_history", "numbered", "run"]


def load_history() -> tuple[Path, list[HistoryRecord]]:
    """(the data folder, its finished games, oldest first); what the store had to set aside
    (a damaged history file, say) is printed as a warning."""
    store = Store()
    history = store.history()
    for problem in store.take_problems():
        warning(problem_line(problem))
    return store.root, history


def numbered(number: int, record: HistoryRecord) -> str:
    """A game's line in the lists: its number, right-aligned, and its summary."""
    return f"{number:>4}  {record_line(record)}"


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


def run(args: argparse.Namespace) -> int:
    folder, history = load_history()
    if not history:
        raise UsageError(
            _("no finished games in the history yet ({folder}): finish a game to replay it").format(
                folder=folder
            )
        )
    if args.list:
        for i, record in enumerate(history, 1):
            out(numbered(i, record))
        return 0
    number = len(history) if args.game is None else _game_number(args.game, len(history))
    launch_app(
        _("the replay cannot start: {problem}"),
        replay=number,
        ascii=True if args.ascii else None,
    )
    return 0
