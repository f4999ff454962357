"""The hint (`h`) at the table: the advice, once computed off the UI thread, shown.

The suggested card is marked in the hand; the selection stays where it was, and the
reasons that fit go on the status line's two lines (`text.hints.advice_text` leaves out
the least telling ones). An answer for a moment gone by is dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...core import Discard, Knock
from ...text.hints import advice_text
from ...text.i18n import _
from ..messages import HintReady

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.widgets import Static

    from ..model.table import HintRequest, TableModel


#: Cells a two-line status line may lose at its wrap (a long word moved down whole).
WRAP_SLACK = 12


class Table(Protocol):
    """What showing a hint needs of the table screen (`TableScreen` is one)."""

    model: TableModel
    hint: str
    message_box: Static

    @property
    def size(self) -> Size: ...

    @property
    def is_mounted(self) -> bool: ...

    def show_message(self, text: str, *, error: bool = False) -> None: ...

    def refresh_table(self) -> None: ...


def hint_for(request: HintRequest) -> HintReady:
    """The advice for ``request`` (computed where this is called: a worker's thread), or
    the name of the error the advisor raised (a bot's bug must not end the game)."""
    try:
        advice = request.advisor.advise(request.view)
    except Exception as exc:
        return HintReady(None, type(exc).__name__, request.moment)
    return HintReady(advice, "", request.moment)


def message_room(table: Table) -> int:
    """How many cells the status line's two lines hold."""
    width = table.message_box.size.width if table.is_mounted else 0
    return 2 * (width or table.size.width or 80)


def show_hint(table: Table, message: HintReady) -> None:
    """Show the advice a hint worker found, if it is for the moment still at the table."""
    if message.moment != table.model.moment() or table.model.acting_seat is None:
        return
    advice = message.advice
    if advice is None:
        table.show_message(
            _("No hint this time ({error}).").format(error=message.error), error=True
        )
        return
    # The suggested card is marked in the hand; the selection stays where it was
    # (Enter plays the card the player chose, never one the hint moved to).
    action = advice.action
    table.model.hinted = action.card if isinstance(action, Discard | Knock) else None
    # A line wraps at a word: leave room for the longest word that moves to the next line.
    room = message_room(table) - len(_("Hint: {reason}").format(reason="")) - WRAP_SLACK
    reason = advice_text(advice, room)
    table.hint = reason
    line = _("Hint: {reason}").format(reason=reason)
    # The whole sentence on the status line (two lines if need be), never repeated in a
    # toast over the hand.
    table.show_message(line)
    table.refresh_table()
