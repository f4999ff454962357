"""A finished game as one line of a list: the date, the opponent, the score, who won.

Used by the statistics screen's list and ``ginrummy replay --list``. The person who
played against the computer, or joined an online table, reads "you won" rather than their
default name, so no language has to agree a verb with "You".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .i18n import _, ngettext
from .names import display_name, level_label, say

__all__ = ["record_line"]


class _Meta(Protocol):
    @property
    def mode(self) -> str: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def level(self) -> str: ...


class HistoryRecord(Protocol):
    """What a line needs of a finished game (the store's record and its list entry have it)."""

    @property
    def meta(self) -> _Meta: ...
    @property
    def finished(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def is_match(self) -> bool: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def totals(self) -> tuple[int, int] | None: ...
    @property
    def round_count(self) -> int: ...


def record_line(record: HistoryRecord) -> str:
    """One line for lists (`result_line`), marked when a move was taken back (undo)."""
    line = result_line(record)
    if getattr(record, "undo", False):
        # TRANSLATORS: after a finished game in a list and in the replay's title: the
        # player took a move back (the undo key) in it. Short: lines must fit 80 columns.
        line += ", " + _("with undo")
    return line


def result_line(record: HistoryRecord) -> str:
    """One line for lists, e.g. ``2024-05-01  vs simple: Ann 100-37 Computer, you won, 5 rounds``.

    ``record`` is the store's record of the game (anything with its fields will do).
    """
    meta = record.meta
    a, b = (display_name(name) for name in meta.names)
    against_computer = meta.mode == "computer"
    who = (
        # TRANSLATORS: who the game was against: {level} is the computer's level
        # (simple, expert); "hot-seat" is two people at one keyboard.
        _("vs {level}").format(level=level_label(meta.level or "simple"))
        if against_computer
        # TRANSLATORS: who a finished game was against: the other player of an online game.
        else _("online vs {name}").format(name=(a, b)[1 - (getattr(meta, "seat", None) or 0)])
        if meta.mode == "online"
        else _("hot-seat")
    )
    # A game's final totals with the bonuses, as the game-over screen said them (its
    # points alone if the totals are unknown); a match's games won.
    x, y = record.totals or record.score
    if record.is_match:
        # TRANSLATORS: a match's result in games won, e.g. "Ann 2-1 Computer (games)".
        score = _("{a} {x}-{y} {b} (games)").format(a=a, x=x, y=y, b=b)
    else:
        score = f"{a} {x}-{y} {b}"
    n = record.round_count
    rounds = ngettext("{n} round", "{n} rounds", n).format(n=n)
    date = record.finished[:10]
    winner = record.winner
    if winner is None:
        return _("{date}  {opponent}: {score}, {rounds}").format(
            date=date, opponent=who, score=score, rounds=rounds
        )
    # Online, the record of a player who joined knows their seat (the host's does not say
    # whether the host played or only served the table).
    yours = 0 if against_computer else getattr(meta, "seat", None)
    if getattr(record, "forfeit", None) is not None:
        # Online, the other player was away longer than the host allowed.
        if winner == yours:
            # TRANSLATORS: one finished online match in a list, won by the person reading
            # it because the other player was away too long (a forfeit).
            return _("{date}  {opponent}: {score}, you won by forfeit, {rounds}").format(
                date=date, opponent=who, score=score, rounds=rounds
            )
        # TRANSLATORS: one finished online match in a list, won by {winner} (a player's
        # name) because the other player was away too long (a forfeit).
        return _("{date}  {opponent}: {score}, {winner} won by forfeit, {rounds}").format(
            date=date, opponent=who, score=score, winner=(a, b)[winner], rounds=rounds
        )
    if winner == yours:
        # TRANSLATORS: one finished game in a list, won by the person reading it, e.g.
        # "2024-05-01  vs simple: Ann 100-37 Computer, you won, 5 rounds".
        return _("{date}  {opponent}: {score}, you won, {rounds}").format(
            date=date, opponent=who, score=score, rounds=rounds
        )
    return say(
        # TRANSLATORS: one finished game in a list, e.g. "2024-05-01  hot-seat: Ann 100-37
        # Ben, winner: Ann, 5 rounds". {winner} is a player's name.
        _("{date}  {opponent}: {score}, {winner} won, {rounds}"),
        date=date,
        opponent=who,
        score=score,
        winner=(a, b)[winner],
        rounds=rounds,
    )
