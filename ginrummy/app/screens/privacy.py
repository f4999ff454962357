"""Hot-seat privacy: between turns, a screen with no cards until the next player is ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.widgets import Static

from ...text.i18n import N_, _
from ..widgets.footer import LocalFooter
from ..widgets.toosmall import TooSmall
from .base import GinScreen, recompose_in_language


class PrivacyScreen(GinScreen[None]):
    """ "Pass the keyboard to BEN — press Enter": hides the table until that player is ready."""

    CSS_PATH = "privacy.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer key on the screen between hot-seat turns (Enter).
        Binding("enter", "ready", N_("I am ready")),
        Binding("space", "ready", N_("Ready"), show=False),
        Binding("q", "app.quit_game", N_("Quit")),
        Binding("question_mark", "app.help", N_("Help")),
    ]

    def __init__(self, name: str | Callable[[], str], note: str | Callable[[], str] = "") -> None:
        """``name`` and ``note`` may be functions giving them in the current language."""
        super().__init__()
        self._who = name
        self._told = note

    @property
    def player_name(self) -> str:
        """The next player's name, as shown now."""
        return self._who() if callable(self._who) else self._who

    @property
    def note(self) -> str:
        """What the other player just did, in the current language."""
        return self._told() if callable(self._told) else self._told

    def compose(self) -> ComposeResult:
        name, note = self.player_name, self.note
        text = Text(justify="center")
        # TRANSLATORS: the screen between hot-seat turns; the next player's name follows
        # on a line of its own.
        text.append(_("Pass the keyboard to") + "\n\n", style="dim")
        text.append(name.upper(), style="bold reverse")
        text.append("\n\n")
        if note:
            text.append(note + "\n\n", style="italic")
        text.append(_("No cards are shown until you press Enter (or click here)."), style="dim")
        with Middle(), Center():
            yield Static(text, id="privacy-card")
        yield LocalFooter()
        yield TooSmall()

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
