"""Statistics: the history of finished games summed up per opponent (as ``ginrummy stats``)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from ...stats import compute, format_table
from ...storage import Store
from ..widgets.table import TooSmall


class StatsScreen(Screen[None]):
    """Games, rounds, gins, undercuts and streaks per opponent, and the finished games:
    Enter on one replays it; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("tab", "app.focus_next", "Switch", show=False),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        history = self.store.history()
        table = compute(history)
        yield Header()
        with VerticalScroll(id="stats"):
            yield Static(Text(format_table(table)), id="stats-table")
            if history:
                yield Static(
                    Text(
                        f"{len(history)} finished games in {self.store.root}",
                        style="dim",
                    )
                )
        if history:
            games = OptionList(
                *(
                    Option(f"{n:>3}  {record.summary()}", id=str(n))
                    for n, record in reversed(list(enumerate(history, 1)))
                ),
                id="games",
            )
            games.border_title = "Finished games, latest first: Enter replays"
            yield games
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "Statistics"
        games = self.query("#games")
        (games.first() if games else self.query_one("#stats")).focus()
        self.app.report_problems()  # type: ignore[attr-defined]

    @on(OptionList.OptionSelected, "#games")
    def _replay(self, event: OptionList.OptionSelected) -> None:
        number = int(event.option.id or "0")
        self.app.open_replay(number)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)
