"""Statistics: the history of finished games summed up per opponent (as ``ginrummy stats``)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ...stats import compute, format_table
from ...storage import Store
from ..widgets.table import TooSmall


class StatsScreen(Screen[None]):
    """Games, rounds, gins, undercuts and streaks per opponent; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
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
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "Statistics"
        self.query_one("#stats").focus()
        self.app.report_problems()  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)
