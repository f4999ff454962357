"""The move log: what happened at the table, as data.

`MoveLog` keeps each line as a function giving it (the sentences are in
`ginrummy.text.moves`), so the whole log can be written again when the language changes.
No Textual or Rich here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ...core import Event, EventKind


class LineKind(Enum):
    """What a log line is, so the screen can set it apart (a round's opening in bold)."""

    #: The break before a round's lines (the screen draws it as a rule the log's width).
    RULE = "rule"
    OPENING = "opening"
    NOTE = "note"
    MOVE = "move"
    #: The round's result and the totals after it (the round's last line).
    RESULT = "result"


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its kind and a function giving it in the current language."""

    kind: LineKind
    text: Callable[[], str]


class MoveLog:
    """The lines of the log so far, and the last sentence (the note on the privacy screen)."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        #: The last line worth repeating when the keyboard changes hands.
        self.last: Callable[[], str] = str

    def add(self, kind: LineKind, text: Callable[[], str]) -> LogLine:
        """Add a line (and keep it as the last one if it tells a move or a deal)."""
        line = LogLine(kind, text)
        self.lines.append(line)
        if kind not in (LineKind.NOTE, LineKind.RULE, LineKind.RESULT):
            self.last = text
        return line

    def clear(self) -> None:
        self.lines.clear()


def turns_of(history: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """The history cut into turns: (index of the turn's first event, its events).

    A dead round's event (no player) ends the turn before it.
    """
    turns: list[tuple[int, list[Event]]] = []
    for i, ev in enumerate(history):
        if ev.player is None:
            if ev.kind is EventKind.DEAD and turns:
                turns[-1][1].append(ev)
            continue
        if turns and turns[-1][1][0].player == ev.player:
            turns[-1][1].append(ev)
        else:
            turns.append((i, [ev]))
    return turns


def logged_events(history: Sequence[Event]) -> list[Event]:
    """The events a turn's sentence tells: the players' and a dead round."""
    return [e for e in history if e.player is not None or e.kind is EventKind.DEAD]
