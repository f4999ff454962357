"""A data file that was refused, in one sentence for the player."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from .i18n import N_, _

__all__ = ["FILE_WORDS", "problem_line"]

#: How the data files are named to the player (translated when shown).
FILE_WORDS = {
    "autosave.json": N_("The saved game"),
    "history.json": N_("The game history"),
    "settings.json": N_("The settings"),
    "ginrummy.db": N_("The database"),
}
#: How a record set aside in the database is named (one game, not the whole history).
RECORD_WORDS = {
    "autosave.json": N_("A saved game"),
    "history.json": N_("A finished game"),
    "settings.json": N_("The settings"),
}


class Problem(Protocol):
    """What the sentence needs of a refused file (the store's `Problem` has it)."""

    @property
    def file(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def moved_to(self) -> Path | None: ...
    @property
    def set_aside(self) -> bool: ...


def problem_line(problem: Problem) -> str:
    """One sentence: which file, what is wrong with it, where it was moved."""
    what = FILE_WORDS.get(problem.file)
    file = _(what) if what is not None else problem.file
    if problem.set_aside:
        what = RECORD_WORDS.get(problem.file)
        # TRANSLATORS: {file} is "A saved game", "A finished game" or "The settings".
        return _(
            "{file} could not be read ({reason}); it was set aside and everything else is kept."
        ).format(file=_(what) if what is not None else problem.file, reason=problem.reason)
    if problem.moved_to is not None:
        # TRANSLATORS: {file} is "The saved game", "The game history" or "The settings" (or a
        # file name); {reason} says what is wrong with it; {moved_to} is a file name.
        return _("{file} could not be read ({reason}); it was moved aside as {moved_to}.").format(
            file=file, reason=problem.reason, moved_to=problem.moved_to.name
        )
    return _("{file} could not be read ({reason}); it could not be moved aside.").format(
        file=file, reason=problem.reason
    )
