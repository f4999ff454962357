"""Statistics: the history of finished games summed up per opponent (as ``ginrummy stats``)."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core import Match
from ...core.record import Record
from ...store import Store
from ...store.stats import format_table
from ...text.history import record_line
from ...text.i18n import N_, _, ngettext
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language
from .replay import ReplayScreen

#: How many of the latest games the list offers (``ginrummy replay --list`` shows them all).
LIST_GAMES = 200


class StatsScreen(GinScreen[None]):
    """Games, rounds, gins, undercuts and streaks per opponent, and the finished games:
    Enter on one replays it; Escape goes back."""

    CSS_PATH = "stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
        Binding("tab", "app.focus_next", N_("Switch"), show=False),
        # TRANSLATORS: footer key of the statistics: review the game chosen in the list.
        Binding("r", "review", N_("Review")),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        count = self.store.history_count()
        table = self.store.stats()
        # The latest games only: the list is a page of the history's index.
        shown = self.store.history_page(max(1, count - LIST_GAMES + 1), LIST_GAMES)
        yield GameHeader()
        with VerticalScroll(id="stats"):
            yield Static(Text(format_table(table)), id="stats-table")
            if count:
                yield Static(
                    Text(
                        ngettext(
                            "{n} finished game in {folder}",
                            "{n} finished games in {folder}",
                            count,
                        ).format(n=count, folder=self.store.root),
                        style="dim",
                    )
                )
        if shown:
            games = OptionList(
                *(
                    Option(numbered(entry.number, record_line(entry)), id=str(entry.number))
                    for entry in reversed(shown)
                ),
                id="games",
            )
            # TRANSLATORS: the title of the list of finished games (~76 wide); keep "Enter".
            games.border_title = _("Finished games, latest first: Enter replays, r reviews")
            yield games
        yield LocalFooter()
        yield TooSmall()

    def retitle(self) -> None:
        self.sub_title = _("Statistics")

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_mount(self) -> None:
        self.retitle()
        games = self.query("#games")
        (games.first() if games else self.query_one("#stats")).focus()
        gin_app_of(self).report_problems()

    @on(OptionList.OptionSelected, "#games")
    def _replay(self, event: OptionList.OptionSelected) -> None:
        """Replay the game chosen over this screen (Escape comes back here)."""
        number = int(event.option.id or "0")
        record = self.store.history_record(number)
        if record is not None:
            ascii = gin_app_of(self).ascii
            self.app.push_screen(ReplayScreen(record, number, ascii=ascii))
        else:
            gin_app_of(self).report_problems()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return bool(self.query("#games"))
        return True

    def action_review(self) -> None:
        """Review the game chosen in the list (of a match, its last game)."""
        from ...store.reviews import review_key, seats_of
        from .review import ReviewScreen  # loads the evaluator: only when asked

        games = self.query_one("#games", OptionList)
        option = games.highlighted_option
        if option is None:
            return
        number = int(option.id or "0")
        record = self.store.history_record(number)
        if record is None:
            gin_app_of(self).report_problems()
            return
        obj = record.game
        game = obj.games[-1] if isinstance(obj, Match) else obj
        key = review_key(record.meta.id, len(obj.games) if isinstance(obj, Match) else 1)
        ascii = gin_app_of(self).ascii
        reviewed = Record(game, seats_of(record.meta))
        self.app.push_screen(ReviewScreen(reviewed, key, self.store, ascii=ascii))

    def action_close(self) -> None:
        self.dismiss(None)


def numbered(number: int, line: str) -> Table:
    """A finished game's line after its number; a line too long for the list (long names,
    long words) wraps under its own text, not under the number."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(f"{number:>3}", line)
    return grid
