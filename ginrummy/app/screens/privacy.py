"""Hot-seat privacy: between turns, a screen with no cards until the next player is ready."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..widgets.table import TooSmall


class PrivacyScreen(Screen[None]):
    """ "Pass the keyboard to BEN — press Enter": hides the table until that player is ready."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready"),
        Binding("space", "ready", "Ready", show=False),
        Binding("q", "app.quit_game", "Quit"),
        Binding("question_mark", "app.help", "Help"),
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.note = note

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append("Pass the keyboard to\n\n", style="dim")
        text.append(self.player_name.upper(), style="bold reverse")
        text.append("\n\n")
        if self.note:
            text.append(self.note + "\n\n", style="italic")
        text.append("No cards are shown until you press Enter (or click here).", style="dim")
        with Middle(), Center():
            yield Static(text, id="privacy-card")
        yield Footer()
        yield TooSmall()

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
