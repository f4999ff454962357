"""Settings: your name, the pace of the computer's moves, ASCII cards and the theme.

Every change is applied and saved at once (the name when you leave the screen or press
Enter in it); Escape goes back. ASCII mode applies to the start screen at once and to
every table opened from then on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from ...storage import MAX_NAME, StorageError, check_name
from ..widgets.table import TooSmall
from .base import gin_app_of

if TYPE_CHECKING:
    pass


class SettingsScreen(Screen[None]):
    """A small form of the settings kept between sessions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("f7", "close", "Back", show=False),
    ]

    gin_app = property(gin_app_of)

    def compose(self) -> ComposeResult:
        from ..app import PACES, pace_word

        app = self.gin_app
        yield Header()
        with Vertical(id="settings"):
            with Vertical(classes="panel", id="settings-panel") as panel:
                panel.border_title = "Settings"
                with Grid(id="settings-form"):
                    yield Label("Your name")
                    yield Input(
                        value=app.settings.name,
                        placeholder="You",
                        max_length=MAX_NAME,
                        compact=True,
                        id="settings-name",
                    )
                    yield Label("Computer's pace")
                    yield Select(
                        [(f"{word} ({sec:g} s a move)", word) for word, sec in PACES],
                        value=pace_word(app.computer_delay),
                        allow_blank=False,
                        compact=True,
                        id="pace",
                    )
                    yield Label("ASCII cards")
                    yield Checkbox(
                        "suits as letters: AS TD (from the next table)",
                        value=app.ascii,
                        compact=True,
                        id="ascii",
                    )
                    yield Label("Theme")
                    yield Select(
                        [(name, name) for name in sorted(app.available_themes)],
                        value=app.theme,
                        allow_blank=False,
                        compact=True,
                        id="theme",
                    )
                yield Static(
                    Text(
                        "Changes are saved at once and kept for the next time. The start"
                        " screen remembers the opponent, level and rules of your last game.",
                        style="dim",
                    ),
                    id="settings-note",
                )
            with Horizontal(id="settings-buttons"):
                yield Button("Done (Esc)", id="done", variant="primary", compact=True)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self.query_one("#settings-name", Input).focus()

    # --- changes ----------------------------------------------------------------------
    @on(Select.Changed, "#pace")
    def _pace(self, event: Select.Changed) -> None:
        from ..app import PACES

        seconds = dict(PACES).get(str(event.value))
        if seconds is not None:
            self.gin_app.computer_delay = seconds
            self.gin_app.update_settings(pace=seconds)

    @on(Checkbox.Changed, "#ascii")
    def _ascii(self, event: Checkbox.Changed) -> None:
        self.gin_app.ascii = event.value
        self.gin_app.update_settings(ascii=event.value)

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        theme = event.value
        if isinstance(theme, str) and theme in self.app.available_themes:
            self.app.theme = theme  # saved by the app's theme watcher

    def save_name(self) -> bool:
        """Keep the name typed; False (with a message) if it cannot be used."""
        name = self.query_one("#settings-name", Input).value.strip()
        if name:
            try:
                check_name(name, "The name")
            except StorageError as exc:
                self.notify(f"{exc}.", severity="error")
                return False
        self.gin_app.update_settings(name=name)
        return True

    @on(Input.Submitted, "#settings-name")
    def _name_done(self) -> None:
        if self.save_name():
            self.query_one("#pace", Select).focus()

    @on(Button.Pressed, "#done")
    def action_close(self) -> None:
        if self.save_name():
            self.dismiss(None)
